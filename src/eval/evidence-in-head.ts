// A defect's `evidence` is code as it reads at the case's head: `--reach` asks whether a reviewer was
// shown it. Evidence the head does not hold can never be shown, so such a case read as "not reached"
// and lowered the figure for a labelling mistake. It is the case.json that is wrong: the set is
// invalid (exit 2, before anyone is asked), naming the text and the file. Compared as --reach compares
// shown lines (review/shown.ts): line by line, whitespace at the end of a line not counting. Pure.
import type { AppliedTree } from "../diff/apply.js";
import type { EvalCase } from "./case-schema.js";

const normal = (line: string) => line.replace(/\s+$/, "");

function linesOf(text: string): string[] {
  return text
    .replace(/\r?\n$/, "")
    .split("\n")
    .map(normal);
}

/** Whether `wanted` stands in `lines` as a contiguous run. */
function holds(lines: readonly string[], wanted: readonly string[]): boolean {
  for (let start = 0; start + wanted.length <= lines.length; start += 1)
    if (wanted.every((line, k) => lines[start + k] === line)) return true;
  return false;
}

/** Why the case's evidence is not all in its head (the first text that is not), or undefined. */
export function evidenceNotInHead(c: EvalCase, head: AppliedTree): string | undefined {
  for (const [i, defect] of (c.defects ?? []).entries()) {
    for (const [j, e] of (defect.evidence ?? []).entries()) {
      const where = `defects.${i}.evidence.${j}`;
      const shown = JSON.stringify(e.text.length > 120 ? `${e.text.slice(0, 120)}…` : e.text);
      if (head.unknown.has(e.path))
        return `${where}: ${e.path} is not text the diff can rebuild (${head.unknown.get(e.path)}), so its text ${shown} cannot be shown`;
      const bytes = head.files.get(e.path);
      if (bytes === undefined)
        return `${where}: the text ${shown} is in ${e.path}, which the case's head does not have`;
      const text = new TextDecoder("utf-8").decode(bytes);
      if (!holds(linesOf(text), linesOf(e.text)))
        return `${where}: the text ${shown} is not in the head's ${e.path} (evidence is code as it reads at the head, after change.diff)`;
    }
  }
  return undefined;
}
