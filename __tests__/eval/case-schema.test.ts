// The set format: eval/case.schema.json is exactly what the zod schema generates, editors validating
// against it accept and refuse what the loader accepts and refuses, and the loader's own checks (the
// id is the directory, a range runs forwards, the contract is one the gate loads) refuse a case
// before any reviewer is paid.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { CaseSchema, caseJsonSchemaText } from "../../src/eval/case-schema.js";
import { InvalidSetError, readCase } from "../../src/eval/load-case.js";

const committed = readFileSync(new URL("../../eval/case.schema.json", import.meta.url), "utf8");
const validate = new Ajv2020({ strict: false }).compile(JSON.parse(committed));

const defect = {
  id: "range-off-by-one",
  label: "defect",
  source: {
    repository: "octo/pager",
    base: "0123456789abcdef0123456789abcdef01234567",
    head: "89abcdef0123456789abcdef0123456789abcdef",
    license: "MIT",
    fix: "fedcba9876543210fedcba9876543210fedcba98",
    url: "https://github.com/octo/pager/commit/89abcdef0123456789abcdef0123456789abcdef",
    subject: "range: negative steps",
    fix_subject: "range: end is exclusive again (broke in #12)",
    kind: "fix-named",
  },
  defects: [
    {
      path: "lib/range.js",
      lines: [6, 6],
      description: "the loop includes end",
      evidence: [{ path: "lib/range.js", text: "for (let i = start; i <= end; i += step) {" }],
    },
  ],
  contract: { intended_action: "Negative steps", success_criteria: [] },
  notes: "read by hand",
};
const clean = {
  id: "format-bytes",
  label: "clean",
  source: { repository: "octo/pager", base: "b", head: "c", license: "Apache-2.0" },
};

describe("eval/case.schema.json", () => {
  it("matches the zod schema (regenerate with `node scripts/gen-schema.mjs`)", () => {
    expect(committed).toBe(caseJsonSchemaText());
  });

  it.each([
    ["a defect case with every optional field", defect],
    ["a clean case with only what is required", clean],
    ["a clean case with an empty defects list", { ...clean, defects: [] }],
    ["a revert", { ...defect, source: { ...defect.source, kind: "revert" } }],
    [
      "evidence that is one empty line",
      { ...defect, defects: [{ ...defect.defects[0], evidence: [{ path: "a", text: "" }] }] },
    ],
  ])("accepts %s, as the loader does", (_what, value) => {
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
    expect(CaseSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    ["a defect case without defects", { ...defect, defects: [] }],
    ["a defect case with no defects field", (({ defects: _d, ...rest }) => rest)(defect)],
    ["a clean case with a defect", { ...clean, defects: defect.defects }],
    ["an unknown label", { ...clean, label: "bug" }],
    ["an unknown field", { ...clean, extra: true }],
    ["a misspelt evidence field", { ...defect, defects: [{ ...defect.defects[0], evidance: [] }] }],
    ["an unknown source kind", { ...defect, source: { ...defect.source, kind: "guess" } }],
    ["a source without a license", { ...clean, source: { repository: "o/r", base: "b", head: "c" } }],
    [
      "a path that leaves the tree",
      { ...defect, defects: [{ ...defect.defects[0], path: "../etc/passwd" }] },
    ],
    ["an absolute path", { ...defect, defects: [{ ...defect.defects[0], path: "/etc/passwd" }] }],
    ["a line 0", { ...defect, defects: [{ ...defect.defects[0], lines: [0, 2] }] }],
    ["one line where two are due", { ...defect, defects: [{ ...defect.defects[0], lines: [3] }] }],
    ["an id that is not a directory name", { ...clean, id: "a/b" }],
    [
      "evidence without its file",
      { ...defect, defects: [{ ...defect.defects[0], evidence: [{ text: "x" }] }] },
    ],
  ])("refuses %s, as the loader does", (_what, value) => {
    expect(validate(value)).toBe(false);
    expect(CaseSchema.safeParse(value).success).toBe(false);
  });

  it("accepts every case of the fixture sets", () => {
    const set = path.resolve("__tests__/eval/fixtures/mixed");
    const dirs = readdirSync(set, { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(dirs.length).toBe(12);
    for (const d of dirs) {
      const text = readFileSync(path.join(set, d.name, "case.json"), "utf8");
      expect(validate(JSON.parse(text)), d.name).toBe(true);
      expect(readCase(text, d.name, d.name).id).toBe(d.name);
    }
  });
});

describe("the loader's checks beyond the schema", () => {
  const load =
    (value: unknown, dir = (value as { id: string }).id) =>
    () =>
      readCase(JSON.stringify(value), dir, `${dir}/case.json`);

  it("refuses a case whose id is not its directory's name, naming both", () => {
    expect(load(clean, "format-bytes-2")).toThrow(
      /its id "format-bytes" is not its directory's name "format-bytes-2"/,
    );
  });

  it("refuses a range whose first line comes after its last", () => {
    expect(load({ ...defect, defects: [{ ...defect.defects[0], lines: [9, 3] }] })).toThrow(
      /first line 9 comes after the last 3/,
    );
  });

  it("refuses a contract the gate would not load, with the gate's reason", () => {
    const bad = { ...defect, contract: { success_criteria: [{ id: "x", type: "file_exist", path: "a" }] } };
    expect(load(bad)).toThrow(InvalidSetError);
    expect(load(bad)).toThrow(/file_exist/);
  });

  it("refuses a repeated key rather than keeping one of the two", () => {
    const text =
      '{"id": "c", "label": "clean", "label": "defect", "source": {"repository": "r", "base": "b", "head": "h", "license": "MIT"}}';
    expect(() => readCase(text, "c", "c/case.json")).toThrow(/duplicate key "label"/);
  });
});
