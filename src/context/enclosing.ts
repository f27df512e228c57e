// The code around a line, found cheaply: the function or class that encloses a change, the body of a
// definition, the function a caller sits in. Brace languages by brace depth (strings and comments
// blanked first), Python by indentation, Ruby-like languages by indentation and `end`; anything else,
// or a block too long to show, gets a window of lines instead. A heuristic by design: it shapes what the
// reviewer is shown, never what the gate decides, and a wrong guess costs a wider window. Pure.
import { type Family, isDefinitionHeader } from "./language.js";

/** Lines `from` to `to` of a file, 1-based and inclusive. */
export interface LineRange {
  readonly from: number;
  readonly to: number;
}

/** Lines a window around a change reaches on each side, when no block can be shown. */
export const WINDOW_LINES = 15;

/** Signature lines followed up from a block's opening brace (parameters over several lines). */
const SIGNATURE_LINES = 8;

/** Doc comment, attribute and decorator lines taken with a block from above it. */
const LEADING_LINES = 12;

/** A file's lines with string literals and comments blanked, so that only code braces count. Crude on
 * purpose (no template literal or raw string spans lines): a file it misreads unbalances its braces,
 * and an unbalanced file is read by indentation instead. */
function codeOnly(lines: readonly string[], family: Family): string[] {
  const strings =
    family === "brace-js"
      ? /"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`/g
      : /"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])'|`[^`]*`/g;
  const out: string[] = [];
  let inComment = false;
  for (const raw of lines) {
    let line = raw;
    if (inComment) {
      const end = line.indexOf("*/");
      if (end === -1) {
        out.push("");
        continue;
      }
      line = line.slice(end + 2);
      inComment = false;
    }
    line = line.replace(strings, '""').replace(/\/\*.*?\*\//g, " ");
    const open = line.indexOf("/*");
    if (open !== -1) {
      line = line.slice(0, open);
      inComment = true;
    }
    const comment = line.indexOf("//");
    if (comment !== -1) line = line.slice(0, comment);
    if (family === "brace-c" && /^\s*#/.test(line)) line = "";
    out.push(line);
  }
  return out;
}

/** A brace pair: the lines of `{` and of its `}`. */
interface Pair {
  readonly open: number;
  readonly close: number;
}

/** Every brace pair of a file, or undefined when its braces do not balance (a `}` with nothing open, or
 * more than a few left open at the end): then braces cannot be trusted for this file. */
function bracePairs(code: readonly string[]): Pair[] | undefined {
  const stack: number[] = [];
  const pairs: Pair[] = [];
  for (let i = 0; i < code.length; i += 1) {
    const line = code[i] as string;
    for (let c = 0; c < line.length; c += 1) {
      const ch = line[c];
      if (ch === "{") stack.push(i + 1);
      else if (ch === "}") {
        const open = stack.pop();
        if (open === undefined) return undefined;
        pairs.push({ open, close: i + 1 });
      }
    }
  }
  return stack.length > 2 ? undefined : pairs;
}

function indentOf(line: string): number {
  let width = 0;
  for (const ch of line) {
    if (ch === " ") width += 1;
    else if (ch === "\t") width += 8 - (width % 8);
    else break;
  }
  return width;
}

const blank = (line: string | undefined) => line === undefined || line.trim() === "";

/** The first line of a block's header: its opening line, the signature lines above it (a line ending
 * in `,` or `(` continues onto the next), and the doc comments, attributes and decorators directly
 * above those. */
function headerStart(lines: readonly string[], open: number): number {
  let start = open;
  const text = (n: number) => lines[n - 1] ?? "";
  if (/^\s*\{/.test(text(start)) && start > 1 && !blank(text(start - 1))) start -= 1;
  for (let i = 0; i < SIGNATURE_LINES && start > 1; i += 1) {
    const above = text(start - 1).trimEnd();
    if (!/[,(]$/.test(above) && !/^\s*[).:]/.test(text(start))) break;
    start -= 1;
  }
  return leadingStart(lines, start);
}

/** The doc comments, attributes and decorators directly above line `start`. */
function leadingStart(lines: readonly string[], start: number): number {
  let from = start;
  for (let i = 0; i < LEADING_LINES && from > 1; i += 1) {
    if (!/^\s*(?:\/\/|\/\*|\*|#\[|#!\[|@|--)/.test(lines[from - 2] ?? "")) break;
    from -= 1;
  }
  return from;
}

/** Whether the block opening at `open` (header from `start`) defines something. */
function definesSomething(lines: readonly string[], start: number, open: number): boolean {
  for (let n = start; n <= open; n += 1) if (isDefinitionHeader(lines[n - 1] ?? "")) return true;
  return false;
}

/** A window of `WINDOW_LINES` either side of `range`, within the file. */
export function windowAround(range: LineRange, total: number, lines = WINDOW_LINES): LineRange {
  return { from: Math.max(1, range.from - lines), to: Math.min(total, range.to + lines) };
}

const size = (r: LineRange) => r.to - r.from + 1;

/** The code around `range` (a change's lines): the innermost enclosing function or class, else the
 * outermost statement that holds it; when that is longer than `maxLines`, the innermost block that fits
 * with the outer one's header, or a window with it. Ranges in file order. */
export function enclosingRanges(
  lines: readonly string[],
  range: LineRange,
  family: Family,
  maxLines: number,
): LineRange[] {
  const total = lines.length;
  if (total === 0) return [];
  const clipped = {
    from: Math.min(Math.max(1, range.from), total),
    to: Math.min(Math.max(1, range.to), total),
  };
  if (family === "brace-js" || family === "brace-c") {
    const pairs = bracePairs(codeOnly(lines, family));
    if (pairs !== undefined) return braceEnclosing(lines, clipped, pairs, maxLines);
  }
  if (family !== "plain") {
    const found = indentEnclosing(lines, clipped, family, maxLines);
    if (found !== undefined) return found;
  }
  return [windowAround(clipped, total)];
}

function braceEnclosing(
  lines: readonly string[],
  range: LineRange,
  pairs: readonly Pair[],
  maxLines: number,
): LineRange[] {
  const holding = pairs
    .filter((p) => p.open <= range.from && p.close >= range.to && p.close > p.open)
    .sort((a, b) => b.open - a.open);
  if (holding.length === 0) return [windowAround(range, lines.length)];
  const blocks = holding.map((p) => {
    const start = headerStart(lines, p.open);
    return {
      pair: p,
      start,
      range: { from: start, to: p.close },
      defines: definesSomething(lines, start, p.open),
    };
  });
  const chosen = blocks.find((b) => b.defines) ?? (blocks[blocks.length - 1] as (typeof blocks)[number]);
  if (size(chosen.range) <= maxLines) return [chosen.range];
  const header = {
    from: chosen.start,
    to: Math.min(chosen.pair.open, chosen.start + SIGNATURE_LINES + LEADING_LINES),
  };
  const inner = blocks.find((b) => size(b.range) <= maxLines && b.range.from > header.to);
  const body = inner !== undefined ? inner.range : windowAround(range, lines.length);
  const within = { from: Math.max(body.from, header.to + 1), to: Math.min(body.to, chosen.pair.close) };
  return within.from <= within.to ? [header, within] : [header];
}

/** The block a header at `header` opens by indentation: every following line indented deeper (blank
 * lines inside), and for `end` languages the `end` that closes it. */
function indentBlockEnd(lines: readonly string[], header: number, family: Family): number {
  const base = indentOf(lines[header - 1] ?? "");
  let end = header;
  for (let n = header + 1; n <= lines.length; n += 1) {
    const line = lines[n - 1] as string;
    if (blank(line)) continue;
    if (indentOf(line) <= base) {
      if (family === "end" && /^\s*(?:end\b|\}|\))/.test(line) && indentOf(line) === base) end = n;
      break;
    }
    end = n;
  }
  return end;
}

/** Decorators and comments directly above an indentation block's header. */
function indentHeaderStart(lines: readonly string[], header: number): number {
  let start = header;
  for (let i = 0; i < LEADING_LINES && start > 1; i += 1) {
    if (!/^\s*(?:@|#)/.test(lines[start - 2] ?? "")) break;
    start -= 1;
  }
  return start;
}

function indentEnclosing(
  lines: readonly string[],
  range: LineRange,
  family: Family,
  maxLines: number,
): LineRange[] | undefined {
  let least = Number.POSITIVE_INFINITY;
  for (let n = range.from; n <= range.to; n += 1) {
    const line = lines[n - 1];
    if (!blank(line)) least = Math.min(least, indentOf(line as string));
  }
  if (least === Number.POSITIVE_INFINITY) {
    const near = lines.findIndex((l, i) => i + 1 >= range.from && !blank(l));
    least = near === -1 ? 0 : indentOf(lines[near] as string);
  }
  let header: number | undefined;
  let outermost: number | undefined;
  for (let n = range.from - 1; n >= 1 && least > 0; n -= 1) {
    const line = lines[n - 1] as string;
    if (blank(line) || indentOf(line) >= least) continue;
    least = indentOf(line);
    outermost = n;
    if (isDefinitionHeader(line)) {
      header = n;
      break;
    }
  }
  const top = header ?? outermost;
  if (top === undefined) return undefined;
  const block = { from: indentHeaderStart(lines, top), to: indentBlockEnd(lines, top, family) };
  if (block.to < range.to) return undefined;
  if (size(block) <= maxLines) return [block];
  const head = { from: block.from, to: top };
  const around = windowAround(range, lines.length);
  const within = { from: Math.max(around.from, head.to + 1), to: Math.min(around.to, block.to) };
  return within.from <= within.to ? [head, within] : [head];
}

/** The definition that starts at `line` (a line definedName reads as one), with its doc comments: its
 * braces' or its indentation's block, or the statement up to its `;` or a blank line. At most
 * `maxLines` from its start: the signature and the first lines say most of what a caller relies on. */
export function definitionRange(
  lines: readonly string[],
  line: number,
  family: Family,
  maxLines: number,
): LineRange {
  const total = lines.length;
  let range: LineRange | undefined;
  if (family === "brace-js" || family === "brace-c") {
    const pairs = bracePairs(codeOnly(lines, family));
    const body = pairs
      ?.filter((p) => p.open >= line && p.open <= line + SIGNATURE_LINES)
      .sort((a, b) => a.open - b.open)[0];
    if (body !== undefined) range = { from: leadingStart(lines, line), to: body.close };
  } else if (family === "indent" || family === "end") {
    range = { from: indentHeaderStart(lines, line), to: indentBlockEnd(lines, line, family) };
  }
  if (range === undefined) {
    let to = line;
    while (to < total && to - line < 20 && !/[;]\s*$/.test(lines[to - 1] ?? "") && !blank(lines[to])) to += 1;
    range = { from: leadingStart(lines, line), to };
  }
  return { from: range.from, to: Math.min(range.to, range.from + maxLines - 1, total) };
}

/** The innermost block holding a line, and the line that opens it (its header's last line: a `{` on a
 * line of its own belongs to the line above). */
export interface Holder {
  readonly header: number;
  readonly range: LineRange;
}

/** Per file (its lines), the innermost brace pair holding each line strictly inside it, or null when
 * the file's braces cannot be trusted: computed once, so a search asking about many lines of one file
 * pays for its braces once. */
const innermostOf = new WeakMap<readonly string[], (Pair | undefined)[] | null>();

function innermostPairs(lines: readonly string[], family: Family): (Pair | undefined)[] | null {
  let found = innermostOf.get(lines);
  if (found === undefined) {
    const pairs = bracePairs(codeOnly(lines, family));
    if (pairs === undefined) found = null;
    else {
      const inner: (Pair | undefined)[] = [];
      // Outer pairs first, so that an inner pair overwrites the lines it holds.
      for (const p of [...pairs].sort((a, b) => a.open - b.open || b.close - a.close))
        for (let n = p.open + 1; n < p.close; n += 1) inner[n] = p;
      found = inner;
    }
    innermostOf.set(lines, found);
  }
  return found;
}

/** The innermost block that holds a line, strictly inside it: for brace languages the innermost brace
 * pair, for indentation languages the nearest less-indented line above and what it opens. Undefined at
 * the top level, or where the braces cannot be trusted. */
export function holderOf(lines: readonly string[], line: number, family: Family): Holder | undefined {
  if (family === "brace-js" || family === "brace-c") {
    const best = innermostPairs(lines, family)?.[line];
    if (best === undefined) return undefined;
    const header = /^\s*\{/.test(lines[best.open - 1] ?? "") && best.open > 1 ? best.open - 1 : best.open;
    return { header, range: { from: header, to: best.close } };
  }
  if (family === "indent" || family === "end") {
    const own = indentOf(lines[line - 1] ?? "");
    for (let n = line - 1; n >= 1; n -= 1) {
      const text = lines[n - 1] as string;
      if (blank(text) || indentOf(text) >= own) continue;
      return { header: n, range: { from: n, to: indentBlockEnd(lines, n, family) } };
    }
  }
  return undefined;
}
