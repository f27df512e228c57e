// Reading a contract file: JSON → the zod schema → a Contract, or a ContractError whose every line names
// the file, the criterion and the field. Pure (the caller reads the file, from disk or from the PR's
// base commit).

import type { z } from "zod";
import { closest } from "../util/closest.js";
import { describeError } from "../util/describe-error.js";
import {
  DuplicateKeyError,
  jsonSyntaxErrorOffset,
  lineAndColumn,
  parseStrictJson,
} from "../util/strict-json.js";
import { ContractError, type ContractProblem } from "./contract-error.js";
import { type Contract, ContractSchema } from "./contract-schema.js";
import { CRITERION_FIELDS, CRITERION_TYPES } from "./criterion-schema.js";
import { REQUIREMENT_FIELDS, REQUIREMENT_TYPES } from "./requirement-schema.js";

/** A contract larger than this is not a hand-written rule set; refusing it bounds the work of loading. */
export const CONTRACT_MAX_BYTES = 16 * 1024 * 1024;

const TOP_FIELDS = Object.keys(ContractSchema.shape);

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string")
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}

const EXPECTED: Readonly<Record<string, string>> = {
  int: "an integer",
  number: "a number",
  string: "a string",
  array: "an array",
  object: "an object",
  boolean: "true or false",
};

function bound(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, value: unknown): string {
  const small = issue.code === "too_small";
  const limit = Number(
    small ? (issue as z.core.$ZodIssueTooSmall).minimum : (issue as z.core.$ZodIssueTooBig).maximum,
  );
  switch (issue.origin) {
    case "string":
      return small && limit === 1
        ? "must not be empty"
        : `must be at ${small ? "least" : "most"} ${limit} characters long`;
    case "array":
      return `must hold at ${small ? "least" : "most"} ${limit} item${limit === 1 ? "" : "s"}`;
    default:
      return `must be at ${small ? "least" : "most"} ${limit}, got ${describeValue(value)}`;
  }
}

function at(root: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = root;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function fieldName(path: readonly PropertyKey[]): string | undefined {
  if (path.length === 0) return undefined;
  let out = "";
  for (const key of path)
    out += typeof key === "number" ? `[${key}]` : out === "" ? String(key) : `.${String(key)}`;
  return out;
}

/** Splits an issue path into the item it belongs to (`success_criteria[2] (id "c3")`) and the field. */
function locate(
  raw: unknown,
  path: readonly PropertyKey[],
): { where: string; list?: string; rest: PropertyKey[] } {
  const [list, index, ...rest] = path;
  if ((list === "success_criteria" || list === "requires") && typeof index === "number") {
    const item = at(raw, [list, index]);
    const itemId = at(item, ["id"]);
    const named =
      typeof itemId === "string" && itemId !== "" ? ` (id ${JSON.stringify(itemId)})` : " (no id)";
    return { where: `${list}[${index}]${named}`, list, rest };
  }
  return { where: "contract", rest: [...path] };
}

/** `; did you mean "pattern"?` for a near miss (`patern`, `diff_require_change`), as the CLI says for a
 * mistyped command or option; nothing when no known word is close. */
function didYouMean(word: string, known: readonly string[]): string {
  const guess = closest(word, known);
  return guess === undefined || guess === word ? "" : `; did you mean ${JSON.stringify(guess)}?`;
}

function problemsOf(raw: unknown, issues: readonly z.core.$ZodIssue[]): ContractProblem[] {
  const problems: ContractProblem[] = [];
  for (const issue of issues) {
    const { where, list, rest } = locate(raw, issue.path);
    const value = at(raw, issue.path);
    if (issue.code === "unrecognized_keys") {
      const type = list === undefined ? undefined : at(raw, [...issue.path, "type"]);
      const allowed =
        list === undefined
          ? TOP_FIELDS
          : ((list === "success_criteria" ? CRITERION_FIELDS : REQUIREMENT_FIELDS)[String(type)] ?? []);
      for (const key of issue.keys) {
        const field = fieldName([...rest, key]);
        problems.push({
          where,
          ...(field === undefined ? {} : { field }),
          message: `unknown field${didYouMean(key, allowed)}; allowed here: ${allowed.join(", ")}`,
        });
      }
      continue;
    }
    const field = fieldName(rest);
    const base = { where, ...(field === undefined ? {} : { field }) };
    if (issue.code === "invalid_union" && "discriminator" in issue && issue.discriminator === "type") {
      const types = list === "requires" ? REQUIREMENT_TYPES : CRITERION_TYPES;
      const kind = list === "requires" ? "requirement" : "criterion";
      problems.push({
        ...base,
        message:
          value === undefined
            ? `missing; every ${kind} needs a type, one of: ${types.join(", ")}`
            : `unknown ${kind} type ${typeof value === "string" ? `${JSON.stringify(value)}${didYouMean(value, types)}` : describeValue(value)}; expected one of: ${types.join(", ")}`,
      });
    } else if (issue.code === "invalid_type") {
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      if (issue.path.length === 0) {
        problems.push({ where, message: `a contract must be a JSON object, got ${describeValue(value)}` });
      } else if (value === undefined) {
        problems.push({ ...base, message: `missing (required: ${expected})` });
      } else {
        problems.push({ ...base, message: `expected ${expected}, got ${describeValue(value)}` });
      }
    } else if (issue.code === "too_small" || issue.code === "too_big") {
      problems.push({ ...base, message: bound(issue, value) });
    } else {
      problems.push({ ...base, message: issue.message });
    }
  }
  return problems;
}

/** Validates an already-parsed contract value. */
export function parseContract(value: unknown, source: string): Contract {
  const parsed = ContractSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ContractError(source, problemsOf(value, parsed.error.issues));
}

/** What is wrong where JSON.parse stopped, in a person's words where the text shows it: the commonest
 * slips from hand-edited JSON (a trailing comma, a comment, single quotes, a cut-off file) are told as
 * what they are, not as V8's "Expected double-quoted property name". */
function syntaxSlip(text: string, offset: number): { message: string; offset: number } | undefined {
  const here = text[offset];
  if (offset >= text.trimEnd().length)
    return {
      message: "the text ends before the JSON does: a `}` or `]` is missing, or a string is not closed",
      offset,
    };
  if (here === "}" || here === "]") {
    let before = offset - 1;
    while (before >= 0 && /\s/.test(text[before] as string)) before -= 1;
    if (text[before] === ",")
      return {
        message: `a trailing comma before \`${here}\`: JSON allows no comma after the last item`,
        offset: before,
      };
  }
  if (here === "/") return { message: "a comment: JSON has none (put a note in a `description`)", offset };
  if (here === "'") return { message: "single quotes: JSON names and strings take double quotes", offset };
  return undefined;
}

function jsonProblem(text: string, error: unknown): string {
  const message = describeError(error);
  if (error instanceof DuplicateKeyError) return message;
  // Where the text stops being JSON: JSON.parse's position when it gives one, else our own reading
  // (Node 20 gives none for a cut-off text or an unexpected token).
  const given = /at position (\d+)/.exec(message);
  const offset = given !== null ? Number(given[1]) : jsonSyntaxErrorOffset(text);
  // V8's own wording without its position and without the text it quotes back.
  const said = message
    .replace(/ in JSON at position \d+.*$/s, "")
    .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, "");
  if (offset === undefined) return said;
  const slip = syntaxSlip(text, offset);
  const { line, column } = lineAndColumn(text, slip?.offset ?? offset);
  return `${slip?.message ?? said} (line ${line}, column ${column})`;
}

/** Reads a contract from its text. `source` names it in every error message (a path, or
 * `path@commit` when read from the PR's base). */
export function loadContract(text: string, source: string): Contract {
  if (text.length > CONTRACT_MAX_BYTES) {
    throw new ContractError(source, [
      { where: "contract", message: `is ${text.length} characters; at most ${CONTRACT_MAX_BYTES} are read` },
    ]);
  }
  // Editors on Windows write a byte order mark; it is not part of the JSON.
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  let value: unknown;
  try {
    // Strict: `"path": "f.txt", "path": "nothing-here"` reads as the first in review and works as the
    // last, so a contract edit that looks strict could be weak. A repeated key is refused, named.
    value = parseStrictJson(body);
  } catch (error) {
    throw new ContractError(source, [
      {
        where: "contract",
        message: `${error instanceof DuplicateKeyError ? "ambiguous" : "not valid"} JSON: ${jsonProblem(body, error)}`,
      },
    ]);
  }
  return parseContract(value, source);
}
