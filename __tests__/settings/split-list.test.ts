// splitList, the one splitter of every list input (include, exclude, fail-on) and of the CLI flags that
// feed them: a list written as globs separated by commas or newlines comes back as those globs, brace
// groups whole, whatever the separators.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { splitList } from "../../src/settings/settings.js";

/** A glob as people write them: literal runs, `*`, `**`, classes and brace groups (nested, with commas). */
const literal = fc.stringMatching(/^[a-z0-9._*/-]{1,8}$/);
const glob: fc.Arbitrary<string> = fc.letrec<{ glob: string; group: string }>((tie) => ({
  glob: fc
    .array(fc.oneof({ depthSize: "small" }, literal, tie("group"), fc.constant("[a,b]")), {
      minLength: 1,
      maxLength: 4,
    })
    .map((parts) => parts.join(""))
    .filter((g) => g.trim() === g && g !== ""),
  group: fc.array(tie("glob"), { minLength: 2, maxLength: 3 }).map((alts) => `{${alts.join(",")}}`),
})).glob;
const separator = fc.constantFrom(",", "\n", ", ", " ,\n", "\r\n", ",\n\n  ");

describe("splitList", () => {
  test("any list of globs joined by any separators splits back into those globs", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(glob, separator), { minLength: 1, maxLength: 6 }), (pairs) => {
        const text = pairs.map(([g, sep]) => g + sep).join("");
        expect(splitList(text)).toEqual(pairs.map(([g]) => g));
      }),
      { numRuns: 500 },
    );
  });

  test("never yields an item with an unbalanced brace: it refuses instead", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z{},\n/*]{0,20}$/), (text) => {
        let items: string[];
        try {
          items = splitList(text);
        } catch (error) {
          expect(String(error)).toMatch(/a \{ has no closing \}|a \} has no opening \{/);
          return;
        }
        for (const item of items) {
          let depth = 0;
          for (const ch of item) {
            depth += ch === "{" ? 1 : ch === "}" ? -1 : 0;
            expect(depth).toBeGreaterThanOrEqual(0);
          }
          expect(depth).toBe(0);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
