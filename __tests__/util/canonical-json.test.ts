// Canonical JSON: keys in UTF-16 order (array-index keys included), stable across a JSON round trip and
// across key insertion order, which is what makes a bundle_hash recomputable from the written file. One
// definition serves the round history and the evidence bundle, and neither's hashes moved when they came
// to share it: the fixed vectors below were written by the code before.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { EvidenceBundle } from "../../src/criteria/evidence/bundle.js";
import { bundleHash } from "../../src/criteria/evidence/bundle-hash.js";
import {
  canonicalJson,
  canonicalJsonSlow,
  canonicalSha256,
  sha256Hex,
} from "../../src/util/canonical-json.js";
import { audit, type History, recordHash } from "../../src/verdict/history.js";

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

// Written by the code before history.ts and the evidence bundle shared one serialiser (commit ab39723:
// three rounds from concludeRound, and collectEvidence over a two-file tree and a one-file diff), with
// the hashes that code printed for them. See __tests__/data/canonical/README.md.
const HISTORY = JSON.parse(readFileSync("__tests__/data/canonical/history.json", "utf8")) as History;
const BUNDLE = JSON.parse(
  readFileSync("__tests__/data/canonical/evidence-bundle.json", "utf8"),
) as EvidenceBundle;

/** The round history's own serialiser before it was shared, kept as the oracle the shared one must
 * equal on every JSON value. */
function historySerialiserBefore(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(historySerialiserBefore).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${historySerialiserBefore(v)}`).join(",")}}`;
}

describe("one serialiser for the history and the evidence: hashes written before still hold", () => {
  test("a history written before: every receipt hash recomputes, and the whole hashes as it did", () => {
    expect(HISTORY.rounds).toHaveLength(3);
    for (const round of HISTORY.rounds) expect(recordHash(round)).toBe(round.receipt.hash);
    expect(HISTORY.rounds.map((r) => r.receipt.hash)).toEqual([
      "a721f5d8764f942b47b466da8c85d1932ee76e37584fa9f5c058b1da5d0b44a2",
      expect.stringMatching(/^[0-9a-f]{64}$/),
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);
    expect(audit(HISTORY).valid).toBe(true);
    expect(canonicalSha256(HISTORY)).toBe("c7fe9800b1e86e92b201e3a9db6da7fe4273b5cde1ebe7bdc63d8024710e5371");
  });

  test("an evidence bundle written before: its bundle_hash recomputes, and the whole hashes as it did", () => {
    const { bundle_hash, ...body } = BUNDLE;
    expect(bundle_hash).toBe("f80c28fe459ac4f538c58f402a3f0687be1f397621b50db858db311c4011d521");
    expect(bundleHash(body)).toBe(bundle_hash);
    expect(canonicalSha256(BUNDLE)).toBe("8a54054e2011b4d8c81e55ed82a9b280294b14c8e0ccff1426c709b22325a555");
  });

  test("sha256Hex hashes a string as its UTF-8 bytes", () => {
    const text = "caf\u00e9 \u{1f600}";
    expect(sha256Hex(text)).toBe(sha256Hex(new TextEncoder().encode(text)));
  });

  test("equals the history's serialiser of before on every JSON value (undefined fields included)", () => {
    const withUndefined = fc.dictionary(fc.string(), fc.option(fc.jsonValue(), { nil: undefined }));
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), withUndefined), (value) => {
        expect(canonicalJson(value)).toBe(historySerialiserBefore(value));
      }),
    );
  });
});
