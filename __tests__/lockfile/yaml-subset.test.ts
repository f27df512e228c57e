// The YAML-subset reader against the `yaml` package (a dev dependency, the reference): on the samples
// pnpm and Yarn 2+ write, both must read the same structure, scalars compared as text.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { LockfileSyntaxError, readYamlSubset, type YamlValue } from "../../src/lockfile/yaml-subset.js";

const data = (name: string) => readFileSync(path.join(import.meta.dirname, "data", name), "utf8");

/** The subset reader's value as plain JSON. */
function plain(value: YamlValue): unknown {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(plain);
  return Object.fromEntries([...(value as ReadonlyMap<string, YamlValue>)].map(([k, v]) => [k, plain(v)]));
}

/** The reference's value with every scalar as the text the subset keeps (null → ""). */
function reference(value: unknown): unknown {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(reference);
  if (typeof value === "object") {
    return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, reference(v)]));
  }
  return String(value);
}

describe("readYamlSubset", () => {
  for (const name of [
    "pnpm-v5.pnpm-lock.yaml",
    "pnpm-v6.pnpm-lock.yaml",
    "pnpm-v9.pnpm-lock.yaml",
    "yarn-berry.yarn.lock",
    "yarn-berry-v6.yarn.lock",
  ]) {
    it(`reads ${name} as the yaml package does`, () => {
      const text = data(name);
      // 5.4 is a number to YAML; the subset keeps the text, which is what the check compares.
      expect(plain(readYamlSubset(text))).toEqual(reference(parse(text, { version: "1.2" })));
    });
  }

  it("reads quoting, flow collections, block sequences and block scalars as YAML does", () => {
    const text = [
      "a: 'it''s'",
      'b: "tab\\there \\u00e9"',
      "c: {x: 1, 'y z': [p, q], w: {}}",
      "d:",
      "  - one",
      "  - 'two'",
      "e: |-",
      "  line one",
      "  line two",
      "f: plain value # a comment",
      "g: foo@git+https://h/x.git#abc",
      "h@git+https://h/x.git#abc:",
      "  k: v",
      "",
    ].join("\n");
    expect(plain(readYamlSubset(text))).toEqual(reference(parse(text)));
  });

  it("refuses anchors, aliases, tags, explicit keys, duplicate keys and multi-line flow collections", () => {
    for (const text of [
      "a: &x 1\nb: *x\n",
      "a: !!str 1\n",
      "? a\n: b\n",
      "a: 1\na: 2\n",
      "a: {x: 1,\n  y: 2}\n",
      "a:\n  - b: 1\n",
      "  a: 1\n",
      "a: 1\n b: 2\n",
      "a: {x: 1} trailing\n",
      "a: 'open\n",
    ]) {
      expect(() => readYamlSubset(text), text).toThrow(LockfileSyntaxError);
    }
  });
});
