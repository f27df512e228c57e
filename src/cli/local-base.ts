// A file as a local diff's old side had it, for the lockfile check and the contract's
// `review_guidelines` in `verdict-gate review`: the diff's `index <old>..<new>` line names the base
// blob, and `git cat-file blob` reads it from the repository the working tree belongs to. That is
// exactly the content `git diff` compared against, whatever ref the user diffed with. A diff without
// index lines, a blob the repository does not have, or no git at all: the file cannot be read, and the
// lockfile part holds saying so. A file the diff does not touch is the same on both sides: it is read
// from the working tree (never through a symlink).
import { execFileSync } from "node:child_process";
import type { Diff } from "../diff/types.js";
import type { ContractFile } from "../ports/github.js";
import { describeError } from "../util/describe-error.js";
import { openTree } from "../workspace/fs-tree.js";

/** A file the diff does not touch, read from the working tree at `cwd`. */
async function untouched(cwd: string, path: string): Promise<ContractFile> {
  let read: Awaited<ReturnType<NonNullable<ReturnType<typeof openTree>["readNoFollow"]>>>;
  try {
    const tree = openTree(cwd);
    const entry = await tree.entry(path);
    if (entry.kind === "absent") return { kind: "missing" };
    read = await (tree.readNoFollow as NonNullable<typeof tree.readNoFollow>)(path, 1024 * 1024);
  } catch (error) {
    return { kind: "unreadable", message: describeError(error) };
  }
  if (read.truncated) return { kind: "unreadable", message: `${read.size} bytes, more than the gate reads` };
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(read.bytes);
    return { kind: "found", text, sha: "working-tree" };
  } catch {
    return { kind: "unreadable", message: "not UTF-8 text" };
  }
}

const INDEX = /^index ([0-9a-f]{4,64})\.\.([0-9a-f]{4,64})/m;

/** The blob ids of a file's patch header (the lines before its first hunk). */
function blobs(patch: string): { old: string; new: string } | undefined {
  const header = patch.split(/^@@/m)[0] ?? "";
  const m = INDEX.exec(header);
  return m === null ? undefined : { old: m[1] as string, new: m[2] as string };
}

/** Reads base files of `diff` from the git repository at `cwd`. */
export function localBaseReader(
  diff: Diff,
  cwd: string,
): (path: string) => ContractFile | Promise<ContractFile> {
  return (path) => {
    const file = diff.files.find((f) => (f.previousPath ?? f.path) === path || f.path === path);
    if (file === undefined) return untouched(cwd, path);
    // A file the diff adds under this name had none on the old side (its old name is another file).
    if ((file.previousPath ?? file.path) !== path) return { kind: "missing" };
    if (file.status === "added") return { kind: "missing" };
    const ids = blobs(file.patch);
    if (ids === undefined) {
      return {
        kind: "unreadable",
        message: "the diff has no `index` line naming the base blob; make it with `git diff`",
      };
    }
    if (/^0+$/.test(ids.old)) return { kind: "missing" };
    let bytes: Buffer;
    try {
      bytes = execFileSync("git", ["cat-file", "blob", ids.old], {
        cwd,
        maxBuffer: 64 * 1024 * 1024,
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (error) {
      return {
        kind: "unreadable",
        message: `git cannot read the base blob ${ids.old} in ${cwd} (${describeError(error).split("\n")[0]})`,
      };
    }
    try {
      return {
        kind: "found",
        text: new TextDecoder("utf-8", { fatal: true }).decode(bytes),
        sha: ids.old,
      };
    } catch {
      return { kind: "unreadable", message: `the base blob ${ids.old} is not UTF-8 text` };
    }
  };
}
