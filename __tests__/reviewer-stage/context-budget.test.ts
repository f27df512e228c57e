// Context gives way to max-round-tokens before the diff does: a round whose diff alone fits the limit is
// asked, with as much context as the rest of the limit allows (each call's share in proportion to its
// size, a panel's reviewers likewise), never held for its context; a round whose diff alone is over
// the limit holds, naming what the diff itself needs.
import { describe, expect, it } from "vitest";
import type { ContextMaterial } from "../../src/context/material.js";
import type { Reviewer } from "../../src/ports/reviewer.js";
import { planReview } from "../../src/review/plan.js";
import type { Prompt } from "../../src/review/prompt.js";
import { panelPart } from "../../src/reviewer-stage/panel.js";
import { chunkPrompts, reviewerPart, withoutContext } from "../../src/reviewer-stage/single.js";
import { UNANIMOUS } from "../../src/verdict/panel.js";
import { diffOf, file } from "../review/diff-fixtures.js";
import { ROUND_TOKEN } from "./reuse-support.js";

const FILES = [file({ path: "src/a.ts", adds: 10 }), file({ path: "src/b.ts", adds: 10 })];

/** Each file brings 20 blocks of 20 lines from elsewhere: far more than any budget here allows. */
const MATERIAL: ContextMaterial = {
  mode: "auto",
  files: FILES.map((f) => ({
    file: f.path,
    candidates: Array.from({ length: 20 }, (_, i) => ({
      kind: "caller" as const,
      path: `src/use${i}.ts`,
      from: 1,
      lines: Array.from({ length: 20 }, (_, j) => `use(${f.path}, ${i}, ${j}); // ${"y".repeat(30)}`),
    })),
  })),
};
const BASE = { includePrDescription: false, context: MATERIAL };

/** A reviewer that records every prompt it is sent and approves. */
function recording(label = "openai gpt-test"): Reviewer & { prompts: Prompt[] } {
  const prompts: Prompt[] = [];
  return {
    provider: "openai",
    model: "gpt-test",
    label,
    contextWindow: 1_000_000,
    prompts,
    review: async (prompt) => {
      prompts.push(prompt as Prompt);
      const token = /===VERDICT=== <value> (\S+)/.exec((prompt as Prompt).text)?.[1] ?? ROUND_TOKEN;
      return {
        ok: true,
        text: `Fine.\n\n===VERDICT=== APPROVE ${token}`,
        model: "gpt-test",
        usage: {},
        latencyMs: 1,
        attempts: 1,
        warnings: [],
      };
    },
  };
}

/** Two calls of one file each. */
const plan = planReview(diffOf(FILES), { maxDiffTokens: 100 });
const sum = (ps: readonly Prompt[]) => ps.reduce((n, p) => n + p.estimatedTokens, 0);
const bare = sum(chunkPrompts(plan.chunks, withoutContext(BASE), ROUND_TOKEN));
const full = sum(chunkPrompts(plan.chunks, BASE, ROUND_TOKEN, [], () => 1_000_000));

describe("context under max-round-tokens", () => {
  it("the fixture: two calls, and context that would more than double them", () => {
    expect(plan.chunks).toHaveLength(2);
    expect(full).toBeGreaterThan(2 * bare);
  });

  it("asks a round whose diff fits, with the context the rest of the limit allows", async () => {
    const limit = bare + Math.floor((full - bare) / 2);
    const reviewer = recording();
    const outcome = await reviewerPart({
      plan,
      reviewer,
      base: BASE,
      roundToken: ROUND_TOKEN,
      concurrency: 1,
      maxRoundTokens: limit,
      fingerprint: "f",
      log: () => {},
    });
    expect(outcome.part.result.value).toBe("YES");
    expect(reviewer.prompts).toHaveLength(2);
    expect(sum(reviewer.prompts)).toBeLessThanOrEqual(limit);
    // Both calls carry context, and neither lost any of its diff.
    for (const p of reviewer.prompts) expect(p.context.length).toBeGreaterThan(0);
    expect(reviewer.prompts.map((p) => p.diffText)).toEqual(plan.chunks.map((c) => c.files[0]?.patch));
  });

  it("holds a round whose diff alone is over the limit, naming what the diff needs", async () => {
    const reviewer = recording();
    const outcome = await reviewerPart({
      plan,
      reviewer,
      base: BASE,
      roundToken: ROUND_TOKEN,
      concurrency: 1,
      maxRoundTokens: bare - 1,
      fingerprint: "f",
      log: () => {},
    });
    expect(reviewer.prompts).toHaveLength(0);
    expect(outcome.part.result.value).toBe("MAYBE");
    expect(outcome.part.result.needed.join("\n")).toContain(
      `about ${bare.toLocaleString("en-US")} prompt tokens`,
    );
  });

  it("a panel: the reviewers' shares of the limit add up to it, each with context", async () => {
    const alpha = recording("openai alpha");
    const beta = recording("openai beta");
    const limit = 2 * bare + (full - bare);
    let n = 0;
    const outcome = await panelPart({
      plans: [alpha, beta].map((reviewer, i) => ({
        member: { label: i === 0 ? "alpha" : "beta", reviewer },
        plan,
        fingerprint: `f${i}`,
      })),
      base: BASE,
      policy: UNANIMOUS,
      newRoundToken: () => `${"t".repeat(31)}${(n++).toString(36)}`.slice(-32),
      concurrency: 1,
      maxRoundTokens: limit,
      fingerprint: "panel",
      log: () => {},
    });
    expect(outcome.part.result.value).toBe("YES");
    expect(sum([...alpha.prompts, ...beta.prompts])).toBeLessThanOrEqual(limit);
    for (const p of [...alpha.prompts, ...beta.prompts]) expect(p.context.length).toBeGreaterThan(0);
  });
});
