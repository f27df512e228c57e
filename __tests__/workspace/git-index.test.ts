// The tracked files the reviewer's context may show, read from git's index without running git, with
// git itself as the oracle: what `git ls-files` lists as a regular file is what the parser lists, for
// index versions 2 and 4 and a SHA-256 repository; symlinks, submodules and sparse-checkout entries
// are left out; a damaged index never throws. And the tree port's two context reads: the tracked list
// (a walk when there is no index) and a read that never follows a symlink, even one inside the tree.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { TreeError } from "../../src/ports/tree.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { parseIndex } from "../../src/workspace/git-index.js";
import { makeTree } from "../criteria/fixture-tree.js";
import { indexOf } from "../support/git-index.js";

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_CONFIG_NOSYSTEM: "1",
      HOME: cwd,
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@e",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@e",
    },
  });
}

/** The regular files git lists, not marked skip-worktree: `git ls-files -s -t -z`. */
function gitRegularFiles(cwd: string): string[] {
  const out = git(cwd, "-c", "core.quotepath=off", "ls-files", "-s", "-t", "-z");
  return out
    .split("\0")
    .filter((l) => l !== "")
    .map((l) => /^(\S) (\d+) \S+ (\d)\t(.*)$/s.exec(l) as RegExpExecArray)
    .filter((m) => m[1] !== "S" && (m[2] === "100644" || m[2] === "100755") && m[4] !== undefined)
    .map((m) => m[4] as string);
}

/** A repository with regular, executable, nested and non-ASCII files, a symlink and a submodule-like
 * gitlink, and one file a sparse checkout skips. */
function repository(objectFormat: "sha1" | "sha256" = "sha1"): string {
  const { root } = makeTree({
    "README.md": "# r\n",
    "src/a.ts": "export const a = 1;\n",
    "src/deep/b.ts": "export const b = 2;\n",
    "src/café.ts": "export const c = 3;\n",
    "bin/run.sh": "#!/bin/sh\n",
    "skipped.txt": "sparse\n",
    "link.ts": { symlink: "src/a.ts" },
  });
  git(root, "init", "-q", `--object-format=${objectFormat}`);
  execFileSync("chmod", ["+x", path.join(root, "bin/run.sh")]);
  git(root, "add", "-A");
  // A gitlink, as a submodule adds one, without a second repository.
  const zero = objectFormat === "sha1" ? "1".repeat(40) : "1".repeat(64);
  git(root, "update-index", "--add", "--cacheinfo", `160000,${zero},vendor/sub`);
  git(root, "update-index", "--skip-worktree", "skipped.txt");
  return root;
}

describe("parseIndex, against git", () => {
  test.each([
    ["version 2", "sha1", undefined],
    ["version 3 (an extended flag)", "sha1", "3"],
    ["version 4 (paths prefix-compressed)", "sha1", "4"],
    ["a SHA-256 repository", "sha256", undefined],
  ] as const)("lists the regular files git lists: %s", (_name, format, version) => {
    const root = repository(format);
    if (version !== undefined) git(root, "update-index", "--index-version", version);
    const bytes = readFileSync(path.join(root, ".git", "index"));
    const parsed = parseIndex(bytes, 1_000, format === "sha256" ? 32 : 20);
    expect(parsed.truncated).toBe(false);
    expect(parsed.paths).toEqual(gitRegularFiles(root));
    expect(parsed.paths).toContain("src/café.ts");
    // The symlink, the gitlink and the sparse entry are git's, but never the context's.
    for (const left of ["link.ts", "vendor/sub", "skipped.txt"]) expect(parsed.paths).not.toContain(left);
    expect(git(root, "ls-files")).toMatch(/link\.ts/);
  });

  test("stops at the limit and says so", () => {
    const root = repository();
    const parsed = parseIndex(readFileSync(path.join(root, ".git", "index")), 2);
    expect(parsed).toEqual({ paths: gitRegularFiles(root).slice(0, 2), truncated: true });
  });

  test("the tests' index writer writes what git reads", () => {
    const { root } = makeTree({});
    git(root, "init", "-q");
    const paths = ["b.ts", "a/z.ts", "a/b/c.ts", "ä.md"];
    writeFileSync(path.join(root, ".git", "index"), indexOf(paths));
    expect(git(root, "-c", "core.quotepath=off", "ls-files").trim().split("\n")).toEqual(
      [...paths].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))),
    );
    expect(parseIndex(indexOf(paths), 10).paths).toEqual(gitRegularFiles(root));
  });

  test("never throws on damaged bytes, and lists no more than it was given", () => {
    const good = indexOf(["a.ts", "b/c.ts", "d.ts"]);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.nat(good.length), (noise, cut) => {
        for (const bytes of [noise, good.subarray(0, cut), Buffer.concat([good.subarray(0, cut), noise])]) {
          const parsed = parseIndex(bytes, 100);
          expect(parsed.paths.length).toBeLessThanOrEqual(3 + noise.length);
        }
      }),
      { numRuns: 300 },
    );
    expect(parseIndex(good.subarray(0, 40), 10)).toMatchObject({ truncated: true });
  });
});

describe("the tree port's context reads", () => {
  test("trackedFiles: git's index when there is one, untracked files left out", async () => {
    const root = repository();
    writeFileSync(path.join(root, "untracked.ts"), "export const u = 1;\n");
    const tracked = await openTree(root).trackedFiles?.(1_000);
    expect(tracked).toEqual({ paths: gitRegularFiles(root), truncated: false, from: "index" });
  });

  test("trackedFiles: a worktree's index, through its .git file", async () => {
    const root = repository();
    git(root, "commit", "-q", "-m", "one");
    const other = path.join(path.dirname(root), "wt");
    git(root, "worktree", "add", "-q", other);
    const tracked = await openTree(other).trackedFiles?.(1_000);
    expect(tracked?.from).toBe("index");
    expect(tracked?.paths).toEqual(gitRegularFiles(other));
  });

  test("trackedFiles: without an index, a walk that skips dot-directories, node_modules and symlinks", async () => {
    const { root } = makeTree({
      "src/a.ts": "a",
      "src/z/b.ts": "b",
      "node_modules/x/index.js": "x",
      ".cache/c.js": "c",
      ".github/workflows/ci.yml": "y",
      "link.ts": { symlink: "src/a.ts" },
      dirlink: { symlink: "src" },
      "top.md": "t",
    });
    expect(await openTree(root).trackedFiles?.(100)).toEqual({
      paths: ["src/a.ts", "src/z/b.ts", "top.md"],
      truncated: false,
      from: "walk",
    });
    expect(await openTree(root).trackedFiles?.(2)).toMatchObject({ truncated: true });
  });

  test("readNoFollow reads a regular file, capped", async () => {
    const { root } = makeTree({ "src/a.ts": "0123456789" });
    const read = await openTree(root).readNoFollow?.("src/a.ts", 4);
    expect(Buffer.from(read?.bytes ?? []).toString()).toBe("0123");
    expect(read).toMatchObject({ size: 10, truncated: true });
  });

  test.each([
    ["the file itself", "link.ts"],
    ["a directory on the way", "dirlink/a.ts"],
  ])("readNoFollow never follows a symlink, even one inside the tree: %s", async (_what, asked) => {
    const { root } = makeTree({
      "src/a.ts": "a",
      "link.ts": { symlink: "src/a.ts" },
      dirlink: { symlink: "src" },
    });
    const tree = openTree(root);
    // read() follows a link that stays inside; the context's read does not.
    expect(Buffer.from((await tree.read(asked)).bytes).toString()).toBe("a");
    await expect(tree.readNoFollow?.(asked, 100)).rejects.toThrow(TreeError);
    await expect(tree.readNoFollow?.(asked, 100)).rejects.toThrow(/symlink/);
  });

  test("readNoFollow refuses what is outside the tree or not a regular file", async () => {
    const { root } = makeTree({ d: { dir: true } }, { "secret.txt": "s" });
    mkdirSync(path.join(root, "e"));
    symlinkSync(path.join(root, "..", "secret.txt"), path.join(root, "e", "out"));
    const tree = openTree(root);
    for (const asked of ["../secret.txt", "/etc/passwd", "d", "e/out", "missing.ts"]) {
      await expect(tree.readNoFollow?.(asked, 100), asked).rejects.toThrow(TreeError);
    }
  });
});
