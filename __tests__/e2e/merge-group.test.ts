// Merge queue, end to end over the bundle: the gate reports on `merge_group.head_sha` (or the queue
// stalls on a required check that never comes). It approves when every pull request in the group has
// an approve round for the head the queue took — the gate's or a person's — and the criteria hold on
// the group's own tree; otherwise it says which pull request, and why. No reviewer is called.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ActionRun } from "./harness.js";
import { dispatch, pushAndRun, tamperStoredState, workspaceAt } from "./rounds-world.js";
import { BASE_FILES, CONTRACT, GOOD_CHANGE, openAI, startWorld, type World } from "./world.js";

const GET_PULL = "GET /repos/{owner}/{repo}/pulls/{pull_number}";
const COMPARE = "GET /repos/{owner}/{repo}/compare/{basehead}";

let world: World;
beforeEach(async () => {
  const contract = {
    ...CONTRACT,
    success_criteria: [
      ...CONTRACT.success_criteria,
      { id: "no-legacy", type: "path_absent", path: "legacy.js", description: "the legacy module is gone" },
    ],
  };
  world = await startWorld({
    baseFiles: { ...BASE_FILES, ".github/verdict-contract.json": JSON.stringify(contract) },
  });
  world.repo.setPermission("admin-ada", "admin");
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

/** The base contract with one more criterion. */
function contractWith(criterion: Record<string, unknown>): string {
  return JSON.stringify({ ...CONTRACT, success_criteria: [...CONTRACT.success_criteria, criterion] });
}

/** The merge_group run for the PR as the queue builds it now, with the group's commit checked out. */
async function queue(): Promise<{ run: ActionRun; headSha: string }> {
  return runGroup(world.repo.createMergeGroup(world.pull));
}

/** The merge_group run for a group the queue built earlier. */
async function runGroup(
  group: ReturnType<World["repo"]["createMergeGroup"]>,
): Promise<{ run: ActionRun; headSha: string }> {
  const run = await world.run({
    event: world.event({ event: "merge_group", repo: world.repo, group }),
    workspace: workspaceAt(world, group.headSha),
  });
  return { run, headSha: group.headSha };
}

function groupCheck(headSha: string) {
  const [check, ...others] = world.repo.checkRuns({ sha: headSha, name: "verdict-gate" });
  expect(others).toEqual([]);
  if (check === undefined) throw new Error("no check run on the merge group's head");
  return check;
}

describe("merge_group", () => {
  it("approves on the group's head when the PR's head was approved, without a reviewer call", async () => {
    expect((await world.run({})).outputs.status).toBe("approve");
    const calls = world.openai.requests.length;
    const { run, headSha } = await queue();
    expect(run.code, run.log).toBe(0);
    expect(run.outputs.status).toBe("approve");
    expect(run.outputs["head-sha"]).toBe(headSha);
    expect(world.openai.requests.length).toBe(calls);
    const check = groupCheck(headSha);
    expect(check.conclusion).toBe("success");
    expect(check.output.summary).toMatch(/#1: approved in round 1/);
    // Nothing lands on the PR's own head for the group.
    expect(world.pull.checkRuns({ name: "verdict-gate" })).toHaveLength(1);
  });

  it("accepts a person's approve of the PR's head", async () => {
    world.openai.script(openAI.block(["src/greet.js:2 — a problem a person overrules"]));
    await world.run({});
    await dispatch(world, "admin-ada", { decision: "approve", reason: "overruled" });
    const { run, headSha } = await queue();
    expect(run.outputs.status).toBe("approve");
    expect(groupCheck(headSha).output.summary).toMatch(/#1: approved by @\u200d?admin-ada in round 2/);
  });

  it("blocks naming the PR when its head was blocked", async () => {
    world.openai.script(openAI.block(["src/greet.js:2 — the greeting ignores an empty name"]));
    await world.run({});
    const { run, headSha } = await queue();
    expect(run.outputs.status).toBe("blocked");
    const check = groupCheck(headSha);
    expect(check.conclusion).toBe("failure");
    expect(check.output.title).toMatch(
      /PR #1 is not approved at its head \(blocked: src\/greet\.js:2 — the greeting ignores an empty name\)/,
    );
  });

  it("holds naming the PR when its current head was never gated (pushed after the approve)", async () => {
    await world.run({});
    world.pull.push({ "src/greet.js": "export const greet = () => 'pushed late';\n" });
    const { run, headSha } = await queue();
    expect(run.outputs.status).toBe("hold-for-human");
    expect(groupCheck(headSha).output.title).toMatch(
      new RegExp(`PR #1 has no round for its head ${world.pull.headSha.slice(0, 12)}`),
    );
  });

  it("holds naming the PR when it has no history at all", async () => {
    const { run, headSha } = await queue();
    expect(run.outputs.status).toBe("hold-for-human");
    expect(groupCheck(headSha).output.title).toMatch(/PR #1 has no verdict-gate history/);
  });

  it("blocks when the criteria fail on the group's tree, though the PR alone passed", async () => {
    expect((await world.run({})).outputs.status).toBe("approve");
    // Another change lands on main first: the group's tree (main + this PR) now breaks a criterion.
    world.repo.commit({ "legacy.js": "module.exports = {};\n" }, { message: "Bring back legacy" });
    const { run, headSha } = await queue();
    expect(run.outputs.status).toBe("blocked");
    expect(groupCheck(headSha).output.summary).toMatch(/no-legacy/);
  });

  it("judges a diff criterion added on main after the PR was approved on the group's own change", async () => {
    expect((await world.run({})).outputs.status).toBe("approve");
    // After the approve, main's contract forbids what the PR adds. On an empty diff this passed.
    world.repo.commit(
      {
        ".github/verdict-contract.json": contractWith({
          id: "no-hello",
          type: "diff_added_absent",
          pattern: "hello",
          description: "no greetings",
        }),
      },
      { message: "Forbid greetings" },
    );
    const { run, headSha } = await queue();
    expect(run.outputs.status).toBe("blocked");
    const check = groupCheck(headSha);
    expect(check.conclusion).toBe("failure");
    expect(check.output.summary).toMatch(/no-hello/);
    expect(check.output.summary).toMatch(/src\/greet\.js:2/);
    // The group's commits and its change's file list in one answer (the base branch compared with the
    // group's head: GitHub resolved main to the group's base), then the diff of the two SHAs, checked
    // against that list.
    const compared = world.api.requestsFor(COMPARE).filter((r) => r.path.endsWith(`...${headSha}`));
    expect(compared.map((r) => [r.path.split("/compare/")[1], /diff/.test(r.headers.accept ?? "")])).toEqual([
      [`main...${headSha}`, false],
      [`${world.repo.record.branches.get("main")}...${headSha}`, true],
    ]);
  });

  it("holds naming the PR when its approve was given under other settings than the group's run (another model)", async () => {
    expect((await world.run({})).outputs.status).toBe("approve");
    const group = world.repo.createMergeGroup(world.pull);
    const run = await world.run({
      event: world.event({ event: "merge_group", repo: world.repo, group }),
      workspace: workspaceAt(world, group.headSha),
      inputs: { model: "gpt-4o-mini" },
    });
    expect(run.outputs.status, run.log).toBe("hold-for-human");
    const check = groupCheck(group.headSha);
    expect(check.conclusion).toBe("action_required");
    expect(check.output.title).toMatch(
      /PR #1's approve does not hold for this group \(since its approve in round 1, the settings that change a judgement changed/,
    );
    expect(check.output.summary).toMatch(/#1: approve no longer holds/);
  });

  it("passes a diff criterion that needs an added line the group's change has (no longer fails every group)", async () => {
    expect((await world.run({})).outputs.status).toBe("approve");
    world.repo.commit({
      ".github/verdict-contract.json": contractWith({
        id: "greets",
        type: "diff_added_contains",
        pattern: "hello",
        min_count: 1,
        description: "greets",
      }),
    });
    const { run, headSha } = await queue();
    expect(run.outputs.status).toBe("approve");
    expect(groupCheck(headSha).conclusion).toBe("success");
  });

  it("holds naming the diff criteria it could not evaluate when the group's change cannot be read", async () => {
    expect((await world.run({})).outputs.status).toBe("approve");
    world.repo.commit({
      ".github/verdict-contract.json": contractWith({
        id: "no-hello",
        type: "diff_added_absent",
        pattern: "hello",
        description: "no greetings",
      }),
    });
    // The change of the two SHAs fails; the group's commits (compared with the branch) still read.
    world.api.faults.inject(
      COMPARE,
      { kind: "status", status: 502 },
      { attempts: "every", when: (r) => !r.path.includes("/compare/main...") },
    );
    const { run, headSha } = await queue();
    expect(run.outputs.status).toBe("hold-for-human");
    const check = groupCheck(headSha);
    expect(check.conclusion).toBe("action_required");
    expect(check.output.title).toMatch(/^hold-for-human: the merge group's change/);
    expect(check.output.summary).toMatch(
      /the merge group's change [0-9a-f]{12}\.\.\.[0-9a-f]{12} could not be read \(.*HTTP 502.*\): the diff criteria no-debugger, no-hello were not evaluated/,
    );
    // Each criterion's row says the same, not the CLI's "(use --diff)": a merge group has no flag.
    expect(check.output.summary).toMatch(/`no-hello` \|[^\n]*the change, and the merge group's change/);
    expect(check.output.summary).not.toMatch(/--diff/);
  });

  it("judges the head the queue took, not one approved after it (the PR's head now)", async () => {
    world.openai.script(openAI.block(["src/greet.js:2 — the greeting ignores an empty name"]));
    expect((await world.run({})).outputs.status).toBe("blocked");
    const queued = world.pull.headSha;
    const group = world.repo.createMergeGroup(world.pull);
    // A push approved while the group, built from the blocked commit, is still being checked.
    const pushed = await pushAndRun(
      world,
      { "src/greet.js": "export const greet = (n) => 'hello ' + (n || 'you');\n" },
      { reply: openAI.approve },
    );
    expect(pushed.outputs.status).toBe("approve");
    expect(queued).not.toBe(world.pull.headSha);
    const readsBefore = world.api.requestsFor(GET_PULL).length;
    const { run, headSha } = await runGroup(group);
    expect(run.outputs.status).toBe("blocked");
    expect(groupCheck(headSha).output.title).toMatch(/PR #1 is not approved at its head \(blocked: /);
    // The queued head came from the branch name: the PR itself was not read for it.
    expect(world.api.requestsFor(GET_PULL).length).toBe(readsBefore);
  });

  it("holds when the PR's history belongs to another check, though it audits and approves", async () => {
    expect((await world.run({})).outputs.status).toBe("approve");
    tamperStoredState(world, (history) => ({ ...history, check: "another-gate" }));
    const { run, headSha } = await queue();
    expect(run.outputs.status).toBe("hold-for-human");
    expect(groupCheck(headSha).output.title).toMatch(
      /PR #1: its round history cannot be trusted \(the stored round history belongs to another pull request or check\)/,
    );
  });

  it("holds when GitHub does not say which app owns the group's check run", async () => {
    expect((await world.run({})).outputs.status).toBe("approve");
    world.api.faults.inject("POST /repos/{owner}/{repo}/check-runs", {
      kind: "edit",
      edit: (json) => ({ ...(json as object), app: null }),
    });
    const { run, headSha } = await queue();
    expect(run.code).not.toBe(0);
    const check = groupCheck(headSha);
    expect(check.conclusion).toBe("action_required");
    expect(JSON.stringify(check.output)).toMatch(/did not say which app owns check run/);
  });

  it("ignores approvals for the PR's earlier head after a new push was blocked", async () => {
    expect((await world.run({})).outputs.status).toBe("approve");
    await pushAndRun(
      world,
      { "src/greet.js": "export const greet = () => { debugger; };\n" },
      { reply: openAI.approve },
    );
    const { run } = await queue();
    expect(run.outputs.status).toBe("blocked");
  });
});

describe("merge_group: a group is every pull request in it", () => {
  /** A second pull request, opened by the same author against main (the contract wants the module). */
  function secondPull() {
    return world.repo.openPullRequest({
      author: "author-dev",
      changes: { ...GOOD_CHANGE, "src/farewell.js": "export const bye = () => 'bye';\n" },
      title: "Add farewell",
    });
  }

  it("a group built on an earlier group blocks naming the earlier PR when it was blocked", async () => {
    const earlier = secondPull();
    world.openai.script(openAI.block(["src/farewell.js:1 — farewell is never exported"]));
    const blocked = await world.run({
      event: world.event({ event: "pull_request", action: "opened", pull: earlier }),
      workspace: workspaceAt(world, earlier.headSha),
    });
    expect(blocked.outputs.status).toBe("blocked");
    world.openai.script(openAI.approve);
    expect((await world.run({})).outputs.status).toBe("approve");
    // The queue took the blocked PR first (it would have passed an older gate), then this one on top.
    const first = world.repo.createMergeGroup(earlier);
    const group = world.repo.createMergeGroup(world.pull, { after: first.headSha });
    const { run, headSha } = await runGroup(group);
    expect(run.outputs.status, run.log).toBe("blocked");
    const check = groupCheck(headSha);
    expect(check.conclusion).toBe("failure");
    expect(check.output.title).toMatch(
      new RegExp(`PR #${earlier.number} is not approved at its head \\(blocked: src/farewell\\.js:1`),
    );
    expect(check.output.summary).toMatch(/#1: approved in round 1/);
    // Read from the group's own commits: compare the base branch with its head, and the queue's branches.
    // Its change (from the earlier group, its base) is another comparison: the diff and its file list.
    const compared = world.api.requestsFor(COMPARE).filter((r) => r.path.endsWith(`...${headSha}`));
    expect(compared.map((r) => r.path.split("/compare/")[1])).toEqual([
      `main...${headSha}`,
      `${first.headSha}...${headSha}`,
      `${first.headSha}...${headSha}`,
    ]);
    expect(world.api.requestsFor("GET /repos/{owner}/{repo}/git/matching-refs/{ref}")).toHaveLength(1);
  });

  it("approves a group of two when both PRs were approved at the heads the queue took", async () => {
    const earlier = secondPull();
    await world.run({
      event: world.event({ event: "pull_request", action: "opened", pull: earlier }),
      workspace: workspaceAt(world, earlier.headSha),
    });
    // This PR brings a change of its own on top of the earlier one (which adds the same module): a
    // group whose own change is empty holds, since an empty diff is no evidence for a diff criterion.
    world.pull.push({ "src/greet.test.js": "import { greet } from './greet.js';\n" });
    expect((await world.run({})).outputs.status).toBe("approve");
    const first = world.repo.createMergeGroup(earlier);
    const { run, headSha } = await runGroup(
      world.repo.createMergeGroup(world.pull, { after: first.headSha }),
    );
    expect(run.outputs.status, run.log).toBe("approve");
    expect(groupCheck(headSha).output.summary).toMatch(
      new RegExp(`#1: approved in round 1; \\\\?#${earlier.number}: approved in round 1`),
    );
  });

  it("holds when a commit of the group belongs to no pull request the queue's branches name", async () => {
    expect((await world.run({})).outputs.status).toBe("approve");
    // A commit that is in no queue branch, under the group: nobody's round judged it.
    const stray = world.repo.commit(
      { "src/backdoor.js": "require('child_process').exec(process.env.X);\n" },
      { branch: "stray", message: "Tidy up" },
    );
    const { run, headSha } = await runGroup(world.repo.createMergeGroup(world.pull, { after: stray }));
    expect(run.code, run.log).toBe(1);
    expect(run.outputs.status).not.toBe("approve");
    const check = groupCheck(headSha);
    expect(check.conclusion).toBe("action_required");
    expect(JSON.stringify(check.output)).toMatch(
      new RegExp(`commit ${stray.slice(0, 12)} \\(\\\\"Tidy up\\\\"\\) belongs to no pull request`),
    );
  });

  it("holds when GitHub cannot list the queue's branches", async () => {
    expect((await world.run({})).outputs.status).toBe("approve");
    world.api.faults.inject(
      "GET /repos/{owner}/{repo}/git/matching-refs/{ref}",
      { kind: "status", status: 502 },
      { attempts: "every" },
    );
    const { run, headSha } = await queue();
    expect(run.code).not.toBe(0);
    expect(groupCheck(headSha).conclusion).toBe("action_required");
  });
});
