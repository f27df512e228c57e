// One round of the bundled action on a 300-file, 20,000-line pull request (the most GitHub serves as
// one unified diff) against instant fakes (action-fakes.mjs): wall time against a bare `node -e 0`
// measured in the same run, GitHub requests, reviewer calls, and prompt bytes per diff byte. Two
// configurations: `production` (GitHub's one-second spacing between writes, as shipped) and
// `no write spacing` (VERDICT_GATE_BACKOFF_UNIT_MS=1), which shows the gate's own cost. Measures the
// bundle in BENCH_DIST / VERDICT_GATE_DIST, else dist/.
import os from "node:os";
import { bundleDir, runAction, startGitHub, startReviewer, syntheticPull } from "./action-fakes.mjs";
import { coldStart, log, median } from "./common.mjs";

const RUNS = 3;
const pull = syntheticPull({ files: 300, lines: 20_000 });
const diffBytes = Buffer.byteLength(pull.diff);
log(`action: ${pull.files} files, ${pull.additions} lines, ${diffBytes} diff bytes; bundle ${bundleDir()}`);

const configurations = { production: {}, "no write spacing": { VERDICT_GATE_BACKOFF_UNIT_MS: "1" } };
const results = {};
const bare = [];
for (const [name, env] of Object.entries(configurations)) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    bare.push(coldStart(process.execPath, ["-e", "0"], { runs: 1 }).medianSeconds);
    const github = await startGitHub(pull);
    const reviewer = await startReviewer();
    const run = await runAction({ github, reviewer, env });
    await Promise.all([github.close(), reviewer.close()]);
    if (run.code !== 0 || run.outputs.status !== "approve") {
      throw new Error(`the round did not approve (exit ${run.code}, ${run.outputs.status}): ${run.stderr}`);
    }
    runs.push({ ...run, github: github.counts, reviewer: reviewer.counts });
    log(
      `  ${name} #${i + 1}: ${run.seconds.toFixed(2)} s, ${run.maxRssMiB} MiB, ${github.counts.requests} GitHub requests, ${reviewer.counts.calls} reviewer calls`,
    );
  }
  const last = runs[runs.length - 1];
  results[name] = {
    medianSeconds: Number(median(runs.map((r) => r.seconds)).toFixed(3)),
    seconds: runs.map((r) => Number(r.seconds.toFixed(3))),
    peakRssMiB: Math.max(...runs.map((r) => r.maxRssMiB ?? 0)),
    githubRequests: last.github.requests,
    githubRequestsByRoute: last.github.byRoute,
    reviewerCalls: last.reviewer.calls,
    promptBytes: last.reviewer.promptBytes,
    promptBytesPerDiffByte: Number((last.reviewer.promptBytes / diffBytes).toFixed(3)),
    status: last.outputs.status,
    coverage: last.outputs.coverage,
  };
}
const bareSeconds = median(bare);
for (const r of Object.values(results))
  r.overBareNodeSeconds = Number((r.medianSeconds - bareSeconds).toFixed(3));
process.stdout.write(
  `${JSON.stringify({
    bundle: bundleDir(),
    loadAverageAtEnd: os.loadavg().map((x) => Number(x.toFixed(2))),
    pullRequest: { files: pull.files, changedLines: pull.additions, diffBytes },
    bareNodeMedianSeconds: Number(bareSeconds.toFixed(3)),
    runsPerConfiguration: RUNS,
    results,
  })}\n`,
);
