// verdictkit's rubric, FAIL > FLAG > PASS (contract-result.ts turns it into the gate's four values). Pure.
//
//   FAIL  any criterion failed: a known defect outweighs anything unknown.
//   FLAG  none failed, but one errored, a claim is unverifiable, or nothing was checkable at all:
//         absence of evidence is never evidence of success.
//   PASS  every criterion passed and nothing was left unverifiable.
//
// PASS is computed as "every status is pass", never as "no status is fail or error", so a status this
// code does not know (a hand-edited report, a future value) can never be counted as passing.
import type { CheckResult, ContractVerdict } from "./report.js";

type Judged = Pick<CheckResult, "id" | "type" | "status" | "reason">;

const LISTED = 5;

function listing(items: readonly string[]): string {
  const shown = items.slice(0, LISTED).join("; ");
  return items.length > LISTED ? `${shown}; and ${items.length - LISTED} more` : shown;
}

const RANK: Readonly<Record<ContractVerdict, number>> = { FAIL: 2, FLAG: 1, PASS: 0 };

/** The stronger of two verdicts (FAIL > FLAG > PASS). */
export function worseVerdict(a: ContractVerdict, b: ContractVerdict): ContractVerdict {
  return (RANK[a] ?? RANK.FAIL) >= (RANK[b] ?? RANK.FAIL) ? a : b;
}

export function verdictOf(
  checks: readonly Judged[],
  unverifiableClaims: readonly string[],
): { verdict: ContractVerdict; reason: string } {
  const failed = checks.filter((c) => c.status === "fail");
  if (failed.length > 0) {
    return {
      verdict: "FAIL",
      reason: `${failed.length} of ${checks.length} criteria failed: ${listing(failed.map((c) => `${c.id}: ${c.reason}`))}`,
    };
  }
  const notPassed = checks.filter((c) => c.status !== "pass");
  const open: string[] = [];
  if (checks.length === 0) open.push("nothing was checkable: the contract has no success criteria");
  if (notPassed.length > 0) {
    open.push(
      `${notPassed.length} of ${checks.length} criteria could not be checked: ${listing(notPassed.map((c) => `${c.id}: ${c.reason}`))}`,
    );
  }
  if (unverifiableClaims.length > 0) {
    open.push(
      `${unverifiableClaims.length} claim${unverifiableClaims.length === 1 ? " is" : "s are"} unverifiable: ${listing(unverifiableClaims.map((c) => JSON.stringify(c)))}`,
    );
  }
  if (open.length > 0) return { verdict: "FLAG", reason: `no criterion failed, but ${open.join("; ")}` };
  return { verdict: "PASS", reason: `all ${checks.length} criteria passed` };
}
