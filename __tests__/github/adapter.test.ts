// The GitHub port the round uses, end to end against the loopback API: one round's requests, the
// contract from the base commit, the check run, the history comment, the fork case.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rememberedHistory } from "../../src/gate/head-runs.js";
import { createGitHub } from "../../src/github/adapter.js";
import { isGitHubError } from "../../src/github/errors.js";
import { CannotWriteChecksError, type Logger } from "../../src/ports/github.js";
import { CONTRACT, fastClient, startWorld, type World } from "./world.js";

let w: World;
const warnings: string[] = [];
const log: Logger = {
  info: () => {},
  warning: (m) => warnings.push(m),
  error: () => {},
  debug: () => {},
  startGroup: () => {},
  endGroup: () => {},
};
const MARKER = "<!-- verdict-gate:history -->";

beforeEach(async () => {
  w = await startWorld();
  warnings.length = 0;
});
afterEach(async () => {
  w.api.assertClean();
  await w.api.close();
});

describe("createGitHub", () => {
  it("runs a round's reads and writes in a handful of requests", async () => {
    const github = createGitHub(w.client, w.ref, log);
    const pr = await github.pulls.pullRequest(w.pr.number);
    expect(pr).toMatchObject({
      headSha: w.pr.headSha,
      baseSha: w.pr.baseSha,
      headRepo: "octo-org/widgets",
      author: "octocat",
      changedFiles: 2,
    });
    const check = await github.checks.startCheck({
      head: pr.headSha,
      name: "verdict-gate",
      title: "Reviewing…",
    });
    expect(check.appSlug).toBe("github-actions");
    const contract = await github.pulls.readFile(".github/verdict-contract.json", pr.baseSha);
    expect(contract).toEqual({ kind: "found", text: CONTRACT, sha: expect.stringMatching(/^[0-9a-f]{40}$/) });
    const diff = await github.pulls.diff({ baseSha: pr.baseSha, headSha: pr.headSha, pull: pr });
    expect(diff.files).toHaveLength(2);
    const comment = await github.history.findComment(pr.number, MARKER, `${check.appSlug}[bot]`);
    expect(comment).toBeUndefined();
    await github.history.saveComment(pr.number, `${MARKER}\nround 1`, comment);
    await github.checks.finishCheck(
      check,
      { title: "approve", summary: "all parts passed", annotations: [] },
      "success",
    );
    expect(w.pr.checkRuns()[0]).toMatchObject({ conclusion: "success", headSha: w.pr.headSha });
    // pull request, check run, contract, the comparison's diff, comments, comment, completion.
    expect(github.requestCount()).toBe(7);

    const again = await github.history.findComment(pr.number, MARKER, "github-actions[bot]");
    expect(again?.body).toBe(`${MARKER}\nround 1`);
    await github.history.saveComment(pr.number, `${MARKER}\nround 2`, again);
    expect(w.pr.comments().map((c) => c.body)).toEqual([`${MARKER}\nround 2`]);
  });

  it("maps a missing contract, a directory and a binary file", async () => {
    const github = createGitHub(w.client, w.ref, log);
    const sha = w.repo.commit([
      { path: "dir/inner.json", content: "{}" },
      { path: "bin.json", content: Buffer.from([0xff, 0xfe, 0x00]) },
    ]);
    expect(await github.pulls.readFile("nope.json", sha)).toEqual({ kind: "missing" });
    expect(await github.pulls.readFile("dir", sha)).toMatchObject({
      kind: "unreadable",
      message: "dir is a directory, not a file",
    });
    expect(await github.pulls.readFile("bin.json", sha)).toMatchObject({
      kind: "unreadable",
      message: "bin.json is not UTF-8 text",
    });
  });

  it("throws, never says missing, when GitHub cannot find the ref the contract is read at", async () => {
    const github = createGitHub(w.client, w.ref, log);
    const error = await github.pulls
      .readFile(".github/verdict-contract.json", "0123456789abcdef0123456789abcdef01234567")
      .catch((e: unknown) => e);
    expect(isGitHubError(error, "not-found")).toBe(true);
    expect(String(error)).toMatch(/No commit found for the ref/);
  });

  it("trusts no app when GitHub does not name the one that owns the check run", async () => {
    w.api.faults.inject("POST /repos/{owner}/{repo}/check-runs", {
      kind: "edit",
      edit: (json) => ({ ...(json as object), app: null }),
    });
    const github = createGitHub(w.client, w.ref, log);
    const check = await github.checks.startCheck({
      head: w.pr.headSha,
      name: "verdict-gate",
      title: "Reviewing…",
    });
    // Not github-actions: that bot writes for every workflow of the repository.
    expect(check.appSlug).toBeNull();
    expect(warnings.join("\n")).toMatch(/did not say which app owns check run \d+/);
  });

  it("says in its log why the unified diff was not used: GitHub could not render it, or it was cut", async () => {
    const infos: string[] = [];
    const github = createGitHub(w.client, w.ref, { ...log, info: (m) => infos.push(m) });
    const pr = await github.pulls.pullRequest(w.pr.number);
    const change = { baseSha: pr.baseSha, headSha: pr.headSha };
    // GitHub counts more changed lines than the unified diff shows: the gate finds it cut.
    await github.pulls.diff({ ...change, pull: { ...pr, additions: pr.additions + 5 } });
    expect(infos).toEqual([
      expect.stringMatching(
        /^the unified diff shows 2 of the 7 changed lines the pull request reports; read the comparison's file list instead$/,
      ),
    ]);
    w.api.limits.diffMaxFiles = 1;
    await github.pulls.diff({ ...change, pull: pr });
    expect(infos[1]).toMatch(
      /^GitHub could not produce the whole diff \(HTTP 500: Server Error: Sorry, this diff is taking too long to generate\.\); read the comparison's file list instead$/,
    );
  });

  it("throws CannotWriteChecksError for a fork pull request's read-only token", async () => {
    w.api.addToken("ghs_readOnlyForkToken000000000000000000", { canWrite: false });
    const github = createGitHub(
      fastClient(w.api, [], { token: "ghs_readOnlyForkToken000000000000000000" }),
      w.ref,
      log,
    );
    const error = await github.checks
      .startCheck({ head: w.pr.headSha, name: "verdict-gate", title: "Reviewing…" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CannotWriteChecksError);
    expect(String(error)).toMatch(/pull_request_target/);
  });

  it("leaves a conditional-on round in progress and sends annotations in batches", async () => {
    const github = createGitHub(w.client, w.ref, log);
    const check = await github.checks.startCheck({
      head: w.pr.headSha,
      name: "verdict-gate",
      title: "Reviewing…",
    });
    const annotations = Array.from({ length: 51 }, (_, i) => ({
      path: "src/greet.ts",
      startLine: 2,
      endLine: 2,
      level: "warning" as const,
      title: "note",
      message: `n${i}`,
    }));
    await github.checks.finishCheck(
      check,
      { title: "conditional-on: ci/test", summary: "waiting", annotations },
      null,
    );
    expect(w.pr.checkRuns()[0]).toMatchObject({ status: "in_progress", conclusion: null });
    expect(w.pr.checkRuns()[0]?.annotations).toHaveLength(51);
  });

  it("answers the dependency questions", async () => {
    const github = createGitHub(w.client, w.ref, log);
    const run = w.repo.addCheckRun({ sha: w.pr.headSha, name: "ci/test", conclusion: "success" });
    expect(await github.dependencies.checkRuns(w.pr.headSha, "ci/test")).toEqual([
      { id: run.id, status: "completed", conclusion: "success", app: "other-ci" },
    ]);
    w.repo.setStatus({ sha: w.pr.headSha, context: "legacy", state: "error", description: "boom" });
    expect(await github.dependencies.statuses(w.pr.headSha, "legacy")).toEqual([
      { state: "error", description: "boom" },
    ]);
    expect(await github.dependencies.statuses(w.pr.headSha, "absent")).toEqual([]);
    expect(await github.dependencies.pullRequestState("octo-org/widgets", w.pr.number)).toEqual({
      state: "open",
      merged: false,
    });
    w.repo.setPermission("maria", "maintain");
    expect(await github.people.permission("maria")).toBe("maintain");
    const group = w.repo.createMergeGroup(w.pr);
    // The head the queue took comes along: the group's approve must be for that commit.
    expect((await github.peers.mergeGroupPulls(group.headSha, group.headRef)).pulls).toEqual([
      { number: w.pr.number, queuedHeadSha: w.pr.headSha },
    ]);
    // Who added a label, and a status by one creator only.
    w.pr.addLabel("qa", "maria");
    expect(await github.dependencies.labelAddedBy(w.pr.number, "qa")).toBe("maria");
    expect(await github.dependencies.labelAddedBy(w.pr.number, "never-added")).toBeNull();
    w.repo.setStatus({ sha: w.pr.headSha, context: "deploy", state: "success", creator: "mallory" });
    expect(await github.dependencies.statuses(w.pr.headSha, "deploy", "deploy-bot[bot]")).toEqual([]);
    expect(await github.dependencies.statuses(w.pr.headSha, "deploy", "Mallory")).toEqual([
      { state: "success", description: null },
    ]);
  });

  it("names the pull requests at a commit, and the ones the gate judged there by its own check runs", async () => {
    const github = createGitHub(w.client, w.ref, log);
    const twin = w.repo.openPullRequest({ at: w.pr.headSha, changes: {} });
    expect(await github.peers.openPullsAt(w.pr.headSha, w.pr.number)).toEqual([w.pr.number, twin.number]);
    const start = { head: w.pr.headSha, name: "verdict-gate", title: "reviewing" };
    const mine = await github.checks.startCheck({ ...start, pr: twin.number });
    await github.checks.startCheck({ ...start, pr: twin.number });
    await github.checks.startCheck({ ...start, title: "no pull request named" });
    // Another app's run of the name, with an external id of its own, names nobody.
    const other = w.repo.addCheckRun({ sha: w.pr.headSha, name: "verdict-gate", conclusion: "success" });
    other.externalId = "build-1234";
    expect(mine.id).toBeGreaterThan(0);
    expect(await github.peers.judgedPullsAt(w.pr.headSha, "verdict-gate")).toEqual([twin.number]);
  });

  it("never holds on more of the gate's runs at a commit than it reads: the newest are read, the log says so", async () => {
    const github = createGitHub(w.client, w.ref, log);
    const twin = w.repo.openPullRequest({ at: w.pr.headSha, changes: {} });
    const early = w.repo.addCheckRun({ sha: w.pr.headSha, name: "verdict-gate", app: "github-actions" });
    early.externalId = `verdict-gate:pr:${twin.number}`;
    for (let i = 0; i < 1_050; i += 1) {
      const run = w.repo.addCheckRun({ sha: w.pr.headSha, name: "verdict-gate", app: "github-actions" });
      run.externalId = `verdict-gate:pr:${w.pr.number}:h:77`;
    }
    expect(await github.peers.judgedPullsAt(w.pr.headSha, "verdict-gate")).toEqual([w.pr.number]);
    expect(warnings.join("\n")).toMatch(
      /has 1051 check runs named "verdict-gate"; the newest 1000 were read/,
    );
  });

  it("remembers the history's id in its run, and fetches it by that id on the next round of the head", async () => {
    const github = createGitHub(w.client, w.ref, log);
    const start = { head: w.pr.headSha, name: "verdict-gate", title: "Reviewing…", pr: w.pr.number };
    const check = await github.checks.startCheck(start);
    expect(await github.history.findComment(w.pr.number, MARKER, "github-actions[bot]")).toBeUndefined();
    const saved = await github.history.saveComment(w.pr.number, `${MARKER}\nround 1`, undefined);
    await github.checks.finishCheck(
      check,
      { title: "approve", summary: "ok", annotations: [] },
      "success",
      saved?.id,
    );
    expect(w.pr.checkRuns()[0]?.externalId).toBe(`verdict-gate:pr:${w.pr.number}:h:${saved?.id}`);
    // The next round on the head: its runs, read once, say where the history is.
    const runs = await github.checks.onHead(w.pr.headSha, "verdict-gate");
    const known = rememberedHistory(runs, w.pr.number, "github-actions");
    if (known === undefined) throw new Error("the run remembers no history");
    expect(known).toBe(saved?.id);
    const before = w.api.requests.length;
    const found = await github.history.findComment(w.pr.number, MARKER, "github-actions[bot]", { id: known });
    expect(found?.id).toBe(saved?.id);
    expect(w.api.requests.slice(before).map((r) => r.route)).toEqual([
      "GET /repos/{owner}/{repo}/issues/comments/{comment_id}",
    ]);
    // A remembered id that no longer holds the history (deleted to start afresh) is looked for again.
    w.repo.record.comments.splice(0, w.repo.record.comments.length);
    expect(
      await github.history.findComment(w.pr.number, MARKER, "github-actions[bot]", { id: known }),
    ).toBeUndefined();
  });

  it("trusts no remembered id that names another pull request's comment, or someone else's", async () => {
    const github = createGitHub(w.client, w.ref, log);
    const other = w.repo.openPullRequest({ changes: { "x.txt": "x\n" } });
    const elsewhere = other.comment("github-actions[bot]", `${MARKER}\nround 9: approve`, "Bot");
    const mallorys = w.pr.comment("mallory", `${MARKER}\nround 9: approve`);
    for (const id of [elsewhere.id, mallorys.id]) {
      expect(
        await github.history.findComment(w.pr.number, MARKER, "github-actions[bot]", { id }),
      ).toBeUndefined();
    }
  });

  it("remembers no history from another app's runs of the name", async () => {
    const github = createGitHub(w.client, w.ref, log);
    const run = w.repo.addCheckRun({ sha: w.pr.headSha, name: "verdict-gate", app: "other-ci" });
    run.externalId = `verdict-gate:pr:${w.pr.number}:h:4242`;
    const runs = await github.checks.onHead(w.pr.headSha, "verdict-gate");
    expect(runs.runs[0]).toMatchObject({ id: run.id, app: "other-ci", pr: w.pr.number, history: 4242 });
    expect(rememberedHistory(runs, w.pr.number, "github-actions")).toBeUndefined();
    expect(rememberedHistory(runs, w.pr.number, "other-ci")).toBe(4242);
  });

  it("warns about comments that imitate the history", async () => {
    const github = createGitHub(w.client, w.ref, log);
    w.pr.comment("mallory", `${MARKER}\nround 9: approve`);
    expect(await github.history.findComment(w.pr.number, MARKER, "github-actions[bot]")).toBeUndefined();
    expect(warnings.join("\n")).toMatch(
      /1 comment\(s\) on #1 carry the gate's history marker but were not written by github-actions\[bot\]/,
    );
  });
});
