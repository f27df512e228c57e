// A fix's changed lines, traced back: which commit wrote each (blame at the fix's parent), and where
// each sits in the change it fixed (the evidence a reviewer of that change must see). The rules, as
// the starter set's README states them:
// - the lines a fix changed are the lines it removes or modifies, in code files that are not tests;
//   a hunk that only adds lines contributes the existing lines around its insertion point (the line it
//   follows, the one before that and the one after), since the missing line belonged there;
// - a line is evidence when the commit that wrote it is the case's head or an ancestor of it, and
//   blame at the head finds that same origin line there: its text at the head, verbatim;
// - each run of consecutive head lines is one evidence text; a run of blank lines is left out.
// Pure, through the History port.
import type { Diff } from "../../diff/types.js";
import { byPath, isReviewedCode } from "./files.js";
import { type BlamedLine, type History, linesOf, originKey } from "./history.js";

export interface TouchedFile {
  /** The file in the fix's parent. */
  readonly path: string;
  /** Line numbers in the fix's parent. */
  readonly lines: readonly number[];
}

/** Merges numbers into [first, last] runs of consecutive numbers. */
export function runs(numbers: Iterable<number>): [number, number][] {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (const n of sorted) {
    const last = out.at(-1);
    if (last !== undefined && n === last[1] + 1) last[1] = n;
    else out.push([n, n]);
  }
  return out;
}

/** Which files of a change count: `paths` when given, else every text file with `all`, else code
 * that is not a test. */
export interface Selection {
  readonly paths?: readonly string[];
  readonly all?: boolean;
}

/**
 * The lines `fix` changed, in its first parent's coordinates, per file: removed lines, and around an
 * insertion that removes nothing, the lines beside it.
 */
export function touchedLines(
  history: History,
  fix: string,
  parent: string,
  selection: Selection = {},
): TouchedFile[] {
  const diff: Diff = history.diffZero(parent, fix);
  const touched: TouchedFile[] = [];
  for (const f of diff.files) {
    if (f.status === "added" || f.binary || f.patchOmitted) continue;
    const oldPath = f.previousPath ?? f.path;
    const wanted =
      selection.paths !== undefined
        ? selection.paths.includes(oldPath) || selection.paths.includes(f.path)
        : selection.all === true || isReviewedCode(oldPath);
    if (!wanted) continue;
    const lines = new Set<number>();
    let length: number | undefined;
    for (const h of f.hunks) {
      const removed = h.lines.filter((l) => l.kind === "del").map((l) => l.oldLine as number);
      if (removed.length > 0) {
        for (const n of removed) lines.add(n);
        continue;
      }
      // "@@ -a,0 +b,n @@": the new lines go after old line a.
      length ??= linesOf(new TextDecoder().decode(history.blob(parent, oldPath) ?? new Uint8Array())).length;
      for (let n = h.oldStart - 1; n <= h.oldStart + 1; n += 1) if (n >= 1 && n <= length) lines.add(n);
    }
    if (lines.size > 0) touched.push({ path: oldPath, lines: [...lines].sort((a, b) => a - b) });
  }
  return touched;
}

/** Blame of each touched file's lines at `parent` (back to `since` when given). */
export function blameTouched(
  history: History,
  parent: string,
  touched: readonly TouchedFile[],
  since?: string,
): { file: TouchedFile; blamed: BlamedLine[] }[] {
  return touched.map((file) => ({
    file,
    blamed: history.blame(parent, file.path, runs(file.lines), since) ?? [],
  }));
}

/** How many of the fix's changed code lines `intro` wrote, of how many. */
export function blameLink(
  history: History,
  fix: string,
  fixParent: string,
  intro: string,
): { hit: number; total: number } {
  let hit = 0;
  let total = 0;
  for (const { blamed } of blameTouched(history, fixParent, touchedLines(history, fix, fixParent)))
    for (const b of blamed) {
      total += 1;
      if (b.origin === intro) hit += 1;
    }
  return { hit, total };
}

export interface EvidenceRun {
  readonly path: string;
  readonly first: number;
  readonly last: number;
  readonly text: string;
}

/** The fix's changed lines found again at `head`, as runs of consecutive head lines. */
export function evidenceAtHead(
  history: History,
  head: string,
  fix: string,
  fixParent: string,
  selection: Selection = {},
): EvidenceRun[] {
  const found = new Map<string, Set<number>>();
  for (const { file, blamed } of blameTouched(
    history,
    fixParent,
    touchedLines(history, fix, fixParent, selection),
  )) {
    for (const b of blamed) {
      // Written after the head: not there for its reviewer to see.
      if (!history.isAncestor(b.origin, head)) continue;
      for (const headPath of new Set([file.path, b.originPath])) {
        if (history.blobSize(head, headPath) === undefined) continue;
        const line = history.originIndex(head, headPath).get(originKey(b.origin, b.originPath, b.originLine));
        if (line === undefined) continue;
        let set = found.get(headPath);
        if (set === undefined) {
          set = new Set();
          found.set(headPath, set);
        }
        set.add(line);
        break;
      }
    }
  }
  const evidence: EvidenceRun[] = [];
  for (const [file, numbers] of [...found].sort(([a], [b]) => byPath(a, b))) {
    const headLines = linesOf(new TextDecoder().decode(history.blob(head, file) ?? new Uint8Array()));
    for (const [first, last] of runs(numbers)) {
      const text = headLines.slice(first - 1, last).join("\n");
      if (text.trim() === "") continue; // blank lines show a reviewer nothing
      evidence.push({ path: file, first, last, text });
    }
  }
  return evidence;
}

/**
 * Where the defect is said to be at the head: the evidence run holding `text` when given; else the
 * runs on lines the change added (else all of them), in the file with most such lines, from the first
 * to the last.
 */
export function locate(
  evidence: readonly EvidenceRun[],
  change: Diff,
  text?: string,
): { path: string; lines: [number, number] } {
  if (text !== undefined) {
    const run = evidence.find((e) => e.text.includes(text));
    if (run === undefined) throw new Error(`no evidence contains ${JSON.stringify(text)}`);
    return { path: run.path, lines: [run.first, run.last] };
  }
  const added = new Map<string, Set<number>>();
  for (const f of change.files) {
    if (f.status === "removed") continue;
    added.set(
      f.path,
      new Set(
        f.hunks.flatMap((h) => h.lines.filter((l) => l.kind === "add").map((l) => l.newLine as number)),
      ),
    );
  }
  const onChange = evidence.filter((e) => {
    const set = added.get(e.path);
    if (set === undefined) return false;
    for (let n = e.first; n <= e.last; n += 1) if (set.has(n)) return true;
    return false;
  });
  const pool = onChange.length > 0 ? onChange : evidence;
  const lengths = new Map<string, number>();
  for (const e of pool) lengths.set(e.path, (lengths.get(e.path) ?? 0) + e.last - e.first + 1);
  const best = [...lengths].sort((a, b) => b[1] - a[1] || byPath(a[0], b[0]))[0]?.[0] as string;
  const mine = pool.filter((e) => e.path === best);
  return { path: best, lines: [Math.min(...mine.map((e) => e.first)), Math.max(...mine.map((e) => e.last))] };
}
