import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { iff, maybe, no, type Result, yes } from "../../src/verdict/four-values.js";
import {
  append,
  audit,
  earlierReasons,
  emptyHistory,
  type History,
  lastRound,
  normaliseReason,
  type RoundRecord,
  reasonId,
  recordHash,
  repeats,
  roundReasons,
} from "../../src/verdict/history.js";
import {
  concludeRound,
  contradictions,
  costSoFar,
  repeatsLast,
  terminalNeed,
} from "../../src/verdict/loop-rules.js";

const sha = (n: number) => n.toString(16).padStart(40, "0");

function run(history: History, maxRounds: number, head: string, outcome: Result, decidedBy?: string) {
  const c = concludeRound({
    history,
    maxRounds,
    head,
    at: "2026-11-30T00:00:00Z",
    outcome,
    ...(decidedBy !== undefined ? { decidedBy } : {}),
  });
  return { ...c, history: append(history, c) };
}

describe("the finite budget", () => {
  it("blocks max-rounds times, then holds as exhausted, then stays terminal", () => {
    let h = emptyHistory(7, "verdict-gate");
    const statuses: string[] = [];
    for (let i = 1; i <= 4; i += 1) {
      if (terminalNeed(h, 2) !== undefined) {
        statuses.push("terminal");
        continue;
      }
      const r = run(h, 2, sha(i), no(`bug number ${i}`));
      statuses.push(r.status + (r.exhausted ? " (exhausted)" : ""));
      h = r.history;
    }
    expect(statuses).toEqual(["blocked", "blocked", "hold-for-human (exhausted)", "terminal"]);
    const exhausted = lastRound(h);
    expect(exhausted?.needed[0]).toMatch(/rounds exhausted: 2 blocked rounds reached max-rounds \(2\)/);
    // The exhausted round keeps its reasons visible and in the exclusions.
    expect(exhausted && roundReasons(h, exhausted)).toEqual(["bug number 3"]);
    expect(audit(h).valid).toBe(true);
  });

  it("lets the final evaluation at rank zero approve", () => {
    let h = emptyHistory(7, "verdict-gate");
    h = run(h, 1, sha(1), no("first")).history;
    const last = run(h, 1, sha(2), yes());
    expect(last.status).toBe("approve");
    expect(audit(last.history).valid).toBe(true);
  });

  it("spends nothing when the same head is re-evaluated", () => {
    let h = emptyHistory(7, "verdict-gate");
    h = run(h, 3, sha(1), no("x")).history;
    h = run(h, 3, sha(1), no("x")).history;
    expect(h.rounds[1]?.receipt.after.blockedRounds).toBe(1);
    expect(h.rounds[1]?.receipt.after.rank).toBe(2);
  });

  it("gives an exhausted loop more rounds when max-rounds is raised", () => {
    let h = emptyHistory(7, "verdict-gate");
    h = run(h, 1, sha(1), no("a")).history;
    h = run(h, 1, sha(2), no("b")).history;
    expect(terminalNeed(h, 1)).toBeDefined();
    expect(terminalNeed(h, 3)).toBeUndefined();
    const next = run(h, 3, sha(3), no("c"));
    expect(next.status).toBe("blocked");
    expect(audit(next.history).valid).toBe(true);
  });

  it("records a person's decision as given, even with no budget left", () => {
    let h = emptyHistory(7, "verdict-gate");
    h = run(h, 1, sha(1), no("a")).history;
    h = run(h, 1, sha(2), no("b")).history;
    const decided = run(h, 1, sha(2), yes(), "maintainer");
    expect(decided.status).toBe("approve");
    expect(decided.record.decidedBy).toBe("maintainer");
    expect(audit(decided.history).valid).toBe(true);
  });
});

describe("contradictions", () => {
  const withReasons = (reasons: string[]) => {
    let h = emptyHistory(1, "verdict-gate");
    h = run(h, 10, sha(1), no(reasons[0] as string, ...reasons.slice(1))).history;
    return h;
  };

  it("flags verdict4's negation prefix", () => {
    const h = withReasons(["use a global cache"]);
    expect(contradictions(h, ["Do not use a global cache."])).toHaveLength(1);
  });

  it("flags opposite asks at the same path and line", () => {
    const h = withReasons(["src/a.ts:10 — add a null check"]);
    expect(contradictions(h, ["BLOCKING: src/a.ts:10 — remove the null check"])).toHaveLength(1);
    expect(contradictions(h, ["src/a.ts:11 — remove the null check"])).toHaveLength(0);
  });

  it("does not flag a repeated reason", () => {
    const h = withReasons(["src/a.ts:10 — add a null check"]);
    expect(contradictions(h, ["src/a.ts:10 — Add a null check!"])).toHaveLength(0);
  });

  it("holds the round for a person instead of blocking", () => {
    const h = withReasons(["src/a.ts:10 — add a null check"]);
    const r = run(h, 10, sha(2), no("src/a.ts:10 — remove the null check"));
    expect(r.status).toBe("hold-for-human");
    expect(r.result.needed[0]).toMatch(/^contradiction: round 1 asked/);
    expect(r.record.receipt.after.blockedRounds).toBe(1);
  });
});

describe("repeated reasons", () => {
  it("marks a reason an earlier round gave, whatever its case and punctuation", () => {
    let h = emptyHistory(1, "verdict-gate");
    h = run(h, 10, sha(1), no("Missing test for parser")).history;
    h = run(h, 10, sha(2), no("missing test for parser.", "new issue")).history;
    // Stored once: the second round refers to the first round's text.
    expect(h.reasons.map((r) => [r.text, r.round])).toEqual([
      ["Missing test for parser", 1],
      ["new issue", 2],
    ]);
    expect(repeats(h, h.rounds[1] as RoundRecord).map(({ reason, from }) => ({ reason, from }))).toEqual([
      { reason: "Missing test for parser", from: 1 },
      { reason: "new issue", from: undefined },
    ]);
    expect(normaliseReason("  Missing   TEST, for parser. ")).toBe(
      normaliseReason("missing test for parser"),
    );
  });
});

describe("a reason's normal form", () => {
  // The definition normaliseReason implements (it takes a faster path for ASCII text). Reason ids
  // hash the normal form, so a history written by any release must get the same ids from this one.
  const reference = (reason: string) =>
    reason
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[—–]/g, "-")
      .replace(/['’]/g, "")
      .replace(/[^\p{L}\p{N}/._:\- ]+/gu, " ")
      .replace(/[._:-]+(?=\s|$)/g, "")
      .replace(/\s+/g, " ")
      .trim();

  it("is the reference's for any text, ASCII or not", () => {
    // Every ASCII character, the Latin-1 letters and numbers next to them (ª º ² ¹ ¼), characters
    // that NFKC or lower-casing turn into ASCII (K as the Kelvin sign, ﬁ, full-width letters, İ),
    // dashes, quotes and line separators, and anything at all.
    const near = fc.constantFrom(
      ..."ªº²³¹¼½µßÀÿ\u212a\ufb01\uff21\uff41\u0130\u2014\u2013\u2019\u00a0\u2028\u3000\u0301",
    );
    const text = fc.oneof(
      fc.string({
        unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
        maxLength: 80,
      }),
      fc.string({
        unit: fc.oneof(
          fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
          near,
        ),
        maxLength: 80,
      }),
      fc.string({ unit: "binary", maxLength: 80 }),
      fc.string({ unit: "grapheme", maxLength: 40 }),
    );
    fc.assert(
      fc.property(text, (t) => {
        expect(normaliseReason(t)).toBe(reference(t));
      }),
      { numRuns: 2_000 },
    );
    for (const t of ["A.B", "note: Fixed.", "\u212a\u212a", "ﬁle.ts:3 — x", "Ａｂ", "İ", "a\u0000b", "x²"])
      expect(normaliseReason(t)).toBe(reference(t));
  });
});

// Any sequence of outcomes, heads and decisions: the chain audits clean, the bound holds, and the gate
// never decides blocked or approve once the loop is terminal.
const step = fc.record({
  newHead: fc.boolean(),
  outcome: fc.constantFrom<Result>(
    yes(),
    no("reason a"),
    no("reason b", "src/x.ts:3 — add a guard"),
    no("src/x.ts:3 — remove the guard"),
    maybe("reviewer unreachable"),
    iff("check ci"),
  ),
  person: fc.option(fc.constantFrom("alice", "bob"), { freq: 8 }),
});

describe("properties of the loop", () => {
  it("audits clean and respects the bound for any sequence", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(step, { maxLength: 30 }), (maxRounds, steps) => {
        let h = emptyHistory(9, "verdict-gate");
        let head = 1;
        let evaluations = 0;
        for (const s of steps) {
          if (s.newHead) head += 1;
          if (s.person === null && terminalNeed(h, maxRounds) !== undefined) continue;
          const r = run(h, maxRounds, sha(head), s.outcome, s.person ?? undefined);
          if (s.person === null) evaluations += 1;
          h = r.history;
        }
        const report = audit(h);
        expect(report.errors).toEqual([]);
        const gateBlocked = new Set(
          h.rounds.filter((r) => r.status === "blocked" && !r.decidedBy).map((r) => r.head),
        );
        expect(gateBlocked.size).toBeLessThanOrEqual(maxRounds);
        for (const r of h.rounds) expect(r.receipt.after.rank).toBeGreaterThanOrEqual(0);
        expect(evaluations).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });

  it("detects any edit to any recorded round", () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.constantFrom("status", "reason", "head", "drop", "swap", "rank"),
        (steps, pick, edit) => {
          let h = emptyHistory(9, "verdict-gate");
          let head = 1;
          for (const s of steps) {
            if (s.newHead) head += 1;
            h = run(h, 3, sha(head), s.outcome, s.person ?? undefined).history;
          }
          const rounds = structuredClone(h.rounds);
          const i = pick % rounds.length;
          const target = rounds[i];
          if (target === undefined) return;
          if (edit === "status") target.status = target.status === "approve" ? "blocked" : "approve";
          if (edit === "reason") target.reasonIds = [...target.reasonIds, reasonId("forged reason")];
          if (edit === "head") target.head = sha(999);
          if (edit === "rank") target.receipt.after.rank += 1;
          if (edit === "drop") {
            if (rounds.length < 2) return;
            rounds.splice(i === rounds.length - 1 ? i - 1 : i, 1);
          }
          if (edit === "swap") {
            if (rounds.length < 2) return;
            const j = (i + 1) % rounds.length;
            [rounds[i], rounds[j]] = [rounds[j] as (typeof rounds)[number], target];
          }
          expect(audit({ ...h, rounds }).valid).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("hashes are stable under key order", () => {
    let h = emptyHistory(9, "verdict-gate");
    h = run(h, 3, sha(1), no("x")).history;
    const r = h.rounds[0];
    if (r === undefined) throw new Error("no round");
    const reordered = Object.fromEntries(Object.entries(r).reverse()) as typeof r;
    expect(recordHash(reordered)).toBe(r.receipt.hash);
  });
});

describe("re-evaluations", () => {
  it("keeps a block a block when the head that spent the last unit is evaluated again", () => {
    let h = emptyHistory(7, "verdict-gate");
    h = run(h, 1, sha(1), no("bug")).history;
    const again = run(h, 1, sha(1), no("bug"));
    expect(again.status).toBe("blocked");
    expect(again.exhausted).toBe(false);
    expect(again.record.receipt.after.blockedRounds).toBe(1);
    expect(audit(again.history).errors).toEqual([]);
    // A new head with no budget left is the exhausting try.
    const next = run(again.history, 1, sha(2), no("bug two"));
    expect(next.exhausted).toBe(true);
  });

  it("does not record a re-evaluation that changes nothing", () => {
    let h = emptyHistory(7, "verdict-gate");
    const first = run(h, 3, sha(1), iff("check ci"));
    h = first.history;
    const same = concludeRound({
      history: h,
      maxRounds: 3,
      head: sha(1),
      at: "2026-11-30T01:00:00Z",
      outcome: iff("check ci"),
    });
    expect(repeatsLast(h, same.record)).toBe(true);
    const changed = concludeRound({
      history: h,
      maxRounds: 3,
      head: sha(1),
      at: "2026-11-30T01:00:00Z",
      outcome: yes(),
    });
    expect(repeatsLast(h, changed.record)).toBe(false);
  });

  it("records a round that spent anything, though it says nothing new: the totals must add up", () => {
    let h = emptyHistory(7, "verdict-gate");
    h = run(h, 3, sha(1), iff("check ci")).history;
    const asked = (usage: { in: number; out: number; unreported: number; usd?: number }) =>
      concludeRound({
        history: h,
        maxRounds: 3,
        head: sha(1),
        at: "2026-11-30T01:00:00Z",
        outcome: iff("check ci"),
        usage,
      });
    expect(repeatsLast(h, asked({ in: 0, out: 0, unreported: 0 }).record)).toBe(true);
    expect(repeatsLast(h, asked({ in: 1_200, out: 80, unreported: 0 }).record)).toBe(false);
    expect(repeatsLast(h, asked({ in: 0, out: 0, unreported: 1 }).record)).toBe(false);
    const priced = asked({ in: 1_200, out: 80, unreported: 0, usd: 0.0032 });
    expect(priced.record.tokens).toMatchObject({ usd: 0.0032, totalUsd: 0.0032, totalIn: 1_200 });
    expect(costSoFar(append(h, priced))).toBe(0.0032);
    // A round that asked nobody carries the total on.
    const next = concludeRound({
      history: append(h, priced),
      maxRounds: 3,
      head: sha(2),
      at: "2026-11-30T02:00:00Z",
      outcome: yes(),
    });
    expect(next.record.tokens).toMatchObject({ usd: 0, totalUsd: 0.0032 });
  });

  it("lists each earlier reason once, with the round that first gave it", () => {
    let h = emptyHistory(7, "verdict-gate");
    h = run(h, 5, sha(1), no("missing test")).history;
    h = run(h, 5, sha(2), no("Missing test.", "unsafe cast")).history;
    const listed = earlierReasons(h, sha(3));
    expect(listed).toEqual([
      { round: 1, reason: "missing test" },
      { round: 2, reason: "unsafe cast" },
    ]);
    expect(earlierReasons(h, sha(2)).map((r) => r.reason)).toEqual(["missing test"]);
  });
});
