// The one driver every provider runs through: the time limit, the retries, the context checks, the
// timing, and the redaction. A provider only knows how to make one attempt and read one response;
// everything that decides whether a reply counts is here, once, so no provider can forget a rule.

import type { FailureKind, PromptMessages, ReviewerRuntime, ReviewReply, Usage } from "../ports/reviewer.js";
import { figure } from "../report/figures.js";
import { estimateTokens } from "../review/tokens.js";
import { defined } from "../util/defined.js";
import { redactor } from "../util/redact.js";
import { type ContextWindow, contextWarning } from "./context-window.js";
import { withoutReasoning } from "./reply-text.js";
import { backoffDelay, type RetryPolicy } from "./retry.js";

/** One attempt's result, before the driver's checks. */
export type AttemptOutcome =
  | {
      readonly ok: true;
      readonly text: string;
      /** Other faithful readings of the same reply (text blocks joined as written, reply-text.ts);
       * the gate reads every one and keeps the strictest verdict. */
      readonly alsoReadAs?: readonly string[];
      readonly model?: string;
      readonly usage: Usage;
    }
  | {
      readonly ok: false;
      readonly failure: FailureKind;
      readonly message: string;
      /** Whether asking again may help (rate limit, 5xx, network). */
      readonly retryable: boolean;
      readonly retryAfterMs?: number;
      readonly usage?: Usage;
    };

/** One attempt. `signal` aborts when the time limit passes; the attempt should stop its work then
 * (close the socket, kill the process), though the driver does not wait for it to. Should not throw;
 * if it does, the throw is a failure like any other. */
export type Attempt = (prompt: PromptMessages, signal: AbortSignal) => Promise<AttemptOutcome>;

export interface CallSettings {
  /** `openai reviewer at api.openai.com`: the start of every message. */
  readonly target: string;
  readonly model: string;
  readonly window: ContextWindow;
  readonly timeoutMs: number;
  readonly policy: RetryPolicy;
  readonly runtime: ReviewerRuntime;
  /** Never to appear in a message or warning (the API key). */
  readonly secrets: readonly string[];
  /** The caller's abort (the round's deadline, src/gate/reviewer-guard.ts): the attempt in flight is
   * stopped, no retry follows, and the reply is a `timeout` failure. */
  readonly signal?: AbortSignal;
}

// A prompt the provider says was much smaller than the gate's estimate was cut on the way in: Ollama
// drops the start of an over-long prompt and reports only what it kept. The estimate is 3 bytes a token
// (tokens.ts); measured against real tokenizers (o200k and cl100k of OpenAI, Claude's) on 320 samples
// of code, diffs, prose, JSON and minified files of this repository and its dependencies, what a server
// reports is a median 0.78 of the estimate (o200k; 0.86 Claude), and the lowest was 0.41: Markdown
// tables padded with runs of spaces and dashes, 7.3 bytes a token. Git diffs went no lower than 0.53,
// TypeScript no lower than 0.50. Only text made of long runs of one character (fixed-width tables at
// 0.29, a file of spaces at 0.11) goes lower.
/** Below this share of the estimate (9 bytes a token, past anything measured on code or prose) the
 * prompt was cut, and the reply holds. Before, 0.25: a server that read 30% of the prompt passed. */
export const TRUNCATION_SHARE = 1 / 3;
/** Below this share (6 bytes a token, denser than any code or diff measured) the reply stands but
 * warns: a silent cut is the likelier story than such a tokenizer. */
export const TRUNCATION_WARNING_SHARE = 0.5;
/** A reported input of this share of the context window or more holds: the prompt filled the window,
 * and a server that cuts silently keeps about a window's worth. The other side of the share above: the
 * estimate runs high on code but LOW on dense text (base64 and hex measured at 2.1 and 1.8 times it),
 * so a chunk the plan kept under 80% of the window by estimate can be 160% of it, and Ollama then
 * drops its start (the code the reviewer should have seen) and reports about the window, which no
 * share of the estimate would catch. An honest prompt this close to the window costs a hold. */
export const WINDOW_FULL_SHARE = 0.9;
/** Below this estimate the check is skipped: chat templates add tokens, so small prompts are noisy. */
export const TRUNCATION_MIN_TOKENS = 1_000;

function failureMessage(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** The failure of a call its caller stopped (the round's deadline). */
function cutOff(settings: CallSettings, n: number): AttemptOutcome {
  return {
    ok: false,
    failure: "timeout",
    message: `${settings.target}: cut off by the round's deadline (attempt ${n})`,
    retryable: false,
  };
}

function withTimeLimit(attempt: Attempt, prompt: PromptMessages, settings: CallSettings, n: number) {
  const controller = new AbortController();
  const outer = settings.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stop = () => {};
  const limit = new Promise<AttemptOutcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({
        ok: false,
        failure: "timeout",
        message: `${settings.target}: no complete reply within ${settings.timeoutMs / 1000}s (attempt ${n})`,
        retryable: false,
      });
    }, settings.timeoutMs);
    stop = () => {
      controller.abort();
      resolve(cutOff(settings, n));
    };
    outer?.addEventListener("abort", stop, { once: true });
  });
  const run = (async () => {
    try {
      return await attempt(prompt, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return await limit;
      return {
        ok: false,
        failure: "bad-response",
        message: `${settings.target}: ${failureMessage(error)}`,
        retryable: false,
      } satisfies AttemptOutcome;
    }
  })();
  return Promise.race([run, limit]).finally(() => {
    clearTimeout(timer);
    outer?.removeEventListener("abort", stop);
  });
}

/** The backoff before a retry, ended early by the caller's abort. */
function pause(runtime: ReviewerRuntime, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return runtime.sleep(ms);
  return new Promise<void>((resolve) => {
    const done = () => {
      signal.removeEventListener("abort", done);
      resolve();
    };
    signal.addEventListener("abort", done, { once: true });
    void runtime.sleep(ms).then(done);
  });
}

/** Runs attempts until a reply, a failure that retrying cannot fix, or the retries run out. Never
 * throws. */
export async function callReviewer(
  attempt: Attempt,
  prompt: PromptMessages,
  settings: CallSettings,
): Promise<ReviewReply> {
  const { runtime, policy } = settings;
  const start = runtime.now();
  const warnings: string[] = [];
  const estimated = estimateTokens(`${prompt.system}\n\n${prompt.user}`);
  const before = contextWarning({
    tokens: estimated,
    window: settings.window,
    model: settings.model,
    measured: "estimated",
  });
  if (before !== undefined) warnings.push(before);
  const clean = redactor(settings.secrets);
  const finish = (outcome: AttemptOutcome, attempts: number): ReviewReply => {
    const latencyMs = Math.max(0, Math.round(runtime.now() - start));
    const safeWarnings = Object.freeze(warnings.map(clean));
    if (outcome.ok) {
      return Object.freeze({
        ok: true,
        // The reply goes into the check run, the summary and the log, all public to the PR's author: a
        // prompt-injected reviewer that prints its key must not publish it there.
        text: clean(outcome.text),
        ...(outcome.alsoReadAs !== undefined && outcome.alsoReadAs.length > 0
          ? { alsoReadAs: Object.freeze(outcome.alsoReadAs.map(clean)) }
          : {}),
        model: outcome.model ?? settings.model,
        usage: outcome.usage,
        latencyMs,
        attempts,
        warnings: safeWarnings,
      });
    }
    return Object.freeze({
      ok: false,
      failure: outcome.failure,
      message: clean(outcome.message),
      latencyMs,
      attempts,
      ...defined({ usage: outcome.usage }),
      warnings: safeWarnings,
    });
  };

  for (let attempts = 1; ; attempts += 1) {
    if (settings.signal?.aborted === true) return finish(cutOff(settings, attempts), attempts - 1);
    const outcome = await withTimeLimit(attempt, prompt, settings, attempts);
    if (outcome.ok) return finish(checkReply(outcome, estimated, settings, warnings), attempts);
    const more = attempts <= policy.retries;
    if (!outcome.retryable || !more) {
      const tried = attempts > 1 ? ` (after ${attempts} attempts)` : "";
      return finish({ ...outcome, message: `${outcome.message}${tried}` }, attempts);
    }
    if (outcome.retryAfterMs !== undefined && outcome.retryAfterMs > policy.maxRetryAfterMs) {
      const asked = figure(Math.ceil(outcome.retryAfterMs / 1000));
      return finish(
        {
          ...outcome,
          message: `${outcome.message}; asked to retry after ${asked}s, longer than the ${policy.maxRetryAfterMs / 1000}s the gate waits`,
        },
        attempts,
      );
    }
    await pause(
      runtime,
      backoffDelay(attempts, policy, runtime.random, outcome.retryAfterMs),
      settings.signal,
    );
  }
}

/** The checks every reply passes through, whatever the provider: a prompt the provider reports far
 * smaller than sent was cut (and a smaller shortfall warns), a prompt estimated over the whole window
 * that the provider gives no count for (a command reviewer never does) is taken as cut too, reported
 * use above 80% of the window warns, a reasoning section that never closes is no answer, and no text
 * is no reply. Each reading of the reply (call.ts `alsoReadAs`) passes the same checks. */
function checkReply(
  outcome: Extract<AttemptOutcome, { ok: true }>,
  estimated: number,
  settings: CallSettings,
  warnings: string[],
): AttemptOutcome {
  const cut = (message: string): AttemptOutcome => ({
    ok: false,
    failure: "truncated",
    message,
    retryable: false,
    usage: outcome.usage,
  });
  const reported = outcome.usage.inputTokens;
  if (reported !== undefined && reported > 0) {
    const after = contextWarning({
      tokens: reported,
      window: settings.window,
      model: settings.model,
      measured: "reported",
    });
    if (after !== undefined) warnings.push(after);
    if (reported >= settings.window.tokens * WINDOW_FULL_SHARE) {
      return cut(
        `${settings.target}: the provider read ${figure(reported)} input tokens, ` +
          `${figure(Math.round((reported / settings.window.tokens) * 100))}% of the ` +
          `${figure(settings.window.tokens)}-token context window: a prompt that fills the window was most ` +
          "likely cut to fit it, as Ollama does, keeping the end. Dense text (base64, hex, packed data) takes " +
          `more tokens than the gate's estimate of ${figure(estimated)}. Set \`context-window\` to the window ` +
          "the server really serves, or lower `max-diff-tokens` to split the diff further.",
      );
    }
    const share = reported / estimated;
    const read = `the provider read ${figure(reported)} input tokens of a prompt estimated at ${figure(estimated)} (${Math.round(share * 100)}%)`;
    if (estimated >= TRUNCATION_MIN_TOKENS && share < TRUNCATION_SHARE) {
      return cut(
        `${settings.target}: ${read}: no tokenizer packs code that densely, so the prompt was most likely ` +
          "cut silently (as Ollama does past its num_ctx), and the reviewer did not see all of the diff",
      );
    }
    if (estimated >= TRUNCATION_MIN_TOKENS && share < TRUNCATION_WARNING_SHARE) {
      warnings.push(
        `${read}: fewer than any code measured tokenizes to. If the server cuts long prompts silently (Ollama ` +
          "past its num_ctx), it cut this one; set `context-window` to what it really serves.",
      );
    }
  } else if (estimated > settings.window.tokens) {
    // Nothing says how much of the prompt the reviewer read, and it did not fit: a server that cuts
    // silently (Ollama past num_ctx, a CLI that drops the start) answers about part of the diff as if
    // it were all of it. The estimate runs high, so a prompt just over may in fact have fitted; a hold
    // costs a person a look, an approve of half a diff costs more.
    return cut(
      `${settings.target}: the prompt is about ${figure(estimated)} input tokens (estimated), ` +
        `more than the whole ${figure(settings.window.tokens)}-token context window of ` +
        `${settings.model}, and the provider reports no input-token count to show it read all of it: the ` +
        "prompt was most likely cut, so the reply is not used. Set `context-window` to the window the " +
        "reviewer really serves, or lower `max-diff-tokens` to split the diff further.",
    );
  }
  const texts: string[] = [];
  for (const reading of [outcome.text, ...(outcome.alsoReadAs ?? [])]) {
    const answer = withoutReasoning(reading);
    if ("unclosed" in answer) {
      return cut(
        `${settings.target}: the reply opens a ${answer.unclosed} reasoning section that never closes: ` +
          "what follows is the model thinking, not its answer",
      );
    }
    if (!texts.includes(answer.text)) texts.push(answer.text);
  }
  const [text = "", ...others] = texts;
  if (text.trim() === "") {
    return {
      ok: false,
      failure: "empty",
      message: `${settings.target}: the reply has no text`,
      retryable: false,
      usage: outcome.usage,
    };
  }
  const { alsoReadAs: _asRead, ...rest } = outcome;
  return { ...rest, text, ...(others.length > 0 ? { alsoReadAs: others } : {}) };
}
