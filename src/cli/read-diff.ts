// The diff a CLI command judges, from a file or standard input (`-`), read the one way every command
// reads it: within a byte limit (stdin stops being read past it, so an endless pipe cannot exhaust
// memory), and refused when it holds no file diff at all. An empty or non-diff input is a mistake (a
// wrong branch, a failed `git diff`, the wrong file), and read as "nothing changed" it would pass every
// diff criterion in silence.
import { createReadStream } from "node:fs";
import path from "node:path";
import { parseUnifiedDiff } from "../diff/parse.js";
import type { Diff } from "../diff/types.js";
import { describeError } from "../util/describe-error.js";
import { type CliIO, UsageError } from "./io.js";

/** A diff larger than this is refused: nobody reviews a quarter of a gigabyte, and reading it would
 * only exhaust memory. */
export const MAX_DIFF_BYTES = 256 * 1024 * 1024;

export interface ReadDiffOptions {
  /** How to pipe a diff into this command, for the messages (`git diff main | verdict-gate review`). */
  readonly pipe: string;
  /** Refuse to wait on a terminal when no file was named (stdin is only the default). */
  readonly refuseTerminal?: boolean;
  /** The limit; MAX_DIFF_BYTES unless a test says otherwise. */
  readonly maxBytes?: number;
}

/** A file's bytes, stopping once more than `maxBytes` arrived (a FIFO or a device can be endless). */
async function readBounded(file: string, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early destroys the stream.
  for await (const chunk of createReadStream(file)) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > maxBytes) break;
  }
  return Buffer.concat(chunks);
}

/** ESC [ … m: the colour codes `git diff --color=always` (or `color.diff = always` in git's config)
 * writes around every line, which turn `diff --git` into something no reader recognises. */
const COLOUR_CODE = /\x1b\[[0-9;]*m/;
/** The line `git format-patch` opens each commit's patch with. */
const PATCH_START = /^From [0-9a-f]{40} Mon Sep 17 00:00:00 2001$/gm;

/** Inputs that are diffs of a kind the gate does not judge, refused saying what they are and what to
 * run instead, before they could read as "no file diffs" or as a malformed section. */
function refuseKnownShapes(bytes: Buffer, from: string, pipe: string): void {
  const head = bytes.subarray(0, 64 * 1024).toString("latin1");
  if (COLOUR_CODE.test(head)) {
    throw new UsageError(
      `the diff from ${from} has terminal colour codes in it (git diff --color=always, or color.diff=always in git's config): make it with --no-color (${pipe.replace(/^git diff/, "git diff --no-color")} …)`,
    );
  }
  const patches = bytes.toString("latin1").match(PATCH_START)?.length ?? 0;
  if (patches > 1) {
    throw new UsageError(
      `the input from ${from} is a series of ${patches} patches (git format-patch): the gate judges one change, and a file two commits touch would be judged twice, in parts. Pass the whole change as one diff (git diff BASE..HEAD), or one commit (git format-patch -1 --stdout COMMIT)`,
    );
  }
}

/** The text of a diff, and where bytes that are not UTF-8 stood: each is read as U+FFFD, which the
 * reviewer sees and a pattern matches in place of the byte, so the round says so. */
function decodeDiff(bytes: Buffer): { text: string; unreadable: number[] } {
  const text = bytes.toString("utf8");
  const unreadable: number[] = [];
  if (!text.includes("\uFFFD")) return { text, unreadable };
  const lines = text.split("\n");
  let strictOk = true;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    strictOk = false;
  }
  // A U+FFFD that was written as one (its UTF-8 bytes EF BF BD) is text, not a decoding loss.
  if (strictOk) return { text, unreadable };
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let offset = 0;
  for (const [i, line] of lines.entries()) {
    const size = Buffer.byteLength(line, "utf8");
    if (line.includes("\uFFFD")) {
      // Re-read the line's own bytes: only a line whose bytes do not decode lost anything.
      const end = bytes.indexOf(0x0a, offset);
      const raw = bytes.subarray(offset, end === -1 ? bytes.length : end);
      try {
        decoder.decode(raw);
      } catch {
        unreadable.push(i + 1);
      }
      offset = end === -1 ? bytes.length : end + 1;
    } else {
      offset += size + 1;
    }
  }
  return { text, unreadable };
}

function unreadableNote(lines: readonly number[], diff: Diff): string {
  const files = diff.files.filter((f) => f.patch.includes("\uFFFD")).map((f) => f.path);
  const where = files.length > 0 ? ` (${files.slice(0, 3).join(", ")}${files.length > 3 ? ", …" : ""})` : "";
  return (
    `${lines.length} line${lines.length === 1 ? "" : "s"} of the diff${where} ${lines.length === 1 ? "holds" : "hold"} bytes that are not UTF-8 (first at line ${lines[0]}); ` +
    "each such byte was read as U+FFFD (�), which is what the reviewer saw and what the criteria matched"
  );
}

export interface ReadDiff {
  readonly diff: Diff;
  /** Where it came from, for the messages: the file as named, or "standard input". */
  readonly from: string;
}

/** No diff, for a command whose diff is optional, and why (what its diff criteria then say). */
export interface NoDiff {
  readonly diff?: undefined;
  readonly absent: string;
}

/** The bytes of the diff `file` names (`-` or undefined: standard input). */
async function diffBytes(io: CliIO, file: string | undefined, options: ReadDiffOptions): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? MAX_DIFF_BYTES;
  if (file !== undefined && file !== "-") {
    try {
      return await readBounded(path.resolve(io.cwd, file), maxBytes);
    } catch (error) {
      throw new UsageError(`--diff ${file}: cannot read it: ${describeError(error)}`);
    }
  }
  if (file === undefined && options.refuseTerminal === true && io.stdinIsTTY === true) {
    throw new UsageError(`no diff: pipe one in (${options.pipe} …) or pass --diff FILE`);
  }
  if (io.stdinIsTTY === true)
    io.err(
      `reading a diff from the terminal: paste it, then press Ctrl-D (or pipe one in: ${options.pipe} …)\n`,
    );
  return io.readStdin(maxBytes);
}

/** The diff of a command whose diff is optional (`check`), read the way `review` reads its own: the
 * file --diff names (`-`: standard input), else standard input when something is piped or redirected
 * into it (`git diff HEAD~1 | verdict-gate check` was "no diff was given"), else none. A pipe that
 * brings nothing at all is no diff either (a CI step's standard input is often an empty pipe), and the
 * criteria that judge the change say so; an explicit `--diff -` that is empty is refused, as always. */
export async function readOptionalDiff(
  io: CliIO,
  file: string | undefined,
  options: ReadDiffOptions,
): Promise<ReadDiff | NoDiff> {
  if (file !== undefined) return readDiff(io, file, options);
  if (io.stdinPiped !== true) return { absent: "no diff was given (pipe one in, or use --diff FILE)" };
  const bytes = await diffBytes(io, undefined, options);
  if (bytes.length === 0)
    return { absent: "no diff was given (standard input was empty; pipe one in, or use --diff FILE)" };
  return diffOf(bytes, "standard input", true, options);
}

/** Reads `file` (`-` or undefined: standard input). Throws UsageError (exit 2) for an unreadable file,
 * an input over the limit, an input with no file diff in it, and a diff with a malformed section. */
export async function readDiff(
  io: CliIO,
  file: string | undefined,
  options: ReadDiffOptions,
): Promise<ReadDiff> {
  const fromStdin = file === undefined || file === "-";
  const bytes = await diffBytes(io, file, options);
  return diffOf(bytes, fromStdin ? "standard input" : file, fromStdin, options);
}

function diffOf(bytes: Buffer, from: string, fromStdin: boolean, options: ReadDiffOptions): ReadDiff {
  const maxBytes = options.maxBytes ?? MAX_DIFF_BYTES;
  if (bytes.length > maxBytes) {
    throw new UsageError(`the diff from ${from} is over the ${maxBytes}-byte limit; nothing was checked`);
  }
  refuseKnownShapes(bytes, from, options.pipe);
  const { text, unreadable } = decodeDiff(bytes);
  const parsed = parseUnifiedDiff(text);
  if (parsed.files.length === 0) {
    throw new UsageError(
      text.trim() === ""
        ? fromStdin
          ? `the diff from standard input is empty: nothing changed, or nothing was piped in (${options.pipe} …)`
          : `the diff in ${from} is empty: nothing changed between what the command that wrote it compared`
        : `the input from ${from} holds no file diffs: is it a unified diff (git diff, git format-patch)?`,
    );
  }
  // A diff is read as git wrote it, or refused: a section whose names are uncertain (a custom
  // --src-prefix, converted line endings) or whose hunks do not add up would be judged under a wrong
  // name or in part. The action holds on such a diff; here the input is simply wrong.
  const malformed = parsed.files.flatMap((f) => (f.malformed === undefined ? [] : [f.malformed]));
  if (malformed.length > 0) {
    throw new UsageError(
      `the diff from ${from} is malformed, so nothing was checked: ${malformed[0]}${malformed.length > 1 ? ` (and ${malformed.length - 1} more section${malformed.length === 2 ? "" : "s"})` : ""}. Pipe git's own output unchanged, with a prefix git writes (${options.pipe} …)`,
    );
  }
  const diff =
    unreadable.length === 0 ? parsed : { ...parsed, howRead: [unreadableNote(unreadable, parsed)] };
  return { diff, from };
}
