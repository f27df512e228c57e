// The CLI's commands as the docs tests read them: an entry is either the command itself or a loader
// for it (commands may load on demand, so a pre-commit `verdict` never pays for the GitHub clients).
import type { Command } from "../../src/cli/io.js";

export async function loaded(entry: unknown): Promise<Command> {
  const e = entry as Partial<Command> & { load?: () => Promise<Command> };
  return typeof e.load === "function" ? await e.load() : (e as Command);
}
