// What each severity of finding did on a set, so a team can choose its contract's `block_on` from its
// own numbers (issue 33): for each severity, the clean cases a finding of it would have stopped (a
// finding at a blocking severity never approves: the round blocks, or holds beside an approve) and the
// defect cases it caught at the defect; and the same for each threshold `block_on` can be (a severity
// and every one above it). Read from each case's first run, its findings and its notes together, so it
// measures what the reviewer said whatever the policy it ran under; a run under a policy that asks for
// every severity (notes posted, or block_on [high, medium, low]) measures all three. A `BLOCKING:` line
// counts at the severity it was read as. Pure.
import { SEVERITIES, type Severity } from "../verdict/severity-policy.js";
import type { FindingPlace } from "./location.js";
import type { CaseResult } from "./score.js";
import { type Rate, rateOf } from "./stats.js";

export interface SeverityFigures {
  /** Clean cases with a finding of this severity: what blocking on it costs in false blocks. */
  readonly clean_blocked: Rate;
  /** Defect cases with a finding of this severity at the defect (location.ts). */
  readonly defects_caught: Rate;
  /** Defect cases with a finding of this severity anywhere. */
  readonly defects_flagged: Rate;
  /** The same for `block_on` at this severity and every one above it. */
  readonly at_or_above: { readonly clean_blocked: Rate; readonly defects_caught: Rate };
}

export type BySeverity = Readonly<Record<Severity, SeverityFigures>>;

/** A case's findings and notes of the severities in `which`. Findings with no severity (a report
 * written before they had one) are BLOCKING lines: medium, the lowest blocking severity without a
 * policy. */
function of(result: CaseResult, which: readonly Severity[]): FindingPlace[] {
  return [...result.findings, ...(result.notes ?? [])].filter((f) => which.includes(f.severity ?? "medium"));
}

function figures(results: readonly CaseResult[], which: readonly Severity[]) {
  const clean = results.filter((r) => r.label === "clean");
  const defect = results.filter((r) => r.label === "defect");
  const caught = (r: CaseResult) => of(r, which).some((f) => f.at_defect === true);
  return {
    clean_blocked: rateOf(clean.filter((r) => of(r, which).length > 0).length, clean.length),
    defects_caught: rateOf(defect.filter(caught).length, defect.length),
    defects_flagged: rateOf(defect.filter((r) => of(r, which).length > 0).length, defect.length),
  };
}

export function bySeverity(results: readonly CaseResult[]): BySeverity {
  const out = {} as Record<Severity, SeverityFigures>;
  for (const [i, severity] of SEVERITIES.entries()) {
    const one = figures(results, [severity]);
    const upTo = figures(results, SEVERITIES.slice(0, i + 1));
    out[severity] = {
      ...one,
      at_or_above: { clean_blocked: upTo.clean_blocked, defects_caught: upTo.defects_caught },
    };
  }
  return out;
}
