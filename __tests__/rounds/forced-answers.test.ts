// A forced answer (force-review, `/verdict review --force`) on a head the gate already answered counts
// against max-rounds, whatever it says: asking again until the answer changes ends in a hold for a
// person, never in an approve by attrition (issue 22, item 4). The rules are the pure loop's, so they
// are proved here on the history itself; e2e/who-decides.test.ts proves them through the action.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maybe, no, type Result, yes } from "../../src/verdict/four-values.js";
import {
  append,
  audit,
  currentState,
  emptyHistory,
  type History,
  isTerminal,
  lastRound,
  recordHash,
  seal,
} from "../../src/verdict/history.js";
import { concludeRound, forcedAnswer, repeatsLast, terminalNeed } from "../../src/verdict/loop-rules.js";

const sha = (n: number) => n.toString(16).padStart(40, "0");
const H = sha(1);

function run(
  history: History,
  maxRounds: number,
  head: string,
  outcome: Result,
  options: { force?: boolean; decidedBy?: string; pushedBy?: string } = {},
) {
  const forced = options.decidedBy === undefined && forcedAnswer(history, head, options.force === true);
  const c = concludeRound({
    history,
    maxRounds,
    head,
    at: "2026-11-30T00:00:00Z",
    outcome,
    ...(forced ? { forced: true } : {}),
    ...(options.decidedBy !== undefined ? { decidedBy: options.decidedBy } : {}),
    ...(options.pushedBy !== undefined ? { pushedBy: options.pushedBy } : {}),
  });
  return { ...c, history: append(history, c) };
}

describe("a forced answer", () => {
  it("is only an answer asked again: the first on a head, or one after a hold or a person's decision, is an ordinary round", () => {
    const empty = emptyHistory(7, "verdict-gate");
    expect(forcedAnswer(empty, H, true)).toBe(false);
    const held = run(empty, 10, H, maybe("reviewer unreachable")).history;
    expect(forcedAnswer(held, H, true)).toBe(false);
    const decided = run(held, 10, H, yes(), { decidedBy: "maintainer-mo" }).history;
    expect(forcedAnswer(decided, H, true)).toBe(false);
    const blocked = run(empty, 10, H, no("src/a.ts:1 — a bug")).history;
    expect(forcedAnswer(blocked, H, true)).toBe(true);
    expect(forcedAnswer(blocked, H, false)).toBe(false);
    expect(forcedAnswer(blocked, sha(2), true)).toBe(false);
    expect(forcedAnswer(run(empty, 10, H, yes()).history, H, true)).toBe(true);
  });

  it("counts against max-rounds whatever it says: each re-roll of a blocked head spends a unit", () => {
    let h = run(emptyHistory(7, "verdict-gate"), 10, H, no("src/a.ts:1 — a bug")).history;
    const used: number[] = [currentState(h, 10).blockedRounds];
    for (const outcome of [no("src/a.ts:1 — a bug"), maybe("cut off"), yes()]) {
      const r = run(h, 10, H, outcome, { force: true });
      expect(r.record.forced).toBe(true);
      h = r.history;
      used.push(currentState(h, 10).blockedRounds);
    }
    expect(used).toEqual([1, 2, 3, 4]);
    expect(lastRound(h)?.status).toBe("approve");
    expect(audit(h).errors).toEqual([]);
  });

  it("unforced, re-evaluating the same blocked head spends nothing (the rule it departs from)", () => {
    let h = run(emptyHistory(7, "verdict-gate"), 10, H, no("src/a.ts:1 — a bug")).history;
    h = run(h, 10, H, yes()).history;
    expect(currentState(h, 10).blockedRounds).toBe(1);
  });

  it("re-rolling exhausts into a hold, never an approve by attrition: with the budget spent the answer would be approve, and it holds", () => {
    let h = run(emptyHistory(7, "verdict-gate"), 2, H, no("src/a.ts:1 — a bug")).history;
    h = run(h, 2, H, no("src/a.ts:1 — a bug"), { force: true }).history;
    expect(currentState(h, 2).rank).toBe(0);
    // The round asks before evaluating: a forced answer with no budget left is not asked at all.
    expect(terminalNeed(h, 2)).toBeUndefined();
    expect(terminalNeed(h, 2, true)).toMatch(/rounds exhausted: a forced answer counts against max-rounds/);
    const last = run(h, 2, H, yes(), { force: true });
    expect(last.status).toBe("hold-for-human");
    expect(last.exhausted).toBe(true);
    expect(last.record.receipt.after.blockedRounds).toBe(2);
    expect(isTerminal(last.history, currentState(last.history, 2))).toBe(true);
    expect(audit(last.history).errors).toEqual([]);
  });

  it("a person's decision is never a forced answer, and spends nothing", () => {
    let h = run(emptyHistory(7, "verdict-gate"), 1, H, no("src/a.ts:1 — a bug")).history;
    const decided = run(h, 1, H, yes(), { force: true, decidedBy: "maintainer-mo" });
    expect(decided.record.forced).toBeUndefined();
    expect(decided.status).toBe("approve");
    h = decided.history;
    expect(audit(h).errors).toEqual([]);
  });
});

describe("the audit replays forced answers", () => {
  /** A round as a forger with the chain's rules but not the loop's would write it: edited, then sealed
   * again onto the history before it. */
  function resealed(
    h: History,
    c: ReturnType<typeof run>,
    edit: (r: ReturnType<typeof run>["record"]) => ReturnType<typeof run>["record"],
  ): History {
    const { receipt, ...rest } = edit(structuredClone(c.record));
    return append(h, {
      record: seal(h, { ...rest, receipt: { before: receipt.before, after: receipt.after } }),
      texts: c.texts,
    });
  }

  it("a forced answer that spent nothing does not replay", () => {
    const h = run(emptyHistory(7, "verdict-gate"), 10, H, no("x")).history;
    const forged = resealed(h, run(h, 10, H, no("x"), { force: true }), (r) => ({
      ...r,
      receipt: { ...r.receipt, after: { ...r.receipt.before } },
    }));
    expect(audit(forged).errors.join("\n")).toMatch(/does not replay \(a forced answer spends one unit\)/);
  });

  it("a forced answer at rank zero written as an approve is refused", () => {
    const h = run(emptyHistory(7, "verdict-gate"), 1, H, no("x")).history;
    const c = run(h, 1, H, yes(), { force: true });
    expect(c.status).toBe("hold-for-human");
    const forged = resealed(h, c, ({ exhausted: _e, ...r }) => ({ ...r, status: "approve", needed: [] }));
    expect(audit(forged).errors.join("\n")).toMatch(/a forced answer with no budget left/);
  });

  it("marking a person's decision forced is refused", () => {
    const h = run(emptyHistory(7, "verdict-gate"), 10, H, no("x")).history;
    const c = run(h, 10, H, yes(), { decidedBy: "maintainer-mo" });
    const { receipt, ...rest } = structuredClone(c.record);
    const reseal = seal(h, {
      ...rest,
      forced: true,
      receipt: { before: receipt.before, after: receipt.after },
    });
    expect(audit(append(h, { record: reseal, texts: c.texts })).errors.join("\n")).toMatch(
      /a person's decision marked as a forced answer/,
    );
  });

  it("the marks are hashed: dropping `forced` or `pushedBy` from a sealed round breaks its hash", () => {
    const h = run(emptyHistory(7, "verdict-gate"), 10, H, no("x"), { pushedBy: "mallory" }).history;
    const c = run(h, 10, H, no("x"), { force: true, pushedBy: "mallory" });
    const { forced: _f, ...unforced } = c.record;
    const { pushedBy: _p, ...unpushed } = c.record;
    expect(recordHash(unforced)).not.toBe(c.record.receipt.hash);
    expect(recordHash(unpushed)).not.toBe(c.record.receipt.hash);
  });
});

describe("histories written before forced answers and pushers were recorded", () => {
  const OLD = JSON.parse(readFileSync("__tests__/data/canonical/history.json", "utf8")) as History;

  it("still audit, and take a forced round and a recorded pusher after them", () => {
    expect(audit(OLD).errors).toEqual([]);
    const head = lastRound(OLD)?.head as string;
    const r = run(OLD, 3, head, no("src/a.ts:1 — a bug"), { force: true, pushedBy: "mallory" });
    expect(r.record).toMatchObject({ forced: true, pushedBy: "mallory" });
    expect(audit(r.history).errors).toEqual([]);
  });
});

describe("who pushed", () => {
  it("is left out of what makes a re-evaluation new: a label's run after a push records nothing again", () => {
    const pushed = run(emptyHistory(7, "verdict-gate"), 10, H, no("x"), { pushedBy: "mallory" });
    const relabelled = concludeRound({
      history: pushed.history,
      maxRounds: 10,
      head: H,
      at: "2026-11-30T00:05:00Z",
      outcome: no("x"),
    });
    expect(repeatsLast(pushed.history, relabelled.record)).toBe(true);
  });
});

describe("properties", () => {
  const step = fc.record({
    newHead: fc.boolean(),
    force: fc.boolean(),
    outcome: fc.constantFrom<Result>(yes(), no("reason a"), no("reason b"), maybe("unreachable")),
  });

  it("for any sequence of rounds and re-rolls, the chain audits and at most max-rounds forced answers are given", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(step, { maxLength: 30 }), (maxRounds, steps) => {
        let h = emptyHistory(9, "verdict-gate");
        let head = 1;
        let answered = 0;
        for (const s of steps) {
          if (s.newHead) head += 1;
          if (terminalNeed(h, maxRounds) !== undefined) continue;
          const r = run(h, maxRounds, sha(head), s.outcome, { force: s.force });
          if (r.record.forced === true && !r.exhausted) answered += 1;
          h = r.history;
        }
        expect(audit(h).errors).toEqual([]);
        expect(answered).toBeLessThanOrEqual(maxRounds);
        expect(currentState(h, maxRounds).blockedRounds).toBeLessThanOrEqual(maxRounds);
      }),
      { numRuns: 300 },
    );
  });
});
