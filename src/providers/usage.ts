// Token counts as a provider reports them. They are untrusted numbers: a server can send 1e300, -5,
// 12.5 or "12", and whatever it sends reaches the summary (a 1e300 printed with thousands separators is
// a 400-character figure) and the check that the whole prompt was read (call.ts). A count is kept only
// when it is a whole number of tokens some model could have read or written; anything else is no count,
// which every check treats as the provider not saying (never as "read everything"). Pure.

/** The largest count believed: 1,000,000,000 tokens, a hundred times the largest context window any
 * model advertises today (10M, Llama 4 Scout). Above it a figure is a server's error, not a count. */
export const MAX_REPORTED_TOKENS = 1_000_000_000;

/** `value` when it is a believable token count, else undefined. */
export function reportedTokens(value: unknown): number | undefined {
  return typeof value === "number" &&
    Number.isSafeInteger(value) &&
    value >= 0 &&
    value <= MAX_REPORTED_TOKENS
    ? value
    : undefined;
}
