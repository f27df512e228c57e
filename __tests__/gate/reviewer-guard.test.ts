// The reviewer guard (src/gate/reviewer-guard.ts): a reviewer whose call has failed is not asked again
// this round, and no call outlives the round's deadline. Time is a scripted clock: nothing here waits.
import { describe, expect, it } from "vitest";
import { pullRequestSettings, roundSettings } from "../../src/cli/round-options.js";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import type { RoundContext } from "../../src/gate/context.js";
import {
  deadlineIn,
  guardReviewer,
  type RoundClock,
  withGuardedReviewers,
} from "../../src/gate/reviewer-guard.js";
import { runPullRequestRound } from "../../src/gate/round.js";
import type { CheckOutput, PullRequestInfo, StoredComment } from "../../src/ports/github.js";
import type { PromptMessages, ReviewCall, Reviewer, ReviewReply } from "../../src/ports/reviewer.js";
import { memoryGitHub } from "../support/memory-github.js";

/** A clock the test moves: `sleep`s resolve when `advance` passes their end, or when aborted. */
function scriptedClock(): RoundClock & { advance(ms: number): void; sleepers(): number } {
  let now = 1_000;
  const waiting: { until: number; resolve: () => void }[] = [];
  return {
    now: () => now,
    sleep(ms, signal) {
      return new Promise<void>((resolve) => {
        const entry = { until: now + ms, resolve };
        waiting.push(entry);
        signal.addEventListener("abort", () => {
          waiting.splice(waiting.indexOf(entry), 1);
          resolve();
        });
      });
    },
    advance(ms) {
      now += ms;
      for (const w of [...waiting]) {
        if (w.until <= now) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve();
        }
      }
    },
    sleepers: () => waiting.length,
  };
}

const PROMPT: PromptMessages = { system: "s", user: "u" };

function ok(text = "fine"): ReviewReply {
  return { ok: true, text, model: "m", usage: {}, latencyMs: 1, attempts: 1, warnings: [] };
}

function failed(failure: "timeout" | "http"): ReviewReply {
  return { ok: false, failure, message: `inner ${failure}`, latencyMs: 1, attempts: 1, warnings: [] };
}

/** A reviewer that answers from a script and records what it was asked, with the signal it got. */
function scripted(answers: ((call: ReviewCall) => Promise<ReviewReply>)[]): Reviewer & {
  calls: ReviewCall[];
} {
  const calls: ReviewCall[] = [];
  return {
    provider: "openai",
    model: "gpt-test",
    label: "openai gpt-test @ models.test",
    contextWindow: 128_000,
    calls,
    review(_prompt, call = {}) {
      calls.push(call);
      const next = answers[calls.length - 1];
      if (next === undefined) throw new Error(`unexpected call ${calls.length}`);
      return next(call);
    },
  };
}

/** Never answers until its call is aborted; then a failure, as a provider does. */
const hangs = (call: ReviewCall) =>
  new Promise<ReviewReply>((resolve) => {
    call.signal?.addEventListener("abort", () => resolve(failed("timeout")));
  });

describe("a guarded reviewer", () => {
  it("keeps the reviewer's identity, so fingerprints and reports read the same", () => {
    // Every field of the port but the call itself, the window's basis too (a report names it).
    const { calls: _calls, ...port } = scripted([]);
    const inner: Reviewer = { ...port, contextWindowBasis: "the configured context-window" };
    const guarded = guardReviewer(inner, undefined);
    expect({ ...guarded, review: undefined }).toEqual({ ...inner, review: undefined });
  });

  it("sends nothing more once a call has failed, and answers at once saying why", async () => {
    const inner = scripted([async () => ok(), async () => failed("http"), async () => ok()]);
    const guarded = guardReviewer(inner, undefined);
    expect((await guarded.review(PROMPT)).ok).toBe(true);
    expect(await guarded.review(PROMPT)).toMatchObject({ ok: false, failure: "http" });
    const third = await guarded.review(PROMPT);
    const fourth = await guarded.review(PROMPT);
    expect(inner.calls).toHaveLength(2);
    for (const reply of [third, fourth]) {
      expect(reply).toMatchObject({ ok: false, failure: "not-asked", attempts: 0 });
      expect(reply.ok ? "" : reply.message).toBe(
        "openai gpt-test @ models.test: not asked: an earlier call of this round already failed (http), so the round cannot approve",
      );
    }
  });

  it("lets a call already in flight finish when another fails: a block it brings still counts", async () => {
    let answerSecond: (r: ReviewReply) => void = () => {};
    const inner = scripted([
      () => new Promise<ReviewReply>((resolve) => setTimeout(() => resolve(failed("timeout")), 0)),
      () => new Promise<ReviewReply>((resolve) => (answerSecond = resolve)),
    ]);
    const guarded = guardReviewer(inner, undefined);
    const first = guarded.review(PROMPT);
    const second = guarded.review(PROMPT);
    expect((await first).ok).toBe(false);
    answerSecond(ok("BLOCKING: a.ts:1 — a bug"));
    expect(await second).toMatchObject({ ok: true, text: "BLOCKING: a.ts:1 — a bug" });
  });

  it("gives each call the time left before the deadline, and cuts off one still running at it", async () => {
    const clock = scriptedClock();
    const deadline = deadlineIn(20, clock);
    const inner = scripted([hangs]);
    const guarded = guardReviewer(inner, deadline);
    clock.advance(5 * 60_000);
    const pending = guarded.review(PROMPT);
    await Promise.resolve();
    expect(inner.calls[0]?.signal?.aborted).toBe(false);
    clock.advance(15 * 60_000 - 1);
    await Promise.resolve();
    expect(inner.calls[0]?.signal?.aborted, "still inside the time left").toBe(false);
    clock.advance(1);
    const reply = await pending;
    expect(inner.calls[0]?.signal?.aborted).toBe(true);
    expect(reply).toMatchObject({ ok: false, failure: "timeout" });
    expect(reply.ok ? "" : reply.message).toContain(
      "cut off at the round's deadline (20 min, input round-deadline-minutes); the round holds with what it has",
    );
    // The timer of an answered call is released, never left behind.
    expect(clock.sleepers()).toBe(0);
  });

  it("answers at the deadline for a reviewer that ignores the abort", async () => {
    const clock = scriptedClock();
    const inner = scripted([() => new Promise<ReviewReply>(() => {})]);
    const guarded = guardReviewer(inner, deadlineIn(1, clock));
    const pending = guarded.review(PROMPT);
    clock.advance(60_000);
    expect(await pending).toMatchObject({ ok: false, failure: "timeout" });
  });

  it("sends nothing once the deadline has passed", async () => {
    const clock = scriptedClock();
    const inner = scripted([]);
    const guarded = guardReviewer(inner, deadlineIn(1, clock));
    clock.advance(60_000);
    const reply = await guarded.review(PROMPT);
    expect(inner.calls).toHaveLength(0);
    expect(reply).toMatchObject({ ok: false, failure: "not-asked" });
    expect(reply.ok ? "" : reply.message).toContain("the round's deadline (1 min");
  });

  it("keeps the caller's own abort too", async () => {
    const clock = scriptedClock();
    const inner = scripted([hangs]);
    const guarded = guardReviewer(inner, deadlineIn(10, clock));
    const caller = new AbortController();
    const pending = guarded.review(PROMPT, { signal: caller.signal });
    caller.abort();
    expect(await pending).toMatchObject({ ok: false });
    expect(inner.calls[0]?.signal?.aborted).toBe(true);
  });
});

describe("a round's guarded reviewers", () => {
  it("guards each panel member on its own: one member failing leaves the others asked", async () => {
    const alpha = scripted([async () => failed("http")]);
    const beta = scripted([async () => ok(), async () => ok()]);
    const ctx = withGuardedReviewers({
      reviewers: () => [
        { label: "alpha", reviewer: alpha },
        { label: "beta", reviewer: beta },
      ],
    } as unknown as RoundContext);
    const [a, b] = ctx.reviewers();
    await a?.reviewer.review(PROMPT);
    expect((await a?.reviewer.review(PROMPT))?.ok).toBe(false);
    await b?.reviewer.review(PROMPT);
    await b?.reviewer.review(PROMPT);
    expect({ alpha: alpha.calls.length, beta: beta.calls.length }).toEqual({ alpha: 1, beta: 2 });
  });

  it("hands out the same guard for the whole round, so a failure is remembered across attempts", async () => {
    const inner = scripted([async () => failed("timeout")]);
    const ctx = withGuardedReviewers({
      reviewers: () => [{ label: inner.label, reviewer: inner }],
    } as unknown as RoundContext);
    await ctx.reviewers()[0]?.reviewer.review(PROMPT);
    expect(await ctx.reviewers()[0]?.reviewer.review(PROMPT)).toMatchObject({ failure: "not-asked" });
    expect(inner.calls).toHaveLength(1);
  });
});

// ---- A whole round --------------------------------------------------------------------------------

const HEAD = "a".repeat(40);
const BASE = "b".repeat(40);
const FILES = Array.from({ length: 8 }, (_, i) => `src/part${i}.ts`);

const PR: PullRequestInfo = {
  number: 7,
  headSha: HEAD,
  baseSha: BASE,
  headRepo: "octo/repo",
  state: "open",
  merged: false,
  draft: false,
  mergeCommitSha: null,
  labels: [],
  title: "Eight parts",
  body: "",
  author: "someone",
  changedFiles: FILES.length,
  additions: FILES.length * 20,
  deletions: 0,
};

/** Eight new files of 20 long lines: one chunk each under a 1,000-token budget. */
const DIFF = parseUnifiedDiff(
  FILES.map((path) =>
    [
      `diff --git a/${path} b/${path}`,
      "new file mode 100644",
      "--- /dev/null",
      `+++ b/${path}`,
      "@@ -0,0 +1,20 @@",
      ...Array.from({ length: 20 }, (_, i) => `+export const v${i} = "${"x".repeat(60)}";`),
      "",
    ].join("\n"),
  ).join(""),
);

function roundWorld(reviewer: Reviewer, clock: RoundClock) {
  const finished: { conclusion: string | null; output: CheckOutput }[] = [];
  let comment: StoredComment | undefined;
  const github = memoryGitHub(PR, {
    pulls: { diff: async () => DIFF },
    checks: {
      finishCheck: async (_check, output, conclusion) => {
        finished.push({ conclusion, output });
      },
    },
    history: {
      findComment: async () => comment,
      saveComment: async (_pr, body) => {
        comment = { id: 1, body };
        return comment;
      },
    },
    peers: { commitsBetween: async () => undefined },
  });
  const ctx: RoundContext = {
    settings: pullRequestSettings(roundSettings({ model: "gpt-4.1", "max-diff-tokens": "1000" }, "sk-test"), {
      repository: "octo/repo",
      number: PR.number,
      token: "test-token",
      apiUrl: "https://api.github.com",
      forceReview: false,
      workspace: "",
    }),
    github,
    reviewers: () => [{ label: reviewer.label, reviewer }],
    openTree: () => ({ error: "no tree in this test" }),
    now: () => new Date("2026-01-05T10:00:00Z"),
    deadline: deadlineIn(20, clock),
    newRoundToken: () => "0123456789abcdefghijklmnopqrstuv",
    log: { info() {}, warning() {}, error() {}, debug() {}, startGroup() {}, endGroup() {} },
    version: "test",
  };
  return { ctx, finished };
}

describe("a round with a hung reviewer", () => {
  it("stops asking after the first failure: two calls in flight, none of the six after them", async () => {
    const clock = scriptedClock();
    let timedOut = 0;
    // The endpoint that accepts and never answers: each call ends at its own time limit.
    const inner = scripted(
      FILES.map(() => async () => {
        timedOut += 1;
        return failed("timeout");
      }),
    );
    const { ctx, finished } = roundWorld(inner, clock);
    const outcome = await runPullRequestRound(ctx, PR.number);
    expect(outcome.status).toBe("hold-for-human");
    // Two at a time (reviewer-concurrency 2): the first wave is sent, and nothing after it.
    expect(inner.calls).toHaveLength(2);
    expect(timedOut).toBe(2);
    expect(finished.map((f) => f.conclusion)).toEqual(["action_required"]);
    // Eight calls planned, each accounted for: six answered at once.
    expect(outcome.report?.reviewer?.calls.map((c) => c.outcome)).toEqual([
      "timeout",
      "timeout",
      ...Array.from({ length: 6 }, () => "not-asked"),
    ]);
    expect(finished[0]?.output.summary).toContain(
      "not asked: an earlier call of this round already failed (timeout), so the round cannot approve",
    );
  });

  it("holds at the deadline with what it has, and says so", async () => {
    const clock = scriptedClock();
    const inner = scripted(FILES.map(() => hangs));
    const { ctx, finished } = roundWorld(inner, clock);
    const round = runPullRequestRound(ctx, PR.number);
    // The round runs until both calls of the first wave are in flight, then the clock reaches the deadline.
    while (inner.calls.length < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    clock.advance(20 * 60_000);
    const outcome = await round;
    expect(outcome.status).toBe("hold-for-human");
    expect(inner.calls.map((c) => c.signal?.aborted)).toEqual([true, true]);
    expect(finished[0]?.output.summary).toContain("cut off at the round's deadline (20 min");
  });
});
