// Contract patterns: regular expressions run by re2js, an RE2 engine whose matching time is linear in
// the input, so no pattern (a contract's `(a+)+$` against a PR's "aaaa…!") can hang the gate. What
// RE2 cannot compile (backreferences, lookaround) is a contract error naming the criterion, found when
// the contract is loaded rather than half-way through a check.
//
// Semantics: a pattern is matched against each line of a file separately (its terminator removed), in
// multiline mode, so `^` and `$` anchor at the line's start and end. A match never spans a line break.
// Pure; the cache only saves recompiling the same source.

import { RE2JS } from "re2js";
import { describeError } from "../util/describe-error.js";
import { excerpt } from "./text.js";

/** The longest pattern a contract may hold: patterns are one-line rules, not programs. */
export const PATTERN_MAX_LENGTH = 4096;

export interface CompiledPattern {
  readonly source: string;
  readonly re: RE2JS;
  /** Whether one search over a run of whole lines may rule out a match on each of them at once. Sound
   * when the pattern has no `\A` or `\z` and never turns multiline mode off: then any match inside one
   * line is also a match inside the run (a line break looks to `^`, `$` and `\b` exactly like the edge
   * of a line), so "no match in the run" proves "no match on any of its lines". */
  readonly wholeTextFilter: boolean;
}

export interface LineMatch {
  /** 1-based line number. */
  readonly line: number;
  /** 1-based column of the match start (in UTF-16 code units). */
  readonly column: number;
  /** The line, shortened for reports. */
  readonly text: string;
}

const cache = new Map<string, CompiledPattern>();
const CACHE_LIMIT = 1024;

/** Compiles a pattern or throws an Error whose message says what RE2 rejected. */
export function compilePattern(source: string): CompiledPattern {
  const cached = cache.get(source);
  if (cached !== undefined) return cached;
  if (source.length > PATTERN_MAX_LENGTH) {
    throw new Error(`pattern is ${source.length} characters; at most ${PATTERN_MAX_LENGTH} are allowed`);
  }
  let re: RE2JS;
  try {
    re = RE2JS.compile(source, RE2JS.MULTILINE);
  } catch (error) {
    // re2js quotes the pattern as it compiled it, with the multiline flag prefixed (`(?m)(a`): the
    // contract's author wrote `(a`, and is shown that.
    const message = describeError(error).replace("`(?m)", "`");
    throw new Error(
      `${message} (patterns use RE2 syntax: no backreferences or lookaround, so matching stays linear)`,
    );
  }
  const compiled: CompiledPattern = {
    source,
    re,
    wholeTextFilter: !/\\[Az]/.test(source) && !/\(\?[A-Za-z]*-/.test(source),
  };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(source, compiled);
  return compiled;
}

/** Why a pattern cannot be used, or undefined when it compiles. */
export function patternProblem(source: string): string | undefined {
  try {
    compilePattern(source);
    return undefined;
  } catch (error) {
    return describeError(error);
  }
}

function located(pattern: CompiledPattern, line: string, index: number): LineMatch {
  const m = pattern.re.matcher(line);
  const column = m.find() ? m.start() + 1 : 1;
  return { line: index + 1, column, text: excerpt(line) };
}

/** Lines per block in the block-wise search below. */
export const BLOCK_LINES = 64;

/** Calls `visit` with the index of every line that may match, in order, until it returns true. When the
 * whole-text shortcut is sound, lines are searched a block at a time: one search over a block's text
 * (fast in RE2, which skips ahead on literals) rules out all of its lines, and only the lines of blocks
 * that may match are tried one by one. A block starts at a line start and ends at a line break, so a
 * match inside one of its lines is a match inside the block. */
function eachCandidate(
  pattern: CompiledPattern,
  text: string,
  lines: readonly string[],
  visit: (i: number) => boolean,
): void {
  if (!pattern.wholeTextFilter) {
    for (let i = 0; i < lines.length; i += 1) if (visit(i)) return;
    return;
  }
  let offset = 0;
  for (let first = 0; first < lines.length; first += BLOCK_LINES) {
    const last = Math.min(first + BLOCK_LINES, lines.length);
    let end = offset;
    for (let i = first; i < last; i += 1) end += (lines[i] as string).length + 1;
    const block = text.slice(offset, Math.min(end, text.length));
    offset = end;
    if (!pattern.re.test(block)) continue;
    for (let i = first; i < last; i += 1) if (visit(i)) return;
  }
}

/** The first line that matches, if any. */
export function firstMatch(
  pattern: CompiledPattern,
  text: string,
  lines: readonly string[],
): LineMatch | undefined {
  let found: LineMatch | undefined;
  eachCandidate(pattern, text, lines, (i) => {
    const line = lines[i] as string;
    if (!pattern.re.test(line)) return false;
    found = located(pattern, line, i);
    return true;
  });
  return found;
}

/** Non-overlapping matches over all lines (Python's `findall`, line by line: an empty match counts, as
 * it does there) and the first one. */
export function countMatches(
  pattern: CompiledPattern,
  text: string,
  lines: readonly string[],
): { count: number; first: LineMatch | undefined } {
  let count = 0;
  let first: LineMatch | undefined;
  eachCandidate(pattern, text, lines, (i) => {
    const line = lines[i] as string;
    if (!pattern.re.test(line)) return false;
    if (first === undefined) first = located(pattern, line, i);
    const m = pattern.re.matcher(line);
    while (m.find()) count += 1;
    return false;
  });
  return { count, first };
}
