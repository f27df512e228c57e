// What a criterion may ask of the world, and nothing more. Criteria are pure functions over this
// interface: the checked-out tree (fs-tree.ts), an evidence recorder around it (evidence/collect.ts) and
// an evidence bundle replayed without any tree (evidence/bundle-tree.ts) all answer the same questions, so
// a third party re-runs exactly the code that produced the verdict.

/** Bytes read from one file at most: a criterion never loads an unbounded file into memory (a 4 GB log
 * in a PR must not take the gate down with it). A capped read says so, and a criterion that needed the
 * whole file cannot pass on it. */
export const READ_CAP_BYTES = 16 * 1024 * 1024;

/** Directory entries listed at most: a directory of a million files must not stall the gate. */
export const LIST_CAP_ENTRIES = 2000;

/** Symlinks followed while resolving one path: a loop (a → b → a) is an error, not a hang. */
export const SYMLINK_HOPS = 40;

/** What is at a path, symlinks inside the tree followed. `dangling` marks a symlink whose target does
 * not exist: the name is there even though nothing can be read through it.
 *
 * Names are compared in one Unicode form (util/path-name.ts): a path asked in NFC finds the file the tree
 * spells in NFD, and `spelled` then says how the tree spells it. An absent path may have a `caseTwin`:
 * a path that differs from it only in case, which a case-insensitive file system opens as the same
 * file. */
export type Entry =
  | { readonly kind: "absent"; readonly dangling?: boolean; readonly caseTwin?: string }
  | { readonly kind: "file"; readonly size: number; readonly spelled?: string }
  | { readonly kind: "dir"; readonly spelled?: string }
  | { readonly kind: "other"; readonly what: string; readonly spelled?: string };

/** The first bytes of a regular file (all of them unless `truncated`). `size` is the whole file's. */
export interface FileBytes {
  readonly bytes: Uint8Array;
  readonly size: number;
  readonly truncated: boolean;
}

export interface ListedEntry {
  readonly name: string;
  readonly kind: "file" | "dir" | "symlink" | "other";
}

/** A directory's entries, sorted by name; `truncated` when there were more than the cap. */
export interface Listing {
  readonly entries: readonly ListedEntry[];
  readonly truncated: boolean;
}

/** The files the tree's commit tracks, for the reviewer's context (src/context/): only regular files
 * (no symlinks, no submodules, nothing a sparse checkout left out), in git's order (by path bytes).
 * `truncated` when there were more than the limit asked for; `from` says how they were known: git's
 * index, or a walk of a tree that has none (then untracked files may be among them). */
export interface TrackedFiles {
  readonly paths: readonly string[];
  readonly truncated: boolean;
  readonly from: "index" | "walk";
}

/** A file read as JSON. `invalid` is a fact about the file (it is not JSON); a file too large to read
 * whole is a TreeError instead, because its validity is unknown. */
export type JsonRead =
  | { readonly kind: "parsed"; readonly value: unknown; readonly size: number }
  | { readonly kind: "invalid"; readonly message: string; readonly size: number };

/** Rows in a SQLite table, or the fact that the database has no such table. */
export type TableRows = { readonly kind: "rows"; readonly rows: number } | { readonly kind: "no-table" };

/** The questions a criterion may ask. Every path is relative to the tree root and `/`-separated; any
 * method throws TreeError for a path that is absolute, contains `..`, or resolves (through a symlink)
 * outside the tree: such a path is never read, so it can never pass. */
export interface TreeReader {
  entry(path: string): Promise<Entry>;
  /** A regular file's first READ_CAP_BYTES bytes. Throws TreeError when it is not a regular file. */
  read(path: string): Promise<FileBytes>;
  list(path: string): Promise<Listing>;
  /** A regular file parsed as JSON (strict UTF-8, RFC 8259). */
  readJson(path: string): Promise<JsonRead>;
  /** Rows in `table` of the SQLite database at `path`, opened read-only in memory. */
  tableRows(path: string, table: string): Promise<TableRows>;
  /** The reviewer's context only (src/context/), and optional: a tree without them gives no context
   * beyond the diff. The tracked regular files, at most `limit` of them. */
  trackedFiles?(limit: number): Promise<TrackedFiles>;
  /** The reviewer's context only: a regular file's first `maxBytes` bytes, refused (TreeError) when any
   * segment of its path is a symlink, even one that stays inside the tree: context shows the author's
   * files as they are at their own paths, and a link is a way to show something else under a name. */
  readNoFollow?(path: string, maxBytes: number): Promise<FileBytes>;
}

/** A question the tree cannot answer honestly: an escape, a loop, an unreadable or oversized file, a
 * corrupt database. The engine turns it into a criterion error, which can never be a pass. */
export class TreeError extends Error {
  override readonly name = "TreeError";
}

/** The canonical form of a contract path: `./a//b/` → `a/b`, `.` or `` → `` (the root). Rejects what
 * could name something outside the tree before any file system call is made: an absolute path
 * (`/etc/passwd`, `C:\x`, `\\server\x`), any `..` segment (even `a/../b`: after a symlink, `..` is not
 * lexical, so it is refused rather than reasoned about), a backslash (a separator on Windows runners),
 * and NUL (truncates the path in C). */
export function treePath(path: string): string {
  if (typeof path !== "string") throw new TreeError(`path must be a string, got ${typeof path}`);
  if (path.includes("\0")) throw new TreeError(`path ${JSON.stringify(path)} contains a NUL byte`);
  if (path.includes("\\")) {
    throw new TreeError(`path ${JSON.stringify(path)} contains a backslash; write paths with "/"`);
  }
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) {
    throw new TreeError(`path ${JSON.stringify(path)} is absolute; paths are relative to the tree root`);
  }
  const segments = path.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.includes("..")) {
    throw new TreeError(`path ${JSON.stringify(path)} contains "..", which could leave the tree`);
  }
  return segments.join("/");
}
