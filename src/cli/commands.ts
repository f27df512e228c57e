// Every `verdict-gate` subcommand, in the order --help lists them.
import { checkCommand } from "./check.js";
import type { Command } from "./io.js";
import { promptCommand } from "./prompt.js";
import { verdictCommand } from "./verdict.js";

export const COMMANDS: readonly Command[] = [verdictCommand, promptCommand, checkCommand];
