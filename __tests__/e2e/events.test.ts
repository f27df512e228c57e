// Every event the gate runs on, and where its check run lands: always the pull request's head commit,
// never the test merge commit GITHUB_SHA names under pull_request, nor the base branch
// pull_request_target's GITHUB_SHA names. Plus the diff paths: GitHub's 406 for large diffs, and
// coverage that caps an approve.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeEventFile } from "../support/github-api/index.js";
import { checkout, promptOf } from "./harness.js";
import { gateChecks, startWorld, type World } from "./world.js";

let world: World;
beforeEach(async () => {
  world = await startWorld();
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

function onlyOnHead() {
  const all = world.repo.checkRuns({ name: "verdict-gate" });
  expect(all.map((c) => c.headSha)).toEqual([world.pull.headSha]);
}

describe("events", () => {
  it("pull_request_target: gates the head, which is only read, never checked out by the event", async () => {
    const event = world.event({ event: "pull_request_target", action: "opened", pull: world.pull });
    // GITHUB_SHA is the base branch under pull_request_target: the gate must ignore it.
    expect(event.env.GITHUB_SHA).not.toBe(world.pull.headSha);
    const run = await world.run({ event });
    expect(run.code, run.log).toBe(0);
    expect(run.outputs.status).toBe("approve");
    onlyOnHead();
  });

  it("pull_request_target with the base checked out (the default) holds instead of checking the wrong tree", async () => {
    const event = world.event({ event: "pull_request_target", action: "opened", pull: world.pull });
    const base = checkout(world.api, world.repo.fullName, world.pull.baseSha);
    world.workspaces.push(base);
    const run = await world.run({ event, workspace: base });
    expect(run.outputs.status).toBe("hold-for-human");
    expect(gateChecks(world)[0]?.output.summary).toMatch(
      /the workspace has the base commit .* checked out, not the pull request's head/,
    );
  });

  it("pull_request with the test merge commit checked out (the default) is the PR's code", async () => {
    const event = world.event({ event: "pull_request", action: "opened", pull: world.pull });
    const merge = checkout(world.api, world.repo.fullName, world.pull.mergeCommitSha);
    world.workspaces.push(merge);
    const run = await world.run({ event, workspace: merge });
    expect(run.outputs.status, run.log).toBe("approve");
    onlyOnHead();
  });

  it("workflow_dispatch with pr: looks the head up through the API", async () => {
    const event = world.event({
      event: "workflow_dispatch",
      repo: world.repo,
      inputs: { pr: String(world.pull.number) },
    });
    const run = await world.run({ event, inputs: { pr: String(world.pull.number) } });
    expect(run.code, run.log).toBe(0);
    expect(run.outputs["head-sha"]).toBe(world.pull.headSha);
    onlyOnHead();
  });

  it("workflow_call from a caller whose event names no PR: the pr input decides", async () => {
    const push = world.event({
      event: "push",
      repo: world.repo,
      branch: "main",
      before: world.pull.baseSha,
      after: world.pull.baseSha,
    });
    const run = await world.run({ event: push, inputs: { pr: String(world.pull.number) } });
    expect(run.code, run.log).toBe(0);
    expect(run.outputs.status).toBe("approve");
    onlyOnHead();
  });

  it("a closed pull request: no check, a clear message, a passing step", async () => {
    world.pull.close();
    const run = await world.run({
      event: world.event({ event: "pull_request", action: "opened", pull: world.pull }),
    });
    expect(run.code).toBe(0);
    expect(run.log).toMatch(/is closed: nothing to gate, no check posted/);
    expect(world.repo.checkRuns({ name: "verdict-gate" })).toEqual([]);
    expect(run.outputs.status).toBeUndefined();
  });

  it("a stale event: gates the commit the event named, on the diff of that commit", async () => {
    const stale = world.event({ event: "pull_request", action: "opened", pull: world.pull });
    const workspace = world.headWorkspace();
    const first = world.pull.headSha;
    world.pull.push({ "src/other.js": "export const x = 1;\n" });
    const run = await world.run({ event: stale, workspace });
    // The change is read by the two SHAs, so the named commit is judged on its own diff (the newer
    // push, which the reviewer never sees here, has a run of its own).
    const check = world.repo.checkRuns({ name: "verdict-gate" })[0];
    expect(check?.headSha).toBe(first);
    expect(world.repo.checkRuns({ name: "verdict-gate", sha: world.pull.headSha })).toEqual([]);
    const prompt = world.openai.requests.map((r) => promptOf(r.json)).join("\n");
    expect(prompt).toContain("src/greet.js");
    expect(prompt).not.toContain("src/other.js");
    expect(
      world.api
        .requestsFor("GET /repos/{owner}/{repo}/compare/{basehead}")
        .map((r) => r.path.split("...")[1]),
    ).toEqual([first, first]);
    expect(run.outputs.status, run.log).toBe("approve");
    expect(check?.conclusion).toBe("success");
  });
});

describe("the diff", () => {
  it("falls back to the comparison's file list when GitHub cannot render the whole diff and still sees all of it", async () => {
    world.api.limits.diffMaxFiles = 0;
    const run = await world.run({});
    const compared = world.api.requestsFor("GET /repos/{owner}/{repo}/compare/{basehead}");
    expect(compared.filter((r) => !/diff/.test(r.headers.accept ?? ""))).toHaveLength(1);
    // And the report says which list the approve stands on.
    expect(gateChecks(world)[0]?.output.summary).toMatch(
      /The change: GitHub could not produce the whole diff \(HTTP 500: Server Error: Sorry, this diff is taking too long to generate\.\); read the comparison's file list instead\./,
    );
    expect(run.outputs.status, run.log).toBe("approve");
    expect(run.outputs.coverage).toBe("100%");
  });

  it("holds for a binary file the file list shows without a patch or changed lines, whatever the reviewer says", async () => {
    world.api.limits.diffMaxFiles = 0;
    world.pull.push([
      { path: "bin/postinstall-helper", content: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 2, 1]) },
    ]);
    const event = world.event({ event: "pull_request", action: "synchronize", pull: world.pull });
    const run = await world.run({ event, workspace: world.headWorkspace() });
    expect(run.outputs.status, run.log).toBe("hold-for-human");
    expect(run.outputs.coverage).not.toBe("100%");
    const summary = gateChecks(world)[0]?.output.summary ?? "";
    expect(summary).toMatch(/bin\/postinstall-helper/);
    expect(summary).toMatch(/without a patch or changed lines: binary content, a mode change or a submodule/);
  });

  it("caps the reviewer at hold when GitHub omits a patch, whatever the reviewer says", async () => {
    world.api.limits.diffMaxFiles = 0;
    world.api.limits.omitPatch = (path: string) => path === "src/greet.js";
    const run = await world.run({});
    expect(run.outputs.status).toBe("hold-for-human");
    expect(run.outputs.coverage).not.toBe("100%");
    expect(gateChecks(world)[0]?.output.summary).toMatch(/did not see all of the diff/);
  });

  it("caps the reviewer at hold when a file is over the diff budget", async () => {
    const big = world.repo.openPullRequest({
      author: "author-dev",
      changes: {
        "src/greet.js": "export const a = 1;\n",
        "src/big.js": `${"export const line = 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx';\n".repeat(400)}`,
      },
    });
    const event = writeEventFile(world.api, { event: "pull_request", action: "opened", pull: big });
    const workspace = checkout(world.api, world.repo.fullName, big.headSha);
    world.workspaces.push(workspace);
    const run = await world.run({ event, workspace, inputs: { "max-diff-tokens": "1000" } });
    expect(run.outputs.status).toBe("hold-for-human");
    expect(big.checkRuns({ name: "verdict-gate" })[0]?.output.summary).toMatch(/src\/big\.js/);
  });

  it("lists what the filters excluded and never reviews it", async () => {
    const lock = world.repo.openPullRequest({
      author: "author-dev",
      changes: { "src/greet.js": "export const b = 2;\n", "package-lock.json": '{"lockfileVersion": 3}\n' },
    });
    const event = writeEventFile(world.api, { event: "pull_request", action: "opened", pull: lock });
    const workspace = checkout(world.api, world.repo.fullName, lock.headSha);
    world.workspaces.push(workspace);
    const run = await world.run({ event, workspace });
    expect(run.outputs.status, run.log).toBe("approve");
    const prompt = JSON.stringify(world.openai.requests.at(-1)?.json);
    expect(prompt).not.toContain("lockfileVersion");
    expect(lock.checkRuns({ name: "verdict-gate" })[0]?.output.summary).toMatch(
      /Excluded by filters: 1 file/,
    );
  });
});
