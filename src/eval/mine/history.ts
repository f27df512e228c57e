// What `eval mine` asks of a repository's history, and the reading of git's answers. The port is one
// function — run a read-only git command, get its bytes — implemented by src/workspace/git-history.ts,
// which runs git on a scratch repository that borrows the clone's objects and none of its
// configuration (no hooks, filters, textconv, external diff or signature program can run). Everything
// here builds arguments and parses output; nothing touches the disk. Pure.
import { parseUnifiedDiff } from "../../diff/parse.js";
import type { Diff } from "../../diff/types.js";

/** A git command that failed where it should not have: a clone missing objects (partial, damaged), a
 * revision that vanished. The mining of the case it was for stops, said in the report. */
export class GitFailed extends Error {
  override readonly name = "GitFailed";
}

/** Runs `git <args>` read-only in the mined history; undefined when git exits non-zero and `mayFail`
 * (a missing file at a revision, a commit that is not an ancestor), else a non-zero exit throws. */
export interface GitPort {
  run(args: readonly string[], options?: { readonly mayFail?: boolean }): Uint8Array | undefined;
}

export interface Commit {
  readonly sha: string;
  readonly parents: readonly string[];
  /** Committer time, seconds since the epoch. */
  readonly time: number;
  readonly message: string;
}

const decoder = new TextDecoder("utf-8");
const FORMAT = "%H%x1f%P%x1f%ct%x1f%B";

/** `git log -z --format=FORMAT` records. */
function parseCommits(out: string): Commit[] {
  const commits: Commit[] = [];
  for (const record of out.split("\0")) {
    const [sha, parents, time, ...rest] = record.split("\x1f");
    const id = sha?.trim() ?? "";
    if (!/^[0-9a-f]{40,64}$/.test(id)) continue;
    commits.push({
      sha: id,
      parents: (parents ?? "").split(" ").filter((p) => p !== ""),
      time: Number(time),
      message: rest.join("\x1f"),
    });
  }
  return commits;
}
const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : decoder.decode(bytes));

/** A commit's subject as git's %s gives it: the first paragraph, each line's trailing blanks dropped,
 * joined by spaces. */
export function subjectOf(message: string): string {
  const lines: string[] = [];
  for (const line of message.split("\n")) {
    const trimmed = line.replace(/\s+$/, "");
    if (trimmed === "") {
      if (lines.length > 0) break;
      continue;
    }
    lines.push(trimmed);
  }
  return lines.join(" ");
}

/** Lines of a file as its line numbers count them: a final newline ends the last line. */
export function linesOf(content: string): string[] {
  const lines = content.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** A file's whole-file blame: for each line at the revision, where it was written. */
export interface BlamedLine {
  readonly line: number;
  readonly origin: string;
  readonly originPath: string;
  readonly originLine: number;
  readonly text: string;
}

interface TreeEntry {
  readonly mode: string;
  readonly type: string;
  readonly size: number;
}

/** Trees and file bytes kept at most: enough for the revisions one case reads. */
const MAX_KEPT_TREES = 16;
const MAX_KEPT_BYTES = 64 * 1024 * 1024;

/** git blame --line-porcelain's output as lines (each header repeats, so each line stands alone). */
export function parseBlame(output: string): BlamedLine[] {
  const out: BlamedLine[] = [];
  let current: { line: number; origin: string; originLine: number; originPath?: string } | undefined;
  for (const line of output.split("\n")) {
    if (current === undefined) {
      const header = /^([0-9a-f]{40,64}) (\d+) (\d+)/.exec(line);
      if (header)
        current = { origin: header[1] as string, originLine: Number(header[2]), line: Number(header[3]) };
      continue;
    }
    if (line.startsWith("filename ")) current.originPath = line.slice(9);
    else if (line.startsWith("\t")) {
      out.push({
        line: current.line,
        origin: current.origin,
        originLine: current.originLine,
        originPath: current.originPath ?? "",
        text: line.slice(1),
      });
      current = undefined;
    }
  }
  return out;
}

/** One file of `git diff --numstat -z`: lines added plus deleted, binary when git counted none. */
export interface FileStat {
  readonly path: string;
  readonly previousPath?: string;
  readonly lines: number;
  readonly binary: boolean;
}

/** `git diff --numstat -z` output: "A\tD\tpath\0", or for a rename "A\tD\t\0old\0new\0". */
export function parseNumstat(output: string): FileStat[] {
  const fields = output.split("\0");
  const out: FileStat[] = [];
  for (let i = 0; i < fields.length; i += 1) {
    const m = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(fields[i] as string);
    if (!m) continue;
    const binary = m[1] === "-";
    const lines = (binary ? 0 : Number(m[1])) + (m[2] === "-" ? 0 : Number(m[2]));
    if (m[3] === "") {
      const previousPath = fields[i + 1] as string;
      const path = fields[i + 2] as string;
      i += 2;
      out.push({ path, previousPath, lines, binary });
    } else out.push({ path: m[3] as string, lines, binary });
  }
  return out;
}

/** The git questions `eval mine` asks, each answered from the port, with caches where a question
 * repeats (a whole-file blame, whether one commit descends from another). */
export class History {
  private readonly ancestry = new Map<string, boolean>();
  private readonly blames = new Map<string, Map<string, number>>();
  private readonly known = new Map<string, Commit>();
  private readonly zeros = new Map<string, Diff>();
  private readonly stats = new Map<string, FileStat[]>();
  private readonly trees = new Map<string, Map<string, TreeEntry>>();
  private readonly blobs = new Map<string, Uint8Array | undefined>();
  private blobBytes = 0;

  constructor(private readonly git: GitPort) {}

  private out(args: readonly string[]): string {
    return text(this.git.run(args)) ?? "";
  }

  /** The commit a revision names, or undefined (unknown, ambiguous, not a commit). */
  resolve(rev: string): string | undefined {
    if (!/^[0-9a-f]{4,64}$/.test(rev) && rev !== "HEAD") return undefined;
    const out = text(
      this.git.run(["rev-parse", "--verify", "--quiet", `${rev}^{commit}`], { mayFail: true }),
    );
    const sha = out?.trim();
    return sha !== undefined && /^[0-9a-f]{40,64}$/.test(sha) ? sha : undefined;
  }

  /** Every commit reachable from `tip`, newest first (git's default order), with its whole message. */
  commits(tip: string): Commit[] {
    return parseCommits(this.out(["log", "-z", "--no-show-signature", `--format=${FORMAT}`, tip]));
  }

  commit(sha: string): Commit {
    const known = this.known.get(sha);
    if (known !== undefined) return known;
    const [commit] = parseCommits(
      this.out(["log", "-1", "-z", "--no-show-signature", `--format=${FORMAT}`, sha]),
    );
    if (commit === undefined) throw new GitFailed(`${sha} is not a commit`);
    this.known.set(sha, commit);
    return commit;
  }

  /** Every non-merge commit reachable from `tip` with its files and changed lines, from one pass. */
  pool(tip: string): PoolCommit[] {
    return parsePool(
      this.out([
        "log",
        "--no-merges",
        "--numstat",
        "-M",
        "--no-show-signature",
        "--format=%x1e%H%x1f%ct%x1f%s",
        tip,
      ]),
    );
  }

  /** Whether `a` is `b` or an ancestor of it. */
  isAncestor(a: string, b: string): boolean {
    const key = `${a}\0${b}`;
    let known = this.ancestry.get(key);
    if (known === undefined) {
      known = this.git.run(["merge-base", "--is-ancestor", a, b], { mayFail: true }) !== undefined;
      this.ancestry.set(key, known);
    }
    return known;
  }

  /** The change base → head as git writes it with its defaults (what a case's change.diff holds), as
   * bytes: a file that is not UTF-8 must not be rewritten on its way into the set. */
  diffBytes(base: string, head: string): Uint8Array {
    return (
      this.git.run(["diff", "--no-color", "--no-ext-diff", "--no-textconv", "-M", base, head]) ??
      new Uint8Array()
    );
  }

  /** The change with no context lines, parsed: the lines it removes, with their old line numbers. */
  diffZero(base: string, head: string): Diff {
    return this.kept(this.zeros, `${base}..${head}`, () =>
      parseUnifiedDiff(
        this.out(["diff", "--no-color", "--no-ext-diff", "--no-textconv", "-M", "-U0", base, head]),
      ),
    );
  }

  numstat(base: string, head: string): FileStat[] {
    return this.kept(this.stats, `${base}..${head}`, () =>
      parseNumstat(this.out(["diff", "--numstat", "-z", "-M", "--no-ext-diff", "--no-textconv", base, head])),
    );
  }

  /** A question's answer, kept while few are (a case asks the same ones several times). */
  private kept<T>(cache: Map<string, T>, key: string, ask: () => T): T {
    const known = cache.get(key);
    if (known !== undefined) return known;
    const answer = ask();
    if (cache.size >= 256) cache.clear();
    cache.set(key, answer);
    return answer;
  }

  /** `git diff --raw` modes: whether the change touches a symlink or a submodule (gitlink). */
  touchesLinks(base: string, head: string): boolean {
    const raw = this.out(["diff", "--raw", "-z", "-M", "--no-ext-diff", base, head]);
    return /(^|\0):(?:120000|160000) |:[0-7]{6} (?:120000|160000) /.test(raw);
  }

  /** A file's bytes at a revision, or undefined when it is not there (kept: a case reads a file for
   * its size, its evidence, its first lines and its base/ copy). */
  blob(rev: string, path: string): Uint8Array | undefined {
    const key = `${rev}:${path}`;
    if (this.blobs.has(key)) return this.blobs.get(key);
    const entry = this.tree(rev).get(path);
    const bytes =
      entry === undefined || entry.type !== "blob"
        ? undefined
        : this.git.run(["cat-file", "blob", `${rev}:${path}`], { mayFail: true });
    this.blobBytes += bytes?.length ?? 0;
    if (this.blobBytes > MAX_KEPT_BYTES) {
      this.blobs.clear();
      this.blobBytes = bytes?.length ?? 0;
    }
    this.blobs.set(key, bytes);
    return bytes;
  }

  blobSize(rev: string, path: string): number | undefined {
    const entry = this.tree(rev).get(path);
    return entry?.type === "blob" ? entry.size : undefined;
  }

  /** The mode of a path at a revision (100644, 100755, 120000, 160000), or undefined. */
  mode(rev: string, path: string): string | undefined {
    return this.tree(rev).get(path)?.mode;
  }

  /** Every file of a revision's tree with its mode and size, from one `git ls-tree -r -l`. */
  private tree(rev: string): Map<string, TreeEntry> {
    let tree = this.trees.get(rev);
    if (tree === undefined) {
      tree = new Map();
      for (const record of this.out(["ls-tree", "-r", "-z", "--long", "--full-tree", rev]).split("\0")) {
        const m = /^(\d{6}) (\w+) [0-9a-f]+ +(-|\d+)\t(.*)$/s.exec(record);
        if (m)
          tree.set(m[4] as string, {
            mode: m[1] as string,
            type: m[2] as string,
            size: m[3] === "-" ? 0 : Number(m[3]),
          });
      }
      if (this.trees.size >= MAX_KEPT_TREES) this.trees.clear();
      this.trees.set(rev, tree);
    }
    return tree;
  }

  /** The names at the top of a revision's tree. */
  topNames(rev: string): string[] {
    return this.out(["ls-tree", "-z", "--name-only", rev])
      .split("\0")
      .filter((n) => n !== "");
  }

  /** Blame of `ranges` of `path` at `rev` (all of it without ranges); back to `since` when given, so
   * lines older than it are given to that boundary. Undefined when git cannot blame it. */
  blame(
    rev: string,
    path: string,
    ranges?: readonly (readonly [number, number])[],
    since?: string,
  ): BlamedLine[] | undefined {
    const args = ["blame", "--line-porcelain", "--no-textconv"];
    for (const [a, b] of ranges ?? []) args.push("-L", `${a},${b}`);
    args.push(since !== undefined ? `${since}..${rev}` : rev, "--", path);
    const out = text(this.git.run(args, { mayFail: true }));
    return out === undefined ? undefined : parseBlame(out);
  }

  /** Where each origin line (origin, its path, its line) sits in `path` at `rev`. */
  originIndex(rev: string, path: string): Map<string, number> {
    const key = `${rev}\0${path}`;
    let index = this.blames.get(key);
    if (index === undefined) {
      index = new Map();
      for (const b of this.blame(rev, path) ?? [])
        index.set(originKey(b.origin, b.originPath, b.originLine), b.line);
      this.blames.set(key, index);
    }
    return index;
  }

  /** Files of `rev` holding `name` as a whole word (text files only). */
  grepFiles(rev: string, name: string): string[] {
    const out = text(
      this.git.run(["grep", "-I", "-l", "-z", "-w", "-F", "-e", name, rev, "--"], { mayFail: true }),
    );
    if (out === undefined) return [];
    return out
      .split("\0")
      .filter((l) => l !== "")
      .map((l) => l.slice(rev.length + 1));
  }

  /** Non-merge commits after `from` on the way to `tip`, committed before `before` (seconds), that
   * touch `paths`, newest first. (Dates compared here: git's date options read a local clock format.) */
  laterTouching(from: string, tip: string, before: number, paths: readonly string[]): Commit[] {
    const out = this.out([
      "log",
      "-z",
      "--ancestry-path",
      "--no-merges",
      "--no-show-signature",
      `--format=${FORMAT}`,
      `${from}..${tip}`,
      "--",
      ...paths,
    ]);
    return parseCommits(out).filter((c) => c.time <= before);
  }
}

/** A commit of the clean pool, sized from one `git log --numstat` pass (renames read approximately:
 * the exact size is taken again, with -z, for each commit tried). */
export interface PoolCommit {
  readonly sha: string;
  readonly time: number;
  readonly subject: string;
  readonly files: readonly { readonly path: string; readonly lines: number }[];
  /** Some file of it is binary (numstat counts it "-"). */
  readonly binary: boolean;
}

/** The path after a rename in numstat's text form: "a/{b => c}/d" or "old => new". */
function renamedTo(field: string): string {
  const braces = /^(.*)\{[^{}]* => ([^{}]*)\}(.*)$/.exec(field);
  if (braces) return `${braces[1]}${braces[2]}${braces[3]}`.replace(/\/\/+/g, "/");
  const arrow = field.indexOf(" => ");
  return arrow === -1 ? field : field.slice(arrow + 4);
}

export function parsePool(out: string): PoolCommit[] {
  const pool: PoolCommit[] = [];
  for (const record of out.split("\x1e")) {
    const [header, ...rows] = record.split("\n");
    const [sha, time, ...subject] = (header ?? "").split("\x1f");
    if (sha === undefined || !/^[0-9a-f]{40,64}$/.test(sha)) continue;
    let binary = false;
    const files: { path: string; lines: number }[] = [];
    for (const row of rows) {
      const m = /^(-|\d+)\t(-|\d+)\t(.*)$/.exec(row);
      if (!m) continue;
      const lines = (m[1] === "-" ? 0 : Number(m[1])) + (m[2] === "-" ? 0 : Number(m[2]));
      files.push({ path: renamedTo(m[3] as string), lines });
      binary ||= m[1] === "-";
    }
    pool.push({ sha, time: Number(time), subject: subject.join("\x1f"), files, binary });
  }
  return pool;
}

export const originKey = (origin: string, path: string, line: number) => `${origin}\0${path}\0${line}`;
