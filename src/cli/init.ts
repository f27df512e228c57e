import type { Command } from "./io.js";

// Placeholder until the command lands: it refuses rather than pretending to succeed.
export const initCommand: Command = {
  name: "init",
  summary: "(not implemented yet)",
  usage: "usage: verdict-gate init",
  async run(_args, io) {
    io.err("verdict-gate init: not implemented yet\n");
    return 1;
  },
};
