// Issue 31, item 11: a diff that is not the tree's does not approve. From a subdirectory,
// `git diff --relative HEAD~1 | verdict-gate review` approved: its paths matched nothing in the tree, so
// `tests-with-code` found nothing of `source/**` changed and no context was shown; another repository's
// diff approved the same way. A local round now holds its diff to the tree it reads, by git's own
// account (each file's new blob id, and each hunk's lines where it says) and refuses (exit 2, nothing
// judged, no reviewer asked) naming the files. Every case is a real git repository and git's output.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diffAgainstTree } from "../../src/diff/against-tree.js";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { runCaptured } from "../support/cli-io.js";
import { fakeReviewerCommand } from "../support/reviewers.js";

const work = mkdtempSync(path.join(os.tmpdir(), "vg-diff-tree-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "core.autocrlf=false", ...args], {
    cwd,
    encoding: "utf8",
  });

const CONTRACT = {
  intended_action: "Change the app",
  success_criteria: [
    {
      id: "tests-with-code",
      type: "diff_requires_change",
      when_changed: ["source/**"],
      must_change: ["test/**"],
      description: "A change to source/ comes with a change to test/.",
    },
  ],
};

/** A repository whose last commit changes source/app.js and no test: `tests-with-code` fails on it. */
function repository(name: string, init: string[] = []): string {
  const repo = path.join(work, name);
  mkdirSync(path.join(repo, "source"), { recursive: true });
  mkdirSync(path.join(repo, "test"));
  mkdirSync(path.join(repo, ".github"));
  git(repo, "init", "-q", ...init);
  writeFileSync(path.join(repo, ".github", "verdict-contract.json"), JSON.stringify(CONTRACT));
  writeFileSync(path.join(repo, "source", "app.js"), "export const a = 1;\n");
  writeFileSync(path.join(repo, "test", "app.test.js"), "import './../source/app.js';\n");
  git(repo, "add", ".");
  git(repo, "commit", "-q", "-m", "start");
  writeFileSync(path.join(repo, "source", "app.js"), "export const a = 2;\n");
  git(repo, "commit", "-q", "-am", "change the app, no test");
  return repo;
}

const repo = repository("repo");

async function review(diff: string, cwd: string, reviewer = fakeReviewerCommand("approve-bound")) {
  return runCaptured(["review", "--command", reviewer, "--no-dependencies"], {
    readStdin: async () => Buffer.from(diff, "utf8"),
    stdinPiped: true,
    env: { PATH: process.env.PATH ?? "" },
    cwd,
  });
}

async function check(diff: string, cwd: string) {
  return runCaptured(["check", "--json"], {
    readStdin: async () => Buffer.from(diff, "utf8"),
    stdinPiped: true,
    cwd,
  });
}

/** A reviewer that leaves a mark when it is asked, and approves nothing. */
function marking(name: string) {
  const marker = path.join(work, `${name}.asked`);
  return { command: `sh -c "touch ${marker}"`, asked: () => existsSync(marker) };
}

describe("a diff that is not the tree's does not approve (issue 31, item 11)", () => {
  it("from the top level, `git diff HEAD~1 | verdict-gate review` blocks on tests-with-code", async () => {
    const r = await review(git(repo, "diff", "HEAD~1"), repo);
    expect(r.code, r.err).toBe(3);
    expect(r.out).toContain("FAIL   tests-with-code");
  });

  it("from a subdirectory, `git diff HEAD~1` reads what the top level reads: blocked the same", async () => {
    const sub = path.join(repo, "source");
    const r = await review(git(sub, "diff", "HEAD~1"), sub);
    expect(r.code, r.err).toBe(3);
    expect(r.out).toContain("FAIL   tests-with-code");
    expect(r.out).toContain(`criteria read ${repo}`);
  });

  it("from a subdirectory, `git diff --relative HEAD~1` is refused (exit 2), naming the subdirectory; no reviewer asked", async () => {
    const sub = path.join(repo, "source");
    const reviewer = marking("relative");
    const r = await review(git(sub, "diff", "--relative", "HEAD~1"), sub, reviewer.command);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toBe(
      `verdict-gate review: the diff from standard input is not a change of the tree at ${repo}, so nothing was reviewed (1 of its 1 file disagree):\n` +
        "  app.js: the diff changes it, but the tree has no such file\n" +
        `Its paths are relative to source/ (git diff --relative, or diff.relative in git's config), and the tree is read from its top level ${repo}: make the diff without --relative (git diff names paths from the top level wherever it runs).\n`,
    );
    expect(reviewer.asked()).toBe(false);
  });

  it("`check` refuses the same relative diff piped in (exit 2): its criteria never pass on paths the tree lacks", async () => {
    const sub = path.join(repo, "source");
    const relative = await check(git(sub, "diff", "--relative", "HEAD~1"), sub);
    expect(relative.code).toBe(2);
    expect(relative.err).toContain("is not a change of the tree at");
    expect(relative.err).toContain("Its paths are relative to source/");
    const whole = await check(git(sub, "diff", "HEAD~1"), sub);
    expect(whole.code, whole.err).toBe(3);
    expect(JSON.parse(whole.out).checks[0]).toMatchObject({ id: "tests-with-code", status: "fail" });
  });

  it("another repository's diff piped in is refused (exit 2), naming each file; no reviewer asked", async () => {
    const other = path.join(work, "other");
    mkdirSync(other);
    git(other, "init", "-q");
    writeFileSync(path.join(other, "README.md"), "# other\n");
    git(other, "add", ".");
    git(other, "commit", "-q", "-m", "start");
    writeFileSync(path.join(other, "README.md"), "# other\nmore\n");
    mkdirSync(path.join(other, "lib"));
    writeFileSync(path.join(other, "lib", "x.js"), "x\n");
    git(other, "add", ".");
    const reviewer = marking("other");
    const r = await review(git(other, "diff", "--cached"), repo, reviewer.command);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      `the diff from standard input is not a change of the tree at ${repo}, so nothing was reviewed (2 of its 2 files disagree):\n`,
    );
    expect(r.err).toContain("  README.md: the diff changes it, but the tree has no such file\n");
    expect(r.err).toContain("  lib/x.js: the diff changes it, but the tree has no such file\n");
    expect(r.err).toContain("Judge a diff of this tree: `git diff BASE` in it");
    expect(reviewer.asked()).toBe(false);
  });

  it("a diff of two commits on a tree edited since is refused, naming the blob each side has", async () => {
    const edited = repository("edited");
    writeFileSync(path.join(edited, "source", "app.js"), "export const a = 3;\n");
    const r = await review(git(edited, "diff", "HEAD~1", "HEAD"), edited);
    expect(r.code).toBe(2);
    const theirs = git(edited, "rev-parse", "--short=7", "HEAD:source/app.js").trim();
    const ours = git(edited, "hash-object", "source/app.js").trim().slice(0, 7);
    expect(r.err).toContain(
      `  source/app.js: the tree's file is not the diff's new side (the diff's is blob ${theirs}, the tree's ${ours})\n`,
    );
    // `git diff HEAD~1` (the working tree as the new side) is this tree's change.
    expect((await review(git(edited, "diff", "HEAD~1"), edited)).code).toBe(3);
  });

  it("a staged diff (git diff --cached) with unstaged edits to its file is refused, saying how to put them aside", async () => {
    const staged = repository("staged");
    writeFileSync(path.join(staged, "source", "app.js"), "export const a = 3;\n");
    git(staged, "add", "source/app.js");
    writeFileSync(path.join(staged, "source", "app.js"), "export const a = 4;\n");
    const diff = git(staged, "diff", "--cached");
    const r = await review(diff, staged);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      "a staged one (git diff --cached) the unstaged changes put aside (git stash --keep-index)",
    );
    git(staged, "stash", "-q", "--keep-index");
    expect((await review(diff, staged)).code).toBe(3);
  });

  it("a file the diff deletes and the tree still has is refused", async () => {
    const deleted = repository("deleted");
    git(deleted, "rm", "-q", "test/app.test.js");
    git(deleted, "commit", "-q", "-m", "drop the test");
    const diff = git(deleted, "diff", "HEAD~1", "HEAD");
    mkdirSync(path.join(deleted, "test"), { recursive: true });
    writeFileSync(path.join(deleted, "test", "app.test.js"), "back\n");
    const r = await review(diff, deleted);
    expect(r.code).toBe(2);
    expect(r.err).toContain("  test/app.test.js: the diff deletes it, but the tree has it\n");
  });

  it("a diff without index lines is held to its hunks: the tree's lines, where each hunk says", async () => {
    const plain = git(repo, "diff", "HEAD~1").replace(/^index .*\n/gm, "");
    expect(plain).not.toContain("index ");
    expect((await review(plain, repo)).code).toBe(3);
    const moved = plain.replace("@@ -1 +1 @@", "@@ -2 +2 @@");
    const r = await review(moved, repo);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      "  source/app.js: the tree's file is not the diff's new side: line 2 is not the diff's",
    );
  });

  it("an index line that matches the tree does not vouch for hunks that do not", async () => {
    const forged = git(repo, "diff", "HEAD~1").replace("+export const a = 2;", "+export const a = 9;");
    const r = await review(forged, repo);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      "  source/app.js: the tree's file is not the diff's new side: line 1 is not the diff's",
    );
  });

  it("is the tree's change in a SHA-256 repository, and in a work tree git writes with CRLF", async () => {
    const sha256 = repository("sha256", ["--object-format=sha256"]);
    const diff = git(sha256, "diff", "HEAD~1");
    expect(diff).toMatch(/^index [0-9a-f]{7,}\.\.[0-9a-f]{7,}/m);
    expect((await review(diff, sha256)).code).toBe(3);

    const crlf = repository("crlf");
    writeFileSync(path.join(crlf, ".gitattributes"), "*.js text eol=crlf\n");
    git(crlf, "add", ".gitattributes");
    git(crlf, "commit", "-q", "-m", "crlf");
    unlinkSync(path.join(crlf, "source", "app.js"));
    git(crlf, "checkout", "--", "source/app.js");
    const tree = openTree(crlf);
    expect(Buffer.from((await tree.read("source/app.js")).bytes).toString()).toBe("export const a = 2;\r\n");
    const mismatches = await diffAgainstTree(parseUnifiedDiff(git(crlf, "diff", "HEAD~2", "HEAD")), tree);
    expect(mismatches).toEqual([]);
  });
});
