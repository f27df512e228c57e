// The one rule for which round a person's act applies to (src/gate/decision-target.ts): the round its
// author read, which is the latest round, on the current head and base, published — the history
// comment written, by GitHub's clock — before the act was asked. The attacks it answers: a comment or
// dispatch queued behind a push's round (issue 22, item 2; issue 31, items 1 and 3), and one written
// while a concluded round's history write was held back (issue 31, item 4).
import { describe, expect, it } from "vitest";
import { actTargetRefusal } from "../../src/gate/decision-target.js";
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

/** H1 held at 10:00, H2 blocked at 10:06:30 and published (its history comment written) at 10:06:31. */
function attack(): History {
  const held = round(emptyHistory(7, "verdict-gate"), H1, "2026-03-02T10:00:00.000Z", maybe("no verdict"));
  return round(held, H2, "2026-03-02T10:06:30.412Z", no("src/a.ts:1 — a bug"));
}
const PUBLISHED = "2026-03-02T10:06:31Z";

const pr = (headSha: string) => ({ number: 7, headSha });
const decision = (askedAt: string) => ({ kind: "decide" as const, askedAt });

describe("an act lands only on the round its author read", () => {
  it("refuses the attack: asked at 10:06:00, before H2's round was published, it is not about H2", () => {
    const why = actTargetRefusal(attack(), PUBLISHED, pr(H2), NOW, ASK, decision("2026-03-02T10:06:00Z"));
    expect(why).toMatch(
      /^round 2 judged 222222222222 at 2026-03-02T10:06:30\.412Z and was published at 2026-03-02T10:06:31Z, after the decision was asked \(2026-03-02T10:06:00Z\): its author read round 1 on 111111111111 at the latest: the head has moved since; a decision applies only to the round its author read\. Nothing was decided: read round 2 on 222222222222, then comment again\.$/,
    );
  });

  it("lets an act asked after the newest round was published land", () => {
    expect(
      actTargetRefusal(attack(), PUBLISHED, pr(H2), NOW, ASK, decision("2026-03-02T10:07:00Z")),
    ).toBeUndefined();
  });

  it("refuses one asked after the round concluded but before it was published (a held-back write)", () => {
    // Concluded at 10:06:30; its history comment written only at 10:09:00, after a rate limit.
    expect(
      actTargetRefusal(attack(), "2026-03-02T10:09:00Z", pr(H2), NOW, ASK, decision("2026-03-02T10:07:00Z")),
    ).toMatch(/was published at 2026-03-02T10:09:00Z, after the decision was asked \(2026-03-02T10:07:00Z\)/);
  });

  it("refuses one asked before a newer round on the same commit was published (a re-review can change the answer)", () => {
    const again = round(attack(), H2, "2026-03-02T10:08:00.000Z", maybe("cut off"));
    expect(
      actTargetRefusal(again, "2026-03-02T10:08:01Z", pr(H2), NOW, ASK, decision("2026-03-02T10:07:00Z")),
    ).toMatch(
      /^round 3 judged 222222222222 .*: its author read round 2 on 222222222222 at the latest; a decision applies only to the round its author read/,
    );
  });

  it("refuses one asked in the very second the round was published (GitHub's clock has whole seconds)", () => {
    expect(actTargetRefusal(attack(), PUBLISHED, pr(H2), NOW, ASK, decision(PUBLISHED))).toMatch(
      /after the decision was asked/,
    );
  });

  it("refuses when GitHub does not say when the history was written, or the act's time does not read", () => {
    expect(actTargetRefusal(attack(), undefined, pr(H2), NOW, ASK, decision("2026-03-02T11:00:00Z"))).toMatch(
      /and GitHub does not say when it was published, after the decision was asked/,
    );
    expect(actTargetRefusal(attack(), PUBLISHED, pr(H2), NOW, ASK, decision("yesterday"))).toMatch(
      /after the decision was asked/,
    );
  });

  it("words a forced answer as one", () => {
    expect(
      actTargetRefusal(attack(), PUBLISHED, pr(H2), NOW, ASK, {
        kind: "force",
        askedAt: "2026-03-02T10:06:00Z",
      }),
    ).toMatch(
      /after the forced answer was asked .*a forced answer applies only to the round its author read\. Nothing was asked:/,
    );
  });

  it("refuses a head the gate has not judged, naming the commit to wait for", () => {
    const later = decision("2026-03-02T11:00:00Z");
    expect(actTargetRefusal(attack(), PUBLISHED, pr("3".repeat(40)), NOW, ASK, later)).toMatch(
      /^pull request #7 is at 333333333333 and the gate last judged 222222222222; a decision applies only to the commit the gate last judged\. Nothing was decided: wait for the gate's round on 333333333333, read it, then comment again\.$/,
    );
    expect(actTargetRefusal(emptyHistory(7, "verdict-gate"), undefined, pr(H1), NOW, ASK, later)).toMatch(
      /the gate has recorded no round yet/,
    );
  });

  it("refuses a base that moved since the round, saying how to have it judged again", () => {
    const later = decision("2026-03-02T11:00:00Z");
    expect(
      actTargetRefusal(attack(), PUBLISHED, pr(H2), { ...NOW, base: "f".repeat(40) }, ASK, later),
    ).toMatch(
      /^pull request #7 is not on what round 2 judged: the base moved from bbbbbbbbbbbb to ffffffffffff .*Nothing was decided: comment `\/verdict review`, read that round, then comment again\.$/,
    );
  });
});
