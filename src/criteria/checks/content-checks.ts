// Criteria about what a file says: file_contains, pattern_count_gte, line_count_gte, json_valid.
//
// A capped read (a file over the read cap) is handled by one rule: the criterion may pass only when
// the prefix alone proves it (a match found, enough matches or lines counted, each on a complete line),
// and otherwise it is an error, never a fail or a pass. A "no match" in the first 16 MiB says nothing
// about the rest of the file.

import { type TreeReader, treePath } from "../../ports/tree.js";
import { compilePattern, countMatches, firstMatch } from "../pattern.js";
import type { CheckEvidence } from "../report.js";
import { type FileText, fileText, textLines } from "../text.js";
import { type CriterionCheck, error, fail, type Outcome, pass } from "./outcome.js";
import { foundEvidence, notAFile } from "./path-checks.js";

type Read = { kind: "text"; text: FileText; evidence: CheckEvidence } | { kind: "missing"; outcome: Outcome };

/** Reads a file as text, or the fail outcome that says why there is no file to read. */
async function readText(tree: TreeReader, path: string): Promise<Read> {
  const entry = await tree.entry(path);
  if (entry.kind !== "file") {
    return { kind: "missing", outcome: fail(`${path} is ${notAFile(entry)}`, foundEvidence(path, entry)) };
  }
  const file = await tree.read(path);
  const text = fileText(file, path);
  return {
    kind: "text",
    text,
    evidence: {
      path,
      found: "file",
      ...(entry.spelled === undefined ? {} : { spelled: entry.spelled }),
      size: file.size,
      bytes_read: file.bytes.length,
      ...(file.truncated ? { truncated: true } : {}),
    },
  };
}

function capped(path: string, evidence: CheckEvidence, what: string): Outcome {
  return error(
    `${path} is larger than the read cap: ${what} in the first ${String(evidence.bytes_read)} of ${String(evidence.size)} bytes, and the rest was not read`,
    evidence,
  );
}

export const fileContains: CriterionCheck<"file_contains"> = async (criterion, { tree }) => {
  const path = treePath(criterion.path);
  const pattern = compilePattern(criterion.pattern);
  const read = await readText(tree, path);
  if (read.kind === "missing") return read.outcome;
  const { text } = read.text;
  const match = firstMatch(pattern, text, textLines(text));
  const evidence = { ...read.evidence, pattern: criterion.pattern };
  if (match !== undefined) {
    return pass(`${path} line ${match.line} matches /${criterion.pattern}/`, {
      ...evidence,
      first_match: match,
    });
  }
  if (!read.text.complete) return capped(path, evidence, "no line matches");
  return fail(`no line of ${path} matches /${criterion.pattern}/`, evidence);
};

export const patternCountGte: CriterionCheck<"pattern_count_gte"> = async (criterion, { tree }) => {
  const path = treePath(criterion.path);
  const pattern = compilePattern(criterion.pattern);
  const read = await readText(tree, path);
  if (read.kind === "missing") return read.outcome;
  const { text } = read.text;
  const { count, first } = countMatches(pattern, text, textLines(text));
  const evidence = {
    ...read.evidence,
    pattern: criterion.pattern,
    count,
    required: criterion.min_count,
    ...(first === undefined ? {} : { first_match: first }),
  };
  const summary = `/${criterion.pattern}/ matches ${count} time${count === 1 ? "" : "s"} in ${path} (needs ${criterion.min_count})`;
  if (count >= criterion.min_count) return pass(summary, evidence);
  if (!read.text.complete) return capped(path, evidence, `only ${count} matches`);
  return fail(summary, evidence);
};

export const lineCountGte: CriterionCheck<"line_count_gte"> = async (criterion, { tree }) => {
  const path = treePath(criterion.path);
  const read = await readText(tree, path);
  if (read.kind === "missing") return read.outcome;
  const count = textLines(read.text.text).length;
  const evidence = { ...read.evidence, count, required: criterion.min_count };
  const summary = `${path} has ${count} line${count === 1 ? "" : "s"} (needs ${criterion.min_count})`;
  if (count >= criterion.min_count) return pass(summary, evidence);
  if (!read.text.complete) return capped(path, evidence, `only ${count} lines`);
  return fail(summary, evidence);
};

function jsonKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

export const jsonValid: CriterionCheck<"json_valid"> = async (criterion, { tree }) => {
  const path = treePath(criterion.path);
  const entry = await tree.entry(path);
  if (entry.kind !== "file") return fail(`${path} is ${notAFile(entry)}`, foundEvidence(path, entry));
  const json = await tree.readJson(path);
  if (json.kind === "invalid") {
    // A repeated key (text.ts) is JSON to JSON.parse, but not one meaning: said as such.
    const what = json.message.startsWith("duplicate key") ? "ambiguous JSON" : "not valid JSON";
    return fail(`${path} is ${what}: ${json.message}`, {
      path,
      found: "file",
      size: json.size,
      json_error: json.message,
    });
  }
  const kind = jsonKind(json.value);
  const members =
    kind === "array"
      ? (json.value as unknown[]).length
      : kind === "object"
        ? Object.keys(json.value as object).length
        : undefined;
  return pass(`${path} is valid JSON (${kind}${members === undefined ? "" : ` of ${members}`})`, {
    path,
    found: "file",
    size: json.size,
    json_type: kind,
    ...(members === undefined ? {} : { count: members }),
  });
};
