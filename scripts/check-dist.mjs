// Fails when the committed dist/ is not exactly what a fresh bundle of src/ produces: dist/ is what
// the action runs, so a stale dist/ means users run code nobody tested. Builds every part (action,
// CLI, library) into build/dist, which is gitignored, and compares the action's files both ways with
// dist/. The CLI and the library are not committed (`prepack` builds them into the npm package), but
// building them here proves they still build, and leaves a current build/dist that the tests and
// benches run instead of building their own. A build/dist whose record of its inputs matches today's
// (scripts/bundle-inputs.mjs: the same inputs give the same bytes) is compared as it is: a second
// `npm test` with src/ unchanged builds nothing. Needs no git and never writes to dist/.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The action's files under `dir`: everything but the npm package's parts (dist/cli and dist/lib,
 * gitignored, are left there by an interrupted `npm pack`) and the build's record of its inputs. */
function actionFiles(dir, sub = "") {
  const found = [];
  for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
    const name = path.join(sub, entry.name);
    if (name === "cli" || name === "lib" || name === ".bundle-inputs") continue;
    if (entry.isDirectory()) found.push(...actionFiles(dir, name));
    else found.push(name);
  }
  return found.sort();
}

const fresh = path.join(root, "build", "dist");
execFileSync(process.execPath, [path.join(root, "scripts", "bundle.mjs"), fresh, "--if-stale"], {
  stdio: "inherit",
});
const committed = path.join(root, "dist");
const want = actionFiles(fresh);
const have = existsSync(committed) ? actionFiles(committed) : [];
const problems = [];
for (const f of want) {
  if (!have.includes(f)) problems.push(`missing from dist/: ${f}`);
  else if (!readFileSync(path.join(fresh, f)).equals(readFileSync(path.join(committed, f))))
    problems.push(`differs from a fresh bundle: dist/${f}`);
}
for (const f of have) if (!want.includes(f)) problems.push(`not produced by a fresh bundle: dist/${f}`);
if (problems.length > 0) {
  console.error(`dist/ does not match src/ (${problems.length} file(s)):`);
  for (const p of problems.slice(0, 20)) console.error(`  ${p}`);
  console.error("Run `npm run bundle` and commit dist/.");
  process.exit(1);
}
console.log(`dist/ matches a fresh bundle (${want.length} files); the CLI and library are in build/dist.`);
