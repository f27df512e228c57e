// The `verdict-gate` command frame: global flags, dispatch, and the rule that every outcome is an exit
// code (0 approve … 1 internal error; see EXIT). A thrown error is never allowed to end in exit 0.

import { closest } from "../util/closest.js";
import { describeError } from "../util/describe-error.js";
import { VERSION } from "../util/version.js";
import { EXIT } from "../verdict/four-values.js";
import { COMMANDS } from "./commands.js";
import { type CliIO, type Command, UsageError } from "./io.js";

const TOP_USAGE = "usage: verdict-gate <command> [options]   (verdict-gate --help lists the commands)";

async function topHelp(): Promise<string> {
  const commands = await Promise.all(COMMANDS.map((c) => c.load()));
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    `verdict-gate ${VERSION}: a pull-request gate with one four-valued status.`,
    "",
    "usage: verdict-gate <command> [options]",
    "",
    "commands:",
    ...lines,
    "",
    "Exit codes: 0 approve/APPROVE/PASS · 3 blocked/REQUEST_CHANGES/FAIL · 4 hold-for-human/AMBIGUOUS/",
    "no verdict/FLAG · 5 conditional-on · 2 usage or invalid input · 1 internal error.",
    "Run `verdict-gate <command> --help` for a command's options.",
    "",
  ].join("\n");
}

export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.err(`${TOP_USAGE}\n`);
    return EXIT.usage;
  }
  if (first === "--help" || first === "-h" || first === "help") {
    io.out(await topHelp());
    return EXIT.approve;
  }
  if (first === "--version" || first === "-V") {
    io.out(`${VERSION}\n`);
    return EXIT.approve;
  }
  const entry = COMMANDS.find((c) => c.name === first);
  if (entry === undefined) {
    const names = COMMANDS.map((c) => c.name);
    const guess = first.startsWith("-") ? undefined : closest(first, names);
    const what = first.startsWith("-") ? "a command comes first, before any option" : "unknown command";
    io.err(
      `verdict-gate: ${what} ${JSON.stringify(first)}${guess !== undefined ? `; did you mean ${guess}?` : ""} (commands: ${names.join(", ")})\n${TOP_USAGE}\n`,
    );
    return EXIT.usage;
  }
  const command: Command = await entry.load();
  // `--help` anywhere among the options (`check FILE --help`), but not after `--`: what follows it is
  // operands (`check -- -h` names a file called -h), and must never turn a run into exit 0.
  const end = rest.indexOf("--");
  const options = end === -1 ? rest : rest.slice(0, end);
  if (options.includes("--help") || options.includes("-h")) {
    io.out(`${command.usage}\n\n${command.summary}\n`);
    return EXIT.approve;
  }
  try {
    const code = await command.run(rest, io);
    if (!Number.isInteger(code) || code < 0 || code > 255) {
      io.err(`verdict-gate ${command.name}: internal error: exit code ${String(code)}\n`);
      return EXIT.internal;
    }
    return code;
  } catch (error) {
    if (error instanceof UsageError && error.brief) {
      io.err(`verdict-gate ${command.name}: ${error.message}\n`);
      return EXIT.usage;
    }
    if (error instanceof UsageError) {
      // The usage lines only (up to the first blank line), not the whole option list: the error must
      // stay the first thing a person reads.
      const short = command.usage.split("\n\n")[0] ?? command.usage;
      const more =
        short.length < command.usage.length
          ? `\n(verdict-gate ${command.name} --help lists every option)`
          : "";
      io.err(`verdict-gate ${command.name}: ${error.message}\n${short}${more}\n`);
      return EXIT.usage;
    }
    io.err(`verdict-gate ${command.name}: internal error: ${describeError(error)}\n`);
    return EXIT.internal;
  }
}
