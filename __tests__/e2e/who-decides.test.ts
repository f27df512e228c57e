// Who may decide or force a new answer, and on which commit (issue 22, items 2, 4, 5 and 6), end to
// end: the action run on GitHub's example `issue_comment`, `pull_request` and `workflow_dispatch`
// payloads against the loopback API that checks every request and answer against GitHub's REST
// description. Each attack is played as the issue reproduced it; every refusal ends with nothing
// posted, no reviewer asked, and no passing check.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openAIReply } from "../support/reviewers.js";
import {
  commentAs,
  EYES,
  expectRefused,
  malloryPushes,
  REPLY_ROUTE,
  REREAD,
  reactions,
  replies,
  runOn,
  write,
} from "./commands-world.js";
import type { ActionRun } from "./harness.js";
import {
  advanceClock,
  commentBody,
  dispatch,
  exclusionsOf,
  latestCheck,
  pushAndRun,
  synchronize,
  tally,
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
const NO_VERDICT = () => openAIReply("I am not sure about this one.");

/** What a refused dispatch leaves: a failed step naming why, no status, no check run started or
 * finished, the history as it was, no reviewer asked. */
async function expectDispatchRefused(
  sender: string,
  inputs: Record<string, string>,
  why: RegExp,
): Promise<ActionRun> {
  const checks = gateChecks(world).map((c) => [c.id, c.status, c.conclusion]);
  const history = commentBody(world);
  const calls = world.openai.requests.length;
  const run = await dispatch(world, sender, inputs);
  expect(run.code, run.log).toBe(1);
  expect(run.commands.filter((c) => c.startsWith("::error::")).join("\n")).toMatch(why);
  expect(run.outputs.status).toBeUndefined();
  expect(gateChecks(world).map((c) => [c.id, c.status, c.conclusion])).toEqual(checks);
  expect(commentBody(world)).toBe(history);
  expect(world.openai.requests.length).toBe(calls);
  return run;
}

describe("item 2: a decision lands only on the commit its author saw", () => {
  it("a comment written while the author pushed is refused on the new head, naming the round to read (the attack)", async () => {
    world.openai.script(NO_VERDICT);
    expect((await world.run({})).outputs.status).toBe("hold-for-human");
    const h1 = world.pull.headSha;
    // The author pushes H2; the maintainer, still reading H1's hold, writes an approve; then H2's
    // round runs (the reviewer blocks it), and the comment's run, queued behind it, runs last.
    const pushed = world.pull.push({ "src/greet.js": "export const greet = (n) => eval(n);\n" });
    const said = write(world, "maintainer-mo", "/verdict approve read the greeting, fine");
    advanceClock(world, 1);
    world.openai.script(BLOCK);
    expect((await world.run({ event: synchronize(world, pushed.before) })).outputs.status).toBe("blocked");
    const h2 = world.pull.headSha;
    await expectRefused(
      world,
      () => runOn(world, said),
      new RegExp(
        `round 2 judged ${short(h2)} at .* and was published at .*, after the decision was asked \\(.*\\): its author read round 1 on ${short(h1)} at the latest: the head has moved since; a decision applies only to the round its author read\\. Nothing was decided: read round 2 on ${short(h2)}, then comment again`,
      ),
    );
    expect(latestCheck(world).conclusion).toBe("failure");
    // Having read H2's round, the maintainer may decide it.
    const again = await commentAs(world, "maintainer-mo", "/verdict approve read H2 as well");
    expect(again.run.outputs.status).toBe("approve");
    expect(latestCheck(world).headSha).toBe(h2);
  });

  it("a dispatch naming the head its person read is refused once the head moved, before anything is posted, naming the commit to read", async () => {
    world.openai.script(NO_VERDICT);
    await world.run({});
    const read = world.pull.headSha;
    await pushAndRun(world, { "src/greet.js": "export const greet = (n) => eval(n);\n" }, { reply: BLOCK });
    const now = world.pull.headSha;
    await expectDispatchRefused(
      "maintainer-mo",
      { decision: "approve", reason: "read it, fine", "head-sha": read },
      new RegExp(
        `pull request #\\d+ is at ${short(now)}, not ${short(read)}, the \`head-sha\` this dispatch names: it moved after that commit was read\\. Nothing was decided or reviewed: read the gate's round on ${short(now)}, then dispatch again with \`head-sha: ${now}\``,
      ),
    );
    expect(latestCheck(world).conclusion).toBe("failure");
    const decided = await dispatch(world, "maintainer-mo", {
      decision: "approve",
      reason: "read this one",
      "head-sha": now,
    });
    expect(decided.outputs.status).toBe("approve");
  });

  it("a dispatched re-review naming an old head is refused too, and asks the reviewer nothing", async () => {
    world.openai.script(BLOCK);
    await world.run({});
    const read = world.pull.headSha;
    await pushAndRun(world, { "src/greet.js": "export const greet = () => 'v2';\n" }, { reply: BLOCK });
    await expectDispatchRefused(
      "maintainer-mo",
      { "force-review": "true", "head-sha": read },
      /the `head-sha` this dispatch names: it moved after that commit was read/,
    );
  });
});

describe("item 4: the author cannot re-roll a block", () => {
  it("block, the author forces three times: refused each time and still failure; a maintainer's force is asked and counted", async () => {
    world.openai.script(BLOCK);
    expect((await world.run({})).outputs.status).toBe("blocked");
    // A re-roll would now be answered approve: that is what the author is shopping for.
    world.openai.script(openAI.approve);
    for (let i = 1; i <= 3; i += 1) {
      await expectRefused(
        world,
        () => commentAs(world, "author-dev", "/verdict review --force"),
        /@author-dev opened pull request #\d+; its author may not force a new answer on it, whatever their permission \(asking again until the answer changes is shopping for an approve\)/,
      );
      expect(latestCheck(world).conclusion).toBe("failure");
    }
    const calls = world.openai.requests.length;
    const forced = await commentAs(world, "maintainer-mo", "/verdict review --force");
    expect(world.openai.requests.length).toBe(calls + 1);
    expect(forced.run.outputs.status).toBe("approve");
    // Counted: the block spent one unit, the forced answer another.
    expect(exclusionsOf(forced.run).blocked_rounds).toBe(2);
    expect(latestCheck(world).output.summary).toMatch(/2 of 10 blocked rounds used/);
  });

  it("re-rolling exhausts into a hold: with max-rounds 2 the second forced answer is never asked, though it would approve", async () => {
    const budget = { "max-rounds": "2" };
    world.openai.script(BLOCK);
    await world.run({ inputs: budget });
    const first = await dispatch(world, "maintainer-mo", { ...budget, "force-review": "true" });
    expect(first.outputs.status).toBe("blocked");
    expect(exclusionsOf(first).blocked_rounds).toBe(2);
    world.openai.script(openAI.approve);
    const calls = world.openai.requests.length;
    const second = await dispatch(world, "admin-ada", { ...budget, "force-review": "true" });
    expect(world.openai.requests.length).toBe(calls);
    expect(second.outputs.status).toBe("hold-for-human");
    expect(latestCheck(world).conclusion).toBe("action_required");
    expect(latestCheck(world).output.title).toMatch(
      /rounds exhausted: a forced answer counts against max-rounds/,
    );
    // Terminal: the next forced answer is no way out either; a person decides.
    const third = await dispatch(world, "admin-ada", { ...budget, "force-review": "true" });
    expect(third.outputs.status).toBe("hold-for-human");
    expect(world.openai.requests.length).toBe(calls);
  });

  it("a dispatched force-review by the author is refused: the step fails and nothing is posted", async () => {
    world.openai.script(BLOCK);
    await world.run({});
    world.openai.script(openAI.approve);
    await expectDispatchRefused(
      "author-dev",
      { "force-review": "true" },
      /@author-dev opened pull request #\d+; its author may not force a new answer on it/,
    );
    expect(latestCheck(world).conclusion).toBe("failure");
  });
});

describe("item 5: whoever pushed does not decide", () => {
  it("Mallory's approve of her own push is refused, by comment and by dispatch; a maintainer who did not push decides", async () => {
    expect((await world.run({})).outputs.status).toBe("approve");
    await malloryPushes(world, BLOCK);
    await expectRefused(
      world,
      () => commentAs(world, "mallory", "/verdict approve fine"),
      /@mallory pushed to pull request #\d+ since its last approved round \(pushed [0-9a-f]{12} \(round 2\)\); whoever pushed may not decide it, like its author/,
    );
    await expectDispatchRefused(
      "mallory",
      { decision: "approve", reason: "fine" },
      /@mallory pushed to pull request #\d+ since its last approved round/,
    );
    await expectRefused(
      world,
      () => commentAs(world, "mallory", "/verdict review --force"),
      /@mallory pushed to pull request #\d+ since its last approved round .*may not force a new answer on it/,
    );
    expect(latestCheck(world).conclusion).toBe("failure");
    const decided = await commentAs(world, "maintainer-mo", "/verdict approve read Mallory's change");
    expect(decided.run.outputs.status).toBe("approve");
  });

  it("the push is Mallory's whoever the commit names: a forged author and committer only refuse more people", async () => {
    await world.run({});
    await malloryPushes(world, BLOCK, { author: "maintainer-mo", committer: "maintainer-mo" });
    await expectRefused(
      world,
      () => commentAs(world, "mallory", "/verdict approve fine"),
      /@mallory pushed .*\(pushed [0-9a-f]{12} \(round 2\)\)/,
    );
    await expectRefused(
      world,
      () => commentAs(world, "maintainer-mo", "/verdict approve fine"),
      /@maintainer-mo pushed .*\(the author of [0-9a-f]{7}\)/,
    );
    expect((await commentAs(world, "admin-ada", "/verdict approve read it")).run.outputs.status).toBe(
      "approve",
    );
  });

  it("a commit stays its author's under a later push until a round approves it", async () => {
    await world.run({});
    await malloryPushes(world, BLOCK);
    // Alice pushes on top; Mallory's commit, never approved, is still in the head being decided.
    await pushAndRun(world, { "README.md": "# demo\n\nGreets.\n" }, { reply: BLOCK });
    await expectRefused(
      world,
      () => commentAs(world, "mallory", "/verdict block not like this"),
      /@mallory pushed .*since its last approved round \(pushed [0-9a-f]{12} \(round 2\)\)/,
    );
    // Alice's next push is approved: from then on, Mallory's earlier push is approved code.
    const approved = await pushAndRun(
      world,
      { "src/greet.js": 'export const greet = (n) => "hello " + n;\n', "README.md": "# demo\n\nHello.\n" },
      { reply: openAI.approve },
    );
    expect(approved.outputs.status).toBe("approve");
    await pushAndRun(world, { "README.md": "# demo\n\nGreets people by name.\n" }, { reply: BLOCK });
    const last = await commentAs(world, "mallory", "/verdict approve read it");
    expect(last.run.outputs.status, replies(world).at(-1)).toBe("approve");
  });
});

describe("item 6: a withdrawn command is not carried out", () => {
  it("a command deleted before its run: a reply says so, and nothing else is asked or changed", async () => {
    world.openai.script(NO_VERDICT);
    await world.run({});
    const said = write(world, "maintainer-mo", "/verdict approve fine");
    const checks = gateChecks(world).map((c) => [c.id, c.status, c.conclusion]);
    const history = commentBody(world);
    const done = await runOn(world, said, { meanwhile: () => world.repo.deleteComment(said) });
    expect(done.run.code, done.run.log).toBe(0);
    expect(done.run.outputs.status).toBeUndefined();
    expect(tally(done.routes)).toEqual(tally([REREAD, REPLY_ROUTE]));
    expect(replies(world).at(-1)).toMatch(
      /`\/verdict approve` was not carried out: the comment was deleted before the gate got to it\.\n\nNothing was changed\./,
    );
    expect(done.run.log).toMatch(/not carried out \/verdict approve: the comment was deleted/);
    expect(gateChecks(world).map((c) => [c.id, c.status, c.conclusion])).toEqual(checks);
    expect(latestCheck(world).conclusion).toBe("action_required");
    expect(commentBody(world)).toBe(history);
  });

  it("a command edited before its run, even into another command: not carried out, and said so", async () => {
    world.openai.script(NO_VERDICT);
    await world.run({});
    const said = write(world, "maintainer-mo", "/verdict approve fine");
    const calls = world.openai.requests.length;
    const done = await runOn(world, said, {
      meanwhile: () => world.repo.editComment(said, "/verdict block on second thought"),
    });
    expect(done.run.code, done.run.log).toBe(0);
    expect(tally(done.routes)).toEqual(tally([REREAD, REPLY_ROUTE]));
    expect(replies(world).at(-1)).toMatch(
      /`\/verdict approve` was not carried out: the comment was edited after it was written/,
    );
    expect(reactions(said)).toEqual([]);
    expect(latestCheck(world).conclusion).toBe("action_required");
    expect(world.openai.requests.length).toBe(calls);
  });

  it("a command still as written is carried out, after one read of it", async () => {
    world.openai.script(NO_VERDICT);
    await world.run({});
    const done = await commentAs(world, "maintainer-mo", "/verdict approve fine");
    // Read once, and before anything else: nothing is taken on a comment not read again.
    expect(done.routes[0]).toBe(REREAD);
    expect(tally(done.routes)[EYES]).toBe(2);
    expect(done.run.outputs.status).toBe("approve");
  });
});
