// The contract's verdict in the gate's four values: PASS → YES, FAIL → NO with one reason per failed
// criterion (each joins the exclusion history the next round's reviewer sees), FLAG → MAYBE naming
// what a person must look at. A contract never yields IFF: its dependencies (`requires`) are judged by
// the dependencies part. Pure.
import { MAYBE, maybe, NO, no, type Result, YES, yes } from "../verdict/four-values.js";
import { valueOfContract } from "../verdict/vocabulary.js";
import type { ContractReport } from "./report.js";
import { verdictOf, worseVerdict } from "./rubric.js";

/** The contract part of a round as a four-valued result: PASS → YES, FAIL → NO with one reason per
 * failed criterion, FLAG → MAYBE naming what a person must look at. The verdict is recomputed from the
 * checks and the worse of the two is used, so a report whose verdict says more than its checks can
 * never approve. */
export function contractResult(report: ContractReport): Result {
  const recomputed = verdictOf(report.checks, report.unverifiable_claims);
  const verdict = worseVerdict(report.verdict, recomputed.verdict);
  const value = valueOfContract(verdict);
  if (value === YES) return yes();
  if (value === NO) {
    const reasons = report.checks
      .filter((c) => c.status === "fail")
      .map((c) => `contract criterion ${c.id} (${c.type}) failed: ${c.reason}`);
    const [first, ...more] = reasons;
    return first === undefined ? no(`the contract failed: ${report.reason}`) : no(first, ...more);
  }
  // FLAG: a MAYBE naming what a person must look at (a contract never yields IFF).
  if (value !== MAYBE) throw new Error(`a contract verdict is never ${value}`);
  const needed = [
    ...report.checks
      .filter((c) => c.status !== "pass")
      .map((c) => `contract criterion ${c.id} (${c.type}) could not be checked: ${c.reason}`),
    ...report.unverifiable_claims.map(
      (claim) => `a person must judge the unverifiable claim ${JSON.stringify(claim)}`,
    ),
  ];
  if (report.checks.length === 0) needed.push("the contract has no success criteria, so nothing was checked");
  const [first, ...more] = needed;
  return first === undefined ? maybe(`the contract was flagged: ${report.reason}`) : maybe(first, ...more);
}
