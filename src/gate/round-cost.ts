// What a round costs in money, and whether the pull request can afford it. Each reviewer is priced at
// `price-in`/`price-out` when given, else at the dated price table (settings/models.ts); a call that
// reported no usage is priced at its estimate (its prompt's estimated tokens and its reply limit), so a
// cost cap never counts a call it cannot see as free. `max-pr-cost` is checked before any call, on what
// the round would send after reuse, against what the pull request's history says was spent: a round
// that would pass it is not asked and holds. A cap never turns into a pass.

import type { Reviewer } from "../ports/reviewer.js";
import type { ReviewerCallReport } from "../report/round-report.js";
import { type Afford, type PanelMember, type PlannedCall, usageOf } from "../reviewer-stage/index.js";
import type { CostSettings } from "../settings/cost-inputs.js";
import { pricesFor } from "../settings/models.js";
import { costOf, describePrices, type Prices, usd } from "../verdict/cost.js";
import type { RoundUsage } from "../verdict/loop-rules.js";

/** The reply limit a reviewer that does not say its own is counted at: the action's default. */
export const DEFAULT_REPLY_LIMIT = 8_192;

/** One reviewer's price (undefined: none known) and the reply limit its calls are estimated at. */
export interface Pricing {
  readonly label: string;
  readonly model: string;
  readonly prices?: Prices;
  readonly replyLimit: number;
}

export function pricingOf(reviewer: Reviewer, label: string, cost: CostSettings): Pricing {
  const prices = pricesFor(reviewer.model, cost.prices);
  return {
    label,
    model: reviewer.model,
    ...(prices !== undefined ? { prices } : {}),
    replyLimit: reviewer.maxOutputTokens ?? DEFAULT_REPLY_LIMIT,
  };
}

/** A round's cost: dollars at the prices used, how many calls were priced at an estimate, how many had
 * no price, and the prices in words. */
export interface RoundCost {
  readonly usd: number;
  readonly estimatedCalls: number;
  readonly unpricedCalls: number;
  readonly prices: readonly string[];
}

/** What this round's calls cost. A panel's calls name their reviewer; a lone reviewer's do not. */
export function roundCost(
  calls: readonly ReviewerCallReport[],
  members: readonly PanelMember[],
  cost: CostSettings,
): RoundCost {
  const pricing = new Map(members.map((m) => [m.label, pricingOf(m.reviewer, m.label, cost)]));
  const only = members.length === 1 ? pricing.get((members[0] as PanelMember).label) : undefined;
  let dollars = 0;
  let estimatedCalls = 0;
  let unpricedCalls = 0;
  const used = new Map<string, string>();
  for (const call of calls) {
    const p = (call.reviewer !== undefined ? pricing.get(call.reviewer) : undefined) ?? only;
    if (p?.prices === undefined) {
      unpricedCalls += 1;
      continue;
    }
    used.set(p.label, describePrices(p.model, p.prices));
    if (call.attempts <= 0) continue;
    // A side the provider did not report is its estimate, never nothing: what the round records is
    // what max-pr-cost counts against the next one. With no usage at all (a command reviewer), every
    // attempt is one estimated call.
    const reported = call.inputTokens !== undefined || call.outputTokens !== undefined;
    const times = reported ? 1 : call.attempts;
    if (call.inputTokens === undefined || call.outputTokens === undefined) estimatedCalls += times;
    const tokens = {
      in: call.inputTokens ?? call.estimatedInputTokens ?? 0,
      out: call.outputTokens ?? p.replyLimit,
    };
    dollars += times * costOf(tokens, p.prices);
  }
  return { usd: dollars, estimatedCalls, unpricedCalls, prices: [...used.values()] };
}

/** The check `max-pr-cost` makes before any call: the calls the round would make, each at its prompt's
 * estimated tokens and its full reply limit, added to what the pull request spent. */
export function affordUnder(cap: number, spent: number, cost: CostSettings): Afford {
  return (calls: readonly PlannedCall[]) => {
    if (calls.length === 0) return undefined;
    let estimate = 0;
    const prices = new Map<string, string>();
    for (const call of calls) {
      const p = pricingOf(call.reviewer, call.reviewer.label, cost);
      // settings/cost-inputs.ts refuses a cap with an unpriced reviewer; one here (a reviewer made
      // elsewhere) is unaffordable rather than free.
      if (p.prices === undefined)
        return `the round cannot be priced (no price for ${call.reviewer.model}), so \`max-pr-cost\` cannot be kept: no reviewer call was made; set \`price-in\` and \`price-out\``;
      // costOf reads a non-finite count as nothing; a cap never lets a call through as free.
      if (!Number.isFinite(call.promptTokens) || !Number.isFinite(p.replyLimit))
        return `the round's calls cannot be estimated, so \`max-pr-cost\` cannot be kept: no reviewer call was made`;
      prices.set(p.model, describePrices(p.model, p.prices));
      estimate += costOf({ in: call.promptTokens, out: p.replyLimit }, p.prices);
    }
    if (spent + estimate <= cap) return undefined;
    const promptTokens = calls.reduce((n, c) => n + c.promptTokens, 0);
    return (
      `the round would cost about ${usd(estimate)} (estimated: ${calls.length} call${calls.length === 1 ? "" : "s"}, ${promptTokens.toLocaleString("en-US")} prompt tokens and each call's reply limit, at ${[...prices.values()].join("; ")}), ` +
      `and this pull request has spent ${usd(spent)} of \`max-pr-cost\` (${usd(cap)}): no reviewer call was made. ` +
      "A maintainer continues with `/verdict review --force` (a forced answer, counted against max-rounds), or raises `max-pr-cost`"
    );
  };
}

/** This round's usage as the history records it: the tokens the providers reported and, with a price
 * for any reviewer, its cost (roundCost; loop-rules.ts adds both to the pull request's running totals). */
export function spendOf(calls: readonly ReviewerCallReport[], cost: RoundCost): RoundUsage {
  const priced = cost.prices.length > 0;
  return {
    ...usageOf(calls),
    ...(priced ? { usd: cost.usd } : {}),
    ...(cost.estimatedCalls > 0 ? { estimatedCalls: cost.estimatedCalls } : {}),
    ...(priced && cost.unpricedCalls > 0 ? { unpricedCalls: cost.unpricedCalls } : {}),
  };
}
