// Whether a diff is the change of a tree (src/diff/against-tree.ts), against git itself: every diff
// git writes between two commits is the change of the later one's checkout, whatever the names,
// renames, modes, links, binaries, CRLF and missing final newlines in it (the hostile repository of
// the parser's tests); and the same diff is not the change of the earlier commit's checkout, nor of
// the later one with one byte edited.
import { cpSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diffAgainstTree } from "../../src/diff/against-tree.js";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { createHostileRepo, type HostileRepo } from "./hostile-repo.js";

let repo: HostileRepo;
let scratch: string;
beforeAll(() => {
  repo = createHostileRepo();
  scratch = mkdtempSync(path.join(os.tmpdir(), "vg-against-tree-"));
});
afterAll(() => {
  repo.remove();
  rmSync(scratch, { recursive: true, force: true });
});

/** A checkout of `commit` in a directory of its own (no .git: the tree as the criteria read it). */
function checkout(name: string, commit: string): string {
  const dir = path.join(scratch, name);
  repo.git(["worktree", "add", "-q", "--detach", dir, commit]);
  rmSync(path.join(dir, ".git"));
  return dir;
}

const CONFIGS = [
  ["-M", "true"],
  ["-M", "false"],
  ["--no-renames", "true"],
  ["--no-renames", "false"],
] as const;

describe("a diff against the tree it is judged in", () => {
  it.each(CONFIGS)(
    "git diff %s (core.quotepath=%s) BASE HEAD is HEAD's tree's change, every file",
    async (renames, quote) => {
      const head = checkout(`head${renames}${quote}`, repo.head);
      const text = repo.git(["-c", `core.quotepath=${quote}`, "diff", renames, repo.base, repo.head]);
      const diff = parseUnifiedDiff(text);
      expect(diff.files.length).toBeGreaterThan(20);
      expect(await diffAgainstTree(diff, openTree(head))).toEqual([]);
    },
  );

  it("is not the base's tree's change: each file it changes or adds disagrees, each it deletes is there", async () => {
    const base = checkout("base", repo.base);
    const diff = parseUnifiedDiff(repo.git(["diff", "-M", repo.base, repo.head]));
    const mismatches = await diffAgainstTree(diff, openTree(base));
    const by = new Map(mismatches.map((m) => [m.path, m.why]));
    expect(by.get("keep.txt")).toMatch(
      /^the tree's file is not the diff's new side \(the diff's is blob [0-9a-f]{7,}/,
    );
    expect(by.get("gone.txt")).toBe("the diff deletes it, but the tree has it");
    expect(by.get("empty-added")).toBe("the diff changes it, but the tree has no such file");
    expect(by.get("new name.txt")).toBe("the diff changes it, but the tree has no such file");
  });

  it("one byte edited in a changed file, or a deleted file put back, disagrees", async () => {
    const head = checkout("edited", repo.head);
    const diff = parseUnifiedDiff(repo.git(["diff", "-M", repo.base, repo.head]));
    writeFileSync(path.join(head, "keep.txt"), "one\nTWO\nthree\nfour\nfive\nsiX");
    writeFileSync(path.join(head, "gone.txt"), "bye\n");
    const mismatches = await diffAgainstTree(diff, openTree(head));
    expect(mismatches.map((m) => m.path).sort()).toEqual(["gone.txt", "keep.txt"]);
  });

  it("a link is there when its name is, dangling or not; a link the tree lacks disagrees", async () => {
    const head = checkout("links", repo.head);
    const diff = parseUnifiedDiff(repo.git(["diff", "-M", repo.base, repo.head]));
    // link-changed points at gone.txt, which the head deleted: dangling, and still the diff's.
    expect(await diffAgainstTree(diff, openTree(head))).toEqual([]);
    unlinkSync(path.join(head, "link-added"));
    expect(await diffAgainstTree(diff, openTree(head))).toEqual([
      { path: "link-added", why: "the diff changes it, but the tree has no such file", absent: true },
    ]);
    symlinkSync("/etc/passwd", path.join(head, "link-added"));
    expect(await diffAgainstTree(diff, openTree(head))).toEqual([]);
  });

  it("a link that becomes a file (two sections under one name) is the tree's change", async () => {
    const dir = path.join(scratch, "typechange");
    cpSync(repo.dir, dir, { recursive: true, verbatimSymlinks: true });
    const git = (...args: string[]) => repo.git(args, { cwd: dir });
    unlinkSync(path.join(dir, "link-added"));
    writeFileSync(path.join(dir, "link-added"), "a file now\n");
    const diff = parseUnifiedDiff(git("diff", "HEAD"));
    expect(diff.files.filter((f) => f.path === "link-added").map((f) => f.status)).toEqual([
      "removed",
      "added",
    ]);
    expect(await diffAgainstTree(diff, openTree(dir))).toEqual([]);
  });
});
