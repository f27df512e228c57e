// `npm run bench [-- NAME…]`: runs every bench/*.bench.mjs (or those named) in a fresh Node process,
// one after another so they never compete for the two cores, and writes each one's JSON result to
// bench/results/NAME.json plus an index in bench/results/summary.json. A benchmark prints exactly one
// JSON object as the last line of its standard output; progress goes to standard error.
// Benchmarks measure the shipped bundles, never src/: the action in dist/ (run `npm run bundle` first),
// the CLI and the library in build/dist, which this brings up to date first.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { packageBundleDir } from "./common.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const all = readdirSync(here)
  .filter((f) => f.endsWith(".bench.mjs"))
  .map((f) => f.slice(0, -".bench.mjs".length))
  .sort();
const chosen = wanted.length > 0 ? all.filter((n) => wanted.includes(n)) : all;
for (const w of wanted)
  if (!all.includes(w)) throw new Error(`no benchmark named ${w}; have: ${all.join(", ")}`);
// BENCH_DIST names a private full bundle (node scripts/bundle.mjs DIR), used as it is; otherwise the
// committed dist/ for the action and build/dist, rebuilt when src/ changed since, for the rest.
if (process.env.BENCH_DIST === undefined) {
  const build = spawnSync(
    process.execPath,
    [path.join(here, "..", "scripts", "bundle.mjs"), path.join(here, "..", "build", "dist"), "--if-stale"],
    { stdio: "inherit" },
  );
  if (build.status !== 0) throw new Error("building build/dist failed");
}
packageBundleDir();

const outDir = path.join(here, "results");
mkdirSync(outDir, { recursive: true });
const machine = {
  node: process.version,
  platform: `${os.platform()} ${os.arch()}`,
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model ?? "unknown",
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
};
const summary = { date: new Date().toISOString(), machine, results: {} };
let failed = 0;
for (const name of chosen) {
  process.stderr.write(`bench: ${name}\n`);
  const started = Date.now();
  const child = spawnSync(process.execPath, ["--expose-gc", path.join(here, `${name}.bench.mjs`)], {
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = (child.stdout ?? "").trim().split("\n");
  let result;
  try {
    result = JSON.parse(lines[lines.length - 1] ?? "");
  } catch {
    result = { error: `no JSON result (exit ${child.status}, signal ${child.signal})` };
  }
  if (child.status !== 0) {
    failed += 1;
    result = { ...result, error: result.error ?? `exit ${child.status}` };
  }
  const record = {
    name,
    date: new Date().toISOString(),
    seconds: (Date.now() - started) / 1000,
    machine,
    result,
  };
  writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
  summary.results[name] = result;
}
if (wanted.length === 0)
  writeFileSync(path.join(outDir, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
process.exitCode = failed > 0 ? 1 : 0;
