// Whether a file the default excludes name is what its name claims. The defaults withhold source maps
// and lockfiles from the reviewer because nothing executes them — but a name is a claim the pull
// request makes: `src/errors.js.map` holding `execSync("curl … | sh")`, required from `src/index.js`,
// runs (Node runs a file of unknown extension as JavaScript; `require("./yarn.lock")` runs too). So a
// default exclude holds only for content that is the format its name claims:
// - a source map parses as a JSON source map (version 3, `mappings`, `sources`, or an index map's
//   `sections`). A JSON object is not a JavaScript program (`{"version":` is a syntax error), so a file
//   that parses as one cannot run as a script, whatever loads it;
// - a lockfile parses as that lockfile (src/lockfile), and the lockfile part then checks it.
// Content that is not, or that cannot be had, is reviewed. Pure.
import type { DiffFile } from "../diff/types.js";
import { parseLockfile } from "../lockfile/parse.js";
import { DuplicateKeyError, parseStrictJson } from "../util/strict-json.js";

/** What a default exclude requires the content to be. */
export type ContentKind = "source-map" | "lockfile";

/** A file's content at the head, or why it could not be had. */
export type HeadContent =
  | { readonly kind: "text"; readonly text: string; readonly from: "diff" | "tree" | "api" }
  | { readonly kind: "unavailable"; readonly why: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const VLQ = /^[A-Za-z0-9+/,;]*$/;

function stringsOrNulls(value: unknown): boolean {
  return Array.isArray(value) && value.every((v) => v === null || typeof v === "string");
}

/** Why a parsed value is not a regular (non-index) source map, or undefined when it is one. */
function regularMapProblem(map: Record<string, unknown>): string | undefined {
  if (map.version !== 3) return `"version" is ${JSON.stringify(map.version) ?? "missing"}, not 3`;
  if (typeof map.mappings !== "string") return '"mappings" is not a string';
  if (!VLQ.test(map.mappings)) return '"mappings" holds characters a base64 VLQ never does';
  if (!stringsOrNulls(map.sources)) return '"sources" is not a list of strings';
  if (map.names !== undefined && !(Array.isArray(map.names) && map.names.every((n) => typeof n === "string")))
    return '"names" is not a list of strings';
  if (map.sourcesContent !== undefined && !stringsOrNulls(map.sourcesContent))
    return '"sourcesContent" is not a list of strings';
  for (const field of ["file", "sourceRoot"]) {
    if (map[field] !== undefined && typeof map[field] !== "string") return `"${field}" is not a string`;
  }
  return undefined;
}

/** Why `text` is not a JSON source map (revision 3, regular or index), or undefined when it is one. */
export function sourceMapProblem(text: string): string | undefined {
  let value: unknown;
  try {
    // A repeated key is no proof: which of its values a reader keeps is the reader's choice.
    value = parseStrictJson(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    if (error instanceof DuplicateKeyError) return `not strict JSON (${error.message})`;
    return `not JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  if (!isObject(value)) return "not a JSON object";
  if (value.sections === undefined) return regularMapProblem(value);
  if (value.version !== 3) return `"version" is ${JSON.stringify(value.version) ?? "missing"}, not 3`;
  if (value.mappings !== undefined) return 'an index map with "mappings"';
  if (!Array.isArray(value.sections)) return '"sections" is not a list';
  for (const [i, section] of value.sections.entries()) {
    if (!isObject(section) || !isObject(section.offset) || !isObject(section.map)) {
      return `sections[${i}] is not {offset, map}`;
    }
    const problem = regularMapProblem(section.map);
    if (problem !== undefined) return `sections[${i}].map: ${problem}`;
  }
  return undefined;
}

/** Why the content does not prove the file is what a default exclude of `kind` assumes, or undefined
 * when it does. */
export function contentProblem(
  kind: ContentKind,
  path: string,
  content: HeadContent | undefined,
): string | undefined {
  if (content === undefined) return "its content at the head was not read";
  if (content.kind === "unavailable") return `its content at the head could not be read (${content.why})`;
  if (kind === "source-map") {
    const problem = sourceMapProblem(content.text);
    return problem === undefined ? undefined : `it is not a source map: ${problem}`;
  }
  try {
    parseLockfile(path, content.text);
    return undefined;
  } catch (error) {
    return `it is not the lockfile its name claims: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The whole content of a file the diff adds in one piece (a new file whose patch holds every line), or
 * undefined when the diff does not carry all of it. */
export function addedWhole(file: DiffFile): string | undefined {
  if (file.status !== "added" || file.binary || file.patchOmitted || file.deletions !== 0) return undefined;
  const hunk = file.hunks[0];
  if (file.hunks.length !== 1 || hunk === undefined || hunk.oldStart !== 0 || hunk.oldLines !== 0)
    return undefined;
  const lines: string[] = [];
  let finalNewline = true;
  for (const line of hunk.lines) {
    if (line.kind === "add") lines.push(line.text);
    else if (line.kind === "note") finalNewline = false;
    else return undefined;
  }
  if (lines.length !== file.additions || lines.length !== hunk.newLines) return undefined;
  return lines.length === 0 ? "" : `${lines.join("\n")}${finalNewline ? "\n" : ""}`;
}
