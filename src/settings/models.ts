// The models the project names wherever a person must pick one: the starter `init` writes, the
// settings' "required" messages, the examples in the docs. One place, so that a retirement is one edit;
// __tests__/docs/models.test.ts reads the pinned SDKs' model lists and Anthropic's deprecation table
// and fails when a model named here or in the docs is deprecated or unknown there (the Sonnet default
// of an earlier release stayed the default after its end of life had been announced).

import type { Prices } from "../verdict/cost.js";

/** The default model of each API provider: the newest general model its pinned SDK lists (Anthropic's
 * Sonnet line, the reviewer's price and speed class; OpenAI's newest GPT). */
export const DEFAULT_MODEL = Object.freeze({
  openai: "gpt-5.4",
  anthropic: "claude-sonnet-5-5",
} as const);

/** US dollars per million tokens: input, cached input (a prompt prefix the provider served from its
 * cache), output. */
export interface ModelPrice {
  readonly in: number;
  readonly cachedIn: number;
  readonly out: number;
}

/** The day the prices below were read from their sources. A price is a fact about a day: the check run
 * names this date beside every cost it prints, and `price-in`/`price-out` override it. */
export const PRICES_AS_OF = "2026-12-07";

/** The price of each model this file names (a test holds the two lists equal), standard tier. The
 * long-context and batch rules are not applied: the gate sends neither batches nor, with its default
 * budget, prompts near either long-context line, and an override is one input away.
 * - gpt-5.4: OpenAI's API pricing page, https://openai.com/api/pricing (standard processing, context
 *   under 272K tokens): $2.50 in, $0.25 cached in, $15.00 out.
 * - claude-sonnet-5-5: Anthropic's pricing page, https://platform.claude.com/docs/en/about-claude/pricing
 *   (Claude Sonnet 5.5): $2 in, $0.20 cache read, $10 out (no long-context premium). */
export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = Object.freeze({
  "gpt-5.4": Object.freeze({ in: 2.5, cachedIn: 0.25, out: 15 }),
  "claude-sonnet-5-5": Object.freeze({ in: 2, cachedIn: 0.2, out: 10 }),
});

/** The table's price of `model` (as the provider names it; OpenRouter's `anthropic/claude-sonnet-5.5`
 * is Anthropic's model), or undefined for a model the table does not hold. */
export function tablePrice(model: string): ModelPrice | undefined {
  const bare = model.trim().replace(/^(openai|anthropic)\//, "");
  const id = model.trim().startsWith("anthropic/") ? bare.replace(/\./g, "-") : bare;
  return Object.hasOwn(MODEL_PRICES, id) ? MODEL_PRICES[id] : undefined;
}

/** `model`'s price: `price-in` and `price-out` when given (they win over the table: a negotiated price
 * or a new model), else the table's, else undefined (no cost is computed, and `max-pr-cost` refuses). */
export function pricesFor(model: string, given?: { in: number; out: number }): Prices | undefined {
  if (given !== undefined) return { in: given.in, out: given.out, basis: "price-in and price-out" };
  const table = tablePrice(model);
  if (table === undefined) return undefined;
  return {
    in: table.in,
    cachedIn: table.cachedIn,
    out: table.out,
    basis: `the price table of ${PRICES_AS_OF}`,
  };
}
