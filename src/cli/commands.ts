// Every `verdict-gate` subcommand, in the order --help lists them.
import { auditCommand } from "./audit.js";
import { checkCommand } from "./check.js";
import { initCommand } from "./init.js";
import type { Command } from "./io.js";
import { prCommand } from "./pr.js";
import { promptCommand } from "./prompt.js";
import { reviewCommand } from "./review.js";
import { verdictCommand } from "./verdict.js";

export const COMMANDS: readonly Command[] = [
  reviewCommand,
  prCommand,
  verdictCommand,
  promptCommand,
  checkCommand,
  auditCommand,
  initCommand,
];
