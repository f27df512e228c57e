// A reply the provider sends in pieces (Anthropic's text blocks, an OpenAI-compatible server's content
// parts) is read both ways it can be joined, and the stricter verdict stands; a reasoning section that
// never closes is no answer. The counterexamples first, each against a loopback server through the
// official SDK and the gate's reviewer part; then the properties.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { Reviewer, ReviewReply } from "../../src/ports/reviewer.js";
import { anthropicReviewer } from "../../src/providers/anthropic.js";
import { commandReviewer } from "../../src/providers/command.js";
import { openAIReviewer } from "../../src/providers/openai.js";
import { joinPieces, unclosedReasoning, withoutReasoning } from "../../src/providers/reply-text.js";
import { planReview } from "../../src/review/plan.js";
import { newRoundToken } from "../../src/review/round-token.js";
import type { PromptBase } from "../../src/reviewer-stage/keys.js";
import { reviewerPart } from "../../src/reviewer-stage/single.js";
import { diffOf, file } from "../review/diff-fixtures.js";
import {
  anthropicReply,
  fakeReviewerCommand,
  openAIReply,
  type ReviewerServer,
  startAnthropicServer,
  startOpenAIServer,
} from "../support/reviewers.js";

let servers: ReviewerServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

const TOKEN = newRoundToken();
const PLAN = planReview(diffOf([file({ path: "src/a.ts", adds: 3 })]), {});
const BASE: PromptBase = {};

async function judge(reviewer: Pick<Reviewer, "review" | "label">) {
  const outcome = await reviewerPart({
    plan: PLAN,
    reviewer: reviewer as Reviewer,
    base: BASE,
    roundToken: TOKEN,
    concurrency: 1,
    fingerprint: "f",
    log: () => {},
  });
  return { value: outcome.part.result.value, verdict: outcome.verdict, reply: outcome.calls[0]?.reply };
}

/** A reviewer that answers with `reply` and nothing else. */
const scripted = (
  reply: Omit<
    Extract<ReviewReply, { ok: true }>,
    "ok" | "latencyMs" | "attempts" | "warnings" | "model" | "usage"
  >,
) => ({
  label: "scripted",
  review: async (): Promise<ReviewReply> => ({
    ok: true,
    model: "m",
    usage: {},
    latencyMs: 1,
    attempts: 1,
    warnings: [],
    ...reply,
  }),
});

const APPROVE = `===VERDICT=== APPROVE ${TOKEN}`;
const CHANGES = `===VERDICT=== REQUEST_CHANGES ${TOKEN}`;

// Joined as written, this block marker is glued to the line before it and the approve after it stands
// alone: the false approve of issue 18.
const HIDDEN_BLOCK = ["The new handler logs the key. ", `${CHANGES}\n`, APPROVE];
// Joined on line breaks, a quoted approve after a mid-line cut becomes a marker line of its own.
const QUOTED_APPROVE = ["I was told to end with ", APPROVE];

describe("a reply in pieces is read both ways, and the stricter verdict stands", () => {
  it("openai content parts: a block marker at the start of a part blocks, though glued it would approve", async () => {
    const server = await startOpenAIServer({
      replies: [openAIReply("", { content: HIDDEN_BLOCK.map((text) => ({ type: "text", text })) })],
    });
    servers.push(server);
    const reviewer = openAIReviewer({
      model: "gpt-4o",
      apiKey: "",
      baseUrl: server.baseUrl,
      timeoutMs: 5_000,
    });
    const judged = await judge(reviewer);
    expect(judged.value).toBe("NO");
    expect(judged.verdict).toBe("REQUEST_CHANGES");
  });

  it("anthropic text blocks: a block marker at the start of a block blocks, though glued it would approve", async () => {
    const server = await startAnthropicServer({
      replies: [anthropicReply("", { content: HIDDEN_BLOCK.map((text) => ({ type: "text", text })) })],
    });
    servers.push(server);
    const reviewer = anthropicReviewer({
      model: "claude-sonnet-4-6",
      apiKey: "sk-ant-x",
      baseUrl: server.baseUrl,
      timeoutMs: 5_000,
    });
    const judged = await judge(reviewer);
    expect(judged.value).toBe("NO");
    expect(judged.reply).toContain(`\n===VERDICT=== REQUEST_CHANGES`);
  });

  it("anthropic text blocks: an approve that is a marker only when joined on line breaks holds", async () => {
    const server = await startAnthropicServer({
      replies: [anthropicReply("", { content: QUOTED_APPROVE.map((text) => ({ type: "text", text })) })],
    });
    servers.push(server);
    const reviewer = anthropicReviewer({
      model: "claude-sonnet-4-6",
      apiKey: "sk-ant-x",
      baseUrl: server.baseUrl,
      timeoutMs: 5_000,
    });
    expect((await judge(reviewer)).value).toBe("MAYBE");
  });

  it("pieces that each start a line read one way only, and approve", async () => {
    const server = await startAnthropicServer({
      replies: [
        anthropicReply("", {
          content: [
            { type: "text", text: "No blocking issues.\n" },
            { type: "text", text: APPROVE },
          ],
        }),
      ],
    });
    servers.push(server);
    const reviewer = anthropicReviewer({
      model: "claude-sonnet-4-6",
      apiKey: "sk-ant-x",
      baseUrl: server.baseUrl,
      timeoutMs: 5_000,
    });
    const judged = await judge(reviewer);
    expect(judged.value).toBe("YES");
    expect(judged.reply).toBe("No blocking issues.\n===VERDICT=== APPROVE <round token>");
  });

  it("the counterexamples are real: read one way only, each would decide the other way", async () => {
    expect((await judge(scripted({ text: HIDDEN_BLOCK.join("") }))).value).toBe("YES");
    expect((await judge(scripted({ text: QUOTED_APPROVE.join("\n") }))).value).toBe("YES");
  });

  it("the stricter reading wins whichever of the two it is", async () => {
    expect((await judge(scripted({ text: `ok\n${APPROVE}`, alsoReadAs: [`ok ${APPROVE}`] }))).value).toBe(
      "MAYBE",
    );
    expect((await judge(scripted({ text: `ok ${APPROVE}`, alsoReadAs: [`ok\n${APPROVE}`] }))).value).toBe(
      "MAYBE",
    );
    const blocked = await judge(scripted({ text: `ok\n${APPROVE}`, alsoReadAs: [`${CHANGES}\n${APPROVE}`] }));
    expect(blocked.value).toBe("NO");
    // The reading that decided is the one shown.
    expect(blocked.reply).toContain("REQUEST_CHANGES");
  });

  it("no way of cutting a reply into pieces makes the gate approve what it does not approve whole", async () => {
    const line = fc.constantFrom(
      "BLOCKING: src/a.ts:1 — bug",
      "Looks fine.",
      APPROVE,
      CHANGES,
      "===VERDICT=== APPROVE",
      "",
      "I would write",
      "see below",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        async (lines, cuts) => {
          const whole = lines.join("\n");
          const wholeValue = (await judge(scripted({ text: whole }))).value;
          const at = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((a, b) => a - b);
          const pieces = [0, ...at].map((start, i) => whole.slice(start, at[i] ?? whole.length));
          const joined = joinPieces(pieces);
          const value = (
            await judge(
              scripted({
                text: joined.text,
                ...(joined.alsoReadAs !== undefined ? { alsoReadAs: [joined.alsoReadAs] } : {}),
              }),
            )
          ).value;
          if (wholeValue !== "YES") expect(value).not.toBe("YES");
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("joinPieces", () => {
  it("starts every piece on a line, and keeps the as-written text whenever that differs", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", "\r", "=") })),
        (pieces) => {
          const joined = joinPieces(pieces);
          expect(joined.alsoReadAs ?? joined.text).toBe(pieces.join(""));
          // Only line breaks were added, and only where a piece started mid-line.
          expect(joined.text.replace(/\n/g, "")).toBe(pieces.join("").replace(/\n/g, ""));
          if (joined.alsoReadAs !== undefined) expect(joined.alsoReadAs).not.toBe(joined.text);
          // The spec, said another way: between two non-empty pieces, a line break exactly when
          // neither side has one there.
          const kept = pieces.filter((p) => p !== "");
          const expected = kept
            .map((p, i) => {
              const before = kept[i - 1] ?? "\n";
              return /[\n\r]$/.test(before) || /^[\n\r]/.test(p) ? p : `\n${p}`;
            })
            .join("");
          expect(joined.text).toBe(expected);
        },
      ),
    );
  });

  it("adds no line break where a piece already ends or starts one, or is empty", () => {
    expect(joinPieces(["a\n", "b"])).toEqual({ text: "a\nb" });
    expect(joinPieces(["a", "\nb"])).toEqual({ text: "a\nb" });
    expect(joinPieces(["a", "", "b"])).toEqual({ text: "a\nb", alsoReadAs: "ab" });
    expect(joinPieces(["a\u2028", "b"])).toEqual({ text: "a\u2028b" });
  });
});

describe("reasoning sections", () => {
  it("a leading closed <think> section is dropped; a later closed one stays for the parser to read", () => {
    expect(withoutReasoning("<think>APPROVE</think>\nanswer")).toEqual({ text: "\nanswer" });
    expect(withoutReasoning("answer\n<think>x</think>\nmore")).toEqual({
      text: "answer\n<think>x</think>\nmore",
    });
  });

  it.each([
    ["a leading <think> that never closes", "<think>hmm\n===VERDICT=== APPROVE"],
    ["a <think> opened after some text", "Sure.\n<think>\nI could approve.\n===VERDICT=== APPROVE"],
    ["an indented <thinking>", "Review:\n  <thinking>\n===VERDICT=== APPROVE"],
    ["<reasoning> in upper case", "<REASONING>\n===VERDICT=== APPROVE"],
    ["a second <think> after a closed one", "<think>a</think>\nok\n<think>\n===VERDICT=== APPROVE"],
    ["a <think> after a rare line break", "ok\u2028<think>\n===VERDICT=== APPROVE"],
  ])("%s holds", (_name, text) => {
    expect(withoutReasoning(text)).toHaveProperty("unclosed");
  });

  it("a tag quoted inside a line is not a reasoning section", () => {
    expect(
      unclosedReasoning("BLOCKING: src/a.ts:3 — a stray `<think>` tag\n===VERDICT=== REQUEST_CHANGES"),
    ).toBe(undefined);
  });

  it("holds for every provider: openai, anthropic and a command all say truncated", async () => {
    const text = `Sure.\n<think>\nmaybe\n${APPROVE}`;
    const openai = await startOpenAIServer({ replies: [openAIReply(text)] });
    const claude = await startAnthropicServer({ replies: [anthropicReply(text)] });
    servers.push(openai, claude);
    const replies = await Promise.all([
      openAIReviewer({ model: "m", apiKey: "", baseUrl: openai.baseUrl, timeoutMs: 5_000 }).review({
        system: "s",
        user: "u",
      }),
      anthropicReviewer({ model: "m", apiKey: "k-x", baseUrl: claude.baseUrl, timeoutMs: 5_000 }).review({
        system: "s",
        user: "u",
      }),
      commandReviewer({
        command: fakeReviewerCommand("reply", text.replace(/\n/g, "\\n")),
        timeoutMs: 10_000,
      }).review({
        system: "s",
        user: "u",
      }),
    ]);
    for (const reply of replies) expect(reply.ok ? "ok" : reply.failure).toBe("truncated");
  });
});
