// The bundled action on a pull request of 3,000 files and 100,000 changed lines against instant fakes
// (action-fakes.mjs): GitHub refuses the unified diff (406), the gate pages the file list to GitHub's
// 3,000-file cap, and a few patches GitHub leaves out are counted as not reviewed. Measures wall time
// and the child's peak RSS (what bounded memory and time means in figures), with production settings,
// and records the reviewer calls, GitHub requests and the coverage the round reported. Measures the
// bundle in BENCH_DIST / VERDICT_GATE_DIST, else dist/. Correctness of the same path is proven by
// __tests__/e2e/limits.test.ts against the validated loopback API; this file only times it.
import os from "node:os";
import { bundleDir, runAction, startGitHub, startReviewer, syntheticPull } from "./action-fakes.mjs";
import { coldStart, log, median } from "./common.mjs";

const RUNS = 2;
const omitted = [7, 1500, 2999];
const pull = syntheticPull({ files: 3000, lines: 100_000, patchOmitted: omitted });
log(
  `large-pr: ${pull.files} files, ${pull.additions} lines, patches omitted for ${omitted.length}; bundle ${bundleDir()}`,
);

const runs = [];
const bare = [];
for (let i = 0; i < RUNS; i += 1) {
  bare.push(coldStart(process.execPath, ["-e", "0"], { runs: 1 }).medianSeconds);
  const github = await startGitHub(pull);
  const reviewer = await startReviewer();
  const run = await runAction({ github, reviewer });
  await Promise.all([github.close(), reviewer.close()]);
  // Honest coverage: the omitted patches were not reviewed, so the round cannot approve.
  if (run.outputs.status !== "hold-for-human" || run.outputs.coverage === "100%") {
    throw new Error(
      `expected a hold with partial coverage, got ${run.outputs.status} / ${run.outputs.coverage}: ${run.stderr}`,
    );
  }
  runs.push({ ...run, github: github.counts, reviewer: reviewer.counts });
  log(
    `  #${i + 1}: ${run.seconds.toFixed(2)} s, peak RSS ${run.maxRssMiB} MiB, ${github.counts.requests} GitHub requests, ${reviewer.counts.calls} reviewer calls, coverage ${run.outputs.coverage}`,
  );
}
const last = runs[runs.length - 1];
process.stdout.write(
  `${JSON.stringify({
    bundle: bundleDir(),
    loadAverageAtEnd: os.loadavg().map((x) => Number(x.toFixed(2))),
    pullRequest: { files: pull.files, changedLines: pull.additions, patchesOmitted: omitted.length },
    bareNodeMedianSeconds: Number(median(bare).toFixed(3)),
    medianSeconds: Number(median(runs.map((r) => r.seconds)).toFixed(3)),
    seconds: runs.map((r) => Number(r.seconds.toFixed(3))),
    peakRssMiB: Math.max(...runs.map((r) => r.maxRssMiB ?? 0)),
    githubRequests: last.github.requests,
    githubRequestsByRoute: last.github.byRoute,
    reviewerCalls: last.reviewer.calls,
    promptBytes: last.reviewer.promptBytes,
    status: last.outputs.status,
    coverage: last.outputs.coverage,
    jobSummaryChars: last.summaryChars,
  })}\n`,
);
