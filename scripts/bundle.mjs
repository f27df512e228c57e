// Builds what users run. `node scripts/bundle.mjs OUT [PART…] [--if-stale]` writes into OUT:
//   action  OUT/index.js and its chunks, and OUT/post.js (the post step, which loads index.js): what
//           action.yml runs, the only part the repository commits
//           (`npm run bundle` = `node scripts/bundle.mjs dist action`);
//   cli     OUT/cli/index.js, package.json `bin`;
//   lib     OUT/lib/index.js and OUT/lib/types, package.json `exports`.
// No PART means all three (`npm run bundle:all` builds them into build/dist, which check-dist compares
// and the tests and benches run). The CLI and the library reach users only through the npm package:
// `prepack` builds them into dist/ (`node scripts/bundle.mjs dist cli lib`) and `postpack` removes them.
//
// Every build records a hash of its inputs in OUT/.bundle-inputs (scripts/bundle-inputs.mjs); with
// --if-stale a build whose record matches the parts asked for and today's inputs is skipped, so tests
// (and bin/verdict-gate.js in a clone) can ask for a current bundle without each one rebuilding. Builds into one OUT take turns (OUT.lock), so test files started side
// by side build it once.
import { spawn } from "node:child_process";
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isCurrent, PARTS, stampFile as stampFileOf, stamp as stampOf } from "./bundle-inputs.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const ifStale = args.includes("--if-stale");
const positional = args.filter((a) => !a.startsWith("--"));
const out = path.resolve(positional[0] ?? "dist");
const parts = positional.length > 1 ? positional.slice(1) : PARTS;
for (const p of parts) if (!PARTS.includes(p)) fail(`no part named ${p}; have: ${PARTS.join(", ")}`);

function fail(message) {
  console.error(`bundle: ${message}`);
  process.exit(1);
}

const stampFile = stampFileOf(out);
const stamp = () => stampOf(root, parts);
const current = () => isCurrent(root, out, parts);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
};

/** Takes OUT.lock (a directory: creating one is atomic), waiting while a live process holds it and
 * taking it over from a dead one. */
async function lock() {
  const dir = `${out}.lock`;
  mkdirSync(path.dirname(dir), { recursive: true });
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(path.join(dir, "pid"), String(process.pid));
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(path.join(dir, "pid"), "utf8"));
    } catch {
      // Created but its pid not yet written: give the holder a moment.
    }
    const age = Date.now() - statSync(dir, { throwIfNoEntry: false })?.mtimeMs;
    if ((Number.isInteger(holder) && !alive(holder)) || (Number.isNaN(holder) && age > 10_000)) {
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
    await sleep(250);
  }
}

const bin = (name) => path.join(root, "node_modules", ".bin", name);
// Each build is its own process and they run side by side.
const run = (cmd, cmdArgs) =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    child.on("error", reject);
    child.on("close", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(cmd)} ${cmdArgs[1] ?? ""} failed (${signal ?? `exit ${code}`})`)),
    );
  });

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

/** Keeps the action's source maps' mappings and drops the copies of the sources in them
 * (`sourcesContent`), nine tenths of their size (4.5 of 5 MB), which the repository would otherwise
 * commit. The action loads its map through sourcemap-register.cjs, so a stack trace still names
 * src/…/file.ts, line and column, and the sources are at that path in the repository (and in the
 * action's checkout on a runner). The npm package's CLI and library keep whole maps: the package
 * ships no src/, and nothing in it is committed. */
function slimSourceMaps(dir) {
  const top = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isFile());
  for (const f of top.map((d) => path.join(dir, d.name)).filter((name) => name.endsWith(".js.map"))) {
    const map = JSON.parse(readFileSync(f, "utf8"));
    delete map.sourcesContent;
    writeFileSync(f, JSON.stringify(map));
  }
}

async function build() {
  // ncc empties every .js under its output directory before writing, so the CLI and the library are
  // built beside `out` (in `out.parts`) and moved under it once every build is done.
  const staging = `${out}.parts`;
  if (parts.includes("action")) rmSync(out, { recursive: true, force: true });
  else for (const p of ["cli", "lib"]) rmSync(path.join(out, p), { recursive: true, force: true });
  rmSync(stampFile, { force: true });
  rmSync(staging, { recursive: true, force: true });
  const builds = [];
  if (parts.includes("action")) builds.push(ncc("src/entry/action.ts", out));
  if (parts.includes("cli")) builds.push(ncc("src/entry/cli.ts", path.join(staging, "cli")));
  if (parts.includes("lib")) {
    builds.push(ncc("src/entry/lib.ts", path.join(staging, "lib")));
    // The library's types, from its own tsconfig so that tests and scripts never land in dist/.
    builds.push(run(bin("tsc"), ["-p", "tsconfig.lib.json", "--outDir", path.join(staging, "types")]));
  }
  const failed = (await Promise.allSettled(builds)).filter((r) => r.status === "rejected");
  if (failed.length > 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(failed.map((f) => f.reason.message).join("; "));
  }
  mkdirSync(out, { recursive: true });
  if (parts.includes("cli")) renameSync(path.join(staging, "cli"), path.join(out, "cli"));
  if (parts.includes("lib")) {
    renameSync(path.join(staging, "lib"), path.join(out, "lib"));
    renameSync(path.join(staging, "types"), path.join(out, "lib", "types"));
  }
  rmSync(staging, { recursive: true, force: true });
  if (parts.includes("action")) {
    slimSourceMaps(out);
    // The post step (action.yml `runs.post`) is the same bundle: a second bundle would carry a second
    // copy of Octokit. The entry tells the two apart by the file the runner started (src/entry/action.ts).
    writeFileSync(
      path.join(out, "post.js"),
      "// verdict-gate's post step (action.yml `runs.post`): the action's own bundle, started as post.js.\nawait import(\"./index.js\");\n",
    );
  }

  if (parts.includes("cli")) {
    // The CLI must start as a program: keep exactly one shebang and the executable bit.
    const cli = path.join(out, "cli", "index.js");
    const body = readFileSync(cli, "utf8").replace(/^#!.*\n/, "");
    writeFileSync(cli, `#!/usr/bin/env node\n${body}`);
    chmodSync(cli, 0o755);
  }
  writeFileSync(stampFile, stamp());
}

if (ifStale && current()) process.exit(0);
const unlock = await lock();
try {
  // Another process may have built it while this one waited for the lock.
  if (!(ifStale && current())) {
    if (ifStale)
      console.error(
        `bundle: ${path.relative(root, out) || out} is not current; building ${parts.join(", ")}`,
      );
    await build();
  }
} catch (error) {
  console.error(`bundle: ${error.message}`);
  process.exitCode = 1;
} finally {
  unlock();
}
