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

/** Reads `file` (`-` or undefined: standard input). Throws UsageError (exit 2) for an unreadable file,
 * an input over the limit, an input with no file diff in it, and a diff with a malformed section. */
export async function readDiff(
  io: CliIO,
  file: string | undefined,
  options: ReadDiffOptions,
): Promise<{ diff: Diff; from: string }> {
  const maxBytes = options.maxBytes ?? MAX_DIFF_BYTES;
  const fromStdin = file === undefined || file === "-";
  const from = fromStdin ? "standard input" : file;
  let bytes: Buffer;
  if (fromStdin) {
    if (file === undefined && options.refuseTerminal === true && io.stdinIsTTY === true) {
      throw new UsageError(`no diff: pipe one in (${options.pipe} …) or pass --diff FILE`);
    }
    bytes = await io.readStdin(maxBytes);
  } else {
    try {
      bytes = await readBounded(path.resolve(io.cwd, file), maxBytes);
    } catch (error) {
      throw new UsageError(`--diff ${file}: cannot read it: ${describeError(error)}`);
    }
  }
  if (bytes.length > maxBytes) {
    throw new UsageError(`the diff from ${from} is over the ${maxBytes}-byte limit; nothing was checked`);
  }
  const text = bytes.toString("utf8");
  const diff = parseUnifiedDiff(text);
  if (diff.files.length === 0) {
    throw new UsageError(
      text.trim() === ""
        ? `the diff from ${from} is empty: nothing changed, or nothing was piped in (${options.pipe} …)`
        : `the input from ${from} holds no file diffs: is it a unified diff (git diff, git format-patch)?`,
    );
  }
  // A diff is read as git wrote it, or refused: a section whose names are uncertain (a custom
  // --src-prefix, converted line endings) or whose hunks do not add up would be judged under a wrong
  // name or in part. The action holds on such a diff; here the input is simply wrong.
  const malformed = diff.files.flatMap((f) => (f.malformed === undefined ? [] : [f.malformed]));
  if (malformed.length > 0) {
    throw new UsageError(
      `the diff from ${from} is malformed, so nothing was checked: ${malformed[0]}${malformed.length > 1 ? ` (and ${malformed.length - 1} more section${malformed.length === 2 ? "" : "s"})` : ""}. Pipe git's own output unchanged, with a prefix git writes (${options.pipe} …)`,
    );
  }
  return { diff, from };
}
