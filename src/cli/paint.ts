// Colour for people, plain text for pipes: ANSI colour only when stdout is a terminal and NO_COLOR is
// unset (no-color.org), so `verdict-gate review | less` and CI logs never carry escape codes.
import type { Paint } from "../criteria/index.js";
import type { CliIO } from "./io.js";

const COLOURS = { good: "\u001b[32m", bad: "\u001b[31m", warn: "\u001b[33m", dim: "\u001b[2m" } as const;

export function painter(io: CliIO): Paint {
  const colour = io.stdoutIsTTY && (io.env.NO_COLOR === undefined || io.env.NO_COLOR === "");
  return colour ? (tone, text) => `${COLOURS[tone]}${text}\u001b[0m` : (_tone, text) => text;
}
