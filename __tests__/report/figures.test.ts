// Untrusted numbers are shown bounded: a provider that reports 1e300 tokens, NaN or a negative latency
// must not turn the summary into a 400-character figure or "NaN tokens" (issue 18, "Also").
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FIGURE_LIMIT, figure, seconds } from "../../src/report/figures.js";
import { type RoundReport, renderJobSummary } from "../../src/report/round-report.js";
import { maybe } from "../../src/verdict/four-values.js";

describe("figure", () => {
  it("shows counts with separators, and nothing it cannot have counted as digits", () => {
    expect(figure(0)).toBe("0");
    expect(figure(1_234_567)).toBe("1,234,567");
    expect(figure(FIGURE_LIMIT)).toBe("999,999,999,999");
    expect(figure(1e300)).toBe("more than 999,999,999,999");
    expect(figure(Number.POSITIVE_INFINITY)).toBe("?");
    for (const bad of [Number.NaN, -1, 1.5, undefined]) expect(figure(bad)).toBe("?");
  });

  it("is never longer than the bound's own text, for any number", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.constantFrom(1e300, -0, Number.MAX_VALUE)), (n) => {
        expect(figure(n).length).toBeLessThanOrEqual("more than 999,999,999,999".length);
        expect(seconds(n).length).toBeLessThanOrEqual("more than 999,999,999,999 s".length);
      }),
    );
  });

  it("shows milliseconds as seconds", () => {
    expect(seconds(12_345)).toBe("12.3 s");
    expect(seconds(Number.NaN)).toBe("? s");
    expect(seconds(1e300)).toBe("more than 999,999,999,999 s");
  });
});

describe("the round report", () => {
  it("shows a provider's absurd usage and latency bounded, in the summary line and the calls table", () => {
    const call = (n: number) => ({
      files: 1,
      ok: true,
      latencyMs: n,
      attempts: 1,
      inputTokens: n,
      outputTokens: n,
      outcome: "APPROVE",
    });
    const report: RoundReport = {
      status: "hold-for-human",
      result: maybe("x"),
      parts: [],
      round: 1,
      headSha: "a".repeat(40),
      checkName: "verdict-gate",
      reviewer: {
        label: "openai m @ h",
        verdict: "APPROVE",
        calls: [call(1e300), call(-7)],
        warnings: [],
        panel: { policy: "unanimous", members: [] },
      },
      history: [],
      notes: [],
      version: "0.0.0",
    };
    const summary = renderJobSummary(report);
    expect(summary).not.toMatch(/\d{16}|\d{1,3}(,\d{3}){5}/);
    expect(summary).not.toContain("-7");
    expect(summary).toContain("| ?/? | ? s |");
    expect(summary).toContain("more than 999,999,999,999 tokens in");
  });
});
