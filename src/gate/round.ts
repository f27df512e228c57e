// One round of a pull request, end to end: PR → check run in progress → history → (a person's
// decision | exhausted | contract, diff, reviewer, criteria, dependencies) → one status → history
// saved, check run completed. Every capability comes through RoundContext, so this file decides the
// order and the rules, never how the world is reached.
//
// The invariant this file exists to keep: once the check run exists, the round ends with it
// completed as something — approve only when every part said YES on the whole diff — or, if
// anything throws, as a hold that names the error. Nothing here catches an error into success.
import type { Requirement } from "../criteria/requirement-schema.js";
import { READ_CAP_BYTES } from "../criteria/tree.js";
import type { RoundReport } from "../report/round-report.js";
import { formatCoverage } from "../review/coverage.js";
import { type VerdictLikeLine, verdictLikeLines } from "../review/forgery.js";
import { withheldFiles } from "../review/prompt.js";
import { scopeFiles } from "../review/scope.js";
import { decide, type Part } from "../verdict/decision.js";
import { maybe, yes } from "../verdict/four.js";
import {
  append,
  earlierReasons,
  type FullRound,
  isDigest,
  lastRound,
  roundCount,
  storedResultOf,
} from "../verdict/history.js";
import { concludeRound, repeatsLast, terminalNeed, tokensSoFar } from "../verdict/loop.js";
import { describePolicy, UNANIMOUS } from "../verdict/panel.js";
import { annotationsFor } from "./annotations.js";
import { bindingChange, bindingNote, bindingOf, contractHash } from "./binding.js";
import type { RoundContext, RoundOutcome } from "./context.js";
import { checkCriteria, readContract } from "./criteria-part.js";
import { dependenciesPart } from "./dependencies-part.js";
import { lockfilePart } from "./lockfile-part.js";
import {
  type MemberPlan,
  type PanelPartOutcome,
  panelFingerprint,
  panelFingerprintWith,
  panelPart,
  planPanel,
  recordedMembers,
  soloPanel,
  storedMembers,
} from "./panel-part.js";
import { confirmDecider, decideByPerson, repostDecision } from "./person.js";
import { CannotWriteChecksError, type CheckRunRef, type GitHubPort, type PullRequestInfo } from "./ports.js";
import { baseReport, coverageReport, failCheck, outcomeFrom, publish } from "./publish.js";
import { incrementalFor, reviewerIdentity, usageOf, withFileVerdicts } from "./reuse-part.js";
import { roundFindings } from "./review-comments.js";
import type { PromptBase } from "./reviewer-part.js";
import { HistoryChanged, historyRows, type LoadedHistory, loadHistory, pushNote } from "./round-history.js";
import { chooseReuse, sharedVerdict } from "./shared-verdict.js";
import { reviewedDespiteNameNotes, withheldScope } from "./withheld.js";

/** Whether the checked-out tree is the PR's code: its head, or (pull_request) the test merge commit
 * GitHub checks out by default. A `pull_request_target` workflow that checks out the base would
 * otherwise have the criteria pass on the base branch's files. */
function treeMismatch(ctx: RoundContext, pr: PullRequestInfo, head: string): string | undefined {
  if (ctx.workspaceHead === undefined) return undefined;
  const checkedOut = ctx.workspaceHead();
  if (checkedOut === undefined) {
    return `cannot tell which commit the workspace holds (no readable .git in it), so its files may not be the pull request's head ${head.slice(0, 12)}; check out the head with actions/checkout (see docs/workflows.md)`;
  }
  const accepted = new Set([head]);
  if (ctx.settings.eventName === "pull_request" && ctx.settings.eventSha !== undefined)
    accepted.add(ctx.settings.eventSha);
  if (pr.mergeCommitSha !== null) accepted.add(pr.mergeCommitSha);
  if (accepted.has(checkedOut)) return undefined;
  const which = checkedOut === pr.baseSha ? "the base commit" : "another commit";
  return `the workspace has ${which} ${checkedOut.slice(0, 12)} checked out, not the pull request's head ${head.slice(0, 12)}; check out the head (see docs/workflows.md)`;
}

async function evaluate(
  ctx: RoundContext,
  pr: PullRequestInfo,
  head: string,
  check: CheckRunRef,
  loaded: LoadedHistory,
  answers: Map<string, PanelPartOutcome>,
): Promise<RoundOutcome> {
  const { settings, github, log } = ctx;
  const { history } = loaded;
  // Folded rounds count: the round number is the chain's, not the stored array's.
  const roundNumber = roundCount(history) + 1;
  const parts: Part[] = [];
  const notes: string[] = [];

  // A terminal loop (rounds exhausted) is not evaluated again: a person decides.
  const terminal = terminalNeed(history, settings.maxRounds);
  if (loaded.problem !== undefined || terminal !== undefined) {
    const need = loaded.problem ?? (terminal as string);
    const result = maybe(need);
    const concluded =
      loaded.problem === undefined
        ? concludeRound({
            history,
            maxRounds: settings.maxRounds,
            head,
            at: ctx.now().toISOString(),
            outcome: result,
            binding: bindingOf(settings, pr.baseSha, "unread"),
          })
        : undefined;
    // A terminal hold already recorded for this head is posted again, not recorded again.
    const fresh = concluded !== undefined && !repeatsLast(history, concluded.record);
    const after = fresh ? append(history, concluded) : history;
    const part: Part = { name: "rounds", result, summary: need };
    const report: RoundReport = {
      ...baseReport(
        ctx,
        pr,
        head,
        concluded === undefined ? roundNumber : fresh ? concluded.record.round : roundCount(history),
      ),
      status: "hold-for-human",
      result,
      parts: [part],
      history: historyRows(after),
      ...(loaded.problem !== undefined
        ? {
            notes: [
              "Delete the gate's history comment to start the history afresh once a person has looked.",
            ],
          }
        : {}),
    };
    // An untrustworthy history is left exactly as found, for the person who must look at it.
    const { jobSummary, report: posted } = await publish(ctx, {
      check,
      pr,
      head,
      report,
      history: after,
      comment: loaded.comment,
      saveHistory: fresh,
      annotations: [],
    });
    return outcomeFrom("hold-for-human", result, {
      check,
      head,
      round: report.round,
      reviewerVerdict: "SKIPPED",
      coverage: "0% (not reviewed)",
      history: after,
      jobSummary,
      report: posted,
      message: `hold-for-human: ${need}`,
    });
  }

  // The contract, from the base commit: the PR cannot weaken its own gate.
  log.info(`contract: ${settings.contractPath} at base ${pr.baseSha.slice(0, 12)}`);
  const contractFile = await github.readFile(settings.contractPath, pr.baseSha);
  const { contract, outcome: contractOutcome } = readContract(contractFile, settings.contractPath);
  // What this round judges on besides its head; a record made on anything else does not count here.
  const binding = bindingOf(settings, pr.baseSha, contractHash(contractFile));
  const changed = bindingNote(history, binding);
  if (changed !== undefined) notes.push(changed);

  log.info("diff: fetching");
  // The change of the commit being gated, asked for by its SHA, not by the PR's number: an approve
  // must be about exactly the code the check run is posted on, whatever is pushed meanwhile.
  const diff = await github.diff({ baseSha: pr.baseSha, headSha: head, pull: pr });
  const mismatch = treeMismatch(ctx, pr, head);
  // What the gate withholds from the reviewer is decided by content at the head, not by name.
  const scope = await withheldScope(ctx, diff, head, mismatch === undefined);
  // Changed lockfiles, checked against the base's copies (the reviewer does not read them); what they
  // add and change is named to the reviewer.
  const lockfiles = await lockfilePart({
    files: diff.files,
    content: scope.content,
    readBase: (path) => github.readFile(path, pr.baseSha, { maxBytes: READ_CAP_BYTES }),
    allowed: contract?.lockfile?.allowed_registries ?? [],
  });
  const withheld = withheldFiles(scopeFiles(diff.files, scope).excluded, lockfiles?.changes);
  // The panel (issue 14), or the one reviewer as a panel of one, which is exactly the reviewer alone.
  const members = ctx.panel?.() ?? soloPanel(ctx.reviewer());
  const policy = settings.panel?.policy ?? UNANIMOUS;
  // Earlier reasons from other commits go to the reviewer to check; re-evaluations of this same head
  // would otherwise change the prompt and defeat the reuse of its recorded verdict.
  const earlier = earlierReasons(history, head);
  const base: PromptBase = {
    ...(settings.prompt.task !== undefined ? { task: settings.prompt.task } : {}),
    ...(settings.prompt.instructions !== undefined ? { instructions: settings.prompt.instructions } : {}),
    ...(contract !== undefined
      ? {
          conditions: {
            intendedAction: contract.intended_action,
            criteria: contract.success_criteria.map((c) => ({ id: c.id, description: c.description })),
            unverifiableClaims: contract.unverifiable_claims,
          },
        }
      : {}),
    ...(earlier.length > 0 ? { earlierReasons: earlier } : {}),
    includePrDescription: settings.prompt.includePrDescription,
    ...(settings.prompt.includePrDescription ? { authorClaims: { title: pr.title, body: pr.body } } : {}),
    // Named so that code in the diff loading one of them stands out.
    ...(withheld.length > 0 ? { withheld } : {}),
  };
  // Each reviewer's chunks from its own context window (earlier reasons, conditions and a PR
  // description counted in the overhead); the files in scope are the same for every reviewer.
  const plans = planPanel(members, diff, scope, base, settings.diff.maxDiffTokens);
  const plan = (plans[0] as MemberPlan).plan;
  log.info(
    `diff: ${diff.files.length} files (${diff.source}); ${plan.inScope.length} in scope, ${plans.reduce((n, p) => n + p.plan.chunks.length, 0)} reviewer call(s)`,
  );
  const pushed = pushNote(history, settings.target, head);
  if (pushed !== undefined) notes.push(pushed);
  for (const how of diff.howRead ?? []) notes.push(`The change: ${how}.`);
  notes.push(...reviewedDespiteNameNotes(plan.reviewedDespiteName));
  const verdictLike = verdictLikeLines(plan.inScope);
  if (verdictLike.length > 0) {
    notes.push(
      `The diff contains ${verdictLike.length} verdict-like line(s), e.g. ${describeVerdictLike(verdictLike[0])}. They are data: only a reply carrying this round's secret token can approve.`,
    );
  }

  const fingerprint = panelFingerprint(plans, policy);
  const recorded = [...history.rounds].reverse().find(
    (r): r is FullRound =>
      !isDigest(r) &&
      r.head === head &&
      r.reviewer?.fingerprint === fingerprint &&
      // The fingerprint hashes the diff the reviewer saw, so a moved base with the same diff asks
      // the same question; the contract and the settings must be the same too.
      bindingChange(r.binding, binding, { base: false }) === undefined,
  );
  // Another pull request of the same head may have asked the same question: its answer stands here
  // (under the same contract and settings too).
  const reuse = settings.forceReview
    ? undefined
    : chooseReuse(
        recorded?.reviewer !== undefined
          ? {
              round: recorded.round,
              verdict: recorded.reviewer.verdict,
              result: storedResultOf(history, recorded.reviewer.result),
              ...recordedMembers(recorded),
            }
          : undefined,
        await sharedVerdict(ctx, pr.number, head, check, {
          own: fingerprint,
          with: (shown) => panelFingerprintWith(plans, withEarlier(base, shown), policy),
          binding,
        }),
      );
  const review =
    answers.get(fingerprint) ??
    (await panelPart({
      plans,
      base,
      policy,
      newRoundToken: ctx.newRoundToken,
      concurrency: settings.reviewer.concurrency,
      ...(reuse !== undefined ? { reuse } : {}),
      // Per-file reuse (incremental rounds), each reviewer under its own key: only files whose key
      // changed are sent to it.
      incremental: (member) =>
        incrementalFor({
          history,
          binding,
          reviewerLabel: reviewerIdentity(member, members.length),
          base,
          round: roundNumber,
          force: settings.forceReview,
        }),
      ...optional("maxRoundTokens", settings.reviewer.maxRoundTokens),
      fingerprint,
      log: (m) => log.info(m),
    }));
  answers.set(fingerprint, review);
  for (const w of review.warnings) log.warning(w);
  parts.push(review.part);

  if (lockfiles !== undefined) parts.push(lockfiles.part);

  const criteria =
    contractOutcome ??
    (await checkCriteria({
      contract: contract as NonNullable<typeof contract>,
      source: settings.contractPath,
      tree: ctx.openTree(),
      diff,
      ...optional("treeMismatch", mismatch),
    }));
  parts.push(criteria.part);

  const requires: readonly Requirement[] = contract?.requires ?? [];
  const previous = lastRound(history);
  const deps = await dependenciesPart({
    github,
    requires,
    pr: { ...pr, headSha: head },
    ownCheckRunId: check.id,
    pendingBefore: previous?.pendingSince ?? {},
    now: ctx.now(),
    ...(ctx.localDependencies !== undefined ? { local: ctx.localDependencies } : {}),
  });
  parts.push(deps.part);

  const decision = decide(parts);
  // A verdict is recorded for reuse only when it was a real one on every chunk: a timeout or a
  // broken contract must be asked again, not remembered.
  const clean =
    (review.verdict === "APPROVE" || review.verdict === "REQUEST_CHANGES") && review.calls.every((c) => c.ok);
  const concluded = concludeRound({
    history,
    maxRounds: settings.maxRounds,
    head,
    at: ctx.now().toISOString(),
    // Stored bounded (loop.ts caps every field); the check run reports it whole.
    outcome: decision.result,
    ...(clean || review.reusedFromRound !== undefined
      ? { reviewer: { verdict: review.verdict, fingerprint, result: review.uncapped } }
      : {}),
    coverage: formatCoverage(review.coverage),
    ...storedMembers(review.panel),
    usage: usageOf(review.calls),
    ...(Object.keys(deps.pendingSince).length > 0 ? { pendingSince: deps.pendingSince } : {}),
    binding,
  });
  // A re-evaluation that finds everything as the last round left it is posted, not recorded again.
  const fresh = !repeatsLast(history, concluded.record);
  const after = fresh
    ? withFileVerdicts(append(history, concluded), review.files, review.fileTexts, concluded.record.round)
    : history;
  const shownRound = fresh ? concluded.record.round : roundCount(history);
  // The loop rules may have turned a block into a hold; the parts table says why.
  const roundsPart: Part = {
    name: "rounds",
    // The loop rules only ever turn a block into a hold (exhausted, contradiction).
    result: concluded.status === decision.status ? yes() : maybe(concluded.result.needed[0] ?? "held"),
    summary:
      concluded.status === decision.status
        ? `round ${shownRound}${fresh ? "" : " (re-evaluated: nothing changed, so nothing new recorded)"}; ${concluded.record.receipt.after.blockedRounds} of ${settings.maxRounds} blocked rounds used`
        : (concluded.result.needed[0] ?? "held by the loop rules"),
  };
  const report: RoundReport = {
    ...baseReport(ctx, pr, head, shownRound),
    status: concluded.status,
    result: concluded.result,
    parts: [...parts, roundsPart],
    coverage: coverageReport(review.coverage),
    reviewer: {
      label:
        members.length === 1
          ? (members[0] as (typeof members)[number]).reviewer.label
          : `a panel of ${members.length} (${describePolicy(policy)})`,
      verdict: review.verdict,
      panel: review.panel,
      calls: review.calls,
      ...(review.reusedFromRound !== undefined ? { reusedFromRound: review.reusedFromRound } : {}),
      ...(review.reusedFromPr !== undefined ? { reusedFromPr: review.reusedFromPr } : {}),
      ...optional("reusedFiles", review.reusedFiles),
      tokensTotal: tokensSoFar(after),
      warnings: review.warnings,
    },
    criteria: criteria.report,
    history: historyRows(after),
    budget: { used: concluded.record.receipt.after.blockedRounds, max: settings.maxRounds },
    notes,
    waitingOn: deps.items.filter((i) => i.state === "pending").map((i) => i.req.type),
  };
  const annotations = annotationsFor(review.findings, criteria.checked, plan.inScope);
  const findings = roundFindings(review, plan, diff.files, roundCount(history) > 0);
  const { jobSummary, report: posted } = await publish(ctx, {
    check,
    pr,
    head,
    report,
    history: after,
    comment: loaded.comment,
    saveHistory: fresh,
    annotations,
    ...(findings !== undefined ? { findings } : {}),
  });
  return outcomeFrom(concluded.status, concluded.result, {
    check,
    head,
    round: shownRound,
    reviewerVerdict: review.verdict,
    coverage: formatCoverage(review.coverage),
    history: after,
    jobSummary,
    report: posted,
    message: `${concluded.status}${concluded.result.reasons[0] ? `: ${concluded.result.reasons[0]}` : concluded.result.needed[0] ? `: ${concluded.result.needed[0]}` : ""}`,
  });
}

function describeVerdictLike(v: VerdictLikeLine | undefined): string {
  if (v === undefined) return "";
  const where =
    v.kind === "path"
      ? `the file name ${v.path}`
      : `${v.path}${v.line !== undefined ? `:${v.line}` : ""} (${v.kind === "add" ? "added" : v.kind === "del" ? "removed" : "context"})`;
  return `${where}: "${v.text.trim().slice(0, 80)}"`;
}

/** The prompt's conditions with another history's earlier reasons in place of this one's. */
function withEarlier(base: PromptBase, earlier: PromptBase["earlierReasons"] & object): PromptBase {
  const { earlierReasons: _mine, ...rest } = base;
  return earlier.length > 0 ? { ...rest, earlierReasons: earlier } : rest;
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

/** One round for a pull request. Throws only before the check run exists or after it was completed
 * as a hold naming the error, so the caller can fail the step. */
export async function runPullRequestRound(
  ctx: RoundContext,
  number: number,
  eventHead?: string,
): Promise<RoundOutcome> {
  const { settings, github, log } = ctx;
  const pr = await github.pullRequest(number);
  if (pr.state === "closed") {
    return {
      message: `pull request #${number} is closed${pr.merged ? " (merged)" : ""}: nothing to gate, no check posted`,
      reviewerVerdict: "SKIPPED",
      coverage: "0% (not reviewed)",
      reasons: [],
      exclusions: null,
      jobSummary: "",
    };
  }
  // Gate the commit the event named: it is the one the workflow checked out. A newer push has its
  // own run.
  const head = eventHead ?? pr.headSha;
  if (eventHead !== undefined && eventHead !== pr.headSha) {
    log.warning(
      `pull request #${number} has moved on to ${pr.headSha.slice(0, 12)}; this run gates ${eventHead.slice(0, 12)}, the commit its event named`,
    );
  }
  // Before anything is posted: a refused decision must leave the PR exactly as it was, neither
  // approved nor turned into a hold by someone who may not decide.
  if (settings.decision !== undefined) await confirmDecider(ctx, settings.decision.actor, pr);
  let check: CheckRunRef;
  try {
    check = await github.startCheck(
      head,
      settings.checkName,
      "verdict-gate is reviewing this commit…",
      number,
    );
    log.info(`check run ${check.id} started on ${head.slice(0, 12)}`);
  } catch (error) {
    if (!(error instanceof CannotWriteChecksError)) throw error;
    // A read-only token (a fork PR under `pull_request`): judge anyway so the job summary carries the
    // verdict, post nothing, and fail the step with the setups that do work.
    log.warning(CANNOT_WRITE_CHECKS);
    const readOnly: RoundContext = { ...ctx, github: readOnlyGitHub(github) };
    const outcome = await runPullRequestRoundWith(readOnly, pr, head, {
      id: 0,
      appSlug: "github-actions",
      url: "",
    });
    const { checkRunId: _none, ...judged } = outcome;
    return { ...judged, checkUnavailable: CANNOT_WRITE_CHECKS };
  }
  return runPullRequestRoundWith(onGitHubClock(ctx, check), pr, head, check);
}

/** The round's clock is GitHub's, set by the time GitHub stamped on this round's check run. Dependency
 * timeouts compare times that different runners recorded days apart: a self-hosted runner whose clock
 * is an hour off would time a dependency out early, or never. GitHub's clock also stamps the check
 * runs and statuses the dependencies are. */
function onGitHubClock(ctx: RoundContext, check: CheckRunRef): RoundContext {
  const started = check.startedAt === undefined ? Number.NaN : Date.parse(check.startedAt);
  if (Number.isNaN(started)) return ctx;
  const offset = started - ctx.now().getTime();
  return { ...ctx, now: () => new Date(ctx.now().getTime() + offset) };
}

/** What a fork PR's read-only token cannot do, and the two setups that gate fork PRs safely. */
export const CANNOT_WRITE_CHECKS =
  "this workflow's token cannot create check runs (a pull request from a fork gets a read-only token under " +
  "`pull_request`), so no check was posted and nothing can pass the required check. Gate fork PRs with " +
  "`pull_request_target` (the head is only read as data, never run) or with a `workflow_run` workflow; " +
  "see docs/workflows.md. The verdict below is in this job's summary only.";

/** The same GitHub with every write turned into nothing: reads still work with a read-only token. */
function readOnlyGitHub(g: GitHubPort): GitHubPort {
  return {
    pullRequest: (n) => g.pullRequest(n),
    diff: (change) => g.diff(change),
    readFile: (p, ref, options) => g.readFile(p, ref, options),
    startCheck: (sha, name, title, pr) => g.startCheck(sha, name, title, pr),
    finishCheck: async () => {},
    findComment: (pr, marker, login) => g.findComment(pr, marker, login),
    saveComment: async () => undefined,
    permission: (user) => g.permission(user),
    checkRuns: (ref, name) => g.checkRuns(ref, name),
    statuses: (ref, context, creator) => g.statuses(ref, context, creator),
    labelAddedBy: (pr, label) => g.labelAddedBy(pr, label),
    openPullsAt: (sha, gated) => g.openPullsAt(sha, gated),
    judgedPullsAt: (sha, checkName) => g.judgedPullsAt(sha, checkName),
    pullRequestState: (repo, n) => g.pullRequestState(repo, n),
    mergeGroupPulls: (sha, ref) => g.mergeGroupPulls(sha, ref),
    requestCount: () => g.requestCount(),
  };
}

function decisionOnUnjudgedHead(pr: number, head: string, judged: string | undefined): string {
  const since =
    judged === undefined
      ? "the gate has not judged it yet"
      : `the gate's last round judged ${judged.slice(0, 12)}`;
  return `pull request #${pr} is at ${head.slice(0, 12)} and ${since}; a decision applies only to the commit the gate last judged. Nothing was decided: wait for this commit's round, read it, then dispatch the decision again.`;
}

function decisionOnMovedBase(pr: number, round: number, moved: string): string {
  return `pull request #${pr} is not on what round ${round} judged: ${moved}. Nothing was decided: let the gate judge it as it is now (re-run it, or dispatch without a decision), read that round, then dispatch the decision again.`;
}

async function runPullRequestRoundWith(
  ctx: RoundContext,
  pr: PullRequestInfo,
  head: string,
  check: CheckRunRef,
): Promise<RoundOutcome> {
  // The reviewer's answers of this run, by fingerprint: judging again on a changed history asks again
  // only when the question changed.
  const answers = new Map<string, PanelPartOutcome>();
  try {
    for (let attempt = 1; ; attempt += 1) {
      const loaded = await loadHistory(ctx, pr.number, check);
      try {
        return await judge(ctx, pr, head, check, loaded, answers);
      } catch (error) {
        if (!(error instanceof HistoryChanged)) throw error;
        // Past the bound: a hold (failCheck below), never a pass computed on a stale history.
        if (attempt >= HISTORY_ATTEMPTS)
          throw new Error(
            `${error.message}, ${attempt} times in a row; nothing was approved: re-run once the other runs are done (docs/history.md)`,
          );
        ctx.log.warning(`${error.message}: judging this round again on the history as it is now`);
      }
    }
  } catch (error) {
    await failCheck(ctx, check, head, pr.number, error);
    throw error;
  }
}

/** Times a round is judged on a history that keeps changing under it before it holds. */
const HISTORY_ATTEMPTS = 3;

/** The round on one reading of the history: a person's decision, one repeated, or an evaluation. */
async function judge(
  ctx: RoundContext,
  pr: PullRequestInfo,
  head: string,
  check: CheckRunRef,
  loaded: LoadedHistory,
  answers: Map<string, PanelPartOutcome>,
): Promise<RoundOutcome> {
  const { settings } = ctx;
  // A decision appended to a history that does not audit would be lost (the next round holds on
  // the history again) and would bury what was changed; the hold says to look and reset first.
  const last = lastRound(loaded.history);
  if (settings.decision !== undefined && loaded.problem === undefined) {
    // A dispatch names the PR, not a commit: a push that lands between the person reading the hold
    // and the run starting would otherwise receive a decision about a commit nobody looked at.
    if (last?.head !== head) throw new Error(decisionOnUnjudgedHead(pr.number, head, last?.head));
    // Nor on another base: the person read a round judged against the old one (a retarget, or the
    // base branch moved), and its diff and contract are not this one's.
    const moved = bindingChange(last.binding, bindingOf(settings, pr.baseSha, "unread"), {
      base: true,
      settings: false,
    });
    if (moved !== undefined) throw new Error(decisionOnMovedBase(pr.number, last.round, moved));
    return await decideByPerson(ctx, pr, head, check, loaded);
  }
  // Only the latest round's decision stands, and only on what it decided: a push supersedes it, a
  // force-push back to the decided commit does not bring it back, and a retarget, a moved base or
  // other settings mean a fresh evaluation (whose summary says what changed).
  if (
    last?.decidedBy !== undefined &&
    last.head === head &&
    loaded.problem === undefined &&
    bindingChange(last.binding, bindingOf(settings, pr.baseSha, "unread")) === undefined
  ) {
    return await repostDecision(ctx, pr, head, check, loaded, last.round);
  }
  return await evaluate(ctx, pr, head, check, loaded, answers);
}
