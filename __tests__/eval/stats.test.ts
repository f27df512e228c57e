// The report's statistics in closed form: the Wilson interval against its formula written out anew
// and against values worked by hand, and the exact McNemar p-value against binomial tails counted by
// hand (b + c coin flips, two-sided).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mcnemarExact, rateOf, wilson, Z95 } from "../../src/eval/stats.js";

/** The Wilson score interval, as the textbooks write it. */
function closedForm(k: number, n: number): [number, number] {
  const p = k / n;
  const z = 1.959963984540054;
  const denominator = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [centre - half, centre + half];
}

describe("the Wilson interval", () => {
  it("is the closed form, for every count of every n up to 500", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 500 })
          .chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n))),
        ([k, n]) => {
          const { low, high } = wilson(k, n);
          const [lo, hi] = closedForm(k, n);
          expect(low).toBeCloseTo(Math.max(0, lo), 12);
          expect(high).toBeCloseTo(Math.min(1, hi), 12);
          expect(low).toBeLessThanOrEqual(k / n);
          expect(high).toBeGreaterThanOrEqual(k / n);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("allows up to about 11 % after 0 of 30, as docs/eval.md says: z²/(n + z²)", () => {
    const { low, high } = wilson(0, 30);
    expect(low).toBe(0);
    expect(high).toBeCloseTo((Z95 * Z95) / (30 + Z95 * Z95), 15);
    expect(high).toBeCloseTo(0.1135, 4);
    expect(wilson(30, 30)).toEqual({ low: 1 - high, high: 1 });
  });

  it("gives the values worked by hand for 1 of 7 and 5 of 10", () => {
    // 1/7: p = 0.142857, z² = 3.841459; centre (0.142857 + 0.274390) / 1.548780 = 0.269404,
    // half-width 1.959964 × sqrt(0.017493 + 0.019600) / 1.548780 = 0.243747.
    expect(wilson(1, 7).low).toBeCloseTo(0.02566, 4);
    expect(wilson(1, 7).high).toBeCloseTo(0.51315, 4);
    expect(wilson(5, 10).low).toBeCloseTo(0.23659, 4);
    expect(wilson(5, 10).high).toBeCloseTo(0.76341, 4);
  });

  it("says nothing of an empty class: a rate of 0 of 0 is null, not 0 %", () => {
    expect(rateOf(0, 0)).toEqual({ count: 0, n: 0, rate: null, low: null, high: null });
    expect(() => wilson(3, 2)).toThrow(RangeError);
  });
});

describe("the exact McNemar test", () => {
  it.each([
    // b, c, and the two-sided tail 2·Σ_{i ≤ min(b,c)} C(b+c, i) / 2^(b+c), capped at 1.
    [0, 0, 1],
    [0, 1, 1],
    [0, 5, 2 / 32],
    [0, 6, 2 / 64],
    [1, 5, (2 * (1 + 6)) / 64],
    [5, 1, (2 * (1 + 6)) / 64],
    [0, 3, 2 / 8],
    [3, 3, 1],
    [2, 10, (2 * (1 + 12 + 66)) / 4096],
    [4, 16, (2 * (1 + 20 + 190 + 1140 + 4845)) / 1048576],
  ])("b = %i, c = %i: p = %f", (b, c, p) => {
    expect(mcnemarExact(b, c)).toBeCloseTo(p, 12);
  });

  it("stays exact past the point where 2^-n underflows, and is symmetric in b and c", () => {
    const p = mcnemarExact(600, 700);
    // Counted exactly with big integers (Python's math.comb and fractions): 0.0060157938610449525.
    expect(p).toBeCloseTo(0.0060157938610449525, 12);
    expect(mcnemarExact(700, 600)).toBe(p);
    expect(mcnemarExact(1000, 1000)).toBe(1);
    expect(() => mcnemarExact(-1, 2)).toThrow(RangeError);
  });
});
