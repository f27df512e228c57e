// Two checks against a verdict the reviewer did not reach itself (issue 6).
//
// `verdictLikeLines`: lines of the diff that look like verdicts (the sentinel, `VERDICT:`, a bare
// APPROVE). They cannot approve anything — the fence keeps them data and the round token makes them the
// wrong shape — but a PR carrying them is trying something, or is about this very gate, and a person
// reading the summary should know.
//
// `replyEcho`: a reply that is not a review but a copy. verdict-contract's self-poisoning case: a model
// that echoes its prompt ends on the prompt's last lines, the reply rule, whose example lines are
// verdict-shaped; a model that ends by quoting a hunk ends on whatever the diff's author wrote. The
// lead treats a reply flagged here as a hold, whatever verdict it parses to. The checks are textual and
// erring towards a hold: a false echo costs a person a look, a missed one can ship a forged approve.
// Pure.
import type { DiffFile } from "../diff/types.js";
import { defined } from "../util/defined.js";
import { replyLines, stripPythonSpace } from "../verdict/reply-contract.js";

const SENTINEL_LIKE = /={2,}\s*VERDICT\s*={2,}/i;
const LABELLED = /\bVERDICT\s*[:=]/i;
const BARE_WORD = /^[\s\W]*(APPROVE|APPROVED|REQUEST_CHANGES|REQUEST CHANGES)[\s\W]*$/i;

/** Whether one line of text reads like a verdict. */
export function isVerdictLike(line: string): boolean {
  return SENTINEL_LIKE.test(line) || LABELLED.test(line) || BARE_WORD.test(line);
}

export interface VerdictLikeLine {
  readonly path: string;
  /** Where in the diff: an added, removed or context line, or the file's own name. */
  readonly kind: "add" | "del" | "context" | "path";
  /** New-file line (add, context) or old-file line (del). */
  readonly line?: number;
  readonly text: string;
}

/** Every verdict-like line in the files' hunks, and any file whose name is one. */
export function verdictLikeLines(files: readonly DiffFile[]): VerdictLikeLine[] {
  const found: VerdictLikeLine[] = [];
  for (const file of files) {
    for (const name of [file.path, file.previousPath]) {
      if (name !== undefined && isVerdictLike(name))
        found.push({ path: file.path, kind: "path", text: name });
    }
    for (const hunk of file.hunks) {
      for (const line of hunk.lines) {
        if (line.kind === "note" || !isVerdictLike(line.text)) continue;
        const at = line.kind === "del" ? line.oldLine : line.newLine;
        found.push({
          path: file.path,
          kind: line.kind,
          ...defined({ line: at }),
          text: line.text,
        });
      }
    }
  }
  return found;
}

export interface EchoFinding {
  readonly kind: "prompt-echo" | "quotes-untrusted";
  readonly detail: string;
}

/** Lines of our own prompt long and specific enough that a reviewer has no reason to repeat them. */
const ECHO_MIN_LINE = 40;
/** Lines shorter than this (`}`, `end`, blank) are too common to count as a quote. */
const QUOTE_MIN_LINE = 8;
/** How many of the reply's last non-blank lines are checked for quotes. */
const TAIL = 3;

// Lines are cut and trimmed exactly as the reply contract's parser cuts and trims them (Python's
// splitlines and strip), so "the last line" here is the parser's last non-blank line: a reply that
// hides its end behind U+2028, \v, U+0085 or a U+001F "blank" line cannot move it.
const strip = stripPythonSpace;
const normalise = (line: string) => strip(line.replace(/^[+\- ]/, ""));

/** The prompt split into the gate's own instruction lines and the fenced (untrusted) lines, by the
 * fence id: a line carrying the id opens or closes a block, and nothing inside a block can carry it.
 * The conditions section is neither: a reviewer may rightly quote a criterion it finds violated. */
export function promptParts(prompt: { readonly text: string; readonly fenceId: string }): {
  own: string[];
  untrusted: string[];
} {
  const own: string[] = [];
  const untrusted: string[] = [];
  let inside = false;
  let conditions = false;
  for (const line of prompt.text.split("\n")) {
    if (line.includes(prompt.fenceId)) {
      inside = line.startsWith("<<<BEGIN ");
      continue;
    }
    if (inside) {
      untrusted.push(line);
      continue;
    }
    // The conditions and the project's guidelines are the repository's rules, which a reviewer may
    // rightly quote when it finds one broken; a context block's heading names a path and lines.
    if (line.startsWith("## ")) conditions = line === "## Conditions" || line === "## Project guidelines";
    if (!conditions && !line.startsWith('### "')) own.push(line);
  }
  return { own, untrusted };
}

/** Why `reply` looks like a copy of its prompt or ends by quoting untrusted text; undefined if not. */
export function replyEcho(
  reply: string,
  prompt: { readonly text: string; readonly fenceId: string },
): EchoFinding | undefined {
  if (reply.toLowerCase().includes(prompt.fenceId.toLowerCase())) {
    return { kind: "prompt-echo", detail: "repeats the prompt's fence markers" };
  }
  const parts = promptParts(prompt);
  const echoed = parts.own.map((l) => l.trim()).find((l) => l.length >= ECHO_MIN_LINE && reply.includes(l));
  if (echoed !== undefined) {
    return { kind: "prompt-echo", detail: `repeats the prompt ("${echoed.slice(0, 80)}")` };
  }
  const quotable = new Set<string>();
  // An untrusted line holding a rare break (U+2028…) is several lines to the parser, so it is cut the
  // same way here before it is compared with the reply's lines.
  for (const raw of parts.untrusted.flatMap(replyLines)) {
    for (const l of [strip(raw), normalise(raw)]) if (l !== "") quotable.add(l);
  }
  const tail = replyLines(reply)
    .map(strip)
    .filter((l) => l !== "")
    .slice(-TAIL);
  const last = tail[tail.length - 1];
  if (last !== undefined && (quotable.has(last) || quotable.has(normalise(last)))) {
    return {
      kind: "quotes-untrusted",
      detail: `ends on a line of the pull request's own text ("${last.slice(0, 80)}")`,
    };
  }
  const quoted = tail.filter(
    (l) => l.length >= QUOTE_MIN_LINE && (quotable.has(l) || quotable.has(normalise(l))),
  );
  if (quoted.length >= 2) {
    return {
      kind: "quotes-untrusted",
      detail: `ends by quoting the pull request's own text (${quoted.length} of its last ${tail.length} lines)`,
    };
  }
  return undefined;
}
