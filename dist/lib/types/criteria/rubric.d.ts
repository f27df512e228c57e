import type { CheckResult, ContractVerdict } from "./report.js";
type Judged = Pick<CheckResult, "id" | "type" | "status" | "reason">;
/** The stronger of two verdicts (FAIL > FLAG > PASS). */
export declare function worseVerdict(a: ContractVerdict, b: ContractVerdict): ContractVerdict;
export declare function verdictOf(checks: readonly Judged[], unverifiableClaims: readonly string[]): {
    verdict: ContractVerdict;
    reason: string;
};
export {};
