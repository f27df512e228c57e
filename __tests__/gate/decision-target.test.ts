// The one rule for where a decision lands (src/gate/decision-target.ts): on the round its author read.
// The attack it answers (issue 22, item 2): H1 is held; the author pushes H2; the maintainer, still
// reading H1, comments `/verdict approve` at 10:06:00; H2's round runs at 10:06:30 and blocks; the
// comment's run, queued behind it, found H2 judged and recorded the approve on H2.
import { describe, expect, it } from "vitest";
import { decisionTargetRefusal } from "../../src/gate/decision-target.js";
import { maybe, no, type Result } from "../../src/verdict/four-values.js";
import { append, type Binding, emptyHistory, type History } from "../../src/verdict/history.js";
import { concludeRound } from "../../src/verdict/loop-rules.js";

const H1 = "1".repeat(40);
const H2 = "2".repeat(40);
const BASE = "b".repeat(40);
const binding = (base = BASE): Binding => ({ base, contract: "c".repeat(64), settings: "d".repeat(64) });
const NOW: Binding = { base: BASE, contract: "unread", settings: "e".repeat(64) };
const ASK = { again: "comment again", rejudge: "comment `/verdict review`" };

function round(history: History, head: string, at: string, outcome: Result, base = BASE): History {
  const c = concludeRound({ history, maxRounds: 10, head, at, outcome, binding: binding(base) });
  return append(history, c);
}

/** H1 held at 10:00, H2 blocked at 10:06:30 (the attack's timeline). */
function attack(): History {
  const held = round(emptyHistory(7, "verdict-gate"), H1, "2026-03-02T10:00:00.000Z", maybe("no verdict"));
  return round(held, H2, "2026-03-02T10:06:30.412Z", no("src/a.ts:1 — a bug"));
}

const pr = (headSha: string) => ({ number: 7, headSha });

describe("a decision lands only on the round its author read", () => {
  it("refuses the attack: written at 10:06:00, before H2's round, it is not about H2", () => {
    const why = decisionTargetRefusal(attack(), pr(H2), NOW, ASK, "2026-03-02T10:06:00Z");
    expect(why).toMatch(
      /^round 2 judged 222222222222 at 2026-03-02T10:06:30\.412Z, after the decision was written \(2026-03-02T10:06:00Z, when the gate's latest round was round 1, on 111111111111: the head has moved since\); a decision applies only to the round its author read\. Nothing was decided: read round 2 on 222222222222, then comment again\.$/,
    );
  });

  it("lets a decision written after the newest round land", () => {
    expect(decisionTargetRefusal(attack(), pr(H2), NOW, ASK, "2026-03-02T10:07:00Z")).toBeUndefined();
  });

  it("refuses one written before a newer round on the same commit (a re-review can change the answer)", () => {
    const again = round(attack(), H2, "2026-03-02T10:08:00.000Z", maybe("cut off"));
    expect(decisionTargetRefusal(again, pr(H2), NOW, ASK, "2026-03-02T10:07:00Z")).toMatch(
      /^round 3 judged 222222222222 .*when the gate's latest round was round 2, on 222222222222\); a decision applies only to the round its author read/,
    );
  });

  it("refuses one written in the very second the round was recorded (GitHub's clock has whole seconds)", () => {
    expect(decisionTargetRefusal(attack(), pr(H2), NOW, ASK, "2026-03-02T10:06:30Z")).toMatch(
      /after the decision was written/,
    );
  });

  it("refuses one written before any round, and one whose time does not read", () => {
    expect(decisionTargetRefusal(attack(), pr(H2), NOW, ASK, "2026-03-02T09:00:00Z")).toMatch(
      /when the gate had recorded no round it keeps/,
    );
    expect(decisionTargetRefusal(attack(), pr(H2), NOW, ASK, "yesterday")).toMatch(
      /after the decision was written/,
    );
  });

  it("without a time (a dispatch), asks for the last judged head and base only", () => {
    expect(decisionTargetRefusal(attack(), pr(H2), NOW, ASK)).toBeUndefined();
  });

  it("refuses a head the gate has not judged, naming the commit to wait for", () => {
    expect(decisionTargetRefusal(attack(), pr("3".repeat(40)), NOW, ASK)).toMatch(
      /^pull request #7 is at 333333333333 and the gate last judged 222222222222; a decision applies only to the commit the gate last judged\. Nothing was decided: wait for the gate's round on 333333333333, read it, then comment again\.$/,
    );
    expect(decisionTargetRefusal(emptyHistory(7, "verdict-gate"), pr(H1), NOW, ASK)).toMatch(
      /the gate has recorded no round yet/,
    );
  });

  it("refuses a base that moved since the round, saying how to have it judged again", () => {
    expect(decisionTargetRefusal(attack(), pr(H2), { ...NOW, base: "f".repeat(40) }, ASK)).toMatch(
      /^pull request #7 is not on what round 2 judged: the base moved from bbbbbbbbbbbb to ffffffffffff .*Nothing was decided: comment `\/verdict review`, read that round, then comment again\.$/,
    );
  });
});
