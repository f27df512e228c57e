// The attacker's corpus (attacks.ts): every reply there was written to be misread as an approve.
import { describe, expect, it } from "vitest";
import { APPROVE, findVerdict, readVerdict } from "../../src/verdict/reply-contract.js";
import { ATTACKS } from "./attacks.js";

describe("the attacker's corpus", () => {
  it("holds at least a hundred replies", () => {
    expect(ATTACKS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(ATTACKS.map((a) => [a.note, a] as const))("%s", (_note, attack) => {
    const options = { roundToken: attack.roundToken };
    const verdict = findVerdict(attack.reply, options);
    expect(verdict).not.toBe(APPROVE);
    expect(verdict).toBe(attack.expected);
  });

  it("explains every reading in words, so a hold says what went wrong", () => {
    for (const attack of ATTACKS) {
      expect(readVerdict(attack.reply, { roundToken: attack.roundToken }).why.length).toBeGreaterThan(10);
    }
  });
});
