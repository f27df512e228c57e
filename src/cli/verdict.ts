import type { Command } from "./io.js";

// Placeholder until the command lands: it refuses rather than pretending to succeed.
export const verdictCommand: Command = {
  name: "verdict",
  summary: "(not implemented yet)",
  usage: "usage: verdict-gate verdict",
  async run(_args, io) {
    io.err("verdict-gate verdict: not implemented yet\n");
    return 1;
  },
};
