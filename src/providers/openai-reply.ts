// Reads an OpenAI Chat Completions response body into a reply or a failure. Every field that carries
// content or status is read, and anything the gate does not know holds: a field it skipped is a field
// an approve could hide behind. The rules, each a way a reply that is not a finished review could
// otherwise be read as one:
// - `error` anywhere (the body, a choice, the message), in any shape: gateways (OpenRouter among them)
//   answer 200 with an error object, a string, or an error inside the choice beside partial content.
// - `object` other than `chat.completion`: a streamed chunk (`chat.completion.chunk`) is a fragment.
// - not exactly one choice: the gate asks for one; of two, it cannot tell which is the answer.
// - `finish_reason: "length"`: cut off; the verdict line it ends with may be a quote, not a verdict.
// - `message.refusal` in any shape but null or "" (a string, an object, an array, a number, true), a
//   `refusal` content part, or `finish_reason: "content_filter"`: the model did not review.
// - a tool call (`tool_calls`, `function_call`), or audio: no review text at all.
// - a `finish_reason` the gate does not know, or none, or a `native_finish_reason` (OpenRouter's copy
//   of the upstream's own reason) other than a known "complete": it cannot tell the reply is complete.
// - `content` as a list of parts: text parts are the reply (joined as reply-text.ts says, so a marker
//   at the start of a part is still a marker); reasoning parts (`thinking`, `reasoning`) never are;
//   any other part type holds, never silently dropped.
// - reasoning (`reasoning_content` of DeepSeek and vLLM, `reasoning` and `reasoning_details` of
//   OpenRouter and Ollama) is never part of the reply: a model may "approve" while thinking and
//   conclude otherwise, and the verdict is the conclusion. A `<think>` section in the text is handled
//   for every provider in call.ts.
// Pure.

import type { Usage } from "../ports/reviewer.js";
import { defined } from "../util/defined.js";
import type { AttemptOutcome } from "./call.js";
import { joinPieces } from "./reply-text.js";
import { providerDetail } from "./sdk-error.js";
import { reportedTokens } from "./usage.js";

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
/** Present: anything but null and undefined (an empty string or false is present, and suspicious). */
const present = (v: unknown): boolean => v !== null && v !== undefined;

/** A value from the response, short and on one line, for a message. */
function shown(value: unknown): string {
  if (typeof value === "string") return providerDetail(value);
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  return providerDetail(json ?? String(value));
}

function usageOf(body: Json): Usage {
  const usage = isObject(body.usage) ? body.usage : {};
  const input = reportedTokens(usage.prompt_tokens);
  const output = reportedTokens(usage.completion_tokens);
  return {
    ...defined({ inputTokens: input, outputTokens: output }),
  };
}

type Failure = Extract<AttemptOutcome, { ok: false }>;

function fail(failure: Failure["failure"], message: string, usage?: Usage): Failure {
  return { ok: false as const, failure, message, retryable: false, ...(usage ? { usage } : {}) };
}

/** An `error` value in a 200 response, as a failure. A status code in it decides whether asking again
 * may help (429, 5xx); anything else is not worth retrying. */
function errorFailure(error: unknown, where: string, target: string, usage: Usage): Failure {
  if (isObject(error)) {
    const code = typeof error.code === "number" ? error.code : Number(error.code);
    const known = Number.isInteger(code) && code >= 100 && code <= 599;
    const said = error.message ?? error.error ?? error.type ?? "no message";
    const message = `${target}: error ${where} of a 200 response${known ? ` (code ${code})` : ""}: ${shown(said)}`;
    if (code === 429) return { ok: false, failure: "rate-limited", message, retryable: true, usage };
    if (known && code >= 500) return { ok: false, failure: "http", message, retryable: true, usage };
    return fail("bad-response", message, usage);
  }
  return fail("bad-response", `${target}: error ${where} of a 200 response: ${shown(error)}`, usage);
}

/** Native finish reasons (OpenRouter's `native_finish_reason`, the upstream provider's own word) that
 * say the reply is complete: OpenAI's and most servers' `stop`, Anthropic's `end_turn`, Gemini's
 * `STOP`, Cohere's `COMPLETE`, and the end-of-sequence of local servers. Any other holds. */
const NATIVE_COMPLETE = new Set(["stop", "end_turn", "complete", "eos", "eos_token"]);

/** Part types that are a model's reasoning, never its reply (Mistral's `thinking` chunks, and the
 * `reasoning` parts some gateways emit). */
const REASONING_PARTS = new Set(["thinking", "reasoning"]);

type Content = { ok: true; pieces: string[] } | { ok: false; failure: Failure["failure"]; why: string };

/** The text pieces of `content`: a string, null, or a list of parts. */
function contentPieces(content: unknown): Content {
  if (!present(content)) return { ok: true, pieces: [] };
  if (typeof content === "string") return { ok: true, pieces: [content] };
  if (!Array.isArray(content)) {
    return { ok: false, failure: "bad-response", why: `the message content is not text (${typeof content})` };
  }
  const pieces: string[] = [];
  for (const [i, part] of content.entries()) {
    if (!isObject(part)) {
      return { ok: false, failure: "bad-response", why: `content part ${i + 1} is not an object` };
    }
    const type = part.type;
    if (type === "text") {
      if (typeof part.text !== "string") {
        return { ok: false, failure: "bad-response", why: `text part ${i + 1} has no text string` };
      }
      pieces.push(part.text);
    } else if (type === "refusal") {
      return {
        ok: false,
        failure: "refusal",
        why: `the model refused (a refusal part): ${shown(part.refusal ?? part.text ?? "")}`,
      };
    } else if (typeof type === "string" && REASONING_PARTS.has(type)) {
      // Reasoning, read and set aside on purpose: it is never the verdict.
    } else {
      return {
        ok: false,
        failure: "bad-response",
        why: `content part ${i + 1} has type ${shown(type ?? null)}, which the gate does not read`,
      };
    }
  }
  return { ok: true, pieces };
}

export function readChatCompletion(body: unknown, target: string): AttemptOutcome {
  if (body === undefined || body === null || body === "") {
    return fail("bad-response", `${target}: the response body is empty`);
  }
  if (!isObject(body)) {
    const what =
      typeof body === "string" ? providerDetail(body) : Array.isArray(body) ? "array" : typeof body;
    return fail("bad-response", `${target}: the response is not a JSON object (${what})`);
  }
  const usage = usageOf(body);
  if (present(body.error)) return errorFailure(body.error, "in the body", target, usage);
  if (present(body.object) && body.object !== "chat.completion") {
    return fail(
      "bad-response",
      `${target}: the response is a ${shown(body.object)}, not a chat.completion: the gate reads only a whole reply`,
      usage,
    );
  }
  const choices = body.choices;
  if (!Array.isArray(choices) || choices.length === 0) {
    return fail("bad-response", `${target}: the response has no choices`, usage);
  }
  if (choices.length > 1) {
    return fail(
      "bad-response",
      `${target}: the response has ${choices.length} choices; the gate asks for one and cannot tell which is the answer`,
      usage,
    );
  }
  const choice = choices[0];
  if (!isObject(choice)) return fail("bad-response", `${target}: the choice is not an object`, usage);
  if (present(choice.error)) return errorFailure(choice.error, "in the choice", target, usage);
  const message = isObject(choice.message) ? choice.message : undefined;
  if (message === undefined) return fail("bad-response", `${target}: the choice has no message`, usage);
  if (present(message.error)) return errorFailure(message.error, "in the message", target, usage);
  if (present(message.role) && message.role !== "assistant") {
    return fail(
      "bad-response",
      `${target}: the message is from ${shown(message.role)}, not the assistant`,
      usage,
    );
  }
  const finish = choice.finish_reason;
  // Null and "" say "no refusal" (servers differ); any other value is one, whatever its type: a
  // server that sends `refusal: {"reason": …}` or `true` has not reviewed either.
  if (present(message.refusal) && message.refusal !== "") {
    return fail("refusal", `${target}: the model refused: ${shown(message.refusal)}`, usage);
  }
  if (finish === "content_filter") {
    return fail("refusal", `${target}: the reply was withheld by the content filter`, usage);
  }
  if (finish === "length") {
    return fail(
      "truncated",
      `${target}: the reply was cut off at the output limit (finish_reason: length); raise max-output-tokens`,
      usage,
    );
  }
  const toolCalls =
    present(message.tool_calls) && !(Array.isArray(message.tool_calls) && message.tool_calls.length === 0);
  if (finish === "tool_calls" || finish === "function_call" || toolCalls || present(message.function_call)) {
    return fail("bad-response", `${target}: the model answered with a tool call instead of a review`, usage);
  }
  if (present(message.audio)) {
    return fail(
      "bad-response",
      `${target}: the model answered with audio, which the gate does not read`,
      usage,
    );
  }
  const native = choice.native_finish_reason;
  if (present(native) && !(typeof native === "string" && NATIVE_COMPLETE.has(native.toLowerCase()))) {
    // OpenRouter passes the upstream's own reason beside its mapped one; a "stop" over a native
    // MAX_TOKENS, SAFETY or error is a cut or filtered reply wearing the wrong label.
    return fail(
      "bad-response",
      `${target}: native_finish_reason ${shown(native)}: the upstream provider did not say the reply is complete`,
      usage,
    );
  }
  if (finish !== "stop") {
    return fail(
      "bad-response",
      `${target}: finish_reason ${JSON.stringify(finish ?? null)}: the gate cannot tell whether the reply is complete`,
      usage,
    );
  }
  const content = contentPieces(message.content);
  if (!content.ok) return fail(content.failure, `${target}: ${content.why}`, usage);
  const joined = joinPieces(content.pieces);
  const model = typeof body.model === "string" && body.model !== "" ? body.model : undefined;
  return {
    ok: true,
    text: joined.text,
    ...(joined.alsoReadAs !== undefined ? { alsoReadAs: [joined.alsoReadAs] } : {}),
    ...defined({ model }),
    usage,
  };
}
