// The one Octokit the gate uses: @actions/github's, with the retry plugin and the gate's own pacing
// (pacing.ts) configured after GitHub's rate-limit guidance (honour `retry-after` and
// `x-ratelimit-reset`, retry a bounded number of times, space writes a second apart), a deadline per
// attempt so a hang ends, and the token kept out of every log line and error message. Only documented
// surfaces: getOctokit, the retry plugin's options, Octokit's request hooks and `request.fetch`.
import { getOctokit } from "@actions/github";
import { retry } from "@octokit/plugin-retry";
import { defined } from "../util/defined.js";
import { type Redact, redactor } from "../util/redact.js";
import {
  type AttemptDeadline,
  type BoundedFetchOptions,
  boundedFetch,
  type FetchCounters,
  responseTooLarge,
} from "./bounded-fetch.js";
import { describeFailure } from "./failure.js";
import { type PacingClock, pacing, REAL_CLOCK } from "./pacing.js";

export type Octokit = ReturnType<typeof getOctokit>;

/** Where the gate's diagnostics go (the action passes @actions/core's; lines arrive redacted). */
export interface GitHubLog {
  debug?(message: string): void;
  info?(message: string): void;
  warn(message: string): void;
}

export interface GitHubClientOptions {
  readonly token: string;
  /** GITHUB_API_URL; defaults to the environment's, then https://api.github.com. */
  readonly baseUrl?: string;
  /** Deadline per attempt, headers and body (default 30 s). */
  readonly timeoutMs?: number;
  /** What runs that deadline (default a timer; tests end a hung attempt on their own clock). */
  readonly deadline?: AttemptDeadline;
  /** Retries after a 5xx, a timeout or a cut connection (default 3). */
  readonly retries?: number;
  /** Retries after a rate limit (default 2). */
  readonly rateLimitRetries?: number;
  /** Longest wait a rate limit may ask for before the gate gives up instead (default 60 s), when no
   * `rateLimitWaitUntil` is given. */
  readonly maxRateLimitWaitSeconds?: number;
  /** When the job's time for waiting ends, on `clock.now()`'s scale: a rate-limit wait is taken
   * whatever its length if it ends by then (the action passes its round deadline plus the minutes
   * publishing takes), and refused if it does not. GitHub's secondary limits ask for minutes; a job
   * that has them is better spent waiting than holding. */
  readonly rateLimitWaitUntil?: number;
  /** Milliseconds per second of backoff and `retry-after` (default 1000; tests pass 1). */
  readonly backoffUnitMs?: number;
  /** Spacing between writes, from the end of one to the start of the next (default 1000 ms, GitHub's
   * guidance). */
  readonly writeSpacingMs?: number;
  /** The clock the write spacing and the rate-limit waits run on (default the real one). */
  readonly clock?: PacingClock;
  /** Largest response body accepted (default 64 MiB); a larger one is a `too-large` GitHubError. */
  readonly maxResponseBytes?: number;
  readonly userAgent?: string;
  readonly log?: GitHubLog;
  /** Other secrets to keep out of messages too (the reviewer's key). */
  readonly secrets?: readonly string[];
  /** The fetch underneath (default: @actions/github's, which honours the runner's proxy settings). */
  readonly fetch?: typeof fetch;
}

export interface RequestStats {
  /** HTTP requests sent, retries included. */
  readonly requests: number;
  /** API calls made (each may have taken several requests). */
  readonly calls: number;
  /** Waits taken because of a rate limit. */
  readonly rateLimitWaits: number;
}

export interface GitHubClient {
  readonly octokit: Octokit;
  readonly baseUrl: string;
  readonly redact: Redact;
  readonly stats: RequestStats;
  /** Waits `seconds` of backoff, on the client's clock and unit (tests shrink both). */
  pause(seconds: number): Promise<void>;
  /** Runs one API operation; any failure comes out as a GitHubError naming `operation`. */
  run<T>(
    operation: string,
    call: (octokit: Octokit) => Promise<T>,
    options?: { writesChecks?: boolean },
  ): Promise<T>;
}

/** Never retried by the retry plugin: the answer will not change (4xx), or the pacing owns it (403/429
 * rate limits, which it retries after the wait GitHub asks for). 406 is GitHub's "diff
 * too large", which a retry cannot fix and which the diff reader handles. */
const DO_NOT_RETRY = [400, 401, 403, 404, 406, 409, 410, 413, 422, 429, 451];

/** Every attempt's fetch goes through boundedFetch, wrapped around the fetch the request would have
 * used: @actions/github's default, which honours the runner's proxy settings, or `fetch` when given.
 * A hook rather than the constructor's `request.fetch` option, because that option would replace the
 * proxy-aware default, which @actions/github exports only from its internals. Registered first, so it
 * runs innermost: once per attempt, retries included. */
function boundEachFetch(
  given: typeof fetch | undefined,
  bounds: BoundedFetchOptions,
): (octokit: { hook: Octokit["hook"] }) => void {
  const bound = new WeakMap<typeof fetch, typeof fetch>();
  const ours = new WeakSet<typeof fetch>();
  const boundFor = (inner: typeof fetch): typeof fetch => {
    // A retry passes through here again with the options of the first attempt, already bound.
    if (ours.has(inner)) return inner;
    let wrapped = bound.get(inner);
    if (wrapped === undefined) {
      wrapped = boundedFetch(inner, bounds);
      bound.set(inner, wrapped);
      ours.add(wrapped);
    }
    return wrapped;
  };
  return (octokit) => {
    octokit.hook.wrap("request", (request, options) => {
      const inner = given ?? (options.request?.fetch as typeof fetch | undefined) ?? globalThis.fetch;
      // Set on this call's own options object: the hooks inside this one (the token's) are bound to
      // it and read the request from it, not from what is passed on.
      options.request = { ...options.request, fetch: boundFor(inner) };
      return request(options);
    });
  };
}

/** A response over the size cap would be as large on every attempt, but Octokit reports it as a 500,
 * which the retry plugin retries. Registered before that plugin, this hook sees the error first and
 * sets this one request's retries to 0 (a copy of its options: the defaults' object is shared). */
function noRetryWhenTooLarge(octokit: { hook: Octokit["hook"] }): void {
  octokit.hook.error("request", (error, options) => {
    if (responseTooLarge(error) !== undefined) options.request = { ...options.request, retries: 0 };
    throw error;
  });
}

/** Says, on the first failure of a request that the retry plugin will try again, that it will and for
 * how long: without a network, `pr --dry-run` waited 15 s in silence before its error. Registered
 * before that plugin, so it sees each attempt's error as it comes (`retryCount` is 0 on the first);
 * the plugin waits (n + 1)² backoff units after the n-th retry. */
function sayRetries(
  log: GitHubLog | undefined,
  retries: number,
  unitMs: number,
  safe: (message: string) => string,
): (octokit: { hook: Octokit["hook"] }) => void {
  return (octokit) => {
    octokit.hook.error("request", (error, options) => {
      const status = (error as { status?: unknown }).status;
      const request = options.request as { retryCount?: number; retries?: number } | undefined;
      const left = request?.retries ?? retries;
      const first = (request?.retryCount ?? 0) === 0;
      if (
        log !== undefined &&
        first &&
        left > 0 &&
        typeof status === "number" &&
        status >= 500 &&
        responseTooLarge(error) === undefined
      ) {
        let waitMs = 0;
        for (let n = 1; n <= left; n += 1) waitMs += n * n * unitMs;
        const reason =
          (error as { response?: unknown }).response === undefined
            ? (describeFailure(error, { operation: "", redact: safe }).githubMessage ?? "no answer")
            : `HTTP ${status}`;
        log.warn(
          safe(
            `GitHub did not answer ${options.method} ${options.url} (${reason}); trying again ${left} time${left === 1 ? "" : "s"} over about ${(waitMs / 1000).toFixed(waitMs < 10_000 ? 1 : 0)} s`,
          ),
        );
      }
      throw error;
    });
  };
}

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const token = options.token.trim();
  if (token === "") throw new Error("verdict-gate needs a GitHub token (input `github-token`)");
  const redact = redactor([token, ...(options.secrets ?? [])]);
  const baseUrl = (options.baseUrl ?? process.env.GITHUB_API_URL ?? "https://api.github.com").replace(
    /\/+$/,
    "",
  );
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 3;
  const rateLimitRetries = options.rateLimitRetries ?? 2;
  const maxWait = options.maxRateLimitWaitSeconds ?? 60;
  const unit = options.backoffUnitMs ?? 1000;
  const counters: FetchCounters = { requests: 0 };
  const stats = { calls: 0, rateLimitWaits: 0 };
  const log = options.log;
  const safe = (message: string) => redact(message);

  const clock = options.clock ?? REAL_CLOCK;
  const paced = pacing({
    writeSpacingMs: options.writeSpacingMs ?? 1000,
    retryAfterUnitMs: unit,
    ...defined({ clock: options.clock }),
    onRateLimit: ({ kind, retryAfterSeconds }, request, retryCount) => {
      const until = options.rateLimitWaitUntil;
      const fits =
        until === undefined ? retryAfterSeconds <= maxWait : clock.now() + retryAfterSeconds * unit <= until;
      const take = retryCount < rateLimitRetries && fits;
      const why =
        retryCount >= rateLimitRetries
          ? `after ${rateLimitRetries} rate-limit retries`
          : until === undefined
            ? `longer than the ${maxWait} s the gate waits`
            : "past the time this job has left (round-deadline-minutes, plus 5 for publishing)";
      log?.warn(
        safe(
          `GitHub ${kind} rate limit on ${request.method ?? ""} ${request.url ?? ""}: ${
            take
              ? `retrying in ${retryAfterSeconds} s (retry ${retryCount + 1} of ${rateLimitRetries})`
              : `giving up (asked to wait ${retryAfterSeconds} s, ${why})`
          }`,
        ),
      );
      if (take) stats.rateLimitWaits += 1;
      return take;
    },
  });

  const octokit = getOctokit(
    token,
    {
      baseUrl,
      userAgent: options.userAgent ?? "verdict-gate",
      retry: { retries, retryAfterBaseValue: unit, doNotRetry: DO_NOT_RETRY },
      log: {
        debug: (m: string) => log?.debug?.(safe(m)),
        info: (m: string) => log?.info?.(safe(m)),
        warn: (m: string) => log?.warn(safe(m)),
        error: (m: string) => log?.warn(safe(m)),
      },
    },
    boundEachFetch(options.fetch, {
      timeoutMs,
      maxResponseBytes: options.maxResponseBytes ?? 64 * 1024 * 1024,
      counters,
      ...defined({ deadline: options.deadline }),
    }),
    noRetryWhenTooLarge,
    sayRetries(log, retries, unit, safe),
    retry,
    paced,
  );

  return {
    octokit,
    baseUrl,
    redact,
    pause: (seconds) => clock.sleep(seconds * unit),
    stats: {
      get requests() {
        return counters.requests;
      },
      get calls() {
        return stats.calls;
      },
      get rateLimitWaits() {
        return stats.rateLimitWaits;
      },
    },
    async run(operation, call, runOptions = {}) {
      stats.calls += 1;
      const before = counters.requests;
      try {
        return await call(octokit);
      } catch (error) {
        throw describeFailure(error, {
          operation,
          redact,
          timeoutMs,
          attempts: Math.max(1, counters.requests - before),
          ...defined({ writesChecks: runOptions.writesChecks }),
        });
      }
    },
  };
}
