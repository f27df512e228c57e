// Which earlier reasons a dismissal spares the next round's reviewer (src/gate/dismissals.ts
// earlierUnderDismissals): only those whose dismissal is in force on this round's diff and head, by the
// one rule that decides what a dismissal clears (its id: the finding's key with the text of its lines,
// or the head they were not shown on). The attacks first: every way a dismissal lapses must leave the
// earlier reason to be answered. The end-to-end behaviour is in __tests__/e2e/dismiss.test.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import type { DiffFile } from "../../src/diff/types.js";
import { earlierUnderDismissals, inForce, keyedFindings } from "../../src/gate/dismissals.js";
import { describeFinding, parseFindings } from "../../src/verdict/findings.js";
import { no, yes } from "../../src/verdict/four-values.js";
import {
  append,
  earlierReasons,
  emptyHistory,
  FINDING_TEXT_BYTES,
  type History,
  type StoredDismissal,
} from "../../src/verdict/history.js";
import { concludeRound } from "../../src/verdict/loop-rules.js";
import { capText } from "../../src/verdict/stored-text.js";

const CHECK = "verdict-gate";
const HEAD_A = "a".repeat(40);
const HEAD_B = "b".repeat(40);

/** A diff that adds src/a.ts with these lines. */
function added(lines: readonly string[]): readonly DiffFile[] {
  const body = lines.map((l) => `+${l}`).join("\n");
  return parseUnifiedDiff(
    `diff --git a/src/a.ts b/src/a.ts\nnew file mode 100644\n--- /dev/null\n+++ b/src/a.ts\n@@ -0,0 +1,${lines.length} @@\n${body}\n`,
  ).files;
}

const LINES = ["const a = 1;", "log(token);", "export { a };"];
const FILES_A = added(LINES);

function round(history: History, head: string, reasons: readonly string[], dismissal?: StoredDismissal) {
  const outcome = reasons.length > 0 ? no(reasons[0] as string, ...reasons.slice(1)) : yes();
  const sealed = concludeRound({
    history,
    maxRounds: 10,
    head,
    at: "2025-01-01T00:00:00Z",
    outcome,
    ...(dismissal !== undefined ? { dismissal } : {}),
  });
  return append(history, sealed);
}

/** The dismissal of one finding line, as the round that blocked on it at `head` over `files` keyed it
 * (round.ts dismissTarget: its stored key and id, its text as the history keeps it). */
function dismissalOf(line: string, files: readonly DiffFile[], head: string): StoredDismissal {
  const [finding] = parseFindings(`BLOCKING: ${line}`);
  const [keyed] = finding === undefined ? [] : keyedFindings(CHECK, [finding], files, head);
  if (finding === undefined || keyed === undefined) throw new Error(`no finding in ${line}`);
  return {
    key: keyed.key,
    id: keyed.id,
    text: capText(describeFinding(finding), FINDING_TEXT_BYTES),
    by: "maintainer-mo",
    reason: "validated upstream",
  };
}

/** Round 1 blocks on `reasons` at head A; round 2 concludes `dismissals` there (one round each). */
function dismissedAtA(reasons: readonly string[], dismissals: readonly StoredDismissal[]): History {
  let history = round(emptyHistory(7, CHECK), HEAD_A, reasons);
  for (const d of dismissals) history = round(history, HEAD_A, [], d);
  return history;
}

function atB(history: History, files: readonly DiffFile[]) {
  const out = earlierUnderDismissals({
    earlier: earlierReasons(history, HEAD_B),
    history,
    checkName: CHECK,
    files,
    head: HEAD_B,
  });
  return { asked: out.earlier.map((e) => e.reason), shown: out.dismissed.map((d) => d.text) };
}

const FINDING = "src/a.ts:2 — the token is logged";

describe("a lapsed dismissal leaves its earlier reason to be answered", () => {
  it("asks about it again once its lines change, and does not show it as dismissed", () => {
    const history = dismissedAtA([FINDING], [dismissalOf(FINDING, FILES_A, HEAD_A)]);
    expect(atB(history, added(["const a = 1;", "log(token, secret);", "export { a };"]))).toEqual({
      asked: [FINDING],
      shown: [],
    });
  });

  it("asks about it again when its lines only moved (the safe side: unknown is not in force)", () => {
    const history = dismissedAtA([FINDING], [dismissalOf(FINDING, FILES_A, HEAD_A)]);
    expect(atB(history, added(["// header", ...LINES])).asked).toEqual([FINDING]);
  });

  it("asks about one whose lines the diff did not show on another head: it was known only on its own", () => {
    const far = "src/a.ts:40 — the token is logged further down";
    const history = dismissedAtA([far], [dismissalOf(far, FILES_A, HEAD_A)]);
    expect(atB(history, FILES_A)).toEqual({ asked: [far], shown: [] });
  });

  it("asks about one whose file left the diff", () => {
    const history = dismissedAtA([FINDING], [dismissalOf(FINDING, FILES_A, HEAD_A)]);
    expect(atB(history, []).asked).toEqual([FINDING]);
  });

  it("tells apart two findings whose texts share the bytes a dismissal keeps: only the dismissed one is spared", () => {
    const long = `src/a.ts:2 — ${"the token reaches the log through the formatter ".repeat(3)}`;
    const one = `${long}when debug is on`;
    const other = `${long}when tracing is on`;
    expect(capText(one, FINDING_TEXT_BYTES)).toBe(capText(other, FINDING_TEXT_BYTES));
    const history = dismissedAtA([one, other], [dismissalOf(one, FILES_A, HEAD_A)]);
    const seen = atB(history, FILES_A);
    expect(seen.asked).toEqual([other]);
    expect(seen.shown).toHaveLength(1);
  });

  it("never spares a reason for a dismissal whose id does not match, whatever the texts", () => {
    const lineArb = fc.constantFrom(...LINES, "changed();", "");
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            line: fc.integer({ min: 1, max: 5 }),
            reason: fc.string({ minLength: 1, maxLength: 160 }).filter((s) => !/[\r\n]/.test(s)),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.array(lineArb, { minLength: 0, maxLength: 5 }),
        fc.stringMatching(/^[0-9a-f]{32}$/),
        (found, now, forged) => {
          const reasons = found.map((f) => `src/a.ts:${f.line} — ${f.reason}`);
          const real = reasons.map((r) => dismissalOf(r, FILES_A, HEAD_A));
          // The same texts, under ids no finding has: dismissals that are in force nowhere.
          const lapsed = real.map((d) => ({ ...d, id: forged }));
          const files = added(now);
          fc.pre(!real.some((d) => d.id === forged));
          const seen = atB(dismissedAtA(reasons, lapsed), files);
          expect(seen.shown).toEqual([]);
          expect(seen.asked).toEqual(earlierReasons(dismissedAtA(reasons, []), HEAD_B).map((e) => e.reason));
          // With the real ids, a reason spared is one whose dismissal is in force on the new diff.
          const kept = atB(dismissedAtA(reasons, real), files);
          for (const r of reasons)
            if (!kept.asked.includes(r)) {
              const [now] = keyedFindings(CHECK, parseFindings(`BLOCKING: ${r}`), files, HEAD_B);
              expect(now !== undefined && real.some((d) => inForce(d, [now]))).toBe(true);
            }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("a dismissal in force", () => {
  it("spares the reviewer its earlier reason on unchanged lines, and is shown as dismissed", () => {
    const history = dismissedAtA([FINDING], [dismissalOf(FINDING, FILES_A, HEAD_A)]);
    expect(atB(history, added([...LINES, "export const b = 2;"]))).toEqual({
      asked: [],
      shown: [FINDING],
    });
  });

  it("spares only its own reason", () => {
    const other = "src/a.ts:1 — a is never read";
    const history = dismissedAtA([FINDING, other], [dismissalOf(FINDING, FILES_A, HEAD_A)]);
    expect(atB(history, FILES_A)).toEqual({ asked: [other], shown: [FINDING] });
  });
});
