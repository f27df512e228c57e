import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changedLines, fileFromPatch, parseUnifiedDiff, unquotePath } from "../../src/diff/parse.js";

// A real `git diff` from a scratch repository, so the parser is tested against git's own output
// (renames, binary files, quoted names, deletions, a file without a final newline).
let repo: string;
let realDiff: string;

function git(...args: string[]): string {
  return execFileSync("git", args, {
    cwd: repo,
    encoding: "utf8",
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1" },
  });
}

beforeAll(() => {
  repo = mkdtempSync(path.join(os.tmpdir(), "vg-diff-"));
  git("init", "-q", "-b", "main");
  git("config", "user.email", "t@example.invalid");
  git("config", "user.name", "t");
  git("config", "core.quotepath", "true");
  writeFileSync(path.join(repo, "keep.txt"), "one\ntwo\nthree\nfour\nfive\n");
  writeFileSync(path.join(repo, "gone.txt"), "bye\n");
  writeFileSync(path.join(repo, "old name.txt"), `${"stable line\n".repeat(20)}`);
  writeFileSync(path.join(repo, "bin.dat"), Buffer.from([0, 1, 2, 3, 0, 255]));
  git("add", "-A");
  git("commit", "-qm", "base");
  writeFileSync(path.join(repo, "keep.txt"), "one\nTWO\nthree\nfour\nfive\nsix");
  rmSync(path.join(repo, "gone.txt"));
  git("mv", "old name.txt", "new name.txt");
  writeFileSync(path.join(repo, "café.txt"), "crème\n");
  writeFileSync(path.join(repo, "bin.dat"), Buffer.from([0, 9, 9, 9, 0, 255]));
  symlinkSync("keep.txt", path.join(repo, "link"));
  git("add", "-A");
  realDiff = git("diff", "--cached", "-M", "main");
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe("parseUnifiedDiff on git's own output", () => {
  it("finds every changed file with its status", () => {
    const diff = parseUnifiedDiff(realDiff);
    const byPath = Object.fromEntries(diff.files.map((f) => [f.path, f]));
    expect(Object.keys(byPath).sort()).toEqual([
      "bin.dat",
      "café.txt",
      "gone.txt",
      "keep.txt",
      "link",
      "new name.txt",
    ]);
    expect(byPath["gone.txt"]?.status).toBe("removed");
    expect(byPath["café.txt"]?.status).toBe("added");
    expect(byPath["new name.txt"]?.status).toBe("renamed");
    expect(byPath["new name.txt"]?.previousPath).toBe("old name.txt");
    expect(byPath["bin.dat"]?.binary).toBe(true);
    expect(byPath["keep.txt"]?.status).toBe("modified");
  });

  it("counts lines and numbers them in the new and old file", () => {
    const keep = parseUnifiedDiff(realDiff).files.find((f) => f.path === "keep.txt");
    expect(keep?.additions).toBe(2);
    expect(keep?.deletions).toBe(1);
    const added = keep?.hunks.flatMap((h) => h.lines).filter((l) => l.kind === "add");
    expect(added?.map((l) => [l.newLine, l.text])).toEqual([
      [2, "TWO"],
      [6, "six"],
    ]);
    expect(keep?.hunks.flatMap((h) => h.lines).some((l) => l.kind === "note")).toBe(true);
    expect(keep?.patchOmitted).toBe(false);
  });

  it("keeps each file's section verbatim, so the sections rebuild the whole diff", () => {
    const diff = parseUnifiedDiff(realDiff);
    expect(`${diff.files.map((f) => f.patch).join("\n")}\n`).toBe(realDiff);
  });
});

describe("parseUnifiedDiff refuses to under-count", () => {
  it("marks a hunk whose counts do not add up as not seen", () => {
    const text = "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n-a\n+b\n";
    const [file] = parseUnifiedDiff(text).files;
    expect(file?.patchOmitted).toBe(true);
  });

  it("marks stray lines after a hunk as not seen", () => {
    const text = "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\ngarbage that is not a diff line\n";
    const [file] = parseUnifiedDiff(text).files;
    expect(file?.patchOmitted).toBe(true);
    expect(file?.additions).toBe(1);
  });

  it("marks a combined merge diff as not seen rather than misreading it", () => {
    const text = "diff --cc x\nindex 1,2..3\n--- a/x\n+++ b/x\n@@@ -1,1 -1,1 +1,1 @@@\n- a\n +b\n++c\n";
    const [file] = parseUnifiedDiff(text).files;
    expect(file?.patchOmitted).toBe(true);
  });

  it("reads plain diff -u output with timestamps", () => {
    const text = "--- x.txt\t2026-01-01 00:00:00\n+++ x.txt\t2026-01-02 00:00:00\n@@ -1 +1,2 @@\n a\n+b\n";
    const [file] = parseUnifiedDiff(text).files;
    expect(file?.path).toBe("x.txt");
    expect(file?.additions).toBe(1);
    expect(file?.patchOmitted).toBe(false);
  });

  it("treats an empty input as no files", () => {
    expect(parseUnifiedDiff("").files).toEqual([]);
    expect(parseUnifiedDiff("just a commit message\n").files).toEqual([]);
  });
});

describe("fileFromPatch (the files API after a 406)", () => {
  it("parses a patch GitHub included", () => {
    const f = fileFromPatch({
      filename: "a.ts",
      status: "modified",
      additions: 1,
      deletions: 1,
      changes: 2,
      patch: "@@ -1 +1 @@\n-x\n+y",
    });
    expect(f.patchOmitted).toBe(false);
    expect(f.hunks[0]?.lines.map((l) => l.kind)).toEqual(["del", "add"]);
    expect(changedLines(f)).toBe(2);
  });

  it("marks a changed file without a patch as not seen", () => {
    const f = fileFromPatch({
      filename: "big.json",
      status: "modified",
      additions: 9000,
      deletions: 0,
      changes: 9000,
    });
    expect(f.patchOmitted).toBe(true);
  });

  it("treats a pure rename without a patch as fully seen", () => {
    const f = fileFromPatch({
      filename: "b.ts",
      previous_filename: "a.ts",
      status: "renamed",
      additions: 0,
      deletions: 0,
      changes: 0,
    });
    expect(f.patchOmitted).toBe(false);
    expect(f.previousPath).toBe("a.ts");
  });
});

describe("unquotePath", () => {
  it("decodes git's C-quoted UTF-8 bytes", () => {
    expect(unquotePath('"caf\\303\\251.txt"')).toBe("café.txt");
    expect(unquotePath('"a\\"b"')).toBe('a"b');
    expect(unquotePath("plain")).toBe("plain");
  });
});
