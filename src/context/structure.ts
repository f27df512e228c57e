// What the context reads of a file's shape, computed once per file and in time linear in its size: its
// code with strings and comments blanked (columns kept, so a word's place says whether it is code), its
// brace pairs, the innermost pair around each line, and for indentation languages each line's
// enclosing header and where the block a line opens ends. Every question enclosing.ts and fields.ts ask
// of a file is then a lookup or a short walk. The counterexample that forced this: one 512 KB tracked
// file of deep nesting with one field-shaped line cost ~50 s of blocked event loop, because the pairs
// around each line were filled in pair by pair (pairs × their length). Pure.
import type { Family } from "./language.js";
import type { Work } from "./work.js";

/** A brace pair: the lines of `{` and of its `}`, and the pair that holds it (by characters), if any. */
export interface Pair {
  readonly open: number;
  readonly close: number;
  readonly parent: Pair | undefined;
}

/** Pairs listed for one line at most (a minified line holds thousands: its braces are not structure). */
const PAIRS_PER_LINE = 64;

export interface Structure {
  /** The lines with string literals and comments blanked to spaces, every column where it was. */
  readonly code: readonly string[];
  /** Every brace pair, in the order their `}` come; undefined when the braces do not balance (a `}`
   * with nothing open, more than two left open at the end) or this is not a brace language. */
  readonly pairs: readonly Pair[] | undefined;
  /** Per line (1-based), the innermost pair holding it strictly inside (open < line < close). */
  readonly innermost: readonly (Pair | undefined)[];
  /** The pairs that open on a line, in the order their `{` come (at most PAIRS_PER_LINE). */
  opening(line: number): readonly Pair[];
  /** Per line, the nearest line above that is less indented and not blank (0: none; a blank line has
   * none). Computed on the first ask, like `previous` and `blockEnd`. */
  readonly parent: Int32Array;
  /** Per line, the nearest line above it that is not blank (0: none). */
  readonly previous: Int32Array;
  /** Per line, where the block it opens by indentation ends (enclosing.ts indentBlockEnd). */
  readonly blockEnd: Int32Array;
}

const built = new WeakMap<readonly string[], Map<Family, Structure>>();

/** The structure of `lines` read as `family`, built on the first ask (charging `work` for it). */
export function structureOf(lines: readonly string[], family: Family, work?: Work): Structure {
  let byFamily = built.get(lines);
  if (byFamily === undefined) {
    byFamily = new Map();
    built.set(lines, byFamily);
  }
  let found = byFamily.get(family);
  if (found === undefined) {
    work?.spend(lines.reduce((n, l) => n + l.length + 1, 0) * 2 + lines.length * 2);
    found = build(lines, family);
    byFamily.set(family, found);
  }
  return found;
}

function build(lines: readonly string[], family: Family): Structure {
  const code = maskedCode(lines, family);
  const braces = family === "brace-js" || family === "brace-c";
  const found = braces ? bracePairs(code) : undefined;
  const innermost: (Pair | undefined)[] = new Array(lines.length + 2);
  // Pairs in the order their `{` come, so those of one line are a run: where each line's run starts.
  const runs = new Int32Array(lines.length + 3);
  if (found !== undefined) {
    sweepInnermost(found.byOpen, lines.length, innermost);
    let k = 0;
    for (let line = 1; line <= lines.length + 1; line += 1) {
      runs[line] = k;
      while (k < found.byOpen.length && (found.byOpen[k] as Pair).open === line) k += 1;
    }
    runs[lines.length + 2] = k;
  }
  let indents: ReturnType<typeof indentation> | undefined;
  const indented = () => {
    indents ??= indentation(lines, family);
    return indents;
  };
  return {
    code,
    pairs: found?.byClose,
    innermost,
    opening: (line) => {
      if (found === undefined || line < 1 || line > lines.length) return [];
      const from = runs[line] as number;
      return found.byOpen.slice(from, Math.min(runs[line + 1] as number, from + PAIRS_PER_LINE));
    },
    get parent() {
      return indented().parent;
    },
    get previous() {
      return indented().previous;
    },
    get blockEnd() {
      return indented().blockEnd;
    },
  };
}

/** The innermost pair strictly around each line, in one sweep: pairs taken in the order their `{`
 * come, a stack of those still open, each line reading the top. Pairs nest by characters, so a pair
 * under the top closes no earlier than the top does. */
function sweepInnermost(sorted: readonly Pair[], total: number, into: (Pair | undefined)[]): void {
  const stack: Pair[] = [];
  let next = 0;
  for (let line = 1; line <= total; line += 1) {
    while (next < sorted.length && (sorted[next] as Pair).open < line) {
      const p = sorted[next] as Pair;
      while (stack.length > 0 && (stack[stack.length - 1] as Pair).close <= p.open) stack.pop();
      stack.push(p);
      next += 1;
    }
    while (stack.length > 0 && (stack[stack.length - 1] as Pair).close <= line) stack.pop();
    into[line] = stack[stack.length - 1];
  }
}

/** Every brace pair of the code, in the order their `}` come and in the order their `{` come, or
 * undefined when its braces do not balance: then braces cannot be trusted for this file. A pair's
 * parent is the pair open when its `{` came. */
function bracePairs(code: readonly string[]): { byClose: Pair[]; byOpen: Pair[] } | undefined {
  const stack: { open: number; close: number; parent: Pair | undefined }[] = [];
  const pairs: Pair[] = [];
  const byOpen: Pair[] = [];
  for (let i = 0; i < code.length; i += 1) {
    const line = code[i] as string;
    if (line.indexOf("{") === -1 && line.indexOf("}") === -1) continue;
    for (let c = 0; c < line.length; c += 1) {
      const ch = line.charCodeAt(c);
      if (ch === 123) {
        const pair = { open: i + 1, close: 0, parent: stack[stack.length - 1] };
        stack.push(pair);
        byOpen.push(pair);
      } else if (ch === 125) {
        const pair = stack.pop();
        if (pair === undefined) return undefined;
        pair.close = i + 1;
        pairs.push(pair);
      }
    }
  }
  if (stack.length > 2) return undefined;
  // A `{` left open at the end (at most two) is no pair.
  return { byClose: pairs, byOpen: stack.length === 0 ? byOpen : byOpen.filter((p) => p.close > 0) };
}

/** Per line the nearest less-indented line above (not blank), the nearest line above that is not
 * blank, and where the block each line opens by indentation ends, each in one pass (a stack of lines
 * of increasing indentation). */
function indentation(
  lines: readonly string[],
  family: Family,
): { parent: Int32Array; previous: Int32Array; blockEnd: Int32Array } {
  const total = lines.length;
  const parent = new Int32Array(total + 2);
  const previous = new Int32Array(total + 2);
  const blockEnd = new Int32Array(total + 2);
  const indents = new Int32Array(total + 2);
  const stack: number[] = [];
  let lastCode = 0;
  for (let n = 1; n <= total; n += 1) {
    previous[n] = lastCode;
    const text = lines[n - 1] as string;
    if (!/\S/.test(text)) continue;
    const indent = indentOf(text);
    indents[n] = indent;
    while (stack.length > 0 && (indents[stack[stack.length - 1] as number] as number) >= indent) {
      const h = stack.pop() as number;
      const ends = family === "end" && indent === indents[h] && /^\s*(?:end\b|\}|\))/.test(text);
      blockEnd[h] = ends ? n : Math.max(h, lastCode);
    }
    parent[n] = stack[stack.length - 1] ?? 0;
    stack.push(n);
    lastCode = n;
  }
  previous[total + 1] = lastCode;
  for (const h of stack) blockEnd[h] = Math.max(h, lastCode);
  // A blank line opens a block of indentation 0: up to the last line before the next line at the
  // margin (or the file's last line that is not blank).
  let end = lastCode;
  for (let n = total; n >= 1; n -= 1) {
    const text = lines[n - 1] as string;
    if (!/\S/.test(text)) blockEnd[n] = Math.max(n, end);
    else if (indents[n] === 0) end = previous[n] as number;
  }
  return { parent, previous, blockEnd };
}

export function indentOf(line: string): number {
  let width = 0;
  for (const ch of line) {
    if (ch === " ") width += 1;
    else if (ch === "\t") width += 8 - (width % 8);
    else break;
  }
  return width;
}

/** The file's lines with every string literal and comment blanked to spaces, columns kept: a scanner in
 * one pass (a regular expression per line can take time quadratic in a line's length). Crude on
 * purpose: a regular-expression literal is recognised only after an operator or an opening bracket, a
 * string that does not end on its line ends there (but a template literal, a raw or triple-quoted
 * string and a block comment run on), and a file it misreads unbalances its braces, which are then read
 * by indentation instead. */
export function maskedCode(lines: readonly string[], family: Family): string[] {
  if (family === "plain") return [...lines];
  const out: string[] = [];
  const scan = new Scanner(family);
  for (const line of lines) out.push(scan.line(line));
  return out;
}

type Mode =
  | { kind: "code" }
  | { kind: "block-comment" }
  | { kind: "template" }
  | { kind: "raw"; end: string };

/** The state carried from one line to the next: inside a block comment, a template literal (with the
 * brace depths of the `${` it is nested in), or a raw or triple-quoted string, or in code. */
class Scanner {
  private mode: Mode = { kind: "code" };
  /** Open `${` of template literals: per level, the depth of braces inside it. */
  private templates: number[] = [];

  /** A character that can open a string or a comment in this family. */
  private readonly special: RegExp;

  constructor(private readonly family: Family) {
    this.special = family === "indent" || family === "end" ? /["'#]/ : /["'`/#]/;
  }

  line(text: string): string {
    // Most lines hold nothing to blank: returned as they are.
    if (this.mode.kind === "code" && this.templates.length === 0 && !this.special.test(text)) return text;
    let out = "";
    let kept = 0;
    const blank = (from: number, to: number) => {
      if (to <= from) return;
      out += text.slice(kept, from) + " ".repeat(to - from);
      kept = to;
    };
    // A preprocessor line in C is no code to count braces in.
    if (this.mode.kind === "code" && this.family === "brace-c" && /^\s*#/.test(text))
      return " ".repeat(text.length);
    let i = 0;
    const n = text.length;
    while (i < n) {
      const mode = this.mode;
      if (mode.kind === "block-comment") {
        const end = text.indexOf("*/", i);
        const to = end === -1 ? n : end + 2;
        blank(i, to);
        i = to;
        if (end !== -1) this.mode = { kind: "code" };
        continue;
      }
      if (mode.kind === "raw") {
        const end = text.indexOf(mode.end, i);
        const to = end === -1 ? n : end + mode.end.length;
        blank(i, to);
        i = to;
        if (end !== -1) this.mode = { kind: "code" };
        continue;
      }
      if (mode.kind === "template") {
        i = this.inTemplate(text, i, blank);
        continue;
      }
      i = this.inCode(text, i, blank);
    }
    return out + text.slice(kept);
  }

  /** Scans code from `i` to the next string or comment (or the line's end); returns where it stopped. */
  private inCode(text: string, start: number, blank: (from: number, to: number) => void): number {
    const n = text.length;
    for (let i = start; i < n; i += 1) {
      const ch = text[i] as string;
      const next = text[i + 1];
      if (this.templates.length > 0 && (ch === "{" || ch === "}")) {
        const top = this.templates.length - 1;
        if (ch === "{") this.templates[top] = (this.templates[top] as number) + 1;
        else if (this.templates[top] === 0) {
          // The `}` that ends a `${`: back in the template literal.
          this.templates.pop();
          this.mode = { kind: "template" };
          blank(i, i + 1);
          return i + 1;
        } else this.templates[top] = (this.templates[top] as number) - 1;
        continue;
      }
      const slashes = this.family === "brace-js" || this.family === "brace-c";
      if (slashes && ch === "/" && next === "/") {
        blank(i, n);
        return n;
      }
      if (slashes && ch === "/" && next === "*") {
        this.mode = { kind: "block-comment" };
        blank(i, i + 2);
        return i + 2;
      }
      if (!slashes && ch === "#") {
        blank(i, n);
        return n;
      }
      if (this.family === "brace-js" && ch === "/" && regexCanStart(text, i)) {
        const end = regexEnd(text, i);
        if (end !== -1) {
          blank(i, end);
          return end;
        }
        continue;
      }
      const triple = ch === '"' || ch === "'" ? text.slice(i, i + 3) : "";
      if (
        (this.family === "indent" || this.family === "end" || this.family === "brace-c") &&
        (triple === '"""' || (this.family === "indent" && triple === "'''"))
      ) {
        this.mode = { kind: "raw", end: triple };
        blank(i, i + 3);
        return i + 3;
      }
      if (ch === "`") {
        if (this.family === "brace-js") {
          this.mode = { kind: "template" };
          blank(i, i + 1);
          return i + 1;
        }
        if (this.family === "brace-c") {
          this.mode = { kind: "raw", end: "`" };
          blank(i, i + 1);
          return i + 1;
        }
      }
      if (
        this.family === "brace-c" &&
        ch === "r" &&
        /^r#*"/.test(text.slice(i, i + 8)) &&
        !/[\w$]/.test(text[i - 1] ?? "")
      ) {
        const hashes = (/^r(#*)"/.exec(text.slice(i)) as RegExpExecArray)[1] as string;
        this.mode = { kind: "raw", end: `"${hashes}` };
        const to = i + 2 + hashes.length;
        blank(i, to);
        return to;
      }
      if (ch === '"' || (ch === "'" && this.family !== "brace-c")) {
        const end = stringEnd(text, i, ch);
        blank(i, end);
        return end;
      }
      if (ch === "'" && this.family === "brace-c") {
        // A character literal: one character or one escape. Anything else (a Rust lifetime) is code.
        const m = /^'(?:\\.|[^'\\])'/.exec(text.slice(i, i + 4));
        if (m !== null) {
          blank(i, i + m[0].length);
          return i + m[0].length;
        }
      }
    }
    return n;
  }

  /** Scans a template literal's text from `i`: to its closing backtick, or into a `${`. */
  private inTemplate(text: string, start: number, blank: (from: number, to: number) => void): number {
    const n = text.length;
    for (let i = start; i < n; i += 1) {
      const ch = text[i];
      if (ch === "\\") {
        blank(i, Math.min(n, i + 2));
        i += 1;
        continue;
      }
      if (ch === "`") {
        blank(i, i + 1);
        this.mode = { kind: "code" };
        return i + 1;
      }
      if (ch === "$" && text[i + 1] === "{") {
        blank(i, i + 2);
        this.templates.push(0);
        this.mode = { kind: "code" };
        return i + 2;
      }
      blank(i, i + 1);
    }
    return n;
  }
}

/** Where a string that opens at `i` with `quote` ends (after its closing quote), or the line's end. */
function stringEnd(text: string, i: number, quote: string): number {
  for (let k = i + 1; k < text.length; k += 1) {
    const ch = text[k];
    if (ch === "\\") k += 1;
    else if (ch === quote) return k + 1;
  }
  return text.length;
}

/** Whether a `/` at `i` can start a regular expression: after an operator, an opening bracket, a comma,
 * or at the line's start (not after a name, a number or a closing bracket, where it divides). */
function regexCanStart(text: string, i: number): boolean {
  if (text[i + 1] === "/" || text[i + 1] === "*") return false;
  let k = i - 1;
  while (k >= 0 && (text[k] === " " || text[k] === "\t")) k -= 1;
  if (k < 0) return true;
  if (/[(,=:[!&|?{};+\-*%<>~^]/.test(text[k] as string)) return true;
  return /(?:^|[^\w$])(?:return|typeof|case|in|of|delete|void|throw)$/.test(
    text.slice(Math.max(0, k - 6), k + 1),
  );
}

/** Where a regular expression literal opening at `i` ends on its line (after its flags), or -1. */
function regexEnd(text: string, i: number): number {
  let inClass = false;
  for (let k = i + 1; k < text.length; k += 1) {
    const ch = text[k];
    if (ch === "\\") k += 1;
    else if (ch === "[") inClass = true;
    else if (ch === "]") inClass = false;
    else if (ch === "/" && !inClass) {
      let end = k + 1;
      while (end < text.length && /[a-z]/.test(text[end] as string)) end += 1;
      return end;
    }
  }
  return -1;
}
