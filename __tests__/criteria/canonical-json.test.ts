// Canonical JSON: keys in UTF-16 order (array-index keys included), stable across a JSON round trip and
// across key insertion order, which is what makes a bundle_hash recomputable from the written file.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { canonicalJson } from "../../src/criteria/evidence/canonical-json.js";

describe("canonicalJson", () => {
  test("sorts keys and drops whitespace", () => {
    expect(canonicalJson({ b: 1, a: [true, null, "x"], c: { z: 1, y: 2 } })).toBe(
      '{"a":[true,null,"x"],"b":1,"c":{"y":2,"z":1}}',
    );
  });

  test("array-index keys are sorted as strings too ('10' before '2')", () => {
    expect(canonicalJson({ b: 1, 2: "two", 10: "ten", a: 0 })).toBe('{"10":"ten","2":"two","a":0,"b":1}');
  });

  test("undefined fields are left out, non-finite numbers are null, as after a JSON round trip", () => {
    expect(canonicalJson({ a: undefined, b: [undefined, Number.POSITIVE_INFINITY, Number.NaN] })).toBe(
      '{"b":[null,null,null]}',
    );
  });

  test("equals itself after a JSON round trip, whatever the value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(JSON.parse(JSON.stringify(value)))).toBe(canonicalJson(value));
      }),
    );
  });

  test("does not depend on the order keys were inserted", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(record));
      }),
    );
  });

  test("is valid JSON that parses back to an equal value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
