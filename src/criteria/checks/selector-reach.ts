// Whether a criterion's path globs select anything at all. A diff criterion whose `paths` (or
// `when_changed`) glob has a typo — `source/**` in a tree whose code is in `src/` — selects no file,
// so it checks nothing and passes on every change: a silent pass. Such a glob is an error naming the
// glob and the closest existing directory. A glob that selects files in the tree but none in this diff
// is fine: the change simply has nothing for the criterion, and the reason says so.
//
// The tree is walked from the glob's literal prefix (`src/api/**/*.ts` walks `src/api`; a glob that
// matches at any depth, like `*.ts` or `generated/`, walks the whole tree), breadth first, and stops at
// the first selected file; a walk that would go past its budget, or a directory that cannot be listed,
// answers "cannot tell", which never turns a criterion into an error (the criterion then behaves as it
// did before this check existed). Symlinks are tested as names and never followed as directories.

import type { TreeReader } from "../../ports/tree.js";
import { editDistance } from "../../util/edit-distance.js";
import { compileGlob } from "../../util/glob.js";

/** Directory entries a walk may look at before it gives up with "cannot tell". */
export const REACH_BUDGET = 20_000;

export type Reach =
  | { readonly kind: "selects" }
  /** Nothing in the tree or the diff; `closest`: the existing directory a person most likely meant. */
  | { readonly kind: "nothing"; readonly closest: string }
  | { readonly kind: "unknown" };

/** Whether `dir` is a directory; "unknown" when the tree cannot say (an escape, an unreadable path). */
async function dirState(tree: TreeReader, dir: string): Promise<"dir" | "not" | "unknown"> {
  if (dir === "") return "dir";
  try {
    return (await tree.entry(dir)).kind === "dir" ? "dir" : "not";
  } catch {
    return "unknown";
  }
}

/** The existing directory nearest to what `prefix` meant: the deepest one that exists, then among its
 * subdirectories the one whose name is closest to the first missing segment, if any is close. */
async function closestDirectory(tree: TreeReader, prefix: readonly string[]): Promise<string> {
  let found = "";
  let missing: string | undefined;
  for (const segment of prefix) {
    const next = found === "" ? segment : `${found}/${segment}`;
    if ((await dirState(tree, next)) !== "dir") {
      missing = segment;
      break;
    }
    found = next;
  }
  if (missing !== undefined) {
    try {
      const listing = await tree.list(found);
      let best: { name: string; distance: number } | undefined;
      for (const entry of listing.entries) {
        if (entry.kind !== "dir") continue;
        const distance = editDistance(missing.toLowerCase(), entry.name.toLowerCase());
        const near = distance <= Math.max(2, Math.floor(missing.length / 2));
        if (near && (best === undefined || distance < best.distance)) best = { name: entry.name, distance };
      }
      if (best !== undefined) return `${found === "" ? "" : `${found}/`}${best.name}/`;
    } catch {
      // No listing: the deepest existing directory is the answer.
    }
  }
  return found === "" ? "the tree's root" : `${found}/`;
}

/** Whether the inclusion glob `glob` selects a file of the tree or a path of the diff. */
export async function globReach(
  glob: string,
  tree: TreeReader,
  diffPaths: readonly string[],
): Promise<Reach> {
  const compiled = compileGlob(glob);
  if (diffPaths.some((p) => p !== "" && compiled.matches(p))) return { kind: "selects" };
  const prefix = compiled.root;
  const start = prefix.join("/");
  // The literal prefix is checked one directory at a time: `source/api/**` with no `source` is nothing.
  for (let k = 1; k <= prefix.length; k += 1) {
    const state = await dirState(tree, prefix.slice(0, k).join("/"));
    if (state === "unknown") return { kind: "unknown" };
    if (state === "not") return { kind: "nothing", closest: await closestDirectory(tree, prefix) };
  }
  const queue = [start];
  let seen = 0;
  while (queue.length > 0) {
    const dir = queue.shift() as string;
    let listing: Awaited<ReturnType<TreeReader["list"]>>;
    try {
      listing = await tree.list(dir);
    } catch {
      return { kind: "unknown" };
    }
    if (listing.truncated) return { kind: "unknown" };
    for (const entry of listing.entries) {
      seen += 1;
      if (seen > REACH_BUDGET) return { kind: "unknown" };
      const full = dir === "" ? entry.name : `${dir}/${entry.name}`;
      if (entry.kind === "dir") queue.push(full);
      else if (compiled.matches(full)) return { kind: "selects" };
    }
  }
  return { kind: "nothing", closest: await closestDirectory(tree, prefix) };
}

export interface GlobsReach {
  /** The first inclusion glob that selects nothing, as the reason a criterion errors. */
  readonly unmatched?: { readonly reason: string; readonly glob: string; readonly closest: string };
  /** Every inclusion glob was seen to select a file (not merely "cannot tell"). */
  readonly confirmed: boolean;
}

export async function unmatchedGlob(
  fields: readonly { readonly field: string; readonly globs: readonly string[] | undefined }[],
  tree: TreeReader,
  diffPaths: readonly string[],
): Promise<GlobsReach> {
  let confirmed = true;
  for (const { field, globs } of fields) {
    for (const glob of globs ?? []) {
      if (glob.startsWith("!")) continue;
      const reach = await globReach(glob, tree, diffPaths);
      if (reach.kind === "unknown") confirmed = false;
      if (reach.kind === "nothing") {
        return {
          unmatched: {
            glob,
            closest: reach.closest,
            reason: `${field} glob ${JSON.stringify(glob)} selects no file in the tree or the diff, so this criterion would check nothing (a typo?); the closest existing directory is ${reach.closest}`,
          },
          confirmed: false,
        };
      }
    }
  }
  return { confirmed };
}
