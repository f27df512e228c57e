// A required check is never stuck (issue 26): a head re-evaluated for a week, a pull request busy with
// comments, runs left in progress by killed jobs, and writes GitHub applied but answered with an error.
// Each scenario is what GitHub does, reproduced on the loopback API, and each ends in a verdict or a
// hold that says why, never in a check left spinning or a finding posted twice.
import { afterEach, describe, expect, it } from "vitest";
import { readHistoryComment } from "../../src/report/history-comment.js";
import type { CheckRunRecord } from "../support/github-api/index.js";
import { hang } from "../support/reviewers.js";
import {
  advanceClock,
  baseFilesRequiring,
  commentBody,
  pushAndRun,
  workflowRunCompleted,
} from "./rounds-world.js";
import { GOOD_CHANGE, gateChecks, historyComment, openAI, startWorld, type World } from "./world.js";

let world: World | undefined;
afterEach(async () => {
  world?.api.assertClean();
  await world?.close();
  world = undefined;
});

const LIST_RUNS = "GET /repos/{owner}/{repo}/commits/{ref}/check-runs";
const LIST_COMMENTS = "GET /repos/{owner}/{repo}/issues/{issue_number}/comments";
const GET_COMMENT = "GET /repos/{owner}/{repo}/issues/comments/{comment_id}";
const CREATE_RUN = "POST /repos/{owner}/{repo}/check-runs";
const CREATE_COMMENT = "POST /repos/{owner}/{repo}/issues/{issue_number}/comments";
const CREATE_REVIEW = "POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews";

function routesOf(w: World, from: number): string[] {
  return w.api.requests.slice(from).map((r) => r.route ?? `${r.method} ${r.path}`);
}

/** A run of the gate's on the head, as an earlier round of this pull request left it in progress. */
function leftInProgress(w: World, externalId = `verdict-gate:pr:${w.pull.number}`): CheckRunRecord {
  const run = w.repo.addCheckRun({ sha: w.pull.headSha, name: "verdict-gate", app: "github-actions" });
  run.externalId = externalId;
  return run;
}

describe("a reviewer that accepts and never answers (item 2)", () => {
  it("is asked once per call in flight, not once per chunk: the first timeout ends the asking", async () => {
    // Six files, one chunk each under a small budget; two calls at a time.
    const change = {
      ...GOOD_CHANGE,
      ...Object.fromEntries(
        Array.from({ length: 6 }, (_, i) => [
          `src/part${i}.js`,
          Array.from({ length: 20 }, (_, j) => `export const v${j} = "${"x".repeat(60)}";`).join("\n"),
        ]),
      ),
    };
    world = await startWorld({ change });
    const w = world;
    w.openai.script(() => hang());
    const run = await w.run({ inputs: { "reviewer-timeout-seconds": "1", "max-diff-tokens": "1000" } });
    expect(run.outputs.status, run.log).toBe("hold-for-human");
    expect(w.openai.requests).toHaveLength(2);
    const [check] = gateChecks(w);
    expect(check?.conclusion).toBe("action_required");
    expect(check?.output.summary).toContain(
      "not asked: an earlier call of this round already failed (timeout)",
    );
  });
});

describe("re-evaluations of a head waiting for a dependency (item 3)", () => {
  it("take over the head's run in progress: a week of re-evaluations leaves one run, not one each", async () => {
    world = await startWorld({
      baseFiles: baseFilesRequiring([
        { id: "build", type: "check_run", name: "ci/build", timeout_minutes: 10_080 },
      ]),
    });
    const w = world;
    expect((await w.run({})).outputs.status).toBe("conditional-on");
    for (let i = 0; i < 5; i += 1) {
      advanceClock(w, 30);
      const again = await w.run({ event: workflowRunCompleted(w) });
      expect(again.outputs.status).toBe("conditional-on");
    }
    const runs = gateChecks(w);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.status).toBe("in_progress");
    // The dependency passes: the same run completes as the verdict.
    w.repo.addCheckRun({ sha: w.pull.headSha, name: "ci/build", conclusion: "success" });
    const passed = await w.run({ event: workflowRunCompleted(w) });
    expect(passed.outputs.status).toBe("approve");
    expect(gateChecks(w).map((c) => c.conclusion)).toEqual(["success"]);
    // The reviewer was asked once: every re-evaluation reused its verdict.
    expect(w.openai.requests).toHaveLength(1);
  });

  it("a head an older release left 336 runs on is judged, not held for 'more runs than the gate reads'", async () => {
    world = await startWorld({
      baseFiles: baseFilesRequiring([{ id: "build", type: "check_run", name: "ci/build" }]),
    });
    const w = world;
    // A week of re-evaluations every 30 minutes, each a new run left pending (conditional-on).
    const old = Array.from({ length: 336 }, () => leftInProgress(w));
    w.repo.addCheckRun({ sha: w.pull.headSha, name: "ci/build", conclusion: "success" });
    const run = await w.run({ event: workflowRunCompleted(w) });
    expect(run.outputs.status, run.log).toBe("approve");
    expect(run.log).not.toMatch(/more than the gate reads/);
    // The newest was taken over and carries the verdict; ten abandoned ones were superseded this
    // round, naming it (the rest are left for the next rounds, ten at a time).
    const newest = old.at(-1) as CheckRunRecord;
    expect(newest.conclusion).toBe("success");
    const superseded = old.filter((r) => r.conclusion === "cancelled");
    expect(superseded).toHaveLength(10);
    expect(superseded.every((r) => r.output.title === `Superseded by check run ${newest.id}`)).toBe(true);
    expect(gateChecks(w).filter((c) => c.conclusion === "success")).toHaveLength(1);
  });
});

describe("runs left in progress on the head (item 6)", () => {
  it("the next round takes over the newest and completes the others as superseded, naming it", async () => {
    world = await startWorld();
    const w = world;
    const killedFirst = leftInProgress(w);
    const killedSecond = leftInProgress(w);
    // Another pull request's run at the same commit (a closed duplicate's) is not this round's to touch.
    const twin = w.repo.openPullRequest({ at: w.pull.headSha, changes: {} });
    twin.close();
    const someoneElses = leftInProgress(w, `verdict-gate:pr:${twin.number}`);
    const run = await w.run({});
    expect(run.outputs.status).toBe("approve");
    expect(run.outputs["check-run-id"]).toBe(String(killedSecond.id));
    expect(killedSecond.conclusion).toBe("success");
    expect(killedFirst.status).toBe("completed");
    expect(killedFirst.conclusion).toBe("cancelled");
    expect(killedFirst.output.title).toBe(`Superseded by check run ${killedSecond.id}`);
    expect(killedFirst.output.summary).toContain("this one judges nothing and was never a pass");
    // Completed before the verdict, so the commit's last word is the verdict.
    expect(
      killedFirst.completedAt !== null && killedFirst.completedAt <= (killedSecond.completedAt ?? ""),
    ).toBe(true);
    expect(someoneElses.status).toBe("in_progress");
  });

  it("a create GitHub applied but answered 502 leaves one run, not two", async () => {
    world = await startWorld();
    const w = world;
    w.api.faults.inject(CREATE_RUN, { kind: "applied", status: 502 });
    const run = await w.run({});
    expect(run.outputs.status, run.log).toBe("approve");
    expect(gateChecks(w)).toHaveLength(1);
    expect(w.api.requestsFor(CREATE_RUN)).toHaveLength(1);
  });
});

describe("writes retried after an answer that hid their effect (item 7)", () => {
  it("a review GitHub applied but answered 502 is not posted again: each finding appears once", async () => {
    world = await startWorld();
    const w = world;
    w.openai.script(openAI.block(["src/greet.js:2 — concatenation"]));
    w.api.faults.inject(CREATE_REVIEW, { kind: "applied", status: 502 });
    const run = await w.run({});
    expect(run.outputs.status).toBe("blocked");
    expect(w.pull.reviews()).toHaveLength(1);
    expect(w.pull.reviewThreads()).toHaveLength(1);
    expect(w.api.requestsFor(CREATE_REVIEW)).toHaveLength(1);
    expect(gateChecks(w)[0]?.output.summary).not.toMatch(/could not be shown as review comments/);
  });

  it("a review that did not land after a 502 is posted once more", async () => {
    world = await startWorld();
    const w = world;
    w.openai.script(openAI.block(["src/greet.js:2 — concatenation"]));
    w.api.faults.inject(CREATE_REVIEW, { kind: "status", status: 502 });
    const run = await w.run({});
    expect(run.outputs.status).toBe("blocked");
    expect(w.api.requestsFor(CREATE_REVIEW)).toHaveLength(2);
    expect(w.pull.reviews()).toHaveLength(1);
  });

  it("a history comment GitHub applied but answered 502 is not posted again", async () => {
    world = await startWorld();
    const w = world;
    w.api.faults.inject(CREATE_COMMENT, { kind: "applied", status: 502 });
    const run = await w.run({});
    expect(run.outputs.status, run.log).toBe("approve");
    expect(w.pull.comments().filter((c) => c.body.includes("verdict-gate:history"))).toHaveLength(1);
    expect(w.api.requestsFor(CREATE_COMMENT)).toHaveLength(1);
  });

  it("two copies of the history (two first rounds at once) are reported, and the later one tidied", async () => {
    world = await startWorld();
    const w = world;
    expect((await w.run({})).outputs.status).toBe("approve");
    const real = historyComment(w);
    if (real === undefined) throw new Error("no history");
    // The other first round's copy, left by a run killed before it noticed it had lost the race.
    const copy = w.pull.comment("github-actions[bot]", real.body, "Bot");
    const again = await pushAndRun(w, { "src/greet.js": "export const greet = () => 'v2';\n" });
    expect(again.outputs.status).toBe("approve");
    expect(again.log).toMatch(/has 2 copies of the gate's round history/);
    const [check] = gateChecks(w);
    expect(check?.output.summary).toContain("copies of the gate's round history");
    expect(copy.body).not.toContain("verdict-gate:history");
    expect(copy.body).toContain("verdict-gate:superseded");
    // The history is the oldest copy, carrying both rounds.
    const read = readHistoryComment(commentBody(w));
    expect(read.ok && read.history.rounds).toHaveLength(2);
  });
});

describe("a pull request busy with comments (item 5)", () => {
  /** 1,050 comments (a CI bot, a long thread) two months before the gate's first round. */
  function busy(w: World): void {
    const now = w.api.model.now;
    w.api.model.now = () => new Date(now().getTime() - 60 * 86_400_000);
    for (let i = 0; i < 1_050; i += 1)
      w.pull.comment(i % 3 === 0 ? "ci-bot" : `reviewer${i % 7}`, `comment ${i}`);
    w.api.model.now = now;
  }

  it("is gated at its first round, and its history found again without reading every comment", async () => {
    world = await startWorld();
    const w = world;
    busy(w);
    const first = await w.run({});
    expect(first.outputs.status, first.log).toBe("approve");
    expect(historyComment(w)).toBeDefined();

    // A re-run of the same head: the history by the id the head's run remembers, no page of comments.
    let from = w.api.requests.length;
    const rerun = await w.run({
      event: w.event({ event: "pull_request", action: "reopened", pull: w.pull }),
    });
    expect(rerun.outputs.status).toBe("approve");
    expect(routesOf(w, from)).not.toContain(LIST_COMMENTS);
    expect(routesOf(w, from)).toContain(GET_COMMENT);

    // A push: the new head's runs remember nothing yet; the comment is where it must be, among the
    // lately updated (the first page, then one window), not behind the 1,050 before it.
    from = w.api.requests.length;
    const pushed = await pushAndRun(w, { "src/greet.js": "export const greet = () => 'v2';\n" });
    expect(pushed.outputs.status).toBe("approve");
    const lists = w.api.requests.slice(from).filter((r) => r.route === LIST_COMMENTS);
    expect(lists.length).toBeLessThanOrEqual(3);
    expect(lists.some((r) => r.query.since !== undefined)).toBe(true);
    const read = readHistoryComment(commentBody(w));
    expect(read.ok && read.history.rounds.map((r) => r.status)).toEqual(["approve", "approve"]);
    // Every lookup of the gate's runs read one page.
    expect(w.api.requestsFor(LIST_RUNS).every((r) => r.query.page === "1")).toBe(true);
  });
});
