// Annotations on the pull request's files: each BLOCKING finding at its path and line, and each
// failed criterion at its first match. Only paths the diff touches are annotated: an annotation on a
// path the PR does not change is noise at best and a rejected request at worst.

import type { ContractReport } from "../criteria/report.js";
import type { DiffFile } from "../diff/types.js";
import type { Annotation } from "../ports/github.js";
import { nameKey } from "../util/path-name.js";
import { type Finding, findingPathSpellings } from "../verdict/findings.js";

/** GitHub accepts 50 per request; the adapter batches. More than this is noise nobody reads. */
const MAX_ANNOTATIONS = 200;

export function annotationsFor(
  findings: readonly Finding[],
  checked: ContractReport | undefined,
  files: readonly DiffFile[],
): Annotation[] {
  // A finding or a criterion may name a file in another Unicode form than the diff (a reviewer, a
  // contract written in NFC; a file committed in NFD): it is the same file, annotated under the
  // diff's own spelling, the only one GitHub places.
  const byName = new Map(files.map((f) => [nameKey(f.path), f.path]));
  const inDiff = (path: string): string | undefined => byName.get(nameKey(path));
  const out: Annotation[] = [];
  for (const f of findings) {
    // As the reviewer wrote it first (`.env` is `.env`), then as the diff would spell it (`./src/a.ts`).
    const path = findingPathSpellings(f.path)
      .map(inDiff)
      .find((p) => p !== undefined);
    if (path === undefined) continue;
    const start = f.line !== undefined && f.line > 0 ? f.line : 1;
    const end = f.endLine !== undefined && f.endLine >= start ? f.endLine : start;
    out.push({
      path,
      startLine: start,
      endLine: end,
      level: "failure",
      title: "verdict-gate: BLOCKING",
      message: f.reason,
    });
  }
  for (const c of checked?.checks ?? []) {
    if (c.status !== "fail") continue;
    const first = c.evidence.first_match;
    const named = first?.path ?? (typeof c.evidence.path === "string" ? c.evidence.path : undefined);
    const path = named === undefined ? undefined : inDiff(named);
    if (path === undefined) continue;
    const line = first?.line !== undefined && first.line > 0 ? first.line : 1;
    out.push({
      path,
      startLine: line,
      endLine: line,
      level: "failure",
      title: `verdict-gate: criterion ${c.id} failed`,
      message: c.reason,
    });
  }
  return out.slice(0, MAX_ANNOTATIONS);
}
