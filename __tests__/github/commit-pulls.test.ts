// The open pull requests whose head is a commit: GitHub's list for the commit when it is complete
// enough to name the pull request being gated, every open pull request otherwise, and an error (never
// a partial list) past what the gate reads.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listOpenPullsAtCommit } from "../../src/github/commit-pulls.js";
import { isGitHubError } from "../../src/github/errors.js";
import { startWorld, type World } from "./world.js";

const COMMIT_PULLS = "GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls";
const OPEN_PULLS = "GET /repos/{owner}/{repo}/pulls";

let w: World;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  w.api.assertClean();
  await w.api.close();
});

describe("listOpenPullsAtCommit", () => {
  it("names every open pull request at the commit from the commit's own list, in one request", async () => {
    w.repo.commit({ "notes.md": "x\n" }, { branch: "release" });
    const twin = w.repo.openPullRequest({ at: w.pr.headSha, base: "release", changes: {} });
    const closed = w.repo.openPullRequest({ at: w.pr.headSha, changes: {} });
    closed.close();
    // Another pull request that merely contains the commit is not at it.
    const later = w.repo.openPullRequest({ changes: { "b.md": "b\n" } });
    later.record.commits.unshift(w.pr.headSha);
    const found = await listOpenPullsAtCommit(w.client, w.ref, w.pr.headSha, { gated: w.pr.number });
    expect(found).toEqual({ numbers: [w.pr.number, twin.number], source: "commit", requests: 1 });
    expect(w.api.requestsFor(OPEN_PULLS)).toHaveLength(0);
  });

  it("reads every open pull request when the commit's list leaves out the one being gated (a fork's)", async () => {
    const fork = w.repo.openPullRequest({ fork: "mallory", changes: { "a.md": "a\n" } });
    const twin = w.repo.openPullRequest({ fork: "mallory", at: fork.headSha, changes: {} });
    const found = await listOpenPullsAtCommit(w.client, w.ref, fork.headSha, { gated: fork.number });
    expect(found).toEqual({ numbers: [fork.number, twin.number], source: "open-pulls", requests: 2 });
    expect(w.api.requestsFor(COMMIT_PULLS)).toHaveLength(1);
    expect(w.api.requestsFor(OPEN_PULLS)).toHaveLength(1);
  });

  it("fails rather than answer from a partial list of open pull requests", async () => {
    const fork = w.repo.openPullRequest({ fork: "mallory", changes: { "a.md": "a\n" } });
    for (let i = 0; i < 100; i += 1) w.repo.openPullRequest({ changes: { [`n/${i}.md`]: `${i}\n` } });
    const error = await listOpenPullsAtCommit(w.client, w.ref, fork.headSha, {
      gated: fork.number,
      maxOpenPages: 1,
    }).catch((e: unknown) => e);
    expect(isGitHubError(error, "too-large")).toBe(true);
    expect(String(error)).toMatch(
      /more than 100 open pull requests, more than the gate reads.* Nothing was approved/,
    );
  });

  it("fails on a malformed answer instead of reading it as nobody", async () => {
    w.api.faults.inject(COMMIT_PULLS, { kind: "truncated-json" }, { attempts: "every" });
    const error = await listOpenPullsAtCommit(w.client, w.ref, w.pr.headSha).catch((e: unknown) => e);
    expect(isGitHubError(error, "malformed-response")).toBe(true);
  });
});
