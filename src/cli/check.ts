import type { Command } from "./io.js";

// Placeholder until the command lands: it refuses rather than pretending to succeed.
export const checkCommand: Command = {
  name: "check",
  summary: "(not implemented yet)",
  usage: "usage: verdict-gate check",
  async run(_args, io) {
    io.err("verdict-gate check: not implemented yet\n");
    return 1;
  },
};
