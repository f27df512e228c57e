// A decision and a reused verdict belong to what they were made on (issue 11, item 3), end to end over
// the bundle. The attack: a maintainer approves a held PR into a branch with a lenient contract; the
// PR is retargeted to `main`, whose contract the change fails; a label re-evaluation used to post the
// person's approve again, with no review and no criteria. Every recorded decision and verdict is bound
// to the base commit, the contract read at it and the settings that change a judgement.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readHistoryComment } from "../../src/report/history-comment.js";
import { lastRound } from "../../src/verdict/history.js";
import { fakeReviewerCommand, openAIReply } from "../support/reviewers.js";
import { commentBody, dispatch, latestCheck } from "./rounds-world.js";
import { BASE_FILES, CONTRACT, GOOD_CHANGE, gateChecks, openAI, startWorld, type World } from "./world.js";

/** main's contract wants a test beside the module: the PR (module only) fails it. */
const STRICT = {
  ...CONTRACT,
  success_criteria: [
    ...CONTRACT.success_criteria,
    { id: "tested", type: "file_exists", path: "src/greet.test.js", description: "the module has a test" },
  ],
};

let world: World;
beforeEach(async () => {
  world = await startWorld({
    baseFiles: { ...BASE_FILES, ".github/verdict-contract.json": `${JSON.stringify(STRICT, null, 2)}\n` },
  });
  world.repo.setPermission("maintainer-mo", "write");
  // A release branch whose contract is main's old, lenient one, and the PR into it.
  world.repo.commit(
    { ".github/verdict-contract.json": `${JSON.stringify(CONTRACT, null, 2)}\n` },
    { branch: "release" },
  );
  world.pull = world.repo.openPullRequest({ author: "author-dev", changes: GOOD_CHANGE, base: "release" });
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

async function heldThenApprovedByHand() {
  world.openai.script(() => openAIReply("I am not sure about this one."));
  const held = await world.run({});
  expect(held.outputs.status).toBe("hold-for-human");
  const decided = await dispatch(world, "maintainer-mo", { decision: "approve", reason: "fine for release" });
  expect(decided.outputs.status).toBe("approve");
  expect(latestCheck(world).conclusion).toBe("success");
}

function labeled(name = "ready") {
  world.pull.addLabel(name);
  return world.event({ event: "pull_request", action: "labeled", pull: world.pull, label: name });
}

describe("a person's decision is bound to the base it was made on", () => {
  it("is not re-posted after a retarget to a base whose contract the change fails (the attack)", async () => {
    await heldThenApprovedByHand();
    world.pull.retarget("main");
    world.openai.script(openAI.approve);
    // A label, not the `edited` event: whatever starts the next round must not find the approve.
    const run = await world.run({ event: labeled() });
    expect(run.outputs.status).toBe("blocked");
    const check = latestCheck(world);
    expect(check.conclusion).toBe("failure");
    expect(check.output.summary).not.toMatch(/decided this commit/);
    // It was judged afresh (the criteria ran against main's contract) and says why.
    expect(check.output.summary).toMatch(/tested/);
    expect(check.output.summary).toMatch(/Since round 2, the base moved from [0-9a-f]{12} to [0-9a-f]{12}/);
    expect(run.outputs.round).toBe("3");
  });

  it("is not re-posted after the base branch moved on, even with the same contract", async () => {
    await heldThenApprovedByHand();
    // Another PR lands on release; GitHub reports its new tip as this PR's base.
    world.repo.commit({ "README.md": "# demo, released\n" }, { branch: "release" });
    world.pull.followBase();
    const calls = world.openai.requests.length;
    world.openai.script(() => openAIReply("Still not sure."));
    const run = await world.run({ event: labeled() });
    // The diff judged is base...head: a decision about the old base says nothing about the new one.
    expect(world.openai.requests.length).toBe(calls + 1);
    expect(run.outputs.status).toBe("hold-for-human");
    expect(latestCheck(world).output.summary).toMatch(/Since round 2, the base moved/);
  });

  it("is still re-posted while nothing it was made on changed", async () => {
    await heldThenApprovedByHand();
    const calls = world.openai.requests.length;
    const run = await world.run({ event: labeled() });
    expect(run.outputs).toMatchObject({ status: "approve", round: "2" });
    expect(world.openai.requests.length).toBe(calls);
    expect(latestCheck(world).output.summary).toMatch(/decided this commit in round 2/);
  });

  it("is not re-posted under other settings that change the judgement (another contract path)", async () => {
    await heldThenApprovedByHand();
    world.openai.script(() => openAIReply("Still not sure."));
    const run = await world.run({ event: labeled(), inputs: { contract: ".github/other-contract.json" } });
    expect(run.outputs.status).toBe("hold-for-human");
    expect(latestCheck(world).output.summary).toMatch(
      /Since round 2, the settings that change a judgement changed/,
    );
  });

  it("refuses a decision dispatched after a retarget the gate has not judged, recording nothing", async () => {
    world.openai.script(() => openAIReply("I am not sure about this one."));
    await world.run({});
    const comment = commentBody(world);
    world.pull.retarget("main");
    const run = await dispatch(world, "maintainer-mo", { decision: "approve", reason: "looked fine" });
    expect(run.code).toBe(1);
    expect(run.commands.join("\n")).toMatch(/is not on what round 1 judged: the base moved/);
    expect(run.outputs.status).not.toBe("approve");
    expect(gateChecks(world).map((c) => c.conclusion)).not.toContain("success");
    expect(commentBody(world)).toBe(comment);
  });

  it("records the decision bound to the round it decided", async () => {
    await heldThenApprovedByHand();
    const read = readHistoryComment(commentBody(world));
    if (!read.ok) throw new Error(read.message);
    const rounds = read.history.rounds;
    const decided = lastRound(read.history);
    const held = rounds[0];
    expect(decided?.decidedBy).toBe("maintainer-mo");
    expect(held && "binding" in held ? held.binding : undefined).toEqual(decided?.binding);
    expect(decided?.binding?.base).toBe(world.pull.baseSha);
    expect(decided?.binding?.contract).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("a reviewer's verdict is reused only under the same contract and settings", () => {
  it("asks again when the reviewer's command line changed, though its label did not", async () => {
    // `command node` both times: the old fingerprint (label, prompt, diff) could not tell them apart.
    const as = (mode: string, ...args: string[]) => ({
      provider: "command",
      model: "",
      "api-key": "",
      command: fakeReviewerCommand(mode, ...args),
    });
    const first = await world.run({ inputs: as("approve-bound") });
    expect(first.outputs.status).toBe("approve");
    const again = await world.run({
      event: labeled(),
      inputs: as("block-bound", "src/greet.js:2 — the stricter reviewer finds a bug"),
    });
    expect(again.outputs["reviewer-verdict"]).toBe("REQUEST_CHANGES");
    expect(again.outputs.status).toBe("blocked");
    expect(latestCheck(world).output.summary).not.toMatch(/reused from round 1/);
  });

  it("asks again when the contract at the base changed, though the reviewer's conditions read the same", async () => {
    await world.run({});
    const calls = world.openai.requests.length;
    // Only a criterion's pattern changes: its id and description (what the reviewer is shown) do not.
    const changed = {
      ...CONTRACT,
      success_criteria: CONTRACT.success_criteria.map((c) =>
        c.id === "no-debugger" ? { ...c, pattern: "\\bdebugger\\b|\\bconsole\\.log\\b" } : c,
      ),
    };
    world.repo.commit(
      { ".github/verdict-contract.json": `${JSON.stringify(changed, null, 2)}\n` },
      { branch: "release" },
    );
    world.pull.followBase();
    const again = await world.run({ event: labeled() });
    expect(world.openai.requests.length).toBe(calls + 1);
    expect(again.outputs.status).toBe("approve");
    expect(latestCheck(world).output.summary).toMatch(
      /Since round 1, the base moved .*; the contract at the base changed/,
    );
  });
});
