// `/verdict` commands in pull request comments, end to end over the bundle: `issue_comment` events
// written from GitHub's example payload (checked against GitHub's webhook schema), every request the
// action makes validated against GitHub's REST description by the loopback API. Who may act is asked of
// the API; the PR's author never decides their own PR; a refused or malformed command changes nothing,
// gets a reply and fails no step; an ordinary comment costs no request at all; the check run lands on
// the PR's head, never on the default branch's commit the event runs on.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openAIReply } from "../support/reviewers.js";
import {
  type Commented,
  commentAs,
  EYES,
  expectRefused as expectRefused_,
  PERMISSION,
  PR,
  REPLY_ROUTE,
  REREAD,
  reactions,
  replies as replies_,
} from "./commands-world.js";
import { commentBody, counted, dispatch, exclusionsOf, latestCheck, tally } from "./rounds-world.js";
import { gateChecks, openAI, startWorld, type World } from "./world.js";

let world: World;
beforeEach(async () => {
  world = await startWorld();
  world.repo.setPermission("maintainer-mo", "write");
  world.repo.setPermission("admin-ada", "admin");
  world.repo.setPermission("reader-rex", "read");
  // An outside collaborator: not a member of the organisation, granted write on this repository.
  world.repo.setPermission("outside-olive", "write");
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

const comment = (author: string, body: string, options: Parameters<typeof commentAs>[3] = {}) =>
  commentAs(world, author, body, options);
const replies = () => replies_(world);
const expectRefused = (act: () => Promise<Commented>, why: RegExp) => expectRefused_(world, act, why);

async function heldRound(): Promise<void> {
  world.openai.script(() => openAIReply("I am not sure about this one."));
  const held = await world.run({});
  expect(held.outputs.status).toBe("hold-for-human");
}

describe("/verdict approve and /verdict block", () => {
  for (const who of ["maintainer-mo", "admin-ada", "outside-olive"]) {
    it(`${who} (write access or more, asked of the API) approves a held head: recorded with the comment's URL, the check on the head`, async () => {
      await heldRound();
      const calls = world.openai.requests.length;
      const done = await comment(who, "/verdict approve checked the greeting by hand");
      expect(done.run.code, done.run.log).toBe(0);
      expect(done.run.outputs).toMatchObject({
        status: "approve",
        round: "2",
        "reviewer-verdict": "SKIPPED",
      });
      expect(world.openai.requests.length).toBe(calls);
      const check = latestCheck(world);
      expect(check.conclusion).toBe("success");
      expect(check.headSha).toBe(world.pull.headSha);
      // Never on the default branch's commit, which is GITHUB_SHA for an issue_comment event.
      const main = world.repo.record.branches.get("main") as string;
      expect(world.repo.checkRuns({ sha: main, name: "verdict-gate" })).toEqual([]);
      const round = exclusionsOf(done.run).rounds[1] as unknown as Record<string, unknown>;
      expect(round).toMatchObject({
        status: "approve",
        decided_by: who,
        decision_reason: "checked the greeting by hand",
        decision_url: `https://github.com/octo-org/demo/pull/${world.pull.number}#issuecomment-${done.comment.id}`,
        head: world.pull.headSha,
      });
      expect(check.output.summary).toContain(`#issuecomment-${done.comment.id}`);
      expect(reactions(done.comment)).toEqual(["eyes", "+1"]);
      expect(replies()).toEqual([]);
    });
  }

  it("a writer blocks: the check fails on the head, and the step passes (the command was carried out)", async () => {
    await heldRound();
    const done = await comment("maintainer-mo", "/verdict block needs a design review");
    expect(done.run.code, done.run.log).toBe(0);
    expect(done.run.outputs.status).toBe("blocked");
    expect(latestCheck(world).conclusion).toBe("failure");
    expect(latestCheck(world).output.title).toMatch(/blocked by @maintainer-mo: needs a design review/);
    expect(exclusionsOf(done.run).blocked_rounds).toBe(0);
    expect(reactions(done.comment)).toEqual(["eyes", "+1"]);
  });

  it("a comment decision is the dispatch decision: the same record but for where it was given", async () => {
    await heldRound();
    const viaComment = await comment("maintainer-mo", "/verdict approve fine");
    const byComment = exclusionsOf(viaComment.run).rounds[1] as unknown as Record<string, unknown>;
    // Undo the comment's round by pushing, hold again, and decide by dispatch for comparison.
    world.pull.push({ "src/greet.js": "export const greet = () => 'v2';\n" });
    await heldRound();
    const viaDispatch = await dispatch(world, "maintainer-mo", { decision: "approve", reason: "fine" });
    const byDispatch = exclusionsOf(viaDispatch).rounds[3] as unknown as Record<string, unknown>;
    const { decision_url, head: _h1, at: _a1, round: _r1, ...commented } = byComment;
    const { head: _h2, at: _a2, round: _r2, ...dispatched } = byDispatch;
    expect(decision_url).toMatch(/#issuecomment-/);
    expect(commented).toEqual(dispatched);
  });

  for (const [who, role] of [
    ["reader-rex", "read"],
    // Not a collaborator at all: GitHub reports read on a public repository.
    ["stranger-sam", "read"],
  ] as const) {
    it(`refuses an approve by ${who} (${role}) with a reply, and changes nothing`, async () => {
      await heldRound();
      const done = await expectRefused(
        () => comment(who, "/verdict approve trust me"),
        new RegExp(`@${who} has ${role} permission; recording a decision needs write access`),
      );
      expect(tally(done.routes)).toEqual(tally([REREAD, EYES, PR, PERMISSION, REPLY_ROUTE, EYES]));
    });
  }

  it("asks the API, not the payload: a reader the event calls OWNER is refused", async () => {
    await heldRound();
    await expectRefused(
      () =>
        comment("reader-rex", "/verdict approve trust me", {
          edit: (p) => {
            (p.comment as Record<string, unknown>).author_association = "OWNER";
          },
        }),
      /@reader-rex has read permission/,
    );
  });

  for (const [label, login] of [
    ["as opened", "author-dev"],
    ["in another case", "Author-DEV"],
  ] as const) {
    it(`refuses the author's own approve (${label}) whatever their permission, before asking it`, async () => {
      world.repo.setPermission("author-dev", "admin");
      await heldRound();
      const done = await expectRefused(
        () => comment(login, "/verdict approve my own code is fine"),
        new RegExp(`@${login} opened pull request #${world.pull.number}; its author may not decide it`),
      );
      expect(tally(done.routes)).toEqual(tally([REREAD, EYES, PR, REPLY_ROUTE, EYES]));
    });
  }

  it("refuses the author's block too", async () => {
    world.repo.setPermission("author-dev", "write");
    await heldRound();
    await expectRefused(
      () => comment("author-dev", "/verdict block withdrawn"),
      /its author may not decide it/,
    );
  });

  it("refuses a decision on a head the gate has not judged (a push landed after the hold), before posting anything", async () => {
    await heldRound();
    world.pull.push({ "src/greet.js": "export const greet = (n) => eval(n);\n" });
    const done = await expectRefused(
      () => comment("maintainer-mo", "/verdict approve looked fine"),
      /pull request #\d+ is at [0-9a-f]{12} and the gate last judged [0-9a-f]{12}; a decision applies only to the commit the gate last judged/,
    );
    expect(world.repo.checkRuns({ name: "verdict-gate", sha: world.pull.headSha })).toEqual([]);
    expect(done.run.outputs.status).toBeUndefined();
  });

  it("refuses a decision when the base moved since the round the person read", async () => {
    await heldRound();
    world.repo.commit({ "docs/notes.md": "moved on\n" });
    world.pull.followBase();
    await expectRefused(
      () => comment("maintainer-mo", "/verdict approve looked fine"),
      /is not on what round 1 judged/,
    );
  });
});

describe("/verdict review", () => {
  it("a writer starts a round at the current head: unchanged verdicts reused, --force asks again", async () => {
    world.openai.script(openAI.block(["src/greet.js:2 — a problem"]));
    await world.run({});
    const calls = world.openai.requests.length;
    const again = await comment("maintainer-mo", "/verdict review");
    expect(again.run.code, again.run.log).toBe(0);
    expect(again.run.outputs.status).toBe("blocked");
    expect(world.openai.requests.length).toBe(calls);
    expect(reactions(again.comment)).toEqual(["eyes", "+1"]);
    world.openai.script(openAI.approve);
    const forced = await comment("maintainer-mo", "/verdict review --force");
    expect(world.openai.requests.length).toBe(calls + 1);
    expect(forced.run.outputs.status).toBe("approve");
    expect(forced.run.outputs["head-sha"]).toBe(world.pull.headSha);
    expect(latestCheck(world).conclusion).toBe("success");
    const main = world.repo.record.branches.get("main") as string;
    expect(world.repo.checkRuns({ sha: main })).toEqual([]);
    expect(replies()).toEqual([]);
  });

  it("the PR's author with write access may ask for a round (a round is no decision)", async () => {
    world.repo.setPermission("author-dev", "write");
    const done = await comment("author-dev", "/verdict review");
    expect(done.run.code, done.run.log).toBe(0);
    expect(done.run.outputs.status).toBe("approve");
    expect(reactions(done.comment)).toEqual(["eyes", "+1"]);
  });

  for (const who of ["reader-rex", "author-dev", "stranger-sam"]) {
    it(`refuses a round asked by ${who} (read access)`, async () => {
      await world.run({});
      await expectRefused(
        () => comment(who, "/verdict review --force"),
        new RegExp(`@${who} has read permission; starting a round needs write access`),
      );
    });
  }
});

describe("comments that are not carried out", () => {
  it("ignores an ordinary comment without a word or a single request", async () => {
    const done = await comment("reader-rex", "/verdicts are in: looks good to me");
    expect(done.run.code, done.run.log).toBe(0);
    expect(done.routes).toEqual([]);
    expect(reactions(done.comment)).toEqual([]);
    expect(replies()).toEqual([]);
    expect(done.run.log).toMatch(/ignored: the comment carries no \/verdict command/);
  });

  it("never replays an edited comment, even one that now carries a command", async () => {
    await heldRound();
    const done = await comment("maintainer-mo", "/verdict approve fine", { action: "edited" });
    expect(done.run.code, done.run.log).toBe(0);
    expect(done.routes).toEqual([]);
    expect(latestCheck(world).conclusion).toBe("action_required");
    expect(done.run.log).toMatch(/an edited comment never replays a command/);
  });

  it("ignores a command on an issue that is not a pull request", async () => {
    const issue = world.repo.record.nextIssueNumber;
    world.repo.record.nextIssueNumber += 1;
    const record = world.repo.addComment(issue, "maintainer-mo", "/verdict approve fine");
    const event = world.event({
      event: "issue_comment",
      action: "created",
      repo: world.repo,
      issue,
      comment: record,
    });
    const { result, routes } = await counted(world, () => world.run({ event }));
    expect(result.code, result.log).toBe(0);
    expect(routes).toEqual([]);
    expect(result.log).toMatch(/is an issue, not a pull request/);
  });

  it("refuses politely on a closed pull request", async () => {
    await world.run({});
    world.pull.close();
    const done = await expectRefused(
      () => comment("maintainer-mo", "/verdict review"),
      /pull request #\d+ is closed; there is nothing to gate/,
    );
    expect(tally(done.routes)).toEqual(tally([REREAD, EYES, PR, REPLY_ROUTE, EYES]));
  });

  for (const [body, why] of [
    ["/verdict approve", /`\/verdict approve` needs a reason on the same line/],
    ["/verdict merge now", /`merge` is not a \/verdict command/],
    ["/verdict \u0430pprove fine", /`<U\+0430>pprove` is not a \/verdict command/],
  ] as const) {
    it(`answers the malformed ${JSON.stringify(body)} with why and the commands, asking nothing else`, async () => {
      await heldRound();
      const done = await expectRefused(() => comment("maintainer-mo", body), why);
      expect(replies()[0]).toContain("`/verdict review --force`");
      expect(tally(done.routes)).toEqual(tally([EYES, REPLY_ROUTE, EYES]));
    });
  }

  it("answers /verdict help to anyone, with the commands", async () => {
    const done = await comment("stranger-sam", "/verdict help");
    expect(done.run.code, done.run.log).toBe(0);
    expect(replies()).toHaveLength(1);
    for (const usage of [
      "/verdict review",
      "/verdict review --force",
      "/verdict approve <reason>",
      "/verdict block <reason>",
    ])
      expect(replies()[0]).toContain(`\`${usage}\``);
    expect(reactions(done.comment)).toEqual(["eyes", "+1"]);
    expect(tally(done.routes)).toEqual(tally([EYES, REPLY_ROUTE, EYES]));
    expect(commentBodyOrNone()).toBeUndefined();
  });
});

function commentBodyOrNone(): string | undefined {
  try {
    return commentBody(world);
  } catch {
    return undefined;
  }
}

describe("API requests per /verdict command", () => {
  it("an ignored comment, a reply, a refusal, a decision and a round, by route (docs/history.md quotes them)", async () => {
    const CHECK_RUNS = "GET /repos/{owner}/{repo}/commits/{ref}/check-runs";
    const PULLS_AT_COMMIT = "GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls";
    const START = "POST /repos/{owner}/{repo}/check-runs";
    const FINISH = "PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}";
    const WRITE = "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}";
    const COMMITS = "GET /repos/{owner}/{repo}/compare/{basehead}";
    const BY_ID = "GET /repos/{owner}/{repo}/issues/comments/{comment_id}";
    /** GraphQL's `viewer`: the app this token acts as, whose history every check of an act reads. */
    const VIEWER = "POST /graphql";
    const figures: Record<string, number> = {};
    await heldRound();
    figures["ordinary comment"] = (await comment("reader-rex", "Nice work")).routes.length;
    figures["help, or a malformed command"] = (await comment("reader-rex", "/verdict help")).routes.length;
    figures["refused: the author deciding, or a closed PR"] = (
      await comment("author-dev", "/verdict approve mine")
    ).routes.length;
    figures["refused: no write access"] = (await comment("reader-rex", "/verdict review")).routes.length;
    world.openai.script(openAI.block(["src/greet.js:2 — a problem"]));
    const reviewed = await comment("maintainer-mo", "/verdict review --force");
    expect(reviewed.run.outputs.status).toBe("blocked");
    // Re-read; taken; the PR and the permission; who pushed (the app the token acts as, whose history
    // is the one every check reads; the gate's runs on the head, read once: the round's start takes
    // over from that page; the history by the id they remember; the commits); a whole round (the PR
    // not read again; with --force no other pull request's verdict for the commit is looked for); done.
    expect(tally(reviewed.routes)).toEqual(
      tally([
        REREAD,
        EYES,
        PR,
        PERMISSION,
        // Forced: who pushed since the last approve, on this app's history (the token's identity, the
        // gate's runs on the head, its history, the commits), before anything is posted.
        VIEWER,
        CHECK_RUNS,
        BY_ID,
        COMMITS,
        START,
        BY_ID,
        "GET /repos/{owner}/{repo}/contents/{path}",
        "GET /repos/{owner}/{repo}/compare/{basehead}",
        BY_ID,
        WRITE,
        BY_ID,
        // Its finding shown where people read it (review-comments, on by default): the gate's threads
        // read, one review posted.
        "POST /graphql",
        "POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews",
        FINISH,
        EYES,
      ]),
    );
    figures["/verdict review (a round that blocks)"] = reviewed.routes.length;
    const decided = await comment("maintainer-mo", "/verdict approve fine");
    // Re-read; taken (eyes); the PR, the person's permission; the app the token acts as (whose history
    // every check reads); the gate's runs on the head (read once: the round's start takes over from
    // that page) and the history by the id they remember (the round the person read, when it was
    // published, and who pushed), the commits since the last approve (who wrote them); then the
    // decision's round, which reads neither the PR nor the permission again; done (+1).
    expect(tally(decided.routes)).toEqual(
      tally([
        REREAD,
        EYES,
        PR,
        PERMISSION,
        VIEWER,
        CHECK_RUNS,
        BY_ID,
        COMMITS,
        START,
        BY_ID,
        PULLS_AT_COMMIT,
        BY_ID,
        WRITE,
        BY_ID,
        FINISH,
        PULLS_AT_COMMIT,
        EYES,
      ]),
    );
    figures["/verdict approve"] = decided.routes.length;
    expect(figures).toEqual({
      "ordinary comment": 0,
      "help, or a malformed command": 3,
      "refused: the author deciding, or a closed PR": 5,
      "refused: no write access": 6,
      "/verdict approve": 17,
      "/verdict review (a round that blocks)": 19,
    });
  });
});

describe("a command that cannot finish fails the step, after saying so", () => {
  it("a round that fails mid-way: a hold on the head naming the error, a reply, confused, a failed step", async () => {
    world.api.faults.inject(
      "GET /repos/{owner}/{repo}/compare/{basehead}",
      { kind: "status", status: 502 },
      { attempts: "every" },
    );
    const done = await comment("maintainer-mo", "/verdict review");
    expect(done.run.code).toBe(1);
    expect(latestCheck(world).conclusion).toBe("action_required");
    expect(replies()).toHaveLength(1);
    expect(replies()[0]).toMatch(/`\/verdict review` could not finish: .*Nothing was approved/s);
    expect(reactions(done.comment)).toEqual(["eyes", "confused"]);
  });

  it("GitHub refusing the reaction: the step fails before anything is judged", async () => {
    world.api.faults.inject(EYES, { kind: "status", status: 502 }, { attempts: "every" });
    const done = await comment("maintainer-mo", "/verdict review");
    expect(done.run.code).toBe(1);
    expect(done.run.commands.join("\n")).toMatch(/::error::verdict-gate: .*react eyes to comment/);
    expect(gateChecks(world)).toEqual([]);
  });
});
