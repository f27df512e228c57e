// The CLI's cold start: `verdict-gate --version` and `verdict-gate verdict` on a small reply, against a
// bare `node -e 0` measured in the same run, interleaved so that all three see the same machine load.
// Measures the bundled CLI (build/dist/cli/index.js, or BENCH_DIST's). The figure that matters is the
// overhead over bare node: what every gate step pays before it reads a byte.
import os from "node:os";
import path from "node:path";
import { coldStart, log, median, packageBundleDir } from "./common.mjs";

const dist = packageBundleDir();
const cli = path.join(dist, "cli", "index.js");
const ROUNDS = 25;

const reply = Buffer.from(
  "## Review\n\n- BLOCKING: src/a.ts:12 — the input is not checked\n\n===VERDICT=== REQUEST_CHANGES\n",
);
const commands = {
  "node -e 0": [["-e", "0"]],
  "verdict-gate --version": [[cli, "--version"]],
  "verdict-gate verdict < small reply": [[cli, "verdict"], { input: reply }],
  "verdict-gate verdict --json < small reply": [[cli, "verdict", "--json"], { input: reply }],
};

const samples = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, [args, options]] of Object.entries(commands)) {
    samples[name].push(coldStart(process.execPath, args, { runs: 1, ...options }).medianSeconds);
  }
}

const ms = (s) => Number((s * 1000).toFixed(1));
const bare = median(samples["node -e 0"]);
const results = {};
for (const [name, times] of Object.entries(samples)) {
  const m = median(times);
  results[name] = { medianMs: ms(m), minMs: ms(Math.min(...times)), overBareNodeMs: ms(m - bare) };
  log(`  ${name}: median ${ms(m)} ms (${ms(m - bare)} ms over bare node)`);
}
process.stdout.write(
  `${JSON.stringify({ loadAverageAtEnd: os.loadavg().map((x) => Number(x.toFixed(2))), bundle: process.env.BENCH_DIST ? `${cli} (BENCH_DIST)` : "build/dist/cli/index.js", rounds: ROUNDS, results })}\n`,
);
