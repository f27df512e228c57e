// Path globs, translated to RE2: the syntax the diff criteria document, its errors, and linear-time
// matching for globs that make backtracking matchers crawl.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compileGlob, globProblem, pathSelector } from "../../src/criteria/glob.js";

const matches = (glob: string, path: string) => compileGlob(glob).re.testExact(path);

describe("glob syntax", () => {
  test.each([
    ["*.md", "README.md", true],
    ["*.md", "docs/a.md", false],
    ["**/*.md", "README.md", true],
    ["**/*.md", "docs/a/b.md", true],
    ["src/**", "src/a.ts", true],
    ["src/**", "src/a/b/c.ts", true],
    ["src/**", "src", false],
    ["src/**", "srcx/a.ts", false],
    ["a/**/b", "a/b", true],
    ["a/**/b", "a/x/b", true],
    ["a/**/b", "a/x/y/b", true],
    ["a/**/b", "a/xb", false],
    ["**", "anything/at/all", true],
    ["file?.txt", "file1.txt", true],
    ["file?.txt", "file/.txt", false],
    ["file?.txt", "file10.txt", false],
    ["[abc].txt", "b.txt", true],
    ["[abc].txt", "d.txt", false],
    ["[!abc].txt", "d.txt", true],
    ["[!abc].txt", "a.txt", false],
    ["[a-c]x", "bx", true],
    ["*.{ts,tsx}", "a.tsx", true],
    ["*.{ts,tsx}", "a.js", false],
    ["{src,lib/{a,b}}/*.ts", "lib/b/x.ts", true],
    ["{src,lib/{a,b}}/*.ts", "lib/c/x.ts", false],
    ["\\*.md", "*.md", true],
    ["\\*.md", "a.md", false],
    ["*", ".env", true],
    ["**", ".github/workflows/ci.yml", true],
    ["a+b.c(d)|e$", "a+b.c(d)|e$", true],
    ["a+b.c(d)", "aab.c(d)", false],
    ["a**b", "axxb", true],
    ["a**b", "ax/xb", false],
  ])("%j vs %j → %s", (glob, path, expected) => {
    expect(matches(glob, path)).toBe(expected);
  });

  test("a glob matches a path with a newline in it only where it says so", () => {
    expect(matches("*", "a\nb")).toBe(true);
    expect(matches("a", "a\nb")).toBe(false);
  });

  test.each([
    ["[abc", "no closing ]"],
    ["{a,b", "no closing }"],
    ["a}", "no opening {"],
    ["a\\", "lone backslash"],
    ["", "empty glob"],
    ["!", "empty glob"],
    ["/abs/**", "relative to the tree root"],
    ["[/]x", "cannot contain /"],
    [`${"{".repeat(10)}a${"}".repeat(10)}`, "nested deeper"],
    ["x".repeat(2000), "at most 1024"],
  ])("rejects %j (%s)", (glob, why) => {
    expect(globProblem(glob)).toContain(why);
  });

  test("a glob that makes backtracking matchers crawl is matched in linear time", () => {
    const glob = `${"*a".repeat(30)}*b`;
    const path = "a".repeat(50_000);
    expect(matches(glob, path)).toBe(false);
  });

  test("a literal glob matches exactly its own path", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._ -]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        (a, b) => {
          const path = a.join("/");
          expect(matches(path, path)).toBe(true);
          expect(matches(`**/${path}`, `${b.join("/")}/${path}`)).toBe(true);
          if (b.join("/") !== path) expect(matches(path, b.join("/"))).toBe(false);
        },
      ),
    );
  });
});

describe("pathSelector", () => {
  test("selects by inclusions, then removes exclusions", () => {
    const s = pathSelector(["src/**", "!src/gen/**"]);
    expect(s.selects("src/a.ts")).toBe(true);
    expect(s.selects("src/gen/a.ts")).toBe(false);
    expect(s.selects("docs/a.md")).toBe(false);
  });
  test("only exclusions: everything else is selected", () => {
    const s = pathSelector(["!vendor/**"]);
    expect(s.selects("src/a.ts")).toBe(true);
    expect(s.selects("vendor/x.js")).toBe(false);
  });
});

describe("one name, one file: globs and paths meet in NFC", () => {
  const nfc = "config/caf\u00e9.yml";
  const nfd = "config/cafe\u0301.yml";
  test("a glob written in either Unicode form selects the path in either form; case still counts", () => {
    for (const glob of [nfc, nfd, "config/caf[\u00e9]*", "config/caf[e\u0301]*"]) {
      const s = pathSelector([glob]);
      expect(s.selects(nfc), glob).toBe(true);
      expect(s.selects(nfd), glob).toBe(true);
      expect(s.selects("Config/caf\u00e9.yml"), glob).toBe(false);
    }
    expect(pathSelector(["**", `!${nfc}`]).selects(nfd)).toBe(false);
  });
  test("any literal path, as a glob in one form, selects itself in the other", () => {
    const ch = fc.constantFrom(
      "a",
      "e",
      "\u00e9",
      "e\u0301",
      "\u212b",
      "A\u030a",
      "\u00c5",
      "\u1e69",
      "s\u0323\u0307",
      "/",
    );
    fc.assert(
      fc.property(fc.array(ch, { minLength: 1, maxLength: 12 }), (chars) => {
        const path =
          chars
            .join("")
            .replace(/\/+/g, "/")
            .replace(/^\/|\/$/g, "") || "a";
        const s = pathSelector([path.normalize("NFD")]);
        expect(s.selects(path.normalize("NFC"))).toBe(true);
        expect(pathSelector([path.normalize("NFC")]).selects(path.normalize("NFD"))).toBe(true);
      }),
    );
  });
});
