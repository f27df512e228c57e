// How a criterion sees a file as text. One definition, so file_contains, pattern_count_gte and
// line_count_gte can never disagree about what a line is. Pure.

import { type FileBytes, TreeError } from "../ports/tree.js";
import { describeError } from "../util/describe-error.js";
import { parseStrictJson } from "../util/strict-json.js";

/** A file's text with line endings normalised to "\n" (Python's universal newlines, which is how
 * verdictkit reads files: `\r\n` and `\r` end a line). `complete` is false when only a prefix was read;
 * the prefix is then cut after its last line break, so a line cut in half by the cap is never seen:
 * `foo$` must not match the first half of `foobar`. */
export interface FileText {
  readonly text: string;
  readonly complete: boolean;
}

const NEWLINE = 0x0a;

/** Strict UTF-8 (a byte order mark is dropped): a binary or mis-encoded file is an error, because a
 * replacement character could make a pattern match or miss text that is not there. */
export function fileText(file: FileBytes, path: string): FileText {
  let bytes = file.bytes;
  if (file.truncated) {
    const lastBreak = bytes.lastIndexOf(NEWLINE);
    bytes = bytes.subarray(0, lastBreak + 1);
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new TreeError(`${path} is not UTF-8 text`);
  }
  if (text.includes("\r")) text = text.replace(/\r\n?/g, "\n");
  return { text, complete: !file.truncated };
}

/** The lines of a normalised text, without their terminators. A final line without a newline counts;
 * the empty string after a final newline does not (so "a\nb\n" and "a\nb" both have 2 lines, as
 * Python's `splitlines()` says). Only "\n", "\r\n" and "\r" end a line: Python also splits on form
 * feeds and Unicode separators, so this count is never higher than verdictkit's, and a count that is
 * too low can only fail a `line_count_gte`, never pass one by mistake. */
export function textLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** A line as evidence: enough to recognise it, never a whole minified bundle in a report. */
export function excerpt(line: string, max = 200): string {
  return line.length <= max ? line : `${line.slice(0, max)}…`;
}

/** Parse JSON from bytes the way RFC 8259 demands: strict UTF-8, no NaN or comments. The result is a
 * fact about the file (`invalid` fails json_valid); a capped read is a TreeError, since the unread rest
 * decides whether it is valid. */
export function parseJsonFile(
  file: FileBytes,
  path: string,
): { kind: "parsed"; value: unknown; size: number } | { kind: "invalid"; message: string; size: number } {
  if (file.truncated) {
    throw new TreeError(
      `${path} is larger than the read cap (${file.size} bytes); its JSON cannot be checked`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(file.bytes);
  } catch {
    return { kind: "invalid", message: "not UTF-8 text", size: file.size };
  }
  try {
    // A repeated key makes the file `invalid` for json_valid: JSON.parse would accept it (RFC 8259
    // only says names SHOULD be unique), but which value counts depends on the reader, and I-JSON
    // (RFC 7493) forbids it. A file that means different things to different readers is not one a
    // criterion should call valid.
    return { kind: "parsed", value: parseStrictJson(text), size: file.size };
  } catch (error) {
    return {
      kind: "invalid",
      message: describeError(error),
      size: file.size,
    };
  }
}
