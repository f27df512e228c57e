import type { Command } from "./io.js";

// Placeholder until the command lands: it refuses rather than pretending to succeed.
export const reviewCommand: Command = {
  name: "review",
  summary: "(not implemented yet)",
  usage: "usage: verdict-gate review",
  async run(_args, io) {
    io.err("verdict-gate review: not implemented yet\n");
    return 1;
  },
};
