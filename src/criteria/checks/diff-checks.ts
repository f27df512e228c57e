// Criteria on the change itself: the lexical signals of seed 003 (what was added, where, how much),
// judged from the diff alone and never from what the author says the change does.
//
// One rule runs through all of them: a part of the change the gate did not see (GitHub's 3,000-file
// cap, a patch it omitted, files it never sent) can hide a violation, so an unseen part turns a would-be
// pass into an error. A violation already found is a fail whatever else was unseen.
//
// The TODO-marker signal is `diff_added_absent` with a pattern like `\b(TODO|FIXME|XXX)\b`; "tests
// touched when source changed" is `diff_requires_change`. Neither needs a type of its own.
import type { Diff, DiffFile } from "../../diff/types.js";
import { type PathSelector, pathSelector } from "../../util/glob.js";
import { type CompiledPattern, compilePattern, type LineMatch } from "../pattern.js";
import { excerpt } from "../text.js";
import { type CheckContext, type CriterionCheck, error, fail, type Outcome, pass } from "./outcome.js";
import { unmatchedGlob } from "./selector-reach.js";

const EVERYTHING: PathSelector = { globs: [], selects: () => true };

function needDiff(ctx: CheckContext): Diff | Outcome {
  if (ctx.diff === undefined) {
    return error(`this criterion judges the change, and ${ctx.noDiff ?? "no diff was given"}`, {});
  }
  // A diff that lists no file at all is what a change nobody fetched looks like: the merge-group round
  // once handed every diff criterion `{ files: [] }`, and diff_added_absent and diff_requires_change
  // passed having looked at nothing. "Present but legitimately empty" is not worth telling apart here:
  // a pull request that changes no file has nothing to approve (the reviewer part holds it anyway), so
  // calling it an error costs nothing, while reading it as a clean change is a false approve.
  if (ctx.diff.files.length === 0) {
    return error(
      "this criterion judges the change, and the diff it was given lists no changed file: an empty diff is never evidence that a change is clean (it is what a diff that was not fetched looks like)",
      { count: 0 },
    );
  }
  return ctx.diff;
}

/** Why the list of changed files may be incomplete, or its names unknown. */
function unlistedFiles(diff: Diff): string[] {
  const gaps: string[] = [];
  const nameless = diff.files.filter((f) => f.path === "").length;
  if (nameless > 0) {
    gaps.push(`the path of ${plural(nameless, "changed file", "changed files")} could not be read`);
  }
  if (diff.truncated) gaps.push("the list of changed files was cut short");
  if (diff.reportedFiles !== undefined && diff.reportedFiles > diff.files.length) {
    gaps.push(
      `${diff.reportedFiles - diff.files.length} of ${diff.reportedFiles} changed files were never received`,
    );
  }
  return gaps;
}

/** Whether a criterion's path globs select a file. A file whose header named no readable path (the
 * parser's `""`) may be any file, so it counts as selected: skipping it would let `paths: ["src/**"]`
 * pass over a section whose path the parser lost. Its content is unseen, so it can only make the
 * criterion an error, never a pass. */
function selected(selector: PathSelector, file: DiffFile): boolean {
  return file.path === "" || selector.selects(file.path);
}

function changedPaths(file: DiffFile): string[] {
  return file.previousPath !== undefined && file.previousPath !== file.path
    ? [file.path, file.previousPath]
    : [file.path];
}

interface AddedScan {
  readonly files: number;
  readonly lines: number;
  readonly matching: number;
  readonly first: (LineMatch & { path: string }) | undefined;
  /** Selected files whose added lines could not be read: omitted or unreadable patches, and binary
   * files (their added content is there, but not as lines anyone can match). */
  readonly unseen: string[];
  /** The binary files among `unseen`. */
  readonly binary: string[];
}

function scanAdded(
  diff: Diff,
  pattern: CompiledPattern,
  selector: PathSelector,
  skipBinary: boolean,
): AddedScan {
  let files = 0;
  let lines = 0;
  let matching = 0;
  let first: AddedScan["first"];
  const unseen: string[] = [];
  const binary: string[] = [];
  for (const file of diff.files) {
    if (file.status === "removed" || !selected(selector, file)) continue;
    if (file.binary) {
      binary.push(file.path);
      // Passed over when the criterion says so (`binary_files: "skip"`), named in the reason either way.
      if (!skipBinary) unseen.push(file.path);
      continue;
    }
    if (file.patchOmitted || file.path === "") {
      unseen.push(file.path);
      continue;
    }
    // GitHub's file list gives the count and the patch separately: a patch showing fewer added lines
    // than the file reports is a patch cut short somewhere, and the lines it lacks were never read.
    const shown = file.hunks.reduce((n, h) => n + h.lines.filter((l) => l.kind === "add").length, 0);
    if (shown < file.additions) {
      unseen.push(file.path);
      continue;
    }
    files += 1;
    for (const hunk of file.hunks) {
      for (const line of hunk.lines) {
        if (line.kind !== "add") continue;
        lines += 1;
        const text = line.text.endsWith("\r") ? line.text.slice(0, -1) : line.text;
        if (!pattern.re.test(text)) continue;
        matching += 1;
        if (first === undefined) {
          const m = pattern.re.matcher(text);
          first = {
            path: file.path,
            line: line.newLine ?? 0,
            column: m.find() ? m.start() + 1 : 1,
            text: excerpt(text),
          };
        }
      }
    }
  }
  return { files, lines, matching, first, unseen, binary };
}

/** A path for a message: a file whose header named no path (a section the parser could not read) is
 * said so, never printed as "()". */
function named(paths: readonly string[]): string {
  const shown = paths.slice(0, 3).map((p) => (p === "" ? "a file with no readable path" : p));
  return `${shown.join(", ")}${paths.length > 3 ? ", …" : ""}`;
}

/** "1 added line matches", "2 added lines match", "0 added lines match". */
function matchCount(n: number): string {
  return n === 1 ? "1 added line matches" : `${n} added lines match`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function unseenReasons(
  diff: Diff,
  scan: { unseen: readonly string[]; binary?: readonly string[] },
): string[] {
  const gaps = unlistedFiles(diff);
  const binary = new Set(scan.binary ?? []);
  // A nameless file is already named by unlistedFiles.
  const omitted = scan.unseen.filter((p) => !binary.has(p) && p !== "");
  if (omitted.length > 0) {
    gaps.push(
      `the patch of ${plural(omitted.length, "file was", "files were")} not available (${named(omitted)})`,
    );
  }
  if (binary.size > 0) {
    const paths = [...binary];
    gaps.push(
      `${plural(paths.length, "binary file's", "binary files'")} added content cannot be read as lines (${named(paths)}); to pass over binary files (images and the like), add "binary_files": "skip" to the criterion, or leave them out with "paths"`,
    );
  }
  return gaps;
}

/** Every path the diff names (old names of renames too), for "does a glob select anything". */
function diffPaths(diff: Diff): string[] {
  return diff.files.flatMap(changedPaths).filter((p) => p !== "");
}

/** A selector glob that selects nothing anywhere turns a would-be pass into an error (selector-reach.ts);
 * otherwise `confirmed` says every glob selects files in the tree, which a pass may say. */
async function selectorsReach(
  ctx: CheckContext,
  diff: Diff,
  fields: readonly { field: string; globs: readonly string[] | undefined }[],
): Promise<{ error?: Outcome; confirmed: boolean }> {
  const found = await unmatchedGlob(fields, ctx.tree, diffPaths(diff));
  if (found.unmatched !== undefined) {
    return {
      error: error(found.unmatched.reason, {
        unmatched_glob: found.unmatched.glob,
        closest_directory: found.unmatched.closest,
      }),
      confirmed: false,
    };
  }
  return { confirmed: found.confirmed };
}

/** What a pass adds when the criterion's globs selected nothing in this change. */
function nothingHere(globs: readonly string[], confirmed: boolean): string {
  return confirmed
    ? `; no changed file is selected by ${globs.join(", ")}, which select files in the tree: this change has nothing for this criterion`
    : `; no changed file is selected by ${globs.join(", ")}`;
}

/** What a pass adds for binary files it passed over. */
function skippedBinary(paths: readonly string[]): string {
  return paths.length === 0
    ? ""
    : `; ${plural(paths.length, "binary file", "binary files")} passed over ("binary_files": "skip"): ${named(paths)}`;
}

function selectorFor(paths: readonly string[] | undefined): PathSelector {
  return paths === undefined ? EVERYTHING : pathSelector(paths);
}

export const diffAddedAbsent: CriterionCheck<"diff_added_absent"> = async (criterion, ctx) => {
  const diff = needDiff(ctx);
  if (!("files" in diff)) return diff;
  const selector = selectorFor(criterion.paths);
  const scan = scanAdded(
    diff,
    compilePattern(criterion.pattern),
    selector,
    criterion.binary_files === "skip",
  );
  const evidence = {
    pattern: criterion.pattern,
    files_checked: scan.files,
    lines_checked: scan.lines,
    count: scan.matching,
    ...(scan.first === undefined ? {} : { first_match: scan.first }),
    ...(scan.binary.length > 0 ? { binary_skipped: scan.binary } : {}),
    ...(scan.unseen.length > 0 ? { unseen: scan.unseen } : {}),
  };
  if (scan.first !== undefined) {
    return fail(
      `${matchCount(scan.matching)} /${criterion.pattern}/, first ${scan.first.path}:${scan.first.line}`,
      evidence,
    );
  }
  const gaps = unseenReasons(diff, {
    unseen: scan.unseen,
    binary: criterion.binary_files === "skip" ? [] : scan.binary,
  });
  if (gaps.length > 0) return error(`no seen added line matches, but ${gaps.join("; ")}`, evidence);
  const reach = await selectorsReach(ctx, diff, [{ field: "paths", globs: criterion.paths }]);
  if (reach.error !== undefined)
    return { ...reach.error, evidence: { ...evidence, ...reach.error.evidence } };
  const none =
    criterion.paths !== undefined && !diff.files.some((f) => f.status !== "removed" && selected(selector, f))
      ? nothingHere(criterion.paths, reach.confirmed)
      : "";
  return pass(
    `${scan.lines === 1 ? "the 1 added line does not match" : `none of ${scan.lines} added lines match`} /${criterion.pattern}/${none}${skippedBinary(scan.binary)}`,
    evidence,
  );
};

export const diffAddedContains: CriterionCheck<"diff_added_contains"> = async (criterion, ctx) => {
  const diff = needDiff(ctx);
  if (!("files" in diff)) return diff;
  const scan = scanAdded(
    diff,
    compilePattern(criterion.pattern),
    selectorFor(criterion.paths),
    criterion.binary_files === "skip",
  );
  const evidence = {
    pattern: criterion.pattern,
    files_checked: scan.files,
    lines_checked: scan.lines,
    count: scan.matching,
    required: criterion.min_count,
    ...(scan.first === undefined ? {} : { first_match: scan.first }),
    ...(scan.binary.length > 0 ? { binary_skipped: scan.binary } : {}),
    ...(scan.unseen.length > 0 ? { unseen: scan.unseen } : {}),
  };
  const summary = `${matchCount(scan.matching)} /${criterion.pattern}/ (needs ${criterion.min_count})`;
  if (scan.matching >= criterion.min_count) return pass(`${summary}${skippedBinary(scan.binary)}`, evidence);
  const gaps = unseenReasons(diff, {
    unseen: scan.unseen,
    binary: criterion.binary_files === "skip" ? [] : scan.binary,
  });
  if (gaps.length > 0) return error(`${summary}, but ${gaps.join("; ")}`, evidence);
  return fail(summary, evidence);
};

export const diffPathsWithin: CriterionCheck<"diff_paths_within"> = async (criterion, ctx) => {
  const diff = needDiff(ctx);
  if (!("files" in diff)) return diff;
  const selector = pathSelector(criterion.globs);
  const outside: string[] = [];
  let count = 0;
  for (const file of diff.files) {
    for (const p of changedPaths(file)) {
      count += 1;
      // A path the parser could not read is neither inside nor outside: unlistedFiles names it.
      if (p !== "" && !selector.selects(p)) outside.push(p);
    }
  }
  const evidence = {
    globs: criterion.globs,
    count,
    ...(outside.length > 0 ? { outside: outside.slice(0, 50) } : {}),
  };
  if (outside.length > 0) {
    return fail(
      `${outside.length} changed path${outside.length === 1 ? " is" : "s are"} outside ${criterion.globs.join(", ")}: ${outside.slice(0, 3).join(", ")}${outside.length > 3 ? ", …" : ""}`,
      evidence,
    );
  }
  const gaps = unlistedFiles(diff);
  if (gaps.length > 0) return error(`every listed path is within scope, but ${gaps.join("; ")}`, evidence);
  return pass(`all ${count} changed paths are within ${criterion.globs.join(", ")}`, evidence);
};

export const diffLinesMax: CriterionCheck<"diff_lines_max"> = async (criterion, ctx) => {
  const diff = needDiff(ctx);
  if (!("files" in diff)) return diff;
  const selector = selectorFor(criterion.paths);
  let count = 0;
  let files = 0;
  const unseen: string[] = [];
  const binary: string[] = [];
  for (const file of diff.files) {
    if (file.path !== "" && !changedPaths(file).some((p) => selector.selects(p))) continue;
    files += 1;
    count += file.additions + file.deletions;
    // A binary file has no lines to count: git's numstat says "-", not 0, and its 0 here is no
    // measure of the change. GitHub's file list counts the lines of a patch it omits, so those counts
    // stand, except where it counted none: that is how it lists a binary file (or a mode change or a
    // submodule), lines unknown. A patch missing from a unified diff (`diff --cc`, an unreadable
    // section) was never counted at all.
    if (file.binary) binary.push(file.path);
    else if (
      (file.patchOmitted && (diff.source === "unified" || file.additions + file.deletions === 0)) ||
      file.path === ""
    )
      unseen.push(file.path);
  }
  const evidence = {
    count,
    required: criterion.max_lines,
    files_checked: files,
    ...(unseen.length + binary.length > 0 ? { unseen: [...unseen, ...binary] } : {}),
  };
  const summary = `${count} lines changed in ${files} file${files === 1 ? "" : "s"} (at most ${criterion.max_lines})`;
  if (count > criterion.max_lines) return fail(summary, evidence);
  const gaps = unseenReasons(diff, { unseen });
  if (binary.length > 0) {
    gaps.push(
      `git counts no lines for ${plural(binary.length, "binary file", "binary files")} ("-", unknown), so they are not in the count (${named(binary)})`,
    );
  }
  if (gaps.length > 0) return error(`${summary}, but ${gaps.join("; ")}`, evidence);
  const reach = await selectorsReach(ctx, diff, [{ field: "paths", globs: criterion.paths }]);
  if (reach.error !== undefined)
    return { ...reach.error, evidence: { ...evidence, ...reach.error.evidence } };
  const none =
    criterion.paths !== undefined && files === 0 ? nothingHere(criterion.paths, reach.confirmed) : "";
  return pass(`${summary}${none}`, evidence);
};

export const diffRequiresChange: CriterionCheck<"diff_requires_change"> = async (criterion, ctx) => {
  const diff = needDiff(ctx);
  if (!("files" in diff)) return diff;
  const when = pathSelector(criterion.when_changed);
  const must = pathSelector(criterion.must_change);
  const paths = diff.files.flatMap(changedPaths).filter((p) => p !== "");
  const trigger = paths.find((p) => when.selects(p));
  const companion = paths.find((p) => must.selects(p));
  const evidence = {
    when_changed: criterion.when_changed,
    must_change: criterion.must_change,
    count: paths.length,
    ...(trigger === undefined ? {} : { triggered_by: trigger }),
    ...(companion === undefined ? {} : { satisfied_by: companion }),
  };
  if (trigger !== undefined && companion !== undefined) {
    return pass(`${trigger} changed and so did ${companion}`, evidence);
  }
  const gaps = unlistedFiles(diff);
  if (gaps.length > 0) {
    return error(
      `${trigger === undefined ? "no" : "a"} triggering change was seen, but ${gaps.join("; ")}`,
      evidence,
    );
  }
  if (trigger === undefined) {
    // A when_changed glob that selects nothing anywhere would make this pass on every change.
    const reach = await selectorsReach(ctx, diff, [{ field: "when_changed", globs: criterion.when_changed }]);
    if (reach.error !== undefined)
      return { ...reach.error, evidence: { ...evidence, ...reach.error.evidence } };
    return pass(
      `nothing matching ${criterion.when_changed.join(", ")} changed${reach.confirmed ? " (it selects files in the tree: this change has nothing for this criterion)" : ""}`,
      evidence,
    );
  }
  return fail(`${trigger} changed but nothing matching ${criterion.must_change.join(", ")} did`, evidence);
};
