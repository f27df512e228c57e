// The code around a line, found cheaply: the function or class that encloses a change, the body of a
// definition, the function a caller sits in. Brace languages by brace depth (strings and comments
// blanked first), Python by indentation, Ruby-like languages by indentation and `end`; anything else,
// or a block too long to show, gets a window of lines instead. A heuristic by design: it shapes what the
// reviewer is shown, never what the gate decides, and a wrong guess costs a wider window. Pure.
import { type Family, isDefinitionHeader } from "./language.js";
import { indentOf, type Pair, structureOf } from "./structure.js";

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

/** Holders walked at most from a line outwards (nesting deeper than this is read as a window). */
export const MAX_NESTING = 256;

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
    const holding = holdersOf(lines, family, clipped);
    if (holding !== undefined) return braceEnclosing(lines, clipped, holding, maxLines);
  }
  if (family !== "plain") {
    const found = indentEnclosing(lines, clipped, family, maxLines);
    if (found !== undefined) return found;
  }
  return [windowAround(clipped, total)];
}

/** The brace pairs that hold `range` (open on or before its first line, close on or after its last,
 * over more than one line), innermost first, at most MAX_NESTING; undefined when the file's braces
 * cannot be trusted. They nest, so they are the deepest one and the pairs around it: found from the
 * innermost pair strictly around the range's first line, or a pair opening on that line, or closing
 * on it, and walked outwards by parent. */
function holdersOf(lines: readonly string[], family: Family, range: LineRange): Pair[] | undefined {
  const structure = structureOf(lines, family);
  if (structure.pairs === undefined) return undefined;
  const holds = (p: Pair) => p.open <= range.from && p.close >= range.to && p.close > p.open;
  let deepest: Pair | undefined;
  const consider = (p: Pair | undefined) => {
    if (p !== undefined && holds(p) && (deepest === undefined || p.open > deepest.open || inside(p, deepest)))
      deepest = p;
  };
  let around = structure.innermost[range.from];
  for (let k = 0; around !== undefined && !holds(around) && k < MAX_NESTING; k += 1) around = around.parent;
  consider(around);
  for (const p of structure.opening(range.from)) consider(p);
  // A change on the line that closes a block (`}`): the pair it closes holds it.
  const before = structure.innermost[range.from - 1];
  if (before !== undefined && before.close === range.from) consider(before);
  const holding: Pair[] = [];
  for (let p = deepest; p !== undefined && holding.length < MAX_NESTING; p = p.parent)
    if (holds(p)) holding.push(p);
  return holding;
}

/** Whether `inner` sits inside `outer` by characters (its chain of parents reaches it). */
function inside(inner: Pair, outer: Pair): boolean {
  let p = inner.parent;
  for (let k = 0; p !== undefined && k < MAX_NESTING; k += 1, p = p.parent) if (p === outer) return true;
  return false;
}

function braceEnclosing(
  lines: readonly string[],
  range: LineRange,
  holding: readonly Pair[],
  maxLines: number,
): LineRange[] {
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
 * lines inside), and for `end` languages the `end` that closes it (structure.ts, computed once). */
function indentBlockEnd(lines: readonly string[], header: number, family: Family): number {
  return structureOf(lines, family).blockEnd[header] || header;
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
    let near = range.from;
    while (near <= lines.length && blank(lines[near - 1])) near += 1;
    least = near > lines.length ? 0 : indentOf(lines[near - 1] as string);
  }
  // Outwards from the line above the range, by the lines that open each enclosing block
  // (structure.ts): a line indented no less than `least` is skipped with everything between it and
  // the line that holds it.
  const structure = structureOf(lines, family);
  let header: number | undefined;
  let outermost: number | undefined;
  let n = structure.previous[range.from] ?? 0;
  for (let steps = 0; n >= 1 && least > 0 && steps < MAX_NESTING; steps += 1) {
    const line = lines[n - 1] as string;
    const indent = indentOf(line);
    if (indent < least) {
      least = indent;
      outermost = n;
      if (isDefinitionHeader(line)) {
        header = n;
        break;
      }
    }
    n = structure.parent[n] ?? 0;
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
    // The first line within the signature's that opens a brace, and of its pairs the one that closes
    // last (the body, not a default parameter's `{}`).
    const structure = structureOf(lines, family);
    let body: Pair | undefined;
    for (let n = line; n <= line + SIGNATURE_LINES && body === undefined; n += 1)
      for (const p of structure.opening(n)) if (body === undefined || p.close > body.close) body = p;
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

/** The innermost block that holds a line, strictly inside it: for brace languages the innermost brace
 * pair, for indentation languages the nearest less-indented line above and what it opens. Undefined at
 * the top level, or where the braces cannot be trusted. */
export function holderOf(lines: readonly string[], line: number, family: Family): Holder | undefined {
  if (family === "brace-js" || family === "brace-c") {
    const structure = structureOf(lines, family);
    const best = structure.pairs === undefined ? undefined : structure.innermost[line];
    if (best === undefined) return undefined;
    const header = /^\s*\{/.test(lines[best.open - 1] ?? "") && best.open > 1 ? best.open - 1 : best.open;
    return { header, range: { from: header, to: best.close } };
  }
  if (family === "indent" || family === "end") {
    const n = blank(lines[line - 1]) ? 0 : (structureOf(lines, family).parent[line] ?? 0);
    if (n >= 1) return { header: n, range: { from: n, to: indentBlockEnd(lines, n, family) } };
  }
  return undefined;
}
