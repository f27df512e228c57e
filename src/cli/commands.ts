// Every `verdict-gate` subcommand, in the order --help lists them. Each loads on demand: the commands
// that talk to GitHub or a reviewer pull in megabytes of clients, and `verdict-gate verdict` in a
// pre-commit hook should not pay for them on every start.
import type { Command } from "./io.js";

export interface CommandEntry {
  readonly name: string;
  load(): Promise<Command>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: "review", load: async () => (await import("./review.js")).reviewCommand },
  { name: "pr", load: async () => (await import("./pr.js")).prCommand },
  { name: "verdict", load: async () => (await import("./verdict.js")).verdictCommand },
  { name: "prompt", load: async () => (await import("./prompt.js")).promptCommand },
  { name: "check", load: async () => (await import("./check.js")).checkCommand },
  { name: "audit", load: async () => (await import("./audit.js")).auditCommand },
  { name: "init", load: async () => (await import("./init.js")).initCommand },
  { name: "eval", load: async () => (await import("./eval.js")).evalCommand },
];
