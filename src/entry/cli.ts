// The `verdict-gate` program (package.json `bin`): wires the command frame to the real process.

import "../util/zod-jitless.js";
import { fstatSync } from "node:fs";
import type { CliIO } from "../cli/io.js";
import { runCli } from "../cli/main.js";

async function readStdin(maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      // Enough to know it is too large; stop reading instead of holding gigabytes.
      process.stdin.destroy();
      break;
    }
  }
  return Buffer.concat(chunks);
}

/** Whether something is piped or redirected into standard input: a pipe (`|`; Node's own spawn
 * gives a socket) or a file (`<`), never a terminal or a device like /dev/null, which CI runners often
 * give a step. A closed standard input is nothing piped. */
function stdinPiped(): boolean {
  try {
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isSocket() || stat.isFile();
  } catch {
    return false;
  }
}

/** Whether the reader of standard output has gone (`verdict-gate … | head`). Writing on is pointless,
 * and Node would report the closed pipe as an unhandled EPIPE error with a stack trace: the command
 * finishes quietly instead, and still exits with its own code (a pipeline with `pipefail` must see a
 * hold as a hold, never the 0 of a reader that had read enough). */
let stdoutClosed = false;
/** Any other write error: the output is incomplete, so the run is an internal error (exit 1). */
let writeFailed = false;
function quietOnClosedPipe(stream: NodeJS.WriteStream, onClosed: () => void): void {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") {
      onClosed();
      return;
    }
    writeFailed = true;
    process.exitCode = 1;
    if (stream !== process.stderr)
      process.stderr.write(`verdict-gate: cannot write the output: ${error.message}\n`);
  });
}
quietOnClosedPipe(process.stdout, () => {
  stdoutClosed = true;
});
let stderrClosed = false;
quietOnClosedPipe(process.stderr, () => {
  stderrClosed = true;
});

const io: CliIO = {
  readStdin,
  out: (text) => {
    if (!stdoutClosed) process.stdout.write(text);
  },
  err: (text) => {
    if (!stderrClosed) process.stderr.write(text);
  },
  stdoutIsTTY: process.stdout.isTTY === true,
  stdinIsTTY: process.stdin.isTTY === true,
  stdinPiped: stdinPiped(),
  stderrIsTTY: process.stderr.isTTY === true,
  env: process.env,
  cwd: process.cwd(),
};

try {
  const code = await runCli(process.argv.slice(2), io);
  process.exitCode = writeFailed ? 1 : code;
} catch (error) {
  process.stderr.write(
    `verdict-gate: internal error: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exitCode = 1;
}
