// The engine: a thin dispatcher from each criterion's type to its pure function, then the rubric.
// Whatever a criterion throws (an escape, a capped database, a bug) becomes that criterion's error,
// and an error can never be a pass: "a check that cannot run is an error, never a pass."
import { fileContains, jsonValid, lineCountGte, patternCountGte } from "./checks/content-checks.js";
import {
  diffAddedAbsent,
  diffAddedContains,
  diffLinesMax,
  diffPathsWithin,
  diffRequiresChange,
} from "./checks/diff-checks.js";
import type { CheckContext, CriterionCheck, Outcome } from "./checks/outcome.js";
import { dirExists, fileExists, fileNonempty, pathAbsent } from "./checks/path-checks.js";
import { sqliteTableHasRows } from "./checks/sqlite-check.js";
import type { Contract } from "./contract-schema.js";
import type { Criterion, CriterionType } from "./criterion-schema.js";
import type { CheckResult, ContractReport } from "./report.js";
import { verdictOf } from "./rubric.js";

const CHECKS: { readonly [T in CriterionType]: CriterionCheck<T> } = {
  file_exists: fileExists,
  file_nonempty: fileNonempty,
  file_contains: fileContains,
  pattern_count_gte: patternCountGte,
  dir_exists: dirExists,
  json_valid: jsonValid,
  line_count_gte: lineCountGte,
  sqlite_table_has_rows: sqliteTableHasRows,
  path_absent: pathAbsent,
  diff_added_absent: diffAddedAbsent,
  diff_added_contains: diffAddedContains,
  diff_paths_within: diffPathsWithin,
  diff_lines_max: diffLinesMax,
  diff_requires_change: diffRequiresChange,
};

/** Runs one criterion; never throws. */
export async function checkCriterion(criterion: Criterion, ctx: CheckContext): Promise<CheckResult> {
  let outcome: Outcome;
  try {
    const check = CHECKS[criterion.type] as CriterionCheck<CriterionType> | undefined;
    if (check === undefined) throw new Error(`no check for criterion type ${JSON.stringify(criterion.type)}`);
    outcome = await check(criterion as never, ctx);
  } catch (thrown) {
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    outcome = {
      status: "error",
      reason: `could not run: ${message}`,
      evidence: "path" in criterion ? { path: criterion.path } : {},
    };
  }
  return {
    id: criterion.id,
    type: criterion.type,
    description: criterion.description,
    status: outcome.status,
    reason: outcome.reason,
    evidence: outcome.evidence,
  };
}

/** Checks every criterion of a contract against a tree (and the diff, for diff criteria), one after
 * another, and applies the rubric. */
export async function checkContract(contract: Contract, ctx: CheckContext): Promise<ContractReport> {
  const checks: CheckResult[] = [];
  for (const criterion of contract.success_criteria) checks.push(await checkCriterion(criterion, ctx));
  const { verdict, reason } = verdictOf(checks, contract.unverifiable_claims);
  return {
    verdict,
    reason,
    intended_action: contract.intended_action,
    checks,
    unverifiable_claims: [...contract.unverifiable_claims],
    ...(contract.task_id === undefined ? {} : { task_id: contract.task_id }),
    ...(contract.agent_id === undefined ? {} : { agent_id: contract.agent_id }),
  };
}
