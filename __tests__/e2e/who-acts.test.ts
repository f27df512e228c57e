// Issue 31, the fifth outside pass: one rule for who acts and when. Every act of a person — a
// `/verdict` comment, a dispatched decision, a forced review, a re-run of any of them — is one record:
// who started this attempt, when it was asked, and which round was published to people then
// (src/gate/act-record.ts, person-act.ts, decision-target.ts). Each story is the attack as the issue
// reproduced it, against the action run on GitHub's example payloads and the loopback API, which
// checks every request and answer (the workflow run, `GET /actions/runs/{run_id}`, and GraphQL's
// `viewer` included) against GitHub's own descriptions; each ends non-passing, the pull request as it
// was.
import { gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderHistoryComment } from "../../src/report/history-comment.js";
import { type History, seal } from "../../src/verdict/history.js";
import { openAIReply } from "../support/reviewers.js";
import {
  commentAs,
  expectRefused,
  malloryPushes,
  reactions,
  replies,
  rerunComment,
  runOn,
  write,
} from "./commands-world.js";
import type { ActionRun } from "./harness.js";
import {
  advanceClock,
  commentBody,
  counted,
  dispatch,
  dispatchEvent,
  latestCheck,
  pushAndRun,
  rerunDispatch,
  runDispatch,
  synchronize,
} from "./rounds-world.js";
import { gateChecks, openAI, startWorld, type World } from "./world.js";

let world: World;
beforeEach(async () => {
  world = await startWorld({
    people: { "author-dev": "write", "maintainer-mo": "write", "admin-ada": "admin", mallory: "write" },
  });
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

const short = (sha: string) => sha.slice(0, 12);
const BLOCK = openAI.block(["src/greet.js:2 — the greeting drops the name"]);
const HOLD = () => openAIReply("I am not sure about this one.");
const WORKFLOW_RUN = "GET /repos/{owner}/{repo}/actions/runs/{run_id}";

/** What a refused run leaves: a failed step naming why, no status, no check run started or finished,
 * the history as it was, no reviewer asked. */
async function expectStepRefused(act: () => Promise<ActionRun>, why: RegExp): Promise<ActionRun> {
  const checks = gateChecks(world).map((c) => [c.id, c.status, c.conclusion]);
  const history = commentBody(world);
  const calls = world.openai.requests.length;
  const run = await act();
  expect(run.code, run.log).toBe(1);
  expect(run.commands.filter((c) => c.startsWith("::error::")).join("\n")).toMatch(why);
  expect(run.outputs.status).toBeUndefined();
  expect(gateChecks(world).map((c) => [c.id, c.status, c.conclusion])).toEqual(checks);
  expect(commentBody(world)).toBe(history);
  expect(world.openai.requests.length).toBe(calls);
  return run;
}

/** H1 held; the author pushes H2, which blocks. Returns both heads. */
async function heldThenPushed(): Promise<{ h1: string; h2: string }> {
  world.openai.script(HOLD);
  expect((await world.run({})).outputs.status).toBe("hold-for-human");
  const h1 = world.pull.headSha;
  await pushAndRun(world, { "src/greet.js": "export const greet = (n) => eval(n);\n" }, { reply: BLOCK });
  return { h1, h2: world.pull.headSha };
}

describe("story 1: a dispatch binds to the head its person read, and to when it was asked", () => {
  it("a dispatched decision that names no head-sha is refused, pointing at the command the check run prints", async () => {
    await heldThenPushed();
    await expectStepRefused(
      () =>
        dispatch(world, "maintainer-mo", { decision: "approve", reason: "read H1, fine", "head-sha": "" }),
      /a dispatched decision must name the head its person read in `head-sha`.*the gate's check run on the commit you read prints the command/,
    );
    expect(latestCheck(world).conclusion).toBe("failure");
  });

  it("a dispatch asked before the round it would land on was published is refused, though it names that head (what `gh pr view --json headRefOid` returned)", async () => {
    world.openai.script(HOLD);
    await world.run({});
    const h1 = world.pull.headSha;
    const pushed = world.pull.push({ "src/greet.js": "export const greet = (n) => eval(n);\n" });
    // The maintainer, still reading H1's hold, fills head-sha with the pull request's head now: H2.
    const asked = dispatchEvent(world, "maintainer-mo", {
      decision: "approve",
      reason: "read it, fine",
      "head-sha": world.pull.headSha,
    });
    // H2's round runs first, in the queue, and blocks.
    advanceClock(world, 1);
    world.openai.script(BLOCK);
    expect((await world.run({ event: synchronize(world, pushed.before) })).outputs.status).toBe("blocked");
    const h2 = world.pull.headSha;
    const { result, routes } = await counted(world, () =>
      expectStepRefused(
        () => runDispatch(world, asked),
        new RegExp(
          `round 2 judged ${short(h2)} at .* and was published at .*, after the decision was asked \\(.*\\): its author read round 1 on ${short(h1)} at the latest: the head has moved since; a decision applies only to the round its author read\\. Nothing was decided: read round 2 on ${short(h2)}, then dispatch it again with \`head-sha: ${h2}\``,
        ),
      ),
    );
    expect(result.code).toBe(1);
    // When it was asked is the workflow run's, as GitHub keeps it.
    expect(routes).toContain(WORKFLOW_RUN);
    expect(latestCheck(world).conclusion).toBe("failure");
  });

  it("the hold's next step prints the dispatch naming the head it judged, and that dispatch decides it", async () => {
    world.openai.script(HOLD);
    await world.run({});
    const judged = world.pull.headSha;
    const summary = latestCheck(world).output.summary ?? "";
    expect(summary).toContain(
      `gh workflow run verdict-gate.yml -f pr=${world.pull.number} -f head-sha=${judged} -f decision=approve -f reason=`,
    );
    const decided = await dispatch(world, "maintainer-mo", {
      decision: "approve",
      reason: "read it, fine",
      "head-sha": judged,
    });
    expect(decided.outputs.status, decided.log).toBe("approve");
  });
});

describe("story 2: a re-run is a new act, by whoever started it", () => {
  it("Mallory re-running a maintainer's dispatched force-review acts as Mallory: refused, she pushed", async () => {
    world.openai.script(BLOCK);
    await world.run({});
    // Day 1: the maintainer asks for a forced answer (blocked again).
    const day1 = dispatchEvent(world, "maintainer-mo", { "force-review": "true" });
    expect((await runDispatch(world, day1)).outputs.status).toBe("blocked");
    // Day 2: Mallory pushes (blocked), then re-runs the maintainer's day-1 run; a re-roll would approve.
    await malloryPushes(world, BLOCK);
    world.openai.script(openAI.approve);
    await expectStepRefused(
      () => rerunDispatch(world, day1, "mallory"),
      /@mallory pushed to pull request #\d+ since its last approved round .*; whoever pushed may not force a new answer on it/,
    );
    expect(latestCheck(world).conclusion).toBe("failure");
  });

  it("Mallory re-running a maintainer's dispatched approve acts as Mallory: refused, and never in his name", async () => {
    world.openai.script(HOLD);
    await world.run({});
    const h1 = world.pull.headSha;
    const day1 = dispatchEvent(world, "maintainer-mo", {
      decision: "approve",
      reason: "read it, fine",
      "head-sha": h1,
    });
    expect((await runDispatch(world, day1)).outputs.status).toBe("approve");
    await malloryPushes(world, BLOCK);
    await expectStepRefused(
      () => rerunDispatch(world, day1, "mallory"),
      /@mallory pushed to pull request #\d+ since its last approved round/,
    );
    expect(latestCheck(world).conclusion).toBe("failure");
  });

  it("a re-run by the act's own person is their act at this attempt's time: the round published since counts as read", async () => {
    world.openai.script(BLOCK);
    await world.run({});
    const day1 = dispatchEvent(world, "admin-ada", { "force-review": "true" });
    expect((await runDispatch(world, day1)).outputs.status).toBe("blocked");
    // The author pushes; its round is published; the admin, having read it, re-runs her forced review.
    await pushAndRun(world, { "src/greet.js": "export const greet = () => 'v2';\n" }, { reply: BLOCK });
    world.openai.script(openAI.approve);
    const again = await rerunDispatch(world, day1, "admin-ada");
    expect(again.outputs.status, again.log).toBe("approve");
  });
});

describe("story 2: a comment's run re-run by its own author", () => {
  it("still stands for the round read when it was written: a round published since is not decided by it", async () => {
    world.openai.script(BLOCK);
    await world.run({});
    const blocked = await commentAs(world, "maintainer-mo", "/verdict block the name is dropped");
    expect(blocked.run.outputs.status).toBe("blocked");
    // The author pushes a fix; its round approves and is published. The maintainer never read it,
    // and "Re-run jobs" on his day-old comment's run shows no round.
    await pushAndRun(
      world,
      { "src/greet.js": "export const greet = (n) => 'hi ' + n;\n" },
      { reply: openAI.approve },
    );
    expect(latestCheck(world).conclusion).toBe("success");
    const checks = gateChecks(world).map((c) => [c.id, c.status, c.conclusion]);
    const history = commentBody(world);
    const before = replies(world).length;
    const again = await rerunComment(world, blocked, "maintainer-mo");
    expect(again.run.code, again.run.log).toBe(0);
    expect(again.run.outputs.status).toBeUndefined();
    expect(replies(world).slice(before)).toHaveLength(1);
    expect(reactions(again.comment).at(-1)).toBe("confused");
    expect(gateChecks(world).map((c) => [c.id, c.status, c.conclusion])).toEqual(checks);
    expect(commentBody(world)).toBe(history);
    expect(latestCheck(world).conclusion).toBe("success");
  });
});

describe("story 3: a forced answer is an act, bound to the round its person read", () => {
  it("Mallory re-running a maintainer's old `/verdict review --force` comment run is refused: the comment is his words", async () => {
    world.openai.script(BLOCK);
    await world.run({});
    world.openai.script(BLOCK);
    const forced = await commentAs(world, "maintainer-mo", "/verdict review --force");
    expect(forced.run.outputs.status).toBe("blocked");
    await malloryPushes(world, BLOCK);
    // Her own forced answer is refused…
    await expectRefused(
      world,
      () => commentAs(world, "mallory", "/verdict review --force"),
      /@mallory pushed to pull request #\d+/,
    );
    // … and so is the maintainer's, re-run by her, though it is re-read by id and unchanged.
    world.openai.script(openAI.approve);
    const checks = gateChecks(world).map((c) => [c.id, c.status, c.conclusion]);
    const history = commentBody(world);
    const calls = world.openai.requests.length;
    const before = replies(world).length;
    const again = await rerunComment(world, forced, "mallory");
    expect(again.run.code, again.run.log).toBe(0);
    expect(again.run.outputs.status).toBeUndefined();
    expect(replies(world).slice(before)).toEqual([
      expect.stringMatching(
        /@mallory re-ran the run of @maintainer-mo's comment; a comment's command is its author's alone[\s\S]*Nothing was changed\./,
      ),
    ]);
    expect(reactions(again.comment).at(-1)).toBe("confused");
    expect(gateChecks(world).map((c) => [c.id, c.status, c.conclusion])).toEqual(checks);
    expect(commentBody(world)).toBe(history);
    expect(world.openai.requests.length).toBe(calls);
    expect(latestCheck(world).conclusion).toBe("failure");
  });

  it("a maintainer's `/verdict review --force`, queued behind a push's round, is refused: he read the round before it", async () => {
    world.openai.script(BLOCK);
    await world.run({});
    const h1 = world.pull.headSha;
    const said = write(world, "maintainer-mo", "/verdict review --force");
    advanceClock(world, 1);
    await malloryPushes(world, BLOCK);
    const h2 = world.pull.headSha;
    world.openai.script(openAI.approve);
    await expectRefused(
      world,
      () => runOn(world, said),
      new RegExp(
        `round 2 judged ${short(h2)} at .* and was published at .*, after the forced answer was asked \\(.*\\): its author read round 1 on ${short(h1)} at the latest: the head has moved since; a forced answer applies only to the round its author read\\. Nothing was asked: read round 2 on ${short(h2)}, then comment again`,
      ),
    );
    expect(latestCheck(world).conclusion).toBe("failure");
  });

  it("a dispatched force-review asked before the round it would force was published is refused", async () => {
    world.openai.script(BLOCK);
    await world.run({});
    const asked = dispatchEvent(world, "maintainer-mo", { "force-review": "true" });
    advanceClock(world, 1);
    await pushAndRun(world, { "src/greet.js": "export const greet = () => 'v2';\n" }, { reply: BLOCK });
    world.openai.script(openAI.approve);
    await expectStepRefused(
      () => runDispatch(world, asked),
      /after the forced answer was asked .* a forced answer applies only to the round its author read/,
    );
  });
});

describe("story 4: a round is read from when it was published, not from when it concluded", () => {
  it("a `/verdict approve` written while round 2's history write was held back lands on nothing", async () => {
    world.openai.script(HOLD);
    await world.run({});
    const pushed = world.pull.push({ "src/greet.js": "export const greet = (n) => eval(n);\n" });
    advanceClock(world, 1);
    // Round 2 concludes (blocked); its history write is held back (a secondary rate limit): meanwhile
    // the page still shows round 1 and the check says in progress, and the maintainer approves.
    let said: ReturnType<typeof write> | undefined;
    world.api.faults.inject("PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}", {
      kind: "hook",
      run: () => {
        said = write(world, "maintainer-mo", "/verdict approve read it, fine");
        advanceClock(world, 1);
      },
    });
    world.openai.script(BLOCK);
    expect((await world.run({ event: synchronize(world, pushed.before) })).outputs.status).toBe("blocked");
    if (said === undefined) throw new Error("the history write was never held back");
    const written = said;
    await expectRefused(
      world,
      () => runOn(world, written),
      /round 2 judged [0-9a-f]{12} at .* and was published at .*, after the decision was asked/,
    );
    expect(latestCheck(world).conclusion).toBe("failure");
  });
});

/** The history as stored in the gate's comment. */
function storedHistory(body: string): History {
  const m = /<!-- verdict-gate:state:v2:([A-Za-z0-9+/=]+) -->/.exec(body);
  if (m === null) throw new Error("no state in the comment");
  return JSON.parse(gunzipSync(Buffer.from(m[1] as string, "base64")).toString("utf8")) as History;
}

/** The same history without who pushed, sealed again so that its chain audits: anyone can compute
 * the hashes. */
function resealedWithoutPushers(history: History): History {
  let sealed: History = { ...history, rounds: [] };
  for (const round of history.rounds) {
    if (!("body" in round) && "receipt" in round) {
      const {
        pushedBy: _dropped,
        receipt,
        ...rest
      } = round as History["rounds"][number] & { pushedBy?: string };
      const draft = { ...rest, receipt: { before: receipt.before, after: receipt.after } };
      sealed = { ...sealed, rounds: [...sealed.rounds, seal(sealed, draft as Parameters<typeof seal>[1])] };
    }
  }
  return sealed;
}

describe("story 5: one trust root for who pushed", () => {
  it("an act whose app GitHub cannot name is not carried out: the step fails and nothing is posted", async () => {
    world.openai.script(HOLD);
    await world.run({});
    world.api.faults.inject("POST /graphql", { kind: "status", status: 502 }, { attempts: "every" });
    await expectStepRefused(
      () => dispatch(world, "maintainer-mo", { decision: "approve", reason: "read it, fine" }),
      /read which app this token acts as/,
    );
    expect(latestCheck(world).conclusion).toBe("action_required");
  });

  it("another app's newer run and a resealed history do not drop Mallory from the pushers", async () => {
    expect((await world.run({})).outputs.status).toBe("approve");
    // Mallory's push names the pull request's author as the commit's author and committer: only the
    // gate's record of the `synchronize` sender names her.
    await malloryPushes(world, BLOCK, { author: "author-dev" });
    const real = storedHistory(commentBody(world));
    expect(real.rounds.at(-1)).toMatchObject({ pushedBy: "mallory" });
    // Another app (a branch workflow with its own identity) posts a run of the check's name on the
    // head and a copy of the history without her, sealed again.
    const forged = world.pull.comment(
      "other-ci[bot]",
      renderHistoryComment(resealedWithoutPushers(real), { checkName: "verdict-gate" }),
      "Bot",
    );
    const foreign = world.repo.addCheckRun({
      sha: world.pull.headSha,
      name: "verdict-gate",
      app: "other-ci",
    });
    foreign.externalId = `verdict-gate:pr:${world.pull.number}:h:${forged.id}`;
    world.repo.completeCheckRun(foreign, "failure");
    await expectRefused(
      world,
      () => commentAs(world, "mallory", "/verdict approve fine"),
      /@mallory pushed to pull request #\d+ since its last approved round \(pushed [0-9a-f]{12} \(round 2\)\)/,
    );
    expect(latestCheck(world).conclusion).toBe("failure");
    expect(replies(world)).toHaveLength(1);
  });
});
