// The fetch every GitHub request goes through: a deadline per attempt that covers the body as well as
// the headers, and a cap on the body size. Reading the body here matters: Octokit reads it after the
// request has "succeeded" and, when that read fails (a stalled or cut connection), hands back an empty
// string as if GitHub had answered 200 with nothing. Read here, the same failure is a failed request
// that the retry plugin retries and that ends, at worst, in a thrown error. A body over the cap is a
// ResponseTooLargeError, which is not retried (the next answer would be as large) and which the diff
// reader treats like GitHub's own 406: it reads the file list instead.

export interface FetchCounters {
  /** HTTP requests sent, retries included. */
  requests: number;
}

/** The deadline of each attempt. In production a timer (AbortSignal.timeout); injectable because a
 * timer races a busy machine: the end-to-end tests end an attempt the loopback server holds unanswered
 * on the test's own clock, so a slow answer under load is never mistaken for a hang. */
export interface AttemptDeadline {
  /** Starts the deadline of one attempt of `request`: `signal` aborts it, as AbortSignal.timeout does
   * (a TimeoutError), and `settled` is called once the attempt is over either way. */
  start(
    timeoutMs: number,
    request: { readonly method: string; readonly url: string },
  ): { readonly signal: AbortSignal; settled(): void };
}

export const REAL_DEADLINE: AttemptDeadline = Object.freeze({
  start: (timeoutMs: number) => ({ signal: AbortSignal.timeout(timeoutMs), settled: () => {} }),
});

export interface BoundedFetchOptions {
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly counters: FetchCounters;
  /** Default REAL_DEADLINE. */
  readonly deadline?: AttemptDeadline;
}

/** GitHub's answer was larger than the gate accepts. Thrown from inside fetch, so Octokit wraps it
 * (as the `cause` of a RequestError with status 500): find it with `responseTooLarge`. */
export class ResponseTooLargeError extends Error {
  override readonly name = "ResponseTooLargeError";
  constructor(readonly limit: number) {
    super(`response body exceeds ${limit} bytes`);
  }
}

/** The ResponseTooLargeError behind a thrown value (itself or a cause, a few levels deep), if any. */
export function responseTooLarge(error: unknown): ResponseTooLargeError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    if (current instanceof ResponseTooLargeError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

async function readCapped(response: Response, limit: number): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (reader === undefined) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The URL a fetch was asked for, whichever form it was given in. */
function urlOf(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === "string") return input;
  return input instanceof URL ? input.href : input.url;
}

export function boundedFetch(inner: typeof fetch, options: BoundedFetchOptions): typeof fetch {
  const deadlines = options.deadline ?? REAL_DEADLINE;
  return async (input, init) => {
    options.counters.requests += 1;
    const deadline = deadlines.start(options.timeoutMs, {
      method: (init?.method ?? "GET").toUpperCase(),
      url: urlOf(input),
    });
    try {
      const signal = init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal;
      const response = await inner(input, { ...init, signal });
      const body = NULL_BODY.has(response.status)
        ? null
        : await readCapped(response, options.maxResponseBytes);
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } finally {
      deadline.settled();
    }
  };
}
