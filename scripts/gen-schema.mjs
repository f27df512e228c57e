// Writes verdict-contract.schema.json from the zod schema in src/criteria, and eval/case.schema.json
// from the one in src/eval (each the single source of its format). Node 20 cannot import TypeScript, so
// the schema modules are compiled with tsc into .tmp/ (git-ignored) first.
// `__tests__/criteria/json-schema.test.ts` and `__tests__/eval/case-schema.test.ts` fail when a
// committed file differs from what this writes.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const out = path.resolve(".tmp", "gen-schema");
rmSync(out, { recursive: true, force: true });
execFileSync(
  path.resolve("node_modules", ".bin", "tsc"),
  [
    "--outDir",
    out,
    "--rootDir",
    ".",
    "--module",
    "nodenext",
    "--moduleResolution",
    "nodenext",
    "--target",
    "es2022",
    "--skipLibCheck",
    "--types",
    "node",
    "src/criteria/json-schema.ts",
    "src/eval/case-schema.ts",
  ],
  { stdio: "inherit" },
);
const { contractJsonSchemaText } = await import(
  pathToFileURL(path.join(out, "src", "criteria", "json-schema.js")).href
);
const { caseJsonSchemaText } = await import(
  pathToFileURL(path.join(out, "src", "eval", "case-schema.js")).href
);
writeFileSync("verdict-contract.schema.json", contractJsonSchemaText());
mkdirSync("eval", { recursive: true });
writeFileSync(path.join("eval", "case.schema.json"), caseJsonSchemaText());
rmSync(out, { recursive: true, force: true });
console.log("wrote verdict-contract.schema.json and eval/case.schema.json");
