// The committed verdict-contract.schema.json is exactly what the zod schema generates, and editors
// validating against it agree with the loader on the shape of a contract.
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import { contractJsonSchemaText } from "../../src/criteria/json-schema.js";
import { loadContract } from "../../src/criteria/load.js";

const committed = readFileSync(new URL("../../verdict-contract.schema.json", import.meta.url), "utf8");

describe("verdict-contract.schema.json", () => {
  test("matches the zod schema (regenerate with `node scripts/gen-schema.mjs`)", () => {
    expect(committed).toBe(contractJsonSchemaText());
  });

  const validate = new Ajv2020({ strict: false }).compile(JSON.parse(committed));

  const good = {
    $schema: "./verdict-contract.schema.json",
    intended_action: "Add a changelog entry",
    success_criteria: [
      { id: "c1", type: "file_exists", path: "CHANGELOG.md" },
      { id: "c2", type: "pattern_count_gte", path: "CHANGELOG.md", pattern: "^## ", min_count: 1 },
      { id: "c3", type: "diff_paths_within", globs: ["CHANGELOG.md", "docs/**"] },
    ],
    unverifiable_claims: ["the entry reads well"],
    requires: [{ id: "ci", type: "check_run", name: "build" }],
  };

  test("accepts what the loader accepts", () => {
    expect(validate(good)).toBe(true);
    expect(() => loadContract(JSON.stringify(good), "c.json")).not.toThrow();
  });

  test.each([
    [
      "an unknown criterion type",
      { ...good, success_criteria: [{ id: "x", type: "file_exist", path: "a" }] },
    ],
    [
      "an unknown field",
      { ...good, success_criteria: [{ id: "x", type: "file_exists", path: "a", patern: "y" }] },
    ],
    ["a missing id", { ...good, success_criteria: [{ type: "file_exists", path: "a" }] }],
    [
      "a string count",
      { ...good, success_criteria: [{ id: "x", type: "line_count_gte", path: "a", min_count: "3" }] },
    ],
    [
      "a bad table name",
      { ...good, success_criteria: [{ id: "x", type: "sqlite_table_has_rows", path: "a", table: "a b" }] },
    ],
    [
      "a requirement without its timeout bound",
      { ...good, requires: [{ id: "r", type: "label", name: "x", timeout_minutes: 0 }] },
    ],
    ["an unknown top-level field", { ...good, extra: true }],
  ])("rejects %s, as the loader does", (_what, contract) => {
    expect(validate(contract)).toBe(false);
    expect(() => loadContract(JSON.stringify(contract), "c.json")).toThrow();
  });
});
