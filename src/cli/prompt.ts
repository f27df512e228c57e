import type { Command } from "./io.js";

// Placeholder until the command lands: it refuses rather than pretending to succeed.
export const promptCommand: Command = {
  name: "prompt",
  summary: "(not implemented yet)",
  usage: "usage: verdict-gate prompt",
  async run(_args, io) {
    io.err("verdict-gate prompt: not implemented yet\n");
    return 1;
  },
};
