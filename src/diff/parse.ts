// Reads a unified diff (GitHub's `application/vnd.github.diff`, `git diff`, or plain `diff -u`) and the
// per-file patches of `/pulls/{n}/files` into the Diff model. Pure.
//
// It never guesses in the direction of "less changed": a hunk whose line counts do not add up, a file
// header it cannot read, or a binary patch leaves the file marked so that coverage counts it as not
// reviewed, instead of silently dropping lines the reviewer then never sees.
import type { Diff, DiffFile, DiffLine, FileStatus, Hunk } from "./types.js";

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** Git C-quotes paths with unusual bytes ("a/caf\303\251.txt"); undo it so globs and annotations see the
 * real name. Octal escapes are bytes of UTF-8. */
export function unquotePath(raw: string): string {
  if (!raw.startsWith('"') || !raw.endsWith('"') || raw.length < 2) return raw;
  const body = raw.slice(1, -1);
  const bytes: number[] = [];
  const simple: Record<string, number> = { n: 10, t: 9, r: 13, b: 8, f: 12, v: 11, a: 7, '"': 34, "\\": 92 };
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i] as string;
    if (ch !== "\\") {
      bytes.push(...Buffer.from(ch, "utf8"));
      continue;
    }
    const next = body[i + 1] ?? "";
    const octal = /^[0-7]{3}/.exec(body.slice(i + 1, i + 4));
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8));
      i += 3;
    } else if (next in simple) {
      bytes.push(simple[next] as number);
      i += 1;
    } else {
      bytes.push(92);
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** `a/x`, `b/x` → `x`; `/dev/null` → null. Tab-separated timestamps of plain `diff -u` are dropped. */
function headerPath(raw: string): string | null {
  let value = raw.trim();
  if (!value.startsWith('"')) value = value.split("\t")[0] ?? value;
  value = unquotePath(value);
  if (value === "/dev/null") return null;
  if (value.startsWith("a/") || value.startsWith("b/")) return value.slice(2);
  return value;
}

/** The two paths of `diff --git a/X b/Y`. Ambiguous when names contain " b/", so this is only a
 * fallback for files with no ---/+++ lines (binary files, pure renames, mode changes). */
function gitHeaderPaths(line: string): { from: string; to: string } | null {
  const rest = line.slice("diff --git ".length);
  const quoted = /^("(?:[^"\\]|\\.)*"|\S+) ("(?:[^"\\]|\\.)*"|.+)$/.exec(rest);
  if (rest.startsWith('"') || rest.includes(' "')) {
    if (!quoted) return null;
    const from = headerPath(quoted[1] as string);
    const to = headerPath(quoted[2] as string);
    return from !== null && to !== null ? { from, to } : null;
  }
  // Unquoted: when both sides name the same file the line is "a/P b/P"; split it in the middle.
  const half = (rest.length - 1) / 2;
  if (Number.isInteger(half) && rest[half] === " ") {
    const from = headerPath(rest.slice(0, half));
    const to = headerPath(rest.slice(half + 1));
    if (from !== null && to !== null && from === to) return { from, to };
  }
  const at = rest.indexOf(" b/");
  if (at < 0) return null;
  const from = headerPath(rest.slice(0, at));
  const to = headerPath(rest.slice(at + 1));
  return from !== null && to !== null ? { from, to } : null;
}

interface HunkParse {
  hunks: Hunk[];
  additions: number;
  deletions: number;
  /** Line counts in a header did not match the lines that followed. */
  malformed: boolean;
}

/** Hunks from lines starting at `start`; stops at the first line that cannot belong to a hunk. */
function readHunks(lines: readonly string[], start: number): HunkParse & { next: number } {
  const hunks: Hunk[] = [];
  let additions = 0;
  let deletions = 0;
  let malformed = false;
  let i = start;
  while (i < lines.length) {
    const header = lines[i] as string;
    const m = HUNK_HEADER.exec(header);
    if (!m) break;
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
    if (oldLeft !== 0 || newLeft !== 0) malformed = true;
    hunks.push({ header, oldStart, oldLines, newStart, newLines, lines: body });
  }
  return { hunks, additions, deletions, malformed, next: i };
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

/** Parse a whole unified diff. Text before the first file header (a commit message, `git format-patch`
 * mail headers) is ignored; every file section is kept verbatim in `patch`. */
export function parseUnifiedDiff(text: string): Diff {
  const lines = text.split("\n");
  // A trailing newline yields one empty last element that belongs to no hunk.
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const files: DiffFile[] = [];
  let i = 0;
  const isFileStart = (line: string, index: number) =>
    line.startsWith("diff --git ") ||
    (line.startsWith("--- ") && (lines[index + 1] ?? "").startsWith("+++ ")) ||
    line.startsWith("diff --cc ") ||
    line.startsWith("diff --combined ");

  while (i < lines.length && !isFileStart(lines[i] as string, i)) i += 1;
  while (i < lines.length) {
    const sectionStart = i;
    const first = lines[i] as string;
    let from: string | null = null;
    let to: string | null = null;
    let seenFrom = false;
    let seenTo = false;
    const flags = { added: false, removed: false, renamed: false, copied: false };
    let binary = false;
    let unreadable = false;
    let gitPaths: { from: string; to: string } | null = null;
    if (first.startsWith("diff --git ")) {
      gitPaths = gitHeaderPaths(first);
      i += 1;
      // Extended header lines, up to the ---/+++ pair, a hunk, or the next file.
      while (i < lines.length) {
        const line = lines[i] as string;
        if (line.startsWith("diff --git ") || line.startsWith("--- ") || line.startsWith("@@ ")) break;
        if (line.startsWith("new file mode")) flags.added = true;
        else if (line.startsWith("deleted file mode")) flags.removed = true;
        else if (line.startsWith("rename from ")) {
          flags.renamed = true;
          from = unquotePath(line.slice("rename from ".length));
          seenFrom = true;
        } else if (line.startsWith("rename to ")) {
          to = unquotePath(line.slice("rename to ".length));
          seenTo = true;
        } else if (line.startsWith("copy from ")) {
          flags.copied = true;
          from = unquotePath(line.slice("copy from ".length));
          seenFrom = true;
        } else if (line.startsWith("copy to ")) {
          to = unquotePath(line.slice("copy to ".length));
          seenTo = true;
        } else if (line.startsWith("Binary files ") || line === "GIT binary patch") binary = true;
        i += 1;
      }
    } else if (first.startsWith("diff --cc ") || first.startsWith("diff --combined ")) {
      // Combined (merge) diffs have a different line format; keep the file, mark it unreadable.
      unreadable = true;
      i += 1;
    }
    if (i < lines.length && (lines[i] as string).startsWith("--- ")) {
      const minus = headerPath((lines[i] as string).slice(4));
      const plus = (lines[i + 1] ?? "").startsWith("+++ ")
        ? headerPath((lines[i + 1] as string).slice(4))
        : null;
      if (!seenFrom) from = minus;
      if (!seenTo) to = plus;
      if (minus === null) flags.added = true;
      if (plus === null && (lines[i + 1] ?? "").startsWith("+++ ")) flags.removed = true;
      seenFrom = true;
      seenTo = true;
      i += (lines[i + 1] ?? "").startsWith("+++ ") ? 2 : 1;
    }
    const parsed = unreadable ? null : readHunks(lines, i);
    if (parsed) i = parsed.next;
    // Anything up to the next file header that is not a hunk means we lost our place.
    while (i < lines.length && !isFileStart(lines[i] as string, i)) {
      // The body of a GIT binary patch is expected; anything else means we lost our place.
      if (!binary) unreadable = true;
      i += 1;
    }
    if (!seenFrom && gitPaths) from = flags.added ? null : gitPaths.from;
    if (!seenTo && gitPaths) to = flags.removed ? null : gitPaths.to;
    const path = to ?? from ?? gitPaths?.to ?? "";
    const patch = lines.slice(sectionStart, i).join("\n");
    const malformed = parsed?.malformed ?? false;
    const previousPath = from !== null && to !== null && from !== to ? from : undefined;
    files.push({
      path,
      ...(previousPath !== undefined ? { previousPath } : {}),
      status: statusFrom(flags),
      binary,
      additions: parsed?.additions ?? 0,
      deletions: parsed?.deletions ?? 0,
      hunks: parsed?.hunks ?? [],
      // A section we could not read (combined diff, broken hunk counts, stray lines, no path) is
      // treated like a patch GitHub omitted: changed, but not seen.
      patchOmitted: unreadable || malformed || path === "",
      patch,
    });
  }
  return { files, source: "unified", truncated: false };
}

/** One entry of `GET /repos/{owner}/{repo}/pulls/{n}/files`. */
export interface PullFileEntry {
  filename: string;
  previous_filename?: string;
  status: string;
  additions: number;
  deletions: number;
  changes: number;
  patch?: string;
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

/** A file from the files API. GitHub omits `patch` for binary files and for patches it considers too
 * large; with changes but no patch, nobody can review the file from the API, so it is marked omitted.
 * A rename with no content change has nothing to review and is fully seen. */
export function fileFromPatch(entry: PullFileEntry): DiffFile {
  const status = (KNOWN_STATUS as readonly string[]).includes(entry.status)
    ? (entry.status as FileStatus)
    : "changed";
  const header = [
    `diff --git a/${entry.previous_filename ?? entry.filename} b/${entry.filename}`,
    `--- ${status === "added" ? "/dev/null" : `a/${entry.previous_filename ?? entry.filename}`}`,
    `+++ ${status === "removed" ? "/dev/null" : `b/${entry.filename}`}`,
  ].join("\n");
  const base = {
    path: entry.filename,
    ...(entry.previous_filename !== undefined ? { previousPath: entry.previous_filename } : {}),
    status,
    additions: entry.additions,
    deletions: entry.deletions,
  };
  if (entry.patch === undefined || entry.patch === "") {
    return {
      ...base,
      binary: false,
      hunks: [],
      patchOmitted: entry.changes > 0 || entry.additions + entry.deletions > 0,
      patch: header,
    };
  }
  const lines = entry.patch.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const parsed = readHunks(lines, 0);
  const leftover = parsed.next < lines.length;
  return {
    ...base,
    binary: false,
    hunks: parsed.hunks,
    patchOmitted: parsed.malformed || leftover || parsed.hunks.length === 0,
    patch: `${header}\n${entry.patch}`,
  };
}

/** Lines changed in a file: what coverage counts. */
export function changedLines(file: DiffFile): number {
  return file.additions + file.deletions;
}
