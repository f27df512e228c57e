// The one adapter between criteria and the file system: a TreeReader confined to a root directory.
// Every path is resolved one component at a time, each symlink followed by hand, so that a link
// pointing outside the tree (even one that leads back in) is an error before anything is read. Reads
// are capped, FIFOs and devices are never opened, and nothing is ever written or executed.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  opendirSync,
  openSync,
  readFileSync,
  readlinkSync,
  readSync,
  realpathSync,
  type Stats,
} from "node:fs";
import path from "node:path";
import { parseJsonFile } from "../criteria/text.js";
import {
  type Entry,
  type FileBytes,
  LIST_CAP_ENTRIES,
  type ListedEntry,
  type Listing,
  READ_CAP_BYTES,
  SYMLINK_HOPS,
  type TrackedFiles,
  TreeError,
  type TreeReader,
  treePath,
} from "../ports/tree.js";
import { foldKey, nameKey } from "../util/path-name.js";
import { parseIndex } from "./git-index.js";
import { gitDir } from "./head.js";
import { countTableRows } from "./sqlite-engine.js";

type Located =
  | {
      readonly kind: "found";
      readonly real: string;
      readonly stats: Stats;
      /** The asked path as the tree spells it, when a segment matched in another Unicode form. */
      readonly spelled?: string;
    }
  | { readonly kind: "absent"; readonly dangling: boolean };

/** Entries read from one directory at most while looking for another spelling of a name: past this,
 * the gate cannot rule a differently spelled twin out, and says so (an error, never "absent"). */
const SPELLING_SCAN_ENTRIES = 100_000;

/** Case-twin candidates followed at most (`A/b` and `a/b` both exist, each with its own subtree). */
const TWIN_BRANCHES = 16;

function code(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;
}

function inside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return "named pipe";
  if (stats.isSocket()) return "socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "device";
  return "special file";
}

/** The tree's boundary: the real path of its root (everything must resolve inside it) and what lstat
 * said of it when the tree was opened. */
interface Root {
  readonly real: string;
  readonly stats: Stats;
}

/** Opens the tree at `root` (which must be a directory). Its real path is the boundary: the checkout
 * may itself sit behind a symlink, but nothing may resolve outside what that symlink points to. */
export function openTree(root: string, options: { readCapBytes?: number } = {}): TreeReader {
  const readCap = options.readCapBytes ?? READ_CAP_BYTES;
  const tree = openRoot(root);
  return {
    async entry(relPath: string): Promise<Entry> {
      return entryAt(tree, relPath);
    },
    async read(relPath: string): Promise<FileBytes> {
      return readBytes(tree, relPath, readCap);
    },
    async list(relPath: string): Promise<Listing> {
      return listDirectory(tree, relPath);
    },
    async readJson(relPath: string) {
      return parseJsonFile(readBytes(tree, relPath, readCap), treePath(relPath));
    },
    async tableRows(relPath: string, table: string) {
      const file = readBytes(tree, relPath, readCap);
      if (file.truncated) {
        throw new TreeError(
          `${treePath(relPath)} is larger than the read cap (${file.size} bytes); not opened`,
        );
      }
      return countTableRows(file.bytes, table, treePath(relPath));
    },
    async trackedFiles(limit: number): Promise<TrackedFiles> {
      return trackedFiles(root, tree, limit);
    },
    async readNoFollow(relPath: string, maxBytes: number): Promise<FileBytes> {
      return readCapped(unlinkedFile(tree, relPath), relPath, Math.min(maxBytes, readCap));
    },
  };
}

/** Bytes of the index file read at most: about 100 bytes an entry, so some 300,000 tracked files. */
const INDEX_CAP_BYTES = 32 * 1024 * 1024;

/** Directories a walk opens at most (a tree without an index). */
const WALK_DIRECTORIES = 20_000;

/** The tracked regular files: from git's index when the checkout has one, else from a walk of the
 * tree that skips what is never the project's own code to show (dot-directories such as .git,
 * node_modules) and never follows a symlink. */
function trackedFiles(workspace: string, root: Root, limit: number): TrackedFiles {
  const dir = gitDir(workspace);
  if (dir !== undefined) {
    const index = readIndexFile(path.join(dir, "index"));
    if (index !== undefined) {
      const parsed = parseIndex(index.bytes, limit, objectNameBytes(dir));
      return { paths: parsed.paths, truncated: parsed.truncated || index.truncated, from: "index" };
    }
  }
  return walk(root, limit);
}

/** The index file's first INDEX_CAP_BYTES, or undefined when there is none to read. */
function readIndexFile(file: string): { bytes: Uint8Array; truncated: boolean } | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return undefined;
    const want = Math.min(stats.size, INDEX_CAP_BYTES);
    const buffer = Buffer.allocUnsafe(want);
    let filled = 0;
    while (filled < want) {
      const n = readSync(fd, buffer, filled, want - filled, filled);
      if (n === 0) break;
      filled += n;
    }
    return { bytes: buffer.subarray(0, filled), truncated: filled < stats.size };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** 32 for a SHA-256 repository (`extensions.objectFormat = sha256` in its config, or in the common
 * directory's for a worktree), else 20. */
function objectNameBytes(dir: string): number {
  const configs = [path.join(dir, "config")];
  try {
    const common = readFileSync(path.join(dir, "commondir"), "utf8").trim();
    if (common !== "") configs.push(path.join(path.resolve(dir, common), "config"));
  } catch {
    // Not a worktree.
  }
  for (const config of configs) {
    try {
      if (/^\s*objectformat\s*=\s*sha256\s*$/im.test(readFileSync(config, "utf8"))) return 32;
    } catch {
      // No config there.
    }
  }
  return 20;
}

/** Directory names a walk never enters: a repository's metadata and installed dependencies. */
function skippedInWalk(name: string): boolean {
  return name.startsWith(".") || name === "node_modules";
}

/** The regular files under the root, breadth first, without following a symlink, sorted by path
 * bytes as git sorts them. */
function walk(root: Root, limit: number): TrackedFiles {
  const found: string[] = [];
  const queue: string[] = [""];
  let truncated = false;
  let opened = 0;
  while (queue.length > 0 && !truncated) {
    const rel = queue.shift() as string;
    opened += 1;
    if (opened > WALK_DIRECTORIES) {
      truncated = true;
      break;
    }
    let dir: ReturnType<typeof opendirSync> | undefined;
    try {
      dir = opendirSync(rel === "" ? root.real : path.join(root.real, ...rel.split("/")));
      const names: { name: string; dir: boolean }[] = [];
      for (let d = dir.readSync(); d !== null; d = dir.readSync()) {
        // A directory of millions of entries is not read whole: the walk is over for it.
        if (names.length >= SPELLING_SCAN_ENTRIES) {
          truncated = true;
          break;
        }
        if (d.isDirectory() && !skippedInWalk(d.name)) names.push({ name: d.name, dir: true });
        else if (d.isFile()) names.push({ name: d.name, dir: false });
      }
      names.sort((a, b) => byBytes(a.name, b.name));
      for (const n of names) {
        const child = rel === "" ? n.name : `${rel}/${n.name}`;
        if (n.dir) queue.push(child);
        else if (found.length >= limit) {
          truncated = true;
          break;
        } else found.push(child);
      }
    } catch {
      // An unreadable directory holds nothing the context can show.
    } finally {
      dir?.closeSync();
    }
  }
  found.sort(byBytes);
  return { paths: found, truncated, from: "walk" };
}

function byBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** A regular file reached without any symlink on the way: each segment is lstat-ed, and a link, even
 * one that stays inside the tree, is refused. Names are matched exactly (the index spells them). */
function unlinkedFile(root: Root, relPath: string): { real: string; stats: Stats } {
  const wanted = treePath(relPath);
  if (wanted === "") throw new TreeError("the tree root is not a file");
  let current = root.real;
  let stats: Stats = root.stats;
  for (const segment of wanted.split("/")) {
    if (!stats.isDirectory()) throw new TreeError(`${wanted} does not exist`);
    current = path.join(current, segment);
    try {
      stats = lstatSync(current);
    } catch (error) {
      throw new TreeError(`${wanted} cannot be read: ${code(error) ?? String(error)}`);
    }
    if (stats.isSymbolicLink())
      throw new TreeError(`${wanted}: ${segment} is a symlink, which is never followed here`);
  }
  if (!stats.isFile()) throw new TreeError(`${wanted} is not a regular file`);
  return { real: current, stats };
}

/** The root resolved to its real path, which must be a directory. */
function openRoot(root: string): Root {
  let real: string;
  try {
    real = realpathSync.native(root);
  } catch (error) {
    throw new TreeError(`tree root ${root} cannot be opened: ${code(error) ?? String(error)}`);
  }
  const stats = lstatSync(real);
  if (!stats.isDirectory()) throw new TreeError(`tree root ${root} is not a directory`);
  return { real, stats };
}

/** The names in the directory at `real`, read whole up to SPELLING_SCAN_ENTRIES. */
function namesIn(real: string, wanted: string): string[] {
  const names: string[] = [];
  let dir: ReturnType<typeof opendirSync> | undefined;
  try {
    dir = opendirSync(real);
    for (let d = dir.readSync(); d !== null; d = dir.readSync()) {
      if (names.length >= SPELLING_SCAN_ENTRIES) {
        throw new TreeError(
          `${wanted}: a directory on the way holds more than ${SPELLING_SCAN_ENTRIES} entries, too many to rule out another spelling of the name`,
        );
      }
      names.push(d.name);
    }
  } catch (error) {
    if (error instanceof TreeError) throw error;
    throw new TreeError(`${wanted}: cannot list a directory on the way: ${code(error) ?? String(error)}`);
  } finally {
    dir?.closeSync();
  }
  return names;
}

/** The one entry of the directory at `real` whose name is `segment` in another Unicode form, if any.
 * Two such entries are one name for two files (distinct on Linux, one file on macOS): which one a
 * criterion means cannot be known, so that is an error. */
function otherSpelling(real: string, segment: string, wanted: string): string | undefined {
  const key = nameKey(segment);
  const found = namesIn(real, wanted).filter((n) => n !== segment && nameKey(n) === key);
  if (found.length > 1) {
    throw new TreeError(
      `${wanted}: ${found.length} entries spell ${JSON.stringify(segment)} in different Unicode forms (${found.map((n) => JSON.stringify(n)).join(", ")}); one name cannot be two files`,
    );
  }
  return found[0];
}

/** One segment looked up in the directory at `current`, without following it if it is a link: its
 * name as the tree spells it, its path and its lstat; undefined when there is no such entry. */
function lookUp(
  current: string,
  asked: string,
  wanted: string,
): { segment: string; next: string; st: Stats } | undefined {
  const next = path.join(current, asked);
  try {
    return { segment: asked, next, st: lstatSync(next) };
  } catch (error) {
    const c = code(error);
    if (c !== "ENOENT" && c !== "ENOTDIR") {
      throw new TreeError(`${wanted}: cannot inspect ${asked}: ${c ?? String(error)}`);
    }
    // Not under this spelling: the same name in another Unicode form is the same file (macOS opens
    // either), so it is what the path names.
    const other = c === "ENOENT" ? otherSpelling(current, asked, wanted) : undefined;
    if (other === undefined) return undefined;
    const respelled = path.join(current, other);
    try {
      return { segment: other, next: respelled, st: lstatSync(respelled) };
    } catch (again) {
      throw new TreeError(`${wanted}: cannot inspect ${other}: ${code(again) ?? String(again)}`);
    }
  }
}

/** Where a symlink's target continues the walk: an absolute target restarts at the root with its path
 * relative to it, and must lie inside the tree; a relative one continues from the link's directory
 * (its ".." segments are checked against the root as the walk meets them). */
function linkTarget(
  root: Root,
  link: string,
  segment: string,
  wanted: string,
): { fromRoot: boolean; names: string[] } {
  const target = readlinkSync(link);
  if (!path.isAbsolute(target)) {
    return { fromRoot: false, names: target.split(path.sep === "\\" ? /[\\/]/ : "/") };
  }
  const resolved = path.resolve(target);
  if (!inside(root.real, resolved)) {
    throw new TreeError(`${wanted}: symlink ${segment} points outside the tree`);
  }
  const rel = path.relative(root.real, resolved);
  return { fromRoot: true, names: rel === "" ? [] : rel.split(path.sep) };
}

/** Resolves `relPath` one component at a time inside the tree, each symlink followed by hand, so a
 * link that leads outside (even one that leads back in) is an error before anything is read. */
function locate(root: Root, relPath: string): Located {
  const wanted = treePath(relPath);
  // Each segment remembers its place in the asked path, so a respelled one can be reported; the
  // segments of a symlink's target have none.
  const asked = wanted === "" ? [] : wanted.split("/");
  const spelled = [...asked];
  const queue: { name: string; index?: number }[] = asked.map((name, index) => ({ name, index }));
  let current = root.real;
  let stats = root.stats;
  let hops = 0;
  // Set once the requested name itself turned out to be a symlink: if its target is missing, the name
  // is still there (a dangling link), which path_absent must not mistake for "absent".
  let resolvingFinal = false;
  while (queue.length > 0) {
    const { name: segment, index } = queue.shift() as { name: string; index?: number };
    if (segment === "" || segment === ".") continue;
    if (!stats.isDirectory()) return { kind: "absent", dangling: resolvingFinal };
    if (segment === "..") {
      // Only a symlink target can bring ".." here (treePath refuses it in contract paths).
      if (current === root.real) throw new TreeError(`${wanted}: a symlink leads outside the tree`);
      current = path.dirname(current);
      stats = lstatSync(current);
      continue;
    }
    const found = lookUp(current, segment, wanted);
    if (found === undefined) return { kind: "absent", dangling: resolvingFinal };
    if (index !== undefined && found.segment !== segment) spelled[index] = found.segment;
    if (found.st.isSymbolicLink()) {
      hops += 1;
      if (hops > SYMLINK_HOPS) throw new TreeError(`${wanted}: too many symlinks (a loop?)`);
      const target = linkTarget(root, found.next, found.segment, wanted);
      if (queue.length === 0) resolvingFinal = true;
      if (target.fromRoot) {
        current = root.real;
        stats = lstatSync(root.real);
      }
      queue.unshift(...target.names.map((name) => ({ name })));
      continue;
    }
    current = found.next;
    stats = found.st;
  }
  const respelled = spelled.join("/");
  return respelled === wanted
    ? { kind: "found", real: current, stats }
    : { kind: "found", real: current, stats, spelled: respelled };
}

/** A path that differs from `wanted` (which is absent) only in case, if the tree holds one: walked
 * one segment at a time through directory listings, each prefix located (so confined) as usual. */
function caseTwin(root: Root, wanted: string): string | undefined {
  let frontier: string[] = [""];
  for (const segment of wanted.split("/")) {
    const key = foldKey(segment);
    const next: string[] = [];
    for (const prefix of frontier) {
      const dir = locate(root, prefix);
      if (dir.kind !== "found" || !dir.stats.isDirectory()) continue;
      for (const name of namesIn(dir.real, wanted)) {
        if (foldKey(name) === key) next.push(prefix === "" ? name : `${prefix}/${name}`);
      }
    }
    if (next.length > TWIN_BRANCHES) {
      throw new TreeError(
        `${wanted}: more than ${TWIN_BRANCHES} paths differ from it only in case; cannot rule a twin out`,
      );
    }
    if (next.length === 0) return undefined;
    frontier = next;
  }
  // The last segment came from a listing: that name exists (a dangling link is a name too).
  return frontier.find((p) => p !== wanted);
}

/** What is at a path, never opened: an absent one says whether it is a dangling link or has a twin
 * differing only in case (which a case-insensitive checkout would have found). */
function entryAt(root: Root, relPath: string): Entry {
  const found = locate(root, relPath);
  if (found.kind === "absent") {
    if (found.dangling) return { kind: "absent", dangling: true };
    const twin = caseTwin(root, treePath(relPath));
    return twin === undefined ? { kind: "absent" } : { kind: "absent", caseTwin: twin };
  }
  const spelled = found.spelled === undefined ? {} : { spelled: found.spelled };
  if (found.stats.isFile()) return { kind: "file", size: found.stats.size, ...spelled };
  if (found.stats.isDirectory()) return { kind: "dir", ...spelled };
  return { kind: "other", what: kindOf(found.stats), ...spelled };
}

function regularFile(root: Root, relPath: string): { real: string; stats: Stats } {
  const found = locate(root, relPath);
  if (found.kind === "absent") {
    throw new TreeError(`${treePath(relPath)} does not exist${found.dangling ? " (dangling symlink)" : ""}`);
  }
  if (found.stats.isDirectory()) throw new TreeError(`${treePath(relPath)} is a directory, not a file`);
  if (!found.stats.isFile()) {
    throw new TreeError(`${treePath(relPath)} is a ${kindOf(found.stats)}; only regular files are read`);
  }
  return found;
}

/** A regular file's bytes, at most `readCap` of them (the rest counted, not read). */
function readBytes(root: Root, relPath: string, readCap: number): FileBytes {
  return readCapped(regularFile(root, relPath), relPath, readCap);
}

/** The first `readCap` bytes of a file already located. */
function readCapped(found: { real: string }, relPath: string, readCap: number): FileBytes {
  const { real } = found;
  let fd: number;
  try {
    // O_NOFOLLOW: the resolved path has no links left, so one appearing now is a race and refused.
    // O_NONBLOCK: a file swapped for a FIFO after the check must not block the gate forever.
    fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    throw new TreeError(`${treePath(relPath)} cannot be opened: ${code(error) ?? String(error)}`);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new TreeError(`${treePath(relPath)} is not a regular file`);
    const want = Math.min(stats.size, readCap);
    const buffer = Buffer.allocUnsafe(want);
    let filled = 0;
    while (filled < want) {
      const n = readSync(fd, buffer, filled, want - filled, filled);
      if (n === 0) break;
      filled += n;
    }
    // A file that grew after fstat is still capped; one that shrank is read as it now is.
    const size = Math.max(stats.size, filled);
    return { bytes: buffer.subarray(0, filled), size, truncated: filled < size };
  } catch (error) {
    if (error instanceof TreeError) throw error;
    throw new TreeError(`${treePath(relPath)} cannot be read: ${code(error) ?? String(error)}`);
  } finally {
    closeSync(fd);
  }
}

/** A directory's entries, sorted by name, at most LIST_CAP_ENTRIES of them (then marked truncated). */
function listDirectory(root: Root, relPath: string): Listing {
  const found = locate(root, relPath);
  if (found.kind === "absent" || !found.stats.isDirectory()) {
    throw new TreeError(`${treePath(relPath) || "."} is not a directory`);
  }
  const entries: ListedEntry[] = [];
  let truncated = false;
  let dir: ReturnType<typeof opendirSync> | undefined;
  try {
    dir = opendirSync(found.real);
    for (let d = dir.readSync(); d !== null; d = dir.readSync()) {
      if (entries.length >= LIST_CAP_ENTRIES) {
        truncated = true;
        break;
      }
      const kind = d.isFile() ? "file" : d.isDirectory() ? "dir" : d.isSymbolicLink() ? "symlink" : "other";
      entries.push({ name: d.name, kind });
    }
  } catch (error) {
    throw new TreeError(`${treePath(relPath) || "."} cannot be listed: ${code(error) ?? String(error)}`);
  } finally {
    dir?.closeSync();
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { entries, truncated };
}
