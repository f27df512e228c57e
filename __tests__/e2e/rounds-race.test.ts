// Rounds that race lose nothing (issue 12, item 4), end to end over the bundle: two runs of the gate
// on one pull request, interleaved through hooks in the loopback API. The attack: a label
// re-evaluation and a maintainer's dispatched `block` run at once; the block posts failure, then the
// label round rewrites the history without it and posts success. The history comment is now written
// compare-and-swap — re-read just before the write and just after — and a round whose history changed
// is judged again on the new one, never posted on the old.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readHistoryComment } from "../../src/report/history-comment.js";
import { audit, type History } from "../../src/verdict/history.js";
import { openAIReply } from "../support/reviewers.js";
import type { ActionRun } from "./harness.js";
import { commentBody, dispatch, latestCheck } from "./rounds-world.js";
import { gateChecks, openAI, startWorld, type World } from "./world.js";

/** How a round reads the history comment once the gate's runs on the head remember its id (every
 * round here after the first): by that id (src/github/adapter.ts findComment). */
const READ = "GET /repos/{owner}/{repo}/issues/comments/{comment_id}";
const PATCH = "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}";
const POST = "POST /repos/{owner}/{repo}/issues/{issue_number}/comments";
const CONTENTS = "GET /repos/{owner}/{repo}/contents/{path}";

let world: World;
beforeEach(async () => {
  world = await startWorld();
  world.repo.setPermission("maintainer-mo", "write");
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

function stored(): History {
  const read = readHistoryComment(commentBody(world));
  if (!read.ok) throw new Error(read.message);
  return read.history;
}

function deferred<T = void>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Round 1 holds (no verdict: nothing reusable), so the label round asks the reviewer again and, now
 * approving, records a round of its own: the write that could bury the maintainer's block. */
async function heldRound(): Promise<void> {
  world.openai.script(() => openAIReply("I am not sure about this one."));
  const held = await world.run({});
  expect(held.outputs.status).toBe("hold-for-human");
  world.openai.script(openAI.approve);
  world.pull.addLabel("ready");
}

function labelRound(): Promise<ActionRun> {
  return world.run({
    event: world.event({ event: "pull_request", action: "labeled", pull: world.pull, label: "ready" }),
  });
}

function block(): Promise<ActionRun> {
  return dispatch(world, "maintainer-mo", { decision: "block", reason: "not this release" });
}

function expectBlockStands(label: ActionRun, blocked: ActionRun): void {
  expect(blocked.outputs.status).toBe("blocked");
  // The label round saw the block and repeated it instead of passing.
  expect(label.outputs.status).toBe("blocked");
  expect(label.log).toMatch(/judging this round again on the history as it is now/);
  expect(gateChecks(world).map((c) => c.conclusion)).not.toContain("success");
  expect(latestCheck(world).conclusion).toBe("failure");
  const history = stored();
  expect(audit(history).valid).toBe(true);
  expect(history.rounds.map((r) => [r.status, r.decidedBy ?? null])).toEqual([
    ["hold-for-human", null],
    ["blocked", "maintainer-mo"],
  ]);
}

describe("a history that changed while a round ran", () => {
  it("is seen before the write: the label round judges again and repeats the block (the attack)", async () => {
    await heldRound();
    let blocked: ActionRun | undefined;
    // The maintainer's block runs, start to finish, while the label round reads the contract.
    world.api.faults.inject(CONTENTS, {
      kind: "hook",
      run: async () => {
        blocked = await block();
      },
    });
    const label = await labelRound();
    if (blocked === undefined) throw new Error("the block never ran");
    expectBlockStands(label, blocked);
    expect(label.log).toMatch(/the round history changed while this round ran/);
  });

  it("is seen after the write: a write overwritten by another run is judged again", async () => {
    await heldRound();
    // The interleaving the re-read before the write cannot see: the label round writes, the block
    // (which read the history before that write) writes over it, then the label round re-reads.
    const bAtWrite = deferred();
    const aWritten = deferred();
    const bWritten = deferred();
    let aServed = false;
    let bServed = false;
    let blocked: Promise<ActionRun> | undefined;
    world.api.faults.inject(
      PATCH,
      {
        kind: "hook",
        run: async () => {
          blocked = block();
          await bAtWrite.promise;
          aServed = true;
          aWritten.resolve();
        },
      },
      { attempts: [1] },
    );
    world.api.faults.inject(
      PATCH,
      {
        kind: "hook",
        run: async () => {
          bAtWrite.resolve();
          await aWritten.promise;
          await tick(50); // the label round's write is answered first
          bServed = true;
          setTimeout(() => bWritten.resolve(), 50);
        },
      },
      { attempts: [2] },
    );
    // The label round's re-read after its write waits until the block's write is in.
    world.api.faults.inject(
      READ,
      { kind: "hook", run: () => bWritten.promise },
      { attempts: [1], when: () => aServed && !bServed },
    );
    const label = await labelRound();
    if (blocked === undefined) throw new Error("the block never ran");
    expectBlockStands(label, await blocked);
    expect(label.log).toMatch(/written over by another run just after this round wrote it/);
  });

  it("holds past three attempts, and writes nothing over a history that keeps changing", async () => {
    await heldRound();
    const before = stored();
    // Someone edits the comment each time the round is about to write (the table text: the state
    // still reads and audits, so every attempt judges the round again).
    let lists = 0;
    world.api.faults.inject(
      READ,
      {
        kind: "hook",
        run: () => {
          const comment = world.pull.comments().find((c) => c.body.includes("verdict-gate:history"));
          if (comment !== undefined) comment.body = comment.body.replace("round history", "round history ·");
        },
      },
      { attempts: "every", when: () => lists++ % 2 === 1 },
    );
    const label = await labelRound();
    expect(label.code).toBe(1);
    expect(label.outputs.status).toBeUndefined();
    expect(label.commands.join("\n")).toMatch(
      /the round history changed while this round ran \(another run wrote it\), 3 times in a row; nothing was approved/,
    );
    expect(latestCheck(world).conclusion).toBe("action_required");
    expect(stored().rounds.map((r) => r.receipt.hash)).toEqual(before.rounds.map((r) => r.receipt.hash));
    // The reviewer was asked once: judging again asks again only when the question changed.
    expect(world.openai.requests.length).toBe(2);
  });

  it("keeps one history when two first rounds race to create it", async () => {
    let other: ActionRun | undefined;
    // A second run of the first round creates the comment while this one is about to.
    world.api.faults.inject(POST, {
      kind: "hook",
      run: async () => {
        other = await world.run({});
      },
    });
    const run = await world.run({});
    expect(other?.outputs.status).toBe("approve");
    expect(run.outputs.status).toBe("approve");
    const bodies = world.pull.comments().map((c) => c.body);
    expect(bodies.filter((b) => b.startsWith("<!-- verdict-gate:history:"))).toHaveLength(1);
    expect(bodies.filter((b) => b.startsWith("<!-- verdict-gate:superseded -->"))).toHaveLength(1);
    // Each run asked the reviewer: the second's call is a spend of its own, recorded as a round so the
    // pull request's tokens and cost add up (issue 33), in the one history.
    expect(stored().rounds).toHaveLength(2);
    expect(stored().rounds.map((r) => ("tokens" in r ? r.tokens?.totalIn : undefined))).toEqual([
      1_200, 2_400,
    ]);
    expect(audit(stored()).valid).toBe(true);
  });
});
