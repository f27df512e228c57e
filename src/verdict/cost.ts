// Money: what a reviewer call costs at a price, and how a cost is written. A price is a fact about a
// day and a source, so every cost the gate prints names the prices it used. Pure.

/** A reviewer's price in US dollars per million tokens, and where it came from. */
export interface Prices {
  readonly in: number;
  /** Cached input, when the source gives one (a prompt prefix the provider served from its cache). */
  readonly cachedIn?: number;
  readonly out: number;
  /** "the price table of 2026-12-07", or "price-in and price-out". */
  readonly basis: string;
}

/** Tokens of one call or many: input, output, and how much of the input the provider cached. */
export interface Tokens {
  readonly in: number;
  readonly out: number;
  readonly cachedIn?: number;
}

/** What `tokens` cost at `prices`, in US dollars. Cached input is priced as cached only when the
 * source gives a cached price; otherwise at the input price (never less than it cost). */
export function costOf(tokens: Tokens, prices: Prices): number {
  const cached = prices.cachedIn !== undefined ? Math.min(tokens.cachedIn ?? 0, tokens.in) : 0;
  const dollars =
    ((tokens.in - cached) * prices.in + cached * (prices.cachedIn ?? prices.in) + tokens.out * prices.out) /
    1e6;
  return Number.isFinite(dollars) && dollars > 0 ? dollars : 0;
}

/** A cost as a person reads it: `$0.0123` under a dollar (four places: a round is often a fraction of
 * a cent), `$0.12` for whole cents, `$12.35` above. Never `$NaN`. */
export function usd(dollars: number): string {
  if (!Number.isFinite(dollars) || dollars <= 0) return "$0.00";
  if (dollars >= 1_000_000_000) return "over $1,000,000,000";
  const cents = Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-9;
  if (dollars < 1 && !cents) return `$${dollars.toFixed(4)}`;
  return `$${dollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A price per million tokens: `$2.50`. */
export function perMillion(price: number): string {
  return `$${price.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;
}

/** `gpt-5.4: $2.50 in, $0.25 cached in, $15.00 out per million tokens (the price table of …)`. */
export function describePrices(model: string, prices: Prices): string {
  const cached = prices.cachedIn !== undefined ? `, ${perMillion(prices.cachedIn)} cached in` : "";
  return `${model}: ${perMillion(prices.in)} in${cached}, ${perMillion(prices.out)} out per million tokens (${prices.basis})`;
}

/** Dollars rounded to a millionth, as the history stores them (a round's cost to the micro-dollar). */
export function storedDollars(dollars: number): number {
  if (!Number.isFinite(dollars) || dollars <= 0) return 0;
  return Math.min(1e12, Math.round(dollars * 1e6) / 1e6);
}
