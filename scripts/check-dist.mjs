// Fails when the committed dist/ is not exactly what a fresh bundle of src/ produces: dist/ is what
// users run, so a stale dist/ means users run code nobody tested. Builds into a temporary directory
// and compares every file both ways, so it needs no git and never touches the working tree.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

function files(root, dir = root) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...files(root, full));
    else found.push(path.relative(root, full));
  }
  return found.sort();
}

const fresh = mkdtempSync(path.join(os.tmpdir(), "verdict-gate-dist-"));
try {
  execFileSync(process.execPath, ["scripts/bundle.mjs", fresh], { stdio: "inherit" });
  const committed = path.resolve("dist");
  const want = files(fresh);
  let have = [];
  try {
    have = files(committed);
  } catch {
    have = [];
  }
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
  console.log(`dist/ matches a fresh bundle (${want.length} files).`);
} finally {
  rmSync(fresh, { recursive: true, force: true });
}
