// Writes verdict-contract.schema.json from the zod schema in src/criteria (the single source). Node 20
// cannot import TypeScript, so the schema module is compiled with tsc into .tmp/ (git-ignored) first.
// `__tests__/criteria/json-schema.test.ts` fails when the committed file differs from what this writes.
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
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
  ],
  { stdio: "inherit" },
);
const { contractJsonSchemaText } = await import(
  pathToFileURL(path.join(out, "src", "criteria", "json-schema.js")).href
);
writeFileSync("verdict-contract.schema.json", contractJsonSchemaText());
rmSync(out, { recursive: true, force: true });
console.log("wrote verdict-contract.schema.json");
