// Strict argument parsing for every command: an unknown flag or a missing value is a UsageError
// (exit 2), never silently ignored, because a mistyped `--jsno` must not change what a gate reports.
import { parseArgs } from "node:util";
import { UsageError } from "./io.js";

type Spec = Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }>;

export interface Parsed {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
}

export function parse(args: readonly string[], options: Spec, maxPositionals: number): Parsed {
  let parsed: Parsed;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true }) as Parsed;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.positionals.length > maxPositionals) {
    throw new UsageError(`unexpected argument ${JSON.stringify(parsed.positionals[maxPositionals])}`);
  }
  return parsed;
}
