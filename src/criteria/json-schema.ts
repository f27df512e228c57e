// The JSON Schema editors use to complete and validate contract files (`"$schema":
// "./verdict-contract.schema.json"`), generated from the zod schema so the two can never disagree; a
// test fails when the committed file drifts (regenerate with `node scripts/gen-schema.mjs`). It checks
// shape only: RE2 syntax, glob syntax and duplicate ids are the loader's to reject.
import { z } from "zod";
import { ContractSchema } from "./contract-schema.js";

export function contractJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(ContractSchema, { io: "input", target: "draft-2020-12" }) as Record<
    string,
    unknown
  >;
  return { ...schema, title: "verdict-gate contract" };
}

/** The committed file's exact text. */
export function contractJsonSchemaText(): string {
  return `${JSON.stringify(contractJsonSchema(), null, 2)}\n`;
}
