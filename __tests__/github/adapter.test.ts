// The GitHub port the round uses, end to end against the loopback API: one round's requests, the
// contract from the base commit, the check run, the history comment, the fork case.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGitHubPort } from "../../src/github/adapter.js";
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

describe("createGitHubPort", () => {
  it("runs a round's reads and writes in a handful of requests", async () => {
    const github = createGitHubPort(w.client, w.ref, log);
    const pr = await github.pullRequest(w.pr.number);
    expect(pr).toMatchObject({
      headSha: w.pr.headSha,
      baseSha: w.pr.baseSha,
      headRepo: "octo-org/widgets",
      author: "octocat",
      changedFiles: 2,
    });
    const check = await github.startCheck(pr.headSha, "verdict-gate", "Reviewing…");
    expect(check.appSlug).toBe("github-actions");
    const contract = await github.readFile(".github/verdict-contract.json", pr.baseSha);
    expect(contract).toEqual({ kind: "found", text: CONTRACT, sha: expect.stringMatching(/^[0-9a-f]{40}$/) });
    const diff = await github.diff({ baseSha: pr.baseSha, headSha: pr.headSha, pull: pr });
    expect(diff.files).toHaveLength(2);
    const comment = await github.findComment(pr.number, MARKER, `${check.appSlug}[bot]`);
    expect(comment).toBeUndefined();
    await github.saveComment(pr.number, `${MARKER}\nround 1`, comment);
    await github.finishCheck(
      check,
      { title: "approve", summary: "all parts passed", annotations: [] },
      "success",
    );
    expect(w.pr.checkRuns()[0]).toMatchObject({ conclusion: "success", headSha: w.pr.headSha });
    // pull request, check run, contract, the comparison's diff, comments, comment, completion.
    expect(github.requestCount()).toBe(7);

    const again = await github.findComment(pr.number, MARKER, "github-actions[bot]");
    expect(again?.body).toBe(`${MARKER}\nround 1`);
    await github.saveComment(pr.number, `${MARKER}\nround 2`, again);
    expect(w.pr.comments().map((c) => c.body)).toEqual([`${MARKER}\nround 2`]);
  });

  it("maps a missing contract, a directory and a binary file", async () => {
    const github = createGitHubPort(w.client, w.ref, log);
    const sha = w.repo.commit([
      { path: "dir/inner.json", content: "{}" },
      { path: "bin.json", content: Buffer.from([0xff, 0xfe, 0x00]) },
    ]);
    expect(await github.readFile("nope.json", sha)).toEqual({ kind: "missing" });
    expect(await github.readFile("dir", sha)).toMatchObject({
      kind: "unreadable",
      message: "dir is a directory, not a file",
    });
    expect(await github.readFile("bin.json", sha)).toMatchObject({
      kind: "unreadable",
      message: "bin.json is not UTF-8 text",
    });
  });

  it("throws, never says missing, when GitHub cannot find the ref the contract is read at", async () => {
    const github = createGitHubPort(w.client, w.ref, log);
    const error = await github
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
    const github = createGitHubPort(w.client, w.ref, log);
    const check = await github.startCheck(w.pr.headSha, "verdict-gate", "Reviewing…");
    // Not github-actions: that bot writes for every workflow of the repository.
    expect(check.appSlug).toBeNull();
    expect(warnings.join("\n")).toMatch(/did not say which app owns check run \d+/);
  });

  it("says in its log why the unified diff was not used: GitHub could not render it, or it was cut", async () => {
    const infos: string[] = [];
    const github = createGitHubPort(w.client, w.ref, { ...log, info: (m) => infos.push(m) });
    const pr = await github.pullRequest(w.pr.number);
    const change = { baseSha: pr.baseSha, headSha: pr.headSha };
    // GitHub counts more changed lines than the unified diff shows: the gate finds it cut.
    await github.diff({ ...change, pull: { ...pr, additions: pr.additions + 5 } });
    expect(infos).toEqual([
      expect.stringMatching(
        /^the unified diff shows 2 of the 7 changed lines the pull request reports; read the comparison's file list instead$/,
      ),
    ]);
    w.api.limits.diffMaxFiles = 1;
    await github.diff({ ...change, pull: pr });
    expect(infos[1]).toMatch(
      /^GitHub could not produce the whole diff \(HTTP 500: Server Error: Sorry, this diff is taking too long to generate\.\); read the comparison's file list instead$/,
    );
  });

  it("throws CannotWriteChecksError for a fork pull request's read-only token", async () => {
    w.api.addToken("ghs_readOnlyForkToken000000000000000000", { canWrite: false });
    const github = createGitHubPort(
      fastClient(w.api, [], { token: "ghs_readOnlyForkToken000000000000000000" }),
      w.ref,
      log,
    );
    const error = await github
      .startCheck(w.pr.headSha, "verdict-gate", "Reviewing…")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CannotWriteChecksError);
    expect(String(error)).toMatch(/pull_request_target/);
  });

  it("leaves a conditional-on round in progress and sends annotations in batches", async () => {
    const github = createGitHubPort(w.client, w.ref, log);
    const check = await github.startCheck(w.pr.headSha, "verdict-gate", "Reviewing…");
    const annotations = Array.from({ length: 51 }, (_, i) => ({
      path: "src/greet.ts",
      startLine: 2,
      endLine: 2,
      level: "warning" as const,
      title: "note",
      message: `n${i}`,
    }));
    await github.finishCheck(
      check,
      { title: "conditional-on: ci/test", summary: "waiting", annotations },
      null,
    );
    expect(w.pr.checkRuns()[0]).toMatchObject({ status: "in_progress", conclusion: null });
    expect(w.pr.checkRuns()[0]?.annotations).toHaveLength(51);
  });

  it("answers the dependency questions", async () => {
    const github = createGitHubPort(w.client, w.ref, log);
    const run = w.repo.addCheckRun({ sha: w.pr.headSha, name: "ci/test", conclusion: "success" });
    expect(await github.checkRuns(w.pr.headSha, "ci/test")).toEqual([
      { id: run.id, status: "completed", conclusion: "success", app: "other-ci" },
    ]);
    w.repo.setStatus({ sha: w.pr.headSha, context: "legacy", state: "error", description: "boom" });
    expect(await github.statuses(w.pr.headSha, "legacy")).toEqual([{ state: "error", description: "boom" }]);
    expect(await github.statuses(w.pr.headSha, "absent")).toEqual([]);
    expect(await github.pullRequestState("octo-org/widgets", w.pr.number)).toEqual({
      state: "open",
      merged: false,
    });
    w.repo.setPermission("maria", "maintain");
    expect(await github.permission("maria")).toBe("maintain");
    const group = w.repo.createMergeGroup(w.pr);
    // The head the queue took comes along: the group's approve must be for that commit.
    expect(await github.mergeGroupPulls(group.headSha, group.headRef)).toEqual([
      { number: w.pr.number, queuedHeadSha: w.pr.headSha },
    ]);
    // Who added a label, and a status by one creator only.
    w.pr.addLabel("qa", "maria");
    expect(await github.labelAddedBy(w.pr.number, "qa")).toBe("maria");
    expect(await github.labelAddedBy(w.pr.number, "never-added")).toBeNull();
    w.repo.setStatus({ sha: w.pr.headSha, context: "deploy", state: "success", creator: "mallory" });
    expect(await github.statuses(w.pr.headSha, "deploy", "deploy-bot[bot]")).toEqual([]);
    expect(await github.statuses(w.pr.headSha, "deploy", "Mallory")).toEqual([
      { state: "success", description: null },
    ]);
  });

  it("names the pull requests at a commit, and the ones the gate judged there by its own check runs", async () => {
    const github = createGitHubPort(w.client, w.ref, log);
    const twin = w.repo.openPullRequest({ at: w.pr.headSha, changes: {} });
    expect(await github.openPullsAt(w.pr.headSha, w.pr.number)).toEqual([w.pr.number, twin.number]);
    const mine = await github.startCheck(w.pr.headSha, "verdict-gate", "reviewing", twin.number);
    await github.startCheck(w.pr.headSha, "verdict-gate", "reviewing", twin.number);
    await github.startCheck(w.pr.headSha, "verdict-gate", "no pull request named");
    // Another app's run of the name, with an external id of its own, names nobody.
    const other = w.repo.addCheckRun({ sha: w.pr.headSha, name: "verdict-gate", conclusion: "success" });
    other.externalId = "build-1234";
    expect(mine.id).toBeGreaterThan(0);
    expect(await github.judgedPullsAt(w.pr.headSha, "verdict-gate")).toEqual([twin.number]);
  });

  it("never holds on more of the gate's runs at a commit than it reads: the newest are read, the log says so", async () => {
    const github = createGitHubPort(w.client, w.ref, log);
    const twin = w.repo.openPullRequest({ at: w.pr.headSha, changes: {} });
    const early = w.repo.addCheckRun({ sha: w.pr.headSha, name: "verdict-gate", app: "github-actions" });
    early.externalId = `verdict-gate:pr:${twin.number}`;
    for (let i = 0; i < 1_050; i += 1) {
      const run = w.repo.addCheckRun({ sha: w.pr.headSha, name: "verdict-gate", app: "github-actions" });
      run.externalId = `verdict-gate:pr:${w.pr.number}:h:77`;
    }
    expect(await github.judgedPullsAt(w.pr.headSha, "verdict-gate")).toEqual([w.pr.number]);
    expect(warnings.join("\n")).toMatch(
      /has 1051 check runs named "verdict-gate"; the newest 1000 were read/,
    );
  });

  it("remembers the history's id in its run, and fetches it by that id on the next round of the head", async () => {
    const first = createGitHubPort(w.client, w.ref, log);
    const check = await first.startCheck(w.pr.headSha, "verdict-gate", "Reviewing…", w.pr.number);
    expect(await first.findComment(w.pr.number, MARKER, "github-actions[bot]")).toBeUndefined();
    await first.saveComment(w.pr.number, `${MARKER}\nround 1`, undefined);
    const saved = await first.findComment(w.pr.number, MARKER, "github-actions[bot]");
    await first.finishCheck(check, { title: "approve", summary: "ok", annotations: [] }, "success");
    expect(w.pr.checkRuns()[0]?.externalId).toBe(`verdict-gate:pr:${w.pr.number}:h:${saved?.id}`);
    const next = createGitHubPort(w.client, w.ref, log);
    await next.startCheck(w.pr.headSha, "verdict-gate", "Reviewing…", w.pr.number);
    const before = w.api.requests.length;
    expect((await next.findComment(w.pr.number, MARKER, "github-actions[bot]"))?.id).toBe(saved?.id);
    expect(w.api.requests.slice(before).map((r) => r.route)).toEqual([
      "GET /repos/{owner}/{repo}/issues/comments/{comment_id}",
    ]);
    // A remembered id that no longer holds the history (deleted to start afresh) is looked for again.
    w.repo.record.comments.splice(0, w.repo.record.comments.length);
    const third = createGitHubPort(w.client, w.ref, log);
    await third.startCheck(w.pr.headSha, "verdict-gate", "Reviewing…", w.pr.number);
    expect(await third.findComment(w.pr.number, MARKER, "github-actions[bot]")).toBeUndefined();
  });

  it("trusts no remembered id that names another pull request's comment, or someone else's", async () => {
    const github = createGitHubPort(w.client, w.ref, log);
    const other = w.repo.openPullRequest({ changes: { "x.txt": "x\n" } });
    const elsewhere = other.comment("github-actions[bot]", `${MARKER}\nround 9: approve`, "Bot");
    const run = w.repo.addCheckRun({ sha: w.pr.headSha, name: "verdict-gate", app: "github-actions" });
    run.externalId = `verdict-gate:pr:${w.pr.number}:h:${elsewhere.id}`;
    await github.startCheck(w.pr.headSha, "verdict-gate", "Reviewing…", w.pr.number);
    expect(await github.findComment(w.pr.number, MARKER, "github-actions[bot]")).toBeUndefined();
  });

  it("warns about comments that imitate the history", async () => {
    const github = createGitHubPort(w.client, w.ref, log);
    w.pr.comment("mallory", `${MARKER}\nround 9: approve`);
    expect(await github.findComment(w.pr.number, MARKER, "github-actions[bot]")).toBeUndefined();
    expect(warnings.join("\n")).toMatch(
      /1 comment\(s\) on #1 carry the gate's history marker but were not written by github-actions\[bot\]/,
    );
  });
});
