// What the first `verdict-gate` run from a clone costs, before and after issue 35: the clone's CLI as
// bin/verdict-gate.js now builds it (scripts/local-cli.mjs: src/ compiled file by file, a fresh Node
// process each time, TypeScript's load included), against the ncc bundle of the CLI it used to build
// (`node scripts/bundle.mjs DIR cli`) and the full build check-dist makes (action, CLI, library).
// Then the launcher's start once its build is current (`bin/verdict-gate.js --version`: it hashes the
// inputs each time) against the bundled CLI's. The load average is recorded: on a shared machine the
// wall times move with it, the CPU seconds (user + system, from the children) much less.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { coldStart, log, median } from "./common.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const scratch = mkdtempSync(path.join(os.tmpdir(), "vg-bench-build-"));

/** Wall seconds of one run of node with `args`, which must succeed. */
function timed(args) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  if (r.status !== 0) throw new Error(`${args.join(" ")} failed (exit ${r.status})`);
  return wall;
}

const TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/** The CPU seconds (user + system) of this process's children so far, their own children included:
 * cutime and cstime in /proc/self/stat (Linux). */
function childCpu() {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the name: state is field 3 of the file, so cutime (16) and cstime (17) are at 13 and 14.
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}

function measure(name, args, runs) {
  const walls = [];
  const cpus = [];
  for (let i = 0; i < runs; i += 1) {
    const cpu0 = childCpu();
    walls.push(timed(args()));
    cpus.push(childCpu() - cpu0);
  }
  const result = {
    runs,
    medianWallSeconds: Number(median(walls).toFixed(2)),
    minWallSeconds: Number(Math.min(...walls).toFixed(2)),
    medianCpuSeconds: Number(median(cpus).toFixed(2)),
  };
  log(
    `  ${name}: median ${result.medianWallSeconds} s wall, ${result.medianCpuSeconds} s CPU (${runs} runs)`,
  );
  return result;
}

let made = 0;
/** A directory no build has written yet. */
function fresh() {
  made += 1;
  return path.join(scratch, `out-${made}`);
}
const local = path.join(root, "scripts", "local-cli.mjs");
const results = {
  "clone CLI, transpiled (scripts/local-cli.mjs)": measure(
    "transpiled",
    () => [
      "--input-type=module",
      "-e",
      `const m = await import(${JSON.stringify(local)}); await m.transpile(${JSON.stringify(root)}, ${JSON.stringify(fresh())});`,
    ],
    5,
  ),
  "CLI bundle (scripts/bundle.mjs DIR cli), what the launcher built before": measure(
    "cli bundle",
    () => [path.join(root, "scripts", "bundle.mjs"), fresh(), "cli"],
    3,
  ),
  "full build (scripts/bundle.mjs DIR: action, cli, lib), what check-dist builds": measure(
    "full build",
    () => [path.join(root, "scripts", "bundle.mjs"), fresh()],
    2,
  ),
};

// Starts once built: the launcher hashes src/ to find its build, then runs it.
const launcher = path.join(root, "bin", "verdict-gate.js");
spawnSync(process.execPath, [launcher, "--version"], { stdio: "ignore" });
const bundle = path.join(root, "build", "dist", "cli", "index.js");
const starts = {};
for (const [name, args] of Object.entries({
  "node -e 0": ["-e", "0"],
  "bin/verdict-gate.js --version (clone, current build)": [launcher, "--version"],
  "build/dist/cli/index.js --version (bundle)": [bundle, "--version"],
})) {
  const { medianSeconds, minSeconds } = coldStart(process.execPath, args, { runs: 15 });
  starts[name] = {
    medianMs: Number((medianSeconds * 1000).toFixed(1)),
    minMs: Number((minSeconds * 1000).toFixed(1)),
  };
  log(`  ${name}: median ${starts[name].medianMs} ms`);
}
rmSync(scratch, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({ loadAverageAtEnd: os.loadavg().map((x) => Number(x.toFixed(2))), builds: results, starts })}\n`,
);
