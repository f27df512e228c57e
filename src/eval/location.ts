// "Caught at the defect", decided without a judge model: a block counts as catching the labelled
// defect when one of the reviewer's BLOCKING findings names a labelled file (compared as the gate
// compares names, in NFC, case and all) at a line within NEAR_LINES of a labelled line. A block for any
// other reason — a finding elsewhere, a finding with no line, a failed criterion — is a block, but not a
// catch: a gate that blocks every change would otherwise score as a perfect catcher. Pure.
import { nameKey } from "../util/path-name.js";
import { findingPathSpellings } from "../verdict/findings.js";
import type { Defect } from "./case-schema.js";

/** How far from a labelled line a finding may point and still be at the defect. */
export const NEAR_LINES = 3;

/** What a finding says of where, as the reply contract reads it. */
export interface FindingPlace {
  readonly path: string;
  readonly line?: number;
  readonly endLine?: number;
}

/** Whether a finding points within NEAR_LINES of the defect's lines, in its file. A finding's range
 * (`path:12-15`) is near when any line of it is. */
export function findingAtDefect(finding: FindingPlace, defect: Defect): boolean {
  if (finding.line === undefined || finding.path === "") return false;
  // As written (`.github/…` keeps its dot), or as the diff spells it (`./src/a.ts` is `src/a.ts`).
  if (!findingPathSpellings(finding.path).some((p) => nameKey(p) === nameKey(defect.path))) return false;
  const first = Math.min(finding.line, finding.endLine ?? finding.line);
  const last = Math.max(finding.line, finding.endLine ?? finding.line);
  const [from, to] = defect.lines;
  const gap = Math.max(0, from - last, first - to);
  return gap <= NEAR_LINES;
}

/** Whether any finding is at any labelled defect. */
export function atDefect(findings: readonly FindingPlace[], defects: readonly Defect[]): boolean {
  return findings.some((f) => defects.some((d) => findingAtDefect(f, d)));
}
