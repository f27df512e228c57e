// Code a change is related to by data rather than by a call: the fields and members its changed lines
// read and write (`b.pipe = nil`, `this.items`, `self.cache`), the fields it declares or removes, and the
// variables from outside a function that it assigns. A reviewer who reads `b.pipe = nil` opens the
// struct that declares `pipe` and the other functions that use it: a race, a stale cache or a leak
// between calls is visible only there. Regular expressions over lines and the block structure of
// enclosing.ts, no parser: a name missed is context not shown, never a verdict changed. Pure.
import type { DiffFile } from "../diff/types.js";
import { holderOf, type LineRange, MAX_NESTING } from "./enclosing.js";
import { COMMON_CALLS, type Family, KEYWORDS } from "./language.js";
import { structureOf } from "./structure.js";

/** Names shorter than this are too common to look up (`id`, `ok`). */
const MIN_NAME = 3;
/** Member names taken from one file at most, in the order its lines name them. */
export const MEMBERS_PER_FILE = 16;

function worthSearching(name: string): boolean {
  return name.length >= MIN_NAME && !KEYWORDS.has(name) && !COMMON_CALLS.has(name);
}

/** A line's code without its string literals and trailing comment. */
function code(line: string): string {
  return line
    .replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`/g, '""')
    .replace(/(?:\/\/|#(?!\[)).*$/, "");
}

/** `x.name`, `x?.name`, `p->name`, not followed by a call or a type argument list (a call is a
 * definition to show, names.ts). */
const MEMBER = /(?:[\w$)\]]\s*(?:\?\.|\.)|->)\s*([A-Za-z_$][\w$]*)(?![\w$])(?!\s*[(<])/g;
/** What follows a member or a variable that is written: an assignment (not a comparison), or `++`/`--`. */
const WRITE = /^\s*(?:[-+*/%&|^]|<<|>>|\?\?|&&|\|\|)?=(?![=>])|^\s*(?:\+\+|--)/;

export interface MemberNames {
  /** Members the changed lines read or write: their declarations are to show. */
  readonly used: readonly string[];
  /** Members the changed lines assign: their other uses in the file are to show. */
  readonly written: readonly string[];
}

/** The members a file's added and removed lines use, and those they assign. */
export function membersOfChange(file: DiffFile): MemberNames {
  const used = new Set<string>();
  const written = new Set<string>();
  for (const hunk of file.hunks) {
    for (const line of hunk.lines) {
      if ((line.kind !== "add" && line.kind !== "del") || line.text.length > 1_000) continue;
      const text = code(line.text);
      if (/^\s*(?:import|from|package|using|#include)\b/.test(text)) continue;
      for (const m of text.matchAll(MEMBER)) {
        const name = m[1] as string;
        // `os.Exit`, `React.Component`: a package's or a class's name, not state.
        if (!worthSearching(name)) continue;
        used.add(name);
        if (WRITE.test(text.slice((m.index ?? 0) + m[0].length))) written.add(name);
      }
    }
  }
  return {
    used: [...used].slice(0, MEMBERS_PER_FILE),
    written: [...written].slice(0, MEMBERS_PER_FILE),
  };
}

/** Modifiers a field declaration may open with. */
const MODIFIERS =
  "(?:(?:pub(?:\\([\\w\\s:]+\\))?|public|private|protected|internal|static|final|readonly|volatile|transient|mutable|declare|override|abstract|lateinit|open|let|var|val|const|weak|unowned)\\s+)*";

/** The shapes of a line declaring a field inside a type's body, the name in the group `n`. */
const FIELD_SHAPES: readonly RegExp[] = [
  // TypeScript, Rust, Kotlin, Swift: `name: Type`, `name?: Type`, `#name = 1`, `name;`.
  new RegExp(`^\\s*${MODIFIERS}#?(?<n>[A-Za-z_$][\\w$]*)\\s*[?!]?\\s*(?::(?!:)|=(?![=>])|;|$)`),
  // Java, C, C#, C++: `Type name;`, `Type<T> name = …;`, `Type *name;`.
  new RegExp(
    `^\\s*${MODIFIERS}[\\w$<>\\[\\],.?:]+(?:\\s+|\\s*[*&]+\\s*)(?<n>[A-Za-z_$][\\w$]*)\\s*(?:=(?!=)|;|\\[|,)`,
  ),
  // Go, last: a C declaration `int count;` reads as Go's `name Type` too.
  // Go: `name Type`, `a, name Type` (a type follows, never `=`, `:=` or `(`).
  /^\s*(?<n>[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s+[*[\]\w.{]/,
];

/** A block header that declares a type whose body holds fields (or a Go `var (`/`const (` group). */
const TYPE_HEADER =
  /\b(?:struct|class|interface|union|record|object|enum)\b|^\s*type\s+[A-Za-z_$][\w$]*(?:<[^>]*>)?\s*=\s*\{/;

/** The names a line declares as fields of a type (or a Python instance attribute, or a member of a
 * Go `var (` group), if it declares any: the line's shape says what it names, the block holding it says
 * that it is a declaration and not a statement. Line numbers are 1-based. */
export function fieldsDeclared(
  lines: readonly string[],
  line: number,
  family: Family,
  text = lines[line - 1] ?? "",
): string[] {
  // `#` opens a comment, or a preprocessor line, everywhere but in JavaScript (a private field).
  const comment = family === "brace-js" ? /^\s*(?:\/\/|\/\*|\*)/ : /^\s*(?:\/\/|\/\*|\*|#|--)/;
  if (text.length > 400 || comment.test(text) || /^\s*return\b/.test(text)) return [];
  if (family === "indent") {
    const name = pythonAttribute(lines, line, text);
    return name === undefined ? [] : [name];
  }
  if (family !== "brace-js" && family !== "brace-c") return [];
  // The line's shape first (cheap), then the block holding it.
  let names: string[] = [];
  for (const shape of FIELD_SHAPES) {
    names = (shape.exec(text)?.groups?.n ?? "").split(/\s*,\s*/).filter((n) => n !== "" && !KEYWORDS.has(n));
    if (names.length > 0) break;
  }
  // A method's header in a class body is a definition (names.ts), not a field.
  if (/\)\s*(?::[^=;]*)?\s*\{\s*$/.test(text)) return [];
  const groupShape = family === "brace-c" && /^\s+[A-Za-z_]\w*\s*=/.test(text);
  if (names.length === 0 && !groupShape) return [];
  const holder = holderOf(lines, line, family);
  if (holder === undefined) {
    const member = goGroupMember(lines, line, family, text);
    return member === undefined ? [] : [member];
  }
  // The header read as code: `describe("the server object", () => {` declares no type.
  return TYPE_HEADER.test(structureOf(lines, family).code[holder.header - 1] ?? "") ? names : [];
}

/** The first name a line declares as a field, if any (fieldsDeclared). */
export function fieldDeclared(lines: readonly string[], line: number, family: Family): string | undefined {
  return fieldsDeclared(lines, line, family)[0];
}

/** A name declared in a Go `var (` or `const (` group at the top level. */
function goGroupMember(
  lines: readonly string[],
  line: number,
  family: Family,
  text: string,
): string | undefined {
  if (family !== "brace-c" || !/^\s+[A-Za-z_]/.test(text)) return undefined;
  for (let n = line - 1; n >= 1 && line - n <= 200; n -= 1) {
    const above = lines[n - 1] as string;
    if (!/^\S/.test(above)) continue;
    if (!/^(?:var|const)\s*\($/.test(above.trimEnd())) return undefined;
    const name = /^\s*(?<n>[A-Za-z_]\w*)(?:\s+[*[\]\w.]|\s*=)/.exec(text)?.groups?.n;
    return name !== undefined && !KEYWORDS.has(name) ? name : undefined;
  }
  return undefined;
}

/** Python: `self.name = …` in `__init__` (or `__post_init__`, `setUp`), or `name: T` / `name = …`
 * directly in a class body. */
function pythonAttribute(lines: readonly string[], line: number, text: string): string | undefined {
  const attribute = /^\s*self\.(?<n>[A-Za-z_]\w*)\s*(?::[^=]+)?=(?!=)/.exec(text)?.groups?.n;
  const classLevel = /^\s+(?<n>[A-Za-z_]\w*)\s*(?::(?!=)|=(?!=))/.exec(text)?.groups?.n;
  if (attribute === undefined && classLevel === undefined) return undefined;
  const holder = holderOf(lines, line, "indent");
  if (holder === undefined) return undefined;
  const header = lines[holder.header - 1] ?? "";
  if (attribute !== undefined) {
    for (let h: number | undefined = holder.header, k = 0; h !== undefined && k < MAX_NESTING; k += 1) {
      const def = /^\s*(?:async\s+)?def\s+(\w+)/.exec(lines[h - 1] ?? "")?.[1];
      if (def !== undefined)
        return ["__init__", "__post_init__", "setUp"].includes(def) ? attribute : undefined;
      h = holderOf(lines, h, "indent")?.header;
    }
    return undefined;
  }
  return /^\s*class\s/.test(header) ? classLevel : undefined;
}

/** Lines of the head read either side of a removed line to tell whether it declared a field. */
const REMOVED_WINDOW = 400;

/** The fields a file's changed lines declare (added at the head, or removed from a type body that is
 * still there): their uses elsewhere may break or change meaning. */
export function fieldsOfChange(file: DiffFile, lines: readonly string[], family: Family): string[] {
  // Each name's declarations as code (no comment, spaces squeezed), added and removed: a line whose
  // code is the same on both sides (a comment or alignment edited) changes nothing about the field.
  const added = new Map<string, Set<string>>();
  const removed = new Map<string, Set<string>>();
  const note = (into: Map<string, Set<string>>, name: string, text: string) => {
    const set = into.get(name) ?? new Set<string>();
    set.add(code(text).replace(/\s+/g, " ").trim());
    into.set(name, set);
  };
  for (const hunk of file.hunks) {
    let next = hunk.newStart;
    for (const line of hunk.lines) {
      if (line.kind === "note") continue;
      if (line.kind === "add" || line.kind === "context") next = (line.newLine ?? next) + 1;
      if (line.kind === "context") continue;
      let names: string[] = [];
      if (line.kind === "add" && line.newLine !== undefined)
        names = fieldsDeclared(lines, line.newLine, family);
      else if (line.kind === "del") {
        // A removed line is read in the place it was removed from: the head's lines around it, with it
        // put back. Only REMOVED_WINDOW lines either side: the whole file again for each removed line
        // would cost its size times theirs.
        const at = Math.max(1, Math.min(next, lines.length + 1));
        const from = Math.max(0, at - 1 - REMOVED_WINDOW);
        const around = [
          ...lines.slice(from, at - 1),
          line.text,
          ...lines.slice(at - 1, at - 1 + REMOVED_WINDOW),
        ];
        names = fieldsDeclared(around, at - from, family);
      }
      for (const name of names)
        if (worthSearching(name)) note(line.kind === "add" ? added : removed, name, line.text);
    }
  }
  const same = (a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined) =>
    a !== undefined && b !== undefined && a.size === b.size && [...a].every((t) => b.has(t));
  return [...new Set([...added.keys(), ...removed.keys()])]
    .filter((name) => !same(added.get(name), removed.get(name)))
    .slice(0, MEMBERS_PER_FILE);
}

/** An assignment to a bare name where a statement can start: a line's start, after `;`, a brace, a
 * condition's `)`, `else` or `=>`. The name in group 1. */
const BARE_WRITE =
  /(?:^|[;{}]|\)|\belse\b|=>)\s*([A-Za-z_$][\w$]*)\s*(?:(?:[-+*/%&|^]|<<|>>|\?\?|&&|\|\|)?=(?![=>])|\+\+|--)/g;

/** Bare names the added lines assign whose declaration in the file is outside the function the
 * assignment is in, in a scope that holds it (the module, or a function around it: a closure's
 * variable or parameter): state shared between calls, not a local. */
export function outerWrites(file: DiffFile, lines: readonly string[], family: Family): string[] {
  const found = new Set<string>();
  // Each name tried reads the file once: at most twice as many as are kept.
  let tried = 0;
  for (const hunk of file.hunks) {
    for (const line of hunk.lines) {
      if (line.kind !== "add" || line.newLine === undefined || line.text.length > 1_000) continue;
      for (const m of code(line.text).matchAll(BARE_WRITE)) {
        const name = m[1] as string;
        if (!worthSearching(name) || found.has(name)) continue;
        if (tried >= 2 * MEMBERS_PER_FILE) return [...found].slice(0, MEMBERS_PER_FILE);
        const scope = functionAround(lines, line.newLine, family);
        if (scope === undefined) continue;
        const declaration = new RegExp(
          `^\\s*(?:export\\s+)?(?:let|var|static|global|nonlocal)\\s+(?:[\\w\\s,]*,\\s*)?${name.replace(/\$/g, "\\$")}(?![\\w$])`,
        );
        const holds = (n: number) => {
          if (n >= scope.from && n <= scope.to) return false;
          const around = functionAround(lines, n, family);
          return around === undefined || (around.from <= scope.from && around.to >= scope.to);
        };
        tried += 1;
        const declared = lines.some((l, i) => declaration.test(l) && holds(i + 1));
        if (declared || outerParameter(lines, scope, name, family)) found.add(name);
      }
    }
  }
  return [...found].slice(0, MEMBERS_PER_FILE);
}

/** Whether `name` is named in the header of a block around `scope` (a parameter of an enclosing
 * function: a closure's variable) and not in `scope`'s own header (its own parameter, a local). */
function outerParameter(lines: readonly string[], scope: LineRange, name: string, family: Family): boolean {
  const word = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`);
  if (word.test(code(lines[scope.from - 1] ?? ""))) return false;
  for (
    let holder = holderOf(lines, scope.from, family), k = 0;
    holder !== undefined && k < MAX_NESTING;
    k += 1
  ) {
    if (word.test(code(lines[holder.header - 1] ?? ""))) return true;
    holder = holderOf(lines, holder.header, family);
  }
  return false;
}

/** The innermost function-like block holding `line` (any block whose header is not a type's, a loop's
 * or a conditional's), or undefined at the top level. */
function functionAround(lines: readonly string[], line: number, family: Family): LineRange | undefined {
  for (let holder = holderOf(lines, line, family), k = 0; holder !== undefined && k < MAX_NESTING; k += 1) {
    const header = lines[holder.header - 1] ?? "";
    if (
      !/^\s*(?:\}\s*)?(?:if|else|for|while|do|switch|try|catch|finally|with|elif|except)\b/.test(header) &&
      !TYPE_HEADER.test(header)
    )
      return holder.range;
    holder = holderOf(lines, holder.header, family);
  }
  return undefined;
}

/** What finds `name` used as a member (`x.name`, `p->name`) or, when `bare`, as a word, in a line's
 * code (strings and comments blanked: structure.ts). */
export function usePattern(name: string, bare: boolean): RegExp {
  const escaped = name.replace(/\$/g, "\\$");
  return bare
    ? new RegExp(`(?<![\\w$.])${escaped}(?![\\w$])`)
    : new RegExp(`(?:\\.|->)\\s*${escaped}(?![\\w$])`);
}
