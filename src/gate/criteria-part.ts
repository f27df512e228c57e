// The criteria part of a round: the contract read at the base commit, checked against the checked-out
// tree and the diff. A missing contract skips the part (and says so); an invalid one, an unreadable
// one, or a tree that is not the PR's code holds the round, because criteria checked against the
// wrong files would pass for the wrong reasons.

import { contractResult } from "../criteria/contract-result.js";
import type { Contract } from "../criteria/contract-schema.js";
import { checkContract } from "../criteria/engine.js";
import { loadContract } from "../criteria/load.js";
import type { ContractReport } from "../criteria/report.js";
import type { Diff } from "../diff/types.js";
import type { ContractFile } from "../ports/github.js";
import type { TreeReader } from "../ports/tree.js";
import type { CriteriaReport, CriterionRow } from "../report/round-report.js";
import { describeError } from "../util/describe-error.js";
import { combine, maybe, yes } from "../verdict/four-values.js";
import type { Part } from "../verdict/round-decision.js";

export interface CriteriaPartOutcome {
  part: Part;
  report: CriteriaReport;
  /** The parsed contract, when there is one (its conditions go to the reviewer, its `requires` to the
   * dependencies part). */
  contract?: Contract;
  /** The full engine report, for annotations of failed criteria. */
  checked?: ContractReport;
}

/** The `contract` input's default (action.yml). No contract there: the repository is gated by the
 * reviewer alone, as documented, and the summary says so. A contract configured at another path that
 * does not exist is a mistake (a typo, a file not yet on the base branch): skipping its criteria in
 * silence would approve what they would have blocked, so that round holds instead. */
export const DEFAULT_CONTRACT_PATH = ".github/verdict-contract.json";

/** Reads the contract file fetched from the base commit. Does not check it yet. */
export function readContract(
  file: ContractFile,
  source: string,
): { contract?: Contract; outcome?: CriteriaPartOutcome } {
  if (file.kind === "missing" && source !== DEFAULT_CONTRACT_PATH) {
    const message = `the contract ${source} named by the \`contract\` input does not exist on the base commit; fix the path, or remove the input to gate without a contract`;
    return {
      outcome: {
        part: { name: "criteria", result: maybe(message), summary: message },
        report: { kind: "invalid", source, message },
      },
    };
  }
  if (file.kind === "missing") {
    return {
      outcome: {
        part: {
          name: "criteria",
          result: yes(),
          summary: `no contract at ${source} on the base commit`,
          skipped: true,
        },
        report: { kind: "missing", source },
      },
    };
  }
  if (file.kind === "unreadable") {
    const message = `the contract ${source} could not be read: ${file.message}`;
    return {
      outcome: {
        part: { name: "criteria", result: maybe(message), summary: message },
        report: { kind: "invalid", source, message: file.message },
      },
    };
  }
  try {
    return { contract: loadContract(file.text, source) };
  } catch (error) {
    const detail = describeError(error);
    return {
      outcome: {
        part: {
          name: "criteria",
          result: maybe(`the contract is invalid: ${detail}`),
          summary: `invalid contract ${source}`,
        },
        report: { kind: "invalid", source, message: detail },
      },
    };
  }
}

/** What the evidence adds to a criterion's reason, which already states counts and requirements: the
 * line that matched (what a reader wants to see on a fail), and whether a read was capped. */
function evidenceLine(evidence: Record<string, unknown>): string {
  const parts: string[] = [];
  const first = evidence.first_match as { text?: string } | undefined;
  if (typeof first?.text === "string") parts.push(`matched: ${first.text.trim()}`);
  if (evidence.truncated === true) parts.push("read capped");
  return parts.join("; ");
}

export interface CheckCriteriaInput {
  contract: Contract;
  source: string;
  tree: TreeReader | { error: string };
  /** The change the diff criteria judge. Absent only when it could not be read, and then
   * `changeUnavailable` says why: never an empty diff standing in for one nobody read. */
  diff?: Diff;
  changeUnavailable?: string;
  /** Why the checked-out tree cannot be trusted to be the PR's code, if it cannot. */
  treeMismatch?: string;
}

/** The contract's criteria that judge the change rather than the tree. */
export function diffCriteria(contract: Contract): string[] {
  return contract.success_criteria.filter((c) => c.type.startsWith("diff_")).map((c) => c.id);
}

export async function checkCriteria(input: CheckCriteriaInput): Promise<CriteriaPartOutcome> {
  const { contract, source } = input;
  if ("error" in input.tree || input.treeMismatch !== undefined) {
    const why = "error" in input.tree ? input.tree.error : (input.treeMismatch as string);
    const message = `the criteria could not be checked: ${why}`;
    return {
      part: { name: "criteria", result: maybe(message), summary: message },
      report: { kind: "invalid", source, message: why },
      contract,
    };
  }
  const checked = await checkContract(contract, {
    tree: input.tree,
    diff: input.diff,
    ...(input.diff === undefined
      ? { noDiff: input.changeUnavailable ?? "the change could not be read" }
      : {}),
  });
  const unread = input.diff === undefined ? diffCriteria(contract) : [];
  const unevaluated =
    unread.length > 0
      ? maybe(
          `${input.changeUnavailable ?? "the change could not be read"}: the diff criteria ${unread.join(", ")} were not evaluated`,
        )
      : undefined;
  const rows: CriterionRow[] = checked.checks.map((c) => ({
    id: c.id,
    type: c.type,
    status: c.status,
    description: c.description,
    evidence: c.reason + (evidenceLine(c.evidence) ? ` — ${evidenceLine(c.evidence)}` : ""),
  }));
  const passed = checked.checks.filter((c) => c.status === "pass").length;
  return {
    part: {
      name: "criteria",
      result:
        unevaluated === undefined ? contractResult(checked) : combine(unevaluated, contractResult(checked)),
      summary: `${checked.verdict}: ${passed} of ${checked.checks.length} criteria passed${checked.unverifiable_claims.length > 0 ? `, ${checked.unverifiable_claims.length} unverifiable claim(s)` : ""}`,
    },
    report: {
      kind: "checked",
      verdict: checked.verdict,
      reason: checked.reason,
      rows,
      unverifiable: checked.unverifiable_claims,
      source,
    },
    contract,
    checked,
  };
}
