// Numbers as a person reads them in a summary, a log line or a message. Many come from outside — a
// provider's token counts and retry-after, GitHub's counts — and a number is only as short as its
// sender makes it: 1e300 formatted with thousands separators is a 400-character figure, NaN reads as
// "NaN tokens". Every such number is shown through here, bounded. Pure.

/** The largest figure shown as digits: 999,999,999,999 (a trillion tokens, lines or seconds is no
 * measurement the gate can have made). */
export const FIGURE_LIMIT = 999_999_999_999;

/** A count: a whole non-negative number up to FIGURE_LIMIT with thousands separators; larger as
 * "more than 999,999,999,999"; anything else (negative, fractional, NaN, infinite) as "?". */
export function figure(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n) || n < 0) return "?";
  if (n > FIGURE_LIMIT) return `more than ${FIGURE_LIMIT.toLocaleString("en-US")}`;
  if (!Number.isInteger(n)) return "?";
  return n.toLocaleString("en-US");
}

/** Milliseconds as seconds with one decimal ("12.3 s"), bounded like figure(). */
export function seconds(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms) || ms < 0) return "? s";
  if (ms / 1000 > FIGURE_LIMIT) return `more than ${FIGURE_LIMIT.toLocaleString("en-US")} s`;
  return `${(ms / 1000).toFixed(1)} s`;
}
