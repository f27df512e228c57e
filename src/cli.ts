// The `verdict-gate` program (package.json `bin`): binds the command frame to the real process.

import type { CliIO } from "./cli/io.js";
import { runCli } from "./cli/main.js";

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

const io: CliIO = {
  readStdin,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  stdoutIsTTY: process.stdout.isTTY === true,
  stdinIsTTY: process.stdin.isTTY === true,
  env: process.env,
  cwd: process.cwd(),
};

try {
  process.exitCode = await runCli(process.argv.slice(2), io);
} catch (error) {
  process.stderr.write(
    `verdict-gate: internal error: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exitCode = 1;
}
