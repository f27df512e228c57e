// Reading a set's JSON files into checked records: case.json against the schema (case-schema.ts), then
// what the schema cannot say — the id is the directory's name (so two reports of one set pair their
// cases by it), a defect's range runs forwards, and the contract is one the gate itself would load. A
// case.json that fails any of these makes the set invalid (exit 2), before any reviewer is paid: a
// case whose label cannot be read cannot be counted in either class. Pure.
import type { z } from "zod";
import { loadContract } from "../criteria/index.js";
import { describeError } from "../util/describe-error.js";
import { parseStrictJson } from "../util/strict-json.js";
import { CaseSchema, type EvalCase, type EvalSetInfo, SetSchema } from "./case-schema.js";

/** A set the command cannot measure: what is wrong, and where. */
export class InvalidSetError extends Error {
  override readonly name = "InvalidSetError";
}

function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length > 0 ? `${i.path.join(".")}: ` : ""}${i.message}`)
    .join("; ");
}

function json(text: string, where: string): unknown {
  try {
    return parseStrictJson(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (error) {
    throw new InvalidSetError(`${where} is not valid JSON: ${describeError(error)}`);
  }
}

/** set.json's name and description. */
export function readSetInfo(text: string, where: string): EvalSetInfo {
  const parsed = SetSchema.safeParse(json(text, where));
  if (!parsed.success) throw new InvalidSetError(`${where}: ${issues(parsed.error)}`);
  return parsed.data;
}

/** A case.json, checked; `dirName` is the directory it was read from. */
export function readCase(text: string, dirName: string, where: string): EvalCase {
  const parsed = CaseSchema.safeParse(json(text, where));
  if (!parsed.success) throw new InvalidSetError(`${where}: ${issues(parsed.error)}`);
  const c = parsed.data;
  if (c.id !== dirName) {
    throw new InvalidSetError(
      `${where}: its id ${JSON.stringify(c.id)} is not its directory's name ${JSON.stringify(dirName)}`,
    );
  }
  for (const [i, d] of (c.defects ?? []).entries()) {
    if (d.lines[0] > d.lines[1]) {
      throw new InvalidSetError(
        `${where}: defects.${i}.lines: the first line ${d.lines[0]} comes after the last ${d.lines[1]}`,
      );
    }
  }
  if (c.contract !== undefined) {
    try {
      loadContract(JSON.stringify(c.contract), `${where} contract`);
    } catch (error) {
      throw new InvalidSetError(describeError(error));
    }
  }
  return c;
}
