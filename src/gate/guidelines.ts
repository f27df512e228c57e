// The project's rules for changes, as the contract names them (`review_guidelines`): read from the base
// commit through the GitHub port, like the contract itself, so that a pull request that edits AGENTS.md
// does not change what the reviewer is told. Bounded: each file and all of them together are cut to a
// size the prompt can carry (GUIDELINE_BYTES, GUIDELINES_BYTES), and a cut is said in the prompt and the
// summary. A file that is missing or cannot be read is named in the summary; the round goes on without
// it (guidelines shape the review, they decide nothing a reviewer's reply does not).
import type { ChangeSource } from "../ports/change.js";
import { GUIDELINE_BYTES, GUIDELINES_BYTES, type Guideline } from "../review/prompt.js";

/** A guideline file read at most (the contents API's inline limit): past it, the file is unreadable. */
const GUIDELINE_READ_BYTES = 1024 * 1024;

export interface ReadGuidelines {
  readonly guidelines: readonly Guideline[];
  /** For the summary: what was read, cut or left out. */
  readonly notes: readonly string[];
}

/** The first `bytes` bytes of `text` as UTF-8, never splitting a character. */
function firstBytes(text: string, bytes: number): string {
  const encoded = Buffer.from(text, "utf8");
  if (encoded.byteLength <= bytes) return text;
  return new TextDecoder("utf-8", { fatal: false }).decode(encoded.subarray(0, bytes)).replace(/\uFFFD$/, "");
}

export async function readGuidelines(
  source: Pick<ChangeSource, "atBase">,
  paths: readonly string[],
): Promise<ReadGuidelines> {
  const guidelines: Guideline[] = [];
  const notes: string[] = [];
  let left = GUIDELINES_BYTES;
  for (const path of paths) {
    if (left <= 0) {
      notes.push(
        `review_guidelines: ${path} was not shown: the guidelines before it fill the ${GUIDELINES_BYTES.toLocaleString("en-US")} bytes the prompt gives them.`,
      );
      continue;
    }
    // Read whole up to a size no guideline file reaches, then cut: a long file is shown in part, not
    // refused as unreadable.
    const file = await source.atBase(path, { maxBytes: GUIDELINE_READ_BYTES });
    if (file.kind !== "found") {
      notes.push(
        `review_guidelines: ${path} ${file.kind === "missing" ? "does not exist at the base commit" : `cannot be read at the base commit: ${file.message}`}; the reviewer was not shown it.`,
      );
      continue;
    }
    const size = Buffer.byteLength(file.text, "utf8");
    const cap = Math.min(GUIDELINE_BYTES, left);
    const text = firstBytes(file.text, cap);
    left -= Buffer.byteLength(text, "utf8");
    guidelines.push({ path, text, ...(text.length < file.text.length ? { cutFrom: size } : {}) });
    if (text.length < file.text.length)
      notes.push(
        `review_guidelines: only the first ${cap.toLocaleString("en-US")} bytes of ${path} were shown.`,
      );
  }
  return { guidelines, notes };
}
