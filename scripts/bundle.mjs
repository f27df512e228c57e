// Builds what users run: the action (dist/index.js), the CLI (dist/cli/index.js, package.json `bin`)
// and the library (dist/lib/index.js with its types). `node scripts/bundle.mjs OUT` writes into OUT, so
// check-dist can build a fresh copy beside the committed one and compare them byte for byte.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const out = path.resolve(process.argv[2] ?? "dist");
const bin = (name) => path.resolve("node_modules", ".bin", name);
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"] });

rmSync(out, { recursive: true, force: true });
const builds = [
  { entry: "src/index.ts", dir: out },
  { entry: "src/cli.ts", dir: path.join(out, "cli") },
  { entry: "src/lib.ts", dir: path.join(out, "lib") },
];
for (const { entry, dir } of builds) {
  run(bin("ncc"), ["build", entry, "-o", dir, "--source-map", "--license", "licenses.txt", "--quiet"]);
}
// The library's types, from its own tsconfig so that tests and scripts never land in dist/.
run(bin("tsc"), ["-p", "tsconfig.lib.json", "--outDir", path.join(out, "lib", "types")]);

// The CLI must start as a program: keep exactly one shebang and the executable bit.
const cli = path.join(out, "cli", "index.js");
const body = readFileSync(cli, "utf8").replace(/^#!.*\n/, "");
writeFileSync(cli, `#!/usr/bin/env node\n${body}`);
chmodSync(cli, 0o755);
mkdirSync(out, { recursive: true });
