// Incremental rounds on a 300-file, 20,000-line pull request (the most GitHub serves as one unified
// diff) against instant fakes (action-fakes.mjs): round 1 reviews everything; a push changes one file;
// round 2 should send only that file. Measured: reviewer calls and prompt bytes per round, with every
// file approved and with one file blocked in round 1 (its block stands in round 2 without a call; the
// other files of the call that blocked, which got no approve, are asked again), and
// the wall time of each round with GitHub's one-second spacing between writes (production), without
// it (VERDICT_GATE_BACKOFF_UNIT_MS=1: the gate's own work), and with a reviewer that takes 2 s a call.
// The breakdown of a round's wall time is the difference of those: Node's start (a bare `node -e 0`),
// the gate's own work, the write spacing, and the wait for the reviewer. Measures the bundle in
// BENCH_DIST / VERDICT_GATE_DIST, else dist/.
import os from "node:os";
import { bundleDir, runAction, startGitHub, startReviewer, syntheticPull } from "./action-fakes.mjs";
import { coldStart, log, median } from "./common.mjs";

const RUNS = 2;
const FILES = 300;
const LINES = 20_000;
const CHANGED = 150;
const BLOCKED = 7;
const HEAD1 = "a".repeat(40);
const HEAD2 = "e".repeat(40);
const blockedFile = `src/module${String(BLOCKED).padStart(4, "0")}/file.js`;
const round1 = syntheticPull({ files: FILES, lines: LINES, head: HEAD1 });
const round2 = syntheticPull({ files: FILES, lines: LINES, head: HEAD2, changed: [CHANGED] });
log(`incremental: ${FILES} files, ${LINES} lines; round 2 changes one file; bundle ${bundleDir()}`);

/** Two rounds on one pull request (one GitHub, one history comment): the figures of each. */
async function twoRounds({ env = {}, delayMs = 0, blockFile } = {}) {
  const github = await startGitHub(round1);
  const reviewer = await startReviewer({ delayMs, ...(blockFile !== undefined ? { blockFile } : {}) });
  const rounds = [];
  for (const [pull, head] of [
    [round1, HEAD1],
    [round2, HEAD2],
  ]) {
    github.setPull(pull);
    const before = { ...reviewer.counts, requests: github.counts.requests };
    const run = await runAction({ github, reviewer, env, head });
    if (run.outputs.status === undefined)
      throw new Error(`the round failed (exit ${run.code}): ${run.stderr}`);
    rounds.push({
      seconds: run.seconds,
      status: run.outputs.status,
      coverage: run.outputs.coverage,
      reviewerCalls: reviewer.counts.calls - before.calls,
      promptBytes: reviewer.counts.promptBytes - before.promptBytes,
      blockedFileShown: reviewer.counts.blockShown - before.blockShown,
      githubRequests: github.counts.requests - before.requests,
    });
  }
  await Promise.all([github.close(), reviewer.close()]);
  return rounds;
}

function summarise(samples) {
  const pick = (i) => samples.map((s) => s[i]);
  return [0, 1].map((i) => {
    const r = pick(i);
    const last = r[r.length - 1];
    return {
      medianSeconds: Number(median(r.map((x) => x.seconds)).toFixed(3)),
      seconds: r.map((x) => Number(x.seconds.toFixed(3))),
      reviewerCalls: last.reviewerCalls,
      promptBytes: last.promptBytes,
      blockedFileShown: last.blockedFileShown,
      githubRequests: last.githubRequests,
      status: last.status,
      coverage: last.coverage,
    };
  });
}

const configurations = {
  production: {},
  "no write spacing": { env: { VERDICT_GATE_BACKOFF_UNIT_MS: "1" } },
  "reviewer 2 s a call": { delayMs: 2_000 },
  "one file blocked in round 1": { blockFile: blockedFile },
};
const results = {};
const bare = [];
for (const [name, config] of Object.entries(configurations)) {
  const samples = [];
  for (let i = 0; i < RUNS; i += 1) {
    bare.push(coldStart(process.execPath, ["-e", "0"], { runs: 1 }).medianSeconds);
    const rounds = await twoRounds(config);
    samples.push(rounds);
    log(
      `  ${name} #${i + 1}: ${rounds.map((r, k) => `round ${k + 1} ${r.seconds.toFixed(2)} s, ${r.reviewerCalls} calls, ${r.promptBytes} prompt bytes, ${r.status}`).join("; ")}`,
    );
  }
  const [first, second] = summarise(samples);
  results[name] = { round1: first, round2: second };
}
const expect = (cond, what) => {
  if (!cond) throw new Error(`unexpected: ${what} (${JSON.stringify(results)})`);
};
const prod = results.production;
expect(prod.round1.status === "approve" && prod.round2.status === "approve", "production rounds approve");
expect(prod.round2.reviewerCalls === 1, "round 2 makes one call");
const blocked = results["one file blocked in round 1"];
expect(blocked.round1.status === "blocked" && blocked.round2.status === "blocked", "the block stands");
// The blocked file is never asked again: its block stands while it is unchanged. The other files of
// the call that blocked got no approve, so they are asked with the changed one (since issue 22 the
// prompt also names the 260-odd other changed files, so they take two calls, no longer one).
expect(blocked.round2.blockedFileShown === 0, "the blocked file is not asked again");
expect(
  blocked.round2.reviewerCalls <= 2,
  "round 2 with a block asks the blocking call's other files and the changed one",
);

const bareSeconds = median(bare);
const breakdown = (round) => {
  const production = results.production[round].medianSeconds;
  const noSpacing = results["no write spacing"][round].medianSeconds;
  const slowReviewer = results["reviewer 2 s a call"][round].medianSeconds;
  return {
    nodeStartSeconds: Number(bareSeconds.toFixed(3)),
    gateOwnWorkSeconds: Number((noSpacing - bareSeconds).toFixed(3)),
    writeSpacingSeconds: Number((production - noSpacing).toFixed(3)),
    reviewerWaitAt2sSeconds: Number((slowReviewer - production).toFixed(3)),
  };
};
process.stdout.write(
  `${JSON.stringify({
    bundle: bundleDir(),
    loadAverageAtEnd: os.loadavg().map((x) => Number(x.toFixed(2))),
    pullRequest: { files: FILES, changedLines: LINES, round2Changes: "one line of one file" },
    runsPerConfiguration: RUNS,
    bareNodeMedianSeconds: Number(bareSeconds.toFixed(3)),
    results,
    breakdown: { round1: breakdown("round1"), round2: breakdown("round2") },
  })}\n`,
);
