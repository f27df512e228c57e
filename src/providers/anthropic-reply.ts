// Reads an Anthropic Messages response body into a reply or a failure. Every field that carries
// content or status is read, and anything the gate does not know holds. By field:
// - `type: "error"`, or an `error` in any shape: a gateway's error in a 200.
// - `type` other than `message`, `role` other than `assistant`: not a reply.
// - `stop_reason`: `end_turn` is complete. `max_tokens`, `model_context_window_exceeded`: cut off;
//   `pause_turn`: stopped mid-turn (a cut reply can end on a quoted verdict line). `refusal`: the model
//   did not review. `tool_use`: no review text. `stop_sequence`: the gate sends no stop sequences, so
//   a reply stopped by one ended early for a reason the gate cannot see. Anything else or none: the
//   gate cannot tell the reply is complete.
// - `content`, block by block: `text` blocks are the reply (joined as reply-text.ts says, so a marker
//   at the start of a block is still a marker); `thinking` and `redacted_thinking` are reasoning and
//   never part of it; a tool block (`tool_use`, `server_tool_use`, any `…_tool_result`, `mcp_…`) is
//   no review; any other block type holds, never silently dropped.
// Pure.

import type { Usage } from "../ports/reviewer.js";
import { defined } from "../util/defined.js";
import type { AttemptOutcome } from "./call.js";
import { joinPieces } from "./reply-text.js";
import { providerDetail } from "./sdk-error.js";
import { reportedTokens } from "./usage.js";

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const present = (v: unknown): boolean => v !== null && v !== undefined;

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

/** Input counts cached reads and writes too: they are part of what the model read. A count that is
 * there but not believable (usage.ts) makes the whole input count unknown: summing a real count with a
 * dropped one would report less than was read, or more. */
function usageOf(body: Json): Usage {
  if (!isObject(body.usage)) return {};
  const u = body.usage;
  const parts = [u.input_tokens, u.cache_creation_input_tokens, u.cache_read_input_tokens].filter(present);
  const counts = parts.map(reportedTokens);
  const input =
    parts.length > 0 && counts.every((c) => c !== undefined)
      ? reportedTokens(counts.reduce<number>((s, c) => s + (c as number), 0))
      : undefined;
  const output = reportedTokens(u.output_tokens);
  return {
    ...defined({ inputTokens: input, outputTokens: output }),
  };
}

type Failure = Extract<AttemptOutcome, { ok: false }>;

function fail(failure: Failure["failure"], message: string, usage: Usage): Failure {
  return { ok: false as const, failure, message, retryable: false, usage };
}

/** Blocks that are a model's reasoning, never its reply. */
const REASONING_BLOCKS = new Set(["thinking", "redacted_thinking"]);

/** A block that is a tool being used or its result: the gate offers no tools, so it is no review. */
const isToolBlock = (type: string): boolean =>
  type === "tool_use" ||
  type === "server_tool_use" ||
  type.endsWith("_tool_result") ||
  type.startsWith("mcp_");

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
    const what =
      typeof body === "string" ? providerDetail(body) : Array.isArray(body) ? "array" : typeof body;
    return {
      ok: false,
      failure: "bad-response",
      message: `${target}: the response is not a JSON object (${what})`,
      retryable: false,
    };
  }
  const usage = usageOf(body);
  if (body.type === "error" || present(body.error)) {
    const e = isObject(body.error) ? body.error : {};
    const kind = typeof e.type === "string" ? e.type : "error";
    const said = isObject(body.error) ? (e.message ?? "") : (body.error ?? "");
    const message = `${target}: ${kind} in a 200 response: ${shown(said)}`;
    if (kind === "overloaded_error" || kind === "api_error") {
      return { ok: false, failure: "http", message, retryable: true };
    }
    if (kind === "rate_limit_error") return { ok: false, failure: "rate-limited", message, retryable: true };
    return fail("bad-response", message, usage);
  }
  if (present(body.type) && body.type !== "message") {
    return fail("bad-response", `${target}: the response is a ${shown(body.type)}, not a message`, usage);
  }
  if (present(body.role) && body.role !== "assistant") {
    return fail(
      "bad-response",
      `${target}: the message is from ${shown(body.role)}, not the assistant`,
      usage,
    );
  }
  const stop = body.stop_reason;
  if (stop === "refusal")
    return fail("refusal", `${target}: the model refused (stop_reason: refusal)`, usage);
  if (stop === "max_tokens" || stop === "model_context_window_exceeded" || stop === "pause_turn") {
    const hint = stop === "max_tokens" ? "; raise max-output-tokens" : "";
    return fail("truncated", `${target}: the reply was cut off (stop_reason: ${stop})${hint}`, usage);
  }
  if (stop === "stop_sequence") {
    return fail(
      "truncated",
      `${target}: the reply stopped at a stop sequence (${shown(body.stop_sequence ?? null)}), and the gate sends none: it ended early for a reason the gate cannot see`,
      usage,
    );
  }
  const content = body.content;
  if (!Array.isArray(content))
    return fail("bad-response", `${target}: the response has no content list`, usage);
  const pieces: string[] = [];
  let unread: string | undefined;
  let tool = stop === "tool_use";
  for (const [i, block] of content.entries()) {
    const type = isObject(block) ? block.type : undefined;
    if (!isObject(block) || typeof type !== "string") {
      unread ??= `content block ${i + 1} has no type`;
    } else if (type === "text") {
      if (typeof block.text === "string") pieces.push(block.text);
      else unread ??= `text block ${i + 1} has no text string`;
    } else if (REASONING_BLOCKS.has(type)) {
      // Reasoning, read and set aside on purpose: it is never the verdict.
    } else if (isToolBlock(type)) {
      tool = true;
    } else {
      unread ??= `content block ${i + 1} has type ${shown(type)}, which the gate does not read`;
    }
  }
  if (tool) {
    return fail("bad-response", `${target}: the model answered with a tool call instead of a review`, usage);
  }
  if (unread !== undefined) return fail("bad-response", `${target}: ${unread}`, usage);
  if (stop !== "end_turn") {
    return fail(
      "bad-response",
      `${target}: stop_reason ${JSON.stringify(stop ?? null)}: the gate cannot tell whether the reply is complete`,
      usage,
    );
  }
  const joined = joinPieces(pieces);
  const model = typeof body.model === "string" && body.model !== "" ? body.model : undefined;
  return {
    ok: true,
    text: joined.text,
    ...(joined.alsoReadAs !== undefined ? { alsoReadAs: [joined.alsoReadAs] } : {}),
    ...defined({ model }),
    usage,
  };
}
