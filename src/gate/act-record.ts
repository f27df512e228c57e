// A person's act is one record: WHO started this attempt, WHEN it was asked, and (once checked, by
// person-act.ts) which round was published to people then. Every act — a `/verdict` comment, a
// dispatched decision, a forced review, a re-run of any of them — is made into this record here, from
// what GitHub says, and every check reads the record, never the event's word:
// - who: GITHUB_ACTOR names the first attempt's person. A re-run ("Re-run jobs") keeps it and puts
//   whoever clicked in the run's `triggering_actor`: a maintainer's day-old approve, re-run by Mallory
//   after her push, was recorded in the maintainer's name. The person acting is whoever started this
//   attempt; a comment's words are its author's alone, so only its author may re-run them.
// - when: a comment's `created_at`; a dispatch's workflow run `created_at`, or this attempt's start
//   (`run_started_at`) for a re-run. A dispatch bound to nothing was recorded on whatever head the
//   queue reached, a head its person never read.
// A new kind of act (e.g. a dismissal) adds its kind to ActClaim (settings.ts) and its words to
// ACT_WORDS, and its path builds the claim and asks confirmAct (person-act.ts) before it posts
// anything: the record and every check come with it.
import type { ActClaim } from "../settings/settings.js";
import type { RoundContext } from "./context.js";
import { sameLogin } from "./pushers.js";

export type ActKind = ActClaim["kind"];

/** A person's act as GitHub confirms it: the one record every check reads. */
export interface PersonAct {
  readonly kind: ActKind;
  /** Who started this attempt: the person every check is about and the history names. */
  readonly person: string;
  /** When it was asked, by GitHub's clock (ISO 8601). */
  readonly askedAt: string;
  /** The `/verdict` comment that carries it (its address); absent for a dispatch. */
  readonly comment?: string;
  /** The head its person named (a dispatch's `head-sha`): the commit they read. */
  readonly readHead?: string;
}

/** What each kind of act is, in the words of a refusal: the act (`a`, `the`), doing it, what was not
 * done, and what a refusal leaves — before anything was posted, the pull request as it was; in the
 * round's own check, its check run held. */
export interface ActWords {
  a: string;
  the: string;
  doing: string;
  done: string;
  left: string;
  held: string;
}

export const ACT_WORDS: Readonly<Record<ActKind, ActWords>> = {
  decide: {
    a: "a decision",
    the: "the decision",
    doing: "decide it",
    done: "decided",
    left: "Nothing was recorded and the check was left as it was: another maintainer decides.",
    held: "Nothing was recorded: this round's check run holds instead, and another maintainer decides.",
  },
  force: {
    a: "a forced answer",
    the: "the forced answer",
    doing: "force a new answer on it",
    done: "asked",
    left: "Nothing was asked and the check was left as it was: `/verdict review` reuses the answers given, and another maintainer may force a new one.",
    held: "Nothing was asked: this round's check run holds instead, and another maintainer may force a new answer.",
  },
  dismiss: {
    a: "a dismissal",
    the: "the dismissal",
    doing: "dismiss its findings",
    done: "dismissed",
    left: "Nothing was dismissed and the check was left as it was: another maintainer may dismiss the finding.",
    held: "Nothing was dismissed: this round's check run holds instead, and another maintainer may dismiss the finding.",
  },
};

/** The record of the act, or why it cannot be one: who started this attempt and when it was asked,
 * from the workflow run GitHub keeps (a dispatch always; a comment's run only when it is a re-run).
 * An API error throws as it is. */
export async function actRecord(
  ctx: RoundContext,
  claim: ActClaim,
  readHead: string | undefined,
): Promise<PersonAct | { refused: string }> {
  const { run } = ctx.settings;
  const base = { kind: claim.kind, ...(readHead !== undefined ? { readHead } : {}) };
  if (claim.comment !== undefined && (run === undefined || run.attempt <= 1))
    return { ...base, person: claim.by, askedAt: claim.comment.writtenAt, comment: claim.comment.url };
  if (run === undefined)
    return {
      refused: `the gate cannot tell who started this run or when it was asked (GITHUB_RUN_ID is not set), so it acts for nobody. Nothing was posted.`,
    };
  const facts = await ctx.github.people.workflowRun(run.id);
  if (claim.comment === undefined && facts.event !== "workflow_dispatch")
    return {
      refused: `workflow run ${run.id} was started by ${facts.event}, not workflow_dispatch: its inputs are no person's act. Nothing was posted.`,
    };
  if (facts.attempt !== run.attempt)
    return {
      refused: `GitHub says workflow run ${run.id} is at attempt ${facts.attempt}, not ${run.attempt}, this job's: the gate cannot tell who started it, so it acts for nobody. Nothing was posted.`,
    };
  const starter = facts.triggeringActor ?? facts.actor;
  if (starter === null)
    return {
      refused: `GitHub names nobody as having started workflow run ${run.id}: the gate acts for nobody. Nothing was posted.`,
    };
  if (claim.comment !== undefined) {
    // A comment's words are its author's: a re-run by anyone else would put them in the author's name.
    if (!sameLogin(starter, claim.by))
      return {
        refused: `@${starter} re-ran the run of @${claim.by}'s comment; a comment's command is its author's alone, and is never carried out in their name by someone else. Nothing was changed: @${starter} may comment the command themselves.`,
      };
    // Asked when it was written, re-run or not: a comment names no head and the re-run button shows
    // no round, so its author's words stand for the round they read when writing them.
    return { ...base, person: claim.by, askedAt: claim.comment.writtenAt, comment: claim.comment.url };
  }
  // A dispatch: whoever started this attempt acts, at this attempt's time.
  return {
    ...base,
    person: starter,
    askedAt: facts.attempt > 1 ? (facts.attemptStartedAt ?? facts.createdAt) : facts.createdAt,
  };
}
