// Reads an Anthropic Messages response body into a reply or a failure. The reply is the text blocks in
// order; thinking and redacted_thinking blocks are reasoning and never part of it. By `stop_reason`:
// - `end_turn`, `stop_sequence`: complete.
// - `max_tokens`, `model_context_window_exceeded`: cut off; `pause_turn`: stopped mid-turn. A cut reply
//   can end on a quoted verdict line.
// - `refusal`: the model did not review.
// - `tool_use`, or any tool_use block: no review text.
// - anything else or none: the gate cannot tell the reply is complete.
// Pure.
import type { AttemptOutcome } from "./call.js";
import type { Usage } from "./reviewer.js";
import { providerDetail } from "./sdk-error.js";

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const count = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);

/** Input counts cached reads and writes too: they are part of what the model read. */
function usageOf(body: Json): Usage {
  if (!isObject(body.usage)) return {};
  const u = body.usage;
  const input =
    count(u.input_tokens) + count(u.cache_creation_input_tokens) + count(u.cache_read_input_tokens);
  const hasInput = [u.input_tokens, u.cache_creation_input_tokens, u.cache_read_input_tokens].some(
    (v) => typeof v === "number",
  );
  return {
    ...(hasInput ? { inputTokens: input } : {}),
    ...(typeof u.output_tokens === "number" ? { outputTokens: count(u.output_tokens) } : {}),
  };
}

function fail(failure: Extract<AttemptOutcome, { ok: false }>["failure"], message: string, usage: Usage) {
  return { ok: false as const, failure, message, retryable: false, usage };
}

export function readMessage(body: unknown, target: string): AttemptOutcome {
  if (body === undefined || body === null || body === "") {
    return {
      ok: false,
      failure: "bad-response",
      message: `${target}: the response body is empty`,
      retryable: false,
    };
  }
  if (!isObject(body)) {
    const shown = typeof body === "string" ? providerDetail(body) : typeof body;
    return {
      ok: false,
      failure: "bad-response",
      message: `${target}: the response is not a JSON object (${shown})`,
      retryable: false,
    };
  }
  const usage = usageOf(body);
  if (body.type === "error") {
    const e = isObject(body.error) ? body.error : {};
    const kind = typeof e.type === "string" ? e.type : "error";
    const message = `${target}: ${kind} in a 200 response: ${providerDetail(String(e.message ?? ""))}`;
    if (kind === "overloaded_error" || kind === "api_error") {
      return { ok: false, failure: "http", message, retryable: true };
    }
    if (kind === "rate_limit_error") return { ok: false, failure: "rate-limited", message, retryable: true };
    return fail("bad-response", message, usage);
  }
  const stop = body.stop_reason;
  if (stop === "refusal")
    return fail("refusal", `${target}: the model refused (stop_reason: refusal)`, usage);
  if (stop === "max_tokens" || stop === "model_context_window_exceeded" || stop === "pause_turn") {
    const hint = stop === "max_tokens" ? "; raise max-output-tokens" : "";
    return fail("truncated", `${target}: the reply was cut off (stop_reason: ${stop})${hint}`, usage);
  }
  const content = body.content;
  if (!Array.isArray(content))
    return fail("bad-response", `${target}: the response has no content list`, usage);
  if (stop === "tool_use" || content.some((b) => isObject(b) && b.type === "tool_use")) {
    return fail("bad-response", `${target}: the model answered with a tool call instead of a review`, usage);
  }
  if (stop !== "end_turn" && stop !== "stop_sequence") {
    return fail(
      "bad-response",
      `${target}: stop_reason ${JSON.stringify(stop ?? null)}: the gate cannot tell whether the reply is complete`,
      usage,
    );
  }
  const text = content
    .filter((b) => isObject(b) && b.type === "text" && typeof b.text === "string")
    .map((b) => (b as { text: string }).text)
    .join("");
  const model = typeof body.model === "string" && body.model !== "" ? body.model : undefined;
  return { ok: true, text, ...(model !== undefined ? { model } : {}), usage };
}
