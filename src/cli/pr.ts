import type { Command } from "./io.js";

// Placeholder until the command lands: it refuses rather than pretending to succeed.
export const prCommand: Command = {
  name: "pr",
  summary: "(not implemented yet)",
  usage: "usage: verdict-gate pr",
  async run(_args, io) {
    io.err("verdict-gate pr: not implemented yet\n");
    return 1;
  },
};
