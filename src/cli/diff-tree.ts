// A local diff is judged only in the tree it is the change of (`review`, and `check` with a diff): its
// paths must be the tree's files as the diff's new side has them (src/diff/against-tree.ts). A diff
// written relative to a subdirectory (`git diff --relative`) or taken from another repository named
// files the tree did not have, so the criteria found nothing of theirs changed and the round approved
// (issue 31, item 11). Such a diff is refused before anything is judged (exit 2), naming the files and
// how to make the right diff. Kept apart from the commands so that any local round can ask it.
import path from "node:path";
import { printable } from "../criteria/index.js";
import { diffAgainstTree, type TreeMismatch } from "../diff/against-tree.js";
import type { Diff } from "../diff/types.js";
import type { TreeReader } from "../ports/tree.js";
import { UsageError } from "./io.js";

/** Mismatches named at most, each on a line of its own. */
const SHOWN = 5;

/** When every missing file is in the tree under the subdirectory the command runs in, the diff's
 * paths are relative to it: that subdirectory, `/`-separated; else undefined. */
async function relativeTo(
  missing: readonly TreeMismatch[],
  tree: TreeReader,
  cwd: string,
  basePath: string,
): Promise<string | undefined> {
  const sub = path.relative(basePath, cwd).split(path.sep).join("/");
  if (missing.length === 0 || sub === "" || sub.startsWith("..") || path.isAbsolute(sub)) return undefined;
  for (const m of missing) {
    const there = await tree.entry(`${sub}/${m.path}`).catch(() => undefined);
    if (there === undefined || there.kind === "absent") return undefined;
  }
  return sub;
}

/** Throws UsageError (exit 2) when `diff` is not a change of `tree` (the directory `basePath`), saying
 * which files disagree and what to run instead; returns when it is. */
export async function refuseDiffNotOfTree(
  diff: Diff,
  tree: TreeReader,
  where: { cwd: string; basePath: string; from: string; judged: string },
): Promise<void> {
  const mismatches = await diffAgainstTree(diff, tree);
  if (mismatches.length === 0) return;
  const lines = mismatches.slice(0, SHOWN).map((m) => `  ${printable(m.path)}: ${printable(m.why)}`);
  if (mismatches.length > SHOWN) lines.push(`  … and ${mismatches.length - SHOWN} more`);
  const missing = mismatches.filter((m) => m.absent);
  const sub =
    missing.length === mismatches.length
      ? await relativeTo(missing, tree, where.cwd, where.basePath)
      : undefined;
  const fix =
    sub !== undefined
      ? `Its paths are relative to ${sub}/ (git diff --relative, or diff.relative in git's config), and the tree is read from its top level ${where.basePath}: make the diff without --relative (git diff names paths from the top level wherever it runs).`
      : `Judge a diff of this tree: \`git diff BASE\` in it (the working tree is the new side); a diff of two commits needs the later one checked out, and a staged one (git diff --cached) the unstaged changes put aside (git stash --keep-index); or name the tree the diff belongs to with --base-path DIR.`;
  throw new UsageError(
    `the diff from ${where.from} is not a change of the tree at ${where.basePath}, so nothing was ${where.judged} (${mismatches.length} of its ${diff.files.length} file${diff.files.length === 1 ? "" : "s"} disagree):\n${lines.join("\n")}\n${fix}`,
    { brief: true },
  );
}
