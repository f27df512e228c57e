import type { Diff } from "../../diff/types.js";
import type { CriterionOf, CriterionType } from "../criterion-schema.js";
import type { CheckEvidence, CheckStatus } from "../report.js";
import type { TreeReader } from "../tree.js";
export interface Outcome {
    readonly status: CheckStatus;
    readonly reason: string;
    readonly evidence: CheckEvidence;
}
/** What a criterion may use: the tree and, for diff criteria, the change. Nothing else (no clock, no
 * environment, no network), so the same inputs always give the same outcome. */
export interface CheckContext {
    readonly tree: TreeReader;
    readonly diff?: Diff | undefined;
}
export type CriterionCheck<T extends CriterionType> = (criterion: CriterionOf<T>, ctx: CheckContext) => Promise<Outcome>;
export declare const pass: (reason: string, evidence: CheckEvidence) => Outcome;
export declare const fail: (reason: string, evidence: CheckEvidence) => Outcome;
export declare const error: (reason: string, evidence: CheckEvidence) => Outcome;
