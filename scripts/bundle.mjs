// Builds what users run: the action (dist/index.js), the CLI (dist/cli/index.js, package.json `bin`)
// and the library (dist/lib/index.js with its types). `node scripts/bundle.mjs OUT` writes into OUT, so
// check-dist can build a fresh copy beside the committed one and compare them byte for byte.
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const out = path.resolve(process.argv[2] ?? "dist");
const bin = (name) => path.resolve("node_modules", ".bin", name);
// Each build is its own process and they run side by side.
const run = (cmd, args) =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "ignore", "inherit"] });
    child.on("error", reject);
    child.on("close", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(cmd)} ${args[1] ?? ""} failed (${signal ?? `exit ${code}`})`)),
    );
  });

// ncc empties every .js under its output directory before writing, so the CLI and the library are
// built beside `out` (in `out.parts`) and moved under it once every build is done.
const parts = `${out}.parts`;
rmSync(out, { recursive: true, force: true });
rmSync(parts, { recursive: true, force: true });
// --transpile-only: the type-check is `npm run build`'s (tsconfig.check.json); ncc checking each
// bundle again doubled the time and changed nothing in the output. See src/tsconfig.json for why ncc
// compiles with ES2022 modules.
const ncc = (entry, dir) =>
  run(bin("ncc"), [
    "build",
    entry,
    "-o",
    dir,
    "--source-map",
    "--license",
    "licenses.txt",
    "--quiet",
    "--transpile-only",
  ]);
const results = await Promise.allSettled([
  ncc("src/index.ts", out),
  ncc("src/cli.ts", path.join(parts, "cli")),
  ncc("src/lib.ts", path.join(parts, "lib")),
  // The library's types, from its own tsconfig so that tests and scripts never land in dist/.
  run(bin("tsc"), ["-p", "tsconfig.lib.json", "--outDir", path.join(parts, "types")]),
]);
const failed = results.filter((r) => r.status === "rejected");
if (failed.length > 0) {
  for (const f of failed) console.error(`bundle: ${f.reason.message}`);
  rmSync(parts, { recursive: true, force: true });
  process.exit(1);
}
renameSync(path.join(parts, "cli"), path.join(out, "cli"));
renameSync(path.join(parts, "lib"), path.join(out, "lib"));
renameSync(path.join(parts, "types"), path.join(out, "lib", "types"));
rmSync(parts, { recursive: true, force: true });

// The CLI must start as a program: keep exactly one shebang and the executable bit.
const cli = path.join(out, "cli", "index.js");
const body = readFileSync(cli, "utf8").replace(/^#!.*\n/, "");
writeFileSync(cli, `#!/usr/bin/env node\n${body}`);
chmodSync(cli, 0o755);
mkdirSync(out, { recursive: true });
