// What a reviewer panel costs in wall time: one round of the bundled action on a small pull request
// with one reviewer against the same round with a panel of two, every reviewer taking 2 s a call
// (loopback OpenAI-compatible fakes, action-fakes.mjs). The reviewers of a panel are asked at once, so
// a panel should cost about one reviewer's time, not two. Two figures: the round's wall time, and the
// reviewer phase (first call received to last answer sent, as the fakes saw it), which a loaded
// machine's process start-up does not blur. The two configurations alternate run by run so both see
// the same load. Write spacing off (VERDICT_GATE_BACKOFF_UNIT_MS=1): the gate's and the reviewers'
// time, not GitHub's pacing.
// Measures the bundle in BENCH_DIST / VERDICT_GATE_DIST, else dist/.
import os from "node:os";
import { bundleDir, runAction, startGitHub, startReviewer, syntheticPull } from "./action-fakes.mjs";
import { log, median } from "./common.mjs";

const RUNS = 3;
const DELAY_MS = 2_000;
const pull = syntheticPull({ files: 5, lines: 200 });
const env = { VERDICT_GATE_BACKOFF_UNIT_MS: "1" };
log(`panel: ${pull.files} files, reviewers taking ${DELAY_MS} ms a call; bundle ${bundleDir()}`);

async function round(reviewers) {
  const github = await startGitHub(pull);
  const servers = await Promise.all(
    Array.from({ length: reviewers }, () => startReviewer({ delayMs: DELAY_MS })),
  );
  const panelInputs =
    reviewers === 1
      ? {}
      : {
          model: "",
          "api-key": "",
          "base-url": "",
          reviewers: JSON.stringify(
            servers.map((s, i) => ({
              label: `r${i + 1}`,
              provider: "openai",
              model: "gpt-4o",
              "base-url": s.baseUrl,
              "api-key-env": "BENCH_PANEL_KEY",
            })),
          ),
        };
  const run = await runAction({
    github,
    reviewer: servers[0],
    env: { ...env, BENCH_PANEL_KEY: "sk-bench-panel-key" },
    inputs: panelInputs,
  });
  await Promise.all([github.close(), ...servers.map((s) => s.close())]);
  if (run.code !== 0 || run.outputs.status !== "approve") {
    throw new Error(`the round did not approve (exit ${run.code}, ${run.outputs.status}): ${run.stderr}`);
  }
  const calls = servers.reduce((n, s) => n + s.counts.calls, 0);
  const spans = servers.flatMap((s) => s.counts.spans);
  const phase = (Math.max(...spans.map((x) => x.answered)) - Math.min(...spans.map((x) => x.arrived))) / 1000;
  return { seconds: run.seconds, phase, calls };
}

const CONFIGURATIONS = [
  ["one reviewer", 1],
  ["panel of two", 2],
];
const runs = Object.fromEntries(CONFIGURATIONS.map(([name]) => [name, []]));
for (let i = 0; i < RUNS; i += 1) {
  for (const [name, reviewers] of CONFIGURATIONS) {
    const r = await round(reviewers);
    runs[name].push(r);
    log(
      `  ${name} #${i + 1}: ${r.seconds.toFixed(2)} s, reviewer phase ${r.phase.toFixed(2)} s, ${r.calls} calls`,
    );
  }
}
const results = {};
for (const [name] of CONFIGURATIONS) {
  const rs = runs[name];
  results[name] = {
    medianSeconds: Number(median(rs.map((r) => r.seconds)).toFixed(3)),
    seconds: rs.map((r) => Number(r.seconds.toFixed(3))),
    reviewerPhaseMedianSeconds: Number(median(rs.map((r) => r.phase)).toFixed(3)),
    reviewerPhaseSeconds: rs.map((r) => Number(r.phase.toFixed(3))),
    reviewerCalls: rs[0].calls,
  };
}
const one = results["one reviewer"].medianSeconds;
const two = results["panel of two"].medianSeconds;
const phaseOne = results["one reviewer"].reviewerPhaseMedianSeconds;
const phaseTwo = results["panel of two"].reviewerPhaseMedianSeconds;
process.stdout.write(
  `${JSON.stringify({
    bundle: bundleDir(),
    loadAverageAtEnd: os.loadavg().map((x) => Number(x.toFixed(2))),
    reviewerDelayMs: DELAY_MS,
    runsPerConfiguration: RUNS,
    results,
    panelOverOneSeconds: Number((two - one).toFixed(3)),
    panelOverOneRatio: Number((two / one).toFixed(3)),
    reviewerPhaseOverOneRatio: Number((phaseTwo / phaseOne).toFixed(3)),
  })}\n`,
);
