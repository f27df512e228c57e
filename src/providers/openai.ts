// The `openai` provider: any OpenAI-compatible Chat Completions endpoint through the official SDK and a
// base URL — OpenAI, Azure OpenAI's v1 API (`https://<resource>.openai.azure.com/openai/v1`), Ollama
// (`http://localhost:11434/v1`), vLLM, OpenRouter (`https://openrouter.ai/api/v1`), Gemini's OpenAI
// endpoint (`https://generativelanguage.googleapis.com/v1beta/openai`).
//
// The SDK is configured so that nothing in the environment changes where the key goes or what is
// logged: the key, base URL, organization and project are passed explicitly (the SDK would otherwise
// read OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_ORG_ID, OPENAI_PROJECT_ID), its own retries are off
// (call.ts retries, uniformly), and its logger is off (OPENAI_LOG=debug would print request bodies).
import type OpenAI from "openai";
import type { Reviewer } from "../ports/reviewer.js";
import { defined } from "../util/defined.js";
import { parseStrictJson } from "../util/strict-json.js";
import type { Attempt } from "./call.js";
import { contextWindowFor } from "./context-window.js";
import { endpoint } from "./endpoint.js";
import { type HttpReviewerOptions, httpReviewer } from "./http-reviewer.js";
import { readChatCompletion } from "./openai-reply.js";
import { cappedFetch, replyCapBytes } from "./reply-cap.js";
import { classifySdkError } from "./sdk-error.js";

export type { HttpReviewerOptions };

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

// A keyless endpoint still needs some bearer value for the SDK; it identifies nothing.
const NO_KEY = "no-key";

/** The body as JSON when the server sent no content-type at all: the SDK then hands over the text,
 * and a small compatible server (a proxy, a local runner) that leaves the header out still sent the
 * JSON object the error would quote back. Strict (a repeated key is refused), and then read like any
 * other body; a body that says it is something else (text/plain) is not second-guessed. */
function untypedJson(data: unknown, headers: Headers): unknown {
  if (typeof data !== "string" || headers.get("content-type") !== null) return data;
  try {
    return parseStrictJson(data);
  } catch {
    return data;
  }
}

export function openAIReviewer(options: HttpReviewerOptions): Reviewer {
  const { url, host } = endpoint("openai", options.baseUrl, OPENAI_DEFAULT_BASE_URL, options.apiKey);
  const target = `openai reviewer at ${host}`;
  const azure = /\.(openai\.azure\.com|cognitiveservices\.azure\.com)$/i.test(new URL(url).hostname);
  // The SDK is loaded on the first call, not when the action starts: a run whose reviewer is another
  // provider, or that never reaches the reviewer, does not pay for parsing it (each of the end-to-end
  // tests starts the action as a process).
  let loaded: Promise<{ sdk: typeof OpenAI; client: OpenAI }> | undefined;
  const load = () => {
    loaded ??= import("openai").then(({ default: sdk }) => ({
      sdk,
      client: new sdk({
        apiKey: options.apiKey === "" ? NO_KEY : options.apiKey,
        baseURL: url,
        organization: null,
        project: null,
        webhookSecret: null,
        maxRetries: 0,
        timeout: options.timeoutMs,
        logLevel: "off",
        // Every body read through a cap: a reply past it is refused, never read whole (reply-cap.ts).
        fetch: cappedFetch(replyCapBytes(options.maxOutputTokens)),
        // Azure's v1 API takes the key in `api-key`; it goes to the same host as the bearer header.
        ...(azure && options.apiKey !== "" ? { defaultHeaders: { "api-key": options.apiKey } } : {}),
      }),
    }));
    return loaded;
  };
  const window = contextWindowFor({
    model: options.model,
    ...defined({ baseUrl: options.baseUrl, configured: options.contextWindow }),
  });
  const attempt: Attempt = async (prompt, signal) => {
    const { sdk, client } = await load();
    try {
      const { data, response } = await client.chat.completions
        .create(
          {
            model: options.model,
            messages: [
              { role: "system", content: prompt.system },
              { role: "user", content: prompt.user },
            ],
            ...defined({ max_completion_tokens: options.maxOutputTokens }),
          },
          { signal, timeout: options.timeoutMs, maxRetries: 0 },
        )
        .withResponse();
      return readChatCompletion(untypedJson(data, response.headers), target);
    } catch (error) {
      return classifySdkError(error, sdk, target);
    }
  };
  return httpReviewer("openai", options, { host, target, window }, attempt, load);
}
