// Loopback reviewer servers that speak the providers' real wire formats, for unit tests of the
// providers and for end-to-end tests of the bundled action. Each server listens on 127.0.0.1 (port 0),
// records every request (method, path, headers, raw body, parsed JSON) and answers from a script, one
// entry per request, so a test can say "503, then 429 with retry-after, then a reply" and then assert
// what was sent.
//
//   const server = await startOpenAIServer({ replies: [openAIError(503, "busy"), openAIReply("…")] });
//   // base-url: server.baseUrl   (http://127.0.0.1:PORT/v1 — the SDK appends /chat/completions)
//   …
//   expect(server.requests[0]?.json).toMatchObject({ model: "gpt-4o" });
//   await server.close();
//
//   const claude = await startAnthropicServer({ apiKey: "sk-ant-test", replies: [anthropicReply("…")] });
//   // base-url: claude.baseUrl   (http://127.0.0.1:PORT — the SDK appends /v1/messages)
//
// Wire formats, as the providers document them:
// - OpenAI Chat Completions: POST /v1/chat/completions, `Authorization: Bearer <key>`; a response
//   `{id, object: "chat.completion", model, choices: [{index, message: {role, content, refusal},
//   finish_reason}], usage: {prompt_tokens, completion_tokens, total_tokens}}`; errors
//   `{error: {message, type, param, code}}`; 429 with `retry-after` / `retry-after-ms`.
// - Anthropic Messages: POST /v1/messages, the key in `x-api-key` or `Authorization: Bearer` (the
//   installed SDK 1.14 sends the latter) and an `anthropic-version` header; a response
//   `{id, type: "message", role, model, content: [{type: "text", text}], stop_reason, stop_sequence,
//   usage: {input_tokens, output_tokens}}`; errors `{type: "error", error: {type, message}}`; 429
//   rate_limit_error, 529 overloaded_error.
//
// Any answer can be `delayed(reply, ms)`. Faults a script can inject: any status and headers, `hang()` (accept, never answer), `hangAfterHeaders()`
// (send 200 and headers, never the body), `reset()` (destroy the socket before answering),
// `truncatedJson()` (announce a length, send half, close), `malformedJson()`, `emptyBody()`.
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  readonly method: string;
  /** Path and query as received. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly json: unknown;
}

/** One scripted answer. */
export type ScriptedReply =
  | {
      readonly kind: "json";
      readonly status: number;
      readonly headers?: Readonly<Record<string, string>>;
      readonly body: unknown;
      /** Answer after this many milliseconds (a slow reviewer, still inside the time limit). */
      readonly delayMs?: number;
    }
  | {
      readonly kind: "raw";
      readonly status: number;
      readonly headers?: Readonly<Record<string, string>>;
      readonly body: string;
      readonly delayMs?: number;
    }
  | { readonly kind: "hang" }
  | { readonly kind: "hang-after-headers" }
  | { readonly kind: "reset" }
  | { readonly kind: "truncated-json"; readonly body: string }
  | {
      readonly kind: "stream";
      /** The start of a JSON reply whose content string the chunks then fill, without end. */
      readonly head: string;
      /** Written again and again, as the socket drains, until `totalBytes` or the client hangs up. */
      readonly chunk: Buffer;
      readonly totalBytes: number;
      /** Announce the whole length in content-length (else chunked, length unknown). */
      readonly declareLength: boolean;
      /** Bytes the socket accepted so far, and whether the client closed before the end. */
      readonly progress: { written: number; closedEarly: boolean };
    };

export type Script = readonly ScriptedReply[] | ((request: RecordedRequest, index: number) => ScriptedReply);

export interface ServerOptions {
  /** One answer per request, in order; or a function of the request. Past the end of a list, requests
   * get a 500 naming the missing script entry, so an unexpected extra call fails loudly. */
  readonly replies?: Script;
  /** When set, a request without exactly this key gets the provider's 401. */
  readonly apiKey?: string;
}

export interface ReviewerServer {
  /** What to pass as the provider's base URL. */
  readonly baseUrl: string;
  /** Most requests that were open at the same time (to check bounded concurrency). */
  readonly maxInFlight: () => number;
  /** http://127.0.0.1:PORT */
  readonly origin: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Replace the script (and keep the request log). */
  script(replies: Script): void;
  /** Stops listening and destroys every open connection (hung ones included). */
  close(): Promise<void>;
}

// ---- OpenAI wire format -------------------------------------------------------------------------

export interface OpenAIReplyOptions {
  readonly finishReason?: string | null;
  readonly model?: string;
  readonly promptTokens?: number;
  readonly completionTokens?: number;
  /** Omit `usage` entirely. */
  readonly noUsage?: boolean;
  readonly refusal?: string | null;
  /** DeepSeek / vLLM style reasoning field. */
  readonly reasoningContent?: string;
  /** OpenRouter / Ollama style reasoning field. */
  readonly reasoning?: string;
  readonly toolCalls?: readonly { name: string; arguments: string }[];
  /** Replace `content` with this raw value (null, an array of parts, a number…). */
  readonly content?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A 200 Chat Completions response whose first choice says `text`. */
export function openAIReply(text: string, options: OpenAIReplyOptions = {}): ScriptedReply {
  const message: Record<string, unknown> = {
    role: "assistant",
    content: "content" in options ? options.content : text,
    refusal: options.refusal ?? null,
  };
  if (options.reasoningContent !== undefined) message.reasoning_content = options.reasoningContent;
  if (options.reasoning !== undefined) message.reasoning = options.reasoning;
  if (options.toolCalls !== undefined) {
    message.tool_calls = options.toolCalls.map((call, i) => ({
      id: `call_${i}`,
      type: "function",
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  const body: Record<string, unknown> = {
    id: "chatcmpl-loopback",
    object: "chat.completion",
    created: 1_700_000_000,
    model: options.model ?? "gpt-4o-2024-08-06",
    choices: [
      {
        index: 0,
        message,
        logprobs: null,
        finish_reason: "finishReason" in options ? options.finishReason : "stop",
      },
    ],
  };
  if (!options.noUsage) {
    const prompt = options.promptTokens ?? 1_200;
    const completion = options.completionTokens ?? 80;
    body.usage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  }
  return { kind: "json", status: 200, ...(options.headers ? { headers: options.headers } : {}), body };
}

/** An OpenAI error response: `{error: {message, type, param, code}}`. */
export function openAIError(
  status: number,
  message: string,
  options: { type?: string; code?: string | null; headers?: Readonly<Record<string, string>> } = {},
): ScriptedReply {
  const type =
    options.type ??
    (status === 429
      ? "rate_limit_exceeded"
      : status === 401
        ? "invalid_request_error"
        : status >= 500
          ? "server_error"
          : "invalid_request_error");
  return {
    kind: "json",
    status,
    ...(options.headers ? { headers: options.headers } : {}),
    body: { error: { message, type, param: null, code: options.code ?? null } },
  };
}

// ---- Anthropic wire format ----------------------------------------------------------------------

export interface AnthropicReplyOptions {
  readonly stopReason?: string | null;
  readonly model?: string;
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  /** A thinking block before the text (its content must never be read as the reply). */
  readonly thinking?: string;
  /** Extra content blocks appended after the text block. */
  readonly extraBlocks?: readonly unknown[];
  /** Replace `content` entirely. */
  readonly content?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A 200 Messages response with one text block saying `text`. */
export function anthropicReply(text: string, options: AnthropicReplyOptions = {}): ScriptedReply {
  const blocks: unknown[] = [];
  if (options.thinking !== undefined) {
    blocks.push({ type: "thinking", thinking: options.thinking, signature: "loopback-signature" });
  }
  blocks.push({ type: "text", text });
  blocks.push(...(options.extraBlocks ?? []));
  return {
    kind: "json",
    status: 200,
    ...(options.headers ? { headers: options.headers } : {}),
    body: {
      id: "msg_loopback",
      type: "message",
      role: "assistant",
      model: options.model ?? "claude-sonnet-5-5-20250929",
      content: "content" in options ? options.content : blocks,
      stop_reason: "stopReason" in options ? options.stopReason : "end_turn",
      stop_sequence: null,
      usage: { input_tokens: options.inputTokens ?? 1_200, output_tokens: options.outputTokens ?? 80 },
    },
  };
}

/** An Anthropic error response: `{type: "error", error: {type, message}}`. */
export function anthropicError(
  status: number,
  message: string,
  options: { type?: string; headers?: Readonly<Record<string, string>> } = {},
): ScriptedReply {
  const type =
    options.type ??
    (status === 429
      ? "rate_limit_error"
      : status === 529
        ? "overloaded_error"
        : status === 401
          ? "authentication_error"
          : status === 403
            ? "permission_error"
            : status >= 500
              ? "api_error"
              : "invalid_request_error");
  return {
    kind: "json",
    status,
    ...(options.headers ? { headers: options.headers } : {}),
    body: { type: "error", error: { type, message } },
  };
}

// ---- Faults -------------------------------------------------------------------------------------

/** A 200 reply of `totalBytes` streamed from one reused chunk (one 1 MiB buffer, never a 100 MB string
 * in the test process), honouring back-pressure: `progress` says how much the client took before it
 * hung up. */
export function streamedReply(
  totalBytes: number,
  options: { declareLength?: boolean; chunkBytes?: number } = {},
): ScriptedReply & { kind: "stream" } {
  return {
    kind: "stream",
    head: '{"id":"chatcmpl-big","object":"chat.completion","created":1700000000,"model":"gpt-4o","choices":[{"index":0,"message":{"role":"assistant","content":"',
    chunk: Buffer.alloc(options.chunkBytes ?? 1024 * 1024, "a"),
    totalBytes,
    declareLength: options.declareLength ?? false,
    progress: { written: 0, closedEarly: false },
  };
}

/** The same answer, `ms` later. */
export function delayed(reply: ScriptedReply, ms: number): ScriptedReply {
  return reply.kind === "json" || reply.kind === "raw" ? { ...reply, delayMs: ms } : reply;
}

export const hang = (): ScriptedReply => ({ kind: "hang" });
export const hangAfterHeaders = (): ScriptedReply => ({ kind: "hang-after-headers" });
export const reset = (): ScriptedReply => ({ kind: "reset" });
export const truncatedJson = (
  body = '{"id":"chatcmpl-x","choices":[{"index":0,"message":{"content":"===VERDICT=== APP',
): ScriptedReply => ({
  kind: "truncated-json",
  body,
});
export const malformedJson = (): ScriptedReply => ({
  kind: "raw",
  status: 200,
  headers: { "content-type": "application/json" },
  body: '{"choices": [ {"message": ',
});
export const emptyBody = (): ScriptedReply => ({
  kind: "raw",
  status: 200,
  headers: { "content-type": "application/json", "content-length": "0" },
  body: "",
});

// ---- The servers --------------------------------------------------------------------------------

interface Dialect {
  readonly route: string;
  readonly prefix: string;
  /** The provider's answer to a missing or wrong key, or undefined when the key is right. */
  authFailure(headers: IncomingHttpHeaders, key: string): ScriptedReply | undefined;
  notFound(path: string): ScriptedReply;
  unscripted(index: number): ScriptedReply;
}

const OPENAI: Dialect = {
  route: "/v1/chat/completions",
  prefix: "/v1",
  authFailure: (headers, key) =>
    headers.authorization === `Bearer ${key}`
      ? undefined
      : openAIError(
          401,
          "Incorrect API key provided: sk-***. You can find your API key at https://platform.openai.com/account/api-keys.",
          {
            code: "invalid_api_key",
          },
        ),
  notFound: (path) => openAIError(404, `Unknown request URL: POST ${path}.`, { code: "unknown_url" }),
  unscripted: (index) => openAIError(500, `loopback server: no scripted reply for request #${index + 1}`),
};

const ANTHROPIC: Dialect = {
  route: "/v1/messages",
  prefix: "",
  authFailure: (headers, key) => {
    if (headers["anthropic-version"] === undefined) {
      return anthropicError(400, "anthropic-version: header is required");
    }
    // The API takes the key either way: `x-api-key` (older SDKs) or `Authorization: Bearer` (SDK 1.x).
    const sent = headers["x-api-key"] === key || headers.authorization === `Bearer ${key}`;
    return sent ? undefined : anthropicError(401, "invalid x-api-key");
  },
  notFound: (path) => anthropicError(404, `Not found: ${path}`, { type: "not_found_error" }),
  unscripted: (index) => anthropicError(500, `loopback server: no scripted reply for request #${index + 1}`),
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, reply: ScriptedReply): void {
  if ((reply.kind === "json" || reply.kind === "raw") && reply.delayMs !== undefined && reply.delayMs > 0) {
    setTimeout(() => send(res, { ...reply, delayMs: 0 }), reply.delayMs);
    return;
  }
  switch (reply.kind) {
    case "json": {
      const body = JSON.stringify(reply.body);
      res.writeHead(reply.status, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        ...reply.headers,
      });
      res.end(body);
      return;
    }
    case "raw":
      res.writeHead(reply.status, { ...reply.headers });
      res.end(reply.body);
      return;
    case "hang":
      return;
    case "hang-after-headers":
      res.writeHead(200, { "content-type": "application/json", "content-length": "100000" });
      res.flushHeaders();
      return;
    case "reset":
      res.socket?.destroy();
      return;
    case "stream": {
      res.writeHead(200, {
        "content-type": "application/json",
        ...(reply.declareLength ? { "content-length": String(reply.totalBytes) } : {}),
      });
      const { progress } = reply;
      res.on("close", () => {
        if (progress.written < reply.totalBytes) progress.closedEarly = true;
      });
      const pump = () => {
        while (!res.destroyed && progress.written < reply.totalBytes) {
          const first = progress.written === 0 ? Buffer.from(reply.head) : reply.chunk;
          const piece = first.subarray(0, Math.min(first.length, reply.totalBytes - progress.written));
          progress.written += piece.length;
          if (!res.write(piece)) {
            res.once("drain", pump);
            return;
          }
        }
        if (!res.destroyed) res.end();
      };
      pump();
      return;
    }
    case "truncated-json": {
      res.writeHead(200, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(reply.body) * 2,
      });
      res.write(reply.body, () => res.socket?.destroy());
      return;
    }
  }
}

async function start(dialect: Dialect, options: ServerOptions): Promise<ReviewerServer> {
  let script: Script = options.replies ?? [];
  const requests: RecordedRequest[] = [];
  let inFlight = 0;
  let most = 0;
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    res.on("close", () => {
      inFlight -= 1;
    });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const recorded: RecordedRequest = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      body,
      json: parseJson(body),
    };
    const index = requests.length;
    requests.push(recorded);
    const path = (req.url ?? "").split("?")[0];
    if (req.method !== "POST" || path !== dialect.route) return send(res, dialect.notFound(path ?? ""));
    if (options.apiKey !== undefined) {
      const denied = dialect.authFailure(req.headers, options.apiKey);
      if (denied !== undefined) return send(res, denied);
    }
    const reply = typeof script === "function" ? script(recorded, index) : script[index];
    send(res, reply ?? dialect.unscripted(index));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `${origin}${dialect.prefix}`,
    maxInFlight: () => most,
    origin,
    requests,
    script: (replies) => {
      script = replies;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An OpenAI-compatible Chat Completions server. `baseUrl` ends in `/v1`. */
export function startOpenAIServer(options: ServerOptions = {}): Promise<ReviewerServer> {
  return start(OPENAI, options);
}

/** An Anthropic Messages server. `baseUrl` is the origin (the SDK adds `/v1/messages`). */
export function startAnthropicServer(options: ServerOptions = {}): Promise<ReviewerServer> {
  return start(ANTHROPIC, options);
}

/** The fake CLI reviewer (fake-reviewer.mjs) as a `command` input: `node <script> <mode> <args…>`, each
 * word single-quoted so paths with spaces survive the command-line parser. */
export function fakeReviewerCommand(mode: string, ...args: string[]): string {
  const script = new URL("./fake-reviewer.mjs", import.meta.url).pathname;
  const quote = (word: string) => `'${word.replace(/'/g, `'"'"'`)}'`;
  return [process.execPath, script, mode, ...args].map(quote).join(" ");
}
