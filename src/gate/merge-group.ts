// A merge queue round: GitHub waits for the required check on the merge group's head commit, so the
// gate must report there or the queue stalls. The group is approved when every pull request it
// carries has an approve round (the gate's or a person's) for the head the queue took — its current
// head when the group does not say — and the criteria hold on the group's own tree and change. No
// reviewer is called: each PR was reviewed in its own rounds.
//
// The diff criteria judge the group's own change (base_sha...head_sha, read as a pull request's is):
// judged on an empty diff, `diff_added_absent` passed having seen nothing, so a criterion added on
// main after a PR was approved never applied. When the change cannot be read, the round holds naming
// the criteria it could not evaluate.
import type { Contract } from "../criteria/contract-schema.js";
import type { Diff } from "../diff/types.js";
import type { CheckRunRef, Comparison, MergeGroupPull } from "../ports/github.js";
import { type RoundReport, renderJobSummary } from "../report/round-report.js";
import { defined } from "../util/defined.js";
import { describeError } from "../util/describe-error.js";
import { combine, maybe, no, type Result, yes } from "../verdict/four-values.js";
import { decide, type Part, reasonsOf } from "../verdict/round-decision.js";
import { settingsFingerprint } from "./binding.js";
import type { RoundContext, RoundOutcome } from "./context.js";
import { type CriteriaPartOutcome, checkCriteria, diffCriteria, readContract } from "./criteria-part.js";
import { phase } from "./phase.js";
import { completeCheck, failCheck } from "./publish.js";
import { type ApproveExpectation, approvedLine, verdictAtCommit } from "./verdict-at-commit.js";

async function pullRequestVerdict(
  ctx: RoundContext,
  pull: MergeGroupPull,
  check: CheckRunRef,
  expect: ApproveExpectation,
): Promise<{ result: Result; line: string }> {
  const { number } = pull;
  // The queue merges the commit it took, whatever the PR's head is now: that commit is what must
  // have been approved. Only when the group does not name it is the PR's current head asked for.
  const head = pull.queuedHeadSha ?? (await ctx.github.pulls.pullRequest(number)).headSha;
  const found = await verdictAtCommit(ctx, number, head, check, expect);
  switch (found.kind) {
    case "no-history":
      return {
        result: maybe(`PR #${number} has no ${ctx.settings.checkName} history`),
        line: `#${number}: no history`,
      };
    case "untrusted":
      return {
        result: maybe(`PR #${number}: its round history cannot be trusted (${found.problem})`),
        line: `#${number}: history cannot be trusted`,
      };
    case "no-round":
      return {
        result: maybe(`PR #${number} has no round for its head ${head.slice(0, 12)}`),
        line: `#${number}: not gated at its head`,
      };
    case "approved":
      return { result: yes(), line: `#${number}: ${approvedLine(found.record)}` };
    case "stale":
      return {
        result: maybe(
          `PR #${number}'s approve does not hold for this group (${found.why}); re-run its round so it is judged under this run's settings`,
        ),
        line: `#${number}: approve no longer holds`,
      };
    case "not-approved":
      return {
        result: no(`PR #${number} is not approved at its head (${found.why})`),
        line: `#${number}: ${found.record.status}`,
      };
  }
}

/** The group's change, read only when a diff criterion needs it, and checked against the comparison
 * the group's pull requests were found with (`compared`: no second read of its file list). A failed
 * read is said, not thrown: the other criteria and the pull requests are still judged, and the hold
 * names what was not. */
async function groupChange(
  ctx: RoundContext,
  contract: Contract,
  change: { baseSha: string; headSha: string; compared?: Comparison },
): Promise<{ diff?: Diff; changeUnavailable?: string }> {
  if (diffCriteria(contract).length === 0) return {};
  const { baseSha, headSha } = change;
  ctx.log.info(`diff: the merge group's change ${baseSha.slice(0, 12)}...${headSha.slice(0, 12)}`);
  try {
    return { diff: await ctx.github.pulls.diff(change) };
  } catch (error) {
    const why = `the merge group's change ${baseSha.slice(0, 12)}...${headSha.slice(0, 12)} could not be read (${describeError(error)})`;
    ctx.log.warning(why);
    return { changeUnavailable: why };
  }
}

export async function runMergeGroupRound(ctx: RoundContext): Promise<RoundOutcome> {
  const { settings, github } = ctx;
  if (settings.target.kind !== "merge_group")
    throw new Error("runMergeGroupRound needs a merge_group target");
  const group = settings.target;
  const check = await github.checks.startCheck({
    head: group.headSha,
    name: settings.checkName,
    title: "verdict-gate is checking the merge group…",
  });
  try {
    const { part, compared } = await phase(ctx.log, "Pull requests", () =>
      pullRequestsPart(ctx, group, check),
    );
    const { criteria, change } = await phase(ctx.log, "Criteria", () => groupCriteria(ctx, group, compared));
    const decision = decide([part, criteria.part]);
    const report: RoundReport = {
      status: decision.status,
      result: decision.result,
      parts: decision.parts,
      round: 1,
      headSha: group.headSha,
      checkName: settings.checkName,
      criteria: criteria.report,
      history: [],
      notes: [
        `Merge group ${group.headRef}.`,
        ...(change.diff?.howRead ?? []).map((how) => `The change: ${how}.`),
      ],
      version: ctx.version,
      ...defined({ runUrl: settings.runUrl }),
    };
    // No history and no commit binding: the group's head is no pull request's, and each pull request
    // was bound in its own rounds.
    await phase(ctx.log, "Publish", () => completeCheck(ctx, check, report, []));
    return {
      status: decision.status,
      message: `${decision.status} (merge group)`,
      checkRunId: check.id,
      headSha: group.headSha,
      round: 1,
      reviewerVerdict: "SKIPPED",
      coverage: "0% (merge group: reviewed in each pull request)",
      reasons: reasonsOf(decision.result),
      exclusions: null,
      jobSummary: renderJobSummary(report),
    };
  } catch (error) {
    await failCheck(ctx, check, group.headSha, undefined, error);
    throw error;
  }
}

type MergeGroupTarget = Extract<RoundContext["settings"]["target"], { kind: "merge_group" }>;

/** The part that stands in for the reviewer: every pull request the group carries approved at the
 * head the queue took; and the group's comparison as the read that found them brought it. */
async function pullRequestsPart(
  ctx: RoundContext,
  group: MergeGroupTarget,
  check: CheckRunRef,
): Promise<{ part: Part; compared?: Comparison }> {
  const { pulls, compared } = await ctx.github.peers.mergeGroupPulls(group.headSha, group.headRef);
  ctx.log.info(
    `merge group ${group.headRef}: pull requests ${pulls.map((p) => `#${p.number}`).join(", ") || "(none found)"}`,
  );
  // An approve counts only under the settings the group is judged under (verdict-at-commit.ts).
  const expect: ApproveExpectation = { kind: "settings", settings: settingsFingerprint(ctx.settings) };
  const verdicts = [];
  for (const pull of pulls) verdicts.push(await pullRequestVerdict(ctx, pull, check, expect));
  const part: Part = {
    name: "pull-requests",
    result:
      pulls.length === 0
        ? maybe(`could not tell which pull requests the merge group ${group.headRef} carries`)
        : combine(...verdicts.map((v) => v.result)),
    summary: verdicts.map((v) => v.line).join("; ") || "none found",
  };
  return { part, ...defined({ compared }) };
}

/** The contract read at the group's base, its criteria checked on the group's tree and change. */
async function groupCriteria(
  ctx: RoundContext,
  group: MergeGroupTarget,
  compared: Comparison | undefined,
): Promise<{ criteria: CriteriaPartOutcome; change: { diff?: Diff; changeUnavailable?: string } }> {
  const { settings } = ctx;
  const { contract, outcome } = readContract(
    await ctx.github.pulls.readFile(settings.contractPath, group.baseSha),
    settings.contractPath,
  );
  if (outcome !== undefined) return { criteria: outcome, change: {} };
  if (contract === undefined) throw new Error("the contract was neither read nor decided");
  const change = await groupChange(ctx, contract, {
    baseSha: group.baseSha,
    headSha: group.headSha,
    ...defined({ compared }),
  });
  const mismatch = groupTreeMismatch(ctx, group.headSha);
  const criteria = await checkCriteria({
    contract,
    source: settings.contractPath,
    tree: ctx.openTree(),
    ...change,
    ...defined({ treeMismatch: mismatch }),
  });
  return { criteria, change };
}

/** As in a pull request's round: files of a commit nobody can name are not the group's tree. */
function groupTreeMismatch(ctx: RoundContext, headSha: string): string | undefined {
  const checkedOut = ctx.workspaceHead === undefined ? headSha : ctx.workspaceHead();
  if (checkedOut === undefined)
    return `cannot tell which commit the workspace holds (no readable .git in it), so its files may not be the merge group's head ${headSha.slice(0, 12)}; check it out with actions/checkout`;
  if (checkedOut !== headSha)
    return `the workspace has ${checkedOut.slice(0, 12)} checked out, not the merge group's head ${headSha.slice(0, 12)}`;
  return undefined;
}
