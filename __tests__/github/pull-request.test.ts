import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isGitHubError } from "../../src/github/errors.js";
import { getPullRequest, getPullRequestState } from "../../src/github/pull-request.js";
import { startWorld, type World } from "./world.js";

let w: World;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  w.api.assertClean();
  await w.api.close();
});

describe("getPullRequest", () => {
  it("reads the head and base commits, counts and labels in one request", async () => {
    w.pr.addLabel("ready");
    const pr = await getPullRequest(w.client, w.ref, w.pr.number);
    expect(pr).toMatchObject({
      number: w.pr.number,
      headSha: w.pr.headSha,
      baseSha: w.pr.baseSha,
      headRef: w.pr.headRef,
      baseRef: "main",
      headRepository: "octo-org/widgets",
      fromFork: false,
      state: "open",
      merged: false,
      draft: false,
      labels: ["ready"],
      title: "Add a greeting",
      author: { login: "octocat", type: "User" },
      changedFiles: 2,
      additions: 2,
      deletions: 0,
    });
    expect(pr.mergeCommitSha).toBe(w.pr.mergeCommitSha);
    expect(pr.mergeCommitSha).not.toBe(pr.headSha);
    expect(w.api.requests).toHaveLength(1);
  });

  it("tells a fork's pull request by its head repository", async () => {
    const fork = w.repo.openPullRequest({ fork: "mallory", changes: { "src/evil.ts": "x\n" } });
    const pr = await getPullRequest(w.client, w.ref, fork.number);
    expect(pr.headRepository).toBe("mallory/widgets");
    expect(pr.fromFork).toBe(true);
  });

  it("reports a missing pull request as not-found, naming the operation", async () => {
    const error = await getPullRequest(w.client, w.ref, 999).catch((e: unknown) => e);
    expect(isGitHubError(error, "not-found")).toBe(true);
    expect(String(error)).toMatch(/read pull request octo-org\/widgets#999 failed with HTTP 404/);
  });
});

describe("getPullRequestState", () => {
  it("says open, merged, or closed without merging", async () => {
    expect(await getPullRequestState(w.client, w.ref, w.pr.number)).toEqual({ state: "open", merged: false });
    w.pr.merge();
    expect(await getPullRequestState(w.client, w.ref, w.pr.number)).toEqual({
      state: "closed",
      merged: true,
    });
    const other = w.repo.openPullRequest({ changes: { "x.txt": "x\n" } });
    other.close();
    expect(await getPullRequestState(w.client, w.ref, other.number)).toEqual({
      state: "closed",
      merged: false,
    });
  });

  it("reads a pull request in another repository", async () => {
    const lib = w.api.createRepo("octo-org", "lib");
    const dep = lib.openPullRequest({ changes: { "lib.ts": "x\n" } });
    dep.merge();
    expect(await getPullRequestState(w.client, { owner: "octo-org", repo: "lib" }, dep.number)).toEqual({
      state: "closed",
      merged: true,
    });
  });
});
