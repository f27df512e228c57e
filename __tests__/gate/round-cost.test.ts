// `max-pr-cost`'s check before any call (round-cost.ts affordUnder), on its own: a round that fits is
// let through, one that would pass the cap is refused with what was spent and what it would cost, and
// a call it cannot price is refused — never counted as free — even where the settings' own refusal of
// an unpriced reviewer was not made (a reviewer built elsewhere).
import { describe, expect, it } from "vitest";
import { affordUnder, roundCost } from "../../src/gate/round-cost.js";
import type { Reviewer } from "../../src/ports/reviewer.js";
import type { ReviewerCallReport } from "../../src/report/round-report.js";

function reviewer(model: string, maxOutputTokens?: number): Reviewer {
  return {
    provider: "openai",
    model,
    label: model,
    contextWindow: 100_000,
    ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}),
    review: () => Promise.reject(new Error("a cost check never calls a reviewer")),
  } as unknown as Reviewer;
}

describe("affordUnder", () => {
  it("lets a round through that fits, counting each call's prompt and its whole reply limit", () => {
    // 10,000 prompt tokens at $2 and 1,000 reply tokens at $10 per million: $0.03.
    const afford = affordUnder(1, 0.97, { prices: { in: 2, out: 10 } });
    expect(afford([{ reviewer: reviewer("gpt-4o", 1_000), promptTokens: 10_000 }])).toBeUndefined();
    const over = affordUnder(1, 0.971, { prices: { in: 2, out: 10 } });
    expect(over([{ reviewer: reviewer("gpt-4o", 1_000), promptTokens: 10_000 }])).toMatch(
      /^the round would cost about \$0\.03 \(estimated: 1 call, 10,000 prompt tokens .*this pull request has spent \$0\.9710 of `max-pr-cost` \(\$1\.00\): no reviewer call was made\. A maintainer continues with `\/verdict review --force`/,
    );
  });

  it("refuses a call it has no price for, rather than counting it as free", () => {
    const afford = affordUnder(100, 0, {});
    const why = afford([{ reviewer: reviewer("some-local-model"), promptTokens: 10 }]);
    expect(why).toContain("the round cannot be priced (no price for some-local-model)");
    expect(why).toContain("no reviewer call was made");
  });

  it("has nothing to refuse when the round makes no call (every verdict reused)", () => {
    expect(affordUnder(0.01, 5, {})([])).toBeUndefined();
  });
});

describe("roundCost: what a round records against the cap", () => {
  const members = [{ label: "gpt-4o", reviewer: reviewer("gpt-4o", 1_000) }];
  const prices = { prices: { in: 2, out: 10 } };
  const call = (c: Partial<ReviewerCallReport>) => ({ attempts: 1, ...c }) as ReviewerCallReport;

  it("estimates a side the provider did not report, never counting it as nothing", () => {
    // 10,000 input tokens reported at $2, no output reported: the reply limit, 1,000 at $10.
    const cost = roundCost([call({ inputTokens: 10_000 })], members, prices);
    expect(cost.usd).toBeCloseTo(0.03, 10);
    expect(cost.estimatedCalls).toBe(1);
  });

  it("counts every attempt of a call that reported no usage", () => {
    const cost = roundCost([call({ attempts: 3, estimatedInputTokens: 10_000 })], members, prices);
    expect(cost.usd).toBeCloseTo(0.09, 10);
    expect(cost.estimatedCalls).toBe(3);
  });
});
