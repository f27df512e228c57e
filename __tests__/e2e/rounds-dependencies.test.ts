// Dependencies (IFF), end to end over the bundle: each kind of `requires` pending (conditional-on, the
// check run left in progress), failed (blocked with the reason), holding (approve) and timed out
// (hold, counted from the first round that saw it pending, on GitHub's clock). Re-evaluations of the
// same head reuse the recorded reviewer verdict — no reviewer call — unless `force-review` is set.
import { afterEach, describe, expect, it } from "vitest";
import {
  advanceClock,
  baseFilesRequiring,
  exclusionsOf,
  latestCheck,
  pushAndRun,
  scheduled,
  workflowRunCompleted,
} from "./rounds-world.js";
import { startWorld, type World } from "./world.js";

let world: World | undefined;
afterEach(async () => {
  world?.api.assertClean();
  await world?.close();
  world = undefined;
});

async function worldRequiring(requirement: Record<string, unknown>): Promise<World> {
  world = await startWorld({ baseFiles: baseFilesRequiring([requirement]) });
  return world;
}

/** Asserts the round is conditional-on: the check run in progress with the dependency in its title. */
function expectPending(w: World, run: { outputs: Record<string, string> }, title: RegExp) {
  expect(run.outputs.status).toBe("conditional-on");
  const check = latestCheck(w);
  expect(check.status).toBe("in_progress");
  expect(check.conclusion).toBeNull();
  expect(check.output.title).toMatch(title);
}

function expectTimedOut(w: World, run: { outputs: Record<string, string> }, what: RegExp) {
  expect(run.outputs.status).toBe("hold-for-human");
  const check = latestCheck(w);
  expect(check.conclusion).toBe("action_required");
  expect(check.output.title).toMatch(what);
  expect(check.output.title).toMatch(/past its timeout of 30 minutes/);
}

describe("check_run", () => {
  it("pending, still pending without a reviewer call, timed out, failed, then holding", async () => {
    const w = await worldRequiring({ id: "build", type: "check_run", name: "ci/build", timeout_minutes: 30 });
    const first = await w.run({});
    expectPending(
      w,
      first,
      /^conditional-on: waiting for build \(check_run\): check run "ci\/build" has not started/,
    );
    expect(w.openai.requests).toHaveLength(1);

    // CI starts; its workflow_run re-evaluates the same head: the recorded verdict is reused.
    const ci = w.repo.addCheckRun({ sha: w.pull.headSha, name: "ci/build", status: "in_progress" });
    const second = await w.run({ event: workflowRunCompleted(w) });
    expectPending(w, second, /check run "ci\/build" is in_progress/);
    expect(w.openai.requests).toHaveLength(1);
    expect(latestCheck(w).output.summary).toMatch(/reused from round 1/i);

    // Past the timeout on GitHub's clock, counted from round 1.
    advanceClock(w, 45);
    expectTimedOut(w, await w.run({ event: workflowRunCompleted(w) }), /build \(check_run\) still pending/);

    w.repo.completeCheckRun(ci, "failure");
    const failed = await w.run({ event: workflowRunCompleted(w, "failure") });
    expect(failed.outputs.status).toBe("blocked");
    expect(latestCheck(w).conclusion).toBe("failure");
    expect(latestCheck(w).output.title).toMatch(
      /dependency build \(check_run\) failed: check run "ci\/build" concluded failure/,
    );

    // A re-run of CI succeeds: the newest run with that name is what counts.
    w.repo.addCheckRun({ sha: w.pull.headSha, name: "ci/build", conclusion: "success" });
    const held = await w.run({ event: workflowRunCompleted(w) });
    expect(held.code, held.log).toBe(0);
    expect(held.outputs.status).toBe("approve");
    expect(latestCheck(w).conclusion).toBe("success");
    expect(w.openai.requests).toHaveLength(1);
  });

  it("never counts the gate's own check run, nor a neutral or skipped one, as the dependency", async () => {
    const w = await worldRequiring({
      id: "self",
      type: "check_run",
      name: "verdict-gate",
      timeout_minutes: 30,
    });
    expectPending(w, await w.run({}), /check run "verdict-gate" has not started/);
    w.repo.addCheckRun({ sha: w.pull.headSha, name: "verdict-gate", conclusion: "neutral" });
    const run = await w.run({ event: workflowRunCompleted(w) });
    expect(run.outputs.status).toBe("blocked");
    expect(latestCheck(w).output.title).toMatch(/concluded neutral/);
  });
});

describe("status", () => {
  it("pending, timed out, failed, holding; a new push starts a new timer", async () => {
    const w = await worldRequiring({
      id: "deploy",
      type: "status",
      context: "deploy/preview",
      timeout_minutes: 30,
    });
    expectPending(
      w,
      await w.run({}),
      /waiting for deploy \(status\): status "deploy\/preview" has not been reported/,
    );
    w.repo.setStatus({ sha: w.pull.headSha, context: "deploy/preview", state: "pending" });
    const inputs = { pr: String(w.pull.number) };
    expectPending(w, await w.run({ event: scheduled(w), inputs }), /status "deploy\/preview" is pending/);
    advanceClock(w, 31);
    expectTimedOut(w, await w.run({ event: scheduled(w), inputs }), /deploy \(status\) still pending/);

    // A new head: statuses are per commit, so its timer starts afresh.
    const pushed = await pushAndRun(w, { "src/greet.js": "export const greet = (n) => 'hello ' + n;\n" });
    expectPending(w, pushed, /status "deploy\/preview" has not been reported/);

    w.repo.setStatus({
      sha: w.pull.headSha,
      context: "deploy/preview",
      state: "error",
      description: "no space",
    });
    const failed = await w.run({ event: scheduled(w), inputs });
    expect(failed.outputs.status).toBe("blocked");
    expect(latestCheck(w).output.title).toMatch(/status "deploy\/preview" is error \(no space\)/);

    w.repo.setStatus({ sha: w.pull.headSha, context: "deploy/preview", state: "success" });
    const held = await w.run({ event: scheduled(w), inputs });
    expect(held.outputs.status).toBe("approve");
    expect(latestCheck(w).conclusion).toBe("success");
  });
});

describe("pr_merged", () => {
  it("pending, timed out, failed when closed unmerged, holding once merged", async () => {
    // The dependency lives in another repository of the same GitHub.
    const w = await worldRequiring({
      id: "lib-change",
      type: "pr_merged",
      repo: "octo-org/lib",
      number: 1,
      timeout_minutes: 30,
    });
    const other = w.api.createRepo("octo-org", "lib", { files: { "lib.js": "export {};\n" } });
    const dep = other.openPullRequest({ author: "lib-dev", changes: { "lib.js": "export const x = 1;\n" } });
    expect(dep.number).toBe(1);
    const inputs = { pr: String(w.pull.number) };

    expectPending(
      w,
      await w.run({}),
      /waiting for lib-change \(pr_merged\): octo-org\/lib#1 is not merged yet/,
    );
    advanceClock(w, 60);
    expectTimedOut(w, await w.run({ event: scheduled(w), inputs }), /lib-change \(pr_merged\) still pending/);

    dep.close();
    const failed = await w.run({ event: scheduled(w), inputs });
    expect(failed.outputs.status).toBe("blocked");
    expect(latestCheck(w).output.title).toMatch(/octo-org\/lib#1 was closed without merging/);

    dep.reopen();
    dep.merge();
    const held = await w.run({ event: scheduled(w), inputs });
    expect(held.outputs.status).toBe("approve");
    expect(w.openai.requests).toHaveLength(1);
  });
});

describe("label", () => {
  it("pending, timed out, holding once labeled; force-review asks the reviewer again", async () => {
    const w = await worldRequiring({ id: "qa", type: "label", name: "qa-approved", timeout_minutes: 30 });
    const first = await w.run({});
    expectPending(w, first, /waiting for qa \(label\): label "qa-approved" is not on the pull request/);
    // The label's absence is not a failure: an unrelated label re-evaluates to the same pending round.
    w.pull.addLabel("docs");
    const unrelated = await w.run({
      event: w.event({ event: "pull_request", action: "labeled", pull: w.pull, label: "docs" }),
    });
    expectPending(w, unrelated, /qa \(label\)/);
    // Nothing changed: posted again, not recorded again.
    expect(unrelated.outputs.round).toBe("1");
    advanceClock(w, 31);
    expectTimedOut(
      w,
      await w.run({
        event: w.event({ event: "pull_request", action: "labeled", pull: w.pull, label: "docs" }),
      }),
      /qa \(label\) still pending/,
    );
    expect(w.openai.requests).toHaveLength(1);

    w.pull.addLabel("qa-approved");
    const labeled = w.event({ event: "pull_request", action: "labeled", pull: w.pull, label: "qa-approved" });
    const held = await w.run({ event: labeled });
    expect(held.outputs.status).toBe("approve");
    expect(w.openai.requests).toHaveLength(1);

    const forced = await w.run({ event: labeled, inputs: { "force-review": "true" } });
    expect(forced.outputs.status).toBe("approve");
    expect(w.openai.requests).toHaveLength(2);
    expect(latestCheck(w).output.summary).not.toMatch(/reused from round/i);
    expect(exclusionsOf(forced).rounds.every((r) => r.head === w.pull.headSha)).toBe(true);
  });
});

describe("who may satisfy a requirement", () => {
  const labeled = (w: World, name: string) =>
    w.event({ event: "pull_request", action: "labeled", pull: w.pull, label: name });

  it("a label the author added does not count; the same label added by a maintainer does", async () => {
    const w = await worldRequiring({ id: "qa", type: "label", name: "qa-approved", timeout_minutes: 30 });
    w.repo.setPermission("maintainer-mo", "maintain");
    w.pull.addLabel("qa-approved", "author-dev");
    const own = await w.run({ event: labeled(w, "qa-approved") });
    expectPending(
      w,
      own,
      /waiting for qa \(label\): label "qa-approved" was added by @author-dev, the pull request's author/,
    );
    // Even an author with write access cannot label their own pull request ready.
    w.repo.setPermission("author-dev", "write");
    expectPending(w, await w.run({ event: labeled(w, "qa-approved") }), /the pull request's author/);

    w.pull.removeLabel("qa-approved", "maintainer-mo");
    w.pull.addLabel("qa-approved", "maintainer-mo");
    const held = await w.run({ event: labeled(w, "qa-approved") });
    expect(held.outputs.status, held.log).toBe("approve");
    expect(latestCheck(w).output.summary).toMatch(
      /label "qa-approved" was added by @\u200d?maintainer-mo \(maintain\)/,
    );
    expect(
      w.api.requestsFor("GET /repos/{owner}/{repo}/issues/{issue_number}/events").length,
    ).toBeGreaterThan(0);
  });

  it("a label added by someone without write access does not count", async () => {
    const w = await worldRequiring({ id: "qa", type: "label", name: "qa-approved", timeout_minutes: 30 });
    w.repo.setPermission("triager-tim", "triage");
    w.pull.addLabel("qa-approved", "triager-tim");
    expectPending(
      w,
      await w.run({ event: labeled(w, "qa-approved") }),
      /was added by @triager-tim, who has triage permission/,
    );
  });

  it("added_by: anyone lets the author's own label count, as the contract says", async () => {
    const w = await worldRequiring({
      id: "docs",
      type: "label",
      name: "docs-only",
      added_by: "anyone",
      timeout_minutes: 30,
    });
    w.pull.addLabel("docs-only", "author-dev");
    const run = await w.run({ event: labeled(w, "docs-only") });
    expect(run.outputs.status, run.log).toBe("approve");
    expect(w.api.requestsFor("GET /repos/{owner}/{repo}/issues/{issue_number}/events")).toHaveLength(0);
  });

  it("a check run requirement pinned to an app ignores a run of that name by any other app", async () => {
    const w = await worldRequiring({
      id: "e2e",
      type: "check_run",
      name: "e2e",
      app: "other-ci",
      timeout_minutes: 30,
    });
    // A workflow the pull request adds can post an "e2e" run as GitHub Actions.
    w.repo.addCheckRun({ sha: w.pull.headSha, name: "e2e", conclusion: "success", app: "github-actions" });
    expectPending(
      w,
      await w.run({}),
      /check run "e2e" has not started \(1 run\(s\) of that name by other apps do not count\)/,
    );
    w.repo.addCheckRun({ sha: w.pull.headSha, name: "e2e", conclusion: "success", app: "other-ci" });
    const run = await w.run({ event: workflowRunCompleted(w) });
    expect(run.outputs.status, run.log).toBe("approve");
  });

  it("a status pinned to a creator ignores the same context set by anyone else", async () => {
    const w = await worldRequiring({
      id: "deploy",
      type: "status",
      context: "deploy/preview",
      creator: "deploy-bot[bot]",
      timeout_minutes: 30,
    });
    w.repo.setStatus({
      sha: w.pull.headSha,
      context: "deploy/preview",
      state: "success",
      creator: "mallory",
    });
    expectPending(w, await w.run({}), /status "deploy\/preview" has not been reported by deploy-bot\[bot\]/);
    w.repo.setStatus({
      sha: w.pull.headSha,
      context: "deploy/preview",
      state: "success",
      creator: "deploy-bot[bot]",
    });
    const run = await w.run({ event: workflowRunCompleted(w) });
    expect(run.outputs.status, run.log).toBe("approve");
    expect(w.api.requestsFor("GET /repos/{owner}/{repo}/commits/{ref}/statuses").length).toBeGreaterThan(0);
  });
});
