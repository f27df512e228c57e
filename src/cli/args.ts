// Strict argument parsing for every command: an unknown flag or a missing value is a UsageError
// (exit 2), never silently ignored, because a mistyped `--jsno` must not change what a gate reports.
// The arguments are checked here first, in the project's own words (what is wrong, what was likely
// meant, the options there are); node:util's parseArgs then reads the values. Its own messages (`To
// specify a positional argument starting with a '-', place it at the end of the command after '--'`)
// are never shown: they describe the parser, not the command.
import { parseArgs } from "node:util";
import { closest } from "../util/closest.js";
import { UsageError } from "./io.js";

type Spec = Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }>;

export interface Parsed {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
}

function optionList(options: Spec): string {
  return Object.keys(options)
    .sort()
    .map((name) => `--${name}`)
    .join(", ");
}

function unknownOption(given: string, options: Spec): UsageError {
  const names = Object.keys(options);
  const long = given.startsWith("--");
  const bare = long ? given.slice(2) : given.slice(1);
  const guess = closest(bare, names);
  const meant = guess !== undefined ? `; did you mean --${guess}?` : "";
  const list = names.length === 0 ? "it takes no options" : `its options: ${optionList(options)}`;
  return new UsageError(`unknown option ${given}${meant} (${list})`);
}

function needsValue(name: string): UsageError {
  return new UsageError(`--${name} needs a value (--${name} VALUE, or --${name}=VALUE)`);
}

/** Checks every option before `--` against the spec, so each mistake gets a message of ours. */
function checkOptions(args: readonly string[], options: Spec): void {
  const shorts = new Map(
    Object.entries(options)
      .filter(([, spec]) => spec.short !== undefined)
      .map(([name, spec]) => [spec.short as string, name]),
  );
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === "--") return;
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      const spec = options[name];
      // Only the name is ever echoed: a value (`--api-keyy=sk-…`) may be a secret.
      if (spec === undefined) throw unknownOption(`--${name}`, options);
      if (spec.type === "boolean" && eq !== -1) throw new UsageError(`--${name} takes no value`);
      if (spec.type === "string" && eq === -1) {
        if (i + 1 >= args.length) throw needsValue(name);
        i += 1;
      }
    } else if (arg.startsWith("-") && arg !== "-") {
      // A group of short flags (`-v`), the last of which may take a value.
      for (let k = 1; k < arg.length; k += 1) {
        const name = shorts.get(arg[k] as string);
        if (name === undefined) throw unknownOption(`-${arg[k] as string}`, options);
        if ((options[name] as Spec[string]).type === "string") {
          if (k === arg.length - 1) {
            if (i + 1 >= args.length) throw needsValue(name);
            i += 1;
          }
          break;
        }
      }
    }
  }
}

export function parse(args: readonly string[], options: Spec, maxPositionals: number): Parsed {
  checkOptions(args, options);
  let parsed: Parsed;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true }) as Parsed;
  } catch (error) {
    // What checkOptions lets through: a string option whose value looks like another option.
    const name = /'--?([A-Za-z0-9-]+)/.exec(error instanceof Error ? error.message : "")?.[1];
    throw new UsageError(
      name !== undefined
        ? `--${name} needs a value, and the word after it is an option; a value that starts with - is written --${name}=VALUE`
        : "the options could not be read; --help lists them",
    );
  }
  if (parsed.positionals.length > maxPositionals) {
    const extra = JSON.stringify(parsed.positionals[maxPositionals]);
    throw new UsageError(
      maxPositionals === 0
        ? `unexpected argument ${extra}: this command takes options only`
        : `unexpected argument ${extra}: this command takes ${maxPositionals === 1 ? "one" : maxPositionals} argument${maxPositionals === 1 ? "" : "s"}`,
    );
  }
  return parsed;
}
