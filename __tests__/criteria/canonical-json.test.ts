// Canonical JSON: keys in UTF-16 order (array-index keys included), stable across a JSON round trip and
// across key insertion order, which is what makes a bundle_hash recomputable from the written file.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  canonicalJson,
  canonicalJsonSlow,
  canonicalSha256,
} from "../../src/criteria/evidence/canonical-json.js";

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

  test('a "__proto__" key (as JSON.parse makes it) is kept, by the fast path and the slow one', () => {
    const primitive = JSON.parse('{"b":1,"__proto__":2}');
    expect(canonicalJson(primitive)).toBe('{"__proto__":2,"b":1}');
    const nested = JSON.parse('{"__proto__":{"verdict":"FAIL"},"a":0}');
    expect(canonicalJson(nested)).toBe('{"__proto__":{"verdict":"FAIL"},"a":0}');
    expect(canonicalJsonSlow(nested)).toBe(canonicalJson(nested));
    // An array-index key sends the whole value down the slow path: same answer.
    expect(canonicalJson(JSON.parse('{"__proto__":{"x":1},"0":0}'))).toBe('{"0":0,"__proto__":{"x":1}}');
    // So changing what sits under "__proto__" changes the hash.
    expect(canonicalSha256(JSON.parse('{"__proto__":{"verdict":"PASS"},"a":0}'))).not.toBe(
      canonicalSha256(nested),
    );
  });

  test('the fast path and the slow path agree, whatever the value ("__proto__" keys included)', () => {
    const key = fc.oneof(fc.string(), fc.constantFrom("__proto__", "constructor", "toString", "10", "2"));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.jsonValue({ maxDepth: 1 }),
        fc.array(tie("node"), { maxLength: 3 }),
        fc.dictionary(key, tie("node"), { maxKeys: 4 }).map((d) => JSON.parse(JSON.stringify(d))),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(canonicalJson(v)).toBe(canonicalJsonSlow(v));
      }),
    );
  });
});
