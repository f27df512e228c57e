// A person's block stands until a person decides otherwise or a round approves (issue 22, item 3): the
// rule over any sequence of rounds, and kept through compaction, when the block's round is folded into
// the checkpoint.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maybe, no, type Result, yes } from "../../src/verdict/four-values.js";
import { append, audit, emptyHistory, type History, standingBlock } from "../../src/verdict/history.js";
import { compactHistory } from "../../src/verdict/history-compact.js";
import { concludeRound } from "../../src/verdict/loop-rules.js";

const sha = (n: number) => n.toString(16).padStart(40, "0");

type Step = { kind: "approve" | "block" | "hold" } | { kind: "decide"; block: boolean; by: string };

function outcomeOf(s: Step, n: number): Result {
  if (s.kind === "decide") return s.block ? no(`blocked by @${s.by}: reason ${n}`) : yes();
  if (s.kind === "approve") return yes();
  return s.kind === "block" ? no(`src/a.ts:${n} — finding ${n}`) : maybe("the reviewer timed out");
}

function step(history: History, s: Step, n: number): History {
  const outcome = outcomeOf(s, n);
  return append(
    history,
    concludeRound({
      history,
      maxRounds: 1_000,
      head: sha(n),
      at: "2026-12-01T00:00:00Z",
      outcome,
      ...(s.kind === "decide" ? { decidedBy: s.by, decisionReason: `reason ${n}` } : {}),
    }),
  );
}

/** The rule, read straight off the steps: the latest decision, if a block and no approve came after. */
function expected(steps: readonly Step[]): { by: string; at: number } | undefined {
  let standing: { by: string; at: number } | undefined;
  steps.forEach((s, i) => {
    if (s.kind === "decide") standing = s.block ? { by: s.by, at: i + 1 } : undefined;
    else if (s.kind === "approve") standing = undefined;
  });
  return standing;
}

const steps = fc.array(
  fc.oneof(
    fc.constantFrom<Step>({ kind: "approve" }, { kind: "block" }, { kind: "hold" }),
    fc.record({
      kind: fc.constant("decide" as const),
      block: fc.boolean(),
      by: fc.constantFrom("mo", "ada"),
    }),
  ),
  { maxLength: 40 },
);

describe("a person's standing block", () => {
  it("is the latest decision when it blocked and no round approved since: a hold or a block keeps it", () => {
    let h = emptyHistory(7, "verdict-gate");
    h = step(h, { kind: "approve" }, 1);
    h = step(h, { kind: "decide", block: true, by: "mo" }, 2);
    h = step(h, { kind: "hold" }, 3);
    h = step(h, { kind: "block" }, 4);
    expect(standingBlock(h)).toMatchObject({ round: 2, by: "mo" });
    expect(standingBlock(step(h, { kind: "approve" }, 5))).toBeUndefined();
    expect(standingBlock(step(h, { kind: "decide", block: false, by: "ada" }, 5))).toBeUndefined();
  });

  it("is kept in the checkpoint when compaction folds its round", () => {
    let h = emptyHistory(7, "verdict-gate");
    h = step(h, { kind: "decide", block: true, by: "mo" }, 1);
    for (let n = 2; n <= 40; n += 1) h = step(h, { kind: n % 2 === 0 ? "hold" : "block" }, n);
    const small = compactHistory(h, 6_000);
    expect(small.rounds[0]?.round).toBeGreaterThan(1);
    expect(small.checkpoint?.personBlock).toMatchObject({ round: 1, by: "mo" });
    expect(audit(small).valid).toBe(true);
    expect(standingBlock(small)).toMatchObject({ round: 1, by: "mo" });
  });

  it("follows the rule over any sequence of rounds, and survives compaction that folds its round", () => {
    fc.assert(
      fc.property(steps, (list) => {
        let h = emptyHistory(7, "verdict-gate");
        list.forEach((s, i) => {
          h = step(h, s, i + 1);
        });
        const want = expected(list);
        const got = standingBlock(h);
        expect(got === undefined ? undefined : { by: got.by, at: got.round }).toEqual(want);
        // Compacted into a small budget, older rounds fold into the checkpoint: the block is still known.
        const small = compactHistory(h, 6_000);
        expect(audit(small).valid).toBe(true);
        if (list.length >= 30) expect(small.checkpoint).toBeDefined();
        const folded = standingBlock(small);
        expect(folded === undefined ? undefined : { by: folded.by, at: folded.round }).toEqual(want);
      }),
      { numRuns: 60 },
    );
  });
});
