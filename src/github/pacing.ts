// How the gate paces its GitHub requests, after GitHub's guidance for integrators ("Best practices for
// using the REST API"): make writes one at a time, at least a second apart ("wait at least one second
// between each request" that creates or changes content, or risk a secondary rate limit); and when
// GitHub answers with a rate limit, wait the time it asks for (`retry-after`, or until
// `x-ratelimit-reset`) before retrying, never sooner.
//
// Why not @octokit/plugin-throttling, which does both: its write spacing lives in limiter groups shared
// by every Octokit in the process (one second for writes, three for writes that notify), which its
// README offers no way to set; the gate used to cast an object of its own into those undocumented
// groups to make the spacing configurable, an upgrade away from silently breaking. Owning the ~40 lines
// makes the spacing a plain option, and the clock injectable, so tests can run without the second
// (or count it on a fake clock) while a few keep real spacing.
//
// It is an Octokit plugin built on the documented `octokit.hook.wrap("request", …)`. Registered after
// the retry plugin, it wraps it: each API call that writes takes one turn, holding it through the retry
// plugin's retries of a 5xx (which wait that plugin's backoff, at least a second in production), and a
// rate-limited call takes a new turn after its wait.
import type { Octokit } from "./client.js";

/** Time, injectable: tests run the pacing on a fake clock. */
export interface PacingClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const REAL_CLOCK: PacingClock = Object.freeze({
  now: () => Date.now(),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
});

/** The wait GitHub asked for, in seconds, and which limit it was. */
export interface RateLimit {
  readonly kind: "primary" | "secondary";
  readonly retryAfterSeconds: number;
}

/** A secondary limit that names no wait: GitHub's documentation says to wait at least a minute. */
export const SECONDARY_FALLBACK_SECONDS = 60;

interface ErrorShape {
  status?: unknown;
  message?: unknown;
  response?: { headers?: Record<string, unknown> };
}

/** Whether a failed request was GitHub's rate limit, and how long it asked to wait (as the throttling
 * plugin reads it): a 403 or 429 whose message names a secondary rate limit waits its `retry-after`
 * (a minute when it names none); one with `x-ratelimit-remaining: 0` waits until a second after
 * `x-ratelimit-reset`. Any other failure is no rate limit. */
export function rateLimitOf(error: unknown, now: number): RateLimit | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { status, message, response } = error as ErrorShape;
  if (status !== 403 && status !== 429) return undefined;
  const headers = response?.headers ?? {};
  if (typeof message === "string" && /\bsecondary rate\b/i.test(message)) {
    const asked = Number(headers["retry-after"]);
    return { kind: "secondary", retryAfterSeconds: asked > 0 ? asked : SECONDARY_FALLBACK_SECONDS };
  }
  if (headers["x-ratelimit-remaining"] === "0") {
    const resetMs = Math.trunc(Number(headers["x-ratelimit-reset"]) || 0) * 1000;
    // One second past the reset, so the retry comes after it (GitHub's guidance).
    return { kind: "primary", retryAfterSeconds: Math.max(Math.ceil((resetMs - now) / 1000) + 1, 0) };
  }
  return undefined;
}

/** One write at a time, each starting at least `spacingMs` after the one before it ended: the
 * stricter reading of "a second between each request" (spacing the starts instead would let a slow
 * write end just before the next one starts). */
export class WriteSpacing {
  private lastEnd = Number.NEGATIVE_INFINITY;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly spacingMs: number,
    private readonly clock: PacingClock = REAL_CLOCK,
  ) {}

  /** Runs `write` in its turn and settles as it does. */
  run<T>(write: () => Promise<T>): Promise<T> {
    const mine = this.queue.then(async () => {
      const wait = this.lastEnd + this.spacingMs - this.clock.now();
      if (wait > 0) await this.clock.sleep(wait);
      try {
        return await write();
      } finally {
        this.lastEnd = this.clock.now();
      }
    });
    // A failed write (or wait) must not wedge the queue for the writes after it.
    this.queue = mine.then(
      () => undefined,
      () => undefined,
    );
    return mine;
  }
}

export interface PacingOptions {
  /** Least time from the end of one write to the start of the next (GitHub's guidance: 1000). */
  readonly writeSpacingMs: number;
  /** Milliseconds per second of a wait GitHub asks for (1000; tests shrink it). */
  readonly retryAfterUnitMs: number;
  /** Asked before each wait: true retries after it, false gives the rate limit back to the caller.
   * `retryCount`: the rate-limit retries this call has had so far. */
  readonly onRateLimit: (
    limit: RateLimit,
    request: { readonly method?: string; readonly url?: string },
    retryCount: number,
  ) => boolean;
  readonly clock?: PacingClock;
}

/** A write is any method but GET and HEAD. */
function isWrite(method: string | undefined): boolean {
  const m = (method ?? "GET").toUpperCase();
  return m !== "GET" && m !== "HEAD";
}

/** The plugin: pass it to getOctokit after the retry plugin. */
export function pacing(options: PacingOptions): (octokit: { hook: Octokit["hook"] }) => void {
  const clock = options.clock ?? REAL_CLOCK;
  const spacing = new WriteSpacing(options.writeSpacingMs, clock);
  return (octokit) => {
    octokit.hook.wrap("request", async (request, requestOptions) => {
      for (let retryCount = 0; ; retryCount += 1) {
        try {
          return await (isWrite(requestOptions.method)
            ? spacing.run(async () => request(requestOptions))
            : request(requestOptions));
        } catch (error) {
          const limit = rateLimitOf(error, clock.now());
          if (limit === undefined || !options.onRateLimit(limit, requestOptions, retryCount)) throw error;
          await clock.sleep(limit.retryAfterSeconds * options.retryAfterUnitMs);
        }
      }
    });
  };
}
