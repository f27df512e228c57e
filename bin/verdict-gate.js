#!/usr/bin/env node
// The `verdict-gate` command (package.json `bin`). In the npm package the CLI is a bundle, built when
// the package is packed (`prepack`), at dist/cli/index.js: this runs it. A clone of the repository
// commits only the action's bundle, so there, after `npm ci` and `npm link`, this builds the CLI from
// src/ into build/dist on first use and again whenever src/ (or the lockfile) has changed since — the
// same build the tests and benchmarks use (scripts/bundle.mjs) — and runs that. A build that cannot
// start says what to run instead; nothing is ever run from a stale build.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const say = (text) => process.stderr.write(`verdict-gate: ${text}\n`);

async function cliFromClone() {
  const out = path.join(root, "build", "dist");
  const { isCurrent } = await import(pathToFileURL(path.join(root, "scripts", "bundle-inputs.mjs")).href);
  if (!isCurrent(root, out)) {
    if (!existsSync(path.join(root, "node_modules", ".bin", "ncc"))) {
      say(
        `this is a clone of verdict-gate without its build tools: run \`npm ci\` in ${root}, then run this again`,
      );
      process.exit(1);
    }
    say(
      "building the CLI from this clone's src/ into build/dist (after a change to src/, once; about a minute)…",
    );
    const built = spawnSync(process.execPath, [path.join(root, "scripts", "bundle.mjs"), out, "--if-stale"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (built.status !== 0) {
      say(`the build failed (above); fix it, or run \`npm ci\` and \`npm run bundle:all\` in ${root}`);
      process.exit(1);
    }
  }
  return path.join(out, "cli", "index.js");
}

const clone = existsSync(path.join(root, "src", "entry", "cli.ts"));
const cli = clone ? await cliFromClone() : path.join(root, "dist", "cli", "index.js");
await import(pathToFileURL(cli).href);
