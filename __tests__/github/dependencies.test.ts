// What the dependencies part reads: other check runs by name, commit statuses by context, labels, a
// person's permission, and the pull requests of a merge group.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listCheckRunsForRef } from "../../src/github/check-runs-for-ref.js";
import { getCommitStatus } from "../../src/github/combined-status.js";
import { isGitHubError } from "../../src/github/errors.js";
import { listMergeGroupPullRequests, parseMergeQueueRef } from "../../src/github/merge-group.js";
import { getCollaboratorPermission } from "../../src/github/permission.js";
import { startWorld, type World } from "./world.js";

let w: World;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  w.api.assertClean();
  await w.api.close();
});

describe("listCheckRunsForRef", () => {
  it("lists the latest run of a name on a commit, newest first, in one request", async () => {
    const first = w.repo.addCheckRun({ sha: w.pr.headSha, name: "ci/test", conclusion: "failure" });
    const rerun = w.repo.addCheckRun({ sha: w.pr.headSha, name: "ci/test" });
    w.repo.addCheckRun({ sha: w.pr.headSha, name: "lint", conclusion: "success" });
    const latest = await listCheckRunsForRef(w.client, w.ref, w.pr.headSha, { name: "ci/test" });
    expect(latest.runs.map((r) => r.id)).toEqual([rerun.id]);
    expect(latest.runs[0]).toMatchObject({
      status: "in_progress",
      conclusion: null,
      app: { slug: "other-ci" },
    });
    expect(latest.requests).toBe(1);
    const all = await listCheckRunsForRef(w.client, w.ref, w.pr.headSha, { name: "ci/test", filter: "all" });
    expect(all.runs.map((r) => r.id)).toEqual([rerun.id, first.id]);
    w.repo.completeCheckRun(rerun, "neutral");
    expect(
      (await listCheckRunsForRef(w.client, w.ref, w.pr.headSha, { name: "ci/test" })).runs[0]?.conclusion,
    ).toBe("neutral");
  });

  it("is empty for a name that has not started", async () => {
    expect((await listCheckRunsForRef(w.client, w.ref, w.pr.headSha, { name: "deploy" })).runs).toEqual([]);
  });

  it("pages past 100 runs but stops at the page bound", async () => {
    for (let i = 0; i < 230; i += 1)
      w.repo.addCheckRun({ sha: w.pr.headSha, name: `job-${i}`, conclusion: "success" });
    const listed = await listCheckRunsForRef(w.client, w.ref, w.pr.headSha, { maxPages: 2 });
    expect(listed).toMatchObject({ total: 230, requests: 2 });
    expect(listed.runs).toHaveLength(200);
  });
});

describe("getCommitStatus", () => {
  it("reads a context's latest state", async () => {
    w.repo.setStatus({ sha: w.pr.headSha, context: "ci/legacy", state: "pending" });
    w.repo.setStatus({
      sha: w.pr.headSha,
      context: "ci/legacy",
      state: "failure",
      description: "2 tests failed",
    });
    w.repo.setStatus({ sha: w.pr.headSha, context: "other", state: "success" });
    const found = await getCommitStatus(w.client, w.ref, w.pr.headSha, "ci/legacy");
    expect(found).toMatchObject({ status: { state: "failure", description: "2 tests failed" }, requests: 1 });
  });

  it("says null when the context never reported", async () => {
    expect(await getCommitStatus(w.client, w.ref, w.pr.headSha, "ci/legacy")).toEqual({
      status: null,
      requests: 1,
    });
  });
});

describe("getCollaboratorPermission", () => {
  it.each([
    ["admin", true],
    ["maintain", true],
    ["write", true],
    ["triage", false],
    ["read", false],
  ] as const)("reads the %s role (can write: %s), not the folded legacy value", async (role, canWrite) => {
    w.repo.setPermission("maria", role);
    expect(await getCollaboratorPermission(w.client, w.ref, "maria")).toEqual({
      login: "maria",
      role,
      roleName: role,
      canWrite,
    });
  });

  it("gives a non-collaborator of a public repository read, and an unknown user none", async () => {
    w.api.model.user("passer-by");
    expect(await getCollaboratorPermission(w.client, w.ref, "passer-by")).toMatchObject({
      role: "read",
      canWrite: false,
    });
    expect(await getCollaboratorPermission(w.client, w.ref, "nobody-at-all")).toMatchObject({
      role: "none",
      canWrite: false,
    });
  });
});

describe("merge groups", () => {
  it("parses GitHub's queue branch, and nothing else", () => {
    const sha = "929f8209d40f77f4abc622a499c93a83babdbe64";
    expect(parseMergeQueueRef(`refs/heads/gh-readonly-queue/main/pr-104-${sha}`)).toEqual({
      base: "main",
      number: 104,
      headSha: sha,
    });
    expect(parseMergeQueueRef(`gh-readonly-queue/release/v2/pr-7-${sha}`)).toEqual({
      base: "release/v2",
      number: 7,
      headSha: sha,
    });
    expect(parseMergeQueueRef("refs/heads/main")).toBeNull();
    expect(parseMergeQueueRef(`refs/heads/gh-readonly-queue/main/pr-1-${sha}/pr-2-${sha}`)).toBeNull();
    expect(parseMergeQueueRef(`refs/heads/gh-readonly-queue/main/pr-x-${sha}`)).toBeNull();
  });

  it("names the queued pull request and the head it was queued at", async () => {
    const group = w.repo.createMergeGroup(w.pr);
    const found = await listMergeGroupPullRequests(w.client, w.ref, {
      headSha: group.headSha,
      headRef: group.headRef,
    });
    // compare, the queue's branches, the pull requests of the group's commit.
    expect(found).toMatchObject({
      pulls: [{ number: w.pr.number, queuedHeadSha: w.pr.headSha }],
      requests: 3,
    });
    // The comparison's first page carries its files too: the base branch as GitHub resolved it, so the
    // group's diff (base_sha...head_sha) can be checked against them when base_sha is that commit.
    expect(found.comparison).toMatchObject({ baseSha: group.baseSha, headSha: group.headSha });
    expect(found.comparison?.files.map((f) => f.filename)).toEqual(w.pr.files().map((f) => f.filename));
  });

  it("names every pull request queued ahead of it, each with the head the queue took", async () => {
    const earlier = w.repo.openPullRequest({ changes: { "src/other.ts": "export const o = 1;\n" } });
    const first = w.repo.createMergeGroup(earlier);
    const group = w.repo.createMergeGroup(w.pr, { after: first.headSha });
    const found = await listMergeGroupPullRequests(w.client, w.ref, {
      headSha: group.headSha,
      headRef: group.headRef,
    });
    expect(found.pulls).toEqual([
      { number: w.pr.number, queuedHeadSha: w.pr.headSha },
      { number: earlier.number, queuedHeadSha: earlier.headSha },
    ]);
  });

  it("adds the open pull requests whose head is the group's commit, and fails on a list it cannot finish", async () => {
    const group = w.repo.createMergeGroup(w.pr);
    const atGroup = (count: number) => {
      for (let i = 0; i < count; i += 1) w.repo.openPullRequest({ at: group.headSha, changes: {} });
    };
    const list = () =>
      listMergeGroupPullRequests(
        w.client,
        w.ref,
        { headSha: group.headSha, headRef: group.headRef },
        { maxAssociatedPages: 1 },
      );
    atGroup(99);
    // 99 fit in one page: all of them are read (the queued PR, then the ones at the group's commit).
    expect((await list()).pulls).toHaveLength(100);
    atGroup(1);
    const error = await list().catch((e: unknown) => e);
    expect(isGitHubError(error, "too-large")).toBe(true);
    expect(String(error)).toMatch(
      /more pull requests with commit [0-9a-f]{12} than the gate reads.* Nothing was approved/,
    );
    expect(w.api.requestsFor("GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls")).toHaveLength(2);
  });

  it("refuses a group with a commit no queue branch accounts for", async () => {
    const stray = w.repo.commit(
      { "src/stray.ts": "export const s = 1;\n" },
      { branch: "stray", message: "Stray" },
    );
    const group = w.repo.createMergeGroup(w.pr, { after: stray });
    const error = await listMergeGroupPullRequests(w.client, w.ref, {
      headSha: group.headSha,
      headRef: group.headRef,
    }).catch((e: unknown) => e);
    expect(isGitHubError(error, "invalid-request")).toBe(true);
    expect(String(error)).toMatch(
      new RegExp(`commit ${stray.slice(0, 12)} \\("Stray"\\) belongs to no pull request`),
    );
  });

  it("refuses a head ref it cannot read", async () => {
    const error = await listMergeGroupPullRequests(w.client, w.ref, {
      headSha: w.pr.headSha,
      headRef: "refs/heads/feature",
    }).catch((e: unknown) => e);
    expect(isGitHubError(error, "invalid-request")).toBe(true);
    expect(w.api.requests).toHaveLength(0);
  });
});
