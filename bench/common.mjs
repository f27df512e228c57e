// Shared measuring tools for bench/*.bench.mjs: wall time with process.hrtime, the median of repeated
// runs, and a cold start of a command against a bare `node -e 0` measured in the same run; and where
// the bundles under measure are.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The CLI and the library to measure: BENCH_DIST (a private `node scripts/bundle.mjs DIR`), else
 * build/dist, the full build check-dist leaves and `npm run bench` brings up to date (they are not
 * committed: only the action is, in dist/). */
export function packageBundleDir() {
  const dir = path.resolve(process.env.BENCH_DIST ?? path.join(here, "..", "build", "dist"));
  if (!existsSync(path.join(dir, "lib", "index.js")) || !existsSync(path.join(dir, "cli", "index.js")))
    throw new Error(`${dir} holds no CLI and library: run \`npm run bundle:all\` (or set BENCH_DIST) first`);
  return dir;
}

export function seconds(fn) {
  const start = process.hrtime.bigint();
  const value = fn();
  return { value, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

export async function secondsAsync(fn) {
  const start = process.hrtime.bigint();
  const value = await fn();
  return { value, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Median wall seconds of `runs` executions of a command (spawned, output discarded). */
export function coldStart(command, args, { runs = 15, input } = {}) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const start = process.hrtime.bigint();
    const r = spawnSync(command, args, {
      input,
      stdio: [input === undefined ? "ignore" : "pipe", "ignore", "ignore"],
    });
    times.push(Number(process.hrtime.bigint() - start) / 1e9);
    if (r.error) throw r.error;
  }
  return { medianSeconds: median(times), minSeconds: Math.min(...times), runs };
}

export function log(message) {
  process.stderr.write(`${message}\n`);
}
