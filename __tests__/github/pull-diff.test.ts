import { afterEach, describe, expect, it } from "vitest";
import { isGitHubError } from "../../src/github/errors.js";
import { getPullDiff } from "../../src/github/pull-diff.js";
import { getPullRequest } from "../../src/github/pull-request.js";
import { calls, startWorld, type World } from "./world.js";

const GET_PULL = "GET /repos/{owner}/{repo}/pulls/{pull_number}";
const LIST_FILES = "GET /repos/{owner}/{repo}/pulls/{pull_number}/files";

let w: World;
afterEach(async () => {
  w.api.assertClean();
  await w.api.close();
});

function manyFiles(count: number, linesEach = 1): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i += 1)
    files[`gen/f${String(i).padStart(4, "0")}.txt`] = "line\n".repeat(linesEach);
  return files;
}

describe("the whole diff", () => {
  it("reads the unified diff in one request and checks the head once more", async () => {
    w = await startWorld();
    const pr = await getPullRequest(w.client, w.ref, w.pr.number);
    const read = await getPullDiff(w.client, w.ref, pr);
    expect(read.diff.source).toBe("unified");
    expect(read.diff.files.map((f) => f.path)).toEqual(["docs/greet.md", "src/greet.ts"]);
    expect(read.diff.files.every((f) => !f.patchOmitted)).toBe(true);
    expect(read.diff).toMatchObject({ truncated: false, reportedFiles: 2 });
    const greet = read.diff.files.find((f) => f.path === "src/greet.ts");
    expect(greet?.hunks[0]?.lines.filter((l) => l.kind === "add").map((l) => l.newLine)).toEqual([2]);
    expect(read.requests).toBe(2);
    expect(calls(w.api, GET_PULL)).toBe(3);
    expect(w.api.requestsFor(GET_PULL)[1]?.headers.accept).toMatch(/application\/vnd\.github\.v3\.diff/);
  });

  it("can skip the head check", async () => {
    w = await startWorld();
    const pr = await getPullRequest(w.client, w.ref, w.pr.number);
    const read = await getPullDiff(w.client, w.ref, pr, { verifyHead: false });
    expect(read.requests).toBe(1);
  });

  it("refuses a diff when the pull request moved while it was read", async () => {
    w = await startWorld();
    const pr = await getPullRequest(w.client, w.ref, w.pr.number);
    w.pr.push({ "src/late.ts": "late\n" });
    const error = await getPullDiff(w.client, w.ref, pr).catch((e: unknown) => e);
    expect(isGitHubError(error, "head-moved")).toBe(true);
    expect(String(error)).toMatch(/moved from/);
  });

  it("treats an empty diff for a pull request that changes files as a failed read", async () => {
    w = await startWorld();
    const pr = await getPullRequest(w.client, w.ref, w.pr.number);
    w.api.faults.inject(
      GET_PULL,
      { kind: "empty-body" },
      { when: (r) => /diff/.test(r.headers.accept ?? "") },
    );
    const error = await getPullDiff(w.client, w.ref, pr).catch((e: unknown) => e);
    expect(isGitHubError(error, "malformed-response")).toBe(true);
    expect(String(error)).toMatch(/changes 2 file/);
  });

  it("counts binary files as changed files it cannot review", async () => {
    w = await startWorld();
    w.pr.push([{ path: "img/logo.png", content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]) }]);
    const pr = await getPullRequest(w.client, w.ref, w.pr.number);
    const read = await getPullDiff(w.client, w.ref, pr);
    const logo = read.diff.files.find((f) => f.path === "img/logo.png");
    expect(logo?.binary).toBe(true);
    expect(read.diff.files).toHaveLength(3);
  });
});

describe("when the unified diff shows fewer changed lines than the pull request counts", () => {
  it("reads the file list, and says the gate found the diff cut, not that GitHub refused it", async () => {
    w = await startWorld();
    const pr = await getPullRequest(w.client, w.ref, w.pr.number);
    const read = await getPullDiff(w.client, w.ref, { ...pr, additions: pr.additions + 5 });
    expect(read.diff.source).toBe("files-api");
    expect(read.fallback).toEqual({
      why: "cut",
      reason: expect.stringMatching(/^the unified diff shows 2 of the 7 changed lines/),
    });
    expect(read.refusal).toBeUndefined();
  });
});

describe("when GitHub refuses the whole diff (406)", () => {
  it("pages the file list instead, 100 files a request", async () => {
    w = await startWorld();
    w.pr.push(manyFiles(301));
    const pr = await getPullRequest(w.client, w.ref, w.pr.number);
    const read = await getPullDiff(w.client, w.ref, pr);
    expect(read.refusal).toMatch(/exceeded the maximum number of files \(300\)/);
    expect(read.fallback?.why).toBe("refused");
    expect(read.diff.source).toBe("files-api");
    expect(read.diff.files).toHaveLength(303);
    expect(read.diff.truncated).toBe(false);
    expect(read.requests).toBe(1 + 4 + 1);
    expect(calls(w.api, LIST_FILES)).toBe(4);
    expect(w.api.requestsFor(LIST_FILES).map((r) => r.query.per_page)).toEqual(["100", "100", "100", "100"]);
  });

  it("falls back too when the diff has over 20,000 changed lines", async () => {
    w = await startWorld();
    w.pr.push({ "big.txt": "x\n".repeat(20_001) });
    const pr = await getPullRequest(w.client, w.ref, w.pr.number);
    const read = await getPullDiff(w.client, w.ref, pr);
    expect(read.refusal).toMatch(/maximum number of lines \(20000\)/);
    expect(read.diff.source).toBe("files-api");
    expect(read.diff.files.find((f) => f.path === "big.txt")?.additions).toBe(20_001);
  });

  it("falls back too when the unified diff is larger than the client accepts", async () => {
    w = await startWorld({ client: { maxResponseBytes: 40_000 } });
    // A diff of about 60 kB; the file list leaves the patch out, as GitHub does for a large one.
    w.api.limits.patchMaxBytes = 1000;
    w.pr.push({ "big.txt": "a line of the change\n".repeat(3000) });
    const pr = await getPullRequest(w.client, w.ref, w.pr.number);
    const read = await getPullDiff(w.client, w.ref, pr);
    expect(read.fallback).toEqual({
      why: "too-large",
      reason: "the unified diff is larger than the 40,000 bytes the gate accepts in one response",
    });
    expect(read.refusal).toBeUndefined();
    expect(read.diff.source).toBe("files-api");
    expect(read.diff.files.find((f) => f.path === "big.txt")).toMatchObject({
      additions: 3000,
      patchOmitted: true,
    });
    // One attempt at the diff (a retry would be as large), one page of files, the head check.
    expect(w.api.requestsFor(GET_PULL).filter((r) => /diff/.test(r.headers.accept ?? ""))).toHaveLength(1);
    expect(read.requests).toBe(1 + 1 + 1);
  });

  it("keeps files whose patch GitHub omits, marked as not reviewed", async () => {
    w = await startWorld({ limits: { diffMaxFiles: 1 } });
    w.api.limits.omitPatch = (name) => name === "docs/greet.md";
    const pr = await getPullRequest(w.client, w.ref, w.pr.number);
    const read = await getPullDiff(w.client, w.ref, pr);
    const docs = read.diff.files.find((f) => f.path === "docs/greet.md");
    expect(docs).toMatchObject({ patchOmitted: true, additions: 1 });
    expect(read.diff.files.find((f) => f.path === "src/greet.ts")?.patchOmitted).toBe(false);
  });

  it("stops at GitHub's 3,000-file cap and says the diff is truncated", async () => {
    w = await startWorld();
    w.pr.push(manyFiles(3_050));
    const pr = await getPullRequest(w.client, w.ref, w.pr.number);
    expect(pr.changedFiles).toBe(3_052);
    const read = await getPullDiff(w.client, w.ref, pr);
    expect(read.diff.files).toHaveLength(3_000);
    expect(read.diff).toMatchObject({ truncated: true, reportedFiles: 3_052, source: "files-api" });
    expect(calls(w.api, LIST_FILES)).toBe(30);
    expect(read.requests).toBe(32);
  }, 30_000);

  it("says truncated when it was told to read fewer pages than there are", async () => {
    w = await startWorld({ limits: { diffMaxFiles: 1 } });
    w.pr.push(manyFiles(250));
    const pr = await getPullRequest(w.client, w.ref, w.pr.number);
    const read = await getPullDiff(w.client, w.ref, pr, { maxPages: 2 });
    expect(read.diff.files).toHaveLength(200);
    expect(read.diff.truncated).toBe(true);
  });

  it("fails on a page that is not GitHub's JSON instead of reading fewer files", async () => {
    w = await startWorld({ limits: { diffMaxFiles: 1 } });
    w.api.faults.inject(LIST_FILES, { kind: "truncated-json" });
    const pr = await getPullRequest(w.client, w.ref, w.pr.number);
    const error = await getPullDiff(w.client, w.ref, pr).catch((e: unknown) => e);
    expect(isGitHubError(error, "malformed-response")).toBe(true);
    expect(String(error)).toMatch(/list the files of pull request octo-org\/widgets#1 \(page 1\)/);
  });
});
