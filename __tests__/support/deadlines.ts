// The GitHub client's per-attempt deadline on the test's clock instead of a timer. A timer races the
// machine: on a busy one, an ordinary answer from the loopback server can take longer than the short
// deadline a hang test sets, and be reported as a hang (a full run with other suites beside it failed
// that way). Here an attempt's deadline passes when, and only when, the loopback server says it is
// holding that request unanswered (FaultPlan.onHang): a hang always ends as a timeout, an answer never
// does, however long either takes. What the timeout then says (the configured milliseconds, the
// attempts) is the client's, as in production.
import type { AttemptDeadline } from "../../src/github/bounded-fetch.js";
import type { HungRequest } from "./github-api/faults.js";
import type { GitHubApiFixture } from "./github-api/index.js";

interface Pending {
  readonly method: string;
  readonly path: string;
  readonly controller: AbortController;
}

export class HangDeadlines implements AttemptDeadline {
  private readonly pending = new Set<Pending>();
  /** Attempts whose deadline passed, by `METHOD path`. */
  readonly expired: string[] = [];

  start(_timeoutMs: number, request: { readonly method: string; readonly url: string }) {
    const entry: Pending = {
      method: request.method,
      path: new URL(request.url).pathname,
      controller: new AbortController(),
    };
    this.pending.add(entry);
    return {
      signal: entry.controller.signal,
      settled: () => {
        this.pending.delete(entry);
      },
    };
  }

  /** The server holds `request` unanswered: the deadline of every attempt of it in flight passes, with
   * the reason AbortSignal.timeout gives. */
  expire(request: HungRequest): void {
    for (const entry of this.pending) {
      if (entry.method !== request.method || entry.path !== request.path) continue;
      this.pending.delete(entry);
      this.expired.push(`${entry.method} ${entry.path}`);
      entry.controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    }
  }

  /** Attempts still waiting on their deadline (none, once everything answered or was ended). */
  get inFlight(): number {
    return this.pending.size;
  }
}

/** Deadlines that pass when `api` holds a request unanswered; `stop` detaches them from the server. */
export function hangDeadlines(api: GitHubApiFixture): { deadlines: HangDeadlines; stop: () => void } {
  const deadlines = new HangDeadlines();
  const stop = api.faults.onHang((request) => deadlines.expire(request));
  return { deadlines, stop };
}

/** No deadline at all, for the tests of the loopback server itself: only the server ends a request
 * (an answer, a reset, `close()`), and a busy machine can only make it later. */
export const NO_DEADLINE: AttemptDeadline = Object.freeze({
  start: () => ({ signal: new AbortController().signal, settled: () => {} }),
});
