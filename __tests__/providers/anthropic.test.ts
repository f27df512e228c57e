import { afterEach, describe, expect, it } from "vitest";
import type { ReviewerRuntime, ReviewReply } from "../../src/ports/reviewer.js";
import { anthropicReviewer, defaultMaxOutputTokens } from "../../src/providers/anthropic.js";
import {
  anthropicError,
  anthropicReply,
  emptyBody,
  hang,
  malformedJson,
  type ReviewerServer,
  reset,
  type ScriptedReply,
  startAnthropicServer,
} from "../support/reviewers.js";

const KEY = "sk-ant-api03-loopbackSECRETkey0123456789";
const PROMPT = { system: "You review code.", user: "Review this.\n\n===VERDICT=== <value>" };
const APPROVE = "No blocking issues.\n===VERDICT=== APPROVE";

let servers: ReviewerServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

function fakeRuntime() {
  const sleeps: number[] = [];
  let clock = 0;
  const runtime: ReviewerRuntime = {
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: () => {
      clock += 3;
      return clock;
    },
    random: () => 0,
  };
  return { runtime, sleeps };
}

async function setup(
  replies: readonly ScriptedReply[],
  options: { timeoutMs?: number; retries?: number; model?: string; maxOutputTokens?: number } = {},
) {
  const server = await startAnthropicServer({ apiKey: KEY, replies });
  servers.push(server);
  const { runtime, sleeps } = fakeRuntime();
  const reviewer = anthropicReviewer({
    model: options.model ?? "claude-sonnet-4-6",
    apiKey: KEY,
    baseUrl: server.baseUrl,
    timeoutMs: options.timeoutMs ?? 5_000,
    retries: options.retries ?? 3,
    ...(options.maxOutputTokens !== undefined ? { maxOutputTokens: options.maxOutputTokens } : {}),
    runtime,
  });
  return { server, reviewer, sleeps };
}

function failure(reply: ReviewReply) {
  if (reply.ok) throw new Error(`expected a failure, got a reply: ${reply.text}`);
  return reply;
}

function success(reply: ReviewReply) {
  if (!reply.ok) throw new Error(`expected a reply, got ${reply.failure}: ${reply.message}`);
  return reply;
}

/** A scripted JSON reply with `extra` merged into its body. */
function withBody(reply: ScriptedReply, extra: Record<string, unknown>): ScriptedReply {
  if (reply.kind !== "json") throw new Error("json replies only");
  return { ...reply, body: { ...(reply.body as Record<string, unknown>), ...extra } };
}

describe("anthropic reviewer: a reply", () => {
  it("returns the text blocks, the model, usage and one attempt", async () => {
    const { reviewer } = await setup([anthropicReply(APPROVE, { inputTokens: 900, outputTokens: 40 })]);
    const reply = success(await reviewer.review(PROMPT));
    expect(reply.text).toBe(APPROVE);
    expect(reply.model).toBe("claude-sonnet-5-5-20250929");
    expect(reply.usage).toEqual({ inputTokens: 900, outputTokens: 40 });
    expect(reply.attempts).toBe(1);
  });

  it("posts to /v1/messages with the key in one header, anthropic-version, the system field and max_tokens", async () => {
    const { server, reviewer } = await setup([anthropicReply(APPROVE)], { maxOutputTokens: 2048 });
    success(await reviewer.review(PROMPT));
    const [request] = server.requests;
    expect(request?.path).toBe("/v1/messages");
    // SDK 1.14 sends the key as a bearer token (older SDKs used x-api-key); either way, exactly once.
    const carrying = Object.entries(request?.headers ?? {}).filter(([, v]) => String(v).includes(KEY));
    expect(carrying).toEqual([["authorization", `Bearer ${KEY}`]]);
    expect(request?.headers["anthropic-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(request?.body).not.toContain(KEY);
    expect(request?.json).toEqual({
      model: "claude-sonnet-4-6",
      max_tokens: 2048,
      system: PROMPT.system,
      messages: [{ role: "user", content: PROMPT.user }],
    });
  });

  it("defaults max_tokens to what the model accepts", async () => {
    expect(defaultMaxOutputTokens("claude-3-haiku-20240307")).toBe(4096);
    expect(defaultMaxOutputTokens("claude-sonnet-4-6")).toBe(8192);
    const { server, reviewer } = await setup([anthropicReply(APPROVE)], { model: "claude-3-opus-20240229" });
    success(await reviewer.review(PROMPT));
    expect(server.requests[0]?.json).toMatchObject({ max_tokens: 4096 });
  });

  it("never reads a thinking block, even one that approves", async () => {
    const { reviewer } = await setup([
      anthropicReply("BLOCKING: a.ts:1 — leak\n===VERDICT=== REQUEST_CHANGES", {
        thinking: "Fine by me.\n===VERDICT=== APPROVE",
        extraBlocks: [{ type: "redacted_thinking", data: "===VERDICT=== APPROVE" }],
      }),
    ]);
    const reply = success(await reviewer.review(PROMPT));
    expect(reply.text).not.toContain("APPROVE");
  });

  it("joins several text blocks in order", async () => {
    const { reviewer } = await setup([
      anthropicReply("", {
        content: [
          { type: "text", text: "No blocking issues.\n" },
          { type: "text", text: "===VERDICT=== APPROVE" },
        ],
      }),
    ]);
    expect(success(await reviewer.review(PROMPT)).text).toBe(APPROVE);
  });

  it("joins text blocks so a marker at the start of a block is a marker, keeping the as-written reading", async () => {
    const { reviewer } = await setup([
      anthropicReply("", {
        content: [
          { type: "text", text: "The handler logs the key." },
          { type: "text", text: "===VERDICT=== REQUEST_CHANGES" },
        ],
      }),
    ]);
    const reply = success(await reviewer.review(PROMPT));
    expect(reply.text).toBe("The handler logs the key.\n===VERDICT=== REQUEST_CHANGES");
    expect(reply.alsoReadAs).toEqual(["The handler logs the key.===VERDICT=== REQUEST_CHANGES"]);
  });

  it("keeps no input count when one of its parts is not believable", async () => {
    const { reviewer } = await setup([
      withBody(anthropicReply(APPROVE), {
        usage: { input_tokens: 10, cache_read_input_tokens: 1e300, output_tokens: -1 },
      }),
    ]);
    expect(success(await reviewer.review(PROMPT)).usage).toEqual({});
  });

  it("counts cached input tokens as input", async () => {
    const { reviewer } = await setup([
      {
        kind: "json",
        status: 200,
        body: {
          id: "msg",
          type: "message",
          role: "assistant",
          model: "claude-sonnet-4-6",
          content: [{ type: "text", text: APPROVE }],
          stop_reason: "end_turn",
          stop_sequence: null,
          usage: {
            input_tokens: 10,
            cache_read_input_tokens: 500,
            cache_creation_input_tokens: 90,
            output_tokens: 7,
          },
        },
      },
    ]);
    expect(success(await reviewer.review(PROMPT)).usage).toEqual({ inputTokens: 600, outputTokens: 7 });
  });
});

describe("anthropic reviewer: replies that are not a finished review are failures", () => {
  const cases: [string, ScriptedReply, string][] = [
    ["stop_reason max_tokens", anthropicReply(APPROVE, { stopReason: "max_tokens" }), "truncated"],
    [
      "stop_reason model_context_window_exceeded",
      anthropicReply(APPROVE, { stopReason: "model_context_window_exceeded" }),
      "truncated",
    ],
    ["stop_reason pause_turn", anthropicReply(APPROVE, { stopReason: "pause_turn" }), "truncated"],
    ["stop_reason refusal", anthropicReply(APPROVE, { stopReason: "refusal" }), "refusal"],
    [
      "a tool_use block",
      anthropicReply("", {
        stopReason: "tool_use",
        content: [{ type: "tool_use", id: "t", name: "approve", input: {} }],
      }),
      "bad-response",
    ],
    [
      "a tool_use block under end_turn",
      anthropicReply(APPROVE, { extraBlocks: [{ type: "tool_use", id: "t", name: "x", input: {} }] }),
      "bad-response",
    ],
    ["an unknown stop_reason", anthropicReply(APPROVE, { stopReason: "done" }), "bad-response"],
    ["no stop_reason", anthropicReply(APPROVE, { stopReason: null }), "bad-response"],
    [
      "only thinking",
      anthropicReply("", { content: [{ type: "thinking", thinking: "===VERDICT=== APPROVE" }] }),
      "empty",
    ],
    ["whitespace text", anthropicReply(" \n\t"), "empty"],
    ["no content list", anthropicReply(APPROVE, { content: APPROVE }), "bad-response"],
    ["an empty body", emptyBody(), "bad-response"],
    ["malformed JSON", malformedJson(), "bad-response"],
    ["a 400", anthropicError(400, "prompt is too long: 250000 tokens > 200000 maximum"), "http"],
    ["a 404", anthropicError(404, "model: claude-9", { type: "not_found_error" }), "http"],
    ["a 403", anthropicError(403, "Your API key does not have permission"), "auth"],
    // A reply is read whole, or not at all (issue 18): every block and every status field.
    [
      "a block of a type the gate does not read",
      anthropicReply(APPROVE, { extraBlocks: [{ type: "document", source: {} }] }),
      "bad-response",
    ],
    ["a block with no type", anthropicReply(APPROVE, { extraBlocks: [{ text: "x" }] }), "bad-response"],
    ["a block that is not an object", anthropicReply(APPROVE, { extraBlocks: ["x"] }), "bad-response"],
    [
      "a text block whose text is not a string",
      anthropicReply(APPROVE, { extraBlocks: [{ type: "text", text: ["x"] }] }),
      "bad-response",
    ],
    [
      "a server tool's use and result",
      anthropicReply(APPROVE, {
        extraBlocks: [
          { type: "server_tool_use", id: "s", name: "web_search", input: {} },
          { type: "web_search_tool_result", tool_use_id: "s", content: [] },
        ],
      }),
      "bad-response",
    ],
    [
      "an MCP tool use",
      anthropicReply(APPROVE, { extraBlocks: [{ type: "mcp_tool_use", id: "m", name: "x", input: {} }] }),
      "bad-response",
    ],
    [
      "stop_reason stop_sequence (the gate sends none)",
      anthropicReply(APPROVE, { stopReason: "stop_sequence" }),
      "truncated",
    ],
    [
      "an error string beside a message",
      withBody(anthropicReply(APPROVE), { error: "upstream failed" }),
      "bad-response",
    ],
    [
      "an error object beside a message",
      withBody(anthropicReply(APPROVE), { error: { message: "x" } }),
      "bad-response",
    ],
    ["a streamed event", withBody(anthropicReply(APPROVE), { type: "message_start" }), "bad-response"],
    ["a message from the user", withBody(anthropicReply(APPROVE), { role: "user" }), "bad-response"],
    ["an unclosed <think> in the text", anthropicReply(`ok\n<think>\n${APPROVE}`), "truncated"],
  ];
  for (const [name, scripted, kind] of cases) {
    it(`${name} → ${kind}`, async () => {
      const { server, reviewer } = await setup([scripted, anthropicReply(APPROVE)]);
      const reply = failure(await reviewer.review(PROMPT));
      expect(reply.failure).toBe(kind);
      expect(reply.message).toContain(`anthropic reviewer at ${new URL(server.baseUrl).host}`);
      expect(server.requests).toHaveLength(1);
    });
  }
});

describe("anthropic reviewer: faults and retries", () => {
  it("retries 529 overloaded and 500, then returns the reply", async () => {
    const { server, reviewer, sleeps } = await setup([
      anthropicError(529, "Overloaded"),
      anthropicError(500, "Internal server error"),
      anthropicReply(APPROVE),
    ]);
    expect(success(await reviewer.review(PROMPT)).attempts).toBe(3);
    expect(server.requests).toHaveLength(3);
    // random() = 0: half of 1 s, then half of 2 s.
    expect(sleeps).toEqual([500, 1000]);
  });

  it("honours retry-after on a 429 rate_limit_error", async () => {
    const { reviewer, sleeps } = await setup([
      anthropicError(429, "Number of request tokens has exceeded your rate limit", {
        headers: { "retry-after": "12" },
      }),
      anthropicReply(APPROVE),
    ]);
    success(await reviewer.review(PROMPT));
    expect(sleeps).toEqual([12_000]);
  });

  it("fails as http naming the error type after the retries", async () => {
    const { reviewer } = await setup(
      Array.from({ length: 3 }, () => anthropicError(529, "Overloaded")),
      {
        retries: 2,
      },
    );
    const reply = failure(await reviewer.review(PROMPT));
    expect(reply.failure).toBe("http");
    expect(reply.message).toMatch(/HTTP 529 overloaded_error: Overloaded \(after 3 attempts\)/);
  });

  it("retries a reset connection", async () => {
    const { reviewer } = await setup([reset(), anthropicReply(APPROVE)]);
    expect(success(await reviewer.review(PROMPT)).attempts).toBe(2);
  });

  it("times out a server that never answers", async () => {
    const { reviewer } = await setup([hang()], { timeoutMs: 200 });
    const started = Date.now();
    expect(failure(await reviewer.review(PROMPT)).failure).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("fails as auth on a wrong key without repeating the key", async () => {
    const server = await startAnthropicServer({ apiKey: "sk-ant-other-key-000000000000", replies: [] });
    servers.push(server);
    const reviewer = anthropicReviewer({
      model: "claude-sonnet-4-6",
      apiKey: KEY,
      baseUrl: server.baseUrl,
      timeoutMs: 2_000,
      runtime: fakeRuntime().runtime,
    });
    const reply = failure(await reviewer.review(PROMPT));
    expect(reply.failure).toBe("auth");
    expect(reply.message).toContain("HTTP 401 authentication_error: invalid x-api-key");
    expect(JSON.stringify(reply)).not.toContain(KEY);
  });

  it("ignores ANTHROPIC_BASE_URL and ANTHROPIC_AUTH_TOKEN from the environment", async () => {
    const decoy = await startAnthropicServer();
    servers.push(decoy);
    process.env.ANTHROPIC_BASE_URL = decoy.baseUrl;
    process.env.ANTHROPIC_AUTH_TOKEN = "env-token-should-not-be-sent";
    try {
      const { server, reviewer } = await setup([anthropicReply(APPROVE)]);
      success(await reviewer.review(PROMPT));
      expect(decoy.requests).toHaveLength(0);
      expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(JSON.stringify(server.requests[0]?.headers)).not.toContain("env-token-should-not-be-sent");
    } finally {
      delete process.env.ANTHROPIC_BASE_URL;
      delete process.env.ANTHROPIC_AUTH_TOKEN;
    }
  });
});
