// How one input's text becomes a value: a number in a range, a boolean, a list, a list of globs, a
// path inside the repository, an http(s) URL. Each refusal is a SettingsError naming the input and what
// it accepts, so the step fails telling the user what to write instead.
import { globProblem } from "../util/glob.js";
import type { InputName } from "./inputs.js";

export class SettingsError extends Error {
  override readonly name = "SettingsError";
}

/** Reads one input as the runner provides it (INPUT_<NAME> with action.yml's default applied). */
export type InputReader = (name: InputName) => string;

export function fail(input: InputName, accepts: string, got: string): never {
  throw new SettingsError(`input \`${input}\`: ${accepts}; got ${JSON.stringify(got)}`);
}

export function integer(read: InputReader, input: InputName, min: number, max: number): number {
  const raw = read(input).trim();
  if (!/^\d+$/.test(raw)) fail(input, `expects a whole number from ${min} to ${max}`, raw);
  const value = Number(raw);
  if (value < min || value > max) fail(input, `expects a whole number from ${min} to ${max}`, raw);
  return value;
}

export function optionalInteger(
  read: InputReader,
  input: InputName,
  min: number,
  max: number,
): number | undefined {
  return read(input).trim() === "" ? undefined : integer(read, input, min, max);
}

// The YAML 1.2 core schema booleans, as @actions/core's getBooleanInput accepts them.
export function boolean(read: InputReader, input: InputName): boolean {
  const raw = read(input).trim();
  if (["true", "True", "TRUE"].includes(raw)) return true;
  if (["false", "False", "FALSE"].includes(raw)) return false;
  return fail(input, "expects true or false", raw);
}

/** Where one line of a list input ends its current item: the index of each top-level comma. A comma
 * inside `{…}` (a brace alternative) or a closed `[…]` (a character class), or escaped as `\,`, belongs
 * to the glob: `exclude: "{dist,build}/**"` split on every comma became `{dist` and `build}/**`, and
 * excluded nothing while the user believed both were out. Throws for a brace that does not close on its
 * line, because no split of it is the one the user meant. */
function topLevelCommas(line: string): number[] {
  const commas: number[] = [];
  let depth = 0;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (ch === "\\") i += 1;
    else if (ch === "[") {
      // A class only when it closes on this line; a lone `[` is a literal to every glob reader.
      const close = line.indexOf("]", i + 2);
      if (close !== -1) i = close;
    } else if (ch === "{") depth += 1;
    else if (ch === "}") {
      if (depth === 0) throw new Error("a } has no opening {");
      depth -= 1;
    } else if (ch === "," && depth === 0) commas.push(i);
  }
  if (depth > 0) throw new Error("a { has no closing } on its line");
  return commas;
}

/** Splits a list as written, for every list input and the CLI flags that feed them (the CLI joins
 * repeated flags with newlines and passes them through here): items are separated by newlines and by
 * commas outside braces and classes; each is trimmed; empty ones are dropped. Throws an Error naming the
 * item that cannot be split with certainty. */
export function splitList(raw: string): string[] {
  const items: string[] = [];
  for (const line of raw.split(/\r?\n/)) {
    let commas: number[];
    try {
      commas = topLevelCommas(line);
    } catch (error) {
      throw new Error(
        `${JSON.stringify(line.trim())}: ${error instanceof Error ? error.message : String(error)} (a comma inside {…} belongs to the glob; write \\{ for a literal brace)`,
      );
    }
    let start = 0;
    for (const at of [...commas, line.length]) {
      items.push(line.slice(start, at).trim());
      start = at + 1;
    }
  }
  return items.filter((s) => s !== "");
}

export function list(read: InputReader, input: InputName): string[] {
  try {
    return splitList(read(input));
  } catch (error) {
    throw new SettingsError(`input \`${input}\`: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A list of globs (src/util/glob.ts's dialect), each checked now: a glob the matcher would refuse fails
 * the step here, naming the input, instead of mid-round. No negation: `include` and `exclude` are
 * already the two sides of the scope. */
export function globList(read: InputReader, input: InputName): string[] {
  const globs = list(read, input);
  for (const glob of globs) {
    const problem = globProblem(glob);
    if (problem !== undefined) {
      const hint = glob.startsWith("!")
        ? " (list the files to review in `include` and the files to leave out in `exclude`)"
        : "";
      throw new SettingsError(`input \`${input}\`: ${problem}${hint}`);
    }
  }
  return globs;
}

export function optionalText(read: InputReader, input: InputName): string | undefined {
  const value = read(input).trim();
  return value === "" ? undefined : value;
}

/** A repository-relative path that cannot name anything outside the repository. */
export function repositoryPath(read: InputReader, input: InputName): string {
  const raw = read(input).trim();
  const accepts = "expects a relative path inside the repository, like .github/verdict-contract.json";
  if (raw === "" || raw.startsWith("/") || raw.includes("\\") || raw.includes("\0"))
    fail(input, accepts, raw);
  const parts = raw.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.length === 0 || parts.includes("..")) fail(input, accepts, raw);
  return parts.join("/");
}

export function httpUrl(input: InputName, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(input, "expects an http(s) URL", raw);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") fail(input, "expects an http(s) URL", raw);
  if (url.username !== "" || url.password !== "") {
    // A URL with credentials would print them in every error message that names the host.
    throw new SettingsError(`input \`${input}\`: must not contain credentials; pass the key in \`api-key\``);
  }
  return raw.replace(/\/+$/, "");
}
