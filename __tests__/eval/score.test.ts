// The report's arithmetic on cases written out here: a class with no case has no rate (null, not 0 %),
// an error is a status among the runs a flip compares, a hold is neither correct nor an error among the
// decided, and the cost is tokens times the price per million.
import { describe, expect, it } from "vitest";
import { type CaseOutcome, type CaseRun, isCorrect, scoreEval } from "../../src/eval/score.js";

const run = (status: CaseRun["status"], extra: Partial<CaseRun> = {}): CaseRun => ({
  status,
  findings: [],
  tokens: { in: 1_000, out: 100, estimated: { in: 1_000, out: 0 } },
  ms: 10,
  ...extra,
});
const clean = (id: string, ...runs: CaseRun[]): CaseOutcome => ({ case: { id, label: "clean" }, runs });
const options = (repeat: number) => ({
  set: { name: "t" },
  configuration: { reviewer: "r", settings: "s", repeat },
  version: "0",
  totalMs: 30,
});

describe("scoreEval", () => {
  it("gives a class with no case no rate, and leaves the flip rate out without repeats", () => {
    const report = scoreEval([clean("a", run("approve")), clean("b", run("hold-for-human"))], options(1));
    expect(report.false_approve).toEqual({ count: 0, n: 0, rate: null, low: null, high: null });
    expect(report.caught_at_defect.rate).toBeNull();
    expect(report.false_block).toMatchObject({ count: 0, n: 2, rate: 0, low: 0 });
    expect(report.decided.clean.share).toMatchObject({ count: 1, n: 2 });
    expect(report.decided.clean.error).toMatchObject({ count: 0, n: 1 });
    expect(report).not.toHaveProperty("flip");
  });

  it("counts a case whose runs ended in an error once and in a status once as a flip", () => {
    const report = scoreEval(
      [
        clean("a", run("approve"), run("error", { reason: "the round failed" })),
        clean("b", run("approve"), run("approve")),
      ],
      options(2),
    );
    expect(report.flip).toEqual({ count: 1, n: 2, rate: 0.5 });
    expect(report.results[0]).toMatchObject({ status: "approve", statuses: ["approve", "error"] });
  });

  it("prices the totals per million tokens, the estimated part included", () => {
    const report = scoreEval([clean("a", run("approve"), run("approve"))], {
      ...options(2),
      prices: { in: 3, out: 15 },
    });
    expect(report.tokens).toEqual({ in: 2_000, out: 200, estimated: { in: 2_000, out: 0 } });
    expect(report.cost).toEqual({ in: 0.006, out: 0.003, total: 0.009, price_in: 3, price_out: 15 });
  });

  it("calls a hold correct for neither class", () => {
    expect(isCorrect("defect", "blocked")).toBe(true);
    expect(isCorrect("clean", "approve")).toBe(true);
    for (const status of ["hold-for-human", "conditional-on", "error"] as const) {
      expect(isCorrect("defect", status)).toBe(false);
      expect(isCorrect("clean", status)).toBe(false);
    }
    expect(isCorrect("defect", "approve")).toBe(false);
    expect(isCorrect("clean", "blocked")).toBe(false);
  });
});
