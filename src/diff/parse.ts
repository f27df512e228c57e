// Reads a unified diff (GitHub's `application/vnd.github.diff`, `git diff`, or plain `diff -u`) and the
// per-file patches of GitHub's file lists into the Diff model. Pure.
//
// It reads a diff as git wrote it, or says it cannot: a file's name is exactly git's name (see
// git-path.ts and git-header.ts), and a section whose names are uncertain, whose hunk counts do not
// add up, that holds a line belonging to no hunk, or whose content changed with no hunk shown, is
// kept and marked `malformed` with where, so that it is never counted as seen, never excluded by a
// name it may not have, and the CLI can refuse it. It never guesses in the direction of "less changed".

import { defined } from "../util/defined.js";
import { readGitHeader, type SectionNames } from "./git-header.js";
import { gitLabel, gitToken, needsGitQuoting, plainLabel, quoteGitPath } from "./git-path.js";
import type { Diff, DiffFile, DiffLine, FileStatus, Hunk } from "./types.js";

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** The blob of an empty file: a file added or removed with this content and no lines has nothing in
 * it to review. */
export const EMPTY_BLOB = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391";

/** A line of the diff for a message: quoted, so a control character or a trailing space shows. */
function excerpt(line: string): string {
  return JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line);
}

/** A path for a message: quoted when blanks at either end or a control character would hide. */
export function shownPath(path: string): string {
  if (path === "") return "a file whose name cannot be read";
  return /^\s|\s$/.test(path) || needsGitQuoting(path) ? JSON.stringify(path) : path;
}

interface HunkParse {
  hunks: Hunk[];
  additions: number;
  deletions: number;
  /** The first hunk whose line counts do not match the lines that follow it, said with where. */
  problem?: string;
  next: number;
}

/** Hunks from lines starting at `start`; stops at the first line that cannot belong to a hunk.
 * `where(i)` names line i for messages. */
function readHunks(lines: readonly string[], start: number, where: (i: number) => string): HunkParse {
  const hunks: Hunk[] = [];
  let additions = 0;
  let deletions = 0;
  let problem: string | undefined;
  let i = start;
  while (i < lines.length) {
    const header = lines[i] as string;
    const m = HUNK_HEADER.exec(header);
    if (!m) break;
    const at = i;
    const oldStart = Number(m[1]);
    const oldLines = m[2] === undefined ? 1 : Number(m[2]);
    const newStart = Number(m[3]);
    const newLines = m[4] === undefined ? 1 : Number(m[4]);
    let oldLeft = oldLines;
    let newLeft = newLines;
    let oldNo = oldStart;
    let newNo = newStart;
    const body: DiffLine[] = [];
    i += 1;
    while (i < lines.length && (oldLeft > 0 || newLeft > 0 || (lines[i] as string).startsWith("\\"))) {
      const line = lines[i] as string;
      const marker = line[0];
      if (marker === "+") {
        if (newLeft === 0) break;
        body.push({ kind: "add", text: line.slice(1), newLine: newNo });
        newNo += 1;
        newLeft -= 1;
        additions += 1;
      } else if (marker === "-") {
        if (oldLeft === 0) break;
        body.push({ kind: "del", text: line.slice(1), oldLine: oldNo });
        oldNo += 1;
        oldLeft -= 1;
        deletions += 1;
      } else if (marker === " " || line === "") {
        // Some tools strip the single space of an empty context line.
        if (oldLeft === 0 || newLeft === 0) break;
        body.push({ kind: "context", text: line.slice(1), oldLine: oldNo, newLine: newNo });
        oldNo += 1;
        newNo += 1;
        oldLeft -= 1;
        newLeft -= 1;
      } else if (marker === "\\") {
        body.push({ kind: "note", text: line.slice(1).trimStart() });
      } else {
        break;
      }
      i += 1;
    }
    if ((oldLeft !== 0 || newLeft !== 0) && problem === undefined) {
      problem = `hunk ${excerpt(header)} at ${where(at)} promises ${oldLines} old and ${newLines} new line(s), but ${oldLines - oldLeft} and ${newLines - newLeft} follow`;
    }
    hunks.push({ header, oldStart, oldLines, newStart, newLines, lines: body });
  }
  return { hunks, additions, deletions, ...defined({ problem }), next: i };
}

function statusFrom(flags: {
  added: boolean;
  removed: boolean;
  renamed: boolean;
  copied: boolean;
}): FileStatus {
  if (flags.added) return "added";
  if (flags.removed) return "removed";
  if (flags.renamed) return "renamed";
  if (flags.copied) return "copied";
  return "modified";
}

/** An abbreviated blob id of no content: none (zeros) or the empty blob. */
function emptyBlob(id: string): boolean {
  return /^0+$/.test(id) || (id.length >= 7 && EMPTY_BLOB.startsWith(id));
}

/** Extended header lines git writes between `diff --git` and `---`. */
const EXTENDED_HEADER =
  /^(?:(?:old|new) mode|deleted file mode|new file mode) [0-7]{6}$|^(?:dis)?similarity index \d{1,3}%$|^index [0-9a-f]{7,64}\.\.[0-9a-f]{7,64}(?: [0-7]{6})?$/;

interface Section {
  path: string;
  previousPath?: string;
  status: FileStatus;
  binary: boolean;
  /** A `GIT binary patch` body follows the header (lines that belong to no hunk, by design). */
  binaryBody?: boolean;
  parsed?: HunkParse;
  /** The first thing wrong with the section, said with where. */
  problem?: string;
}

/** Parse a whole unified diff. Text before the first file header (a commit message, `git format-patch`
 * mail headers) and a `format-patch` signature after the last hunk are ignored; every file section is
 * kept verbatim in `patch`. */
export function parseUnifiedDiff(text: string): Diff {
  const lines = text.split("\n");
  // A trailing newline yields one empty last element that belongs to no hunk.
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const isFileStart = (line: string, index: number) =>
    line.startsWith("diff --git ") ||
    (line.startsWith("--- ") && (lines[index + 1] ?? "").startsWith("+++ ")) ||
    line.startsWith("diff --cc ") ||
    line.startsWith("diff --combined ");
  const where = (i: number) => `line ${i + 1}`;
  const files: DiffFile[] = [];
  let i = 0;
  while (i < lines.length && !isFileStart(lines[i] as string, i)) i += 1;
  while (i < lines.length) {
    const sectionStart = i;
    const first = lines[i] as string;
    let section: Section;
    if (first.startsWith("diff --cc ") || first.startsWith("diff --combined ")) {
      const name = gitToken(first.slice(first.indexOf(" ", 5) + 1));
      section = {
        path: "name" in name ? name.name : "",
        status: "modified",
        binary: false,
        problem: `${where(i)}: a combined diff (${excerpt(first.slice(0, 16))}, a merge's diff) is not read; diff the merge against one parent`,
      };
      i += 1;
      while (i < lines.length && !isFileStart(lines[i] as string, i)) i += 1;
    } else {
      const read = first.startsWith("diff --git ") ? readGitSection(lines, i) : readPlainSection(lines, i);
      section = read.section;
      i = read.next;
      const parsed = section.binary ? undefined : readHunks(lines, i, where);
      if (parsed !== undefined) {
        section.parsed = parsed;
        i = parsed.next;
        if (parsed.problem !== undefined) section.problem ??= `${shownPath(section.path)}: ${parsed.problem}`;
      }
    }
    let end = i;
    // Anything up to the next file header that is not a hunk means we lost our place, except the
    // body of a GIT binary patch and a format-patch signature ("-- " and git's version) at the end.
    while (i < lines.length && !isFileStart(lines[i] as string, i)) {
      const line = lines[i] as string;
      if (line === "-- " && !lines.slice(i).some((l, k) => isFileStart(l, i + k))) {
        i = lines.length;
        break;
      }
      if (section.binaryBody !== true)
        section.problem ??= `${shownPath(section.path)}: ${where(i)} (${excerpt(line)}) belongs to no hunk`;
      i += 1;
      end = i;
    }
    if (section.path === "") section.problem ??= `${where(sectionStart)}: the section names no file`;
    const patch = lines.slice(sectionStart, end).join("\n");
    files.push(toFile(section, patch));
  }
  return { files, source: "unified", truncated: false };
}

function toFile(section: Section, patch: string): DiffFile {
  return {
    path: section.path,
    ...defined({ previousPath: section.previousPath }),
    status: section.status,
    binary: section.binary,
    additions: section.parsed?.additions ?? 0,
    deletions: section.parsed?.deletions ?? 0,
    hunks: section.parsed?.hunks ?? [],
    // A section we could not read is treated like a patch GitHub omitted: changed, but not seen.
    patchOmitted: section.problem !== undefined,
    patch,
    ...defined({ malformed: section.problem }),
  };
}

/** A `diff --git` section's header, up to its first hunk (or the next file). */
function readGitSection(lines: readonly string[], start: number): { section: Section; next: number } {
  const first = lines[start] as string;
  const flags = { added: false, removed: false, renamed: false, copied: false };
  // A name that does not read as one is set as undefined, and left out below like one never given.
  const names: {
    from?: string | undefined;
    to?: string | undefined;
    minus?: string | null;
    plus?: string | null;
  } = {};
  let binary = false;
  let binaryBody = false;
  let described = false;
  let blobs: [string, string] | undefined;
  let problem: string | undefined;
  const header = (reason: string) =>
    `the header at line ${start + 1} (${excerpt(first)}) cannot be read with certainty: ${reason}`;
  const token = (raw: string): string | undefined => {
    const t = gitToken(raw);
    if ("error" in t) problem ??= header(t.error);
    return "name" in t ? t.name : undefined;
  };
  if (first.endsWith("\r"))
    problem = header("it ends in a carriage return: were the diff's line endings converted to CR LF?");
  let i = start + 1;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (line.startsWith("diff --git ") || line.startsWith("diff --cc ") || line.startsWith("--- ")) break;
    if (HUNK_HEADER.test(line)) break;
    i += 1;
    described = true;
    if (line.startsWith("new file mode ")) flags.added = true;
    else if (line.startsWith("deleted file mode ")) flags.removed = true;
    if (line.startsWith("rename from ") || line.startsWith("copy from ")) {
      if (line.startsWith("rename")) flags.renamed = true;
      else flags.copied = true;
      names.from = token(line.slice(line.indexOf(" from ") + 6));
    } else if (line.startsWith("rename to ") || line.startsWith("copy to ")) {
      names.to = token(line.slice(line.indexOf(" to ") + 4));
    } else if (line.startsWith("Binary files ") && line.endsWith(" differ")) {
      binary = true;
    } else if (line === "GIT binary patch") {
      binary = true;
      binaryBody = true;
      break;
    } else if (EXTENDED_HEADER.test(line)) {
      const index = /^index ([0-9a-f]+)\.\.([0-9a-f]+)/.exec(line);
      if (index) blobs = [index[1] as string, index[2] as string];
    } else {
      problem ??= `line ${i} (${excerpt(line)}) is not a header line git writes`;
    }
  }
  if (!binary && (lines[i] ?? "").startsWith("--- ")) {
    if (!(lines[i + 1] ?? "").startsWith("+++ ")) {
      problem ??= `line ${i + 1} (${excerpt(lines[i] as string)}) has no "+++" line after it`;
      i += 1;
    } else {
      for (const [side, raw] of [
        ["minus", lines[i] as string],
        ["plus", lines[i + 1] as string],
      ] as const) {
        const label = gitLabel(raw.slice(4));
        if ("error" in label) problem ??= header(label.error);
        else names[side] = label.name;
      }
      described = true;
      i += 2;
    }
  }
  if (names.minus === null) flags.added = true;
  if (names.plus === null) flags.removed = true;
  const known: SectionNames = Object.fromEntries(
    Object.entries(names).filter(([, v]) => v !== undefined),
  ) as SectionNames;
  const reading = readGitHeader(first, known);
  if ("error" in reading) problem ??= header(reading.error);
  const from = "error" in reading ? (names.from ?? "") : reading.from;
  const to = "error" in reading ? (names.to ?? "") : reading.to;
  const path = flags.removed ? from : to;
  // A changed blob with no hunk shown (a diff cut after its index line) hides the whole change.
  const nextIsHunk = HUNK_HEADER.test(lines[i] ?? "");
  if (!binary && !nextIsHunk && blobs !== undefined && blobs[0] !== blobs[1]) {
    if (!(emptyBlob(blobs[0]) && emptyBlob(blobs[1])))
      problem ??= `its index line says the content changed (${blobs[0]}..${blobs[1]}), but no hunk shows it`;
  }
  // git writes at least one line after `diff --git` (an index, mode, rename or ---/+++ line).
  if (!described && !nextIsHunk) problem ??= "its section shows nothing of the change";
  const section: Section = {
    path,
    ...(from !== to && from !== "" ? { previousPath: from } : {}),
    status: statusFrom(flags),
    binary,
    ...(binaryBody ? { binaryBody } : {}),
  };
  if (problem !== undefined)
    section.problem = problem.startsWith("the header") ? problem : `${shownPath(path)}: ${problem}`;
  return { section, next: i };
}

/** A plain `diff -u` section: `--- old[\ttime]` and `+++ new[\ttime]`. diff writes the names it was
 * given, so they are read as written, except the `a/P` `b/P` pair of `diff -ru a b`. Two other names
 * say nothing of which one is the file. */
function readPlainSection(lines: readonly string[], start: number): { section: Section; next: number } {
  const minus = plainLabel((lines[start] as string).slice(4));
  const plus = plainLabel((lines[start + 1] as string).slice(4));
  let path = plus ?? minus ?? "";
  let problem: string | undefined;
  if (minus !== null && plus !== null && minus !== plus) {
    if (minus.startsWith("a/") && plus.startsWith("b/") && minus.slice(2) === plus.slice(2))
      path = plus.slice(2);
    else
      problem = `the labels at line ${start + 1} name two files (${excerpt(minus)} and ${excerpt(plus)}), and a plain diff does not say which one changed`;
  }
  if (needsGitQuoting(path))
    problem ??= `the label at line ${start + 1} holds a control character: were the diff's line endings converted?`;
  const section: Section = {
    path,
    status: minus === null ? "added" : plus === null ? "removed" : "modified",
    binary: false,
  };
  if (problem !== undefined) section.problem = `${shownPath(path)}: ${problem}`;
  return { section, next: start + 2 };
}

/** One entry of a GitHub file list (`/pulls/{n}/files`, a comparison's `files`). */
export interface PullFileEntry {
  filename: string;
  previous_filename?: string;
  status: string;
  additions: number;
  deletions: number;
  changes: number;
  patch?: string;
  /** The blob of the file's new content (the old one for a removed file); null or absent when GitHub
   * does not say. */
  sha?: string | null;
}

const KNOWN_STATUS: readonly FileStatus[] = [
  "added",
  "modified",
  "removed",
  "renamed",
  "copied",
  "changed",
  "unchanged",
];

/** A `---`/`+++` label as git writes it: quoted when needed, and a tab after one with a space. */
function label(name: string): string {
  const quoted = quoteGitPath(name);
  return quoted.includes(" ") ? `${quoted}\t` : quoted;
}

/** The header git would write for a file list entry, which has none: what the reviewer is shown. */
function headerFor(entry: PullFileEntry, status: FileStatus): string {
  const old = entry.previous_filename ?? entry.filename;
  return [
    `diff --git ${quoteGitPath(`a/${old}`)} ${quoteGitPath(`b/${entry.filename}`)}`,
    ...(entry.previous_filename !== undefined && entry.previous_filename !== entry.filename
      ? [
          `${status === "copied" ? "copy" : "rename"} from ${quoteGitPath(old)}`,
          `${status === "copied" ? "copy" : "rename"} to ${quoteGitPath(entry.filename)}`,
        ]
      : []),
    `--- ${status === "added" ? "/dev/null" : label(`a/${old}`)}`,
    `+++ ${status === "removed" ? "/dev/null" : label(`b/${entry.filename}`)}`,
  ].join("\n");
}

/** A file from a GitHub file list. Its name is `filename`, exactly. A file listed without a patch is
 * not a file without content: GitHub lists a binary file, a mode change and a submodule with 0
 * additions, 0 deletions, 0 changes and no patch, and leaves out patches it finds too large. Such a
 * file counts as not seen (the round holds) unless it can be shown to need no review: a rename with
 * no changes, or an empty file added or removed (its blob is the empty blob). Counterexample: a
 * 400-file pull request adding the binary `bin/postinstall-helper` approved at "100 %". */
export function fileFromPatch(entry: PullFileEntry): DiffFile {
  const status = (KNOWN_STATUS as readonly string[]).includes(entry.status)
    ? (entry.status as FileStatus)
    : "changed";
  const header = headerFor(entry, status);
  const base = {
    path: entry.filename,
    ...defined({ previousPath: entry.previous_filename }),
    status,
    additions: entry.additions,
    deletions: entry.deletions,
    binary: false,
  };
  if (entry.patch === undefined || entry.patch === "") {
    const counted = entry.changes > 0 || entry.additions + entry.deletions > 0;
    const pureRename = !counted && status === "renamed" && entry.previous_filename !== undefined;
    const empty = !counted && entry.sha === EMPTY_BLOB && (status === "added" || status === "removed");
    if (pureRename || empty) return { ...base, hunks: [], patchOmitted: false, patch: header };
    return {
      ...base,
      hunks: [],
      patchOmitted: true,
      patch: header,
      omittedWhy: counted
        ? "GitHub left its patch out (too large for the file list)"
        : "GitHub lists it without a patch or changed lines: binary content, a mode change or a submodule, which nobody can review from the API",
    };
  }
  const lines = entry.patch.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const parsed = readHunks(lines, 0, (i) => `line ${i + 1} of its patch`);
  let problem = parsed.problem;
  if (problem === undefined && parsed.next < lines.length)
    problem = `line ${parsed.next + 1} of its patch (${excerpt(lines[parsed.next] as string)}) belongs to no hunk`;
  if (problem === undefined && parsed.hunks.length === 0) problem = "its patch holds no hunk";
  return {
    ...base,
    hunks: parsed.hunks,
    patchOmitted: problem !== undefined,
    patch: `${header}\n${entry.patch}`,
    ...(problem !== undefined ? { malformed: `${shownPath(entry.filename)}: ${problem}` } : {}),
  };
}
