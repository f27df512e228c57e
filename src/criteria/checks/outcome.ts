// What one criterion function returns, and the shape of those functions. The engine adds the id, type
// and description; a criterion only says what it saw. Pure.
import type { Diff } from "../../diff/types.js";
import type { TreeReader } from "../../ports/tree.js";
import type { CriterionOf, CriterionType } from "../criterion-schema.js";
import type { CheckEvidence, CheckStatus } from "../report.js";

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
  /** Why there is no diff, in the words of where the report is shown (the CLI names its `--diff`; a
   * merge group, the change it could not read). Default: "no diff was given". */
  readonly noDiff?: string | undefined;
}

export type CriterionCheck<T extends CriterionType> = (
  criterion: CriterionOf<T>,
  ctx: CheckContext,
) => Promise<Outcome>;

export const pass = (reason: string, evidence: CheckEvidence): Outcome => ({
  status: "pass",
  reason,
  evidence,
});
export const fail = (reason: string, evidence: CheckEvidence): Outcome => ({
  status: "fail",
  reason,
  evidence,
});
export const error = (reason: string, evidence: CheckEvidence): Outcome => ({
  status: "error",
  reason,
  evidence,
});
