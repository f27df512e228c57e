// Writing a mined set to --out, whole or not at all. The set is written into a fresh directory beside
// --out and swapped in only once every file is there, so an interruption leaves the old set or the new
// one, never a mix. Nothing is written through a link: each path is checked (relative, no `..`, no
// `.git`), every directory on the way is created here, in a directory created here, and every file is
// created new (`wx`), so no name a history holds can land outside --out. An --out that holds anything
// but a set (its cases, set.json, picks.json, README.md, mine-report.json) is refused: replacing it
// would delete someone's files.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/** The files `eval mine` writes at the top of a set, besides the case directories. */
export const SET_FILES = ["set.json", "picks.json", "README.md", "mine-report.json"] as const;

export class OutDirError extends Error {
  override readonly name = "OutDirError";
}

/** Whether anything is at `p` (a file on the way is ENOTDIR: nothing is). */
function present(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return false;
    throw error;
  }
}

/** Why `out` cannot be replaced by a mined set, or undefined (it is absent, empty, or a set). An absent
 * `out` is made with its missing parents, as `git clone` makes its target's, under the nearest
 * directory that exists (a link or a file there is refused). */
export function outProblem(out: string): string | undefined {
  if (!present(out)) {
    let parent = path.dirname(path.resolve(out));
    while (!present(parent)) parent = path.dirname(parent);
    return lstatSync(parent).isDirectory() ? undefined : `${parent} is not a directory`;
  }
  const stats = lstatSync(out);
  if (stats.isSymbolicLink()) return `${out} is a symlink; name the directory itself`;
  if (!stats.isDirectory()) return `${out} is not a directory`;
  for (const name of readdirSync(out).sort()) {
    const full = path.join(out, name);
    const entry = lstatSync(full);
    if ((SET_FILES as readonly string[]).includes(name) && entry.isFile()) continue;
    if (entry.isDirectory() && !name.startsWith(".") && existsSync(path.join(full, "case.json"))) continue;
    return `${out} holds ${name}, which is not part of a set: give an empty or a new directory`;
  }
  return undefined;
}

/** A file of the set at `out`, when it is a regular file there (a README a person wrote is kept). */
export function readSetFile(out: string, name: (typeof SET_FILES)[number]): string | undefined {
  const file = path.join(out, name);
  try {
    return lstatSync(file).isFile() ? readFileSync(file, "utf8") : undefined;
  } catch {
    return undefined;
  }
}

function checkedPath(root: string, relative: string): string {
  const segments = relative.split("/");
  if (
    relative.startsWith("/") ||
    relative.includes("\\") ||
    relative.includes("\0") ||
    segments.some((s) => s === "" || s === "." || s === ".." || s.toLowerCase() === ".git")
  )
    throw new OutDirError(`refusing to write ${JSON.stringify(relative)}: not a plain path inside the set`);
  const full = path.resolve(root, ...segments);
  if (!full.startsWith(`${root}${path.sep}`))
    throw new OutDirError(`refusing to write ${relative} outside the set`);
  return full;
}

/** Replaces `out` with exactly `files` (paths relative to it, `/`-separated). */
export function writeSet(out: string, files: ReadonlyMap<string, Uint8Array>): void {
  const problem = outProblem(out);
  if (problem !== undefined) throw new OutDirError(problem);
  const root = path.resolve(out);
  const parent = path.dirname(root);
  mkdirSync(parent, { recursive: true });
  const fresh = path.join(parent, `.${path.basename(root)}.mine-${process.pid}`);
  rmSync(fresh, { recursive: true, force: true });
  mkdirSync(fresh);
  try {
    const made = new Set<string>([fresh]);
    for (const [relative, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const full = checkedPath(fresh, relative);
      let dir = path.dirname(full);
      const chain: string[] = [];
      while (!made.has(dir)) {
        chain.unshift(dir);
        dir = path.dirname(dir);
      }
      for (const d of chain) {
        mkdirSync(d);
        made.add(d);
      }
      writeFileSync(full, bytes, { flag: "wx", mode: 0o644 });
    }
    if (existsSync(root)) {
      const old = path.join(parent, `.${path.basename(root)}.old-${process.pid}`);
      rmSync(old, { recursive: true, force: true });
      renameSync(root, old);
      try {
        renameSync(fresh, root);
      } catch (error) {
        renameSync(old, root);
        throw error;
      }
      rmSync(old, { recursive: true, force: true });
    } else renameSync(fresh, root);
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}
