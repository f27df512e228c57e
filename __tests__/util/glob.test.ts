// Path globs: one dialect (.gitignore's, as CODEOWNERS uses it) for the contract's criteria and the
// include/exclude inputs, its syntax and errors, the one table of examples checked against both uses,
// the meanings that changed for contracts, and linear-time matching for globs that make backtracking
// matchers crawl.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { ContractInput } from "../../src/criteria/contract-schema.js";
import { checkCriterion } from "../../src/criteria/engine.js";
import type { Diff, DiffFile } from "../../src/diff/types.js";
import { scopeFiles } from "../../src/review/scope.js";
import { compileGlob, globProblem, pathSelector } from "../../src/util/glob.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { contractOf, makeTree } from "../criteria/fixture-tree.js";

const matches = (glob: string, path: string) => compileGlob(glob).matches(path);

type CriterionInput = ContractInput["success_criteria"][number];

/** An added one-line file: what a diff lists for `path`. */
function added(path: string, text = "x"): DiffFile {
  return {
    path,
    status: "added",
    binary: false,
    additions: 1,
    deletions: 0,
    patchOmitted: false,
    patch: `diff --git a/${path} b/${path}`,
    hunks: [
      {
        header: "@@ -0,0 +1 @@",
        oldStart: 0,
        oldLines: 0,
        newStart: 1,
        newLines: 1,
        lines: [{ kind: "add", text, newLine: 1 }],
      },
    ],
  };
}

const diffOf = (...files: DiffFile[]): Diff => ({ source: "unified", truncated: false, files });

const TREE = {
  "README.md": "# r\n",
  "CHANGELOG.md": "# c\n",
  "docs/guide.md": "# g\n",
  "src/app.js": "x\n",
  "index.js": "x\n",
  "packages/x/CHANGELOG.md": "# c\n",
};

async function status(criterion: CriterionInput, diff: Diff): Promise<string> {
  const [c] = contractOf([criterion]).success_criteria;
  if (c === undefined) throw new Error("no criterion");
  const { root } = makeTree(TREE);
  return (await checkCriterion(c, { tree: openTree(root), diff })).status;
}

interface Example {
  readonly pattern: string;
  readonly path: string;
  readonly matches: boolean;
  readonly why: string;
}
const EXAMPLES = (JSON.parse(readFileSync("docs/glob-examples.json", "utf8")) as { examples: Example[] })
  .examples;

describe("the one table of examples (docs/glob-examples.json, shown in docs/contract.md)", () => {
  test("has rows for the cases the two dialects used to disagree on", () => {
    const rows = EXAMPLES.map((e) => `${e.pattern} ${e.path} ${e.matches}`);
    expect(rows).toEqual(
      expect.arrayContaining([
        "*.lock a/b.lock true",
        "docs/ site/docs/a.md true",
        "*.min.js web/vendor/app.min.js true",
      ]),
    );
  });

  test.each(EXAMPLES)("$pattern vs $path → $matches, in a contract criterion ($why)", async (e) => {
    expect(globProblem(e.pattern, { negation: true })).toBeUndefined();
    expect(pathSelector([e.pattern]).selects(e.path)).toBe(e.matches);
    // The criterion itself: diff_paths_within passes exactly when the glob selects the changed path.
    const within = await status(
      { id: "scope", type: "diff_paths_within", globs: [e.pattern] },
      diffOf(added(e.path)),
    );
    expect(within).toBe(e.matches ? "pass" : "fail");
    // A criterion's `paths`: diff_added_contains counts the added line only in a file the glob selects.
    const contains = await status(
      { id: "entry", type: "diff_added_contains", pattern: "^row-marker$", paths: [e.pattern] },
      diffOf(added(e.path, "row-marker")),
    );
    expect(contains).toBe(e.matches ? "pass" : "fail");
    // And a negated glob in a list takes exactly that path out.
    expect(pathSelector(["**", `!${e.pattern}`]).selects(e.path)).toBe(!e.matches);
  });

  test.each(EXAMPLES)("$pattern vs $path → $matches, as an include and as an exclude ($why)", (e) => {
    expect(globProblem(e.pattern)).toBeUndefined();
    const file = added(e.path);
    const include = scopeFiles([file], { include: [e.pattern], defaultExcludes: false });
    expect(include.inScope.length === 1).toBe(e.matches);
    const exclude = scopeFiles([file], { exclude: [e.pattern], defaultExcludes: false });
    expect(exclude.excluded.map((x) => x.rule)).toEqual(e.matches ? [e.pattern] : []);
  });

  test("docs/contract.md shows every row", () => {
    const doc = readFileSync("docs/contract.md", "utf8");
    const table = doc.slice(
      doc.indexOf("<!-- glob-examples:start -->"),
      doc.indexOf("<!-- glob-examples:end -->"),
    );
    for (const e of EXAMPLES) {
      expect(table).toMatch(
        new RegExp(
          `\\| \`${e.pattern.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")}\` +\\| \`${e.path.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")}\` +\\| ${e.matches ? "yes" : "no"} `,
        ),
      );
    }
  });
});

describe("glob syntax", () => {
  test.each([
    ["*.md", "README.md", true],
    ["*.md", "docs/a.md", true], // changed in this release: no `/`, any depth (was top level only)
    ["/*.md", "docs/a.md", false],
    ["**/*.md", "README.md", true],
    ["**/*.md", "docs/a/b.md", true],
    ["src/**", "src/a.ts", true],
    ["src/**", "src/a/b/c.ts", true],
    ["src/**", "src", false],
    ["src/**", "srcx/a.ts", false],
    ["src/", "src/a/b.ts", true],
    ["src/", "lib/src/b.ts", true],
    ["/src/", "lib/src/b.ts", false],
    ["src/api/", "lib/src/api/b.ts", false],
    ["a/**/b", "a/b", true],
    ["a/**/b", "a/x/b", true],
    ["a/**/b", "a/x/y/b", true],
    ["a/**/b", "a/xb", false],
    ["**", "anything/at/all", true],
    ["*", "anything/at/all", true],
    ["/*", "anything/at/all", false],
    ["/*", "top", true],
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
    ["\\!keep", "x/!keep", true],
    ["*", ".env", true],
    ["**", ".github/workflows/ci.yml", true],
    ["a+b.c(d)|e$", "a+b.c(d)|e$", true],
    ["a+b.c(d)", "aab.c(d)", false],
    ["+(a|b)", "a", false], // picomatch's extglob is plain characters here
    ["a**b", "axxb", true],
    ["a**b", "ax/xb", false],
  ])("%j vs %j → %s", (glob, path, expected) => {
    expect(matches(glob, path)).toBe(expected);
  });

  test("a glob matches a path with a newline in it only where it says so", () => {
    expect(matches("*", "a\nb")).toBe(true);
    expect(matches("a", "a\nb")).toBe(false);
  });

  test("a compiled glob knows where a walk of the tree must start", () => {
    expect(compileGlob("src/api/**/*.ts").root).toEqual(["src", "api"]);
    expect(compileGlob("/docs/").root).toEqual(["docs"]);
    expect(compileGlob("/docs/*.md").root).toEqual(["docs"]);
    expect(compileGlob("{src,lib}/**").root).toEqual([]);
    expect(compileGlob("docs/").root).toEqual([]); // any depth: the whole tree
    expect(compileGlob("*.md").anchored).toBe(false);
    expect(compileGlob("docs/*.md").anchored).toBe(true);
  });

  test.each([
    ["[abc", "no closing ]"],
    ["{a,b", "no closing }"],
    ["a}", "no opening {"],
    ["a\\", "lone backslash"],
    ["", "empty glob"],
    ["/", "names no file"],
    ["a//b", "empty segment"],
    ["//a", "empty segment"],
    ["!x", "a leading ! (negation) is not allowed here"],
    ["[/]x", "cannot contain /"],
    [`${"{".repeat(10)}a${"}".repeat(10)}`, "nested deeper"],
    ["x".repeat(2000), "at most 1024"],
  ])("rejects %j (%s)", (glob, why) => {
    expect(globProblem(glob)).toContain(why);
  });

  test("a leading ! is an exclusion where a list allows it, and its errors name the glob as written", () => {
    expect(globProblem("!vendor/**", { negation: true })).toBeUndefined();
    expect(globProblem("!", { negation: true })).toContain("empty glob");
    expect(globProblem("![abc", { negation: true })).toBe(
      'invalid glob "![abc": a [ has no closing ] (write \\[ for a literal [)',
    );
  });

  test("a glob that makes backtracking matchers crawl is matched in linear time", { timeout: 5_000 }, () => {
    // `*a*a…*b` against a long run of a's: a backtracking matcher tries every split of the run among
    // the stars (polynomial of degree 30); the RE2 automaton reads the path once per state set.
    const glob = `${"*a".repeat(30)}*b`;
    const path = "a".repeat(50_000);
    expect(matches(glob, path)).toBe(false);
    // The same at any depth (the unanchored prefix), and across many segments.
    expect(matches(glob, `${"a/".repeat(10_000)}${"a".repeat(10_000)}`)).toBe(false);
    expect(matches(`**/${"*a".repeat(30)}*b/**/x`, `${"a/".repeat(20_000)}y`)).toBe(false);
  });

  test("a literal glob matches exactly its own path", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._ -]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 2, maxLength: 5 }),
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        (a, b) => {
          const path = a.join("/");
          expect(matches(path, path)).toBe(true);
          expect(matches(`/${path}`, path)).toBe(true);
          expect(matches(`**/${path}`, `${b.join("/")}/${path}`)).toBe(true);
          // Anchored (a middle `/`): never at a deeper level, never another path.
          expect(matches(path, `${b.join("/")}/${path}`)).toBe(false);
          if (b.join("/") !== path) expect(matches(path, b.join("/"))).toBe(false);
        },
      ),
    );
  });

  test("a glob with no / matches its name at any depth, exactly as **/ before it does", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._-]{1,8}$/);
    const glob = fc.constantFrom("*.md", "README.md", "a*", "?.ts", "[ab]*", "*.{js,ts}", "docs/", "*");
    fc.assert(
      fc.property(glob, fc.array(segment, { minLength: 1, maxLength: 5 }), (g, segments) => {
        const path = segments.join("/");
        expect(matches(g, path)).toBe(matches(`**/${g}`, path));
      }),
    );
  });
});

describe("pathSelector (a contract's list)", () => {
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
  test("an exclusion wins wherever it stands in the list (not .gitignore's last match)", () => {
    for (const globs of [
      ["src/**", "!*.gen.ts"],
      ["!*.gen.ts", "src/**"],
    ]) {
      const s = pathSelector(globs);
      expect(s.selects("src/a/b.gen.ts"), globs.join(" ")).toBe(false);
      expect(s.selects("src/a/b.ts"), globs.join(" ")).toBe(true);
    }
  });
});

describe("changed in this release: what a contract glob without / now means", () => {
  const js = added("src/app.js", "console.log(1)");
  const nestedMd = added("docs/guide.md");
  const rootMd = added("README.md");

  test("diff_added_absent paths [*.js]: a nested file is now checked, so a violation there fails (stricter)", async () => {
    const c: CriterionInput = {
      id: "x",
      type: "diff_added_absent",
      pattern: "console\\.log",
      paths: ["*.js"],
    };
    expect(await status(c, diffOf(js))).toBe("fail");
    // The old meaning, written so that it still says it: the root only.
    expect(await status({ ...c, paths: ["/*.js"] }, diffOf(js, rootMd))).toBe("pass");
  });

  test("diff_paths_within globs [*.md]: nested Markdown is now within scope (wider, intended); /*.md keeps the root only", async () => {
    const c: CriterionInput = { id: "x", type: "diff_paths_within", globs: ["*.md"] };
    expect(await status(c, diffOf(rootMd, nestedMd))).toBe("pass");
    expect(await status(c, diffOf(rootMd, js))).toBe("fail");
    expect(await status({ ...c, globs: ["/*.md"] }, diffOf(rootMd, nestedMd))).toBe("fail");
  });

  test("diff_requires_change must_change [CHANGELOG.md]: a nested changelog now satisfies it (wider, intended); /CHANGELOG.md keeps the root's", async () => {
    const c: CriterionInput = {
      id: "x",
      type: "diff_requires_change",
      when_changed: ["src/**"],
      must_change: ["CHANGELOG.md"],
    };
    const nested = added("packages/x/CHANGELOG.md");
    expect(await status(c, diffOf(js, nested))).toBe("pass");
    expect(await status({ ...c, must_change: ["/CHANGELOG.md"] }, diffOf(js, nested))).toBe("fail");
    expect(await status({ ...c, must_change: ["/CHANGELOG.md"] }, diffOf(js, added("CHANGELOG.md")))).toBe(
      "pass",
    );
  });

  test("diff_added_contains paths [CHANGELOG.md]: an entry in a nested changelog now counts (wider, intended)", async () => {
    const c: CriterionInput = {
      id: "x",
      type: "diff_added_contains",
      pattern: "^- ",
      paths: ["CHANGELOG.md"],
    };
    const nested = added("packages/x/CHANGELOG.md", "- fixed");
    expect(await status(c, diffOf(nested))).toBe("pass");
    expect(await status({ ...c, paths: ["/CHANGELOG.md"] }, diffOf(nested))).toBe("fail");
  });

  test("a ! exclusion without / now leaves out nested files too: unchecked in paths, outside in globs", async () => {
    const absent: CriterionInput = {
      id: "x",
      type: "diff_added_absent",
      pattern: "console\\.log",
      paths: ["**", "!*.js"],
    };
    expect(await status(absent, diffOf(js, rootMd))).toBe("pass");
    const within: CriterionInput = { id: "x", type: "diff_paths_within", globs: ["src/**", "!*.js"] };
    expect(await status(within, diffOf(js))).toBe("fail");
  });

  test("a trailing / used to match nothing (a FLAG or a fail); it now means the directory's files", async () => {
    const c: CriterionInput = { id: "x", type: "diff_paths_within", globs: ["docs/", "/*.md"] };
    expect(await status(c, diffOf(nestedMd, rootMd))).toBe("pass");
    expect(await status(c, diffOf(nestedMd, js))).toBe("fail");
    const absent: CriterionInput = { id: "x", type: "diff_added_absent", pattern: "x", paths: ["docs/"] };
    expect(await status(absent, diffOf(nestedMd))).toBe("fail");
  });

  test("a glob that now matches at any depth but selects nothing anywhere is still an error, not a pass", async () => {
    const c: CriterionInput = { id: "x", type: "diff_added_absent", pattern: "x", paths: ["*.py"] };
    expect(await status(c, diffOf(rootMd))).toBe("error");
    const found: CriterionInput = { id: "x", type: "diff_added_absent", pattern: "zzz", paths: ["app.js"] };
    expect(await status(found, diffOf(rootMd))).toBe("pass"); // src/app.js is in the tree, at depth
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

describe("compileGlob's cache", () => {
  test("compiles a glob once and refuses a bad one every time it is asked", () => {
    expect(compileGlob("src/**/*.ts")).toBe(compileGlob("src/**/*.ts"));
    expect(compileGlob("src/**/*.ts").matches("src/a/b.ts")).toBe(true);
    for (let i = 0; i < 2; i += 1) expect(() => compileGlob("src/[")).toThrow(/invalid glob/);
  });
});
