import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ReviewerRuntime } from "../../src/ports/reviewer.js";
import { type Attempt, type AttemptOutcome, callReviewer } from "../../src/providers/call.js";
import { backoffDelay, DEFAULT_RETRY_POLICY, retryAfterMs } from "../../src/providers/retry.js";

describe("retryAfterMs", () => {
  it("reads retry-after-ms, then retry-after in seconds or as an HTTP date", () => {
    expect(retryAfterMs(new Headers({ "retry-after-ms": "1500" }))).toBe(1500);
    expect(retryAfterMs(new Headers({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250);
    expect(retryAfterMs(new Headers({ "retry-after": "2" }))).toBe(2000);
    expect(retryAfterMs(new Headers({ "retry-after": "0.5" }))).toBe(500);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ "retry-after": "Wed, 31 Dec 2025 00:00:00 GMT" }), now)).toBe(0);
    expect(retryAfterMs({ "Retry-After": "4" })).toBe(4000);
  });

  it("is undefined when absent or unreadable", () => {
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs(new Headers())).toBeUndefined();
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }))).toBeUndefined();
  });
});

describe("backoffDelay", () => {
  it("doubles, caps, jitters within [half, whole], and never undercuts retry-after", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        fc.option(fc.integer({ min: 0, max: 120_000 }), { nil: undefined }),
        (retry, r, after) => {
          const delay = backoffDelay(retry, DEFAULT_RETRY_POLICY, () => r, after);
          const capped = Math.min(
            DEFAULT_RETRY_POLICY.maxDelayMs,
            DEFAULT_RETRY_POLICY.baseDelayMs * 2 ** (retry - 1),
          );
          expect(delay).toBeGreaterThanOrEqual(Math.floor(capped / 2));
          expect(delay).toBeGreaterThanOrEqual(after ?? 0);
          expect(delay).toBeLessThanOrEqual(Math.max(capped, after ?? 0));
        },
      ),
    );
  });
});

describe("callReviewer", () => {
  const runtime = (): ReviewerRuntime & { sleeps: number[] } => {
    const sleeps: number[] = [];
    return { sleeps, sleep: async (ms) => void sleeps.push(ms), now: () => 0, random: () => 0.5 };
  };
  const settings = (rt: ReviewerRuntime, retries = 3) => ({
    target: "test reviewer at example",
    model: "m",
    window: { tokens: 100_000, source: "setting" as const },
    timeoutMs: 1_000,
    policy: { ...DEFAULT_RETRY_POLICY, retries },
    runtime: rt,
    secrets: ["sk-the-secret-key-123"],
  });
  const scripted = (outcomes: AttemptOutcome[]): Attempt & { calls: number } => {
    const fn = Object.assign(
      async () => {
        const next = outcomes[fn.calls] ?? outcomes[outcomes.length - 1];
        fn.calls += 1;
        return next as AttemptOutcome;
      },
      { calls: 0 },
    );
    return fn;
  };
  const prompt = { system: "s", user: "u" };

  it("never retries a failure the provider gave in full", async () => {
    for (const failure of ["truncated", "refusal", "empty", "auth", "bad-response"] as const) {
      const attempt = scripted([{ ok: false, failure, message: "x", retryable: false }]);
      const reply = await callReviewer(attempt, prompt, settings(runtime()));
      expect(reply.ok).toBe(false);
      expect(attempt.calls).toBe(1);
    }
  });

  it("stops after the configured retries", async () => {
    const rt = runtime();
    const attempt = scripted([{ ok: false, failure: "http", message: "HTTP 500", retryable: true }]);
    const reply = await callReviewer(attempt, prompt, settings(rt, 2));
    expect(attempt.calls).toBe(3);
    expect(reply.attempts).toBe(3);
    expect(rt.sleeps).toHaveLength(2);
  });

  it("turns a throwing attempt into a failure", async () => {
    const reply = await callReviewer(
      async () => {
        throw new RangeError("boom");
      },
      prompt,
      settings(runtime()),
    );
    expect(reply).toMatchObject({
      ok: false,
      failure: "bad-response",
      message: "test reviewer at example: RangeError: boom",
    });
  });

  it("redacts the key from messages and warnings", async () => {
    const reply = await callReviewer(
      scripted([{ ok: false, failure: "auth", message: "bad key sk-the-secret-key-123", retryable: false }]),
      prompt,
      settings(runtime()),
    );
    expect(JSON.stringify(reply)).not.toContain("sk-the-secret-key-123");
  });

  it("times out an attempt that never settles and aborts its signal", async () => {
    let aborted = false;
    const reply = await callReviewer(
      (_p, signal) =>
        new Promise<AttemptOutcome>(() => {
          signal.addEventListener("abort", () => {
            aborted = true;
          });
        }),
      prompt,
      { ...settings(runtime()), timeoutMs: 50 },
    );
    expect(reply).toMatchObject({ ok: false, failure: "timeout", attempts: 1 });
    expect(aborted).toBe(true);
  });

  it("stops the attempt in flight when the caller aborts (the round's deadline), and retries nothing", async () => {
    const caller = new AbortController();
    let aborted = false;
    const attempt = Object.assign(
      (_p: unknown, signal: AbortSignal) =>
        new Promise<AttemptOutcome>(() => {
          signal.addEventListener("abort", () => {
            aborted = true;
          });
          attempt.calls += 1;
          setTimeout(() => caller.abort(), 0);
        }),
      { calls: 0 },
    );
    const reply = await callReviewer(attempt, prompt, {
      ...settings(runtime()),
      timeoutMs: 60_000,
      signal: caller.signal,
    });
    expect(reply).toMatchObject({ ok: false, failure: "timeout" });
    expect(reply.ok ? "" : reply.message).toContain("cut off by the round's deadline");
    expect(aborted).toBe(true);
    expect(attempt.calls).toBe(1);
  });

  it("ends a backoff at the caller's abort and sends no retry", async () => {
    const caller = new AbortController();
    const attempt = scripted([{ ok: false, failure: "http", message: "HTTP 503", retryable: true }]);
    // A backoff that never ends by itself: only the abort can end it.
    const rt: ReviewerRuntime = {
      sleep: () => {
        caller.abort();
        return new Promise<void>(() => {});
      },
      now: () => 0,
      random: () => 0.5,
    };
    const reply = await callReviewer(attempt, prompt, { ...settings(rt), signal: caller.signal });
    expect(reply).toMatchObject({ ok: false, failure: "timeout" });
    expect(attempt.calls).toBe(1);
  });

  describe("a prompt over the whole context window", () => {
    const small = (rt: ReviewerRuntime) => ({
      ...settings(rt),
      window: { tokens: 1_000, source: "setting" as const },
    });
    const big = { system: "s", user: "x".repeat(3_600) }; // about 1,201 tokens by the estimate

    it("fails as truncated when the provider reports no input tokens", async () => {
      // Before, this was only a warning, and the reply of a reviewer that may have read part of the
      // diff counted.
      for (const usage of [{}, { inputTokens: 0 }, { outputTokens: 12 }]) {
        const reply = await callReviewer(
          scripted([{ ok: true, text: "===VERDICT=== APPROVE", usage }]),
          big,
          small(runtime()),
        );
        if (reply.ok) throw new Error(`expected a failure for ${JSON.stringify(usage)}`);
        expect(reply.failure).toBe("truncated");
        expect(reply.message).toContain("about 1,201 input tokens (estimated)");
        expect(reply.message).toContain("1,000-token context window of m");
        expect(JSON.stringify(reply)).not.toContain("APPROVE");
        expect(reply.warnings.join("\n")).toMatch(/120% of a 1,000-token context window/);
      }
    });

    it("trusts the provider's count when it gives one", async () => {
      // 85% of the window: at 90% and over, the prompt filled the window and holds (call.ts
      // WINDOW_FULL_SHARE).
      const reply = await callReviewer(
        scripted([{ ok: true, text: "fine", usage: { inputTokens: 850 } }]),
        big,
        small(runtime()),
      );
      expect(reply.ok).toBe(true);
    });

    it("only warns between 80% and the whole window", async () => {
      const reply = await callReviewer(
        scripted([{ ok: true, text: "fine", usage: {} }]),
        { system: "s", user: "x".repeat(2_700) }, // about 901 tokens
        small(runtime()),
      );
      if (!reply.ok) throw new Error(reply.message);
      expect(reply.warnings).toHaveLength(1);
      expect(reply.warnings[0]).toMatch(/about 901 input tokens \(estimated\), 90%/);
    });
  });
});
