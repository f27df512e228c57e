// A repository with known fixes and reverts, built with git in a temporary directory, for `eval mine`:
// two changes that later commits name as broken (one fixed, one reverted), clean changes of several
// sizes, and the hostile inputs a clone can hold — a symlink out of the tree, a binary file, a file
// over 1 MB, names with spaces, non-ASCII letters and a leading dot — and a .git/config and
// .gitattributes that would run a program (a diff driver's textconv and command, an external diff, a
// pager, core.fsmonitor, a signature program, hooks) if git ever read them. Every commit has a fixed
// author, committer and date, so the ids are the same on every run and every machine.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface MinedRepo {
  readonly dir: string;
  /** The file a program the clone names would create if it ever ran. */
  readonly pwned: string;
  /** Commit ids by the name each step gives it. */
  readonly sha: Readonly<Record<string, string>>;
  cleanup(): void;
}

/** `n` lines `export const NAMEk = k;`, with the values `over` gives instead. */
function lines(prefix: string, n: number, over: Readonly<Record<number, number>> = {}): string {
  return Array.from(
    { length: n },
    (_, i) => `export const ${prefix}${i + 1} = ${over[i + 1] ?? i + 1};`,
  ).join("\n");
}

const FORMAT_TAIL = "\n// formats\n// end\n// of file\n";

export function makeMinedRepo(): MinedRepo {
  const root = mkdtempSync(path.join(os.tmpdir(), "vg-mine-repo-"));
  const dir = path.join(root, "clone");
  mkdirSync(dir);
  const home = path.join(root, "home");
  mkdirSync(home);
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    LC_ALL: "C",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: os.devNull,
    GIT_AUTHOR_NAME: "A Developer",
    GIT_AUTHOR_EMAIL: "dev@example.com",
    GIT_COMMITTER_NAME: "A Developer",
    GIT_COMMITTER_EMAIL: "dev@example.com",
  };
  const git = (args: string[], date?: string) =>
    execFileSync("git", ["-C", dir, ...args], {
      env: date === undefined ? env : { ...env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }).trim();
  const write = (file: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  };
  const sha: Record<string, string> = {};
  const commit = (name: string, message: string, date: string) => {
    git(["add", "-A"]);
    git(["commit", "-q", "--no-gpg-sign", "-m", message], `${date}T12:00:00Z`);
    sha[name] = git(["rev-parse", "HEAD"]);
    return sha[name] as string;
  };

  git(["init", "-q", "-b", "main"]);
  write(
    "src/range.js",
    [
      "// Numbers from start to end.",
      "export function range(start, end, step = 1) {",
      "  const out = [];",
      "  for (let i = start; i < end; i += step) {",
      "    out.push(i);",
      "  }",
      "  return out;",
      "}",
      "",
    ].join("\n"),
  );
  write("src/format.js", `${lines("format", 12)}\n`);
  write("src/math.js", `${lines("math", 12)}\n`);
  write("src/my file.js", `${lines("spaced", 6)}\n`);
  write("src/ünïcode.js", `${lines("unicode", 6)}\n`);
  write(".eslintrc.js", "export default { rules: {} };\n");
  write("data/big.txt", `${"x".repeat(1_100_000)}\n`);
  write("README.md", "# a library\n");
  write("LICENSE", "Permission is hereby granted, free of charge, to any person obtaining a copy\n");
  commit("root", "Start the library", "2022-01-01");

  // A change that breaks range: negative steps, and `<=` runs one past the end.
  write(
    "src/range.js",
    [
      "// Numbers from start to end.",
      "export function range(start, end, step = 1) {",
      "  const out = [];",
      "  if (step < 0) {",
      "    for (let i = start; i > end; i += step) out.push(i);",
      "    return out;",
      "  }",
      "  for (let i = start; i <= end; i += step) {",
      "    out.push(i);",
      "  }",
      "  return out;",
      "}",
      "",
    ].join("\n"),
  );
  commit("rangeChange", "range: negative steps", "2022-02-01");

  // A change later reverted.
  write(
    "src/slug.js",
    [
      "export function slugify(text) {",
      "  return text",
      "    .toLowerCase()",
      "    .replace(/[^a-z0-9]+/g, '-')",
      "    .replace(/^-|-$/g, '');",
      "}",
      "",
    ].join("\n"),
  );
  commit("slugChange", "slug: add slugify", "2022-03-01");

  // A clean change of 6 code lines, later changed by a bug fix: not clean.
  write("src/math.js", `${lines("math", 12, { 3: 30, 4: 40, 5: 50 })}\n`);
  commit("touchedLater", "math: new constants", "2022-03-15");

  // The fix: names the change by its short id; changes the line it wrote.
  write(
    "src/range.js",
    [
      "// Numbers from start to end.",
      "export function range(start, end, step = 1) {",
      "  const out = [];",
      "  if (step < 0) {",
      "    for (let i = start; i > end; i += step) out.push(i);",
      "    return out;",
      "  }",
      "  for (let i = start; i < end; i += step) {",
      "    out.push(i);",
      "  }",
      "  return out;",
      "}",
      "",
    ].join("\n"),
  );
  commit(
    "rangeFix",
    `range: end is exclusive again\n\nThe loop has run one past the end since ${sha.rangeChange?.slice(0, 9)} broke it.`,
    "2022-04-01",
  );

  // git's own revert of the slug change.
  rmSync(path.join(dir, "src/slug.js"));
  commit(
    "slugRevert",
    `Revert "slug: add slugify"\n\nThis reverts commit ${sha.slugChange}.\nIt broke the URL of every page.`,
    "2022-04-15",
  );

  // A bug fix of the math change (2 lines: too small to be a clean case itself).
  write("src/math.js", `${lines("math", 12, { 4: 40, 5: 50 })}\n`);
  commit("mathFix", "math: fix the bug in math3", "2022-05-01");

  // A message naming a commit that does not exist, and one naming a commit whose lines it never touches.
  write("README.md", "# a library\n\nNow with ranges.\n");
  commit("bogusRef", "docs: this fixes a regression introduced in deadbeef12", "2022-05-10");
  write("README.md", "# a library\n\nNow with ranges and slugs.\n");
  commit("unlinked", `docs: mention slugs, broken by ${sha.rangeChange?.slice(0, 10)}`, "2022-05-20");

  // Clean changes: one of 8 code lines in files with odd names, one of 7 lines.
  write("src/my file.js", `${lines("spaced", 6, { 2: 22, 3: 33 })}\n`);
  write("src/ünïcode.js", `${lines("unicode", 6, { 2: 22 })}\n`);
  write(".eslintrc.js", "export default { rules: { semi: 'error' } };\n");
  commit("oddNames", "rename-free edits of oddly named files", "2022-06-01");
  write("src/format.js", `${lines("format", 12, { 7: 70, 8: 80 })}${FORMAT_TAIL}`);
  commit("cleanFormat", "format: new widths", "2022-06-15");

  // Hostile changes, each with enough code to be a candidate: a symlink out of the tree, a binary
  // file, a file over 1 MB, a .gitignore.
  symlinkSync("/etc/passwd", path.join(dir, "src/passwd.js"));
  write("src/format.js", `${lines("format", 12, { 7: 70, 8: 80, 1: 10, 2: 20 })}${FORMAT_TAIL}`);
  commit("symlink", "format: link the password file", "2022-07-01");
  write("src/logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3]));
  write("src/math.js", `${lines("math", 12, { 4: 40, 5: 50, 9: 90, 10: 100, 11: 110 })}\n`);
  commit("binary", "math: constants with a logo", "2022-07-15");
  write("data/big.txt", `${"y".repeat(1_100_000)}\n`);
  write(
    "src/format.js",
    `${lines("format", 12, { 7: 70, 8: 80, 1: 10, 2: 20, 3: 30, 4: 40 })}${FORMAT_TAIL}`,
  );
  commit("huge", "format: and a big file", "2022-08-01");
  write(".gitignore", "*.log\n");
  write(
    "src/math.js",
    `${lines("math", 12, { 4: 40, 5: 50, 9: 90, 10: 100, 11: 110, 6: 60, 7: 70, 8: 80 })}\n`,
  );
  commit("gitignore", "math: ignore logs", "2022-08-15");
  // The binary change's lines, fixed and named: a defect candidate that cannot be a case.
  write("src/math.js", `${lines("math", 12, { 4: 40, 5: 50, 6: 60, 7: 70, 8: 80 })}\n`);
  commit("binaryFix", `math: restore the constants, broken by ${sha.binary?.slice(0, 8)}`, "2022-09-01");

  // The history goes on for two more years, so every change above was watched for a full year.
  write("README.md", "# a library\n\nNow with ranges and slugs, and more.\n");
  commit("tip", "docs: a line", "2024-06-01");

  // What would run if git read the clone's configuration or attributes.
  const pwned = path.join(root, "pwned");
  const pwn = path.join(root, "pwn.sh");
  writeFileSync(pwn, `#!/bin/sh\necho "$0 $*" >> ${pwned}\ncat "$@" 2>/dev/null\n`);
  chmodSync(pwn, 0o755);
  mkdirSync(path.join(dir, ".git", "hooks"), { recursive: true });
  for (const hook of ["post-checkout", "pre-commit", "reference-transaction", "post-index-change"]) {
    writeFileSync(path.join(dir, ".git", "hooks", hook), `#!/bin/sh\n${pwn}\n`);
    chmodSync(path.join(dir, ".git", "hooks", hook), 0o755);
  }
  writeFileSync(path.join(dir, ".git", "info", "attributes"), "* diff=evil\n");
  writeFileSync(path.join(dir, ".gitattributes"), "* diff=evil\n");
  for (const [key, value] of [
    ["core.fsmonitor", pwn],
    ["core.pager", pwn],
    ["core.quotePath", "false"],
    ["diff.external", pwn],
    ["diff.noprefix", "true"],
    ["diff.algorithm", "patience"],
    ["diff.evil.textconv", pwn],
    ["diff.evil.command", pwn],
    ["log.showSignature", "true"],
    ["gpg.program", pwn],
    ["blame.ignoreRevsFile", ".ignore-revs"],
  ] as const)
    git(["config", key, value]);
  return { dir, pwned, sha, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** Whether anything under `dir` is a symlink. */
export function hasSymlink(dir: string): boolean {
  return existsSync(dir) && execFileSync("find", [dir, "-type", "l"], { encoding: "utf8" }).trim() !== "";
}
