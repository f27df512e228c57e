// The price table and the money inputs: the table prices exactly the models the project names
// (settings/models.ts), each with input, cached input and output prices from a dated source; the
// inputs refuse what cannot be a price or a cap, and `max-pr-cost` refuses a reviewer it cannot price.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readCost } from "../../src/settings/cost-inputs.js";
import type { InputName } from "../../src/settings/inputs.js";
import {
  DEFAULT_MODEL,
  MODEL_PRICES,
  PRICES_AS_OF,
  pricesFor,
  tablePrice,
} from "../../src/settings/models.js";
import { costOf, describePrices, storedDollars, usd } from "../../src/verdict/cost.js";

describe("the price table", () => {
  it("prices exactly the models the project names, no fewer and no more", () => {
    expect(Object.keys(MODEL_PRICES).sort()).toEqual([...new Set(Object.values(DEFAULT_MODEL))].sort());
  });

  it("gives each an input, a cached input and an output price, cached never above input", () => {
    for (const [model, p] of Object.entries(MODEL_PRICES)) {
      for (const v of [p.in, p.cachedIn, p.out]) expect(v, model).toBeGreaterThan(0);
      expect(p.cachedIn, model).toBeLessThanOrEqual(p.in);
    }
  });

  it("is dated, and names its source beside each model", () => {
    expect(PRICES_AS_OF).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const source = readFileSync("src/settings/models.ts", "utf8");
    for (const model of Object.keys(MODEL_PRICES)) {
      expect(source).toMatch(new RegExp(`- ${model.replace(/\./g, "\\.")}: .*https://`));
    }
  });

  it("reads a vendor path as the vendor's model, and knows nothing else", () => {
    expect(tablePrice("anthropic/claude-sonnet-5.5")).toEqual(MODEL_PRICES["claude-sonnet-5-5"]);
    expect(tablePrice("openai/gpt-5.4")).toEqual(MODEL_PRICES["gpt-5.4"]);
    expect(tablePrice("gpt-4o")).toBeUndefined();
    expect(tablePrice("constructor")).toBeUndefined();
  });

  it("lets price-in and price-out win over the table", () => {
    expect(pricesFor("gpt-5.4", { in: 1, out: 2 })).toEqual({
      in: 1,
      out: 2,
      basis: "price-in and price-out",
    });
    expect(pricesFor("gpt-5.4")?.basis).toBe(`the price table of ${PRICES_AS_OF}`);
    expect(pricesFor("my-model")).toBeUndefined();
  });
});

describe("money", () => {
  const gpt = pricesFor("gpt-5.4");
  it("prices tokens per million, cached input at its own price", () => {
    if (gpt === undefined) throw new Error("gpt-5.4 has no price");
    expect(costOf({ in: 1_000_000, out: 0 }, gpt)).toBe(2.5);
    expect(costOf({ in: 1_000_000, out: 1_000_000, cachedIn: 1_000_000 }, gpt)).toBe(15.25);
    // Cached input past the input is no discount, and a source without a cached price charges input.
    expect(costOf({ in: 10, out: 0, cachedIn: 1_000 }, { in: 1e6, out: 0, basis: "" })).toBe(10);
    expect(costOf({ in: Number.NaN, out: 0 }, gpt)).toBe(0);
  });

  it("writes a cost a person can read, never NaN", () => {
    expect(usd(0.0032)).toBe("$0.0032");
    expect(usd(0.12)).toBe("$0.12");
    expect(usd(0)).toBe("$0.00");
    expect(usd(1234.5)).toBe("$1,234.50");
    expect(usd(Number.NaN)).toBe("$0.00");
    expect(usd(1e12)).toBe("over $1,000,000,000");
    expect(storedDollars(0.12345678)).toBe(0.123457);
    expect(describePrices("gpt-5.4", gpt as NonNullable<typeof gpt>)).toBe(
      `gpt-5.4: $2.50 in, $0.25 cached in, $15.00 out per million tokens (the price table of ${PRICES_AS_OF})`,
    );
  });
});

describe("the money inputs", () => {
  const reader =
    (values: Partial<Record<InputName, string>>) =>
    (name: InputName): string =>
      values[name] ?? "";
  const single = [{ label: "the reviewer", model: "gpt-4o" }];

  it("reads prices and a cap", () => {
    expect(readCost(reader({ "price-in": "2.5", "price-out": "$15", "max-pr-cost": "10" }), single)).toEqual({
      prices: { in: 2.5, out: 15 },
      maxPrCost: 10,
    });
    expect(readCost(reader({}), single)).toEqual({});
  });

  it.each([
    [{ "price-in": "2" }, "input `price-out`: set both `price-in` and `price-out`"],
    [{ "price-in": "-1", "price-out": "1" }, "input `price-in`: expects an amount of US dollars"],
    [{ "price-in": "1e3", "price-out": "1" }, "input `price-in`: expects an amount"],
    [{ "max-pr-cost": "0" }, "input `max-pr-cost`: 0 would never ask a reviewer"],
    [{ "max-pr-cost": "ten" }, "input `max-pr-cost`: expects an amount"],
    [{ "max-pr-cost": "5" }, "input `max-pr-cost`: the gate has no price for the model gpt-4o"],
  ])("refuses %j", (values, message) => {
    expect(() => readCost(reader(values as Partial<Record<InputName, string>>), single)).toThrow(message);
  });

  it("takes a cap for a model the table prices, or one priced by the inputs", () => {
    expect(
      readCost(reader({ "max-pr-cost": "5" }), [{ label: "x", model: "claude-sonnet-5-5" }]).maxPrCost,
    ).toBe(5);
    expect(
      readCost(reader({ "max-pr-cost": "5", "price-in": "1", "price-out": "1" }), single).maxPrCost,
    ).toBe(5);
    // A panel: every reviewer must be priced.
    expect(() =>
      readCost(reader({ "max-pr-cost": "5" }), [
        { label: "a", model: "gpt-5.4" },
        { label: "b", model: "" },
      ]),
    ).toThrow("no price for reviewer b");
  });
});
