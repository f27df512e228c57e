// A scratch git repository whose two commits change files with every kind of name and change git
// treats specially, and git's own account of that change: the oracle the diff parser is tested
// against. Nothing here parses a unified diff: names and counts come from `-z` output, which git
// never quotes, and a file's hunks are cut from `git diff -- <that file>` at its first `@@`.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface HostileRepo {
  readonly dir: string;
  readonly base: string;
  readonly head: string;
  git(args: readonly string[], options?: { env?: Record<string, string>; cwd?: string }): string;
  remove(): void;
}

/** One file of `git diff --numstat -z`: counts are null for a binary file ("-"). */
export interface NumstatEntry {
  readonly path: string;
  readonly from?: string;
  readonly additions: number | null;
  readonly deletions: number | null;
}

const ENV = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_AUTHOR_DATE: "2026-01-01T00:00:00Z",
  GIT_COMMITTER_DATE: "2026-01-01T00:00:00Z",
};

/** Names one character away from a lockfile, or dressed as diff syntax, or that git must quote. */
export const HOSTILE_NAMES = [
  "package-lock.json ",
  " package-lock.json",
  "package-lock.jsonx",
  "Package-lock.json",
  "yarn.lock\t",
  " lead.txt",
  "trail.txt  ",
  "tab\there.txt",
  'q"uote.txt',
  "back\\slash.txt",
  "new\nline.txt",
  "cr\r.txt",
  "café.txt",
  "cafe\u0301.txt",
  "CASE.txt",
  "case.txt",
  "日本語.txt",
  "b/inner.txt",
  "a/b/deep.txt",
  "x b/y.txt",
  "--- a.txt",
  "+++ b.txt",
  "@@ -1 +1 @@.txt",
  "diff --git a b",
  "-dash.txt",
] as const;

export function createHostileRepo(): HostileRepo {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vg-hostile-"));
  const git = (args: readonly string[], options: { env?: Record<string, string>; cwd?: string } = {}) =>
    execFileSync("git", args, {
      cwd: options.cwd ?? dir,
      encoding: "utf8",
      env: { ...process.env, ...ENV, ...options.env },
      maxBuffer: 64 * 1024 * 1024,
    });
  const write = (name: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  };
  git(["init", "-q", "-b", "main"]);
  git(["config", "user.email", "t@example.invalid"]);
  git(["config", "user.name", "t"]);
  git(["config", "core.autocrlf", "false"]);

  // The base commit.
  write("package-lock.json", '{"lockfileVersion": 3}\n');
  for (const name of HOSTILE_NAMES) if (name.includes("inner") || name === "CASE.txt") write(name, "old\n");
  write("keep.txt", "one\ntwo\nthree\nfour\nfive\n");
  write("gone.txt", "bye\n");
  write("old name.txt", "stable line\n".repeat(20));
  write("pure from.txt", "never changes\n".repeat(5));
  write("mv.txt", "moving into b/\n".repeat(5));
  write("script.sh", "#!/bin/sh\necho hi\n");
  write("both.sh", "#!/bin/sh\necho one\n");
  write("crlf.txt", "a\r\nb\r\nc\r\n");
  write("nofinal.txt", "ends without newline");
  write("empty-gone", "");
  write("empty-filled", "");
  write("bin.dat", Buffer.from([0, 1, 2, 3, 0, 255]));
  write("gone.bin", Buffer.from([0, 7, 7, 0]));
  symlinkSync("keep.txt", path.join(dir, "link-changed"));
  git(["add", "-A"]);
  git(["commit", "-qm", "base"]);
  const base = git(["rev-parse", "HEAD"]).trim();

  // The head commit: every kind of change.
  for (const name of HOSTILE_NAMES) write(name, `content of ${JSON.stringify(name)}\nsecond line\n`);
  write("keep.txt", "one\nTWO\nthree\nfour\nfive\nsix");
  rmSync(path.join(dir, "gone.txt"));
  git(["mv", "old name.txt", "new name.txt"]);
  write("new name.txt", `${"stable line\n".repeat(19)}changed line\n`);
  git(["mv", "pure from.txt", "pure to.txt"]);
  git(["mv", "mv.txt", "b/mv.txt"]);
  chmodSync(path.join(dir, "script.sh"), 0o755);
  write("both.sh", "#!/bin/sh\necho two\n");
  chmodSync(path.join(dir, "both.sh"), 0o755);
  write("crlf.txt", "a\r\nB\r\nc\r\n");
  write("nofinal.txt", "ends without newline, still");
  rmSync(path.join(dir, "empty-gone"));
  write("empty-filled", "now filled\n");
  write("empty-added", "");
  write("bin.dat", Buffer.from([0, 9, 9, 9, 0, 255]));
  write("bin/postinstall-helper", Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1]));
  rmSync(path.join(dir, "gone.bin"));
  symlinkSync("keep.txt", path.join(dir, "link-added"));
  rmSync(path.join(dir, "link-changed"));
  symlinkSync("gone.txt", path.join(dir, "link-changed"));
  git(["add", "-A"]);
  git(["commit", "-qm", "head"]);
  const head = git(["rev-parse", "HEAD"]).trim();
  return { dir, base, head, git, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `git diff --numstat -z …`: "A\tD\tPATH\0", or "A\tD\t\0FROM\0TO\0" for a rename or copy. */
export function parseNumstat(z: string): NumstatEntry[] {
  const parts = z.split("\0");
  const out: NumstatEntry[] = [];
  for (let i = 0; i < parts.length - 1; ) {
    // The name may hold tabs itself: only the first two separate the counts.
    const [a, d, ...rest] = (parts[i] as string).split("\t") as [string, string, ...string[]];
    const name = rest.join("\t");
    const counts = {
      additions: a === "-" ? null : Number(a),
      deletions: d === "-" ? null : Number(d),
    };
    if (name === "") {
      out.push({ path: parts[i + 2] as string, from: parts[i + 1] as string, ...counts });
      i += 3;
    } else {
      out.push({ path: name, ...counts });
      i += 1;
    }
  }
  return out;
}

/** `git diff --name-status -z …` → status letter (R and C without their score) per new path. */
export function parseNameStatus(z: string): Map<string, string> {
  const parts = z.split("\0");
  const out = new Map<string, string>();
  for (let i = 0; i < parts.length - 1; ) {
    const status = (parts[i] as string)[0] as string;
    if (status === "R" || status === "C") {
      out.set(parts[i + 2] as string, status);
      i += 3;
    } else {
      out.set(parts[i + 1] as string, status);
      i += 2;
    }
  }
  return out;
}

/** `git ls-tree -r -z <commit>` → path → blob id. */
export function blobs(repo: HostileRepo, commit: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const record of repo.git(["ls-tree", "-r", "-z", commit]).split("\0")) {
    if (record === "") continue;
    const tab = record.indexOf("\t");
    out.set(record.slice(tab + 1), (record.slice(0, tab).split(" ")[2] ?? "") as string);
  }
  return out;
}

/** A pathspec that means exactly this name (no glob, no magic). */
export function literal(name: string): string {
  return `:(literal)${name}`;
}
