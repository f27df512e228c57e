// Where a command run from a terminal finds the repository: the top level of the git work tree that
// holds the current directory, as `git rev-parse --show-toplevel` prints it, found by walking up to the
// nearest `.git` (a directory, or the file a worktree or submodule has) without running git. Run from
// `src/`, `review` and `check` must read the same contract and the same tree as from the root: read
// from `src/`, the default contract was "missing", the criteria were skipped, and a change the root
// run blocked was approved.
import { statSync } from "node:fs";
import path from "node:path";

/** The work tree's top level above (or at) `dir`, or undefined outside any git work tree. */
export function topLevel(dir: string): string | undefined {
  let current = path.resolve(dir);
  for (;;) {
    try {
      const dotGit = statSync(path.join(current, ".git"));
      if (dotGit.isDirectory() || dotGit.isFile()) return current;
    } catch {
      // Not here; look one level up.
    }
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

export interface BasePath {
  /** The directory the criteria read (absolute). */
  readonly dir: string;
  /** A line for stderr when the choice is not what a person would assume. */
  readonly note?: string;
}

/** The tree the criteria read: --base-path when given, else the top level, else the current directory
 * with a note saying so (outside a git repository there is no top level to find). */
export function basePathFor(cwd: string, given: string | undefined): BasePath {
  if (given !== undefined) return { dir: path.resolve(cwd, given) };
  const top = topLevel(cwd);
  if (top !== undefined) return { dir: top };
  const dir = path.resolve(cwd);
  return {
    dir,
    note: `not inside a git repository, so the criteria read the current directory ${dir} (--base-path DIR names another)`,
  };
}

/** For a relative path named on the command line that is not there: when the repository's top level
 * has it, what to write instead. A path a person names is read from the current directory, like every
 * other path argument, while the default contract is read from the top level; run from `src/`,
 * `--contract .github/verdict-contract.json` misses the file the default finds, and saying only "no
 * such file" hides why. */
export function topLevelHint(cwd: string, given: string): string {
  if (path.isAbsolute(given)) return "";
  const top = topLevel(cwd);
  if (top === undefined || path.resolve(top) === path.resolve(cwd)) return "";
  const there = path.join(top, given);
  try {
    statSync(there);
  } catch {
    return "";
  }
  return ` (a path you name is read from the current directory, ${path.resolve(cwd)}; the repository's top level has ${given}: name it ${path.relative(cwd, there)})`;
}
