// A diff is parsed as git wrote it, or refused: real git output under every prefix git writes
// (a/ b/, --no-prefix and diff.noprefix, -R, the mnemonic c/ i/ w/ o/ pairs) reads under git's own
// names and counts; a prefix git does not write by itself (--src-prefix/--dst-prefix) is refused.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import { createHostileRepo, type HostileRepo, parseNumstat } from "./hostile-repo.js";

let repo: HostileRepo;
let scratch: string;
let headIndex: string;
let baseIndex: string;
beforeAll(() => {
  repo = createHostileRepo();
  scratch = mkdtempSync(path.join(os.tmpdir(), "vg-prefix-"));
  headIndex = path.join(scratch, "index-head");
  baseIndex = path.join(scratch, "index-base");
  repo.git(["read-tree", repo.head], { env: { GIT_INDEX_FILE: headIndex } });
  repo.git(["read-tree", repo.base], { env: { GIT_INDEX_FILE: baseIndex } });
});
afterAll(() => {
  repo.remove();
  rmSync(scratch, { recursive: true, force: true });
});

/** git's output for `args`, parsed, against git's numstat for the same command. */
function readsAsGit(config: readonly string[], args: readonly string[], index?: string): string[] {
  const env: Record<string, string> = index === undefined ? {} : { GIT_INDEX_FILE: index };
  const text = repo.git([...config, "diff", ...args], { env });
  const numstat = parseNumstat(repo.git([...config, "diff", "--numstat", "-z", ...args], { env }));
  const diff = parseUnifiedDiff(text);
  expect(diff.files.map((f) => f.malformed).filter((m) => m !== undefined)).toEqual([]);
  expect(diff.files.map((f) => f.path).sort()).toEqual(numstat.map((e) => e.path).sort());
  for (const entry of numstat) {
    const file = diff.files.find((f) => f.path === entry.path);
    expect(file?.previousPath, entry.path).toBe(entry.from);
    if (entry.additions !== null) {
      expect([file?.additions, file?.deletions], entry.path).toEqual([entry.additions, entry.deletions]);
    } else {
      expect(file?.binary, entry.path).toBe(true);
    }
  }
  expect(numstat.length).toBeGreaterThan(0);
  return text.split("\n").filter((l) => l.startsWith("diff --git "));
}

const MNEMONIC = ["-c", "diff.mnemonicPrefix=true"];

describe("git's prefixes", () => {
  it("reads a/ b/ and, reversed, b/ a/", () => {
    expect(readsAsGit([], ["-M", repo.base, repo.head])[0]).toMatch(/^diff --git "?a\//);
    expect(readsAsGit([], ["-M", "-R", repo.base, repo.head])[0]).toMatch(/^diff --git "?b\//);
  });

  it("reads --no-prefix and diff.noprefix as written, so the directory b/ keeps its name", () => {
    const lines = readsAsGit([], ["-M", "--no-prefix", repo.base, repo.head]);
    expect(lines).toContain("diff --git b/inner.txt b/inner.txt");
    readsAsGit(["-c", "diff.noprefix=true"], ["-M", repo.base, repo.head]);
    const diff = parseUnifiedDiff(repo.git(["diff", "--no-prefix", repo.base, repo.head]));
    expect(diff.files.map((f) => f.path)).toEqual(expect.arrayContaining(["b/inner.txt", "a/b/deep.txt"]));
  });

  it("reads the mnemonic pairs c/ i/, c/ w/, i/ w/ and their reverses", () => {
    expect(readsAsGit(MNEMONIC, ["-M", "--cached", repo.base], headIndex)[0]).toMatch(/^diff --git "?c\//);
    expect(readsAsGit(MNEMONIC, ["-M", "--cached", "-R", repo.base], headIndex)[0]).toMatch(
      /^diff --git "?i\//,
    );
    expect(readsAsGit(MNEMONIC, ["-M", repo.base])[0]).toMatch(/^diff --git "?c\/.* "?w\//);
    expect(readsAsGit(MNEMONIC, ["-M", "-R", repo.base])[0]).toMatch(/^diff --git "?w\//);
    // Index at the base, work tree at the head: i/ against w/ (new files are untracked, so absent).
    expect(readsAsGit(MNEMONIC, ["-M"], baseIndex)[0]).toMatch(/^diff --git "?i\//);
    expect(readsAsGit(MNEMONIC, ["-M", "-R"], baseIndex)[0]).toMatch(/^diff --git "?w\//);
  });

  it("reads o/ w/ (an object against a file)", () => {
    const lines = readsAsGit(MNEMONIC, [`${repo.base}:b/inner.txt`, "b/inner.txt"]);
    expect(lines).toEqual(["diff --git o/b/inner.txt w/b/inner.txt"]);
  });

  it("reads 1/ 2/ when both sides name one path", () => {
    const text =
      "diff --git 1/b/x 2/b/x\nindex 1111111..2222222 100644\n--- 1/b/x\n+++ 2/b/x\n@@ -1 +1 @@\n-a\n+b\n";
    expect(parseUnifiedDiff(text).files.map((f) => [f.path, f.malformed])).toEqual([["b/x", undefined]]);
  });

  it("refuses a prefix git does not write by itself, naming the header", () => {
    const text = repo.git(["diff", "--src-prefix=SRC/", "--dst-prefix=DST/", repo.base, repo.head]);
    const files = parseUnifiedDiff(text).files;
    expect(files.length).toBeGreaterThan(10);
    for (const f of files)
      expect(f.malformed).toMatch(/^the header at line \d+ \(.*\) cannot be read with certainty/);
  });

  it("refuses a --no-index diff of two differently named files: nothing says which one is the file", () => {
    const [file] = parseUnifiedDiff(
      "diff --git 1/x.orig 2/x\nindex 1111111..2222222 100644\n--- 1/x.orig\n+++ 2/x\n@@ -1 +1 @@\n-a\n+b\n",
    ).files;
    expect(file?.malformed).toMatch(/cannot be read with certainty/);
    expect(file?.patchOmitted).toBe(true);
  });
});
