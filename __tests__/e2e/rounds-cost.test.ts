// What a round costs in GitHub API requests, measured end to end over the bundle against the loopback
// API: the history is one comment read in one page, so the cost does not grow with the number of
// rounds or commits. docs/history.md quotes these figures; when a change moves one, this test fails
// and the document is updated with it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ActionRun } from "./harness.js";
import { baseFilesRequiring, counted, dispatch, pushAndRun, tally, workspaceAt } from "./rounds-world.js";
import { openAI, startWorld, type World } from "./world.js";

let world: World;
beforeEach(async () => {
  world = await startWorld();
  world.repo.setPermission("admin-ada", "admin");
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

/** Requests by route: the figure and its breakdown (what was asked and how often, not in which order). */
async function cost(
  act: () => Promise<ActionRun>,
): Promise<{ run: ActionRun; total: number; routes: string[] }> {
  const { result, requests, routes } = await counted(world, act);
  return { run: result, total: requests, routes };
}

const PR = "GET /repos/{owner}/{repo}/pulls/{pull_number}";
const START_CHECK = "POST /repos/{owner}/{repo}/check-runs";
const FINISH_CHECK = "PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}";
const READ_HISTORY = "GET /repos/{owner}/{repo}/issues/{issue_number}/comments";
const CONTRACT = "GET /repos/{owner}/{repo}/contents/{path}";
/** The gate's own check runs on the head, read once before its run starts: a run of this pull request
 * still in progress is taken over rather than another created (issue 26), abandoned ones are completed
 * as superseded, the history comment's id is what they remember, and the same list says which other
 * pull requests the gate judged at the commit (shared verdicts). */
const HEAD_RUNS = "GET /repos/{owner}/{repo}/commits/{ref}/check-runs";
/** The history comment read by the id the head's runs remember (once a round on the head recorded it). */
const READ_HISTORY_BY_ID = "GET /repos/{owner}/{repo}/issues/comments/{comment_id}";
/** The pull requests whose head is the commit: before a pass, and again after it. */
const PULLS_AT_COMMIT = "GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls";
const COMPARE = "GET /repos/{owner}/{repo}/compare/{basehead}";
/** Review threads read (one query per 100 threads, the gate's recent reviews with the first), or
 * threads resolved (one mutation per 25): review-comments.ts. */
const GRAPHQL = "POST /graphql";
const POST_REVIEW = "POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews";
/** A person's act: who started this run and when it was asked for (issue 31). */
const WORKFLOW_RUN = "GET /repos/{owner}/{repo}/actions/runs/{run_id}";
/** A person's act: the app the token acts as, whose history every check reads (issue 31). */
const VIEWER = "POST /graphql";

describe("API requests per round", () => {
  it("first round, later rounds, re-evaluation, decision, terminal hold and merge group", async () => {
    const figures: Record<string, number> = {};

    world.openai.script(openAI.block(["src/greet.js:2 — a problem"]));
    const first = await cost(() => world.run({}));
    figures["first round"] = first.total;
    // The PR, the check run started, the history read (one page), the contract at the base, the diff
    // of the head commit (by its SHA: nothing to re-check afterwards), the gate's check runs on the
    // commit (another pull request's verdict for it would stand here), the history written
    // compare-and-swap (read again just before and just after), the finding shown (the review threads
    // read, one review posted), the check run finished.
    expect(tally(first.routes)).toEqual(
      tally([
        PR,
        HEAD_RUNS,
        START_CHECK,
        READ_HISTORY,
        CONTRACT,
        COMPARE,
        READ_HISTORY,
        "POST /repos/{owner}/{repo}/issues/{issue_number}/comments",
        READ_HISTORY,
        GRAPHQL,
        POST_REVIEW,
        FINISH_CHECK,
      ]),
    );

    const later = await cost(() =>
      pushAndRun(world, { "src/greet.js": "export const greet = () => 'v2';\n" }),
    );
    figures["later round"] = later.total;
    // The same, with the comment edited in place: the cost does not grow with the rounds. The finding
    // now points past the file's one line (a new finding, in the review's body), and the first
    // round's thread, on a line this round does not report, is resolved.
    expect(tally(later.routes)).toEqual(
      tally([
        PR,
        HEAD_RUNS,
        START_CHECK,
        READ_HISTORY,
        CONTRACT,
        COMPARE,
        READ_HISTORY_BY_ID,
        "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}",
        READ_HISTORY_BY_ID,
        GRAPHQL,
        POST_REVIEW,
        GRAPHQL,
        FINISH_CHECK,
      ]),
    );

    const reevaluated = await cost(() =>
      world.run({
        event: world.event({ event: "pull_request", action: "reopened", pull: world.pull }),
      }),
    );
    figures["re-evaluation, nothing changed"] = reevaluated.total;
    // Nothing written, but the history read again before the check is posted; both reads by the id
    // the head's run remembers, no page of comments.
    expect(
      reevaluated.routes.filter((r) => r.startsWith("PATCH /repos/{owner}/{repo}/issues/comments")),
    ).toEqual([]);
    expect(reevaluated.routes.filter((r) => r === READ_HISTORY_BY_ID)).toHaveLength(2);
    expect(reevaluated.routes).not.toContain(READ_HISTORY);

    const exhausted = await cost(() =>
      pushAndRun(
        world,
        { "src/greet.js": "export const greet = () => 'v3';\n" },
        { inputs: { "max-rounds": "2" } },
      ),
    );
    figures["round that exhausts the budget"] = exhausted.total;
    expect(exhausted.run.outputs.status).toBe("hold-for-human");
    const terminal = await cost(() =>
      pushAndRun(
        world,
        { "src/greet.js": "export const greet = () => 'v4';\n" },
        { inputs: { "max-rounds": "2" } },
      ),
    );
    figures["terminal hold"] = terminal.total;
    expect(terminal.run.outputs["reviewer-verdict"]).toBe("SKIPPED");
    expect(terminal.routes).not.toContain("GET /repos/{owner}/{repo}/contents/{path}");

    const decided = await cost(() =>
      dispatch(world, "admin-ada", { decision: "approve", reason: "fine", "max-rounds": "2" }),
    );
    figures.decision = decided.total;
    // An approve is a pass on the commit: the pull requests at it are asked before and after.
    // The head's runs are read once, before anything is posted (who pushed, the round the person
    // read), and they remember the history's id; the round's start takes over from that page.
    expect(tally(decided.routes)).toEqual(
      tally([
        PR,
        // Who started this run and when it was asked (the workflow run), and the app whose history
        // every check reads (GraphQL's viewer).
        WORKFLOW_RUN,
        VIEWER,
        "GET /repos/{owner}/{repo}/collaborators/{username}/permission",
        // Who pushed since the last approve, and the round the person read: the gate's runs on the
        // head (the page the round's start then takes over from, not read again), the history by the id
        // they remember, the commits since the last approve (issue 22)…
        HEAD_RUNS,
        READ_HISTORY_BY_ID,
        COMPARE,
        START_CHECK,
        READ_HISTORY_BY_ID,
        PULLS_AT_COMMIT,
        READ_HISTORY_BY_ID,
        "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}",
        READ_HISTORY_BY_ID,
        FINISH_CHECK,
        PULLS_AT_COMMIT,
      ]),
    );

    const group = world.repo.createMergeGroup(world.pull);
    const merged = await cost(() =>
      world.run({
        event: world.event({ event: "merge_group", repo: world.repo, group }),
        workspace: workspaceAt(world, group.headSha),
      }),
    );
    figures["merge group (one PR)"] = merged.total;
    expect(merged.run.outputs.status).toBe("approve");
    // The group's pull requests: its commits (compare with the base branch, whose first page also lists
    // the change's files), the queue's branches, the pull requests at the group's commit. Per pull
    // request in the group: its history (the head the queue took comes with the queue's branch, so the
    // PR itself is not read again); then the contract for the criteria, and, for its diff criterion,
    // the group's own change: the diff, checked against the file list the first compare brought (the
    // base branch resolved to the group's base).
    expect(tally(merged.routes)).toEqual(
      tally([
        START_CHECK,
        COMPARE,
        "GET /repos/{owner}/{repo}/git/matching-refs/{ref}",
        PULLS_AT_COMMIT,
        READ_HISTORY,
        CONTRACT,
        COMPARE,
        FINISH_CHECK,
      ]),
    );

    // The figures docs/history.md quotes (a PR with fewer than 100 comments: one page of history).
    // A terminal hold costs one request more since issue 26: the head's runs are read before the check
    // run starts, and it asks nothing else that list could answer. A decision reads them once for
    // both its checks (issue 22) and its round's start.
    expect(figures).toEqual({
      "first round": 12,
      "later round": 13,
      "re-evaluation, nothing changed": 8,
      "round that exhausts the budget": 11,
      "terminal hold": 8,
      decision: 15,
      "merge group (one PR)": 8,
    });
  });

  it("a round that approves asks who else's head the commit is, before the pass and after it", async () => {
    const approved = await cost(() => world.run({}));
    expect(approved.run.outputs.status).toBe("approve");
    // The diff is read by commit (one compare of the two SHAs): the PR is not read again around it.
    expect(tally(approved.routes)).toEqual(
      tally([
        PR,
        HEAD_RUNS,
        START_CHECK,
        READ_HISTORY,
        CONTRACT,
        COMPARE,
        PULLS_AT_COMMIT,
        READ_HISTORY,
        "POST /repos/{owner}/{repo}/issues/{issue_number}/comments",
        READ_HISTORY,
        FINISH_CHECK,
        PULLS_AT_COMMIT,
      ]),
    );
    expect(approved.total).toBe(12);
  });

  it("review comments: a finding posted costs two requests, one seen before one, one gone two", async () => {
    const GREET_1 = "src/greet.js:2 — concatenation";
    world.openai.script(openAI.block([GREET_1]));
    const posted = await cost(() => world.run({}));
    // The threads read (with the gate's recent reviews), one review with the comment on its line.
    expect(tally(posted.routes.filter((r) => r === GRAPHQL || r === POST_REVIEW))).toEqual(
      tally([GRAPHQL, POST_REVIEW]),
    );
    const again = await cost(() =>
      // Another file changes and is approved; the finding's file did not, so its block stands (issue 13)
      // and the finding is reported again.
      pushAndRun(world, { "src/other.js": "export const other = 1;\n" }, { reply: openAI.approve }),
    );
    // Already posted: the threads read, nothing written.
    expect(again.routes.filter((r) => r === GRAPHQL || r === POST_REVIEW)).toEqual([GRAPHQL]);
    // The finding's file changes (an unchanged file's block stands without a call, issue 13).
    const gone = await cost(() =>
      pushAndRun(
        world,
        { "src/greet.js": 'export function greet(name) {\n  return "hello, " + name;\n}\n' },
        { reply: openAI.approve },
      ),
    );
    expect(gone.run.outputs.status).toBe("approve");
    // The threads read, the gate's one thread resolved (up to 25 in one mutation).
    expect(gone.routes.filter((r) => r === GRAPHQL || r === POST_REVIEW)).toEqual([GRAPHQL, GRAPHQL]);
    // An approve on a first round with no finding reads no thread (the test above: 12 requests).
    expect({ posted: posted.total, again: again.total, gone: gone.total }).toEqual({
      posted: 12,
      again: 11,
      gone: 14,
    });
  });

  it("each dependency kind adds at most one request; a label present two (who added it, their permission)", async () => {
    await world.close();
    world = await startWorld({
      baseFiles: baseFilesRequiring([
        { id: "build", type: "check_run", name: "ci/build" },
        { id: "deploy", type: "status", context: "deploy/preview" },
        { id: "lib", type: "pr_merged", repo: "octo-org/demo", number: 1 },
        { id: "qa", type: "label", name: "qa-approved" },
      ]),
    });
    const first = await cost(() => world.run({}));
    expect(first.run.outputs.status).toBe("conditional-on");
    // The PR already lists its labels: a missing one costs nothing. The check run asked besides the
    // head's runs, the status, the other pull request.
    expect(tally(first.routes)).toMatchObject({
      [HEAD_RUNS]: 2,
      "GET /repos/{owner}/{repo}/commits/{ref}/status": 1,
      [PR]: 2,
    });
    expect(tally(first.routes)).not.toHaveProperty("GET /repos/{owner}/{repo}/issues/{issue_number}/events");
    expect(first.total).toBe(13);
    world.pull.addLabel("qa-approved");
    const labeled = await cost(() => world.run({}));
    expect(tally(labeled.routes)).toMatchObject({
      "GET /repos/{owner}/{repo}/issues/{issue_number}/events": 1,
      "GET /repos/{owner}/{repo}/collaborators/{username}/permission": 1,
    });
    expect(labeled.total).toBe(15);
  });
});
