// Findings where people read them (`review-comments`, default true), end to end over the bundle: one
// COMMENT review per round with a comment on each finding's line and the rest in its body, a finding
// already posted not posted again, the gate's own threads resolved when a later round no longer reports
// their finding (never one a person replied in, never anyone else's), and a failure to show findings
// that leaves the status as judged. Every request is checked against GitHub's REST description, and
// every GraphQL query against GitHub's GraphQL schema (the loopback API's assertClean).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openAIError, openAIReply } from "../support/reviewers.js";
import { promptOf, roundTokenIn } from "./harness.js";
import { pushAndRun } from "./rounds-world.js";
import { openAI, startWorld, type World } from "./world.js";

let world: World;
beforeEach(async () => {
  world = await startWorld();
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

const POST_REVIEW = "POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews";
const GRAPHQL = "POST /graphql";
/** src/greet.js with its second line rewritten: the finding on it is gone. */
const FIXED = { "src/greet.js": 'export function greet(name) {\n  return ["hello", name].join(" ");\n}\n' };
const ON_LINE = "src/greet.js:2 — concatenation where a template literal is expected";

function reviewBodies(): Record<string, unknown>[] {
  return world.api.requestsFor(POST_REVIEW).map((r) => JSON.parse(r.body) as Record<string, unknown>);
}

function gateThreads() {
  return world.pull.reviewThreads().filter((t) => t.comments[0]?.author.login === "github-actions[bot]");
}

function summary(): string {
  return world.pull.checkRuns({ name: "verdict-gate" })[0]?.output.summary ?? "";
}

describe("a round with findings", () => {
  it("posts them as one COMMENT review: each on its line, those the diff does not show in the body", async () => {
    world.openai.script(
      openAI.block([
        ON_LINE,
        "src/greet.js:40 — a line past the end of the change",
        "README.md:1 — a file the pull request does not change",
      ]),
    );
    const run = await world.run({});
    expect(run.outputs.status).toBe("blocked");
    const sent = reviewBodies();
    expect(sent).toHaveLength(1);
    // Never APPROVE or REQUEST_CHANGES: the check run is the gate.
    expect(sent[0]?.event).toBe("COMMENT");
    expect(sent[0]?.commit_id).toBe(world.pull.headSha);
    expect(world.pull.reviews().map((r) => r.event)).toEqual(["COMMENT"]);
    const threads = gateThreads();
    expect(threads.map((t) => [t.path, t.line, t.side])).toEqual([["src/greet.js", 2, "RIGHT"]]);
    expect(threads[0]?.comments[0]?.body).toContain("concatenation where a template literal is expected");
    expect(threads[0]?.comments[0]?.body).toMatch(/<!-- verdict-gate:finding:verdict-gate:[0-9a-f]{64} -->/);
    const body = world.pull.reviews()[0]?.body ?? "";
    expect(body).toContain("a line past the end of the change");
    expect(body).toContain("a file the pull request does not change");
    expect(body).not.toContain("template literal");
    // The check run still lists every finding; nothing about the review changes it.
    expect(world.pull.checkRuns({ name: "verdict-gate" })[0]?.conclusion).toBe("failure");
  });

  it("does not post a finding an earlier round posted; a new one comes in a review of its own", async () => {
    world.openai.script(openAI.block([ON_LINE]));
    await world.run({});
    // Another file changes; the finding's line is the same text, so it is the same finding.
    const second = await pushAndRun(
      world,
      { "src/other.js": "export const other = 1;\n" },
      { reply: openAI.block([ON_LINE, "src/other.js:1 — exported but never used"]) },
    );
    expect(second.outputs.status).toBe("blocked");
    expect(world.pull.reviews()).toHaveLength(2);
    const threads = gateThreads();
    expect(threads.map((t) => [t.path, t.line])).toEqual([
      ["src/greet.js", 2],
      ["src/other.js", 1],
    ]);
    expect(reviewBodies()[1]?.comments).toHaveLength(1);
    expect(threads.every((t) => !t.resolved)).toBe(true);

    // The same findings again (the reviewer asked again at the same head): nothing is posted at all.
    world.openai.script(openAI.block([ON_LINE, "src/other.js:1 — exported but never used"]));
    await world.run({
      event: world.event({ event: "pull_request", action: "reopened", pull: world.pull }),
      inputs: { "force-review": "true" },
    });
    expect(world.api.requestsFor(POST_REVIEW)).toHaveLength(2);
    expect(world.pull.reviews()).toHaveLength(2);
  });

  it("posts every finding in the body when GitHub refuses a line (422), rather than none", async () => {
    // GitHub's view of the change differs from the one the gate read (here: for one request the pull
    // request's base is its head, so no line is in GitHub's diff): it refuses the whole review.
    const base = world.pull.record.baseSha;
    world.api.faults.inject(
      POST_REVIEW,
      {
        kind: "hook",
        run: () => {
          world.pull.record.baseSha = world.pull.headSha;
        },
      },
      { attempts: [1] },
    );
    world.openai.script(openAI.block([ON_LINE]));
    const run = await world.run({});
    world.pull.record.baseSha = base;
    expect(run.outputs.status).toBe("blocked");
    expect(world.api.requestsFor(POST_REVIEW).map((r) => r.status)).toEqual([422, 200]);
    expect(reviewBodies()[1]?.comments).toEqual([]);
    expect(world.pull.reviews()[0]?.body).toContain("template literal");
    expect(summary()).not.toContain("could not be shown");
  });

  it("posts nothing and reads nothing when review-comments is false", async () => {
    world.openai.script(openAI.block([ON_LINE]));
    const run = await world.run({ inputs: { "review-comments": "false" } });
    expect(run.outputs.status).toBe("blocked");
    expect(world.api.requestsFor(POST_REVIEW)).toEqual([]);
    expect(world.api.requestsFor(GRAPHQL)).toEqual([]);
  });
});

describe("a later round that no longer reports a finding", () => {
  it("resolves the gate's own thread for it", async () => {
    world.openai.script(openAI.block([ON_LINE]));
    await world.run({});
    const run = await pushAndRun(world, FIXED, { reply: openAI.approve });
    expect(run.outputs.status).toBe("approve");
    const [thread] = gateThreads();
    expect(thread?.resolved).toBe(true);
    expect(thread?.resolvedBy?.login).toBe("github-actions[bot]");
    // Nothing new to post: no second review.
    expect(world.pull.reviews()).toHaveLength(1);
  });

  it("leaves a thread alone that a person replied in", async () => {
    world.openai.script(openAI.block([ON_LINE]));
    await world.run({});
    const [thread] = gateThreads();
    if (thread === undefined) throw new Error("no thread posted");
    world.pull.reply(thread, "author-dev", "I disagree: the style guide allows concatenation here.");
    // The finding's file is fixed and shown again, so only the reply keeps the thread open.
    await pushAndRun(world, FIXED, { reply: openAI.approve });
    expect(thread.resolved).toBe(false);
    expect(thread.comments).toHaveLength(2);
  });

  it("never touches someone else's comment, even one carrying the gate's marker", async () => {
    world.openai.script(openAI.block([ON_LINE]));
    await world.run({});
    const [own] = gateThreads();
    const copied = own?.comments[0]?.body ?? "";
    const person = world.pull.lineComment("maria", {
      path: "src/greet.js",
      line: 1,
      body: `Also: ${copied}`,
    });
    const otherBot = world.pull.lineComment(
      "github-actions",
      { path: "src/greet.js", line: 3, body: copied },
      "User",
    );
    // The finding's file is fixed and shown again (a file kept unchanged keeps its block, issue 13).
    await pushAndRun(world, FIXED, { reply: openAI.approve });
    expect(own?.resolved).toBe(true);
    expect(person.resolved).toBe(false);
    expect(otherBot.resolved).toBe(false);
    expect(person.comments).toHaveLength(1);
  });

  it("resolves nothing when the reviewer's answer proves nothing (it failed)", async () => {
    world.openai.script(openAI.block([ON_LINE]));
    await world.run({});
    // A refusal the provider will not change on a retry: the round holds, having seen nothing.
    world.openai.script(() => openAIError(400, "the request was refused"));
    // The finding's own file changes, so its block is not reused (issue 13): the reviewer is asked,
    // and fails.
    const run = await pushAndRun(world, FIXED);
    expect(run.outputs.status).toBe("hold-for-human");
    expect(gateThreads()[0]?.resolved).toBe(false);
  });
});

describe("a failure to show findings", () => {
  it("leaves a block a block and says so in the check run", async () => {
    // A workflow whose token may not write pull requests: GitHub's 403 on the review.
    world.api.faults.inject(POST_REVIEW, { kind: "cannot-write-checks" }, { attempts: "every" });
    world.openai.script(openAI.block([ON_LINE]));
    const run = await world.run({});
    expect(run.outputs.status).toBe("blocked");
    expect(run.code).not.toBe(0);
    expect(world.pull.checkRuns({ name: "verdict-gate" })[0]?.conclusion).toBe("failure");
    expect(summary()).toContain("could not be shown as review comments");
    expect(summary()).toContain("pull-requests: write");
    expect(world.pull.reviews()).toEqual([]);
  });

  it("leaves an approve an approve when its threads cannot be read, and says so", async () => {
    world.openai.script(openAI.block([ON_LINE]));
    await world.run({});
    world.api.faults.inject(GRAPHQL, { kind: "status", status: 502 }, { attempts: "every" });
    const run = await pushAndRun(world, FIXED, { reply: openAI.approve });
    expect(run.outputs.status).toBe("approve");
    expect(world.pull.checkRuns({ name: "verdict-gate" })[0]?.conclusion).toBe("success");
    expect(summary()).toContain("could not be shown as review comments");
    expect(gateThreads()[0]?.resolved).toBe(false);
  });

  it("holds a hold: a round whose findings cannot be posted is not turned into anything else", async () => {
    world.api.faults.inject(POST_REVIEW, { kind: "status", status: 502 }, { attempts: "every" });
    // An approve with BLOCKING lines contradicts itself: a hold, whose findings are still shown.
    world.openai.script((r) =>
      openAIReply(`BLOCKING: ${ON_LINE}\n\n===VERDICT=== APPROVE ${roundTokenIn(promptOf(r.json))}`),
    );
    const run = await world.run({});
    expect(run.outputs.status).toBe("hold-for-human");
    expect(world.pull.checkRuns({ name: "verdict-gate" })[0]?.conclusion).toBe("action_required");
    expect(summary()).toContain("could not be shown as review comments");
  });
});
