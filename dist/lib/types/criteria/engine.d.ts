import type { Diff } from "../diff/types.js";
import type { CheckContext } from "./checks/outcome.js";
import type { Contract } from "./contract-schema.js";
import type { Criterion } from "./criterion-schema.js";
import type { CheckResult, ContractReport } from "./report.js";
import type { TreeReader } from "./tree.js";
/** Runs one criterion; never throws. */
export declare function checkCriterion(criterion: Criterion, ctx: CheckContext): Promise<CheckResult>;
/** Checks every criterion of a contract against a tree (and the diff, for diff criteria), one after
 * another, and applies the rubric. */
export declare function checkContract(contract: Contract, ctx: {
    readonly tree: TreeReader;
    readonly diff?: Diff | undefined;
}): Promise<ContractReport>;
