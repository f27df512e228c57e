// Faults the loopback API can inject, per route and per attempt: everything GitHub and the network
// between do to a client, so the fault matrix can prove each ends in a non-passing check or a failed
// step, never in an approve.

export type Fault =
  /** A server error: GitHub's JSON for 500/503/504, its HTML "Unicorn" page for 502. */
  | { readonly kind: "status"; readonly status: 500 | 502 | 503 | 504 }
  /** The request takes effect, then the answer is that server error: GitHub's front end giving up on
   * a write its back end completed. A client that retries such a POST as it stands posts twice. */
  | { readonly kind: "applied"; readonly status: 500 | 502 | 503 | 504 }
  /** A primary (`x-ratelimit-remaining: 0`, reset in `resetInSeconds`) or secondary (`retry-after`)
   * rate limit, as 403 or 429 with GitHub's body and headers. */
  | {
      readonly kind: "rate-limit";
      readonly status: 403 | 429;
      readonly limit: "primary" | "secondary";
      readonly retryAfterSeconds?: number;
      readonly resetInSeconds?: number;
    }
  /** Accept the request and never answer (until `ms`, or until the server closes). */
  | { readonly kind: "hang"; readonly ms?: number }
  /** Answer normally, after a delay. */
  | { readonly kind: "delay"; readonly ms: number }
  /** Destroy the socket before any byte of the response. */
  | { readonly kind: "reset" }
  /** Send the headers and half the body, then destroy the socket. */
  | { readonly kind: "reset-mid-body" }
  /** Send the headers and half the body, then nothing more (until the server closes): a hang after
   * the headers, which only a deadline that covers the body ends. */
  | { readonly kind: "stall-mid-body" }
  /** 200 with a JSON content type and a body that is not JSON. */
  | { readonly kind: "malformed-json" }
  /** The real answer cut in half, delivered as a complete response. */
  | { readonly kind: "truncated-json" }
  /** 200 with a JSON content type and no body at all. */
  | { readonly kind: "empty-body" }
  /** 403 "Resource not accessible by integration": a fork PR's read-only token writing a check. */
  | { readonly kind: "cannot-write-checks" }
  /** The real JSON answer, changed by `edit` (a copy), and still checked against GitHub's description:
   * for answers GitHub may give that the model never produces (a check run whose `app` is null). */
  | { readonly kind: "edit"; readonly edit: (json: unknown) => unknown }
  /** Runs `run` first — another run of the gate, an edit of the model — then answers normally, so the
   * request sees (a read) or overwrites (a write) what it did: how two rounds are interleaved. */
  | { readonly kind: "hook"; readonly run: () => Promise<void> | void };

export interface FaultRule {
  /** `"GET /repos/{owner}/{repo}/pulls/{pull_number}"` (the description's template), or `"*"`. */
  readonly route: string;
  readonly fault: Fault;
  /** 1-based attempts (matching requests since the rule was added) that get the fault, or "every". */
  readonly attempts: readonly number[] | "every";
  /** Narrows the rule further, e.g. to the diff media type only. */
  readonly when?: (request: {
    method: string;
    path: string;
    headers: Record<string, string>;
    /** The query string's parameters (e.g. `check_name`). */
    query?: Readonly<Record<string, string>>;
  }) => boolean;
}

/** A request the server holds unanswered (a `hang`, or a `stall-mid-body` once half the body is out). */
export interface HungRequest {
  readonly method: string;
  /** The path asked for, without the query. */
  readonly path: string;
}

interface ActiveRule extends FaultRule {
  seen: number;
  hits: number;
}

export class FaultPlan {
  private readonly rules: ActiveRule[] = [];
  private readonly hangListeners = new Set<(request: HungRequest) => void>();

  /** Calls `listener` whenever the server starts holding a request unanswered: a test's deadline
   * clock ends that attempt then (support/deadlines.ts), instead of a timer racing a busy machine.
   * Returns what removes the listener. */
  onHang(listener: (request: HungRequest) => void): () => void {
    this.hangListeners.add(listener);
    return () => this.hangListeners.delete(listener);
  }

  /** The server holds `request` unanswered (called by the server). */
  hung(request: HungRequest): void {
    for (const listener of this.hangListeners) listener(request);
  }

  /** Adds a rule; by default the next matching request (attempt 1) gets the fault. */
  inject(
    route: string,
    fault: Fault,
    options: { attempts?: readonly number[] | "every"; when?: FaultRule["when"] } = {},
  ): void {
    this.rules.push({
      route,
      fault,
      attempts: options.attempts ?? [1],
      ...(options.when !== undefined ? { when: options.when } : {}),
      seen: 0,
      hits: 0,
    });
  }

  /** The next `count` matching requests get the fault. */
  failNext(route: string, fault: Fault, count = 1): void {
    this.inject(route, fault, { attempts: Array.from({ length: count }, (_, i) => i + 1) });
  }

  clear(): void {
    this.rules.length = 0;
  }

  /** How many requests each rule actually hit, to assert a fault was exercised at all. */
  get hits(): readonly { route: string; kind: Fault["kind"]; hits: number }[] {
    return this.rules.map((r) => ({ route: r.route, kind: r.fault.kind, hits: r.hits }));
  }

  /** The fault for this request, if any rule claims it. Every matching rule counts the attempt. */
  take(route: string | null, request: Parameters<NonNullable<FaultRule["when"]>>[0]): Fault | undefined {
    let chosen: Fault | undefined;
    for (const rule of this.rules) {
      if (rule.route !== "*" && rule.route !== route) continue;
      if (rule.when !== undefined && !rule.when(request)) continue;
      rule.seen += 1;
      const applies = rule.attempts === "every" || rule.attempts.includes(rule.seen);
      if (applies && chosen === undefined) {
        rule.hits += 1;
        chosen = rule.fault;
      }
    }
    return chosen;
  }
}
