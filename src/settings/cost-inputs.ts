// The money inputs: `price-in` and `price-out` (US dollars per million tokens, for a model the price
// table does not hold, or to override it) and `max-pr-cost` (US dollars a pull request's reviewer calls
// may cost in all). A cap the gate cannot price is no cap: `max-pr-cost` with a reviewer it has no
// price for is refused here, naming the model and the inputs that price it.

import { type InputReader, SettingsError } from "./input-values.js";
import { INPUT, type InputName } from "./inputs.js";
import { MODEL_PRICES, PRICES_AS_OF, pricesFor } from "./models.js";

/** What the gate knows of money. */
export interface CostSettings {
  /** `price-in` and `price-out`: every reviewer's price, over the table's. */
  readonly prices?: { readonly in: number; readonly out: number };
  /** `max-pr-cost`: the most, in US dollars, a pull request's reviewer calls may cost in all; a round
   * whose estimated cost would pass it is not asked and holds. */
  readonly maxPrCost?: number;
}

/** A decimal amount of US dollars (`2.5`, `0.15`, `10`), or undefined for an empty input. */
function dollars(read: InputReader, input: InputName, max: number): number | undefined {
  const raw = read(input).trim().replace(/^\$/, "");
  if (raw === "") return undefined;
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(raw) || Number(raw) > max) {
    throw new SettingsError(
      `input \`${input}\`: expects an amount of US dollars from 0 to ${max.toLocaleString("en-US")}, like 2.5 or 0.15; got ${JSON.stringify(read(input))}`,
    );
  }
  return Number(raw);
}

/** The money inputs, checked against the reviewers they price (`model` as each names it). */
export function readCost(
  read: InputReader,
  reviewers: readonly { readonly label: string; readonly model: string }[],
): CostSettings {
  const priceIn = dollars(read, INPUT.priceIn, 10_000);
  const priceOut = dollars(read, INPUT.priceOut, 10_000);
  if ((priceIn === undefined) !== (priceOut === undefined)) {
    throw new SettingsError(
      `input \`${priceIn === undefined ? INPUT.priceIn : INPUT.priceOut}\`: set both \`${INPUT.priceIn}\` and \`${INPUT.priceOut}\` (0 for a side that is free), or neither`,
    );
  }
  const prices = priceIn !== undefined && priceOut !== undefined ? { in: priceIn, out: priceOut } : undefined;
  const maxPrCost = dollars(read, INPUT.maxPrCost, 1_000_000);
  if (maxPrCost === 0) {
    throw new SettingsError(
      `input \`${INPUT.maxPrCost}\`: 0 would never ask a reviewer; leave it empty for no cap`,
    );
  }
  if (maxPrCost !== undefined) {
    const unpriced = reviewers.find((r) => pricesFor(r.model, prices) === undefined);
    if (unpriced !== undefined) {
      const named =
        unpriced.model.trim() === "" ? `reviewer ${unpriced.label}` : `the model ${unpriced.model}`;
      throw new SettingsError(
        `input \`${INPUT.maxPrCost}\`: the gate has no price for ${named} (its price table, of ${PRICES_AS_OF}, names ${Object.keys(MODEL_PRICES).join(" and ")}); set \`${INPUT.priceIn}\` and \`${INPUT.priceOut}\` to its US dollars per million tokens`,
      );
    }
  }
  return { ...(prices !== undefined ? { prices } : {}), ...(maxPrCost !== undefined ? { maxPrCost } : {}) };
}
