// Shared measuring tools for bench/*.bench.mjs: wall time with process.hrtime, the median of repeated
// runs, and a cold start of a command against a bare `node -e 0` measured in the same run.
import { spawnSync } from "node:child_process";

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
