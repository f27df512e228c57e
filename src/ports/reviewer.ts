// One interface for every reviewer (an OpenAI-compatible endpoint, Anthropic's Messages API, or any CLI
// that reads a prompt on stdin), and the one shape its answer takes. The shape is what keeps "could not
// review" from ever turning green: a reply is either final text the provider says it finished, or a
// named failure, and a failure carries no text a parser could read an APPROVE out of.

/** Why a reviewer call produced no usable reply. Every kind caps the reviewer part at MAYBE. */
export type FailureKind =
  /** The call (or the command) ran past its time limit. */
  | "timeout"
  /** 429 (or Anthropic's rate_limit_error), or a 403 with retry-after, still after the retries (or
   * asked to wait too long). */
  | "rate-limited"
  /** Any other HTTP error status (400, 404, 413, 5xx after the retries…), 529 and Anthropic's
   * overloaded_error included: an overloaded server is retried like a 5xx, not as a rate limit. */
  | "http"
  /** Connection refused, reset, DNS, a body cut mid-stream. */
  | "network"
  /** The provider marked the reply as cut off, or the prompt was silently cut on the way in. */
  | "truncated"
  /** The provider refused or filtered the reply. */
  | "refusal"
  /** Nothing but whitespace (or only reasoning) came back. */
  | "empty"
  /** 401 or 403: the key is wrong or lacks access. */
  | "auth"
  /** A response the gate cannot read: malformed JSON, no choices, a tool call instead of text. */
  | "bad-response"
  /** The reviewer command could not start, or exited non-zero. */
  | "command-failed"
  /** The reply was larger than the gate reads (an HTTP body, a command's output): refused unread. */
  | "too-large"
  /** Never sent: the round could no longer use the answer (an earlier call of this reviewer failed, or
   * the round's deadline had passed). src/gate/reviewer-guard.ts says which. */
  | "not-asked";

/** Tokens as the provider reported them; absent when it did not (a command reviewer never does). */
export interface Usage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
}

export type ReviewReply =
  | {
      readonly ok: true;
      /** The reply's final text only: never reasoning fields or thinking blocks. */
      readonly text: string;
      /** The same reply read another faithful way (text blocks joined as written rather than on line
       * breaks, providers/reply-text.ts), when that differs. The gate reads `text` and every one of these
       * and keeps the strictest verdict, so an approve needs every reading to approve. */
      readonly alsoReadAs?: readonly string[];
      /** The model that answered, as the provider named it (falls back to the configured one). */
      readonly model: string;
      readonly usage: Usage;
      /** From the first attempt's start to the end, retries and their waits included. */
      readonly latencyMs: number;
      readonly attempts: number;
      /** Context-window warnings and the like: for the log and the summary, never a verdict. */
      readonly warnings: readonly string[];
    }
  | {
      readonly ok: false;
      readonly failure: FailureKind;
      /** Names the provider, the host and the status; never contains the API key. */
      readonly message: string;
      readonly latencyMs: number;
      readonly attempts: number;
      readonly usage?: Usage;
      readonly warnings: readonly string[];
    };

/** What a reviewer is asked: the system message (role and data policy) and the user message (task,
 * conditions, fenced diff, reply rule last). A command reviewer gets both on stdin, system first. */
export interface PromptMessages {
  readonly system: string;
  readonly user: string;
}

export type ProviderName = "openai" | "anthropic" | "command";

export interface Reviewer {
  readonly provider: ProviderName;
  /** The configured model (for `command`: the model setting, or the program's name). */
  readonly model: string;
  /** `provider model @ host`, for the summary and the review fingerprint. Never holds a secret. */
  readonly label: string;
  /** Tokens the model can read at once, from the settings or the built-in table. */
  readonly contextWindow: number;
  /** Where that figure came from, in words (`the configured context-window`, `the default for a
   * command reviewer: …`): a hold for a file over the budget the window sets names it, so a person
   * knows whether to correct the figure or the change. */
  readonly contextWindowBasis?: string;
  /** The most tokens a reply may hold, as the call asks for it: what `max-pr-cost` counts a call's
   * reply at before asking (absent: the action's default, max-output-tokens' 8,192). */
  readonly maxOutputTokens?: number;
  /** Never throws: every fault comes back as a failure reply. `call.signal` aborts the call (the
   * round's deadline): the reviewer stops its work and answers with a failure. */
  review(prompt: PromptMessages, call?: ReviewCall): Promise<ReviewReply>;
}

/** What one call carries besides its prompt. */
export interface ReviewCall {
  /** Aborted when the round can no longer wait for this call: the reply is a `timeout` failure. */
  readonly signal?: AbortSignal;
}

/** Time and chance, injected so tests never wait for a backoff and can script the jitter. */
export interface ReviewerRuntime {
  sleep(ms: number): Promise<void>;
  now(): number;
  /** Uniform in [0, 1). */
  random(): number;
}

export const REAL_RUNTIME: ReviewerRuntime = Object.freeze({
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  now: () => performance.now(),
  random: () => Math.random(),
});
