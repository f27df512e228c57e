// Whether a diff is the change of the tree it is judged in: each file it leaves in place must be in
// the tree as the diff's new side has it, and each file it deletes must be gone. A local round reads
// its diff from a pipe and its files from the working tree, and nothing else ties the two together:
// `git diff --relative` run in a subdirectory, or another repository's diff, names paths the tree does
// not have, so `tests-with-code` found "nothing matching src/** changed", no context was shown, and
// the round approved (issue 31, item 11). The oracle is git's own: a diff's `index OLD..NEW` line
// names the new side's blob, which is the hash of the tree's file; and every hunk's new-side lines
// must stand in the tree's file where the hunk says (all a diff without index lines can be held to).
// Pure: the tree is read through its port.
import { createHash } from "node:crypto";
import { TreeError, type TreeReader, treePath } from "../ports/tree.js";
import type { Diff, DiffFile } from "./types.js";

/** One file of the diff the tree does not agree with, and how. */
export interface TreeMismatch {
  readonly path: string;
  /** What is wrong, in a few words a person can act on. */
  readonly why: string;
  /** The file is not in the tree at all (the sign of paths written relative to somewhere else). */
  readonly absent: boolean;
}

const INDEX = /^index ([0-9a-f]{4,64})\.\.([0-9a-f]{4,64})(?: ([0-7]{6}))?$/m;
/** A symlink (its blob is the link's target) or a submodule (a commit): only their presence is
 * compared, since the tree's reader follows links and a submodule is a directory. */
const NOT_A_FILE =
  /^(?:new file mode|new mode) (120000|160000)$|^index [0-9a-f]+\.\.[0-9a-f]+ (120000|160000)$/m;

/** The lines of a file's patch before its first hunk. */
function header(file: DiffFile): string {
  return file.patch.split(/^@@/m)[0] ?? "";
}

/** The new side's blob id the diff names, when it names one. */
function newBlob(file: DiffFile): string | undefined {
  const id = INDEX.exec(header(file))?.[2];
  return id === undefined || /^0+$/.test(id) ? undefined : id;
}

/** git's blob ids of `bytes` (SHA-1 and SHA-256 repositories). */
function blobIds(bytes: Uint8Array): string[] {
  const head = `blob ${bytes.length}\0`;
  return ["sha1", "sha256"].map((algorithm) =>
    createHash(algorithm).update(head).update(bytes).digest("hex"),
  );
}

/** Whether the tree's bytes are the blob `id` (abbreviated as git writes it). A work tree that git
 * converts on checkout (`eol=crlf`) has CRLF where the blob has LF: the LF form is tried too. */
function isBlob(bytes: Uint8Array, id: string): boolean {
  if (blobIds(bytes).some((full) => full.startsWith(id))) return true;
  const text = Buffer.from(bytes);
  if (!text.includes("\r\n")) return false;
  return blobIds(Buffer.from(text.toString("latin1").replaceAll("\r\n", "\n"), "latin1")).some((full) =>
    full.startsWith(id),
  );
}

/** The first hunk line whose new side the tree's text does not have where the hunk says, if any.
 * `whole` false: the text is the start of a larger file, and lines past its last whole line are not
 * known, so not compared. */
function hunkMismatch(file: DiffFile, text: string, whole: boolean): string | undefined {
  const lines = text.split("\n");
  const known = whole ? Number.POSITIVE_INFINITY : lines.length - 1;
  for (const hunk of file.hunks) {
    for (const line of hunk.lines) {
      if (line.kind !== "add" && line.kind !== "context") continue;
      const at = line.newLine ?? 0;
      if (at > known) return undefined;
      if (lines[at - 1]?.replace(/\r$/, "") !== line.text.replace(/\r$/, "")) {
        return `line ${at} is not the diff's (hunk ${hunk.header.split(" @@")[0]} @@)`;
      }
    }
  }
  return undefined;
}

async function mismatchOf(file: DiffFile, tree: TreeReader): Promise<TreeMismatch | undefined> {
  const at = (why: string, absent = false): TreeMismatch => ({ path: file.path, why, absent });
  // A link's blob is its target, which the reader follows: only that the name is there is compared,
  // dangling or leading out of the tree (whose reading is the criteria's to refuse) included.
  const link = NOT_A_FILE.test(header(file)) && file.status !== "removed";
  // A name no tree path can spell (a backslash, which is a separator on Windows runners; `..`) is not
  // read by anything of the gate's; the criteria and the reviewer's coverage say what they do with it.
  try {
    treePath(file.path);
  } catch {
    return undefined;
  }
  let entry: Awaited<ReturnType<TreeReader["entry"]>>;
  try {
    entry = await tree.entry(file.path);
  } catch (error) {
    if (link) return undefined;
    return at(error instanceof TreeError ? error.message : String(error));
  }
  if (file.status === "removed") {
    return entry.kind === "absent" && entry.dangling !== true
      ? undefined
      : at("the diff deletes it, but the tree has it");
  }
  if (entry.kind === "absent" && entry.dangling !== true)
    return at("the diff changes it, but the tree has no such file", true);
  if (file.status === "renamed" && file.previousPath !== undefined) {
    const old = await tree.entry(file.previousPath).catch(() => undefined);
    if (old?.kind !== "absent")
      return at(`the diff renames ${file.previousPath} to it, but the tree still has ${file.previousPath}`);
  }
  if (link) return undefined;
  if (entry.kind === "absent") return at("the diff has a file there, the tree a link to nothing");
  if (entry.kind !== "file")
    return at(`the diff has a file there, the tree a ${entry.kind === "dir" ? "directory" : entry.what}`);
  const id = newBlob(file);
  if (id === undefined && file.hunks.length === 0) return undefined;
  let bytes: Uint8Array;
  let truncated: boolean;
  try {
    ({ bytes, truncated } = await tree.read(file.path));
  } catch (error) {
    return at(`it cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (id !== undefined && !truncated && !isBlob(bytes, id)) {
    const tree = blobIds(bytes)[0]?.slice(0, id.length);
    return at(`the tree's file is not the diff's new side (the diff's is blob ${id}, the tree's ${tree})`);
  }
  // The hunks too, so a diff whose index line was copied from elsewhere is not taken on its word (and
  // a diff without index lines, or a file too large to hash whole, is held to them alone).
  const problem = hunkMismatch(file, Buffer.from(bytes).toString("utf8"), !truncated);
  return problem === undefined ? undefined : at(`the tree's file is not the diff's new side: ${problem}`);
}

/** The files of `diff` the tree does not agree with, in the diff's order (empty: it is the tree's). */
export async function diffAgainstTree(diff: Diff, tree: TreeReader): Promise<TreeMismatch[]> {
  const found: TreeMismatch[] = [];
  // A change of type (a link that becomes a file) is two sections: the old one's deletion, and the
  // new one's addition under the same name, which the tree has.
  const left = new Set(diff.files.filter((f) => f.status !== "removed").map((f) => f.path));
  for (const file of diff.files) {
    if (file.status === "removed" && left.has(file.path)) continue;
    const mismatch = await mismatchOf(file, tree);
    if (mismatch !== undefined) found.push(mismatch);
  }
  return found;
}
