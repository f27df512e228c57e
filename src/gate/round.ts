// One round of a pull request, end to end: PR → check run in progress → history → (a person's
// decision | exhausted | contract, diff, reviewer, criteria, dependencies) → one status (the parts
// decided, then the loop rules) → a pass bound to its commit → history saved, check run completed
// (and a pass taken back if the commit was shared meanwhile). Every capability comes through RoundContext, so this file decides the
// order and the rules, never how the world is reached.
//
// The invariant this file exists to keep: once the check run exists, the round ends with it
// completed as something — approve only when every part said YES on the whole diff — or, if
// anything throws, as a hold that names the error. Nothing here catches an error into success.
import type { Contract } from "../criteria/contract-schema.js";
import type { Requirement } from "../criteria/requirement-schema.js";
import type { Diff } from "../diff/types.js";
import {
  CannotWriteChecksError,
  type CheckRunRef,
  type GitHubPort,
  type PullRequestInfo,
} from "../ports/github.js";
import { READ_CAP_BYTES } from "../ports/tree.js";
import type { ReviewerReport } from "../report/round-report.js";
import { formatCoverage } from "../review/coverage.js";
import { type VerdictLikeLine, verdictLikeLines } from "../review/forgery.js";
import { budgetBasis, promptOverheadTokens } from "../review/plan.js";
import { withheldFiles } from "../review/prompt.js";
import { scopeFiles } from "../review/scope.js";
import {
  askReviewers,
  earlierAbout,
  frameQuestion as frameReviewerQuestion,
  type PanelMember,
  type PanelOutcome,
  type PromptBase,
  type ReviewerQuestion,
  soloPanel,
  storedMembers,
  usageOf,
  withFileVerdicts,
} from "../reviewer-stage/index.js";
import type { Settings } from "../settings/settings.js";
import { maybe, no, type Status, YES, yes } from "../verdict/four-values.js";
import {
  append,
  type Binding,
  earlierReasons,
  type History,
  lastRound,
  notStored,
  reasonText,
  roundCount,
  standingBlock,
} from "../verdict/history.js";
import {
  concludeRound,
  forcedAnswer,
  type RoundConclusion,
  repeatsLast,
  terminalNeed,
  tokensSoFar,
} from "../verdict/loop-rules.js";
import { describePolicy, UNANIMOUS } from "../verdict/panel.js";
import { decide, type Part } from "../verdict/round-decision.js";
import { annotationsFor } from "./annotations.js";
import { bindingChange, bindingNote, bindingOf, contractHash } from "./binding.js";
import { bindPassToCommit, takeBackPass } from "./commit-binding.js";
import type { OpenRound, RoundContext, RoundOutcome } from "./context.js";
import { type ContextStep, contextNote, contextStep } from "./context-part.js";
import { type CriteriaPartOutcome, checkCriteria, readContract } from "./criteria-part.js";
import { dependenciesPart } from "./dependencies-part.js";
import { type ReadGuidelines, readGuidelines } from "./guidelines.js";
import { decideByPerson, repostDecision } from "./human-decision.js";
import { type LockfilePartOutcome, lockfilePart } from "./lockfile-part.js";
import { confirmAct, decisionTarget } from "./person-act.js";
import { phase, phasesTogether } from "./phase.js";
import {
  coverageReport,
  failCheck,
  publish,
  type RoundEnding,
  roundOutcome,
  roundReport,
} from "./publish.js";
import { pushOf } from "./pushers.js";
import { roundFindings } from "./review-comments.js";
import { withGuardedReviewers } from "./reviewer-guard.js";
import { HistoryChanged, loadHistory, otherPullHistories, pushNote } from "./round-history.js";
import { reviewedDespiteNameNotes, type WithheldScope, withheldScope } from "./withheld.js";

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

/** One evaluation of the head, as named steps in the order they run. Every step reads `round` and
 * what the steps before it found; none writes anything (endRound publishes what they concluded). */
async function evaluate(
  ctx: RoundContext,
  round: OpenRound,
  answers: Map<string, PanelOutcome>,
): Promise<RoundEnding> {
  const { log } = ctx;
  const held = heldBeforeEvaluation(ctx, round);
  if (held !== undefined) return holdUnevaluated(ctx, round, held);
  // The contract and the diff are read one after the other, though neither needs the other: GitHub
  // sees a round's requests in one order, which the cost tests pin and a fault's attempt counts rely on.
  const contract = await phase(log, "Contract", () => readContractAtBase(ctx, round));
  const change = await phase(log, "Diff", () => readChange(ctx, round, contract));
  const context = await phase(log, "Context", () =>
    contextStep(ctx, {
      mode: ctx.settings.prompt.context,
      diff: change.diff,
      scope: change.scope,
      mismatch: change.mismatch,
    }),
  );
  const question = await phase(log, "Review plan", () =>
    frameQuestion(ctx, round, contract, { ...change, context }),
  );
  // The criteria and the dependencies need nothing the reviewer says, so they run while it is asked.
  // The dependencies' GitHub reads start once the reviewer step's own (a verdict to reuse) are done:
  // GitHub sees the round's requests in the order it always has.
  const lookedUp = signal();
  const [review, criteria, dependencies] = await phasesTogether<
    [PanelOutcome, CriteriaPartOutcome, DependenciesOutcome]
  >(
    log,
    [
      "Reviewer",
      // Fired again when the step ends, however early it fails.
      (l) =>
        askReviewer({ ...ctx, log: l }, round, contract, question, answers, lookedUp.fire).finally(
          lookedUp.fire,
        ),
    ],
    ["Criteria", (l) => checkContractCriteria({ ...ctx, log: l }, contract, change)],
    [
      "Dependencies",
      (l) => lookedUp.fired.then(() => checkDependencies({ ...ctx, log: l }, round, contract)),
    ],
  );
  return concludeEvaluation(ctx, round, { contract, change, question, review, criteria, dependencies });
}

/** Why this round is not evaluated at all: a history that does not audit, or a loop already exhausted
 * (a person decides, not another review). */
function heldBeforeEvaluation(
  ctx: RoundContext,
  round: OpenRound,
): { need: string; untrusted: boolean; forced?: boolean } | undefined {
  const { problem, history } = round.loaded;
  if (problem !== undefined) return { need: problem, untrusted: true };
  const terminal = terminalNeed(history, ctx.settings.maxRounds);
  if (terminal !== undefined) return { need: terminal, untrusted: false };
  // A forced answer with no budget left holds without asking: re-rolling ends in a person, never in
  // an approve by attrition.
  const forced = forcedAnswer(history, round.head, ctx.settings.forceReview);
  const spent = forced ? terminalNeed(history, ctx.settings.maxRounds, true) : undefined;
  return spent === undefined ? undefined : { need: spent, untrusted: false, forced: true };
}

/** The hold of a round not evaluated. An untrustworthy history is left exactly as found, for the
 * person who must look at it; a terminal hold already recorded for this head is posted again, not
 * recorded again. */
function holdUnevaluated(
  ctx: RoundContext,
  round: OpenRound,
  held: { need: string; untrusted: boolean; forced?: boolean },
): RoundEnding {
  const { history } = round.loaded;
  const result = maybe(held.need);
  const concluded = held.untrusted
    ? undefined
    : concludeRound({
        history,
        maxRounds: ctx.settings.maxRounds,
        head: round.head,
        at: ctx.now().toISOString(),
        outcome: result,
        binding: bindingOf(ctx.settings, round.pr.baseSha, "unread"),
        ...(held.forced === true ? { forced: true } : {}),
        ...pushOf(ctx.settings, round.head),
      });
  const fresh = concluded !== undefined && !repeatsLast(history, concluded.record);
  return {
    // Folded rounds count: the round number is the chain's, not the stored array's.
    round:
      concluded === undefined
        ? roundCount(history) + 1
        : fresh
          ? concluded.record.round
          : roundCount(history),
    status: "hold-for-human",
    result,
    parts: [{ name: "rounds", result, summary: held.need }],
    history: fresh ? append(history, concluded) : history,
    saveHistory: fresh,
    notes: held.untrusted
      ? ["Delete the gate's history comment to start the history afresh once a person has looked."]
      : [],
    reviewerVerdict: "SKIPPED",
    coverage: NOT_REVIEWED,
  };
}

/** The `coverage` output of a round that reviewed nothing. */
const NOT_REVIEWED = "0% (not reviewed)";

/** The contract as read from the base commit, and what the round judges on besides its head. */
interface BaseContract {
  contract: Contract | undefined;
  /** The criteria part already decided: no contract file, or one that cannot be used. */
  decided: CriteriaPartOutcome | undefined;
  binding: Binding;
  /** The project's rules the contract names (`review_guidelines`), read at the same base. */
  guidelines: ReadGuidelines;
}

/** The contract, from the base commit: the PR cannot weaken its own gate. */
async function readContractAtBase(ctx: RoundContext, round: OpenRound): Promise<BaseContract> {
  const { settings, github, log } = ctx;
  log.info(`contract: ${settings.contractPath} at base ${round.pr.baseSha.slice(0, 12)}`);
  const file = await github.readFile(settings.contractPath, round.pr.baseSha);
  const { contract, outcome } = readContract(file, settings.contractPath);
  // A record made on another base, contract or settings does not count here.
  const binding = bindingOf(settings, round.pr.baseSha, contractHash(file));
  log.debug(`binding: base ${binding.base}, contract ${binding.contract}, settings ${binding.settings}`);
  // Read only when they would be shown: `context: none` is exactly the diff, and costs no request.
  const named = contract?.review_guidelines ?? [];
  const guidelines =
    named.length > 0 && settings.prompt.context !== "none"
      ? await readGuidelines(github, named, round.pr.baseSha)
      : { guidelines: [], notes: [] };
  return { contract, decided: outcome, binding, guidelines };
}

/** The change judged, and what the gate read at the head to decide what the reviewer is shown. */
interface Change {
  diff: Diff;
  /** Why the checked-out tree is not the PR's code, if it is not. */
  mismatch: string | undefined;
  scope: WithheldScope;
  lockfiles: LockfilePartOutcome | undefined;
}

/** The change of the commit being gated, asked for by its SHA, not by the PR's number: an approve must
 * be about exactly the code the check run is posted on, whatever is pushed meanwhile. */
async function readChange(ctx: RoundContext, round: OpenRound, base: BaseContract): Promise<Change> {
  const { pr, head } = round;
  ctx.log.info("diff: fetching");
  const diff = await ctx.github.diff({ baseSha: pr.baseSha, headSha: head, pull: pr });
  const mismatch = treeMismatch(ctx, pr, head);
  // What the gate withholds from the reviewer is decided by content at the head, not by name.
  const scope = await withheldScope(ctx, diff, head, mismatch === undefined);
  // Changed lockfiles, checked against the base's copies (the reviewer does not read them); what they
  // add and change is named to the reviewer.
  const lockfiles = await lockfilePart({
    files: diff.files,
    content: scope.content,
    readBase: (path) => ctx.github.readFile(path, pr.baseSha, { maxBytes: READ_CAP_BYTES }),
    allowed: base.contract?.lockfile?.allowed_registries ?? [],
  });
  return { diff, mismatch, scope, lockfiles };
}

/** What the reviewer is asked (the reviewer stage's question: the prompt's conditions, each reviewer's
 * plan), and the notes a person should read about the change. */
interface Question extends ReviewerQuestion {
  notes: string[];
  /** What the round gathered to show besides the diff, for the reviewer's section. */
  context?: string;
}

function frameQuestion(
  ctx: RoundContext,
  round: OpenRound,
  base: BaseContract,
  change: Change & { context: ContextStep },
): Question {
  const { settings, log } = ctx;
  const { history } = round.loaded;
  const prompt = promptBase(settings, round, base, change);
  // Each reviewer's chunks from its own context window (earlier reasons, conditions and a PR
  // description counted in the overhead); the files in scope are the same for every reviewer.
  const members = ctx.panel?.() ?? soloPanel(ctx.reviewer());
  // A file over the budget holds the round: the hold names the window each reviewer was assumed to
  // have and the setting that changes it, not only -v's debug line.
  const overheadTokens = promptOverheadTokens(prompt);
  const basis = budgetBasis(
    members.map((m) => ({ ...m.reviewer, label: m.label })),
    { maxDiffTokens: settings.diff.maxDiffTokens, overheadTokens },
  );
  const question = frameReviewerQuestion({
    members,
    policy: settings.panel?.policy ?? UNANIMOUS,
    diff: change.diff,
    scope: { ...change.scope, budgetBasis: basis },
    base: prompt,
    maxDiffTokens: settings.diff.maxDiffTokens,
  });
  const { plan, plans } = question;
  log.info(
    `diff: ${change.diff.files.length} files (${change.diff.source}); ${plan.inScope.length} in scope, ${plans.reduce((n, p) => n + p.plan.chunks.length, 0)} reviewer call(s)`,
  );
  for (const { member, plan: planned } of plans) {
    log.debug(
      `reviewer ${member.label}: context window ${member.reviewer.contextWindow} tokens (${member.reviewer.contextWindowBasis ?? "its provider's figure"}), prompt overhead ${overheadTokens} tokens, ${planned.chunks.length} call(s)`,
    );
  }

  const notes = [bindingNote(history, base.binding), pushNote(history, settings.target, round.head)].filter(
    (n): n is string => n !== undefined,
  );
  for (const how of change.diff.howRead ?? []) notes.push(`The change: ${how}.`);
  notes.push(...base.guidelines.notes);
  notes.push(...reviewedDespiteNameNotes(plan.reviewedDespiteName));
  const verdictLike = verdictLikeLines(plan.inScope);
  if (verdictLike.length > 0) {
    notes.push(
      `The diff contains ${verdictLike.length} verdict-like line(s), e.g. ${describeVerdictLike(verdictLike[0])}. They are data: only a reply carrying this round's secret token can approve.`,
    );
  }
  const context = contextNote(change.context);
  return { ...question, notes, ...(context !== undefined ? { context } : {}) };
}

/** The prompt's parts that are the same for every chunk. */
function promptBase(
  settings: Settings,
  round: OpenRound,
  base: BaseContract,
  change: Change & { context: ContextStep },
): PromptBase {
  const { prompt } = settings;
  const { contract } = base;
  // Earlier reasons from other commits go to the reviewer to check; re-evaluations of this same head
  // would otherwise change the prompt and defeat the reuse of its recorded verdict.
  // Each names the file it is about, so a chunk is shown only its own files' reasons and those about
  // the change as a whole: a file not sent again keeps its verdict without drawing UNRESOLVED holds.
  const earlier = earlierAbout(earlierReasons(round.loaded.history, round.head), change.diff.files);
  const withheld = withheldFiles(
    scopeFiles(change.diff.files, change.scope).excluded,
    change.lockfiles?.changes,
  );
  return {
    ...(prompt.task !== undefined ? { task: prompt.task } : {}),
    ...(prompt.instructions !== undefined ? { instructions: prompt.instructions } : {}),
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
    includePrDescription: prompt.includePrDescription,
    ...(prompt.includePrDescription ? { authorClaims: { title: round.pr.title, body: round.pr.body } } : {}),
    // Named so that code in the diff loading one of them stands out.
    ...(withheld.length > 0 ? { withheld } : {}),
    ...(base.guidelines.guidelines.length > 0 ? { guidelines: base.guidelines.guidelines } : {}),
    ...(change.context.kind === "gathered" ? { context: change.context.gathered.material } : {}),
  };
}

/** The reviewer stage (src/reviewer-stage/): an answer this run already has for the same question,
 * a verdict recorded for it (this pull request's own or another's of the same head), or the reviewers
 * asked about the files whose kept verdicts do not stand. */
async function askReviewer(
  ctx: RoundContext,
  round: OpenRound,
  base: BaseContract,
  question: ReviewerQuestion,
  answers: Map<string, PanelOutcome>,
  lookedUp: () => void = () => {},
): Promise<PanelOutcome> {
  const { settings } = ctx;
  const review = await askReviewers(
    {
      question,
      head: round.head,
      history: round.loaded.history,
      binding: base.binding,
      // Folded rounds count: the round number is the chain's, not the stored array's.
      round: roundCount(round.loaded.history) + 1,
      force: settings.forceReview,
      concurrency: settings.reviewer.concurrency,
      ...optional("maxRoundTokens", settings.reviewer.maxRoundTokens),
      newRoundToken: ctx.newRoundToken,
      log: { info: (m) => ctx.log.info(m), debug: (m) => ctx.log.debug(m) },
      otherHistories: () => otherPullHistories(ctx, round.pr.number, round.head, round.check),
      lookedUp,
    },
    answers,
  );
  for (const w of review.warnings) ctx.log.warning(w);
  return review;
}

/** A one-time signal between steps that run together: `fired` resolves once `fire` is called. */
function signal(): { fire: () => void; fired: Promise<void> } {
  let fire = () => {};
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fire, fired };
}

/** The contract's criteria on the checked-out tree and the change, unless the contract already
 * decided the part (missing or unusable). */
async function checkContractCriteria(
  ctx: RoundContext,
  base: BaseContract,
  change: Change,
): Promise<CriteriaPartOutcome> {
  if (base.decided !== undefined) return base.decided;
  // readContract gives one or the other; neither would be a criteria part nobody decided.
  if (base.contract === undefined) throw new Error("the contract was neither read nor decided");
  return checkCriteria({
    contract: base.contract,
    source: ctx.settings.contractPath,
    tree: ctx.openTree(),
    diff: change.diff,
    ...(change.mismatch !== undefined ? { treeMismatch: change.mismatch } : {}),
  });
}

/** The contract's `requires`, asked of GitHub (or said not asked, in a local round). */
async function checkDependencies(
  ctx: RoundContext,
  round: OpenRound,
  base: BaseContract,
): Promise<DependenciesOutcome> {
  const requires: readonly Requirement[] = base.contract?.requires ?? [];
  return dependenciesPart({
    github: ctx.github,
    requires,
    pr: { ...round.pr, headSha: round.head },
    ownCheckRunId: round.check.id,
    pendingBefore: lastRound(round.loaded.history)?.pendingSince ?? {},
    now: ctx.now(),
    ...(ctx.localDependencies !== undefined ? { local: ctx.localDependencies } : {}),
  });
}

type DependenciesOutcome = Awaited<ReturnType<typeof dependenciesPart>>;

/** What the evaluation's steps found. */
interface Evaluated {
  contract: BaseContract;
  change: Change;
  question: Question;
  review: PanelOutcome;
  criteria: CriteriaPartOutcome;
  dependencies: DependenciesOutcome;
}

/** The parts decided and the loop rules applied: the evaluation's status. */
function concludeEvaluation(ctx: RoundContext, round: OpenRound, found: Evaluated): RoundEnding {
  const { settings } = ctx;
  const { history } = round.loaded;
  const { review, criteria, dependencies: deps, question } = found;
  const parts: Part[] = [review.part];
  const standing = standingPart(history, review.part);
  if (standing !== undefined) parts.push(standing);
  if (found.change.lockfiles !== undefined) parts.push(found.change.lockfiles.part);
  parts.push(criteria.part, deps.part);
  const decision = decide(parts);
  const concluded = concludeRound({
    history,
    maxRounds: settings.maxRounds,
    head: round.head,
    at: ctx.now().toISOString(),
    // Stored bounded (loop-rules.ts caps every field); the check run reports it whole.
    outcome: decision.result,
    ...(review.keep.whole !== undefined ? { reviewer: review.keep.whole } : {}),
    coverage: formatCoverage(review.coverage),
    ...storedMembers(review.panel),
    usage: usageOf(review.calls),
    ...(Object.keys(deps.pendingSince).length > 0 ? { pendingSince: deps.pendingSince } : {}),
    binding: found.contract.binding,
    // Every forced answer on a head the gate answered counts against max-rounds (loop-rules.ts).
    ...(forcedAnswer(history, round.head, settings.forceReview) ? { forced: true } : {}),
    ...pushOf(settings, round.head),
  });
  // A re-evaluation that finds everything as the last round left it is posted, not recorded again.
  const fresh = !repeatsLast(history, concluded.record);
  const after = fresh
    ? withFileVerdicts(
        append(history, concluded),
        review.keep.files,
        review.keep.texts,
        concluded.record.round,
      )
    : history;
  const shownRound = fresh ? concluded.record.round : roundCount(history);
  const findings = roundFindings(review, question.plan, found.change.diff.files, roundCount(history) > 0);
  return {
    round: shownRound,
    status: concluded.status,
    result: concluded.result,
    parts: [...parts, roundsPart(concluded, decision.status, shownRound, fresh, settings.maxRounds)],
    history: after,
    saveHistory: fresh,
    notes: question.notes,
    sections: {
      coverage: coverageReport(review.coverage),
      reviewer: reviewerReport(question, review, after),
      criteria: criteria.report,
      budget: { used: concluded.record.receipt.after.blockedRounds, max: settings.maxRounds },
      waitingOn: deps.items.filter((i) => i.state === "pending").map((i) => i.req.type),
    },
    annotations: annotationsFor(review.findings, criteria.checked, question.plan.inScope),
    ...(findings !== undefined ? { findings } : {}),
    reviewerVerdict: review.verdict,
    coverage: formatCoverage(review.coverage),
  };
}

/** A person's block that still stands (history-loop.ts standingBlock), unless the reviewer approved this
 * round — and an approve given after the block was given with its reason shown (its reasons are
 * earlier reasons here, and no approve kept from before it stands unasked). A round that asked nobody,
 * or whose reviewer could not answer, cannot drop it. */
function standingPart(history: History, reviewer: Part): Part | undefined {
  const standing = standingBlock(history);
  if (standing === undefined || reviewer.result.value === YES) return undefined;
  const reasons = standing.reasonIds.map((id) => reasonText(history, id) ?? notStored(id));
  const [first, ...rest] = reasons.length > 0 ? reasons : [`blocked by @${standing.by}`];
  return {
    name: "decision",
    result: no(first as string, ...rest),
    summary: `@${standing.by} blocked in round ${standing.round}; it stands until a person decides otherwise or a reviewer shown it approves`,
  };
}

/** The loop rules' part in the table: they only ever turn a block into a hold (exhausted,
 * contradiction), and then this part says why. */
function roundsPart(
  concluded: RoundConclusion,
  decided: Status,
  shownRound: number,
  fresh: boolean,
  maxRounds: number,
): Part {
  if (concluded.status !== decided) {
    const why = concluded.result.needed[0];
    return { name: "rounds", result: maybe(why ?? "held"), summary: why ?? "held by the loop rules" };
  }
  return {
    name: "rounds",
    result: yes(),
    summary: `round ${shownRound}${fresh ? "" : " (re-evaluated: nothing changed, so nothing new recorded)"}; ${concluded.record.receipt.after.blockedRounds} of ${maxRounds} blocked rounds used`,
  };
}

/** The reviewer's section of the report; `after` is the history with this round, whose tokens it
 * totals. */
function reviewerReport(question: Question, review: PanelOutcome, after: History): ReviewerReport {
  const { members, policy } = question;
  return {
    ...optional("context", question.context),
    label:
      members.length === 1
        ? (members[0] as PanelMember).reviewer.label
        : `a panel of ${members.length} (${describePolicy(policy)})`,
    verdict: review.verdict,
    panel: review.panel,
    calls: review.calls,
    ...(review.source.kind === "reused" ? { reusedFromRound: review.source.round } : {}),
    ...(review.source.kind === "reused" && review.source.pr !== undefined
      ? { reusedFromPr: review.source.pr }
      : {}),
    ...optional("reusedFiles", review.reusedFiles),
    tokensTotal: tokensSoFar(after),
    warnings: review.warnings,
  };
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

/** One round for a pull request. Throws only before the check run exists or after it was completed
 * as a hold naming the error, so the caller can fail the step. */
export async function runPullRequestRound(
  given: RoundContext,
  number: number,
  eventHead?: string,
): Promise<RoundOutcome> {
  // Every reviewer of the round stops being asked once it cannot help, and by the deadline.
  const ctx = withGuardedReviewers(given);
  const opened = await phase(ctx.log, `Pull request #${number}`, () => openRound(ctx, number, eventHead));
  if (opened.kind === "closed") return closedPullRequest(opened.pr);
  const { pr, head, check } = opened;
  if (check === undefined) return judgeWithoutCheck(ctx, pr, head);
  return judgeOnHistory(onGitHubClock(ctx, check), pr, head, check);
}

/** The pull request read, the commit bound, the decider confirmed and the check run started. */
async function openRound(
  ctx: RoundContext,
  number: number,
  eventHead: string | undefined,
): Promise<
  | { kind: "closed"; pr: PullRequestInfo }
  | { kind: "open"; pr: PullRequestInfo; head: string; check?: CheckRunRef }
> {
  const pr = await ctx.github.pullRequest(number);
  if (pr.state === "closed") return { kind: "closed", pr };
  const head = bindCommit(ctx, pr, eventHead);
  // Before anything is posted: a refused decision or forced answer must leave the PR exactly as it
  // was, neither approved nor turned into a hold by someone who may not act on it.
  await confirmAct(ctx, pr);
  const check = await startCheckRun(ctx, pr, head);
  return { kind: "open", pr, head, ...(check !== undefined ? { check } : {}) };
}

function closedPullRequest(pr: PullRequestInfo): RoundOutcome {
  return {
    message: `pull request #${pr.number} is closed${pr.merged ? " (merged)" : ""}: nothing to gate, no check posted`,
    reviewerVerdict: "SKIPPED",
    coverage: NOT_REVIEWED,
    reasons: [],
    exclusions: null,
    jobSummary: "",
  };
}

/** Gate the commit the event named: it is the one the workflow checked out. A newer push has its own
 * run. */
function bindCommit(ctx: RoundContext, pr: PullRequestInfo, eventHead: string | undefined): string {
  if (eventHead !== undefined && eventHead !== pr.headSha) {
    ctx.log.warning(
      `pull request #${pr.number} has moved on to ${pr.headSha.slice(0, 12)}; this run gates ${eventHead.slice(0, 12)}, the commit its event named`,
    );
  }
  return eventHead ?? pr.headSha;
}

/** The round's check run, in progress on the head; undefined when the token may not create one. */
async function startCheckRun(
  ctx: RoundContext,
  pr: PullRequestInfo,
  head: string,
): Promise<CheckRunRef | undefined> {
  try {
    const check = await ctx.github.startCheck(
      head,
      ctx.settings.checkName,
      "verdict-gate is reviewing this commit…",
      pr.number,
    );
    ctx.log.info(`check run ${check.id} started on ${head.slice(0, 12)}`);
    return check;
  } catch (error) {
    if (!(error instanceof CannotWriteChecksError)) throw error;
    return undefined;
  }
}

/** A read-only token (a fork PR under `pull_request`): judge anyway so the job summary carries the
 * verdict, post nothing, and fail the step with the setups that do work. */
async function judgeWithoutCheck(
  ctx: RoundContext,
  pr: PullRequestInfo,
  head: string,
): Promise<RoundOutcome> {
  ctx.log.warning(CANNOT_WRITE_CHECKS);
  const readOnly: RoundContext = { ...ctx, github: readOnlyGitHub(ctx.github) };
  const outcome = await judgeOnHistory(readOnly, pr, head, { id: 0, appSlug: "github-actions", url: "" });
  const { checkRunId: _none, ...judged } = outcome;
  return { ...judged, checkUnavailable: CANNOT_WRITE_CHECKS };
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
    commitsBetween: (base, head) => g.commitsBetween(base, head),
    requestCount: () => g.requestCount(),
  };
}

/** The round judged on the history as read, and judged again when another run changes the history
 * underneath it. Whatever is thrown once the check run exists ends it as a hold naming the error. */
async function judgeOnHistory(
  ctx: RoundContext,
  pr: PullRequestInfo,
  head: string,
  check: CheckRunRef,
): Promise<RoundOutcome> {
  // The reviewer's answers of this run, by fingerprint: judging again on a changed history asks again
  // only when the question changed.
  const answers = new Map<string, PanelOutcome>();
  try {
    for (let attempt = 1; ; attempt += 1) {
      const loaded = await phase(ctx.log, "Round history", () => loadHistory(ctx, pr.number, check));
      ctx.log.debug(
        `history: ${roundCount(loaded.history)} round(s)${loaded.problem !== undefined ? `, not trusted: ${loaded.problem}` : ""}; attempt ${attempt} of ${HISTORY_ATTEMPTS}`,
      );
      try {
        return await judge(ctx, { pr, head, check, loaded }, answers);
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

/** The round on one reading of the history, in the order its rules apply: a status reached, then the
 * round ended with it. */
async function judge(
  ctx: RoundContext,
  round: OpenRound,
  answers: Map<string, PanelOutcome>,
): Promise<RoundOutcome> {
  const ending = await reachStatus(ctx, round, answers);
  return endRound(ctx, round, ending);
}

/** The status, by the first path that applies: a person's decision, one repeated, or an evaluation. */
async function reachStatus(
  ctx: RoundContext,
  round: OpenRound,
  answers: Map<string, PanelOutcome>,
): Promise<RoundEnding> {
  const { settings } = ctx;
  const { pr, head, loaded } = round;
  // A decision appended to a history that does not audit would be lost (the next round holds on
  // the history again) and would bury what was changed; the hold says to look and reset first.
  const last = lastRound(loaded.history);
  if (settings.decision !== undefined && loaded.problem === undefined) {
    // Asked before anything was posted (person-act.ts) and again here, on the history this round
    // trusts: a decision lands only on the round its author read, on this head and base.
    const refused = decisionTarget(ctx, loaded.history, { ...pr, headSha: head });
    if (refused !== undefined) throw new Error(refused);
    return decideByPerson(ctx, round);
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
    return repostDecision(round, last.round);
  }
  return await evaluate(ctx, round, answers);
}

/** How every path ends, in the order its rules apply; nothing after it changes the status. A pass
 * belongs to a commit, and every open pull request at the commit shows its newest check run: before
 * anything is posted, an approve holds unless every other open pull request at the commit passed
 * there (commit-binding.ts; a local round posts nothing another pull request could show). Then the
 * round is published, and a posted pass is taken back, posted again as a hold, when a pull request was
 * opened at the commit while the round ran. */
async function endRound(ctx: RoundContext, round: OpenRound, ending: RoundEnding): Promise<RoundOutcome> {
  const judged = roundReport(ctx, round, ending);
  const bound =
    judged.status === "approve" && ctx.localDependencies === undefined
      ? await phase(ctx.log, "Commit", () => bindPassToCommit(ctx, round, judged))
      : undefined;
  const posted = await phase(ctx.log, "Publish", async () => {
    const report = await publish(ctx, round, ending, bound?.report ?? judged);
    return bound === undefined ? report : await takeBackPass(ctx, round, report, bound.judged);
  });
  return roundOutcome(round, ending, posted);
}
