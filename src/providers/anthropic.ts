// The `anthropic` provider: the Messages API through the official SDK. As with openai.ts, nothing in
// the environment may redirect the key or change the client: the key is passed explicitly (which also
// keeps the SDK from reading ANTHROPIC_AUTH_TOKEN or a credential profile from disk), the base URL is
// always explicit (ANTHROPIC_BASE_URL and profile-supplied hosts are ignored), the SDK's retries are off
// and its logger silent. The time limit is passed per request, which also keeps the SDK from refusing a
// large max_tokens as "needs streaming". On the wire, SDK 1.14 sends the key as `Authorization: Bearer`
// (not `x-api-key` as 0.x did) with `anthropic-version: 2026-10-21`; it works on Node 20. It also
// console.warns when a model is past its deprecation date (the model name only, nothing secret).
import type Anthropic from "@anthropic-ai/sdk";
import type { Reviewer } from "../ports/reviewer.js";
import { defined } from "../util/defined.js";
import { readMessage } from "./anthropic-reply.js";
import type { Attempt } from "./call.js";
import { contextWindowFor } from "./context-window.js";
import { endpoint } from "./endpoint.js";
import { type HttpReviewerOptions, httpReviewer } from "./http-reviewer.js";
import { cappedFetch, replyCapBytes } from "./reply-cap.js";
import { classifySdkError } from "./sdk-error.js";

export const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com";

/** `max_tokens` is required by the Messages API. 8,192 fits every current Claude model; the Claude 3
 * models (Haiku, Sonnet, Opus of 2024) cap output at 4,096 and reject more. */
export function defaultMaxOutputTokens(model: string): number {
  return /^claude-3-(haiku|sonnet|opus)/i.test(model) ? 4_096 : 8_192;
}

export function anthropicReviewer(options: HttpReviewerOptions): Reviewer {
  const { url, host } = endpoint("anthropic", options.baseUrl, ANTHROPIC_DEFAULT_BASE_URL, options.apiKey);
  const target = `anthropic reviewer at ${host}`;
  const maxTokens = options.maxOutputTokens ?? defaultMaxOutputTokens(options.model);
  // The SDK is loaded on the first call, not when the action starts: a run whose reviewer is another
  // provider, or that never reaches the reviewer, does not pay for parsing it (each of the end-to-end
  // tests starts the action as a process).
  let loaded: Promise<{ sdk: typeof Anthropic; client: Anthropic }> | undefined;
  const load = () => {
    loaded ??= import("@anthropic-ai/sdk").then(({ default: sdk }) => ({
      sdk,
      client: new sdk({
        apiKey: options.apiKey,
        baseURL: url,
        maxRetries: 0,
        timeout: options.timeoutMs,
        logLevel: "off",
        // Every body read through a cap: a reply past it is refused, never read whole (reply-cap.ts).
        fetch: cappedFetch(replyCapBytes(maxTokens)),
        // No spans: with a tracer registered and content capture on, spans would carry the prompt.
        openTelemetry: false,
      }),
    }));
    return loaded;
  };
  const window = contextWindowFor({
    model: options.model,
    ...defined({ configured: options.contextWindow }),
  });
  const attempt: Attempt = async (prompt, signal) => {
    const { sdk, client } = await load();
    try {
      const body: unknown = await client.messages.create(
        {
          model: options.model,
          max_tokens: maxTokens,
          system: prompt.system,
          messages: [{ role: "user", content: prompt.user }],
        },
        { signal, timeout: options.timeoutMs, maxRetries: 0 },
      );
      return readMessage(body, target);
    } catch (error) {
      return classifySdkError(error, sdk, target);
    }
  };
  return httpReviewer("anthropic", options, { host, target, window }, attempt, load);
}
