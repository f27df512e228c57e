// One round of a pull request, end to end: PR → check run in progress → history → (a person's
// decision | exhausted | contract, diff, reviewer, criteria, dependencies) → one status (the parts
// decided, then the loop rules) → a pass checked against the commit's other pull requests → history saved, check run completed
// (and a pass taken back if the commit was shared meanwhile). Every capability comes through
// RoundContext, so this file decides the order and the rules, never how the world is reached. The
// evaluation of the change is evaluation.ts's, the one a local round runs too; the steps' bodies live
// beside it (contract-and-diff.ts, reviewer-step.ts, round-parts.ts, the parts' own files), its texts
// in round-messages.ts, the read-only token's port in read-only-github.ts.
//
// The invariant this file exists to keep: once the check run exists, the round ends with it
// completed as something — approve only when every part said YES on the whole diff — or, if
// anything throws, as a hold that names the error. Nothing here catches an error into success.

import {
  CannotWriteChecksError,
  type CheckRunRef,
  type HeadRuns,
  type PullRequestInfo,
} from "../ports/github.js";
import type { PanelOutcome } from "../reviewer-stage/index.js";
import { maybe } from "../verdict/four-values.js";
import { append, lastRound, roundCount, type StoredDismissal } from "../verdict/history.js";
import { concludeRound, forcedAnswer, repeatsLast, terminalNeed } from "../verdict/loop-rules.js";
import { bindingChange, bindingOf } from "./binding.js";
import type { Judged, OpenRound, RoundContext, RoundOutcome } from "./context.js";
import { treeMismatch } from "./contract-and-diff.js";
import { dependenciesPart } from "./dependencies-part.js";
import { dismissTarget } from "./dismissals.js";
import { evaluate } from "./evaluation.js";
import { rememberedHistory } from "./head-runs.js";
import { decideByPerson, repostDecision } from "./human-decision.js";
import { type ConfirmedAct, confirmAct, recheckAct } from "./person-act.js";
import { phase } from "./phase.js";
import { failCheck, publish, roundOutcome, roundReport } from "./publish.js";
import { pushOf } from "./pushers.js";
import { readOnlyGitHub } from "./read-only-github.js";
import { withGuardedReviewers } from "./reviewer-guard.js";
import type { RoundEnding } from "./round-ending.js";
import { HistoryChanged, loadHistory, otherPullHistories, pushNote } from "./round-history.js";
import {
  CANNOT_WRITE_CHECKS,
  closedPullRequestMessage,
  historyKeptChanging,
  NOT_REVIEWED,
} from "./round-messages.js";
import { checkSharedCommit, takeBackPass } from "./shared-commit.js";

/** The pull request's change as the evaluation reads it: its head and base through GitHub, the history
 * this round trusts, and what its run brings (a forced answer, who pushed, the push it went over). */
function judgedOf(ctx: RoundContext, round: OpenRound): Judged {
  const { pr, head, loaded } = round;
  const { pulls } = ctx.github;
  const pushed = pushNote(loaded.history, ctx.settings.target, head);
  return {
    source: {
      head,
      base: pr.baseSha,
      diff: () => pulls.diff({ baseSha: pr.baseSha, headSha: head, pull: pr }),
      atBase: (path, options) => pulls.readFile(path, pr.baseSha, options),
      atHead: (path, options) => pulls.readFile(path, head, options),
    },
    history: loaded.history,
    description: { title: pr.title, body: pr.body },
    treeMismatch: () => treeMismatch(ctx, pr, head),
    forced: ctx.settings.forceReview,
    ...pushOf(ctx.settings, head),
    ...(pushed !== undefined ? { pushNote: pushed } : {}),
    otherHistories: () => otherPullHistories(ctx, pr.number, head, round.check, round.runs),
    dependencies: (requires) =>
      dependenciesPart({
        github: ctx.github,
        requires,
        pr: { ...pr, headSha: head },
        ownCheckRunId: round.check.id,
        pendingBefore: lastRound(loaded.history)?.pendingSince ?? {},
        now: ctx.now(),
      }),
  };
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

/** What the caller of a round already knows: the head its event named (the one the workflow checked
 * out), and the pull request as it already read it (a `/verdict` command checks its person against
 * the pull request it read; the round then judges that one, not another read of it). */
export interface RoundStart {
  eventHead?: string;
  pr?: PullRequestInfo;
}

/** One round for a pull request. Throws only before the check run exists or after it was completed
 * as a hold naming the error, so the caller can fail the step. */
export async function runPullRequestRound(
  given: RoundContext,
  number: number,
  start: RoundStart = {},
): Promise<RoundOutcome> {
  // Every reviewer of the round stops being asked once it cannot help, and by the deadline.
  const ctx = withGuardedReviewers(given);
  const opened = await phase(ctx.log, `Pull request #${number}`, () => openRound(ctx, number, start));
  if (opened.kind === "closed") return closedPullRequest(opened.pr);
  const { pr, head, check, read } = opened;
  if (check === undefined) return judgeWithoutCheck(ctx, pr, head, read);
  return judgeOnHistory(onGitHubClock(ctx, check), pr, head, check, read);
}

/** What the round's opening read, for the steps after it: the head's runs (read once) and the
 * person's act as checked before anything was posted. */
interface Opened {
  runs: HeadRuns;
  act?: ConfirmedAct;
}

/** The pull request read, the head to judge chosen, the decider confirmed, the head's runs read (once:
 * the act's check and the round's start share them) and the check run started. */
async function openRound(
  ctx: RoundContext,
  number: number,
  start: RoundStart,
): Promise<
  | { kind: "closed"; pr: PullRequestInfo }
  | { kind: "open"; pr: PullRequestInfo; head: string; read: Opened; check?: CheckRunRef }
> {
  const pr = start.pr?.number === number ? start.pr : await ctx.github.pulls.pullRequest(number);
  if (pr.state === "closed") return { kind: "closed", pr };
  const head = judgedHead(ctx, pr, start.eventHead);
  // Before anything is posted: a refused decision or forced answer must leave the PR exactly as it
  // was, neither approved nor turned into a hold by someone who may not act on it.
  const { act, runs: actRuns } = await confirmAct(ctx, pr);
  const runs =
    actRuns?.head === head ? actRuns : await ctx.github.checks.onHead(head, ctx.settings.checkName);
  const check = await startCheckRun(ctx, pr, head, runs);
  const read: Opened = { runs, ...(act !== undefined ? { act } : {}) };
  return { kind: "open", pr, head, read, ...(check !== undefined ? { check } : {}) };
}

function closedPullRequest(pr: PullRequestInfo): RoundOutcome {
  return {
    message: closedPullRequestMessage(pr),
    reviewerVerdict: "SKIPPED",
    coverage: NOT_REVIEWED,
    reasons: [],
    exclusions: null,
    jobSummary: "",
  };
}

/** Gate the commit the event named: it is the one the workflow checked out. A newer push has its own
 * run. */
function judgedHead(ctx: RoundContext, pr: PullRequestInfo, eventHead: string | undefined): string {
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
  runs: HeadRuns,
): Promise<CheckRunRef | undefined> {
  try {
    const check = await ctx.github.checks.startCheck({
      head,
      name: ctx.settings.checkName,
      title: "verdict-gate is reviewing this commit…",
      pr: pr.number,
      runs,
    });
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
  read: Opened,
): Promise<RoundOutcome> {
  ctx.log.warning(CANNOT_WRITE_CHECKS);
  const readOnly: RoundContext = { ...ctx, github: readOnlyGitHub(ctx.github) };
  const unposted: CheckRunRef = { id: 0, appSlug: "github-actions", url: "", pr: pr.number };
  const outcome = await judgeOnHistory(readOnly, pr, head, unposted, read);
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

/** The round judged on the history as read, and judged again when another run changes the history
 * underneath it. Whatever is thrown once the check run exists ends it as a hold naming the error. */
async function judgeOnHistory(
  ctx: RoundContext,
  pr: PullRequestInfo,
  head: string,
  check: CheckRunRef,
  opened: Opened,
): Promise<RoundOutcome> {
  const { runs, act } = opened;
  // The reviewer's answers of this run, by fingerprint: judging again on a changed history asks again
  // only when the question changed.
  const answers = new Map<string, PanelOutcome>();
  // Where the history comment is: as the pull request's own runs of this app remember it, then as the
  // last reading found it.
  let known = rememberedHistory(runs, pr.number, check.appSlug);
  try {
    for (let attempt = 1; ; attempt += 1) {
      const loaded = await phase(ctx.log, "Round history", () => loadHistory(ctx, pr.number, check, known));
      known = loaded.comment?.id ?? known;
      ctx.log.debug(
        `history: ${roundCount(loaded.history)} round(s)${loaded.problem !== undefined ? `, not trusted: ${loaded.problem}` : ""}; attempt ${attempt} of ${HISTORY_ATTEMPTS}`,
      );
      // The head's runs as the start read them describe the head only until another run changed it.
      const read = { ...(attempt === 1 ? { runs } : {}), ...(act !== undefined ? { act } : {}) };
      try {
        return await judge(ctx, { pr, head, check, loaded, ...read }, answers);
      } catch (error) {
        if (!(error instanceof HistoryChanged)) throw error;
        known = error.seen ?? known;
        // Past the bound: a hold (failCheck below), never a pass computed on a stale history.
        if (attempt >= HISTORY_ATTEMPTS) throw new Error(historyKeptChanging(error.message, attempt));
        ctx.log.warning(`${error.message}: judging this round again on the history as it is now`);
      }
    }
  } catch (error) {
    await failCheck(ctx, check, head, pr.number, error, known);
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
  if (round.act !== undefined && loaded.problem === undefined) {
    // Asked before anything was posted (person-act.ts) and again here, on the history this round
    // trusts: whoever pushed acts on nothing, and an act lands only on the round its person read, on
    // this head and base. Refused now, the check run this round started holds, naming why.
    const refused = await recheckAct(ctx, round);
    if (refused !== undefined) throw new Error(refused);
    if (round.act.act.kind === "decide") return decideByPerson(ctx, round, round.act.act);
    if (round.act.act.kind === "dismiss") {
      // A dismissal concludes the answer its person read again, never a new one: not forced (a
      // `force-review: true` workflow would ask afresh, and a fresh approve clears what nobody
      // dismissed), and not past the loop's end, which is a person's decision to make.
      const held = heldBeforeEvaluation(ctx, round);
      if (held !== undefined) return holdUnevaluated(ctx, round, held);
      const judged = { ...judgedOf(ctx, round), forced: false, dismissal: dismissalBy(ctx, round) };
      return await evaluate(ctx, judged, answers);
    }
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
  const held = heldBeforeEvaluation(ctx, round);
  if (held !== undefined) return holdUnevaluated(ctx, round, held);
  return await evaluate(ctx, judgedOf(ctx, round), answers);
}

/** The dismissal the round's act makes: the finding its key names in the round its person read
 * (recheckAct found it), by them, for their reason. */
function dismissalBy(ctx: RoundContext, round: OpenRound): StoredDismissal {
  const act = round.act?.act;
  const asked = ctx.settings.dismissal;
  const target = asked !== undefined ? dismissTarget(round.loaded.history, asked.key) : undefined;
  if (act === undefined || asked === undefined || target === undefined || "refused" in target)
    throw new Error(`a dismissal of no finding of round ${roundCount(round.loaded.history)}`);
  return {
    key: target.key,
    id: target.id,
    text: target.text,
    by: act.person,
    reason: asked.reason,
    ...(act.comment !== undefined ? { url: act.comment } : {}),
  };
}

/** How every path ends, in the order its rules apply; nothing after it changes the status. A pass
 * belongs to a commit, and every open pull request at the commit shows its newest check run: before
 * anything is posted, an approve holds unless every other open pull request at the commit passed
 * there (shared-commit.ts). Then the round is published, and a posted pass is taken back, posted again
 * as a hold, when a pull request was opened at the commit while the round ran. */
async function endRound(ctx: RoundContext, round: OpenRound, ending: RoundEnding): Promise<RoundOutcome> {
  const judged = roundReport(ctx, round, ending);
  const shared =
    judged.status === "approve"
      ? await phase(ctx.log, "Commit", () => checkSharedCommit(ctx, round, judged))
      : undefined;
  const posted = await phase(ctx.log, "Publish", async () => {
    const { report, history } = await publish(ctx, round, ending, shared?.report ?? judged);
    return shared === undefined ? report : await takeBackPass(ctx, round, report, shared.judged, history);
  });
  return roundOutcome(round, ending, posted);
}
