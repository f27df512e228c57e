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
  /** Called by its added lines and not defined by them, then called by its removed lines only (a call
   * taken out says as much as one put in): their definitions are to show. */
  readonly called: readonly string[];
  /** Of `touched`, the methods and fields (defined inside a type, a Go method): used elsewhere only as
   * `x.name`, so a bare word of that name elsewhere is another thing. */
  readonly methods: readonly string[];
  /** Of `called`, those called as `x.name(`: their definition is a method, never a variable. */
  readonly memberCalls: readonly string[];
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

/** Whether a line that defines a name defines a member: indented (inside a type, an impl, an object),
 * or a Go method (`func (r *T) name(`). */
export function definesMember(line: string): boolean {
  return /^\s+\S/.test(line) || /^func\s*\(/.test(line);
}

/** A definition a change's hunks sit in at the head: its name, and whether it is a member. */
export interface Enclosing {
  readonly name: string;
  readonly member: boolean;
}

/** The names of one changed file. `enclosing` are the definitions its hunks sit in at the head (a
 * change inside `save()` changes `save`). */
export function namesOfChange(file: DiffFile, enclosing: readonly Enclosing[] = []): ChangeNames {
  const touched = new Set<string>();
  const methods = new Set<string>();
  const definedHere = new Set<string>();
  for (const hunk of file.hunks) {
    for (const line of hunk.lines) {
      if (line.kind !== "add" && line.kind !== "del") continue;
      const name = definedName(line.text);
      // An indented const, let or var is a local: nothing elsewhere can call it.
      const local = /^\s+(?:const|let|var)\s/.test(line.text);
      if (name !== undefined && !local && worthSearching(name)) {
        touched.add(name);
        if (definesMember(line.text)) methods.add(name);
        if (line.kind === "add") definedHere.add(name);
      }
    }
  }
  for (const e of enclosing) {
    if (!worthSearching(e.name)) continue;
    if (!touched.has(e.name) && e.member) methods.add(e.name);
    touched.add(e.name);
  }
  const byAdded = new Set<string>();
  const byRemoved = new Set<string>();
  const asMember = new Set<string>();
  const asBare = new Set<string>();
  for (const hunk of file.hunks) {
    for (const line of hunk.lines) {
      if ((line.kind !== "add" && line.kind !== "del") || line.text.length > 1_000) continue;
      const defined = definedName(line.text);
      const text = code(line.text);
      for (const m of text.matchAll(CALL)) {
        const name = m[1] as string;
        if (name === defined || definedHere.has(name) || !worthSearching(name)) continue;
        (line.kind === "add" ? byAdded : byRemoved).add(name);
        const member = !m[0].startsWith("new") && /(?:\?\.|\.|->)\s*$/.test(text.slice(0, m.index));
        (member ? asMember : asBare).add(name);
      }
    }
  }
  const called = [...byAdded, ...[...byRemoved].filter((n) => !byAdded.has(n))].slice(0, NAMES_PER_FILE);
  const kept = [...touched].slice(0, NAMES_PER_FILE);
  return {
    touched: kept,
    called,
    methods: kept.filter((n) => methods.has(n)),
    memberCalls: called.filter((n) => asMember.has(n) && !asBare.has(n)),
  };
}

/** Every name the changed lines (added and removed) of `files` define or call, and the definitions
 * their hunks sit in as the hunk headers name them (git's `@@ … @@ func save(`): what eval --reach
 * counts a context line relevant by, besides the evidence. */
export function namesDefinedOrCalled(files: readonly DiffFile[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const hunk of file.hunks) {
      const section = definedName(hunk.header.replace(/^@@[^@]*@@ ?/, ""));
      if (section !== undefined && worthSearching(section)) names.add(section);
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
