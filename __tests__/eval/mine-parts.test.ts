// The pure parts of `eval mine`: which commit a message names as fixed or reverted, git's numstat and
// blame output, the paths a case may hold, and picks.json.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { caseCollision, unsafePath } from "../../src/eval/mine/files.js";
import { parseBlame, parseNumstat, parsePool } from "../../src/eval/mine/history.js";
import { FIX_WORDS, referencesIn } from "../../src/eval/mine/messages.js";
import { caseIdOf, PicksError, readPicks } from "../../src/eval/mine/picks.js";

const SHA = "0123456789abcdef0123456789abcdef01234567";

describe("the commit a message names as the one it fixes or reverts", () => {
  it.each([
    [`Revert "x"\n\nThis reverts commit ${SHA}.`, [[SHA, "revert"]]],
    ['Fixes: 1a2b3c4d5e6f ("parser: accept tabs")', [["1a2b3c4d5e6f", "fix-named"]]],
    ["range: off by one\n\nThe regression from 9f8e7d6 shows on empty input.", [["9f8e7d6", "fix-named"]]],
    ["The loop has run too far since 1234abc broke it.", [["1234abc", "fix-named"]]],
    [
      "Caused by https://github.com/o/r/commit/abcdef0123 last week; fixed here.",
      [["abcdef0123", "fix-named"]],
    ],
    ["introduced in 7654321 and fixed", [["7654321", "fix-named"]]],
  ])("%j", (message, expected) => {
    expect(referencesIn(message).map((r) => [r.ref, r.kind])).toEqual(expected);
  });

  it.each([
    // An issue or pull request number, not a commit.
    "Fixes #1234567",
    // A commit named with no cause on its line: the phrase and the id must share a line.
    "See abc1234 for the background.\n\nThis fixes the tests.",
    // Hex inside a longer word, a version, an e-mail, a path that is not a commit link.
    "fix the deadbeefcafe_handler",
    "fixes v1.2.3-abcdef0",
    "fixed by dev@abcdef0.io",
    "fixes src/abcdef0/x.go",
    // Fewer than seven digits.
    "Fixes: abc123",
    // "fixture", "prefix": not the word.
    "prefix abc1234 with fixtures 1234abc",
  ])("names nothing in %j", (message) => {
    expect(referencesIn(message)).toEqual([]);
  });

  it("returns only ids written in the message, each once, from a line that has a phrase or git's revert line", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(
              "fixes ",
              "broke ",
              "caused by ",
              "This reverts commit ",
              "#",
              "/commit/",
              "\n",
              " ",
              "v",
            ),
            fc.stringMatching(/^[0-9a-f]{5,12}$/),
            fc.string({ maxLength: 8 }),
          ),
          { maxLength: 20 },
        ),
        (parts) => {
          const message = parts.join("");
          const refs = referencesIn(message);
          expect(new Set(refs.map((r) => r.ref)).size).toBe(refs.length);
          for (const r of refs) {
            expect(r.ref).toMatch(/^[0-9a-f]{7,64}$/);
            const line = message
              .split("\n")
              .find(
                (l) =>
                  l.includes(r.ref) &&
                  (r.kind === "revert" ? /This reverts commit/.test(l) : /fix|broke|caused by/i.test(l)),
              );
            expect(line, `${r.ref} in ${JSON.stringify(message)}`).toBeDefined();
          }
        },
      ),
    );
  });

  it("the clean rule's fix words are a wider net than the defect phrases", () => {
    for (const m of ["fix: x", "hotfix", "Bug 12", "regression test", 'Revert "x"', "broken build"])
      expect(FIX_WORDS.test(m), m).toBe(true);
    for (const m of ["prefix", "debugger", "add fixtures"]) expect(FIX_WORDS.test(m), m).toBe(false);
  });
});

describe("git's output, read", () => {
  it("numstat -z: files, renames and binaries", () => {
    expect(parseNumstat("3\t1\tsrc/a b.js\0-\t-\tlogo.png\0" + "2\t0\t\0old name.js\0new ü.js\0")).toEqual([
      { path: "src/a b.js", lines: 4, binary: false },
      { path: "logo.png", lines: 0, binary: true },
      { path: "new ü.js", previousPath: "old name.js", lines: 2, binary: false },
    ]);
  });

  it("log --numstat: a commit's files and lines, renames at their new name", () => {
    const out = `\x1e${SHA}\x1f1700000000\x1fa: b\n\n3\t1\tsrc/{old => new}/x.js\n1\t1\ta.js => b.js\n-\t-\tlogo.png\n`;
    expect(parsePool(out)).toEqual([
      {
        sha: SHA,
        time: 1700000000,
        subject: "a: b",
        files: [
          { path: "src/new/x.js", lines: 4 },
          { path: "b.js", lines: 2 },
          { path: "logo.png", lines: 0 },
        ],
        binary: true,
      },
    ]);
  });

  it("blame --line-porcelain: each line's origin, path and line there", () => {
    const out = [
      `${SHA} 7 12 1`,
      "author A",
      "filename src/old.js",
      "\tconst x = 1;",
      `${"f".repeat(40)} 1 13`,
      "filename src/new.js",
      "\t",
      "",
    ].join("\n");
    expect(parseBlame(out)).toEqual([
      { line: 12, origin: SHA, originLine: 7, originPath: "src/old.js", text: "const x = 1;" },
      { line: 13, origin: "f".repeat(40), originLine: 1, originPath: "src/new.js", text: "" },
    ]);
  });
});

describe("the paths a case may hold", () => {
  it.each([
    ["../etc/passwd", /\.\. segment/],
    ["/etc/passwd", /absolute/],
    ["a/./b", /\. or \.\. segment/],
    ["a//b", /empty/],
    [".git/config", /inside \.git/],
    ["sub/.GIT/hooks/pre-commit", /inside \.git/],
    ["a\\b", /backslash/],
    ["a\nb", /control character/],
    [".gitignore", /\.gitignore file/],
    ["pkg/.gitattributes", /\.gitattributes file/],
  ])("refuses %j", (p, reason) => {
    expect(unsafePath(p)).toMatch(reason);
  });

  it.each(["src/my file.js", "src/ünïcode.js", ".eslintrc.js", ".github/workflows/ci.yml", "a/.gitkeep"])(
    "keeps %j",
    (p) => {
      expect(unsafePath(p)).toBeUndefined();
    },
  );

  it("finds names a case-insensitive disk would write to one file", () => {
    expect(caseCollision(["src/A.js", "src/a.js"])).toMatch(/differ only in case/);
    expect(caseCollision(["src/a.js", "src/a.js", "src/b.js"])).toBeUndefined();
  });
});

describe("picks.json", () => {
  const text = (cases: unknown[]) => JSON.stringify({ name: "n", cases });

  it("reads the starter set's picks and a mined set's", () => {
    const picks = readPicks(
      text([
        {
          repository: "o/r",
          label: "defect",
          head: SHA,
          fix: SHA.slice(0, 12),
          description: "d",
          locate: "x",
        },
        { label: "clean", head: SHA, keep: false },
      ]),
      "p.json",
    );
    expect(picks.cases).toHaveLength(2);
    expect(caseIdOf(picks.cases[0] as never, "ignored")).toBe(`o-r-${SHA.slice(0, 10)}`);
    expect(caseIdOf(picks.cases[1] as never, "My Repo")).toBe(`my-repo-${SHA.slice(0, 10)}`);
  });

  it.each([
    [[{ label: "defect", head: SHA }], /a defect names the commit that fixed it/],
    [[{ label: "clean", head: SHA, fix: SHA }], /a clean case has no fix/],
    [[{ label: "clean", head: SHA, keeep: false }], /keeep/],
    [[{ label: "clean", head: "HEAD~1" }], /a commit id/],
    [[{ label: "defect", head: SHA, fix: SHA, path: "a.js" }], /give path and lines together/],
  ])("refuses %j", (cases, message) => {
    expect(() => readPicks(text(cases), "p.json")).toThrow(PicksError);
    expect(() => readPicks(text(cases), "p.json")).toThrow(message);
  });
});
