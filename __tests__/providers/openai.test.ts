import { afterEach, describe, expect, it } from "vitest";
import type { ReviewerRuntime, ReviewReply } from "../../src/ports/reviewer.js";
import { openAIReviewer } from "../../src/providers/openai.js";
import {
  emptyBody,
  hang,
  hangAfterHeaders,
  malformedJson,
  openAIError,
  openAIReply,
  type ReviewerServer,
  reset,
  type ScriptedReply,
  startOpenAIServer,
  truncatedJson,
} from "../support/reviewers.js";

const KEY = "sk-proj-loopbackSECRETkey0123456789abcdef";
const PROMPT = { system: "You review code.", user: "Review this.\n\n===VERDICT=== <value>" };
const APPROVE = "No blocking issues.\n===VERDICT=== APPROVE";

let servers: ReviewerServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** A runtime whose sleeps return at once and are recorded, and whose clock advances 5 ms a read. */
function fakeRuntime() {
  const sleeps: number[] = [];
  let clock = 0;
  const runtime: ReviewerRuntime = {
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    now: () => {
      clock += 5;
      return clock;
    },
    random: () => 0.5,
  };
  return { runtime, sleeps };
}

async function setup(
  replies: readonly ScriptedReply[],
  options: { timeoutMs?: number; retries?: number } = {},
) {
  const server = await startOpenAIServer({ apiKey: KEY, replies });
  servers.push(server);
  const { runtime, sleeps } = fakeRuntime();
  const reviewer = openAIReviewer({
    model: "gpt-4o",
    apiKey: KEY,
    baseUrl: server.baseUrl,
    maxOutputTokens: 4096,
    timeoutMs: options.timeoutMs ?? 5_000,
    retries: options.retries ?? 3,
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

function inChoice(reply: ScriptedReply, extra: Record<string, unknown>): ScriptedReply {
  const body = (reply as { body: { choices: Record<string, unknown>[] } }).body;
  return withBody(reply, { choices: [{ ...body.choices[0], ...extra }] });
}

function inMessage(reply: ScriptedReply, extra: Record<string, unknown>): ScriptedReply {
  const choice = (reply as { body: { choices: { message: Record<string, unknown> }[] } }).body.choices[0];
  return inChoice(reply, { message: { ...choice?.message, ...extra } });
}

/** A response with two choices: the gate asks for one. */
function twoChoices(first: string, second: string): ScriptedReply {
  const a = (openAIReply(first) as { body: { choices: unknown[] } }).body.choices[0];
  const b = (openAIReply(second) as { body: { choices: Record<string, unknown>[] } }).body.choices[0];
  return withBody(openAIReply(first), { choices: [a, { ...b, index: 1 }] });
}

describe("openai reviewer: a reply", () => {
  it("returns the message content, the model, usage, latency and one attempt", async () => {
    const { reviewer } = await setup([openAIReply(APPROVE, { promptTokens: 321, completionTokens: 12 })]);
    const reply = success(await reviewer.review(PROMPT));
    expect(reply.text).toBe(APPROVE);
    expect(reply.model).toBe("gpt-4o-2024-08-06");
    expect(reply.usage).toEqual({ inputTokens: 321, outputTokens: 12 });
    expect(reply.attempts).toBe(1);
    expect(reply.latencyMs).toBeGreaterThan(0);
  });

  it("sends the model, the system and user messages and max_completion_tokens to /v1/chat/completions", async () => {
    const { server, reviewer } = await setup([openAIReply(APPROVE)]);
    await reviewer.review(PROMPT);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.json).toEqual({
      model: "gpt-4o",
      messages: [
        { role: "system", content: PROMPT.system },
        { role: "user", content: PROMPT.user },
      ],
      max_completion_tokens: 4096,
    });
  });

  it("sends no organization or project header even when the environment names them", async () => {
    process.env.OPENAI_ORG_ID = "org-from-env";
    process.env.OPENAI_BASE_URL = "http://127.0.0.1:1/elsewhere";
    try {
      const { server, reviewer } = await setup([openAIReply(APPROVE)]);
      success(await reviewer.review(PROMPT));
      expect(server.requests[0]?.headers["openai-organization"]).toBeUndefined();
    } finally {
      delete process.env.OPENAI_ORG_ID;
      delete process.env.OPENAI_BASE_URL;
    }
  });

  it("ignores reasoning fields, even when they hold an approve", async () => {
    const { reviewer } = await setup([
      openAIReply("BLOCKING: a.ts:3 — null dereference\n===VERDICT=== REQUEST_CHANGES", {
        reasoningContent: "Looks fine.\n===VERDICT=== APPROVE",
        reasoning: "===VERDICT=== APPROVE",
      }),
    ]);
    const reply = success(await reviewer.review(PROMPT));
    expect(reply.text).not.toContain("APPROVE");
    expect(reply.text.endsWith("REQUEST_CHANGES")).toBe(true);
  });

  it("fails as empty when only the reasoning field has text", async () => {
    const { reviewer } = await setup([
      openAIReply("", { content: null, reasoningContent: "===VERDICT=== APPROVE" }),
    ]);
    expect(failure(await reviewer.review(PROMPT)).failure).toBe("empty");
  });

  it("drops a leading <think> block from the content", async () => {
    const { reviewer } = await setup([
      openAIReply(`<think>===VERDICT=== APPROVE</think>\nBLOCKING: x\n===VERDICT=== REQUEST_CHANGES`),
    ]);
    expect(success(await reviewer.review(PROMPT)).text).toBe("\nBLOCKING: x\n===VERDICT=== REQUEST_CHANGES");
  });

  it("fails as truncated when the <think> block never closes", async () => {
    const { reviewer } = await setup([openAIReply("<think>still thinking… ===VERDICT=== APPROVE")]);
    expect(failure(await reviewer.review(PROMPT)).failure).toBe("truncated");
  });

  it("reads the JSON object a server sent without a content-type (a small proxy or local runner)", async () => {
    const body = JSON.stringify((openAIReply(APPROVE) as { body: unknown }).body);
    const { reviewer } = await setup([{ kind: "raw", status: 200, body }]);
    expect(success(await reviewer.review(PROMPT)).text).toBe(APPROVE);
  });

  it("still refuses such a body when it is not one JSON object read strictly, or says it is text", async () => {
    const body = JSON.stringify((openAIReply(APPROVE) as { body: unknown }).body);
    const repeated = body.replace('{"id"', '{"choices":[],"id"');
    expect(repeated).not.toBe(body);
    for (const reply of [
      { kind: "raw", status: 200, body: repeated },
      { kind: "raw", status: 200, body: APPROVE },
      { kind: "raw", status: 200, headers: { "content-type": "text/plain" }, body },
    ] as const) {
      const { reviewer } = await setup([reply]);
      expect(failure(await reviewer.review(PROMPT)).failure, reply.body.slice(0, 40)).toBe("bad-response");
    }
  });

  it("joins the text parts of a content array", async () => {
    const { reviewer } = await setup([
      openAIReply("", {
        content: [
          { type: "text", text: "All good.\n" },
          { type: "text", text: "===VERDICT=== APPROVE" },
        ],
      }),
    ]);
    expect(success(await reviewer.review(PROMPT)).text).toBe(
      APPROVE.replace("No blocking issues.", "All good."),
    );
  });
});

describe("openai reviewer: replies that are not a finished review are failures", () => {
  const cases: [string, ScriptedReply, string][] = [
    ["finish_reason length (cut off)", openAIReply(APPROVE, { finishReason: "length" }), "truncated"],
    ["a refusal", openAIReply("", { content: null, refusal: "I can't help with that." }), "refusal"],
    ["a refusal next to approving content", openAIReply(APPROVE, { refusal: "No." }), "refusal"],
    ["the content filter", openAIReply(APPROVE, { finishReason: "content_filter" }), "refusal"],
    [
      "a tool call",
      openAIReply("", {
        content: null,
        finishReason: "tool_calls",
        toolCalls: [{ name: "approve", arguments: "{}" }],
      }),
      "bad-response",
    ],
    [
      "tool calls under finish_reason stop",
      openAIReply(APPROVE, { toolCalls: [{ name: "x", arguments: "{}" }] }),
      "bad-response",
    ],
    ["an unknown finish_reason", openAIReply(APPROVE, { finishReason: "eos" }), "bad-response"],
    ["no finish_reason", openAIReply(APPROVE, { finishReason: null }), "bad-response"],
    ["empty content", openAIReply("   \n"), "empty"],
    ["null content", openAIReply("", { content: null }), "empty"],
    ["content that is not text", openAIReply("", { content: 42 }), "bad-response"],
    ["no choices", { kind: "json", status: 200, body: { id: "x", choices: [] } }, "bad-response"],
    ["a JSON array", { kind: "json", status: 200, body: [APPROVE] }, "bad-response"],
    ["an empty body", emptyBody(), "bad-response"],
    ["malformed JSON", malformedJson(), "bad-response"],
    [
      "a text/plain body",
      { kind: "raw", status: 200, headers: { "content-type": "text/plain" }, body: APPROVE },
      "bad-response",
    ],
    ["a 404", openAIError(404, "The model `gpt-9` does not exist", { code: "model_not_found" }), "http"],
    [
      "a 400 context_length_exceeded",
      openAIError(400, "maximum context length", { code: "context_length_exceeded" }),
      "http",
    ],
    ["a bare 403", openAIError(403, "Project does not have access to model"), "auth"],
    // A reply is read whole, or not at all (issue 18): every field that carries content or status.
    [
      "a refusal content part beside an approving text part",
      openAIReply("", {
        content: [
          { type: "text", text: APPROVE },
          { type: "refusal", refusal: "I can't review this." },
        ],
      }),
      "refusal",
    ],
    [
      "a content part of a type the gate does not read",
      openAIReply("", {
        content: [
          { type: "image_url", image_url: { url: "data:," } },
          { type: "text", text: APPROVE },
        ],
      }),
      "bad-response",
    ],
    [
      "an output_text part (another API's shape)",
      openAIReply("", { content: [{ type: "output_text", text: APPROVE }] }),
      "bad-response",
    ],
    ["a part with no type", openAIReply("", { content: [{ text: APPROVE }] }), "bad-response"],
    [
      "a text part whose text is not a string",
      openAIReply("", { content: [{ type: "text", text: 7 }] }),
      "bad-response",
    ],
    ["a part that is not an object", openAIReply("", { content: [APPROVE] }), "bad-response"],
    [
      "a refusal that is an object",
      openAIReply(APPROVE, { refusal: { reason: "policy" } as never }),
      "refusal",
    ],
    ["a refusal that is an array", openAIReply(APPROVE, { refusal: ["no"] as never }), "refusal"],
    ["a refusal that is a number", openAIReply(APPROVE, { refusal: 1 as never }), "refusal"],
    ["a refusal that is true", openAIReply(APPROVE, { refusal: true as never }), "refusal"],
    ["a refusal of only spaces", openAIReply(APPROVE, { refusal: " " }), "refusal"],
    ["two choices", twoChoices(APPROVE, "===VERDICT=== REQUEST_CHANGES"), "bad-response"],
    ["two approving choices", twoChoices(APPROVE, APPROVE), "bad-response"],
    [
      "an error string beside a reply",
      withBody(openAIReply(APPROVE), { error: "upstream timeout" }),
      "bad-response",
    ],
    ["an error that is true", withBody(openAIReply(APPROVE), { error: true }), "bad-response"],
    [
      "an error object with a 4xx code beside a reply",
      withBody(openAIReply(APPROVE), { error: { code: 400, message: "bad" } }),
      "bad-response",
    ],
    [
      "an error inside the choice",
      inChoice(openAIReply(APPROVE), { error: { message: "cut" } }),
      "bad-response",
    ],
    ["an error inside the message", inMessage(openAIReply(APPROVE), { error: "cut" }), "bad-response"],
    ["a streamed chunk", withBody(openAIReply(APPROVE), { object: "chat.completion.chunk" }), "bad-response"],
    ["a message from the user", inMessage(openAIReply(APPROVE), { role: "user" }), "bad-response"],
    [
      "tool_calls that are an object",
      inMessage(openAIReply(APPROVE), { tool_calls: { id: "x" } }),
      "bad-response",
    ],
    [
      "audio beside the text",
      inMessage(openAIReply(APPROVE), { audio: { transcript: "ok" } }),
      "bad-response",
    ],
    [
      "stop over a native MAX_TOKENS (OpenRouter)",
      inChoice(openAIReply(APPROVE), { native_finish_reason: "MAX_TOKENS" }),
      "bad-response",
    ],
    [
      "stop over a native SAFETY",
      inChoice(openAIReply(APPROVE), { native_finish_reason: "SAFETY" }),
      "bad-response",
    ],
    ["an unclosed <think> after an answer", openAIReply(`Fine.\n<think>\n${APPROVE}`), "truncated"],
  ];
  for (const [name, scripted, kind] of cases) {
    it(`${name} → ${kind}`, async () => {
      const { server, reviewer } = await setup([scripted, openAIReply(APPROVE)]);
      const reply = failure(await reviewer.review(PROMPT));
      expect(reply.failure).toBe(kind);
      expect(reply.message).toContain(`openai reviewer at ${new URL(server.baseUrl).host}`);
      // None of these is worth asking again: the provider answered.
      expect(server.requests).toHaveLength(1);
    });
  }
});

describe("openai reviewer: what a 200 says besides the text", () => {
  it("retries an error object with a 5xx code in a 200, then reads the reply", async () => {
    const { server, reviewer } = await setup([
      withBody(openAIReply(APPROVE), { error: { code: 503, message: "upstream busy" } }),
      openAIReply(APPROVE),
    ]);
    expect(success(await reviewer.review(PROMPT)).text).toBe(APPROVE);
    expect(server.requests).toHaveLength(2);
  });

  it("reads a native finish reason that says complete", async () => {
    for (const native of ["stop", "STOP", "end_turn", "COMPLETE", null]) {
      const { reviewer } = await setup([inChoice(openAIReply(APPROVE), { native_finish_reason: native })]);
      expect(success(await reviewer.review(PROMPT)).text, String(native)).toBe(APPROVE);
    }
  });

  it("reads an empty refusal as none, as servers that always send the field do", async () => {
    const { reviewer } = await setup([openAIReply(APPROVE, { refusal: "" })]);
    expect(success(await reviewer.review(PROMPT)).text).toBe(APPROVE);
  });

  it("sets a reasoning part aside and reads the text parts", async () => {
    const { reviewer } = await setup([
      openAIReply("", {
        content: [
          { type: "thinking", thinking: [{ type: "text", text: APPROVE }] },
          { type: "text", text: "BLOCKING: a.ts:1 — bug\n===VERDICT=== REQUEST_CHANGES" },
        ],
      }),
    ]);
    const reply = success(await reviewer.review(PROMPT));
    expect(reply.text).not.toContain("APPROVE");
  });

  it("names the part type it does not read", async () => {
    const { reviewer } = await setup([
      openAIReply("", { content: [{ type: "input_audio", input_audio: {} }] }),
    ]);
    expect(failure(await reviewer.review(PROMPT)).message).toContain("type input_audio");
  });

  it("keeps no usage figure a server could not have measured", async () => {
    for (const bad of [1e300, -5, 12.5, Number.MAX_SAFE_INTEGER, "1200"]) {
      const { reviewer } = await setup([
        withBody(openAIReply(APPROVE), { usage: { prompt_tokens: bad, completion_tokens: bad } }),
      ]);
      expect(success(await reviewer.review(PROMPT)).usage, String(bad)).toEqual({});
    }
  });
});

describe("openai reviewer: faults and retries", () => {
  it("retries 500, 502 and 503 with growing backoff, then returns the reply", async () => {
    const { server, reviewer, sleeps } = await setup([
      openAIError(500, "boom"),
      openAIError(502, "bad gateway"),
      openAIError(503, "unavailable"),
      openAIReply(APPROVE),
    ]);
    const reply = success(await reviewer.review(PROMPT));
    expect(reply.attempts).toBe(4);
    expect(server.requests).toHaveLength(4);
    // base 1 s doubling, equal jitter at random() = 0.5: 750, 1500, 3000.
    expect(sleeps).toEqual([750, 1500, 3000]);
  });

  it("fails as http after the retries run out, naming the status and the attempts", async () => {
    const { server, reviewer } = await setup(
      Array.from({ length: 5 }, () => openAIError(503, "overloaded")),
      {
        retries: 2,
      },
    );
    const reply = failure(await reviewer.review(PROMPT));
    expect(reply.failure).toBe("http");
    expect(reply.attempts).toBe(3);
    expect(server.requests).toHaveLength(3);
    expect(reply.message).toMatch(/HTTP 503 server_error: overloaded \(after 3 attempts\)/);
  });

  it("honours retry-after (seconds) on a 429", async () => {
    const { reviewer, sleeps } = await setup([
      openAIError(429, "Rate limit reached", { headers: { "retry-after": "7" } }),
      openAIReply(APPROVE),
    ]);
    success(await reviewer.review(PROMPT));
    expect(sleeps).toEqual([7_000]);
  });

  it("honours retry-after-ms on a 429", async () => {
    const { reviewer, sleeps } = await setup([
      openAIError(429, "Rate limit reached", { headers: { "retry-after-ms": "2500" } }),
      openAIReply(APPROVE),
    ]);
    success(await reviewer.review(PROMPT));
    expect(sleeps).toEqual([2_500]);
  });

  it("treats a 403 with retry-after as a rate limit and retries it", async () => {
    const { reviewer, sleeps } = await setup([
      openAIError(403, "secondary rate limit", { headers: { "retry-after": "3" } }),
      openAIReply(APPROVE),
    ]);
    success(await reviewer.review(PROMPT));
    expect(sleeps).toEqual([3_000]);
  });

  it("fails as rate-limited at once when retry-after asks for longer than the gate waits", async () => {
    const { server, reviewer, sleeps } = await setup([
      openAIError(429, "quota", { headers: { "retry-after": "3600" } }),
      openAIReply(APPROVE),
    ]);
    const reply = failure(await reviewer.review(PROMPT));
    expect(reply.failure).toBe("rate-limited");
    expect(reply.message).toContain("retry after 3,600s");
    expect(sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("fails as rate-limited when every retry is rate limited", async () => {
    const { reviewer } = await setup(Array.from({ length: 4 }, () => openAIError(429, "slow down")));
    const reply = failure(await reviewer.review(PROMPT));
    expect(reply.failure).toBe("rate-limited");
    expect(reply.attempts).toBe(4);
  });

  it("retries a reset connection as a network error", async () => {
    const { reviewer } = await setup([reset(), openAIReply(APPROVE)]);
    expect(success(await reviewer.review(PROMPT)).attempts).toBe(2);
  });

  it("fails as network when the connection keeps resetting", async () => {
    const { reviewer } = await setup([reset(), reset()], { retries: 1 });
    const reply = failure(await reviewer.review(PROMPT));
    expect(reply.failure).toBe("network");
    expect(reply.message).toContain("network error");
  });

  it("fails as network when nothing listens", async () => {
    const server = await startOpenAIServer();
    const baseUrl = server.baseUrl;
    await server.close();
    const { runtime } = fakeRuntime();
    const reviewer = openAIReviewer({
      model: "gpt-4o",
      apiKey: KEY,
      baseUrl,
      timeoutMs: 2_000,
      retries: 1,
      runtime,
    });
    const reply = failure(await reviewer.review(PROMPT));
    expect(reply.failure).toBe("network");
    expect(reply.attempts).toBe(2);
    expect(reply.message).toMatch(/ECONNREFUSED/);
  });

  it("fails when the JSON body is cut mid-stream, never reading the partial approve", async () => {
    const { reviewer } = await setup([truncatedJson(), truncatedJson()], { retries: 1 });
    const reply = failure(await reviewer.review(PROMPT));
    // undici reports the cut as "terminated": a network fault, retried once, then a failure.
    expect(reply.failure).toBe("network");
    expect(reply.attempts).toBe(2);
    expect(reply.message).toMatch(/terminated/);
  });

  it("times out a server that never answers, within the limit, without retrying", async () => {
    const { server, reviewer } = await setup([hang(), openAIReply(APPROVE)], { timeoutMs: 200 });
    const started = Date.now();
    const reply = failure(await reviewer.review(PROMPT));
    expect(reply.failure).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.requests).toHaveLength(1);
    expect(reply.message).toContain("0.2s");
  });

  it("times out a server that sends headers and then never the body", async () => {
    const { reviewer } = await setup([hangAfterHeaders()], { timeoutMs: 200 });
    const started = Date.now();
    expect(failure(await reviewer.review(PROMPT)).failure).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("openai reviewer: the key", () => {
  it("fails as auth on a wrong key and never repeats the key, not even the provider's masked echo", async () => {
    const server = await startOpenAIServer({
      replies: [
        openAIError(
          401,
          `Incorrect API key provided: ${KEY.slice(0, 12)}****${KEY.slice(-4)}. See your account.`,
          {
            code: "invalid_api_key",
          },
        ),
      ],
    });
    servers.push(server);
    const reviewer = openAIReviewer({
      model: "gpt-4o",
      apiKey: KEY,
      baseUrl: server.baseUrl,
      timeoutMs: 2_000,
      runtime: fakeRuntime().runtime,
    });
    const reply = failure(await reviewer.review(PROMPT));
    expect(reply.failure).toBe("auth");
    expect(reply.message).toContain("HTTP 401");
    expect(reply.message).not.toContain(KEY);
    expect(reply.message).not.toContain(KEY.slice(0, 12));
    expect(JSON.stringify(reply)).not.toContain(KEY.slice(-12));
  });

  it("sends the key only in the Authorization header of the configured host", async () => {
    const other = await startOpenAIServer();
    servers.push(other);
    const { server, reviewer } = await setup([openAIReply(APPROVE)]);
    await reviewer.review(PROMPT);
    expect(other.requests).toHaveLength(0);
    const request = server.requests[0];
    const carrying = Object.entries(request?.headers ?? {}).filter(([, v]) => String(v).includes(KEY));
    expect(carrying.map(([k]) => k)).toEqual(["authorization"]);
    expect(request?.body).not.toContain(KEY);
  });

  it("the label names provider, model and host, and no key", async () => {
    const { reviewer, server } = await setup([]);
    expect(reviewer.label).toBe(`openai gpt-4o @ ${new URL(server.baseUrl).host}`);
    expect(reviewer.label).not.toContain(KEY);
  });
});

describe("openai reviewer: the context window", () => {
  it("warns before the call when the estimated prompt is over 80% of the window", async () => {
    const { runtime } = fakeRuntime();
    const server = await startOpenAIServer({ replies: [openAIReply(APPROVE, { promptTokens: 3_500 })] });
    servers.push(server);
    const reviewer = openAIReviewer({
      model: "gpt-4o",
      apiKey: "",
      baseUrl: server.baseUrl,
      timeoutMs: 2_000,
      contextWindow: 4_000,
      runtime,
    });
    const reply = success(await reviewer.review({ system: "s", user: "x".repeat(10_000) }));
    expect(reply.warnings.length).toBe(2);
    expect(reply.warnings[0]).toMatch(
      /about 3,335 input tokens \(estimated\), 83% of a 4,000-token context window/,
    );
    expect(reply.warnings[1]).toMatch(/3,500 input tokens \(reported\)/);
  });

  it("holds a reply whose reported input is far below what was sent: the prompt was cut silently", async () => {
    const { runtime } = fakeRuntime();
    const server = await startOpenAIServer({ replies: [openAIReply(APPROVE, { promptTokens: 2_048 })] });
    servers.push(server);
    const reviewer = openAIReviewer({
      model: "llama3.1:8b",
      apiKey: "",
      baseUrl: server.baseUrl,
      timeoutMs: 2_000,
      runtime,
    });
    const reply = failure(await reviewer.review({ system: "s", user: "diff line\n".repeat(3_000) }));
    expect(reply.failure).toBe("truncated");
    expect(reply.message).toMatch(/read 2,048 input tokens of a prompt estimated at 10,001/);
  });

  async function readOf(promptTokens: number) {
    const { runtime } = fakeRuntime();
    const server = await startOpenAIServer({ replies: [openAIReply(APPROVE, { promptTokens })] });
    servers.push(server);
    const reviewer = openAIReviewer({
      model: "gpt-4o",
      apiKey: "",
      baseUrl: server.baseUrl,
      timeoutMs: 2_000,
      runtime,
    });
    // Estimated at 10,001 tokens (3 bytes a token).
    return reviewer.review({ system: "s", user: "diff line\n".repeat(3_000) });
  }

  it("holds a reply whose server read 30% of the estimate (passed before: the line was 25%)", async () => {
    const reply = failure(await readOf(3_000));
    expect(reply.failure).toBe("truncated");
    expect(reply.message).toMatch(/read 3,000 input tokens of a prompt estimated at 10,001 \(30%\)/);
  });

  it("holds just under a third of the estimate (9 bytes a token), and not at it", async () => {
    expect(failure(await readOf(3_333)).failure).toBe("truncated");
    expect((await readOf(3_334)).ok).toBe(true);
  });

  it("warns, and keeps the reply, between a third and half of the estimate", async () => {
    const reply = success(await readOf(4_000));
    expect(reply.warnings.join("\n")).toMatch(
      /read 4,000 input tokens of a prompt estimated at 10,001 \(40%\)/,
    );
    expect(success(await readOf(5_001)).warnings).toEqual([]);
  });

  it("holds a dense prompt the server cut to its window: the estimate said it fit, the count says it filled it", async () => {
    const { runtime } = fakeRuntime();
    // 8 KB of base64: estimated at 2,668 tokens, 67% of a 4,000-token window, but base64 takes about
    // twice that. Ollama keeps the end of what does not fit and reports about the window.
    const dense = Buffer.alloc(6_000, 7).toString("base64");
    const server = await startOpenAIServer({ replies: [openAIReply(APPROVE, { promptTokens: 3_990 })] });
    servers.push(server);
    const reviewer = openAIReviewer({
      model: "llama3.1:8b",
      apiKey: "",
      baseUrl: server.baseUrl,
      timeoutMs: 2_000,
      contextWindow: 4_000,
      runtime,
    });
    const reply = failure(await reviewer.review({ system: "s", user: dense }));
    expect(reply.failure).toBe("truncated");
    expect(reply.message).toMatch(/read 3,990 input tokens, 100% of the 4,000-token context window/);
    // Under 90% of the window the reply stands.
    server.script(() => openAIReply(APPROVE, { promptTokens: 3_590 }));
    expect((await reviewer.review({ system: "s", user: dense })).ok).toBe(true);
  });

  it("treats a count it cannot believe as no count: a 1e300 neither passes nor prints 300 digits", async () => {
    const { runtime } = fakeRuntime();
    const server = await startOpenAIServer({
      replies: [
        withBody(openAIReply(APPROVE), { usage: { prompt_tokens: 1e300, completion_tokens: 1e300 } }),
      ],
    });
    servers.push(server);
    const reviewer = openAIReviewer({
      model: "gpt-4o",
      apiKey: "",
      baseUrl: server.baseUrl,
      timeoutMs: 2_000,
      contextWindow: 4_000,
      runtime,
    });
    // Over the window with no believable count: taken as cut, as for a server that reports none.
    const reply = failure(await reviewer.review({ system: "s", user: "x".repeat(20_000) }));
    expect(reply.failure).toBe("truncated");
    expect(reply.message.length).toBeLessThan(600);
  });

  it("uses Ollama's small default window for an Ollama base URL", () => {
    const reviewer = openAIReviewer({
      model: "llama3.1:8b",
      apiKey: "",
      baseUrl: "http://localhost:11434/v1",
      timeoutMs: 1_000,
    });
    expect(reviewer.contextWindow).toBe(2_048);
  });
});
