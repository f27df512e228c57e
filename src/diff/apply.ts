// A unified diff applied to the files of its base, in memory: how `verdict-gate eval` rebuilds a
// case's head from its `base/` files and its `change.diff`, so the criteria read the head exactly as
// a checked-out pull request would have it. Strict, like `git apply` without offsets or fuzz: every
// context and deleted line must be where the hunk says, with the text it says, and the end-of-file
// newline must be what the "\ No newline at end of file" markers say. A diff that does not apply is a
// case that cannot be run (its reason is reported), never a head guessed at: a tree that is only
// almost the head could let a criterion pass on files the change never had.
// What cannot be rebuilt from a unified diff (a binary change, a symlink or a submodule) is `unknown`:
// the path exists at the head, and any read of it is an error, which no criterion can pass on. Pure.
import type { Diff, DiffFile, Hunk } from "./types.js";

export type FileBytesMap = ReadonlyMap<string, Uint8Array>;

/** The head: each file's bytes, and the paths whose content the diff cannot give, with why. */
export interface AppliedTree {
  readonly files: ReadonlyMap<string, Uint8Array>;
  readonly unknown: ReadonlyMap<string, string>;
}

export type ApplyResult =
  | { readonly ok: true; readonly tree: AppliedTree }
  | { readonly ok: false; readonly problem: string };

class DoesNotApply extends Error {}

/** A file's text as lines, and whether its last line ends in a newline. */
interface Lines {
  readonly lines: readonly string[];
  readonly endsWithNewline: boolean;
}

function linesOf(text: string): Lines {
  if (text === "") return { lines: [], endsWithNewline: true };
  if (text.endsWith("\n")) return { lines: text.slice(0, -1).split("\n"), endsWithNewline: true };
  return { lines: text.split("\n"), endsWithNewline: false };
}

function decode(path: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new DoesNotApply(`${path} in base/ is not UTF-8 text, so its hunks cannot be compared`);
  }
}

/** Modes git writes for what is not a regular file: a symlink (its "content" is its target) and a
 * submodule (a commit id). Rebuilt as files, either would be a different tree from the head's. */
const NOT_A_FILE =
  /^(?:new file mode|deleted file mode|old mode|new mode) (120000|160000)$|^index [0-9a-f]+\.\.[0-9a-f]+ (120000|160000)$/m;

/** Whether a hunk's old side ends at `end` without a newline, and whether its new side does, as its
 * markers say: a marker follows the line it is about. */
function eofMarkers(hunk: Hunk): { oldNoNewline: boolean; newNoNewline: boolean } {
  let oldNoNewline = false;
  let newNoNewline = false;
  hunk.lines.forEach((line, i) => {
    if (line.kind !== "note") return;
    const before = hunk.lines[i - 1];
    if (before === undefined) throw new DoesNotApply(`a "\\ No newline" marker opens hunk ${hunk.header}`);
    if (before.kind === "del" || before.kind === "context") oldNoNewline = true;
    if (before.kind === "add" || before.kind === "context") newNoNewline = true;
  });
  return { oldNoNewline, newNoNewline };
}

/** The new text of one file: its hunks applied, in order, at exactly the lines they name. */
function applyHunks(path: string, old: Lines, hunks: readonly Hunk[]): string {
  const out: string[] = [];
  let pos = 0;
  let endsWithNewline = old.endsWithNewline;
  for (const hunk of hunks) {
    // `-0,0` and `-n,0` insert after line n; otherwise the hunk starts at line oldStart.
    const start = hunk.oldLines === 0 ? hunk.oldStart : hunk.oldStart - 1;
    if (start < pos || start > old.lines.length) {
      throw new DoesNotApply(
        `${path}: hunk ${hunk.header} starts outside the file or before the last one ended`,
      );
    }
    out.push(...old.lines.slice(pos, start));
    pos = start;
    for (const line of hunk.lines) {
      if (line.kind === "note") continue;
      if (line.kind === "add") {
        out.push(line.text);
        continue;
      }
      if (old.lines[pos] !== line.text) {
        throw new DoesNotApply(
          `${path}: hunk ${hunk.header} expects line ${pos + 1} to read ${JSON.stringify(line.text.slice(0, 80))}, but base/ has ${old.lines[pos] === undefined ? "no such line" : JSON.stringify(old.lines[pos]?.slice(0, 80))}`,
        );
      }
      if (line.kind === "context") out.push(line.text);
      pos += 1;
    }
    const markers = eofMarkers(hunk);
    const reachedEnd = pos === old.lines.length;
    if (markers.oldNoNewline && !reachedEnd) {
      throw new DoesNotApply(`${path}: hunk ${hunk.header} marks a line before the end as the file's last`);
    }
    if (
      reachedEnd &&
      old.lines.length > 0 &&
      markers.oldNoNewline === old.endsWithNewline &&
      hunk.oldLines > 0
    ) {
      throw new DoesNotApply(
        `${path}: hunk ${hunk.header} says the file ${markers.oldNoNewline ? "has no" : "has a"} newline at its end, and base/ ${old.endsWithNewline ? "has one" : "has none"}`,
      );
    }
    if (reachedEnd) endsWithNewline = !markers.newNoNewline;
  }
  out.push(...old.lines.slice(pos));
  if (out.length === 0) return "";
  return `${out.join("\n")}${endsWithNewline ? "\n" : ""}`;
}

/** The file a section reads from: its old path (a rename's or copy's source), or its own. */
function sourceOf(file: DiffFile): string {
  return file.previousPath ?? file.path;
}

/** `base` with `diff` applied, or why it cannot be. Every section is read against the base (the
 * preimage), then the removed and renamed-away paths go and the new contents arrive, as git applies a
 * patch: a file renamed away and another added under its old name are two files. */
export function applyDiff(base: FileBytesMap, diff: Diff): ApplyResult {
  try {
    const written = new Map<string, Uint8Array>();
    const unknown = new Map<string, string>();
    const gone = new Set<string>();
    for (const file of diff.files) {
      if (file.malformed !== undefined) throw new DoesNotApply(`change.diff is malformed: ${file.malformed}`);
      const source = sourceOf(file);
      if (file.status === "renamed") gone.add(source);
      if (file.status === "removed") {
        gone.add(file.path);
        if (!base.has(file.path) && !file.binary) {
          throw new DoesNotApply(`change.diff removes ${file.path}, which base/ does not have`);
        }
      }
      if (file.status === "added" && base.has(file.path)) {
        throw new DoesNotApply(`change.diff adds ${file.path}, which base/ already has`);
      }
      const special = NOT_A_FILE.exec(file.patch.split(/^@@/m)[0] ?? "");
      if (file.binary || special !== null) {
        if (file.status !== "removed") {
          unknown.set(
            file.path,
            file.binary
              ? `${file.path} is a binary change: a unified diff does not carry its content`
              : `${file.path} is a ${(special?.[1] ?? special?.[2]) === "120000" ? "symlink" : "submodule"} at the head, not a file this tree can hold`,
          );
        }
        continue;
      }
      if (file.status !== "added" && !base.has(source)) {
        throw new DoesNotApply(`change.diff changes ${source}, which base/ does not have`);
      }
      const before = file.status === "added" ? new Uint8Array() : (base.get(source) as Uint8Array);
      if (file.hunks.length === 0) {
        // A rename, a copy or a mode change: the bytes as they were, whatever their encoding.
        if (file.status !== "removed") written.set(file.path, before);
        else if (before.length > 0)
          throw new DoesNotApply(`change.diff removes ${file.path} without showing its lines`);
        continue;
      }
      const after = applyHunks(file.path, linesOf(decode(source, before)), file.hunks);
      if (file.status === "removed") {
        if (after !== "") throw new DoesNotApply(`change.diff removes ${file.path} but leaves lines in it`);
        continue;
      }
      written.set(file.path, new TextEncoder().encode(after));
    }
    const files = new Map<string, Uint8Array>();
    for (const [path, bytes] of base) if (!gone.has(path)) files.set(path, bytes);
    for (const [path, bytes] of written) files.set(path, bytes);
    for (const path of unknown.keys()) files.delete(path);
    return { ok: true, tree: { files, unknown } };
  } catch (error) {
    if (error instanceof DoesNotApply) return { ok: false, problem: error.message };
    throw error;
  }
}
