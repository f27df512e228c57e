// Which commits can be cases, and which are clean. A case is one commit against its first parent, so
// it must be one readable change: not a merge, 1 to 15 files, nothing binary, vendored, generated or
// a lock file, no symlink or submodule, no file over 1 MB, every path one a case may hold. A clean case
// is also a change worth reviewing (half its changed lines or more in code that is not a test; not a
// revert, merge, release, docs, chore, typo or formatting commit by its subject), and passes the clean
// rule: no later non-merge commit on the way to the tip, committed within a year of it, whose message
// has a fix word (fix, bug, regression, revert, broke, …) changed a line it wrote (blame back to its
// parent over the later commit's changed lines, as evidence.ts counts them). Pure, through the port.
import { blameTouched, touchedLines } from "./evidence.js";
import { caseCollision, GENERATED_TEXT, isReviewedCode, isVendored, unsafePath } from "./files.js";
import type { Commit, FileStat, History } from "./history.js";
import { FIX_WORDS, NOT_A_CHANGE } from "./messages.js";

export const YEAR_SECONDS = 365 * 24 * 3600;
export const DAY_SECONDS = 24 * 3600;
/** A clean case is watched for a year, or to the end of history when that is sooner, but at least
 * this long: a change from last week has not had the time to be found wrong. */
export const MIN_WATCH_DAYS = 90;
/** A file of a change read at most: larger ones are data, not code a reviewer reads. */
export const MAX_FILE_BYTES = 1024 * 1024;
export const MAX_FILES = 15;

/** Changed lines of a change, and how many of them are code that is not a test. */
export interface Size {
  readonly files: number;
  readonly lines: number;
  readonly codeLines: number;
}

export function sizeOf(stats: readonly FileStat[]): Size {
  return {
    files: stats.length,
    lines: stats.reduce((n, f) => n + f.lines, 0),
    codeLines: stats.filter((f) => isReviewedCode(f.path)).reduce((n, f) => n + f.lines, 0),
  };
}

/** Why a commit cannot be a case at all: one with no parent, or several. */
export function notOneChange(commit: Commit): string | undefined {
  if (commit.parents.length === 0) return "a root commit: it has no parent to compare with";
  if (commit.parents.length > 1) return "a merge commit";
  return undefined;
}

/** Why the change `parent` → `head` cannot be a case of either class (its shape, not its history). */
export function unusable(
  history: History,
  parent: string,
  head: string,
  stats: readonly FileStat[],
): string | undefined {
  if (stats.length === 0) return "it changes no file";
  if (stats.length > MAX_FILES) return `${stats.length} files (at most ${MAX_FILES})`;
  for (const f of stats) {
    for (const p of [f.path, f.previousPath]) {
      if (p === undefined) continue;
      const unsafe = unsafePath(p);
      if (unsafe !== undefined) return `${JSON.stringify(p)}: ${unsafe}`;
      if (isVendored(p)) return `${p}: a vendored, built or lock file`;
    }
    if (f.binary) return `${f.path}: a binary file`;
  }
  const collision = caseCollision(stats.flatMap((f) => [f.path, f.previousPath ?? f.path]));
  if (collision !== undefined) return collision;
  if (history.touchesLinks(parent, head)) return "it changes a symlink or a submodule";
  for (const f of stats) {
    for (const [rev, p] of [
      [parent, f.previousPath ?? f.path],
      [head, f.path],
    ] as const) {
      const size = history.blobSize(rev, p);
      if (size !== undefined && size > MAX_FILE_BYTES) return `${p}: over ${MAX_FILE_BYTES} bytes`;
    }
    const start = history.blob(head, f.path)?.subarray(0, 2000);
    if (start !== undefined && GENERATED_TEXT.test(new TextDecoder().decode(start)))
      return `${f.path}: a generated file`;
  }
  return undefined;
}

/** Why a usable commit is not a change worth a clean case, or undefined. */
export function notReviewable(commit: Commit, size: Size): string | undefined {
  const subject = commit.message.split("\n")[0] ?? "";
  if (NOT_A_CHANGE.test(subject)) return "a revert, merge, release, docs, chore, typo or formatting commit";
  if (size.codeLines === 0 || size.codeLines * 2 < size.lines) return "mostly not source code";
  return undefined;
}

export interface CleanWatch {
  /** Days the change was watched: a year, or to the tip when that is sooner. */
  readonly days: number;
  /** Why it is not clean, or undefined. */
  readonly problem?: string;
}

/** Whether `commit` passes the clean rule in the history up to `tip` (committed at `tipTime`). */
export function cleanWatch(history: History, commit: Commit, tip: string, tipTime: number): CleanWatch {
  const horizon = Math.min(commit.time + YEAR_SECONDS, tipTime);
  const days = Math.max(0, Math.floor((horizon - commit.time) / DAY_SECONDS));
  if (days < MIN_WATCH_DAYS)
    return {
      days,
      problem: `watched for ${days} days before the end of history (at least ${MIN_WATCH_DAYS})`,
    };
  const parent = commit.parents[0] as string;
  const files = history.numstat(parent, commit.sha).map((f) => f.path);
  for (const later of history.laterTouching(commit.sha, tip, horizon, files)) {
    if (!FIX_WORDS.test(later.message)) continue;
    const laterParent = later.parents[0];
    if (laterParent === undefined) continue;
    const touched = touchedLines(history, later.sha, laterParent, { all: true });
    // Blame no further back than the commit's parent: only whether a line is the commit's own matters.
    for (const { blamed } of blameTouched(history, laterParent, touched, parent))
      if (blamed.some((b) => b.origin === commit.sha))
        return {
          days,
          problem: `lines it wrote were changed by ${later.sha.slice(0, 12)} "${(later.message.split("\n")[0] ?? "").slice(0, 80)}"`,
        };
  }
  return { days };
}
