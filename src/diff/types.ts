// The pull request's change as the gate sees it: files, hunks and lines, with enough bookkeeping to
// say honestly how much of it was reviewed. Built from a unified diff (GitHub's
// `application/vnd.github.diff`, or `git diff` locally) or from `/pulls/{n}/files` when GitHub refuses
// the whole diff. Pure data.

export type FileStatus = "added" | "modified" | "removed" | "renamed" | "copied" | "changed" | "unchanged";

export interface DiffLine {
  /** `add` (+), `del` (-), `context` ( ), or `note` ("\ No newline at end of file"). */
  readonly kind: "add" | "del" | "context" | "note";
  /** The line's text without its leading marker. */
  readonly text: string;
  /** Line number in the old file (del and context lines). */
  readonly oldLine?: number;
  /** Line number in the new file (add and context lines). */
  readonly newLine?: number;
}

export interface Hunk {
  /** The `@@ -a,b +c,d @@ …` line as written. */
  readonly header: string;
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
  readonly lines: readonly DiffLine[];
}

export interface DiffFile {
  /** Path in the new tree; for a removed file, its old path. Always relative, `/`-separated. */
  readonly path: string;
  /** The old path of a rename or copy. */
  readonly previousPath?: string;
  readonly status: FileStatus;
  /** Binary content: there is nothing a text reviewer can read. */
  readonly binary: boolean;
  /** Lines added and deleted, as GitHub or the diff header reports them (for omitted patches too). */
  readonly additions: number;
  readonly deletions: number;
  readonly hunks: readonly Hunk[];
  /** GitHub did not include this file's patch (too large, or listed past its limits): the file changed
   * but nobody can review it from the API, so it counts as not reviewed. */
  readonly patchOmitted: boolean;
  /** The file's section of the unified diff, exactly as received (what the reviewer is shown). */
  readonly patch: string;
  /** Why this section cannot be read as git wrote it, and where: a header whose names cannot be read
   * with certainty, hunk counts that do not add up, a line that belongs to no hunk, a content change
   * with no hunk. Set only with `patchOmitted`. Such a file is never excluded by its name (its name or
   * its extent is in doubt: a lockfile's hunk can swallow the next file) and never counts as seen. */
  readonly malformed?: string;
  /** Why the patch is missing when nothing is malformed (GitHub listed the file without one). */
  readonly omittedWhy?: string;
}

export interface Diff {
  readonly files: readonly DiffFile[];
  /** Where it came from, for the summary: the whole diff, or the paged file list after a 406. */
  readonly source: "unified" | "files-api";
  /** GitHub stopped listing files (3,000-file cap): more changed than the gate could see. */
  readonly truncated: boolean;
  /** The PR's own count of changed files when known (to detect files the gate never received). */
  readonly reportedFiles?: number;
  /** How the change was read when it was not simply the whole diff (a file list read instead, and
   * why), for the summary: a person should know which list an approve or a hold stands on. */
  readonly howRead?: readonly string[];
}
