// Reads an OpenAI Chat Completions response body into a reply or a failure. The rules it enforces, each
// a way a reply that is not a finished review could otherwise be read as one:
// - `finish_reason: "length"`: cut off; the verdict line it ends with may be a quote, not a verdict.
// - `message.refusal` or `finish_reason: "content_filter"`: the model did not review.
// - a tool call (`tool_calls`, `function_call`): no review text at all.
// - a `finish_reason` the gate does not know, or none: it cannot tell the reply is complete.
// - reasoning (`reasoning_content` of DeepSeek and vLLM, `reasoning` of OpenRouter and Ollama, a
//   leading `<think>` block in `content`) is never part of the reply: a model may "approve" while
//   thinking and conclude otherwise, and the verdict is the conclusion.
// Pure.
import type { AttemptOutcome } from "./call.js";
import type { Usage } from "./reviewer.js";
import { providerDetail } from "./sdk-error.js";

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const count = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : undefined);

function usageOf(body: Json): Usage {
  const usage = isObject(body.usage) ? body.usage : {};
  const input = count(usage.prompt_tokens);
  const output = count(usage.completion_tokens);
  return {
    ...(input !== undefined ? { inputTokens: input } : {}),
    ...(output !== undefined ? { outputTokens: output } : {}),
  };
}

function fail(failure: Extract<AttemptOutcome, { ok: false }>["failure"], message: string, usage?: Usage) {
  return { ok: false as const, failure, message, retryable: false, ...(usage ? { usage } : {}) };
}

/** Text of `content`: a string, or the text parts of a content array (some compatible servers). */
function contentText(content: unknown): string | undefined {
  if (content === null || content === undefined) return "";
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .filter((part) => isObject(part) && part.type === "text" && typeof part.text === "string")
      .map((part) => (part as { text: string }).text)
      .join("");
  }
  return undefined;
}

/** Drops a leading `<think>…</think>` block; undefined when the block never closes (reasoning only). */
export function withoutThinking(text: string): string | undefined {
  const open = /^\s*<think>/i.exec(text);
  if (!open) return text;
  const close = /<\/think>/i.exec(text.slice(open[0].length));
  if (!close) return undefined;
  return text.slice(open[0].length + close.index + close[0].length);
}

export function readChatCompletion(body: unknown, target: string): AttemptOutcome {
  if (body === undefined || body === null || body === "") {
    return fail("bad-response", `${target}: the response body is empty`);
  }
  if (!isObject(body)) {
    const shown = typeof body === "string" ? providerDetail(body) : typeof body;
    return fail("bad-response", `${target}: the response is not a JSON object (${shown})`);
  }
  if (isObject(body.error)) {
    // Some gateways (OpenRouter among them) answer 200 with an error object for an upstream failure.
    const e = body.error;
    const code = typeof e.code === "number" ? e.code : Number(e.code);
    const message = `${target}: error in a 200 response${Number.isFinite(code) ? ` (code ${code})` : ""}: ${providerDetail(String(e.message ?? "no message"))}`;
    if (code === 429) return { ok: false, failure: "rate-limited", message, retryable: true };
    if (code >= 500) return { ok: false, failure: "http", message, retryable: true };
    return fail("bad-response", message);
  }
  const usage = usageOf(body);
  const choices = body.choices;
  if (!Array.isArray(choices) || choices.length === 0 || !isObject(choices[0])) {
    return fail("bad-response", `${target}: the response has no choices`, usage);
  }
  const choice = choices[0];
  const message = isObject(choice.message) ? choice.message : undefined;
  if (message === undefined) return fail("bad-response", `${target}: the first choice has no message`, usage);
  const finish = choice.finish_reason;
  if (typeof message.refusal === "string" && message.refusal.trim() !== "") {
    return fail("refusal", `${target}: the model refused: ${providerDetail(message.refusal)}`, usage);
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
  const toolCalls = Array.isArray(message.tool_calls) && message.tool_calls.length > 0;
  if (finish === "tool_calls" || finish === "function_call" || toolCalls || isObject(message.function_call)) {
    return fail("bad-response", `${target}: the model answered with a tool call instead of a review`, usage);
  }
  if (finish !== "stop") {
    return fail(
      "bad-response",
      `${target}: finish_reason ${JSON.stringify(finish ?? null)}: the gate cannot tell whether the reply is complete`,
      usage,
    );
  }
  const raw = contentText(message.content);
  if (raw === undefined) return fail("bad-response", `${target}: the message content is not text`, usage);
  const text = withoutThinking(raw);
  if (text === undefined) {
    return fail(
      "truncated",
      `${target}: the reply is an unclosed <think> block: reasoning, no answer`,
      usage,
    );
  }
  const model = typeof body.model === "string" && body.model !== "" ? body.model : undefined;
  return { ok: true, text, ...(model !== undefined ? { model } : {}), usage };
}
