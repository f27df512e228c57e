// The reviewer stage of a round, in one room: what the round asks (frameQuestion: each reviewer's
// plan), and the answer it gets (askReviewers): an answer this run already has for the same question,
// a whole verdict recorded for it (this pull request's or another's, whole-reuse.ts), or the reviewers
// asked — one alone (single.ts) or a panel (panel.ts) — each about only the files whose kept verdicts
// do not stand (file-reuse.ts, under the keys of keys.ts). The round reads the outcome (outcome.ts)
// and records what it says to keep. Pure: GitHub is reached only through `otherHistories`.
import type { Diff, DiffFile } from "../diff/types.js";
import type { PlanOptions, ReviewPlan } from "../review/plan.js";
import type { Binding, History } from "../verdict/history.js";
import type { PanelPolicy } from "../verdict/panel.js";
import { earlierAbout, incrementalFor } from "./file-reuse.js";
import { type PromptBase, panelFingerprint, panelFingerprintWith, reviewerIdentity } from "./keys.js";
import type { PanelOutcome } from "./outcome.js";
import { type MemberPlan, type PanelMember, panelPart, planPanel } from "./panel.js";
import type { ReusedVerdict } from "./single.js";
import { chooseReuse, type OtherHistory, ownVerdict, sharedVerdict } from "./whole-reuse.js";

export { earlierAbout, withFileVerdicts } from "./file-reuse.js";
export type { PromptBase } from "./keys.js";
export { reviewerIdentity } from "./keys.js";
export type { Keep, PanelOutcome, ReusedFilesReport, ReviewerOutcome, ReviewerSource } from "./outcome.js";
export { usageOf } from "./outcome.js";
export { type MemberPlan, type PanelMember, storedMembers } from "./panel.js";
export type { OtherHistory } from "./whole-reuse.js";

/** What the reviewers are asked: the prompt's conditions, each reviewer's plan of the diff, the policy
 * that combines them, and the diff's files (what an earlier reason may name). */
export interface ReviewerQuestion {
  readonly members: readonly PanelMember[];
  readonly policy: PanelPolicy;
  readonly base: PromptBase;
  /** Each member's chunks, planned from its own context window. */
  readonly plans: readonly MemberPlan[];
  /** The first member's plan: the files in scope are the same for every member. */
  readonly plan: ReviewPlan;
  readonly files: readonly DiffFile[];
  /** The question as one hash (keys.ts panelFingerprint). */
  readonly fingerprint: string;
}

export function frameQuestion(input: {
  members: readonly PanelMember[];
  policy: PanelPolicy;
  diff: Diff;
  scope: PlanOptions;
  base: PromptBase;
  maxDiffTokens: number;
}): ReviewerQuestion {
  const plans = planPanel(input.members, input.diff, input.scope, input.base, input.maxDiffTokens);
  return {
    members: input.members,
    policy: input.policy,
    base: input.base,
    plans,
    plan: (plans[0] as MemberPlan).plan,
    files: input.diff.files,
    fingerprint: panelFingerprint(plans, input.policy),
  };
}

export interface StageInput {
  question: ReviewerQuestion;
  /** The commit judged, this pull request's history as read, and what the round is bound to. */
  head: string;
  history: History;
  binding: Binding;
  /** This round's number (the chain's: folded rounds count). */
  round: number;
  /** force-review: a maintainer asked for a new answer; nothing recorded is reused. */
  force: boolean;
  concurrency: number;
  maxRoundTokens?: number;
  newRoundToken: () => string;
  log: { info: (m: string) => void; debug: (m: string) => void };
  /** The histories of other pull requests that judged this head (read from GitHub): only asked when
   * this pull request has no verdict of its own to reuse, and never under force. */
  otherHistories: () => Promise<readonly OtherHistory[]>;
}

/** The prompt base with another history's earlier reasons in place of this one's. */
function withEarlier(base: PromptBase, earlier: PromptBase["earlierReasons"] & object): PromptBase {
  const { earlierReasons: _mine, ...rest } = base;
  return earlier.length > 0 ? { ...rest, earlierReasons: earlier } : rest;
}

/** A verdict already given to this question: this pull request's own for the head, or another pull
 * request's of the same head (under the same contract and settings too). */
async function recordedVerdict(input: StageInput): Promise<ReusedVerdict | undefined> {
  const { question, head, binding } = input;
  const own = ownVerdict(input.history, head, question.fingerprint, binding);
  return chooseReuse(
    own,
    sharedVerdict(await input.otherHistories(), head, {
      own: question.fingerprint,
      with: (shown) =>
        panelFingerprintWith(
          question.plans,
          withEarlier(question.base, earlierAbout(shown, question.files)),
          question.policy,
        ),
      binding,
    }),
  );
}

function describeSource(input: StageInput, answered: boolean, reuse: ReusedVerdict | undefined): string {
  if (answered) return "answered earlier in this run";
  if (reuse !== undefined)
    return `verdict of ${reuse.pr !== undefined ? `PR #${reuse.pr}'s ` : ""}round ${reuse.round} reused`;
  return input.force ? "asked (force-review)" : "asked";
}

/** The round's reviewer answer. `answers` holds this run's answers by question, so that a round judged
 * again on a changed history asks again only when the question changed. */
export async function askReviewers(
  input: StageInput,
  answers: Map<string, PanelOutcome>,
): Promise<PanelOutcome> {
  const { question } = input;
  const { fingerprint } = question;
  const reuse = input.force ? undefined : await recordedVerdict(input);
  input.log.debug(
    `review fingerprint ${fingerprint}: ${describeSource(input, answers.has(fingerprint), reuse)}`,
  );
  const known = answers.get(fingerprint);
  if (known !== undefined) return known;
  const outcome = await panelPart({
    plans: question.plans,
    base: question.base,
    policy: question.policy,
    newRoundToken: input.newRoundToken,
    concurrency: input.concurrency,
    ...(reuse !== undefined ? { reuse } : {}),
    // Per-file reuse (incremental rounds), each reviewer under its own keys: only files whose kept
    // verdicts do not stand are sent to it.
    incremental: (member) =>
      incrementalFor({
        history: input.history,
        binding: input.binding,
        reviewer: reviewerIdentity(member, question.members.length),
        base: question.base,
        round: input.round,
        force: input.force,
      }),
    ...(input.maxRoundTokens !== undefined ? { maxRoundTokens: input.maxRoundTokens } : {}),
    fingerprint,
    log: input.log.info,
  });
  answers.set(fingerprint, outcome);
  return outcome;
}
