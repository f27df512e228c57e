// The statistics an eval report states, each in closed form so a reader can check it by hand:
// - a rate with its 95 % Wilson score interval. Wilson, not the normal approximation: with 30 cases and
//   no error the normal interval is [0, 0], which claims a certainty 30 cases cannot give; Wilson's
//   upper bound is then z²/(n + z²) ≈ 11 %.
// - the exact McNemar test for two configurations on the same cases: only the discordant pairs count
//   (b: correct under A only, c: under B only), and under "no difference" each is a fair coin, so the
//   two-sided p-value is 2·P(X ≤ min(b, c)) for X ~ Binomial(b + c, ½), at most 1. Exact, not the
//   chi-squared approximation, which is wrong for the handful of discordant pairs a small set has.
// Pure.

/** The standard normal quantile for a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

export interface Rate {
  readonly count: number;
  readonly n: number;
  /** count / n; null when n is 0 (no case to measure). */
  readonly rate: number | null;
  /** The 95 % Wilson interval; null when n is 0. */
  readonly low: number | null;
  readonly high: number | null;
}

/** The Wilson score interval of `count` successes in `n` trials. */
export function wilson(count: number, n: number, z = Z95): { low: number; high: number } {
  if (!Number.isInteger(count) || !Number.isInteger(n) || n <= 0 || count < 0 || count > n) {
    throw new RangeError(`a Wilson interval needs 0 ≤ count ≤ n and n > 0, not ${count} of ${n}`);
  }
  const p = count / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const scale = 1 + z2 / n;
  // Clamped: at count 0 (or n) the bound is 0 (or 1) exactly, which rounding can miss by an ulp.
  return {
    low: count === 0 ? 0 : Math.max(0, (centre - spread) / scale),
    high: count === n ? 1 : Math.min(1, (centre + spread) / scale),
  };
}

export function rateOf(count: number, n: number): Rate {
  if (n === 0) return { count, n, rate: null, low: null, high: null };
  const { low, high } = wilson(count, n);
  return { count, n, rate: count / n, low, high };
}

/** The exact two-sided McNemar p-value for b and c discordant pairs. */
export function mcnemarExact(b: number, c: number): number {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0) {
    throw new RangeError(`McNemar's test counts pairs: b and c are whole numbers, not ${b} and ${c}`);
  }
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  // log C(n, i) built term by term, and the tail summed in log space: 2^-n underflows past n = 1074.
  let logTerm = 0;
  const logs: number[] = [0];
  for (let i = 1; i <= k; i += 1) {
    logTerm += Math.log(n - i + 1) - Math.log(i);
    logs.push(logTerm);
  }
  const top = Math.max(...logs);
  const sum = logs.reduce((s, l) => s + Math.exp(l - top), 0);
  const tail = Math.exp(top + Math.log(sum) - n * Math.LN2);
  return Math.min(1, 2 * tail);
}
