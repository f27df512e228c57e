// A defect's `evidence` is code as it reads at the case's head: `--reach` asks whether a reviewer was
// shown it. Evidence the head does not hold can never be shown, so such a case read as "not reached"
// and lowered the figure for a labelling mistake. It is the case.json that is wrong: the set is
// invalid (exit 2, before anyone is asked), naming the text and the file. Matched by --reach's own
// rule (review/shown.ts): the head's file as if every line were shown, names in NFC. Pure.
import type { AppliedTree } from "../diff/apply.js";
import { isShown, type ShownLines } from "../review/shown.js";
import { nameKey } from "../util/path-name.js";
import { defectsOf, type EvalCase } from "./case-schema.js";

/** The head's file that `path` names, compared as the gate compares names (NFC). */
function headEntry<T>(files: ReadonlyMap<string, T>, path: string): T | undefined {
  const exact = files.get(path);
  if (exact !== undefined) return exact;
  const key = nameKey(path);
  for (const [name, value] of files) if (nameKey(name) === key) return value;
  return undefined;
}

/** Every line of `text`, numbered from 1, as shown.ts keeps a file it was shown whole. A trailing
 * newline ends the last line; it adds no empty one. */
function wholeFile(path: string, text: string): ShownLines {
  const lines = text.replace(/\r?\n$/, "").split("\n");
  return new Map([[nameKey(path), new Map(lines.map((line, i) => [i + 1, line]))]]);
}

/** Why the case's evidence is not all in its head (the first text that is not), or undefined. */
export function evidenceNotInHead(c: EvalCase, head: AppliedTree): string | undefined {
  for (const [i, defect] of defectsOf(c).entries()) {
    for (const [j, e] of (defect.evidence ?? []).entries()) {
      const where = `defects.${i}.evidence.${j}`;
      const shown = JSON.stringify(e.text.length > 120 ? `${e.text.slice(0, 120)}…` : e.text);
      const unknown = headEntry(head.unknown, e.path);
      if (unknown !== undefined)
        return `${where}: ${e.path} is not text the diff can rebuild (${unknown}), so its text ${shown} cannot be shown`;
      const bytes = headEntry(head.files, e.path);
      if (bytes === undefined)
        return `${where}: the text ${shown} is in ${e.path}, which the case's head does not have`;
      const text = new TextDecoder("utf-8").decode(bytes);
      if (!isShown(wholeFile(e.path, text), e.path, e.text))
        return `${where}: the text ${shown} is not in the head's ${e.path} (evidence is code as it reads at the head, after change.diff)`;
    }
  }
  return undefined;
}
