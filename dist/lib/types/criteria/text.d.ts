import { type FileBytes } from "./tree.js";
/** A file's text with line endings normalised to "\n" (Python's universal newlines, which is how
 * verdictkit reads files: `\r\n` and `\r` end a line). `complete` is false when only a prefix was read;
 * the prefix is then cut after its last line break, so a line cut in half by the cap is never seen:
 * `foo$` must not match the first half of `foobar`. */
export interface FileText {
    readonly text: string;
    readonly complete: boolean;
}
/** Strict UTF-8 (a byte order mark is dropped): a binary or mis-encoded file is an error, because a
 * replacement character could make a pattern match or miss text that is not there. */
export declare function fileText(file: FileBytes, path: string): FileText;
/** The lines of a normalised text, without their terminators. A final line without a newline counts;
 * the empty string after a final newline does not (so "a\nb\n" and "a\nb" both have 2 lines, as
 * Python's `splitlines()` says). Only "\n", "\r\n" and "\r" end a line: Python also splits on form
 * feeds and Unicode separators, so this count is never higher than verdictkit's, and a count that is
 * too low can only fail a `line_count_gte`, never pass one by mistake. */
export declare function textLines(text: string): string[];
/** A line as evidence: enough to recognise it, never a whole minified bundle in a report. */
export declare function excerpt(line: string, max?: number): string;
/** Parse JSON from bytes the way RFC 8259 demands: strict UTF-8, no NaN or comments. The result is a
 * fact about the file (`invalid` fails json_valid); a capped read is a TreeError, since the unread rest
 * decides whether it is valid. */
export declare function parseJsonFile(file: FileBytes, path: string): {
    kind: "parsed";
    value: unknown;
    size: number;
} | {
    kind: "invalid";
    message: string;
    size: number;
};
