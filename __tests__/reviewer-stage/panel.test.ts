// The panel part: the single-reviewer part run once per reviewer, at once, each with its own plan and
// round token; the outcomes combined by the panel lattice. Reviewers here are in-process fakes that
// answer through the same Reviewer interface the providers implement.
import { describe, expect, it } from "vitest";
import type { PromptMessages, Reviewer, ReviewReply } from "../../src/ports/reviewer.js";
import { panelFingerprint } from "../../src/reviewer-stage/keys.js";
import { panelPart, planPanel } from "../../src/reviewer-stage/panel.js";
import { reviewerPart } from "../../src/reviewer-stage/single.js";
import { no } from "../../src/verdict/four-values.js";
import { UNANIMOUS } from "../../src/verdict/panel.js";
import { newFilesDiff, tokenOf } from "./panel-fixtures.js";

/** Ten new files of about 500 estimated tokens each. */
const DIFF = newFilesDiff(10);

function ok(text: string): ReviewReply {
  return { ok: true, text, model: "m", usage: {}, latencyMs: 5, attempts: 1, warnings: [] };
}

/** A reviewer that answers with `answer(prompt)`, after `before()` resolves. */
function fake(
  label: string,
  answer: (prompt: PromptMessages) => ReviewReply,
  options: { contextWindow?: number; before?: () => Promise<void> } = {},
): Reviewer & { prompts: PromptMessages[] } {
  const prompts: PromptMessages[] = [];
  return {
    provider: "openai",
    model: label,
    label: `openai ${label} @ host`,
    contextWindow: options.contextWindow ?? 1_000_000,
    prompts,
    async review(prompt) {
      prompts.push(prompt);
      await options.before?.();
      return answer(prompt);
    },
  };
}

const approve = (p: PromptMessages) => ok(`No blocking issues.\n\n===VERDICT=== APPROVE ${tokenOf(p)}`);
const base = { includePrDescription: false } as const;
let counter = 0;
const newRoundToken = () => {
  counter += 1;
  return `${"r".repeat(30)}${counter}`;
};

describe("a panel's reviewers", () => {
  it("are asked at once: each one's call is answered only once the other's has started", async () => {
    let startedA!: () => void;
    let startedB!: () => void;
    const a = new Promise<void>((r) => (startedA = r));
    const b = new Promise<void>((r) => (startedB = r));
    // Asked one after the other, each would wait for the other forever (and the test time out).
    const alpha = fake("alpha", approve, {
      before: async () => {
        startedA();
        await b;
      },
    });
    const beta = fake("beta", approve, {
      before: async () => {
        startedB();
        await a;
      },
    });
    const plans = planPanel(
      [
        { label: "alpha", reviewer: alpha },
        { label: "beta", reviewer: beta },
      ],
      DIFF,
      {},
      base,
      60_000,
    );
    const out = await panelPart({
      plans,
      base,
      policy: UNANIMOUS,
      newRoundToken,
      concurrency: 1,
      fingerprint: panelFingerprint(plans, UNANIMOUS),
      log: () => {},
    });
    expect(out.part.result.value).toBe("YES");
    expect(out.verdict).toBe("APPROVE");
    // Each with its own round token.
    expect(tokenOf(alpha.prompts[0] as PromptMessages)).not.toBe(tokenOf(beta.prompts[0] as PromptMessages));
    expect(out.panel.members.map((m) => [m.label, m.verdict, m.coverage])).toEqual([
      ["alpha", "APPROVE", "100%"],
      ["beta", "APPROVE", "100%"],
    ]);
  });

  it("each chunk the diff by their own context window", () => {
    const plans = planPanel(
      [
        { label: "wide", reviewer: fake("wide", approve) },
        { label: "narrow", reviewer: fake("narrow", approve, { contextWindow: 5_000 }) },
      ],
      DIFF,
      {},
      base,
      60_000,
    );
    expect(plans[0]?.plan.chunks).toHaveLength(1);
    expect(plans[1]?.plan.chunks.length).toBeGreaterThan(2);
    expect(plans.every((p) => p.plan.coverage.complete)).toBe(true);
    expect(plans[0]?.fingerprint).not.toBe(plans[1]?.fingerprint);
  });

  it("hold the panel when one reply is cut off, attributing the hold to that reviewer", async () => {
    const cut = fake("alpha", () => ({
      ok: false,
      failure: "truncated",
      message: "the reply was cut off at max-output-tokens",
      latencyMs: 5,
      attempts: 1,
      warnings: [],
    }));
    const plans = planPanel(
      [
        { label: "alpha", reviewer: cut },
        { label: "beta", reviewer: fake("beta", approve) },
      ],
      DIFF,
      {},
      base,
      60_000,
    );
    for (const policy of [UNANIMOUS, { kind: "quorum", k: 2 } as const]) {
      const out = await panelPart({
        plans,
        base,
        policy,
        newRoundToken,
        concurrency: 2,
        fingerprint: panelFingerprint(plans, policy),
        log: () => {},
      });
      expect(out.part.result.value).toBe("MAYBE");
      expect(out.part.result.needed).toContain(
        "[alpha] the reviewer failed (truncated): the reply was cut off at max-output-tokens",
      );
      expect(out.calls.map((c) => [c.reviewer, c.ok])).toEqual([
        ["alpha", false],
        ["beta", true],
      ]);
    }
  });

  it("of one is the single-reviewer part, outcome for outcome and fingerprint for fingerprint", async () => {
    const solo = fake("solo", (p) =>
      ok(`BLOCKING: src/f1.js:2 — wrong constant\n\n===VERDICT=== REQUEST_CHANGES ${tokenOf(p)}`),
    );
    const plans = planPanel([{ label: solo.label, reviewer: solo }], DIFF, {}, base, 60_000);
    const fingerprint = panelFingerprint(plans, UNANIMOUS);
    expect(fingerprint).toBe(plans[0]?.fingerprint);
    const viaPanel = await panelPart({
      plans,
      base,
      policy: UNANIMOUS,
      newRoundToken: () => "t".repeat(32),
      concurrency: 2,
      fingerprint,
      log: () => {},
    });
    const alone = await reviewerPart({
      plan: plans[0]?.plan as NonNullable<(typeof plans)[0]>["plan"],
      reviewer: solo,
      base,
      roundToken: "t".repeat(32),
      concurrency: 2,
      fingerprint,
      log: () => {},
    });
    const { panel, ...rest } = viaPanel;
    expect(rest).toEqual(alone);
    expect(alone.part.result.reasons).toEqual(["src/f1.js:2 — wrong constant"]);
    expect(panel.members).toHaveLength(1);
  });

  it("reuse a recorded panel verdict as it stands, asking nobody", async () => {
    const never = (label: string) =>
      fake(label, () => {
        throw new Error(`${label} was asked again`);
      });
    const plans = planPanel(
      [
        { label: "alpha", reviewer: never("alpha") },
        { label: "beta", reviewer: never("beta") },
      ],
      DIFF,
      {},
      base,
      60_000,
    );
    const recorded = no("[beta] src/f1.js:2 — wrong constant");
    const out = await panelPart({
      plans,
      base,
      policy: UNANIMOUS,
      newRoundToken,
      concurrency: 1,
      reuse: { round: 3, verdict: "REQUEST_CHANGES", result: recorded },
      fingerprint: panelFingerprint(plans, UNANIMOUS),
      log: () => {},
    });
    expect(out.part.result).toBe(recorded);
    expect(out.verdict).toBe("REQUEST_CHANGES");
    expect(out.source).toEqual({ kind: "reused", round: 3 });
    expect(out.part.summary).toMatch(/reused from round 3/);
  });

  it("is asked a different question under another policy or another reviewer's label", () => {
    const members = [
      { label: "alpha", reviewer: fake("alpha", approve) },
      { label: "beta", reviewer: fake("beta", approve) },
    ];
    const plans = planPanel(members, DIFF, {}, base, 60_000);
    const unanimous = panelFingerprint(plans, UNANIMOUS);
    expect(panelFingerprint(plans, { kind: "quorum", k: 1 })).not.toBe(unanimous);
    const renamed = planPanel(
      [members[0], { ...members[1], label: "gamma" }] as typeof members,
      DIFF,
      {},
      base,
      60_000,
    );
    expect(panelFingerprint(renamed, UNANIMOUS)).not.toBe(unanimous);
  });
});
