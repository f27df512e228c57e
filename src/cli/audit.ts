import type { Command } from "./io.js";

// Placeholder until the command lands: it refuses rather than pretending to succeed.
export const auditCommand: Command = {
  name: "audit",
  summary: "(not implemented yet)",
  usage: "usage: verdict-gate audit",
  async run(_args, io) {
    io.err("verdict-gate audit: not implemented yet\n");
    return 1;
  },
};
