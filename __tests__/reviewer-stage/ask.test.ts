import { describe, expect, it } from "vitest";
import type { PromptMessages, ReviewReply } from "../../src/ports/reviewer.js";
import { planReview } from "../../src/review/plan.js";
import { buildPrompt } from "../../src/review/prompt.js";
import { reviewChunks } from "../../src/reviewer-stage/ask.js";
import { diffOf, file } from "../review/diff-fixtures.js";

// A budget that fits one file per chunk: seven chunks.
const perFile = planReview(
  diffOf(Array.from({ length: 7 }, (_, i) => file({ path: `src/f${i}.ts`, adds: 5, width: 40 }))),
  { maxDiffTokens: 120 },
);

function reply(text: string): ReviewReply {
  return { ok: true, text, model: "m", usage: {}, latencyMs: 1, attempts: 1, warnings: [] };
}

describe("reviewChunks", () => {
  it("works on a plan of one chunk a file", () => {
    expect(perFile.chunks).toHaveLength(7);
  });

  it("never has more calls in flight than the limit, and returns outcomes in chunk order", async () => {
    let inFlight = 0;
    let most = 0;
    const reviewer = {
      review: async (prompt: PromptMessages) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5 + (prompt.user.length % 7)));
        inFlight -= 1;
        return reply(prompt.user.match(/src\/f\d\.ts/)?.[0] ?? "?");
      },
    };
    const outcomes = await reviewChunks(perFile.chunks, reviewer, {
      concurrency: 3,
      prompt: (chunk) => buildPrompt({ files: chunk.files }),
    });
    expect(most).toBe(3);
    expect(outcomes.map((o) => o.chunk.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(outcomes.map((o) => (o.reply.ok ? o.reply.text : ""))).toEqual(outcomes.map((o) => o.paths[0]));
    expect(outcomes.every((o) => o.prompt !== undefined)).toBe(true);
  });

  it("turns a reviewer that throws, or a prompt that cannot be built, into that chunk's failure", async () => {
    const reviewer = {
      review: async (prompt: PromptMessages) => {
        if (prompt.user.includes("src/f1.ts")) throw new Error("socket hang up");
        return reply("fine");
      },
    };
    const outcomes = await reviewChunks(perFile.chunks.slice(0, 3), reviewer, {
      prompt: (chunk) => {
        if (chunk.index === 2) throw new TypeError("no rule");
        return buildPrompt({ files: chunk.files });
      },
    });
    expect(outcomes.map((o) => o.reply.ok)).toEqual([true, false, false]);
    expect(outcomes[1]?.reply).toMatchObject({
      failure: "bad-response",
      message: "the reviewer threw: Error: socket hang up",
    });
    expect(outcomes[2]?.reply).toMatchObject({ message: "building the prompt failed: TypeError: no rule" });
    expect(outcomes[2]?.prompt).toBeUndefined();
  });

  it("keeps going when the progress callback throws", async () => {
    const outcomes = await reviewChunks(
      perFile.chunks.slice(0, 2),
      { review: async () => reply("ok") },
      {
        prompt: (chunk) => buildPrompt({ files: chunk.files }),
        onOutcome: () => {
          throw new Error("logger down");
        },
      },
    );
    expect(outcomes).toHaveLength(2);
  });

  it("returns nothing for no chunks", async () => {
    const outcomes = await reviewChunks(
      [],
      { review: async () => reply("never") },
      {
        prompt: () => {
          throw new Error("never");
        },
      },
    );
    expect(outcomes).toEqual([]);
  });
});
