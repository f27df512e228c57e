import { RE2JS } from "re2js";
/** The longest pattern a contract may hold: patterns are one-line rules, not programs. */
export declare const PATTERN_MAX_LENGTH = 4096;
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
/** Compiles a pattern or throws an Error whose message says what RE2 rejected. */
export declare function compilePattern(source: string): CompiledPattern;
/** Why a pattern cannot be used, or undefined when it compiles. */
export declare function patternProblem(source: string): string | undefined;
/** Whether one line (no terminator) matches. */
export declare function lineMatches(pattern: CompiledPattern, line: string): boolean;
/** Lines per block in the block-wise search below. */
export declare const BLOCK_LINES = 64;
/** The first line that matches, if any. */
export declare function firstMatch(pattern: CompiledPattern, text: string, lines: readonly string[]): LineMatch | undefined;
/** Non-overlapping matches over all lines (Python's `findall`, line by line: an empty match counts, as
 * it does there) and the first one. */
export declare function countMatches(pattern: CompiledPattern, text: string, lines: readonly string[]): {
    count: number;
    first: LineMatch | undefined;
};
