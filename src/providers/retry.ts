// One retry policy for every provider, instead of each SDK's own (both SDKs are built with
// `maxRetries: 0`): the same faults retry the same way, each attempt is counted and timed, and tests
// can prove the schedule with an injected sleep. Retried: 429 (and a 403 that carries retry-after),
// 408, 409, 5xx (Anthropic's 529 overloaded too) and network errors. Not retried: our own timeout (a
// model that used the whole limit once will likely do it again, and each retry adds a full limit to
// the job), auth errors, other 4xx, and anything the provider answered in full (a refusal, a cut-off
// reply): asking again is how a gate shops for an approve.

export interface RetryPolicy {
  /** Retries after the first attempt. */
  readonly retries: number;
  /** First backoff; doubles each retry. */
  readonly baseDelayMs: number;
  /** Backoff cap before jitter. */
  readonly maxDelayMs: number;
  /** A retry-after longer than this ends the call at once: a CI job should not sleep for an hour. */
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  retries: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 60_000,
});

/** Header lookup over a fetch `Headers` or a plain record (names case-insensitive). */
export type HeaderSource =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | string[] | undefined>>;

function header(headers: HeaderSource | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined;
  if (typeof (headers as { get?: unknown }).get === "function") {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const record = headers as Readonly<Record<string, string | string[] | undefined>>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

/** The wait a response asks for: `retry-after-ms` (OpenAI, Anthropic), else `retry-after` in seconds or
 * as an HTTP date. Undefined when absent or unreadable; never negative. */
export function retryAfterMs(
  headers: HeaderSource | undefined,
  nowEpochMs: number = Date.now(),
): number | undefined {
  const ms = header(headers, "retry-after-ms")?.trim();
  if (ms !== undefined && ms !== "" && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const raw = header(headers, "retry-after")?.trim();
  if (raw === undefined || raw === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.max(0, Number(raw) * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowEpochMs);
}

/** Exponential backoff with equal jitter for retry number `retry` (1-based): half the capped delay
 * fixed, half random, so parallel chunk calls that failed together do not retry together. A
 * retry-after, when given, is a floor. */
export function backoffDelay(
  retry: number,
  policy: RetryPolicy,
  random: () => number,
  retryAfter?: number,
): number {
  const capped = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  const jittered = capped / 2 + random() * (capped / 2);
  return Math.round(Math.max(retryAfter ?? 0, jittered));
}
