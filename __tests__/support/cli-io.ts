// An in-memory CliIO for running the CLI in-process: what the command writes is captured, stdin is
// whatever the test hands it (empty by default), and nothing of the test process's environment leaks in
// unless a test passes it.
import type { CliIO } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";

export interface Captured {
  out: string;
  err: string;
}

export function capturingIO(overrides: Partial<CliIO> = {}): { io: CliIO; captured: Captured } {
  const captured: Captured = { out: "", err: "" };
  const io: CliIO = {
    readStdin: async () => Buffer.from(""),
    out: (t) => {
      captured.out += t;
    },
    err: (t) => {
      captured.err += t;
    },
    stdoutIsTTY: false,
    env: {},
    cwd: "/",
    ...overrides,
  };
  return { io, captured };
}

/** Runs `verdict-gate ARGV` in-process; the exit code and everything written. */
export async function runCaptured(
  argv: readonly string[],
  overrides: Partial<CliIO> = {},
): Promise<{ code: number; out: string; err: string }> {
  const { io, captured } = capturingIO(overrides);
  const code = await runCli([...argv], io);
  return { code, ...captured };
}
