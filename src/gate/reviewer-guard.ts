// Each reviewer of a round behind a guard that stops asking once asking can no longer help, and that
// no call outlives the round's deadline.
//
// The counterexample: an endpoint that accepts the request and never answers. Each chunk waited its
// full reviewer-timeout-seconds, two at a time, though the first timeout had already ruled out an
// approve (a failed call caps the reviewer at a hold): a 3,000-file pull request was twelve waves of
// 300 s, past the documented `timeout-minutes: 30`, and the job was cancelled with the check run still
// "reviewing this commit…". So:
// - once one of this reviewer's calls has failed (an error, a timeout, a cut-off reply: anything but a
//   reply), its later calls this round are not sent; each is answered at once as a failure saying why.
//   Calls already in flight finish (a block they bring is still worth reading). A panel member
//   failing does not stop the others: under a quorum the panel can still approve without it.
// - every call gets the time left before the round's deadline, and past it none is sent: the round
//   then holds with what it has, and the failures say so.
// Pure: the clock is injected (the action wires the real one in src/compose/round-clock.ts).
import type { PromptMessages, ReviewCall, Reviewer, ReviewReply } from "../ports/reviewer.js";
import type { PanelMember } from "../reviewer-stage/panel.js";
import type { JudgeContext } from "./context.js";

/** Time as the guard needs it: a monotonic clock and a wait that an abort ends early. */
export interface RoundClock {
  /** Milliseconds on a monotonic clock (never a wall clock a runner may set back). */
  now(): number;
  /** Resolves after `ms`, or as soon as `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** When the round stops asking its reviewers. */
export interface RoundDeadline {
  /** The deadline, on `clock.now()`'s scale. */
  readonly at: number;
  /** The `round-deadline-minutes` setting it came from, for the messages. */
  readonly minutes: number;
  readonly clock: RoundClock;
}

/** The deadline `minutes` from `from` (now, by default; the action counts from its step's start). */
export function deadlineIn(minutes: number, clock: RoundClock, from: number = clock.now()): RoundDeadline {
  return { at: from + minutes * 60_000, minutes, clock };
}

function notAsked(label: string, why: string): ReviewReply {
  return Object.freeze({
    ok: false,
    failure: "not-asked",
    message: `${label}: not asked: ${why}`,
    latencyMs: 0,
    attempts: 0,
    warnings: Object.freeze([]),
  });
}

function deadlineText(deadline: RoundDeadline): string {
  return `the round's deadline (${deadline.minutes} min, input round-deadline-minutes)`;
}

/** The reviewer, guarded for one round. The guard keeps the reviewer's identity (provider, model,
 * label, context window), so fingerprints and reports read exactly as without it. */
export function guardReviewer(reviewer: Reviewer, deadline: RoundDeadline | undefined): Reviewer {
  let failed: ReviewReply | undefined;
  const ask = async (prompt: PromptMessages, call: ReviewCall = {}): Promise<ReviewReply> => {
    if (failed !== undefined && !failed.ok) {
      return notAsked(
        reviewer.label,
        `an earlier call of this round already failed (${failed.failure}), so the round cannot approve`,
      );
    }
    const reply = deadline === undefined ? await reviewer.review(prompt, call) : await inTime(prompt, call);
    if (!reply.ok) failed ??= reply;
    return reply;
  };
  const inTime = async (prompt: PromptMessages, call: ReviewCall): Promise<ReviewReply> => {
    const d = deadline as RoundDeadline;
    const left = d.at - d.clock.now();
    if (left <= 0)
      return notAsked(reviewer.label, `${deadlineText(d)} had passed, so the round holds with what it has`);
    const cut = new AbortController();
    const done = new AbortController();
    const signal = call.signal === undefined ? cut.signal : AbortSignal.any([cut.signal, call.signal]);
    const started = d.clock.now();
    // Settles only when the time is up; a call that answers first leaves it pending, then released.
    const timeUp = new Promise<ReviewReply>((resolve) => {
      void d.clock.sleep(left, done.signal).then(() => {
        if (done.signal.aborted) return;
        // The guard's answer first, then the abort: the reply says why the call ended, whatever the
        // reviewer answers to its abort.
        resolve(
          Object.freeze({
            ok: false,
            failure: "timeout",
            message: `${reviewer.label}: cut off at ${deadlineText(d)}; the round holds with what it has`,
            latencyMs: Math.max(0, Math.round(d.clock.now() - started)),
            attempts: 1,
            warnings: Object.freeze([]),
          }),
        );
        cut.abort();
      });
    });
    try {
      // A reviewer that ignores the abort is not waited for: the deadline answers for it.
      return await Promise.race([reviewer.review(prompt, { signal }), timeUp]);
    } finally {
      done.abort();
    }
  };
  return Object.freeze({
    provider: reviewer.provider,
    model: reviewer.model,
    label: reviewer.label,
    contextWindow: reviewer.contextWindow,
    // Every field the port has, so the guard changes nothing a report says but the call's ending.
    ...(reviewer.contextWindowBasis !== undefined ? { contextWindowBasis: reviewer.contextWindowBasis } : {}),
    review: ask,
  });
}

/** The round's context with every reviewer it hands out guarded, each once for the whole round (a
 * round judged again on a changed history keeps what its reviewers already failed). */
export function withGuardedReviewers<C extends JudgeContext>(ctx: C): C {
  let members: readonly PanelMember[] | undefined;
  return {
    ...ctx,
    reviewers: () => {
      members ??= ctx.reviewers().map((m) => ({ ...m, reviewer: guardReviewer(m.reviewer, ctx.deadline) }));
      return members;
    },
  };
}
