// The four values as a lattice (fast-check): how parts combine into a round's one status. If any of
// these failed, a round could approve with a failing part, or lose the reason it was held.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  combine,
  conclusionOf,
  dominant,
  EXIT,
  exitCodeOf,
  headline,
  IFF,
  iff,
  MAYBE,
  maybe,
  NO,
  no,
  type Result,
  rank,
  STATUSES,
  statusOf,
  VALUES,
  valueOfStatus,
  YES,
  yes,
} from "../../src/verdict/four-values.js";
import { RUNS, resultArb, textArb } from "./result-arbitrary.js";

const nonYesArb = resultArb.filter((r) => r.value !== YES);

const sorted = (xs: readonly string[]) => [...xs].sort();
/** Equal as a value and as multisets of reasons, needed and dependencies. */
function sameUpToOrder(a: Result, b: Result): void {
  expect(a.value).toBe(b.value);
  expect(sorted(a.reasons)).toEqual(sorted(b.reasons));
  expect(sorted(a.needed)).toEqual(sorted(b.needed));
  expect(sorted(a.dependencies)).toEqual(sorted(b.dependencies));
}

describe("combine", () => {
  it("is commutative, on the value and on every reason", () => {
    fc.assert(
      fc.property(resultArb, resultArb, (a, b) => sameUpToOrder(combine(a, b), combine(b, a))),
      RUNS,
    );
  });

  it("is associative, keeping every reason in order", () => {
    fc.assert(
      fc.property(resultArb, resultArb, resultArb, (a, b, c) => {
        expect(combine(combine(a, b), c)).toEqual(combine(a, combine(b, c)));
        expect(combine(a, b, c)).toEqual(combine(combine(a, b), c));
      }),
      RUNS,
    );
  });

  it("has YES as its identity, and no parts at all is YES", () => {
    fc.assert(
      fc.property(resultArb, (a) => {
        expect(combine(a, yes())).toEqual(a);
        expect(combine(yes(), a)).toEqual(a);
        expect(combine(a)).toEqual(a);
      }),
      RUNS,
    );
    expect(combine().value).toBe(YES);
  });

  it("lets NO absorb everything", () => {
    fc.assert(
      fc.property(fc.array(resultArb, { maxLength: 5 }), textArb, (parts, reason) => {
        expect(combine(...parts, no(reason)).value).toBe(NO);
        expect(combine(no(reason), ...parts).value).toBe(NO);
      }),
      RUNS,
    );
  });

  it("is never YES when any part is not YES", () => {
    fc.assert(
      fc.property(fc.array(resultArb, { maxLength: 5 }), nonYesArb, fc.nat(), (parts, bad, at) => {
        const i = at % (parts.length + 1);
        expect(combine(...parts.slice(0, i), bad, ...parts.slice(i)).value).not.toBe(YES);
      }),
      RUNS,
    );
  });

  it("takes the strongest value, NO > MAYBE > IFF > YES, and loses no reason", () => {
    fc.assert(
      fc.property(fc.array(resultArb, { maxLength: 6 }), (parts) => {
        const combined = combine(...parts);
        const strongest = parts.reduce((v, p) => dominant(v, p.value), YES as Result["value"]);
        expect(combined.value).toBe(strongest);
        expect(rank(combined.value)).toBe(Math.max(0, ...parts.map((p) => rank(p.value))));
        expect(combined.reasons).toEqual(parts.flatMap((p) => p.reasons));
        expect(combined.needed).toEqual(parts.flatMap((p) => p.needed));
        expect(combined.dependencies).toEqual(parts.flatMap((p) => p.dependencies));
      }),
      RUNS,
    );
  });

  it("returns frozen results whose lists cannot be edited afterwards", () => {
    fc.assert(
      fc.property(fc.array(resultArb, { maxLength: 4 }), (parts) => {
        const r = combine(...parts);
        expect(Object.isFrozen(r)).toBe(true);
        expect(
          Object.isFrozen(r.reasons) && Object.isFrozen(r.needed) && Object.isFrozen(r.dependencies),
        ).toBe(true);
      }),
    );
  });
});

describe("constructors", () => {
  it.each([
    ["no", no],
    ["maybe", maybe],
    ["iff", iff],
  ] as const)(
    "%s rejects an empty or blank reason: an anonymous result is one nobody can act on",
    (_name, make) => {
      for (const bad of ["", " ", "\t\n", "\u00a0", "\ufeff"]) expect(() => make(bad)).toThrow(TypeError);
      expect(() => make("fine", "")).toThrow(TypeError);
      expect(() => make(undefined as unknown as string)).toThrow(TypeError);
      expect(() => make(42 as unknown as string)).toThrow(TypeError);
    },
  );

  it("accept any text with something visible to trim() in it", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 10 }), (s) => {
        if (s.trim() === "") expect(() => no(s)).toThrow(TypeError);
        else expect(no(s).reasons).toEqual([s]);
      }),
      RUNS,
    );
  });

  it("put each kind of text where it belongs", () => {
    expect(no("r")).toMatchObject({ value: NO, reasons: ["r"], needed: [], dependencies: [] });
    expect(maybe("n")).toMatchObject({ value: MAYBE, reasons: [], needed: ["n"], dependencies: [] });
    expect(iff("d")).toMatchObject({ value: IFF, reasons: [], needed: [], dependencies: ["d"] });
    expect(yes()).toMatchObject({ value: YES, reasons: [], needed: [], dependencies: [] });
  });
});

describe("statuses", () => {
  it("map one to one onto the values", () => {
    for (const v of VALUES) expect(valueOfStatus(statusOf(v))).toBe(v);
    expect(new Set(VALUES.map(statusOf))).toEqual(new Set(STATUSES));
  });

  it("only approve passes: no conclusion is neutral or skipped, and only approve exits 0", () => {
    for (const s of STATUSES) {
      expect(["neutral", "skipped"]).not.toContain(conclusionOf(s));
      if (s !== "approve") {
        expect(conclusionOf(s)).not.toBe("success");
        expect(exitCodeOf(s)).not.toBe(EXIT.approve);
      }
    }
    expect(conclusionOf("approve")).toBe("success");
    expect(exitCodeOf("approve")).toBe(0);
  });

  it("headlines name the first reason of a non-YES result", () => {
    fc.assert(
      fc.property(nonYesArb, (r) => {
        const first = r.reasons[0] ?? r.needed[0] ?? r.dependencies[0];
        expect(headline(r)).toBe(`${statusOf(r.value)}: ${first}`);
      }),
    );
    expect(headline(yes())).toBe("approve");
  });
});
