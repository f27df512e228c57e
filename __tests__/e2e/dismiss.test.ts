// Issue 33 item 2: a maintainer dismisses one finding, on the record. `/verdict dismiss <key> <reason>`
// is a person's act under the one rule (src/gate/act-record.ts, person-act.ts): write access, never the
// author nor a pusher, only on the round its person read; its round reuses the recorded answer with the
// finding taken out (src/gate/dismissals.ts). Driven through the action on GitHub's example payloads
// against the loopback API; the attacks come first: the dismissals that would wrongly approve.
import { gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FullRound, History } from "../../src/verdict/history.js";
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
import { commentBody, counted, dispatch, lastPrompt, latestCheck, pushAndRun } from "./rounds-world.js";
import { gateChecks, openAI, startWorld, type World } from "./world.js";

let world: World;
beforeEach(async () => {
  world = await startWorld({
    people: { "author-dev": "write", "maintainer-mo": "write", mallory: "write", "reader-rita": "read" },
  });
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

const FINDING = "src/greet.js:2 — the greeting concatenates without a separator check";
const OTHER = "src/greet.js:1 — greet takes no default name";
/** A line the diff does not show (the file has three). */
const UNSHOWN = "src/greet.js:40 — greet is never exported to the CLI";
const BLOCK = openAI.block([FINDING]);

function history(): History {
  const m = /<!-- verdict-gate:state:v2:([A-Za-z0-9+/=]+) -->/.exec(commentBody(world));
  if (m === null) throw new Error("no state in the history comment");
  return JSON.parse(gunzipSync(Buffer.from(m[1] as string, "base64")).toString("utf8")) as History;
}

const lastRecord = () => history().rounds.at(-1) as FullRound;

/** The dismiss commands the check run prints, finding text → key. */
function printedKeys(): Map<string, string> {
  const summary = latestCheck(world).output.summary ?? "";
  const keys = new Map<string, string>();
  for (const m of summary.matchAll(
    /`\/verdict dismiss ([0-9a-f]{6}) <reason>` — ([^;\n]+?)(?=;|\.\n|\.$|$)/gm,
  ))
    keys.set((m[2] as string).trim(), m[1] as string);
  return keys;
}

function keyOf(finding: string): string {
  const key = printedKeys().get(finding);
  if (key === undefined)
    throw new Error(`no dismiss command printed for ${finding}: ${[...printedKeys().keys()]}`);
  return key;
}

async function blockedRound(reply = BLOCK): Promise<void> {
  world.openai.script(reply);
  const run = await world.run({});
  expect(run.outputs.status, run.log).toBe("blocked");
}

describe("who may dismiss, and on which round (the attacks first)", () => {
  it("the author may not dismiss the finding on their own pull request", async () => {
    await blockedRound();
    await expectRefused(
      world,
      () => commentAs(world, "author-dev", `/verdict dismiss ${keyOf(FINDING)} it is fine`),
      /@author-dev opened pull request #\d+; its author may not dismiss its findings/,
    );
    expect(latestCheck(world).conclusion).toBe("failure");
  });

  it("whoever pushed may not dismiss: Mallory's push blocks and her dismissal is refused", async () => {
    world.openai.script(BLOCK);
    await world.run({});
    await malloryPushes(
      world,
      BLOCK,
      {},
      {
        "src/greet.js": 'export function greet(name) {\n  return "hi " + name;\n}\n',
      },
    );
    await expectRefused(
      world,
      () => commentAs(world, "mallory", `/verdict dismiss ${keyOf(FINDING)} false positive`),
      /@mallory pushed to pull request #\d+/,
    );
  });

  it("a reader may not dismiss", async () => {
    await blockedRound();
    await expectRefused(
      world,
      () => commentAs(world, "reader-rita", `/verdict dismiss ${keyOf(FINDING)} false positive`),
      /@reader-rita has read permission; dismissing a finding needs write access/,
    );
  });

  it("Mallory re-running a maintainer's dismissal is refused: the comment is his words", async () => {
    await blockedRound();
    const key = keyOf(FINDING);
    const done = await commentAs(world, "maintainer-mo", `/verdict dismiss ${key} not reachable`);
    expect(done.run.outputs.status, done.run.log).toBe("approve");
    const before = replies(world).length;
    const again = await rerunComment(world, done, "mallory");
    expect(again.run.outputs.status).toBeUndefined();
    expect(replies(world).slice(before)).toEqual([
      expect.stringMatching(/@mallory re-ran the run of @maintainer-mo's comment/),
    ]);
  });

  it("a dismissal written before the round it would land on was published is refused: he read another round", async () => {
    await blockedRound();
    const key = keyOf(FINDING);
    // He reads round 1 and writes; the author's push is judged (same finding) before his run starts.
    const record = write(world, "maintainer-mo", `/verdict dismiss ${key} not reachable`);
    await pushAndRun(world, { "README.md": "more\n" }, { reply: BLOCK });
    const before = replies(world).length;
    const done = await runOn(world, record);
    expect(done.run.outputs.status).toBeUndefined();
    expect(replies(world).slice(before)[0]).toMatch(
      /applies only to the round its author read|applies only to the commit the gate last judged/,
    );
    expect(latestCheck(world).conclusion).toBe("failure");
  });

  it("an unknown key is refused, naming the keys of that round", async () => {
    await blockedRound();
    const key = keyOf(FINDING);
    const wrong = key === "000000" ? "111111" : "000000";
    await expectRefused(
      world,
      () => commentAs(world, "maintainer-mo", `/verdict dismiss ${wrong} nope`),
      new RegExp(`no finding of round 1 has the key \`${wrong}\`; its keys are: \`${key}\``),
    );
  });

  it("a dismissal needs a reason, within the dismissal's own limit", async () => {
    await blockedRound();
    const done = await commentAs(world, "maintainer-mo", `/verdict dismiss ${keyOf(FINDING)}`);
    expect(done.run.outputs.status).toBeUndefined();
    expect(replies(world).at(-1)).toMatch(/needs a reason on the same line/);
    // Longer than a decision may be, too: the dismissal's limit is the one named.
    const long = await commentAs(
      world,
      "maintainer-mo",
      `/verdict dismiss ${keyOf(FINDING)} ${"validated upstream ".repeat(40).trim()}`,
    );
    expect(long.run.outputs.status).toBeUndefined();
    expect(replies(world).at(-1)).toMatch(
      /the reason is 761 bytes; the history keeps at most 400 for a dismissal/,
    );
    expect(lastRecord().round).toBe(1);
  });

  it("dismissing one of two findings leaves the round blocked, listing the dismissal", async () => {
    await blockedRound(openAI.block([FINDING, OTHER]));
    const calls = world.openai.requests.length;
    const done = await commentAs(world, "maintainer-mo", `/verdict dismiss ${keyOf(FINDING)} not reachable`);
    expect(done.run.outputs.status, done.run.log).toBe("blocked");
    expect(world.openai.requests.length).toBe(calls);
    const summary = latestCheck(world).output.summary ?? "";
    expect(summary).toMatch(/Dismissed by @\u200d?maintainer-mo/);
    expect(summary).toContain("a maintainer dismissed this: not reachable");
    expect(latestCheck(world).conclusion).toBe("failure");
    // The finding left is offered as before: its command beside its text, so a person knows which.
    expect([...printedKeys().keys()]).toEqual([OTHER]);
  });

  it("a round its reply would not approve without the finding (an unresolved earlier reason) offers no dismissal", async () => {
    await blockedRound(openAI.block([OTHER]));
    world.pull.push({ "README.md": "v2\n" });
    // Round 2: one new finding, and the earlier reason said unresolved: dismissing the finding would
    // leave a request for changes that still stands.
    world.openai.script(openAI.block([`${FINDING}\nUNRESOLVED: 1 — still no default`]));
    const run = await world.run({});
    expect(run.outputs.status).toBe("blocked");
    expect(printedKeys().size).toBe(0);
    await expectRefused(
      world,
      () => commentAs(world, "maintainer-mo", "/verdict dismiss 3fa9c2 not reachable"),
      /round 2 stored no finding a maintainer can dismiss/,
    );
    expect(latestCheck(world).conclusion).toBe("failure");
  });
});

describe("a writer's dismissal", () => {
  it("concludes the answer its person read under a `force-review: true` workflow: nobody is asked afresh", async () => {
    await blockedRound();
    const calls = world.openai.requests.length;
    // Asked afresh, this reviewer would approve outright: a fresh approve is no dismissal.
    world.openai.script(openAI.approve);
    const record = write(world, "maintainer-mo", `/verdict dismiss ${keyOf(FINDING)} validated upstream`);
    const event = world.event({
      event: "issue_comment",
      action: "created",
      repo: world.repo,
      pull: world.pull,
      comment: record,
    });
    const run = await world.run({ event, inputs: { "force-review": "true" } });
    expect(run.code, run.log).toBe(0);
    expect(run.outputs.status).toBe("approve");
    expect(world.openai.requests.length).toBe(calls);
    expect(lastRecord().dismissal).toMatchObject({ by: "maintainer-mo", reason: "validated upstream" });
  });

  it("approves a round whose one finding it dismisses, on the record, asking nobody", async () => {
    await blockedRound();
    const calls = world.openai.requests.length;
    const key = keyOf(FINDING);
    const done = await commentAs(
      world,
      "maintainer-mo",
      `/verdict dismiss ${key} the input is validated upstream`,
    );
    expect(done.run.code, done.run.log).toBe(0);
    expect(done.run.outputs.status).toBe("approve");
    expect(world.openai.requests.length).toBe(calls);
    expect(reactions(done.comment)).toEqual(["eyes", "+1"]);
    const check = latestCheck(world);
    expect(check.conclusion).toBe("success");
    expect(check.output.summary).toMatch(/Dismissed by @\u200d?maintainer-mo/);
    expect(check.output.summary).toContain("a maintainer dismissed this: the input is validated upstream");
    const record = lastRecord();
    expect(record.round).toBe(2);
    expect(record.dismissal).toMatchObject({
      by: "maintainer-mo",
      reason: "the input is validated upstream",
      text: FINDING,
      url: expect.stringContaining(`#issuecomment-${done.comment.id}`),
    });
    expect(record.dismissal?.key).toBe(key);
    // Its cost (docs/history.md): the comment re-read, `eyes`, the PR and the permission, who pushed on
    // this app's history (viewer, runs on the head, history by id, commits), then the round reusing the
    // recorded answer (check, history, contract, diff, PRs at the commit, history ×3, check, PRs at the
    // commit: no reviewer call, so no review threads), `+1`.
    expect(done.routes).toEqual([
      "GET /repos/{owner}/{repo}/issues/comments/{comment_id}",
      "POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions",
      "GET /repos/{owner}/{repo}/pulls/{pull_number}",
      "GET /repos/{owner}/{repo}/collaborators/{username}/permission",
      "POST /graphql",
      "GET /repos/{owner}/{repo}/commits/{ref}/check-runs",
      "GET /repos/{owner}/{repo}/issues/comments/{comment_id}",
      "GET /repos/{owner}/{repo}/compare/{basehead}",
      "POST /repos/{owner}/{repo}/check-runs",
      "GET /repos/{owner}/{repo}/issues/comments/{comment_id}",
      "GET /repos/{owner}/{repo}/contents/{path}",
      "GET /repos/{owner}/{repo}/compare/{basehead}",
      "GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls",
      "GET /repos/{owner}/{repo}/issues/comments/{comment_id}",
      "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}",
      "GET /repos/{owner}/{repo}/issues/comments/{comment_id}",
      "PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}",
      "GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls",
      "POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions",
    ]);
    // The review thread printed the same command beside the finding.
    const thread = world.pull
      .reviewThreads()
      .find((t) => t.comments[0]?.author.login === "github-actions[bot]");
    expect(thread?.comments[0]?.body).toContain(`\`/verdict dismiss ${key} <reason>\``);
  });

  it("stands when the same head is judged again: the recorded answer with the dismissal, nobody asked", async () => {
    await blockedRound();
    await commentAs(world, "maintainer-mo", `/verdict dismiss ${keyOf(FINDING)} validated upstream`);
    const calls = world.openai.requests.length;
    const again = await world.run({});
    expect(again.outputs.status, again.log).toBe("approve");
    expect(world.openai.requests.length).toBe(calls);
  });

  it("fails closed: GitHub failing in the dismissal's checks fails the step and leaves the block", async () => {
    await blockedRound();
    const key = keyOf(FINDING);
    const checks = gateChecks(world).map((c) => [c.id, c.status, c.conclusion]);
    world.api.faults.inject(
      "GET /repos/{owner}/{repo}/compare/{basehead}",
      { kind: "status", status: 502 },
      { attempts: "every" },
    );
    const done = await commentAs(world, "maintainer-mo", `/verdict dismiss ${key} validated upstream`);
    expect(done.run.code).toBe(1);
    expect(done.run.outputs.status).not.toBe("approve");
    expect(gateChecks(world).map((c) => [c.id, c.status, c.conclusion])).toEqual(checks);
    expect(latestCheck(world).conclusion).toBe("failure");
    expect(replies(world).at(-1)).toMatch(
      /`\/verdict dismiss [0-9a-f]{6}` could not finish: .*Nothing was approved/s,
    );
    expect(lastRecord().dismissal).toBeUndefined();
  });

  it("fails closed: GitHub failing once the round has started holds the head, never approves", async () => {
    await blockedRound();
    const key = keyOf(FINDING);
    world.api.faults.inject(
      "GET /repos/{owner}/{repo}/contents/{path}",
      { kind: "status", status: 502 },
      { attempts: "every" },
    );
    const done = await commentAs(world, "maintainer-mo", `/verdict dismiss ${key} validated upstream`);
    expect(done.run.code).toBe(1);
    expect(done.run.outputs.status).not.toBe("approve");
    expect(latestCheck(world).conclusion).toBe("action_required");
    expect(lastRecord().dismissal).toBeUndefined();
  });

  it("is shown to the next round's reviewer, and a finding on unchanged lines stays dismissed", async () => {
    await blockedRound();
    await commentAs(world, "maintainer-mo", `/verdict dismiss ${keyOf(FINDING)} validated upstream`);
    // A push that leaves line 2 as it was; the reviewer says the same again.
    const run = await pushAndRun(world, { "README.md": "docs\n" }, { reply: BLOCK });
    const prompt = lastPrompt(world);
    expect(prompt).toContain("## Dismissed findings");
    expect(prompt).toContain(`${FINDING} — a maintainer dismissed this: validated upstream`);
    // Not as an earlier reason to answer RESOLVED/UNRESOLVED for.
    expect(prompt).not.toMatch(/\(round 1\) src\/greet\.js:2/);
    expect(run.outputs.status, run.log).toBe("approve");
    expect(latestCheck(world).output.summary).toMatch(/Dismissed by @\u200d?maintainer-mo/);
  });

  it("spares the reviewer only the earlier reasons whose dismissals are in force: one on lines no diff showed lapses on another head", async () => {
    // Line 40 is not in the diff: its dismissal is known only on the head it was made on.
    await blockedRound(openAI.block([FINDING, UNSHOWN]));
    const unshown = keyOf(UNSHOWN);
    await commentAs(world, "maintainer-mo", `/verdict dismiss ${keyOf(FINDING)} validated upstream`);
    const done = await commentAs(world, "maintainer-mo", `/verdict dismiss ${unshown} not a bug`);
    expect(done.run.outputs.status, done.run.log).toBe("approve");
    // A push that leaves line 2 as it was; the reviewer says the same again.
    const run = await pushAndRun(
      world,
      { "README.md": "docs\n" },
      { reply: openAI.block([FINDING, UNSHOWN]) },
    );
    const prompt = lastPrompt(world);
    expect(prompt).toContain(`${FINDING} — a maintainer dismissed this: validated upstream`);
    expect(prompt).not.toMatch(/\(round 1\) src\/greet\.js:2 /);
    expect(prompt).toMatch(/\(round 1\) src\/greet\.js:40 — greet is never exported/);
    expect(prompt).not.toContain("a maintainer dismissed this: not a bug");
    expect(run.outputs.status, run.log).toBe("blocked");
    const summary = latestCheck(world).output.summary ?? "";
    expect(summary).toContain("a maintainer dismissed this: validated upstream");
    expect(summary).not.toContain("a maintainer dismissed this: not a bug");
  });

  it("is void once its lines change: the same finding on a changed line blocks again", async () => {
    await blockedRound();
    await commentAs(world, "maintainer-mo", `/verdict dismiss ${keyOf(FINDING)} validated upstream`);
    const run = await pushAndRun(
      world,
      { "src/greet.js": 'export function greet(name) {\n  return "hello " + name + "!";\n}\n' },
      { reply: BLOCK },
    );
    expect(run.outputs.status, run.log).toBe("blocked");
    expect(latestCheck(world).conclusion).toBe("failure");
    // The reviewer was asked about the earlier reason again, and not told it was dismissed: a lapsed
    // dismissal hides nothing (a reviewer taking "dismissed" at its word would approve changed lines).
    const prompt = lastPrompt(world);
    expect(prompt).toMatch(/\(round 1\) src\/greet\.js:2 — the greeting/);
    expect(prompt).not.toContain("## Dismissed findings");
    const summary = latestCheck(world).output.summary ?? "";
    expect(summary).not.toContain("dismissed by a maintainer");
    // … unless dismissed again: the new finding has its own command.
    expect(printedKeys().get(FINDING)).toMatch(/^[0-9a-f]{6}$/);
  });
});

describe("the decide workflow's dismissal (workflow_dispatch)", () => {
  it("`dismiss: <key>` with a reason and the head read approves like the comment", async () => {
    await blockedRound();
    const calls = world.openai.requests.length;
    const { result: run, routes } = await counted(world, () =>
      dispatch(world, "maintainer-mo", {
        dismiss: keyOf(FINDING),
        reason: "validated upstream",
        "head-sha": world.pull.headSha,
      }),
    );
    // The comment's 19 less its re-read and reactions, plus the workflow run (who started it, when).
    expect(routes).toHaveLength(17);
    expect(run.code, run.log).toBe(0);
    expect(run.outputs.status).toBe("approve");
    expect(world.openai.requests.length).toBe(calls);
    expect(lastRecord().dismissal).toMatchObject({
      by: "maintainer-mo",
      reason: "validated upstream",
      text: FINDING,
    });
    expect(lastRecord().dismissal?.url).toBeUndefined();
  });

  it("is refused without the head its person read, and from the author, before anything is posted", async () => {
    await blockedRound();
    const key = keyOf(FINDING);
    const checks = gateChecks(world).map((c) => [c.id, c.status, c.conclusion]);
    const unnamed = await dispatch(world, "maintainer-mo", { dismiss: key, reason: "validated upstream" });
    expect(unnamed.code).toBe(1);
    expect(unnamed.commands.join("\n")).toMatch(/a dispatched dismissal must name the head its person read/);
    const byAuthor = await dispatch(world, "author-dev", {
      dismiss: key,
      reason: "mine is fine",
      "head-sha": world.pull.headSha,
    });
    expect(byAuthor.code).toBe(1);
    expect(byAuthor.commands.join("\n")).toMatch(/its author may not dismiss its findings/);
    expect(gateChecks(world).map((c) => [c.id, c.status, c.conclusion])).toEqual(checks);
    expect(lastRecord().round).toBe(1);
  });

  it("needs a reason the history keeps whole and as written, as a dispatched decision does", async () => {
    await blockedRound();
    const checks = gateChecks(world).map((c) => [c.id, c.status, c.conclusion]);
    const key = keyOf(FINDING);
    const asked = (inputs: Record<string, string>) =>
      dispatch(world, "maintainer-mo", { ...inputs, "head-sha": world.pull.headSha });
    const run = await asked({ dismiss: key });
    expect(run.code).toBe(1);
    expect(run.commands.join("\n")).toMatch(/input `reason` is required with `dismiss`/);
    // Refused, never cut: the step fails saying why, and nothing is posted or recorded.
    const long = await asked({ dismiss: key, reason: "validated upstream ".repeat(25) });
    expect(long.code).toBe(1);
    expect(long.commands.join("\n")).toMatch(
      /input `reason` is refused: the reason is 476 bytes; the history keeps at most 400 for a dismissal/,
    );
    const lines = await asked({ dismiss: key, reason: "validated upstream\nsee the ticket" });
    expect(lines.code).toBe(1);
    expect(lines.commands.join("\n")).toMatch(/the reason contains the control character U\+000A/);
    const decided = await asked({ decision: "approve", reason: "checked by hand ".repeat(40) });
    expect(decided.code).toBe(1);
    expect(decided.commands.join("\n")).toMatch(
      /input `reason` is refused: the reason is 641 bytes; the history keeps at most 600 for a decision/,
    );
    expect(gateChecks(world).map((c) => [c.id, c.status, c.conclusion])).toEqual(checks);
    expect(lastRecord().round).toBe(1);
  });
});
