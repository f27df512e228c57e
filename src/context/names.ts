// The names a change is about, read from its lines: the names it defines, changes (the definitions its
// hunks sit in) or removes — whose callers elsewhere may break — and the names its added lines call —
// whose definitions a reviewer needs to judge the call. Regular expressions over lines, no parser: a
// name missed is context not shown, never a verdict changed. Pure.
import type { DiffFile } from "../diff/types.js";
import { COMMON_CALLS, definedName, KEYWORDS } from "./language.js";

/** Names shorter than this are too common to search for (`id`, `x`, `fn`). */
const MIN_NAME = 3;

/** Names taken from one file at most, in the order its lines name them. */
const NAMES_PER_FILE = 24;

export interface ChangeNames {
  /** Defined, changed or removed by the change: their uses elsewhere are callers to show. */
  readonly touched: readonly string[];
  /** Called by its added lines and not defined by them: their definitions are to show. */
  readonly called: readonly string[];
}

const CALL = /(?:\bnew\s+)?([A-Za-z_$][\w$]*)\s*(?:<[^<>()]*>)?\s*\(/g;

/** A line's code without its string literals and trailing comment, for the call scan. */
function code(line: string): string {
  return line
    .replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`/g, '""')
    .replace(/(?:\/\/|#(?!\[)).*$/, "");
}

function worthSearching(name: string): boolean {
  return name.length >= MIN_NAME && !KEYWORDS.has(name) && !COMMON_CALLS.has(name);
}

/** The names of one changed file. `enclosing` are the names of the definitions its hunks sit in at the
 * head (a change inside `save()` changes `save`). */
export function namesOfChange(file: DiffFile, enclosing: readonly string[] = []): ChangeNames {
  const touched = new Set<string>();
  const called = new Set<string>();
  const definedHere = new Set<string>();
  for (const hunk of file.hunks) {
    for (const line of hunk.lines) {
      if (line.kind !== "add" && line.kind !== "del") continue;
      const name = definedName(line.text);
      // An indented const, let or var is a local: nothing elsewhere can call it.
      const local = /^\s+(?:const|let|var)\s/.test(line.text);
      if (name !== undefined && !local && worthSearching(name)) {
        touched.add(name);
        if (line.kind === "add") definedHere.add(name);
      }
    }
  }
  for (const name of enclosing) if (worthSearching(name)) touched.add(name);
  for (const hunk of file.hunks) {
    for (const line of hunk.lines) {
      if (line.kind !== "add" || line.text.length > 1_000) continue;
      const defined = definedName(line.text);
      for (const m of code(line.text).matchAll(CALL)) {
        const name = m[1] as string;
        if (name === defined || definedHere.has(name) || !worthSearching(name)) continue;
        called.add(name);
      }
    }
  }
  return {
    touched: [...touched].slice(0, NAMES_PER_FILE),
    called: [...called].slice(0, NAMES_PER_FILE),
  };
}

/** Every name the changed lines (added and removed) of `files` define or call: what eval --reach
 * counts a context line relevant by, besides the evidence. */
export function namesDefinedOrCalled(files: readonly DiffFile[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const hunk of file.hunks) {
      for (const line of hunk.lines) {
        if ((line.kind !== "add" && line.kind !== "del") || line.text.length > 1_000) continue;
        const defined = definedName(line.text);
        if (defined !== undefined && worthSearching(defined)) names.add(defined);
        for (const m of code(line.text).matchAll(CALL)) {
          const name = m[1] as string;
          if (worthSearching(name)) names.add(name);
        }
      }
    }
  }
  return names;
}
