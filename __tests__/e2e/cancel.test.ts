// A cancelled job never leaves the check in progress (issue 26, item 1). GitHub cancels a step with
// SIGINT, then SIGTERM 7.5 s later, then SIGKILL; these start the bundled action as a process, as a
// runner does, let the round reach a reviewer that never answers, and signal it. The first signal
// completes the round's check run as a hold saying the job was cancelled and how to start a new round,
// and the step ends by itself, failed, before SIGTERM would come. The post step (action.yml
// `runs.post`: dist/post.js) completes whatever the main step saved as open and left open, and leaves
// a completed run alone: as a process after a SIGKILL, in the test process for the rest.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hang } from "../support/reviewers.js";
import { type ActionRun, runAction, startAction } from "./harness.js";
import { gateChecks, startWorld, type World } from "./world.js";

let world: World;
beforeEach(async () => {
  world = await startWorld();
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

/** The action as a process, stopped mid-round: the check run is in progress and the reviewer's call
 * hangs. */
async function midRound() {
  world.openai.script(() => hang());
  const started = startAction({
    api: world.api,
    event: world.event({ event: "pull_request", action: "opened", pull: world.pull }),
    inputs: { ...world.openaiInputs(), "reviewer-timeout-seconds": "600" },
    workspace: world.headWorkspace(),
    env: { VERDICT_GATE_BACKOFF_UNIT_MS: "5" },
    // Long enough never to fire before the step ends by itself; a hang would end as code null.
    timeoutMs: 40_000,
  });
  for (let i = 0; i < 3000 && world.openai.requests.length === 0; i += 1) {
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(world.openai.requests, "the round never reached the reviewer").toHaveLength(1);
  const [check] = gateChecks(world);
  expect(check?.status).toBe("in_progress");
  return started;
}

function expectCancelledHold(run: ActionRun, signal: string): void {
  // The step ended by itself (not killed), failed, saying why.
  expect(run.code, run.log).toBe(1);
  expect(run.log).toContain(
    `the job was cancelled (${signal}) before the round finished; nothing was approved`,
  );
  const checks = gateChecks(world);
  expect(checks).toHaveLength(1);
  const [check] = checks;
  expect(check?.status).toBe("completed");
  expect(check?.conclusion).toBe("action_required");
  expect(check?.output.summary).toContain(`the job was cancelled (${signal}) before this round finished`);
  expect(check?.output.summary).toContain("nothing was judged and nothing was approved");
  expect(check?.output.summary).toContain("re-run the job from");
  expect(check?.output.summary).toMatch(/push a commit, or comment \\?`\/verdict review\\?`/);
  // The run is no longer open for the post step.
  expect(JSON.parse(run.state["open-check-runs"] ?? "null")).toEqual([]);
}

describe("a cancelled job", () => {
  it("SIGINT mid-round: the check run ends completed, action_required, saying the job was cancelled", async () => {
    const started = await midRound();
    started.child.kill("SIGINT");
    expectCancelledHold(await started.done, "SIGINT");
  });

  it("SIGTERM alone (a runner that skips SIGINT): the same hold", async () => {
    const started = await midRound();
    started.child.kill("SIGTERM");
    expectCancelledHold(await started.done, "SIGTERM");
  });

  it("SIGINT then SIGTERM: one hold, written once", async () => {
    const started = await midRound();
    started.child.kill("SIGINT");
    started.child.kill("SIGTERM");
    // Sent back to back, the two may reach the process in either order; whichever came first is named.
    const run = await started.done;
    const first = /the job was cancelled \((SIGINT|SIGTERM)\) before the round/.exec(run.log)?.[1] ?? "none";
    expectCancelledHold(run, first);
    const [check] = gateChecks(world);
    expect(check?.updates.filter((u) => u.conclusion !== undefined)).toHaveLength(1);
  });

  it("SIGKILL (no handler runs): the post step completes the run the main step saved as open", async () => {
    const started = await midRound();
    started.child.kill("SIGKILL");
    const killed = await started.done;
    expect(killed.code).toBeNull();
    const [open] = gateChecks(world);
    expect(open?.status).toBe("in_progress");
    // What the main step saved (GITHUB_STATE) is what the runner hands the post step.
    expect(JSON.parse(killed.state["open-check-runs"] ?? "[]")).toEqual([
      { id: open?.id, head: world.pull.headSha, pr: world.pull.number },
    ]);
    const post = await startAction({
      api: world.api,
      event: world.event({ event: "pull_request", action: "opened", pull: world.pull }),
      inputs: world.openaiInputs(),
      state: killed.state,
      entry: "post.js",
    }).done;
    expect(post.code, post.log).toBe(0);
    const [check] = gateChecks(world);
    expect(check?.status).toBe("completed");
    expect(check?.conclusion).toBe("action_required");
    expect(check?.output.summary).toContain("the job ended before this round finished");
    // The post step never asks the reviewer anything and never runs a round.
    expect(world.openai.requests).toHaveLength(1);
  });
});

describe("the post step", () => {
  it("completes an open run it was handed and leaves a completed one exactly as it is", async () => {
    const open = world.repo.addCheckRun({
      sha: world.pull.headSha,
      name: "verdict-gate",
      app: "github-actions",
    });
    const done = world.repo.addCheckRun({
      sha: world.pull.headSha,
      name: "verdict-gate",
      app: "github-actions",
      conclusion: "success",
    });
    const state = {
      "open-check-runs": JSON.stringify([
        { id: open.id, head: world.pull.headSha, pr: world.pull.number },
        { id: done.id, head: world.pull.headSha, pr: world.pull.number },
      ]),
    };
    const post = await runAction({
      api: world.api,
      event: world.event({ event: "pull_request", action: "opened", pull: world.pull }),
      inputs: world.openaiInputs(),
      state,
      entry: "post.js",
    });
    expect(post.code, post.log).toBe(0);
    expect(open.status).toBe("completed");
    expect(open.conclusion).toBe("action_required");
    expect(done.conclusion).toBe("success");
    expect(done.updates).toEqual([]);
    expect(post.log).toContain(`check run ${done.id} is already completed (success): left as it is`);
  });

  it("is the write that still lands after a long rate limit: it waits as GitHub asks (retry-after 120)", async () => {
    const open = world.repo.addCheckRun({
      sha: world.pull.headSha,
      name: "verdict-gate",
      app: "github-actions",
    });
    world.api.faults.inject("PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}", {
      kind: "rate-limit",
      status: 403,
      limit: "secondary",
      retryAfterSeconds: 120,
    });
    const post = await runAction({
      api: world.api,
      event: world.event({ event: "pull_request", action: "opened", pull: world.pull }),
      inputs: world.openaiInputs(),
      // Each "second" of the wait is a millisecond here.
      env: { VERDICT_GATE_BACKOFF_UNIT_MS: "1" },
      state: { "open-check-runs": JSON.stringify([{ id: open.id, head: world.pull.headSha }]) },
      entry: "post.js",
    });
    expect(post.code, post.log).toBe(0);
    expect(world.api.faults.hits[0]?.hits).toBe(1);
    expect(open.conclusion).toBe("action_required");
  });

  it("makes no request when the main step finished every run it started", async () => {
    const main = await world.run({});
    expect(main.outputs.status).toBe("approve");
    expect(JSON.parse(main.state["open-check-runs"] ?? "null")).toEqual([]);
    const before = world.api.requests.length;
    const post = await runAction({
      api: world.api,
      event: world.event({ event: "pull_request", action: "opened", pull: world.pull }),
      inputs: world.openaiInputs(),
      state: main.state,
      entry: "post.js",
    });
    expect(post.code, post.log).toBe(0);
    expect(world.api.requests.length).toBe(before);
  });
});
