// A person's decision, end to end over the bundle: `workflow_dispatch` with `pr`, `decision` and
// `reason` records a round decided by the dispatching person — after the API confirms they have write
// access — for that head commit only. Re-evaluations of the head repeat it; the next push starts a
// fresh round that the gate judges again.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openAIReply } from "../support/reviewers.js";
import {
  commentBody,
  dispatch,
  exclusionsOf,
  latestCheck,
  pushAndRun,
  synchronize,
  tamperStoredState,
} from "./rounds-world.js";
import { gateChecks, openAI, startWorld, type World } from "./world.js";

let world: World;
beforeEach(async () => {
  world = await startWorld();
  world.repo.setPermission("maintainer-mo", "write");
  world.repo.setPermission("admin-ada", "admin");
  world.repo.setPermission("reader-rex", "read");
  world.repo.setPermission("triager-tim", "triage");
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

async function heldRound() {
  // A reviewer that gives no verdict: the round holds for a person.
  world.openai.script(() => openAIReply("I am not sure about this one."));
  const held = await world.run({});
  expect(held.outputs.status).toBe("hold-for-human");
  return held;
}

describe("a person decides", () => {
  it("approves a held head, repeats the decision on re-evaluation, and loses it on the next push", async () => {
    await heldRound();
    const calls = world.openai.requests.length;
    const decided = await dispatch(world, "maintainer-mo", {
      decision: "approve",
      reason: "checked by hand: the greeting is fine",
    });
    expect(decided.code, decided.log).toBe(0);
    expect(decided.outputs).toMatchObject({ status: "approve", round: "2", "reviewer-verdict": "SKIPPED" });
    expect(world.openai.requests.length).toBe(calls);
    const check = latestCheck(world);
    expect(check.conclusion).toBe("success");
    expect(check.headSha).toBe(world.pull.headSha);
    // (@ is followed by a zero-width joiner in Markdown, so the summary mentions nobody.)
    expect(check.output.summary).toMatch(
      /approved by @\u200d?maintainer-mo: checked by hand: the greeting is fine/,
    );
    const round = exclusionsOf(decided).rounds[1];
    expect(round).toMatchObject({ status: "approve", decided_by: "maintainer-mo", head: world.pull.headSha });
    // The reason is part of the record: the history says why, not only who.
    expect(JSON.stringify(round)).toContain("checked by hand: the greeting is fine");
    expect(commentBody(world)).toMatch(/✅ approve by @\u200dmaintainer-mo \| .*checked by hand/);

    // A label, a re-run: the same head keeps the person's decision, with no reviewer call and no
    // new round.
    world.pull.addLabel("ready");
    const again = await world.run({
      event: world.event({ event: "pull_request", action: "labeled", pull: world.pull, label: "ready" }),
    });
    expect(again.outputs.status).toBe("approve");
    expect(again.outputs.round).toBe("2");
    expect(world.openai.requests.length).toBe(calls);
    expect(latestCheck(world).output.summary).toMatch(/@\u200d?maintainer-mo decided this commit in round 2/);
    expect(exclusionsOf(again).rounds).toHaveLength(2);

    // The next push supersedes the decision: a fresh round, reviewed again.
    const pushed = await pushAndRun(
      world,
      { "src/greet.js": "export const greet = (n) => n;\n" },
      { reply: openAI.block(["src/greet.js:1 — the greeting lost its hello"]) },
    );
    expect(world.openai.requests.length).toBe(calls + 1);
    expect(pushed.outputs.status).toBe("blocked");
    expect(pushed.outputs.round).toBe("3");
    expect(latestCheck(world).conclusion).toBe("failure");
  });

  it("blocks by hand without spending the author's budget", async () => {
    await heldRound();
    const run = await dispatch(world, "admin-ada", { decision: "block", reason: "needs a design review" });
    expect(run.outputs.status).toBe("blocked");
    expect(latestCheck(world).conclusion).toBe("failure");
    expect(latestCheck(world).output.title).toMatch(/blocked by @admin-ada: needs a design review/);
    const exclusions = exclusionsOf(run);
    expect(exclusions.blocked_rounds).toBe(0);
    expect(exclusions.rounds[1]).toMatchObject({ status: "blocked", decided_by: "admin-ada" });
  });

  it("decides a PR whose rounds are exhausted", async () => {
    world.openai.script(openAI.block(["src/greet.js:2 — one"]));
    await world.run({ inputs: { "max-rounds": "1" } });
    await pushAndRun(
      world,
      { "src/greet.js": "export const greet = () => 'x';\n" },
      {
        reply: openAI.block(["src/greet.js:1 — two"]),
        inputs: { "max-rounds": "1" },
      },
    );
    expect(latestCheck(world).output.title).toMatch(/rounds exhausted/);
    const run = await dispatch(world, "admin-ada", {
      decision: "approve",
      reason: "good enough",
      "max-rounds": "1",
    });
    expect(run.outputs.status).toBe("approve");
    expect(latestCheck(world).conclusion).toBe("success");
  });

  for (const [who, role] of [
    ["reader-rex", "read"],
    ["triager-tim", "triage"],
    // Not a collaborator: on a public repository GitHub reports read.
    ["stranger-sam", "read"],
  ] as const) {
    it(`refuses a decision by ${who} (${role} access) and changes nothing on the PR`, async () => {
      const before = await heldRound();
      const checks = gateChecks(world).length;
      const comment = commentBody(world);
      const run = await dispatch(world, who, { decision: "approve", reason: "trust me" });
      expect(run.code).toBe(1);
      expect(run.commands.join("\n")).toMatch(
        new RegExp(`@${who} has ${role} permission; recording a decision needs write access`),
      );
      expect(run.outputs.status).toBeUndefined();
      // No check run was started or finished, and the history is as it was.
      expect(gateChecks(world)).toHaveLength(checks);
      expect(latestCheck(world).conclusion).toBe("action_required");
      expect(commentBody(world)).toBe(comment);
      expect(before.outputs.round).toBe("1");
    });
  }
});

describe("the pull request's author may not decide it", () => {
  // The author here has admin access (a maintainer's own PR, or an agent's app granted write): the
  // permission check alone would let them approve what the reviewer held.
  for (const [label, actor] of [
    ["as opened", "author-dev"],
    // GitHub logins are case-insensitive; GITHUB_ACTOR carries the case the person typed.
    ["in another case", "Author-DEV"],
  ] as const) {
    it(`refuses the author's own approve (${label}) whatever their permission, and changes nothing`, async () => {
      world.repo.setPermission("author-dev", "admin");
      await heldRound();
      const checks = gateChecks(world).length;
      const comment = commentBody(world);
      const requests = world.api.requests.length;
      const run = await dispatch(world, actor, { decision: "approve", reason: "my own code is fine" });
      expect(run.code).toBe(1);
      expect(run.commands.join("\n")).toMatch(
        new RegExp(`@${actor} opened pull request #${world.pull.number}; its author may not decide it`),
      );
      expect(run.outputs.status).toBeUndefined();
      expect(gateChecks(world)).toHaveLength(checks);
      expect(latestCheck(world).conclusion).toBe("action_required");
      expect(commentBody(world)).toBe(comment);
      // Refused before any write, and before the permission was even asked: the pull request, and who
      // started this run (its workflow run, as GitHub keeps it).
      const made = world.api.requests.slice(requests).map((r) => r.route);
      expect(made.sort()).toEqual([
        "GET /repos/{owner}/{repo}/actions/runs/{run_id}",
        "GET /repos/{owner}/{repo}/pulls/{pull_number}",
      ]);
    });
  }

  it("refuses the author's block too: a decision either way is not theirs", async () => {
    world.repo.setPermission("author-dev", "write");
    await heldRound();
    const comment = commentBody(world);
    const run = await dispatch(world, "author-dev", { decision: "block", reason: "withdrawn" });
    expect(run.code).toBe(1);
    expect(run.commands.join("\n")).toMatch(/its author may not decide it/);
    expect(latestCheck(world).conclusion).toBe("action_required");
    expect(commentBody(world)).toBe(comment);
  });
});

describe("a decision is about the commit the gate last judged", () => {
  it("is refused when a push landed after the held round: the new head gets no approve", async () => {
    await heldRound();
    const comment = commentBody(world);
    // The author pushes while the maintainer reads the hold; the push's own run is still queued.
    world.pull.push({ "src/greet.js": "export const greet = (n) => eval(n);\n" });
    const calls = world.openai.requests.length;
    const run = await dispatch(world, "maintainer-mo", { decision: "approve", reason: "looked fine" });
    expect(run.code).toBe(1);
    expect(run.outputs.status).not.toBe("approve");
    expect(run.commands.join("\n")).toMatch(/a decision applies only to the commit the gate last judged/);
    // Refused before anything was posted: the new head's own round judges it.
    const onHead = gateChecks(world).filter((c) => c.headSha === world.pull.headSha);
    expect(onHead).toEqual([]);
    expect(commentBody(world)).toBe(comment);
    expect(world.openai.requests.length).toBe(calls);
  });

  it("does not come back when the branch is force-pushed back to the decided commit", async () => {
    await heldRound();
    const decidedHead = world.pull.headSha;
    const decided = await dispatch(world, "maintainer-mo", { decision: "approve", reason: "fine by hand" });
    expect(decided.outputs.status).toBe("approve");
    await pushAndRun(
      world,
      { "src/greet.js": "export const greet = (n) => n;\n" },
      { reply: openAI.block(["src/greet.js:1 — the greeting lost its hello"]) },
    );
    const { before } = world.pull.resetHead(decidedHead);
    world.openai.script(() => openAIReply("Still not sure."));
    const back = await world.run({ event: synchronize(world, before) });
    expect(back.outputs.status).toBe("hold-for-human");
    expect(latestCheck(world).headSha).toBe(decidedHead);
    expect(latestCheck(world).conclusion).toBe("action_required");
    expect(latestCheck(world).output.summary).not.toMatch(/decided this commit/);
  });
});

describe("a decision on a history that does not audit", () => {
  it("is not recorded: the round holds on the history, which stays as found", async () => {
    await heldRound();
    const { after } = tamperStoredState(world, (h) => {
      const first = h.rounds[0];
      if (first !== undefined && "needed" in first) first.needed = [];
      return h;
    });
    const run = await dispatch(world, "admin-ada", { decision: "approve", reason: "looks fine" });
    expect(run.outputs.status).toBe("hold-for-human");
    expect(latestCheck(world).conclusion).toBe("action_required");
    expect(latestCheck(world).output.title).toMatch(
      /the stored round history does not audit: round 1: hash mismatch/,
    );
    expect(latestCheck(world).output.summary).toMatch(/Delete the gate's history comment/);
    expect(commentBody(world)).toBe(after);
  });
});

describe("dispatch without a decision", () => {
  it("re-reviews the PR's current head", async () => {
    world.openai.script(openAI.block(["src/greet.js:2 — a problem"]));
    await world.run({});
    world.openai.script(openAI.approve);
    const calls = world.openai.requests.length;
    const run = await dispatch(world, "maintainer-mo", { "force-review": "true" });
    expect(world.openai.requests.length).toBe(calls + 1);
    expect(run.outputs.status).toBe("approve");
    expect(run.outputs.round).toBe("2");
  });
});
