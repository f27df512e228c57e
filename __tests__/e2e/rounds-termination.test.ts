// How the author's loop ends, end to end over the bundle: contradicting reasons hold for a person;
// after max-rounds blocked rounds the gate holds as exhausted and then stops evaluating (no reviewer
// call) until max-rounds is raised; and a history it cannot trust — forged by another account,
// edited, or undecodable — never feeds a verdict.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readHistoryComment, renderHistoryComment } from "../../src/report/history-comment.js";
import { yes } from "../../src/verdict/four-values.js";
import { append, audit, emptyHistory, recordHash } from "../../src/verdict/history.js";
import { concludeRound } from "../../src/verdict/loop-rules.js";
import { commentBody, exclusionsOf, latestCheck, pushAndRun, tamperStoredState } from "./rounds-world.js";
import { openAI, startWorld, type World } from "./world.js";

let world: World;
beforeEach(async () => {
  world = await startWorld();
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

const version = (n: number) => ({
  "src/greet.js": `export function greet(name) {\n  return "hello " + name; // v${n}\n}\n`,
});

describe("contradictions", () => {
  it("holds for a person when a round asks for the opposite of an earlier one at the same place", async () => {
    world.openai.script(openAI.block(["src/greet.js:2 — add a null check for name"]));
    const first = await world.run({});
    expect(first.outputs.status).toBe("blocked");

    const second = await pushAndRun(world, version(2), {
      reply: openAI.block(["src/greet.js:2 — remove the null check for name"]),
    });
    expect(second.outputs.status).toBe("hold-for-human");
    expect(second.outputs["reviewer-verdict"]).toBe("REQUEST_CHANGES");
    const check = latestCheck(world);
    expect(check.conclusion).toBe("action_required");
    expect(check.output.title).toMatch(
      /^hold-for-human: .*contradiction: round 1 asked "src\/greet\.js:2 — add a null check for name", this round asks "src\/greet\.js:2 — remove the null check for name"/,
    );
    // The hold is not another try for the author: no unit of the budget is spent.
    expect(exclusionsOf(second).blocked_rounds).toBe(1);
    expect(exclusionsOf(second).rounds[1]?.status).toBe("hold-for-human");
    expect(second.code).toBe(1);
  });
});

describe("exhaustion", () => {
  it("holds as exhausted after max-rounds blocked rounds, then stops calling the reviewer until max-rounds is raised", async () => {
    const small = { "max-rounds": "2" };
    world.openai.script(openAI.block(["src/greet.js:2 — first problem"]));
    expect((await world.run({ inputs: small })).outputs.status).toBe("blocked");
    const second = await pushAndRun(world, version(2), {
      reply: openAI.block(["src/greet.js:2 — second problem"]),
      inputs: small,
    });
    expect(second.outputs.status).toBe("blocked");
    expect(exclusionsOf(second).blocked_rounds).toBe(2);

    // Rank 0: the next would-be block becomes the exhausted hold (the reviewer is still asked).
    const calls = world.openai.requests.length;
    const third = await pushAndRun(world, version(3), {
      reply: openAI.block(["src/greet.js:2 — third problem"]),
      inputs: small,
    });
    expect(world.openai.requests.length).toBe(calls + 1);
    expect(third.outputs.status).toBe("hold-for-human");
    expect(latestCheck(world).output.title).toMatch(
      /rounds exhausted: 2 blocked rounds reached max-rounds \(2\)/,
    );
    // Its reasons stay visible: the person deciding needs them.
    expect(exclusionsOf(third).rounds[2]?.reasons[0]?.reason).toContain("third problem");

    // Terminal: a new push is held without a reviewer call.
    const fourth = await pushAndRun(world, version(4), { reply: openAI.approve, inputs: small });
    expect(world.openai.requests.length).toBe(calls + 1);
    expect(fourth.outputs.status).toBe("hold-for-human");
    expect(fourth.outputs["reviewer-verdict"]).toBe("SKIPPED");
    expect(latestCheck(world).conclusion).toBe("action_required");
    expect(latestCheck(world).output.title).toMatch(/rounds exhausted/);

    // A maintainer raises max-rounds: the same head is evaluated again and may block once more.
    world.openai.script(openAI.block(["src/greet.js:2 — fourth problem"]));
    const resumed = await world.run({
      event: world.event({ event: "pull_request", action: "reopened", pull: world.pull }),
      inputs: { "max-rounds": "4" },
    });
    expect(world.openai.requests.length).toBe(calls + 2);
    expect(resumed.outputs.status).toBe("blocked");
    const exclusions = exclusionsOf(resumed);
    expect(exclusions.blocked_rounds).toBe(3);
    expect(exclusions.max_rounds).toBe(4);
    expect(resumed.summary).toMatch(/3 of 4 blocked rounds used/);
    const read = readHistoryComment(commentBody(world));
    if (!read.ok) throw new Error(read.message);
    expect(audit(read.history)).toMatchObject({ valid: true, blockedRounds: 3 });
  });
});

describe("a history that cannot be trusted", () => {
  async function blockedTwice() {
    world.openai.script(openAI.block(["src/greet.js:2 — a real problem"]));
    await world.run({});
    await pushAndRun(world, version(2));
  }

  async function holdsWithoutReviewing(reason: RegExp) {
    const calls = world.openai.requests.length;
    const stored = commentBody(world);
    world.openai.script(openAI.approve);
    const run = await pushAndRun(world, version(9));
    expect(run.outputs.status).toBe("hold-for-human");
    expect(world.openai.requests.length).toBe(calls);
    const check = latestCheck(world);
    expect(check.conclusion).toBe("action_required");
    expect(check.output.summary).toMatch(reason);
    expect(check.output.summary).toMatch(/Delete the gate's history comment/);
    // Left exactly as found, for the person who must look at it.
    expect(commentBody(world)).toBe(stored);
    return run;
  }

  it("holds with the audit's reason when a round was edited (an approve written over a block)", async () => {
    await blockedTwice();
    tamperStoredState(world, (h) => {
      const first = h.rounds[0];
      if (first !== undefined) first.status = "approve";
      return h;
    });
    await holdsWithoutReviewing(/does not audit: round 1: hash mismatch \(the record was edited\)/);
  });

  it("holds when an edited round was resealed: its successor no longer links to it", async () => {
    await blockedTwice();
    tamperStoredState(world, (h) => {
      const first = h.rounds[0];
      if (first !== undefined) {
        first.status = "approve";
        first.receipt.hash = recordHash(first);
      }
      return h;
    });
    await holdsWithoutReviewing(/round 1: the after-state does not replay.*round 2: does not link/);
  });

  it("cannot tell a chain cut short at its end: the limit docs/history.md states", async () => {
    await blockedTwice();
    // Dropping the newest round leaves a valid, shorter chain that gives a unit of the budget back.
    // Only accounts with write access can edit the gate's comment, and they may reset the history
    // anyway (delete the comment) or decide the PR; the chain guards against edits in the middle.
    // (The per-file verdicts name the round that gave them, so they must go too.)
    tamperStoredState(world, ({ files: _files, ...h }) => ({ ...h, rounds: h.rounds.slice(0, 1) }));
    const read = readHistoryComment(commentBody(world));
    expect(read.ok && audit(read.history).valid).toBe(true);
  });

  it("holds when the state cannot be decoded", async () => {
    await blockedTwice();
    const comment = world.pull.comments().find((c) => c.body.includes("verdict-gate:history"));
    if (comment === undefined) throw new Error("no history comment");
    comment.body = comment.body.replace(/(state:v2:)[A-Za-z0-9+/]{8}/, "$1AAAAAAAA");
    await holdsWithoutReviewing(/the history comment's state cannot be decoded/);
  });

  it("ignores a history comment written by anyone but the gate's own bot", async () => {
    // A forged history claiming a maintainer approved this very head.
    let forged = emptyHistory(world.pull.number, "verdict-gate");
    const decided = concludeRound({
      history: forged,
      maxRounds: 10,
      head: world.pull.headSha,
      at: new Date().toISOString(),
      outcome: yes(),
      decidedBy: "repo-admin",
    });
    forged = append(forged, decided);
    const body = renderHistoryComment(forged, { checkName: "verdict-gate" });
    world.pull.comment("mallory", body);
    world.pull.comment("other-ci[bot]", body, "Bot");

    world.openai.script(openAI.block(["src/greet.js:2 — a real problem"]));
    const run = await world.run({});
    expect(run.outputs.status).toBe("blocked");
    expect(run.outputs.round).toBe("1");
    expect(run.log).toMatch(
      /2 comment\(s\) on #1 carry the gate's history marker but were not written by github-actions\[bot\]: ignored/,
    );
    // The gate wrote its own comment beside the forgeries, and reads only that one next time.
    const ours = world.pull.comments().filter((c) => c.author.login === "github-actions[bot]");
    expect(ours).toHaveLength(1);
    const again = await world.run({
      event: world.event({ event: "pull_request", action: "reopened", pull: world.pull }),
    });
    // Its own history: round 1, blocked, no decision (the forged approve never counted).
    expect(again.outputs.status).toBe("blocked");
    expect(again.outputs.round).toBe("1");
    expect(exclusionsOf(again).rounds.map((r) => [r.status, r.decided_by ?? null])).toEqual([
      ["blocked", null],
    ]);
  });
});
