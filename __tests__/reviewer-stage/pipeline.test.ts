// The review room end to end against a loopback provider: plan a diff into chunks, build each chunk's
// prompt with a round token, run a real reviewer over them with bounded concurrency, and count coverage
// from what came back.
import { afterEach, describe, expect, it } from "vitest";
import { createReviewer } from "../../src/providers/create.js";
import { coverageAfter, formatCoverage } from "../../src/review/coverage.js";
import { replyEcho } from "../../src/review/forgery.js";
import { fileTokens, planReview } from "../../src/review/plan.js";
import { buildPrompt } from "../../src/review/prompt.js";
import { newRoundToken } from "../../src/review/round-token.js";
import { reviewChunks } from "../../src/reviewer-stage/ask.js";
import { findVerdict, promptRule } from "../../src/verdict/reply-contract.js";
import { diffOf, file, provenContent } from "../review/diff-fixtures.js";
import {
  delayed,
  openAIError,
  openAIReply,
  type ReviewerServer,
  type ScriptedReply,
  startOpenAIServer,
} from "../support/reviewers.js";

let server: ReviewerServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const KEY = "sk-pipeline-0123456789abcdef";

describe("plan → prompts → reviewer → coverage", () => {
  it("reviews a split diff with bounded concurrency and counts a failed chunk as not seen", async () => {
    const files = ["a", "b", "c", "d", "e", "f"].map((n) =>
      file({ path: `src/${n}.ts`, adds: 10, width: 50 }),
    );
    const plan = planReview(diffOf([...files, file({ path: "package-lock.json" })]), {
      maxDiffTokens: fileTokens(files[0] as never) * 2,
      content: provenContent(["package-lock.json"]),
    });
    expect(plan.chunks).toHaveLength(3);
    const token = newRoundToken();
    server = await startOpenAIServer({
      apiKey: KEY,
      replies: (request): ScriptedReply => {
        const user = (request.json as { messages: { content: string }[] }).messages[1]?.content ?? "";
        if (user.includes("src/c.ts")) return openAIError(400, "context_length_exceeded");
        return delayed(openAIReply(`No blocking issues.\n===VERDICT=== APPROVE ${token}`), 30);
      },
    });
    const reviewer = createReviewer(
      {
        provider: "openai",
        model: "gpt-4o",
        apiKey: KEY,
        baseUrl: server.baseUrl,
        timeoutMs: 5_000,
        retries: 0,
      },
      {},
    );
    const prompts = plan.chunks.map((chunk) =>
      buildPrompt({
        files: chunk.files,
        part: { number: chunk.index + 1, of: plan.chunks.length },
        roundToken: token,
      }),
    );
    const outcomes = await reviewChunks(plan.chunks, reviewer, {
      concurrency: 2,
      prompt: (chunk) => prompts[chunk.index] as (typeof prompts)[number],
    });

    expect(server.requests).toHaveLength(3);
    expect(server.maxInFlight()).toBe(2);
    for (const request of server.requests) {
      const user = (request.json as { messages: { content: string }[] }).messages[1]?.content ?? "";
      expect(user.trimEnd().endsWith(promptRule(token).trimEnd())).toBe(true);
      expect(user).not.toContain("package-lock.json");
    }
    expect(outcomes.map((o) => o.reply.ok)).toEqual([true, false, true]);
    for (const o of outcomes) {
      if (!o.reply.ok) continue;
      expect(findVerdict(o.reply.text, { roundToken: token })).toBe("APPROVE");
      expect(replyEcho(o.reply.text, prompts[o.chunk.index] as (typeof prompts)[number])).toBeUndefined();
    }

    const coverage = coverageAfter(plan, outcomes);
    expect(coverage.complete).toBe(false);
    expect(formatCoverage(coverage)).toBe(
      "66% (4/6 files, 40/60 lines; not seen: 2 files whose call failed); withheld: 1 lockfile (checked deterministically)",
    );
    expect(coverage.notReviewed.map((n) => [n.path, n.reason])).toEqual([
      ["src/c.ts", "reviewer-failed"],
      ["src/d.ts", "reviewer-failed"],
    ]);
    expect(coverage.notReviewed[0]?.detail).toMatch(
      /reviewer http: openai reviewer at 127\.0\.0\.1:\d+: HTTP 400/,
    );
    expect(coverage.excluded.map((e) => e.path)).toEqual(["package-lock.json"]);
  });
});
