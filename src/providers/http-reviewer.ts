// What the two SDK providers share: their options, and the frozen Reviewer around one attempt. Only
// the attempt differs between them; the retry policy, the context window and the secrets handed to the
// driver are built here once, so neither provider can forget to keep its key out of a message.

import { REAL_RUNTIME, type Reviewer, type ReviewerRuntime } from "../ports/reviewer.js";
import { defined } from "../util/defined.js";
import { type Attempt, callReviewer } from "./call.js";
import { type ContextWindow, describeWindow } from "./context-window.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry.js";

export interface HttpReviewerOptions {
  readonly model: string;
  /** Empty for keyless local endpoints. */
  readonly apiKey: string;
  readonly baseUrl?: string;
  /** Most tokens the reviewer may write; sent as `max_completion_tokens` (openai) or `max_tokens`
   * (anthropic, where it is required). */
  readonly maxOutputTokens?: number;
  readonly timeoutMs: number;
  /** Overrides the policy's retries. */
  readonly retries?: number;
  readonly contextWindow?: number;
  readonly policy?: RetryPolicy;
  readonly runtime?: ReviewerRuntime;
}

export function httpReviewer(
  provider: "openai" | "anthropic",
  options: HttpReviewerOptions,
  where: { readonly host: string; readonly target: string; readonly window: ContextWindow },
  attempt: Attempt,
  /** Loads what the attempts need (the provider's SDK) before the call's clock starts: the time limit
   * is the reviewer's, and parsing our own code on a busy runner must not use it up. A failure here is
   * left to the attempt, which meets it again and reports it as it always has. */
  prepare?: () => Promise<unknown>,
): Reviewer {
  const policy = {
    ...(options.policy ?? DEFAULT_RETRY_POLICY),
    ...defined({ retries: options.retries }),
  };
  const reviewer: Reviewer = {
    provider,
    model: options.model,
    label: `${provider} ${options.model} @ ${where.host}`,
    contextWindow: where.window.tokens,
    contextWindowBasis: describeWindow(where.window),
    review: async (prompt, call) => {
      await prepare?.().catch(() => undefined);
      return callReviewer(attempt, prompt, {
        target: where.target,
        model: options.model,
        window: where.window,
        timeoutMs: options.timeoutMs,
        policy,
        runtime: options.runtime ?? REAL_RUNTIME,
        secrets: options.apiKey === "" ? [] : [options.apiKey],
        ...(call?.signal !== undefined ? { signal: call.signal } : {}),
      });
    },
  };
  return Object.freeze(reviewer);
}
