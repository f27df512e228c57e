// Errors a person meets in their first hour, each with the exact text they now see (issue 27): what
// happened, in words, and what to run instead. In-process through the command frame; every one is a
// usage error (exit 2) or a note, never an internal error and never a silent wait.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCaptured } from "../support/cli-io.js";
import { addFile, blobId } from "../support/local-diff.js";
import { fakeReviewerCommand } from "../support/reviewers.js";
import { GREET_DIFF } from "./review-support.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "vg-words-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CONTRACT = JSON.stringify({ intended_action: "x", success_criteria: [] });
writeFileSync(path.join(dir, "contract.json"), CONTRACT);

function run(args: string[], options: { stdin?: string | Buffer; cwd?: string; stdinTty?: boolean } = {}) {
  return runCaptured(args, {
    readStdin: async () =>
      Buffer.isBuffer(options.stdin) ? options.stdin : Buffer.from(options.stdin ?? "", "utf8"),
    stdinIsTTY: options.stdinTty ?? false,
    env: { PATH: process.env.PATH ?? "" },
    cwd: options.cwd ?? dir,
  });
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
  });

describe("a reviewer named as a provider", () => {
  it("--provider gemini is an unknown provider with the flags that reach Gemini, not a missing key", async () => {
    const r = await run(["review", "--provider", "gemini", "--model", "gemini-2.5-pro"], {
      stdin: GREET_DIFF,
    });
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      "verdict-gate review: --provider gemini: unknown provider; the gate has openai, anthropic, command, and reaches gemini with --provider openai --base-url https://generativelanguage.googleapis.com/v1beta/openai --model gemini-2.5-pro --api-key-env GEMINI_API_KEY (docs/reviewers.md)\n",
    );
    expect(r.err).not.toContain("API key:");
  });

  it("a typo gets a did-you-mean", async () => {
    const r = await run(["review", "--provider", "antrhopic", "--model", "x"], { stdin: GREET_DIFF });
    expect(r.err).toBe(
      "verdict-gate review: --provider antrhopic: unknown provider; the gate has openai, anthropic, command; did you mean anthropic?\n",
    );
  });
});

describe("files that cannot be read, in words", () => {
  it.each([
    [["check", "--diff", "/", "contract.json"], "--diff /: cannot read it: it is a directory, not a file"],
    [
      ["check", "--diff", "missing.patch", "contract.json"],
      "--diff missing.patch: cannot read it: there is no such file or directory",
    ],
    [["check", "."], "cannot read the contract .: it is a directory, not a file"],
    [["check", "--verify-evidence", "."], "cannot read the evidence bundle .: it is a directory, not a file"],
  ])("%j says %j", async (args, said) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(said);
    // No Node error code (ENOENT, EISDIR) in what a person reads. The note names the working
    // directory, a random temporary one: `vg-words-BESXJv` held "ESXJ", and the test failed one run in
    // a few hundred. The directory's name is the test's, not the message's, so it is left out.
    expect(r.err.replaceAll(dir, "<dir>")).not.toMatch(/E[A-Z]{3,}|illegal operation|internal error/);
  });
});

describe("an explicit --contract from a subdirectory", () => {
  it("is read from the current directory, and the error says the top level has it and what to write", async () => {
    const repo = mkdtempSync(path.join(dir, "repo-"));
    mkdirSync(path.join(repo, ".git"));
    mkdirSync(path.join(repo, ".github"));
    mkdirSync(path.join(repo, "src"));
    writeFileSync(path.join(repo, ".github", "verdict-contract.json"), CONTRACT);
    const r = await run(["check", "--contract", ".github/verdict-contract.json"], {
      cwd: path.join(repo, "src"),
    });
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `verdict-gate check: cannot read the contract .github/verdict-contract.json: there is no such file or directory (a path you name is read from the current directory, ${path.join(repo, "src")}; the repository's top level has .github/verdict-contract.json: name it ../.github/verdict-contract.json)\n`,
    );
    // Named as it says, it is read.
    const ok = await run(["check", "--contract", "../.github/verdict-contract.json"], {
      cwd: path.join(repo, "src"),
    });
    expect(ok.err).not.toContain("cannot read");
  });
});

describe("diffs the gate does not judge, refused saying why and what to run", () => {
  const repo = mkdtempSync(path.join(dir, "git-"));
  git(repo, "init", "-q");
  git(repo, "commit", "-q", "--allow-empty", "-m", "start");
  writeFileSync(path.join(repo, "a.txt"), "a\n");
  git(repo, "add", "a.txt");
  git(repo, "commit", "-q", "-m", "one");
  writeFileSync(path.join(repo, "b.txt"), "b\n");
  git(repo, "add", "b.txt");
  git(repo, "commit", "-q", "-m", "two");

  it("a coloured diff (git diff --color=always)", async () => {
    const coloured = git(repo, "diff", "--color=always", "HEAD~2");
    const r = await run(["check", "contract.json", "--base-path", ".", "--diff", "-"], { stdin: coloured });
    expect(r.code).toBe(2);
    expect(r.err.split("\n")[0]).toBe(
      "verdict-gate check: the diff from standard input has terminal colour codes in it (git diff --color=always, or color.diff=always in git's config): make it with --no-color (git diff --no-color main | verdict-gate check CONTRACT …)",
    );
  });

  it("a series of patches (git format-patch of two commits)", async () => {
    const series = git(repo, "format-patch", "--stdout", "-2");
    const r = await run(["check", "contract.json", "--base-path", ".", "--diff", "-"], { stdin: series });
    expect(r.code).toBe(2);
    expect(r.err.split("\n")[0]).toBe(
      "verdict-gate check: the input from standard input is a series of 2 patches (git format-patch): the gate judges one change, and a file two commits touch would be judged twice, in parts. Pass the whole change as one diff (git diff BASE..HEAD), or one commit (git format-patch -1 --stdout COMMIT)",
    );
    // One commit's patch is one change: read.
    const one = await run(["check", "contract.json", "--base-path", ".", "--diff", "-"], {
      stdin: git(repo, "format-patch", "--stdout", "-1"),
    });
    expect(one.err).not.toContain("series");
  });

  it("an empty diff file is empty, not 'nothing was piped in'", async () => {
    writeFileSync(path.join(dir, "empty.patch"), "");
    const r = await run(["check", "contract.json", "--base-path", ".", "--diff", "empty.patch"]);
    expect(r.code).toBe(2);
    expect(r.err.split("\n")[0]).toBe(
      "verdict-gate check: the diff in empty.patch is empty: nothing changed between what the command that wrote it compared",
    );
  });
});

describe("bytes that are not UTF-8 in a diff", () => {
  it("are read as U+FFFD, and the round says so", async () => {
    const file = Buffer.concat([Buffer.from("caf"), Buffer.from([0xe9]), Buffer.from("\nplain\n")]);
    mkdirSync(path.join(dir, "src"), { recursive: true });
    writeFileSync(path.join(dir, "src", "latin1.txt"), file);
    const diff = Buffer.concat([
      Buffer.from(
        `diff --git a/src/latin1.txt b/src/latin1.txt\nnew file mode 100644\nindex 0000000..${blobId(file).slice(0, 7)}\n--- /dev/null\n+++ b/src/latin1.txt\n@@ -0,0 +1,2 @@\n+caf`,
      ),
      Buffer.from([0xe9]),
      Buffer.from("\n+plain\n"),
    ]);
    const r = await run(["review", "--command", fakeReviewerCommand("approve-bound"), "--no-dependencies"], {
      stdin: diff,
    });
    expect(r.out).toContain(
      "note: The change: 1 line of the diff (src/latin1.txt) holds bytes that are not UTF-8 (first at line 7); each such byte was read as U+FFFD (�), which is what the reviewer saw and what the criteria matched.",
    );
  });

  it("check says so too: its diff criteria match the U+FFFD", async () => {
    const file = Buffer.concat([Buffer.from("caf"), Buffer.from([0xe9, 0x0a])]);
    writeFileSync(path.join(dir, "a.txt"), file);
    const diff = Buffer.concat([
      Buffer.from(
        `diff --git a/a.txt b/a.txt\nnew file mode 100644\nindex 0000000..${blobId(file).slice(0, 7)}\n--- /dev/null\n+++ b/a.txt\n@@ -0,0 +1 @@\n+caf`,
      ),
      Buffer.from([0xe9, 0x0a]),
    ]);
    const r = await run(["check", "contract.json", "--base-path", ".", "--diff", "-"], { stdin: diff });
    expect(r.err).toContain(
      "verdict-gate check: note: 1 line of the diff (a.txt) holds bytes that are not UTF-8 (first at line 7); each such byte was read as U+FFFD (�), which is what the reviewer saw and what the criteria matched\n",
    );
  });

  it("a U+FFFD the diff really holds is text, not a note", async () => {
    const tree = mkdtempSync(path.join(dir, "fffd-"));
    const diff = addFile(tree, "a.txt", "\uFFFD\n");
    const r = await run(["review", "--command", fakeReviewerCommand("approve-bound"), "--no-dependencies"], {
      stdin: diff,
      cwd: tree,
    });
    expect(r.code, r.err).toBe(0);
    expect(r.out).not.toContain("not UTF-8");
  });
});

describe("a command reading a terminal says so, instead of waiting in silence", () => {
  it("verdict", async () => {
    const r = await run(["verdict"], { stdinTty: true, stdin: "===VERDICT=== APPROVE\n" });
    expect(r.err).toBe(
      "verdict-gate verdict: reading a reply from the terminal: paste it, then press Ctrl-D on a line of its own (or pipe one in: my-reviewer < prompt.txt | verdict-gate verdict)\n",
    );
    expect(r.code).toBe(0);
  });

  it("check --diff -", async () => {
    // The tree GREET_DIFF is the change of: a diff is checked only there.
    mkdirSync(path.join(dir, "src"), { recursive: true });
    writeFileSync(
      path.join(dir, "src", "greet.js"),
      'export function greet(name) {\n  return "hello " + name;\n}\n',
    );
    const r = await run(["check", "contract.json", "--base-path", ".", "--diff", "-"], {
      stdinTty: true,
      stdin: GREET_DIFF,
    });
    expect(r.err).toBe(
      "reading a diff from the terminal: paste it, then press Ctrl-D (or pipe one in: git diff main | verdict-gate check CONTRACT …)\n",
    );
  });
});
