// Contract patterns under RE2: what cannot compile is refused with the reason, and the whole-text
// shortcut never changes an answer (property-tested against plain line-by-line matching).
import fc from "fast-check";
import { RE2JS } from "re2js";
import { describe, expect, test } from "vitest";
import {
  BLOCK_LINES,
  compilePattern,
  countMatches,
  firstMatch,
  patternProblem,
} from "../../src/criteria/pattern.js";
import { textLines } from "../../src/criteria/text.js";

describe("compiling", () => {
  test.each([
    ["(a)\\1", "invalid escape"],
    ["(?=x)", "Perl syntax"],
    ["(?<=x)y", ""],
    ["(?!x)", "Perl syntax"],
    ["[", "missing closing ]"],
    ["a{2000}", "invalid repeat count"],
  ])("refuses %j", (source, why) => {
    const problem = patternProblem(source);
    expect(problem).toContain(why);
    expect(problem).toContain("RE2 syntax");
  });

  test("names the pattern as the contract wrote it, without the (?m) the engine adds", () => {
    const problem = patternProblem("(a") ?? "";
    expect(problem).toContain("missing closing ): `(a`");
    expect(problem).not.toContain("(?m)");
    // A (?m) the author wrote stays.
    expect(patternProblem("(?m)(a")).toContain("`(?m)(a`");
  });

  test("refuses a pattern longer than the limit", () => {
    expect(patternProblem("a".repeat(5000))).toContain("at most 4096");
  });

  test("accepts what Python and RE2 share: named groups, classes, flags", () => {
    for (const ok of ["(?P<n>x)", "(?i)abc", "\\d+\\s*\\w", "^## Incident \\d+$", "\\bTODO\\b"]) {
      expect(patternProblem(ok)).toBeUndefined();
    }
  });

  test("a catastrophic-backtracking pattern runs in linear time", () => {
    const p = compilePattern("^(a+)+$");
    const line = `${"a".repeat(100_000)}!`;
    expect(firstMatch(p, line, [line])).toBeUndefined();
  });
});

describe("line-by-line matching with the whole-text shortcut", () => {
  const sources = [
    "^a",
    "b$",
    "^$",
    "a\\sb",
    "\\bab\\b",
    "[^a]b",
    "\\Ab",
    "a\\z",
    "(?-m)^b$",
    "(?i)A",
    "x*",
    "a|b$",
    "#",
  ];
  // Short texts, and long ones that cross the block boundaries of the block-wise search.
  const line = fc.stringMatching(/^[ab #x]{0,6}$/);
  const text = fc.oneof(
    fc.stringMatching(/^[ab #x\n]{0,40}$/),
    fc
      .tuple(fc.array(line, { minLength: BLOCK_LINES - 2, maxLength: 3 * BLOCK_LINES + 3 }), fc.boolean())
      .map(([ls, end]) => `${ls.join("\n")}${end ? "\n" : ""}`),
  );

  function naiveFirst(source: string, lines: string[]): number | undefined {
    const re = RE2JS.compile(source, RE2JS.MULTILINE);
    const i = lines.findIndex((l) => re.test(l));
    return i < 0 ? undefined : i + 1;
  }

  function naiveCount(source: string, lines: string[]): number {
    const re = RE2JS.compile(source, RE2JS.MULTILINE);
    let n = 0;
    for (const l of lines) {
      const m = re.matcher(l);
      while (m.find()) n += 1;
    }
    return n;
  }

  test("firstMatch equals testing each line on its own", () => {
    fc.assert(
      fc.property(fc.constantFrom(...sources), text, (source, t) => {
        const lines = textLines(t);
        expect(firstMatch(compilePattern(source), t, lines)?.line).toBe(naiveFirst(source, lines));
      }),
      { numRuns: 2000 },
    );
  });

  test("countMatches equals counting each line's matches", () => {
    fc.assert(
      fc.property(fc.constantFrom(...sources), text, (source, t) => {
        const lines = textLines(t);
        expect(countMatches(compilePattern(source), t, lines).count).toBe(naiveCount(source, lines));
      }),
      { numRuns: 2000 },
    );
  });
});
