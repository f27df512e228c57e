#!/usr/bin/env node
// The `verdict-gate` command (package.json `bin`). In the npm package the CLI is a bundle, built when
// the package is packed (`prepack`), at dist/cli/index.js: this runs it. A clone of the repository
// commits only the action's bundle, so there, after `npm ci` and `npm link`, this compiles src/ file by
// file into build/local (scripts/local-cli.mjs: a few seconds, on first use and again whenever src/ or
// the lockfile has changed since) and runs that. A build that cannot start says what to run instead;
// nothing is ever run from a stale build.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const say = (text) => process.stderr.write(`verdict-gate: ${text}\n`);

async function cliFromClone() {
  const local = await import(pathToFileURL(path.join(root, "scripts", "local-cli.mjs")).href);
  const current = local.currentLocalCli(root);
  if (current !== undefined) return current;
  if (!existsSync(path.join(root, "node_modules", "typescript", "lib", "typescript.js"))) {
    say(
      `this is a clone of verdict-gate without its build tools: run \`npm ci\` in ${root}, then run this again`,
    );
    process.exit(1);
  }
  say(
    "compiling the CLI from this clone's src/ into build/local (after a change to src/, once; a few seconds)…",
  );
  try {
    return await local.buildLocalCli(root);
  } catch (error) {
    say(`the build failed:\n${error.message}\nfix it, or run \`npm ci\` in ${root}, then run this again`);
    process.exit(1);
  }
}

const clone = existsSync(path.join(root, "src", "entry", "cli.ts"));
const cli = clone ? await cliFromClone() : path.join(root, "dist", "cli", "index.js");
// A stack trace names src/…/file.ts, line and column (each compiled file has its source map).
if (clone) process.setSourceMapsEnabled(true);
await import(pathToFileURL(cli).href);
