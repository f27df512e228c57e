// One round of a pull request, end to end: PR → check run in progress → history → (a person's
// decision | exhausted | contract, diff, reviewer, criteria, dependencies) → one status → history
// saved, check run completed. Every capability comes through RoundContext, so this file decides the
// order and the rules, never how the world is reached.
//
// The invariant this file exists to keep: once the check run exists, the round ends with it
// completed as something — approve only when every part said YES on the whole diff — or, if
// anything throws, as a hold that names the error. Nothing here catches an error into success.
import type { Requirement } from "../criteria/requirement-schema.js";
import type { TreeReader } from "../criteria/tree.js";
import { historyMarker, readHistoryComment, renderHistoryComment } from "../report/history-comment.js";
import {
  type CoverageReport,
  type HistoryRow,
  type RoundReport,
  renderCheck,
  renderJobSummary,
} from "../report/round-report.js";
import { formatCoverage } from "../review/coverage.js";
import { type VerdictLikeLine, verdictLikeLines } from "../review/forgery.js";
import { diffBudget, planReview } from "../review/plan.js";
import type { Reviewer } from "../review/reviewer.js";
import type { Settings } from "../settings.js";
import { decide, humanDecision, type Part, reasonsOf } from "../verdict/decision.js";
import { conclusionOf, maybe, no, type Result, type Status, yes } from "../verdict/four.js";
import { append, audit, earlierReasons, emptyHistory, type History, repeats } from "../verdict/history.js";
import { concludeRound, repeatsLast, terminalNeed } from "../verdict/loop.js";
import { annotationsFor } from "./annotations.js";
import { checkCriteria, readContract } from "./criteria-part.js";
import { dependenciesPart } from "./dependencies-part.js";
import {
  CannotWriteChecksError,
  type CheckRunRef,
  type GitHubPort,
  type Logger,
  type PullRequestInfo,
  type StoredComment,
} from "./ports.js";
import { type PromptBase, reviewerPart, reviewFingerprint } from "./reviewer-part.js";

export interface RoundContext {
  settings: Settings;
  github: GitHubPort;
  /** Created on first use: a person's decision or an exhausted loop needs no reviewer (or its key). */
  reviewer: () => Reviewer;
  /** The checked-out tree the criteria read, or why it cannot be read. */
  openTree: () => TreeReader | { error: string };
  /** The commit the workspace has checked out, when it can be told (a .git directory). */
  workspaceHead: () => string | undefined;
  now: () => Date;
  newRoundToken: () => string;
  log: Logger;
  version: string;
}

export interface RoundOutcome {
  /** Undefined when nothing was gated (a closed pull request). */
  status?: Status;
  message: string;
  checkRunId?: number;
  headSha?: string;
  round?: number;
  reviewerVerdict: string;
  coverage: string;
  reasons: string[];
  exclusions: unknown;
  jobSummary: string;
  /** What the round reported, for renderers besides the check run's (the CLI's terminal report). */
  report?: RoundReport;
  /** Why no check run could be posted (the step must then fail, whatever the status). */
  checkUnavailable?: string;
}

/** The longest reason stored in the history, and how many per round: the history must fit one comment. */
const STORED_REASON_CHARS = 500;
const STORED_REASONS = 30;

function cap(list: readonly string[]): string[] {
  const kept = list
    .slice(0, STORED_REASONS)
    .map((r) => (r.length > STORED_REASON_CHARS ? `${r.slice(0, STORED_REASON_CHARS - 1)}…` : r));
  if (list.length > STORED_REASONS)
    kept.push(`…and ${list.length - STORED_REASONS} more (see the check run)`);
  return kept;
}

/** Results whose reason lists are bounded for storage (the check run shows them all). */
function bounded(result: Result): {
  value: Result["value"];
  reasons: string[];
  needed: string[];
  dependencies: string[];
} {
  return {
    value: result.value,
    reasons: cap(result.reasons),
    needed: cap(result.needed),
    dependencies: cap(result.dependencies),
  };
}

export function exclusionsJson(history: History): unknown {
  const last = history.rounds[history.rounds.length - 1];
  return {
    pr: history.pr,
    check: history.check,
    blocked_rounds: last?.receipt.after.blockedRounds ?? 0,
    max_rounds: last?.receipt.after.maxRounds ?? null,
    rounds: history.rounds.map((r) => ({
      round: r.round,
      head: r.head,
      at: r.at,
      status: r.status,
      reasons: repeats(history, r.round, r.reasons).map((x) => ({
        reason: x.reason,
        repeated_from: x.from ?? null,
      })),
      needed: r.needed,
      dependencies: r.dependencies,
      ...(r.decidedBy !== undefined ? { decided_by: r.decidedBy } : {}),
      ...(r.decisionReason !== undefined ? { decision_reason: r.decisionReason } : {}),
    })),
  };
}

function historyRows(history: History): HistoryRow[] {
  return history.rounds.map((r) => {
    const marked = repeats(history, r.round, r.reasons);
    // A person's approve has no reasons; their own words are what the row must show.
    const because = r.status === "approve" && r.decisionReason !== undefined ? [r.decisionReason] : [];
    return {
      round: r.round,
      head: r.head,
      status: r.status,
      reasons: [...because, ...r.reasons, ...r.needed, ...r.dependencies.map((d) => `waiting for ${d}`)],
      repeatedFrom: [
        ...because.map(() => undefined),
        ...marked.map((m) => m.from),
        ...r.needed.map(() => undefined),
        ...r.dependencies.map(() => undefined),
      ],
      ...(r.decidedBy !== undefined ? { decidedBy: r.decidedBy } : {}),
      at: r.at,
    };
  });
}

interface LoadedHistory {
  history: History;
  comment: StoredComment | undefined;
  /** The stored history cannot be trusted (unreadable, or its chain does not audit). */
  problem?: string;
}

async function loadHistory(ctx: RoundContext, pr: number, check: CheckRunRef): Promise<LoadedHistory> {
  const { settings, github } = ctx;
  // Only our own identity's comment counts: anyone can comment on a PR, and a forged history could
  // claim a person's approve.
  const comment = await github.findComment(pr, historyMarker(settings.checkName), `${check.appSlug}[bot]`);
  if (comment === undefined) return { history: emptyHistory(pr, settings.checkName), comment };
  const read = readHistoryComment(comment.body);
  if (!read.ok) return { history: emptyHistory(pr, settings.checkName), comment, problem: read.message };
  if (read.history.pr !== pr || read.history.check !== settings.checkName) {
    return {
      history: emptyHistory(pr, settings.checkName),
      comment,
      problem: "the stored round history belongs to another pull request or check",
    };
  }
  const report = audit(read.history);
  if (!report.valid) {
    return {
      history: read.history,
      comment,
      problem: `the stored round history does not audit: ${report.errors.slice(0, 3).join("; ")}`,
    };
  }
  return { history: read.history, comment };
}

function outcomeFrom(
  status: Status,
  result: Result,
  extra: {
    check: CheckRunRef;
    head: string;
    round: number;
    reviewerVerdict: string;
    coverage: string;
    history: History;
    jobSummary: string;
    report: RoundReport;
    message: string;
  },
): RoundOutcome {
  return {
    status,
    message: extra.message,
    checkRunId: extra.check.id,
    headSha: extra.head,
    round: extra.round,
    reviewerVerdict: extra.reviewerVerdict,
    coverage: extra.coverage,
    reasons: reasonsOf(result),
    exclusions: exclusionsJson(extra.history),
    jobSummary: extra.jobSummary,
    report: extra.report,
  };
}

/** Finish the check run and save the history; shared by every path that reaches a status. */
async function publish(
  ctx: RoundContext,
  input: {
    check: CheckRunRef;
    pr: PullRequestInfo;
    head: string;
    report: RoundReport;
    history: History;
    comment: StoredComment | undefined;
    saveHistory: boolean;
    annotations: ReturnType<typeof annotationsFor>;
  },
): Promise<string> {
  const { github, settings } = ctx;
  if (input.saveHistory) {
    const body = renderHistoryComment(input.history, {
      checkName: settings.checkName,
      ...(settings.runUrl !== undefined ? { runUrl: settings.runUrl } : {}),
    });
    await github.saveComment(input.pr.number, body, input.comment);
  }
  const rendered = renderCheck(input.report);
  await github.finishCheck(
    input.check,
    { title: rendered.title, summary: rendered.summary, annotations: input.annotations },
    conclusionOf(input.report.status),
  );
  return renderJobSummary(input.report);
}

function baseReport(
  ctx: RoundContext,
  pr: PullRequestInfo,
  head: string,
  round: number,
): Omit<RoundReport, "status" | "result" | "parts" | "history"> {
  return {
    round,
    headSha: head,
    prNumber: pr.number,
    checkName: ctx.settings.checkName,
    notes: [],
    version: ctx.version,
    ...(ctx.settings.runUrl !== undefined ? { runUrl: ctx.settings.runUrl } : {}),
  };
}

/** A person's decision, recorded as a round of its own for this head commit only. */
async function decideByPerson(
  ctx: RoundContext,
  pr: PullRequestInfo,
  head: string,
  check: CheckRunRef,
  loaded: LoadedHistory,
): Promise<RoundOutcome> {
  const decision = ctx.settings.decision;
  if (decision === undefined) throw new Error("decideByPerson without a decision");
  const decided = humanDecision(decision.decision, decision.actor, decision.reason);
  const concluded = concludeRound({
    history: loaded.history,
    maxRounds: ctx.settings.maxRounds,
    head,
    at: ctx.now().toISOString(),
    outcome: bounded(decided.result),
    decidedBy: decision.actor,
    decisionReason: cap([decision.reason])[0] ?? "",
  });
  const history = append(loaded.history, concluded.record);
  const report: RoundReport = {
    ...baseReport(ctx, pr, head, concluded.record.round),
    status: concluded.status,
    result: decided.result,
    parts: decided.parts,
    history: historyRows(history),
    notes: [`Decided by @${decision.actor} through workflow_dispatch; the next push starts a fresh round.`],
    budget: { used: concluded.record.receipt.after.blockedRounds, max: ctx.settings.maxRounds },
  };
  const jobSummary = await publish(ctx, {
    check,
    pr,
    head,
    report,
    history,
    comment: loaded.comment,
    saveHistory: true,
    annotations: [],
  });
  return outcomeFrom(concluded.status, decided.result, {
    check,
    head,
    round: concluded.record.round,
    reviewerVerdict: "SKIPPED",
    coverage: "0% (decided by a person)",
    history,
    jobSummary,
    report,
    message: `${concluded.status}: decided by @${decision.actor}`,
  });
}

/** Whether the checked-out tree is the PR's code: its head, or (pull_request) the test merge commit
 * GitHub checks out by default. A `pull_request_target` workflow that checks out the base would
 * otherwise have the criteria pass on the base branch's files. */
function treeMismatch(ctx: RoundContext, pr: PullRequestInfo, head: string): string | undefined {
  const checkedOut = ctx.workspaceHead();
  if (checkedOut === undefined) return undefined;
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
): Promise<RoundOutcome> {
  const { settings, github, log } = ctx;
  const { history } = loaded;
  const roundNumber = history.rounds.length + 1;
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
          })
        : undefined;
    // A terminal hold already recorded for this head is posted again, not recorded again.
    const fresh = concluded !== undefined && !repeatsLast(history, concluded.record);
    const after = fresh ? append(history, concluded.record) : history;
    const part: Part = { name: "rounds", result, summary: need };
    const report: RoundReport = {
      ...baseReport(
        ctx,
        pr,
        head,
        concluded === undefined ? roundNumber : fresh ? concluded.record.round : history.rounds.length,
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
    const jobSummary = await publish(ctx, {
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
      report,
      message: `hold-for-human: ${need}`,
    });
  }

  // The contract, from the base commit: the PR cannot weaken its own gate.
  log.info(`contract: ${settings.contractPath} at base ${pr.baseSha.slice(0, 12)}`);
  const contractFile = await github.readFile(settings.contractPath, pr.baseSha);
  const { contract, outcome: contractOutcome } = readContract(contractFile, settings.contractPath);

  log.info("diff: fetching");
  // The diff of the commit being gated, not of whatever the PR points at now: an approve must be about
  // exactly the code the check run is posted on (the adapter re-checks the head and refuses if it moved).
  const diff = await github.diff({ ...pr, headSha: head });
  const reviewer = ctx.reviewer();
  const plan = planReview(diff, {
    include: settings.diff.include,
    exclude: settings.diff.exclude,
    defaultExcludes: settings.diff.defaultExcludes,
    maxDiffTokens: diffBudget({
      maxDiffTokens: settings.diff.maxDiffTokens,
      contextWindow: reviewer.contextWindow,
    }),
  });
  log.info(
    `diff: ${diff.files.length} files (${diff.source}); ${plan.inScope.length} in scope, ${plan.chunks.length} reviewer call(s)`,
  );
  const pushed = pushNote(history, settings.target, head);
  if (pushed !== undefined) notes.push(pushed);
  const verdictLike = verdictLikeLines(plan.inScope);
  if (verdictLike.length > 0) {
    notes.push(
      `The diff contains ${verdictLike.length} verdict-like line(s), e.g. ${describeVerdictLike(verdictLike[0])}. They are data: only a reply carrying this round's secret token can approve.`,
    );
  }

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
  };
  const fingerprint = reviewFingerprint(reviewer.label, base, plan);
  const recorded = [...history.rounds]
    .reverse()
    .find((r) => r.head === head && r.reviewer?.fingerprint === fingerprint);
  const reuse =
    !settings.forceReview && recorded?.reviewer !== undefined
      ? { round: recorded.round, verdict: recorded.reviewer.verdict, result: recorded.reviewer.result }
      : undefined;
  const review = await reviewerPart({
    plan,
    reviewer,
    base,
    roundToken: ctx.newRoundToken(),
    concurrency: settings.reviewer.concurrency,
    ...(reuse !== undefined ? { reuse } : {}),
    fingerprint,
    log: (m) => log.info(m),
  });
  for (const w of review.warnings) log.warning(w);
  parts.push(review.part);

  const criteria =
    contractOutcome ??
    (await checkCriteria({
      contract: contract as NonNullable<typeof contract>,
      source: settings.contractPath,
      tree: ctx.openTree(),
      diff,
      ...optional("treeMismatch", treeMismatch(ctx, pr, head)),
    }));
  parts.push(criteria.part);

  const requires: readonly Requirement[] = contract?.requires ?? [];
  const previous = history.rounds[history.rounds.length - 1];
  const deps = await dependenciesPart({
    github,
    requires,
    pr: { ...pr, headSha: head },
    ownCheckRunId: check.id,
    pendingBefore: previous?.pendingSince ?? {},
    now: ctx.now(),
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
    outcome: bounded(decision.result),
    ...(clean || review.reusedFromRound !== undefined
      ? { reviewer: { verdict: review.verdict, fingerprint, result: bounded(review.uncapped) } }
      : {}),
    coverage: formatCoverage(review.coverage),
    ...(Object.keys(deps.pendingSince).length > 0 ? { pendingSince: deps.pendingSince } : {}),
  });
  // A re-evaluation that finds everything as the last round left it is posted, not recorded again.
  const fresh = !repeatsLast(history, concluded.record);
  const after = fresh ? append(history, concluded.record) : history;
  const shownRound = fresh ? concluded.record.round : history.rounds.length;
  // The loop rules may have turned a block into a hold; the parts table says why.
  const roundsPart: Part = {
    name: "rounds",
    result:
      concluded.status === decision.status
        ? yes()
        : concluded.result.value === "MAYBE"
          ? maybe(concluded.result.needed[0] ?? "held")
          : no("rounds"),
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
      label: reviewer.label,
      verdict: review.verdict,
      calls: review.calls,
      ...(review.reusedFromRound !== undefined ? { reusedFromRound: review.reusedFromRound } : {}),
      warnings: review.warnings,
    },
    criteria: criteria.report,
    history: historyRows(after),
    budget: { used: concluded.record.receipt.after.blockedRounds, max: settings.maxRounds },
    notes,
  };
  const annotations = annotationsFor(review.findings, criteria.checked, plan.inScope);
  const jobSummary = await publish(ctx, {
    check,
    pr,
    head,
    report,
    history: after,
    comment: loaded.comment,
    saveHistory: fresh,
    annotations,
  });
  return outcomeFrom(concluded.status, concluded.result, {
    check,
    head,
    round: shownRound,
    reviewerVerdict: review.verdict,
    coverage: formatCoverage(review.coverage),
    history: after,
    jobSummary,
    report,
    message: `${concluded.status}${concluded.result.reasons[0] ? `: ${concluded.result.reasons[0]}` : concluded.result.needed[0] ? `: ${concluded.result.needed[0]}` : ""}`,
  });
}

/** What a `synchronize` push replaced (its `before`). The history belongs to the pull request, so it
 * carries over a force-push that removed the earlier commits from the branch; without this note a
 * reader could not tell which commit the earlier rounds judged, nor that a push skipped the gate. */
function pushNote(history: History, target: Settings["target"], head: string): string | undefined {
  if (target.kind !== "pull_request" || target.before === undefined || target.before === head)
    return undefined;
  const gated = [...history.rounds].reverse().find((r) => r.head === target.before);
  const what = gated !== undefined ? `round ${gated.round}, ${gated.status}` : "never gated";
  return `Pushed over ${target.before.slice(0, 12)} (${what}); the round history carries over, force-pushes included.`;
}

function describeVerdictLike(v: VerdictLikeLine | undefined): string {
  if (v === undefined) return "";
  const where =
    v.kind === "path"
      ? `the file name ${v.path}`
      : `${v.path}${v.line !== undefined ? `:${v.line}` : ""} (${v.kind === "add" ? "added" : v.kind === "del" ? "removed" : "context"})`;
  return `${where}: "${v.text.trim().slice(0, 80)}"`;
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

function coverageReport(c: import("../review/coverage.js").Coverage): CoverageReport {
  return {
    filesReviewed: c.files.reviewed,
    filesTotal: c.files.total,
    linesReviewed: c.lines.reviewed,
    linesTotal: c.lines.total,
    complete: c.complete,
    excluded: c.excluded.map((e) => ({ path: e.path, reason: e.reason })),
    notReviewed: c.notReviewed.map((n) => ({ path: n.path, reason: `${n.reason}: ${n.detail}` })),
  };
}

/** Describes an error for a check run or a log line, whatever was thrown. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  try {
    return `non-error thrown: ${JSON.stringify(error)}`;
  } catch {
    return `non-error thrown: ${String(error)}`;
  }
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
  if (settings.decision !== undefined) await confirmDecider(ctx, settings.decision.actor);
  let check: CheckRunRef;
  try {
    check = await github.startCheck(head, settings.checkName, "verdict-gate is reviewing this commit…");
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
    return { ...outcome, checkRunId: undefined, checkUnavailable: CANNOT_WRITE_CHECKS };
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

/** Only someone who could merge may decide by hand: write, maintain or admin, as the API reports it
 * now (not as the workflow's trigger implied; a `workflow_call` can pass any actor's dispatch on). */
async function confirmDecider(ctx: RoundContext, actor: string): Promise<void> {
  const permission = await ctx.github.permission(actor);
  if (!["admin", "maintain", "write"].includes(permission)) {
    throw new Error(
      `@${actor} has ${permission} permission; recording a decision needs write access to the repository. Nothing was posted.`,
    );
  }
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
    diff: (pr) => g.diff(pr),
    readFile: (p, ref) => g.readFile(p, ref),
    startCheck: (sha, name, title) => g.startCheck(sha, name, title),
    finishCheck: async () => {},
    findComment: (pr, marker, login) => g.findComment(pr, marker, login),
    saveComment: async () => {},
    permission: (user) => g.permission(user),
    checkRuns: (ref, name) => g.checkRuns(ref, name),
    statuses: (ref, context) => g.statuses(ref, context),
    pullRequestState: (repo, n) => g.pullRequestState(repo, n),
    mergeGroupPulls: (sha, ref) => g.mergeGroupPulls(sha, ref),
    requestCount: () => g.requestCount(),
  };
}

async function runPullRequestRoundWith(
  ctx: RoundContext,
  pr: PullRequestInfo,
  head: string,
  check: CheckRunRef,
): Promise<RoundOutcome> {
  const { settings } = ctx;
  try {
    const loaded = await loadHistory(ctx, pr.number, check);
    // A decision appended to a history that does not audit would be lost (the next round holds on
    // the history again) and would bury what was changed; the hold says to look and reset first.
    if (settings.decision !== undefined && loaded.problem === undefined)
      return await decideByPerson(ctx, pr, head, check, loaded);
    const decided = [...loaded.history.rounds].reverse().find((r) => r.head === head);
    if (decided?.decidedBy !== undefined && loaded.problem === undefined) {
      return await repostDecision(ctx, pr, head, check, loaded, decided.round);
    }
    return await evaluate(ctx, pr, head, check, loaded);
  } catch (error) {
    await failCheck(ctx, check, head, pr.number, error);
    throw error;
  }
}

/** A person already decided this head: re-evaluations (a label, a re-run) repeat their decision. */
async function repostDecision(
  ctx: RoundContext,
  pr: PullRequestInfo,
  head: string,
  check: CheckRunRef,
  loaded: LoadedHistory,
  round: number,
): Promise<RoundOutcome> {
  const record = loaded.history.rounds[round - 1];
  if (record === undefined || record.decidedBy === undefined)
    throw new Error(`round ${round} is not a person's decision`);
  const result: Result = {
    value: record.status === "approve" ? "YES" : "NO",
    reasons: record.reasons,
    needed: [],
    dependencies: [],
  };
  const because = record.decisionReason !== undefined ? `: ${record.decisionReason}` : "";
  const part: Part = {
    name: "rounds",
    result,
    summary: `decided by @${record.decidedBy} in round ${round}${because}`,
  };
  const report: RoundReport = {
    ...baseReport(ctx, pr, head, round),
    status: record.status,
    result,
    parts: [part],
    history: historyRows(loaded.history),
    notes: [
      `@${record.decidedBy} decided this commit in round ${round}; the decision stands until the next push.`,
    ],
  };
  const jobSummary = await publish(ctx, {
    check,
    pr,
    head,
    report,
    history: loaded.history,
    comment: loaded.comment,
    saveHistory: false,
    annotations: [],
  });
  return outcomeFrom(record.status, result, {
    check,
    head,
    round,
    reviewerVerdict: "SKIPPED",
    coverage: "0% (decided by a person)",
    history: loaded.history,
    jobSummary,
    report,
    message: `${record.status}: decided by @${record.decidedBy} in round ${round}`,
  });
}

/** The last line of defence: the check run ends as a hold that names the error. If even that fails,
 * the check run stays in progress, which a required check also never counts as passing. */
export async function failCheck(
  ctx: RoundContext,
  check: CheckRunRef,
  head: string,
  pr: number | undefined,
  error: unknown,
): Promise<void> {
  const message = describeError(error);
  const result = maybe(`verdict-gate could not finish this round: ${message}`);
  const report: RoundReport = {
    status: "hold-for-human",
    result,
    parts: [{ name: "rounds", result, summary: "the round stopped on an error" }],
    round: 0,
    headSha: head,
    ...(pr !== undefined ? { prNumber: pr } : {}),
    checkName: ctx.settings.checkName,
    history: [],
    notes: ["Re-run the workflow once the cause is fixed; nothing was approved."],
    version: ctx.version,
    ...(ctx.settings.runUrl !== undefined ? { runUrl: ctx.settings.runUrl } : {}),
  };
  const rendered = renderCheck(report);
  try {
    await ctx.github.finishCheck(
      check,
      { title: rendered.title, summary: rendered.summary, annotations: [] },
      "action_required",
    );
  } catch (secondary) {
    ctx.log.error(
      `could not post the hold on check run ${check.id} either: ${describeError(secondary)}; it stays in progress (never passing)`,
    );
  }
}
