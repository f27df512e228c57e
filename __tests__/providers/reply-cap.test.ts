// A reviewer's reply is read up to a cap (src/providers/reply-cap.ts), then refused: the round holds,
// naming the cap, instead of reading and parsing a 100 MB body whole. Each server below streams its
// reply from one reused 1 MiB buffer, honouring back-pressure, and counts what the client took: that
// count, not a clock, is what shows memory and time stay bounded.
import { afterEach, describe, expect, it } from "vitest";
import { anthropicReviewer } from "../../src/providers/anthropic.js";
import { openAIReviewer } from "../../src/providers/openai.js";
import { MIN_REPLY_BYTES, replyCapBytes } from "../../src/providers/reply-cap.js";
import {
  type ReviewerServer,
  startAnthropicServer,
  startOpenAIServer,
  streamedReply,
} from "../support/reviewers.js";

const KEY = "sk-proj-loopbackSECRETkey0123456789abcdef";
const PROMPT = { system: "You review code.", user: "Review this.\n\n===VERDICT=== <value>" };
const HUNDRED_MB = 100 * 1024 * 1024;
/** What the client may take past the cap before it hangs up: the socket's buffers on both sides. */
const SLACK = 16 * 1024 * 1024;

let servers: ReviewerServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

const options = (baseUrl: string) => ({
  model: "gpt-4o",
  apiKey: KEY,
  baseUrl,
  maxOutputTokens: 8192,
  timeoutMs: 60_000,
  retries: 3,
});

describe("a reviewer's reply past the cap", () => {
  it("is the cap: 32 bytes a token of the output budget, at least 4 MiB", () => {
    expect(replyCapBytes(undefined)).toBe(MIN_REPLY_BYTES);
    expect(replyCapBytes(8192)).toBe(MIN_REPLY_BYTES);
    expect(replyCapBytes(1_000_000)).toBe(32_000_000);
  });

  it("openai: a 100 MB reply of unknown length is read to the cap, the connection closed, and held naming it", async () => {
    const big = streamedReply(HUNDRED_MB);
    const server = await startOpenAIServer({ apiKey: KEY, replies: [big] });
    servers.push(server);
    const reply = await openAIReviewer(options(server.baseUrl)).review(PROMPT);
    if (reply.ok) throw new Error("a 100 MB reply was accepted");
    expect(reply.failure).toBe("too-large");
    expect(reply.message).toContain(`larger than the ${MIN_REPLY_BYTES} bytes the gate reads`);
    expect(reply.message).toContain("openai reviewer at 127.0.0.1");
    // Never retried: the same reply would be as large again.
    expect(server.requests).toHaveLength(1);
    // The server was cut off near the cap, not drained to the end.
    await waitFor(() => big.progress.closedEarly);
    expect(big.progress.written).toBeLessThan(MIN_REPLY_BYTES + SLACK);
  });

  it("openai: a declared content-length past the cap is refused before its body is read", async () => {
    const big = streamedReply(HUNDRED_MB, { declareLength: true });
    const server = await startOpenAIServer({ apiKey: KEY, replies: [big] });
    servers.push(server);
    const reply = await openAIReviewer(options(server.baseUrl)).review(PROMPT);
    if (reply.ok) throw new Error("a 100 MB reply was accepted");
    expect(reply.failure).toBe("too-large");
    expect(reply.message).toContain(`declared ${HUNDRED_MB} bytes`);
    await waitFor(() => big.progress.closedEarly);
    expect(big.progress.written).toBeLessThan(MIN_REPLY_BYTES + SLACK);
  });

  it("anthropic: the same cap on the Messages API", async () => {
    const big = streamedReply(HUNDRED_MB);
    const server = await startAnthropicServer({ apiKey: KEY, replies: [big] });
    servers.push(server);
    const reply = await anthropicReviewer({ ...options(server.baseUrl), model: "claude-sonnet-5-5" }).review(
      PROMPT,
    );
    if (reply.ok) throw new Error("a 100 MB reply was accepted");
    expect(reply.failure).toBe("too-large");
    expect(server.requests).toHaveLength(1);
    await waitFor(() => big.progress.closedEarly);
    expect(big.progress.written).toBeLessThan(MIN_REPLY_BYTES + SLACK);
  });

  it("a reply just under the cap is still read (the cap refuses only what is over it)", async () => {
    // Not a valid completion (a 3 MiB content string, unterminated): it fails as unreadable, not as
    // too large, which shows the whole body was read.
    const under = streamedReply(3 * 1024 * 1024);
    const server = await startOpenAIServer({ apiKey: KEY, replies: [under] });
    servers.push(server);
    const reply = await openAIReviewer({ ...options(server.baseUrl), retries: 0 }).review(PROMPT);
    if (reply.ok) throw new Error("an unterminated body was accepted");
    expect(reply.failure).not.toBe("too-large");
    expect(under.progress.written).toBe(3 * 1024 * 1024);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
}
