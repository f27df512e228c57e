// A check run belongs to a commit, end to end over the bundle. Every open pull request whose head is
// the commit shows the gate's newest check there, so a pass is posted only when each of them passed
// under its own base, contract and history; and a verdict given for the commit under the same
// conditions stands for every pull request of it, so a second pull request cannot ask again.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FakePullRequest } from "../support/github-api/index.js";
import type { ActionRun } from "./harness.js";
import { dispatch, workspaceAt } from "./rounds-world.js";
import { openAI, startWorld, type World } from "./world.js";

const BLOCK = openAI.block(["src/greet.js:2 — the greeting ignores an empty name"]);

let world: World;
beforeEach(async () => {
  world = await startWorld();
  world.repo.setPermission("admin-ada", "admin");
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

/** A branch without the contract, as a base a second pull request can target. */
function branchWithoutContract(name = "release"): void {
  world.repo.commit([{ path: ".github/verdict-contract.json", delete: true }], {
    branch: name,
    message: "No gate here",
  });
}

/** A second pull request whose head is the world's PR's head commit. */
function samehead(options: { base?: string; author?: string } = {}): FakePullRequest {
  return world.repo.openPullRequest({
    at: world.pull.headSha,
    changes: {},
    author: options.author ?? "author-dev",
    title: "The same change again",
    ...(options.base !== undefined ? { base: options.base } : {}),
  });
}

function runFor(pull: FakePullRequest, extra: { inputs?: Record<string, string> } = {}): Promise<ActionRun> {
  return world.run({
    event: world.event({ event: "pull_request", action: "opened", pull }),
    workspace: workspaceAt(world, pull.headSha),
    ...extra,
  });
}

/** The gate's check runs on the shared commit, newest first. */
function checksOnHead() {
  return world.repo.checkRuns({ sha: world.pull.headSha, name: "verdict-gate" });
}

describe("a pass on a commit is a pass for every open pull request whose head it is", () => {
  it("PR #2 into a branch without a contract holds while PR #1, at the same commit, is blocked into main", async () => {
    world.openai.script(BLOCK);
    expect((await world.run({})).outputs.status).toBe("blocked");
    branchWithoutContract();
    const second = samehead({ base: "release" });
    world.openai.script(openAI.approve);
    const run = await runFor(second);
    expect(run.outputs.status, run.log).toBe("hold-for-human");
    expect(run.code).toBe(1);
    const [newest, ...older] = checksOnHead();
    expect(newest?.conclusion).toBe("action_required");
    expect(newest?.output.title).toMatch(
      /PR #1 has the same head commit [0-9a-f]{12} and has not passed there \(blocked: src\/greet\.js:2/,
    );
    expect(newest?.output.summary).toMatch(/\| commit \|/);
    // Nothing on the commit ever passed, not even for a moment.
    expect(checksOnHead().every((c) => c.updates.every((u) => u.conclusion !== "success"))).toBe(true);
    expect(older.map((c) => c.conclusion)).toEqual(["failure"]);
  });

  it("the last of them to pass posts the pass for all; the first holds naming the one not yet judged", async () => {
    branchWithoutContract();
    const second = samehead({ base: "release" });
    const first = await world.run({});
    expect(first.outputs.status).toBe("hold-for-human");
    expect(checksOnHead()[0]?.output.title).toMatch(
      new RegExp(`PR #${second.number} has the same head commit .* has no verdict-gate round for it yet`),
    );
    // Its own round approved and is recorded so: the other pull request's round reads it.
    expect(JSON.parse(first.outputs.exclusions ?? "{}").rounds[0].status).toBe("approve");
    const last = await runFor(second);
    expect(last.outputs.status, last.log).toBe("approve");
    const newest = checksOnHead()[0];
    expect(newest?.conclusion).toBe("success");
    expect(newest?.output.summary).toMatch(/#1: approved in round 1/);
  });

  it("another pull request's approve counts only on the base it was given: after a retarget it holds, naming it", async () => {
    branchWithoutContract();
    const second = samehead({ base: "release" });
    expect((await world.run({})).outputs.status).toBe("hold-for-human");
    expect((await runFor(second)).outputs.status).toBe("approve");
    // #2's approve was for the change into `release`; retargeted to `main`, it is another change,
    // which its own next round judges. Until then #1 may not pass the commit on #2's old word.
    world.repo.commit({ "NOTES.md": "main moved\n" }, { message: "Main moves" });
    second.retarget("main");
    const again = await world.run({});
    expect(again.outputs.status, again.log).toBe("hold-for-human");
    const newest = checksOnHead()[0];
    expect(newest?.conclusion).toBe("action_required");
    expect(newest?.output.title).toMatch(
      new RegExp(
        `PR #${second.number} has the same head commit [0-9a-f]{12}, and its approve there no longer holds \\(since its approve in round 1, the base moved from`,
      ),
    );
    expect(newest?.output.summary).toMatch(new RegExp(`#${second.number}: approve no longer holds`));
  });

  it("a person's approve of a commit holds while another open pull request is blocked there", async () => {
    branchWithoutContract();
    const second = samehead({ base: "release" });
    world.openai.script(BLOCK);
    expect((await runFor(second)).outputs.status).toBe("blocked");
    expect((await world.run({})).outputs.status).toBe("blocked");
    const decided = await dispatch(world, "admin-ada", { decision: "approve", reason: "fine by me" });
    expect(decided.outputs.status).toBe("hold-for-human");
    const newest = checksOnHead()[0];
    expect(newest?.conclusion).toBe("action_required");
    expect(newest?.output.title).toMatch(new RegExp(`PR #${second.number} has the same head commit`));
  });

  it("a pull request opened at the commit while the round ran takes the pass back", async () => {
    let opened: FakePullRequest | undefined;
    world.api.faults.inject(
      "PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}",
      {
        kind: "edit",
        edit: (json) => {
          // Right as the pass lands, someone opens a second pull request of the same head.
          if ((json as { conclusion?: string }).conclusion === "success" && opened === undefined) {
            branchWithoutContract();
            opened = samehead({ base: "release" });
          }
          return json;
        },
      },
      { attempts: "every" },
    );
    const run = await world.run({});
    expect(opened).toBeDefined();
    expect(run.outputs.status, run.log).toBe("hold-for-human");
    const check = checksOnHead()[0];
    expect(check?.updates.map((u) => u.conclusion)).toEqual(["success", "action_required"]);
    expect(check?.conclusion).toBe("action_required");
    expect(check?.output.title).toMatch(
      new RegExp(`PR #${opened?.number} opened with the same head commit [0-9a-f]{12} while this round ran`),
    );
  });

  it("a fork's pull requests, which GitHub does not list for their commit, are found among the open ones", async () => {
    const fork = world.repo.openPullRequest({
      fork: "mallory",
      changes: { "src/greet.js": "export const greet = () => 'hi';\n" },
    });
    world.repo.commit([{ path: ".github/verdict-contract.json", delete: true }], { branch: "release" });
    const twin = world.repo.openPullRequest({
      fork: "mallory",
      at: fork.headSha,
      base: "release",
      changes: {},
    });
    world.openai.script(BLOCK);
    const blocked = await world.run({
      event: world.event({ event: "pull_request_target", action: "opened", pull: fork }),
      workspace: workspaceAt(world, fork.headSha),
    });
    expect(blocked.outputs.status).toBe("blocked");
    world.openai.script(openAI.approve);
    const run = await world.run({
      event: world.event({ event: "pull_request_target", action: "opened", pull: twin }),
      workspace: workspaceAt(world, twin.headSha),
    });
    expect(run.outputs.status, run.log).toBe("hold-for-human");
    expect(world.repo.checkRuns({ sha: fork.headSha, name: "verdict-gate" })[0]?.output.title).toMatch(
      new RegExp(`PR #${fork.number} has the same head commit`),
    );
    // GitHub's list for the commit left both out; the open pull requests were read instead.
    expect(world.api.requestsFor("GET /repos/{owner}/{repo}/pulls").length).toBeGreaterThan(0);
  });
});

describe("a verdict for a commit is shared by every pull request of it", () => {
  it("a duplicate pull request with the same head and base cannot ask again: the block stands", async () => {
    world.openai.script(BLOCK);
    expect((await world.run({})).outputs.status).toBe("blocked");
    // Closing the blocked one does not free the change either.
    world.pull.close();
    const duplicate = samehead();
    world.openai.script(openAI.approve);
    const calls = world.openai.requests.length;
    const run = await runFor(duplicate);
    expect(run.outputs.status, run.log).toBe("blocked");
    expect(world.openai.requests.length).toBe(calls);
    const check = checksOnHead()[0];
    expect(check?.conclusion).toBe("failure");
    expect(check?.output.title).toMatch(/src\/greet\.js:2 — the greeting ignores an empty name/);
    expect(check?.output.summary).toMatch(/reused from PR #1's round 1/);
  });

  it("an approve under the same conditions is reused, not asked for again", async () => {
    expect((await world.run({})).outputs.status).toBe("approve");
    world.pull.close();
    const duplicate = samehead();
    const calls = world.openai.requests.length;
    const run = await runFor(duplicate);
    expect(run.outputs.status, run.log).toBe("approve");
    expect(world.openai.requests.length).toBe(calls);
  });

  it("a verdict given under other conditions (another base's contract) is not reused", async () => {
    world.openai.script(BLOCK);
    expect((await world.run({})).outputs.status).toBe("blocked");
    world.pull.close();
    branchWithoutContract();
    const elsewhere = samehead({ base: "release" });
    world.openai.script(openAI.approve);
    const calls = world.openai.requests.length;
    const run = await runFor(elsewhere);
    // Another question was asked (no contract conditions): the reviewer answered it; the closed
    // pull request no longer shares the commit, so the approve passes.
    expect(world.openai.requests.length).toBe(calls + 1);
    expect(run.outputs.status, run.log).toBe("approve");
  });
});
