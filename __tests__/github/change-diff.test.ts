import { afterEach, describe, expect, it } from "vitest";
import { type ChangePull, type ComparisonFile, getChangeDiff } from "../../src/github/change-diff.js";
import { isGitHubError } from "../../src/github/errors.js";
import { getPullRequest } from "../../src/github/pull-request.js";
import { calls, startWorld, type World } from "./world.js";

const COMPARE = "GET /repos/{owner}/{repo}/compare/{basehead}";
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

/** The pull request as the round reads it: its head, base and counts. */
async function pullOf(world: World): Promise<ChangePull & { baseSha: string }> {
  return getPullRequest(world.client, world.ref, world.pr.number);
}

async function read(world: World, pull?: Partial<ChangePull>, options: { maxPages?: number } = {}) {
  const pr = await pullOf(world);
  return getChangeDiff(
    world.client,
    world.ref,
    { baseSha: pr.baseSha, headSha: pr.headSha, pull: { ...pr, ...pull } },
    options,
  );
}

const diffRequests = (world: World) =>
  world.api.requestsFor(COMPARE).filter((r) => /diff/.test(r.headers.accept ?? ""));

describe("the change of a commit", () => {
  it("is the comparison's unified diff of the two SHAs, in one request, never read by PR number", async () => {
    w = await startWorld();
    const read1 = await read(w);
    expect(read1.diff.source).toBe("unified");
    expect(read1.diff.files.map((f) => f.path)).toEqual(["docs/greet.md", "src/greet.ts"]);
    expect(read1.diff).toMatchObject({ truncated: false, reportedFiles: 2 });
    const greet = read1.diff.files.find((f) => f.path === "src/greet.ts");
    expect(greet?.hunks[0]?.lines.filter((l) => l.kind === "add").map((l) => l.newLine)).toEqual([2]);
    expect(read1.requests).toBe(1);
    expect(diffRequests(w).map((r) => r.path)).toEqual([
      `/repos/octo-org/widgets/compare/${w.pr.baseSha}...${w.pr.headSha}`,
    ]);
    // The one read of the pull request is the test's own (the round's, in a real run).
    expect(w.api.requests.filter((r) => r.path.includes("/pulls")).map((r) => r.path)).toEqual([
      "/repos/octo-org/widgets/pulls/1",
    ]);
  });

  it("reads the commit it is asked for, whatever the pull request points at meanwhile", async () => {
    w = await startWorld();
    const judged = await pullOf(w);
    // A force-push to another commit (and back, or not): the check goes on `judged.headSha`, and
    // that commit's change is what is read.
    w.pr.forcePush({ "src/benign.ts": "export {};\n" });
    const change = await getChangeDiff(w.client, w.ref, {
      baseSha: judged.baseSha,
      headSha: judged.headSha,
      pull: judged,
    });
    expect(change.diff.files.map((f) => f.path)).toEqual(["docs/greet.md", "src/greet.ts"]);
    w.pr.resetHead(judged.headSha);
  });

  it("without counts that belong to this head, checks the diff against the comparison's file list", async () => {
    w = await startWorld();
    const pr = await pullOf(w);
    w.pr.push({ "src/late.ts": "late\n" });
    // The round gates the head its event named; the pull request's counts are of another head.
    const change = await getChangeDiff(w.client, w.ref, {
      baseSha: pr.baseSha,
      headSha: w.pr.headSha,
      pull: pr,
    });
    expect(change.diff.files.map((f) => f.path)).toEqual(["docs/greet.md", "src/greet.ts", "src/late.ts"]);
    expect(change.diff.reportedFiles).toBeUndefined();
    expect(change.requests).toBe(2);
    expect(calls(w.api, COMPARE)).toBe(2);
  });

  it("checks the diff against a file list of the same comparison read earlier, without reading it again", async () => {
    w = await startWorld();
    const pr = await pullOf(w);
    const basehead = `${pr.baseSha}...${pr.headSha}`;
    const files = (await w.client.octokit.rest.repos.compareCommitsWithBasehead({ ...w.ref, basehead })).data
      .files as ComparisonFile[];
    const target = { baseSha: pr.baseSha, headSha: pr.headSha };
    const change = await getChangeDiff(w.client, w.ref, target, { comparisonFiles: files });
    expect(change.diff).toMatchObject({ source: "unified", truncated: false });
    expect(change.requests).toBe(1);
    // The test's own read, and the diff: the list was not asked for again.
    expect(calls(w.api, COMPARE)).toBe(2);
    // A list naming a file the diff lacks: the diff is not used, the list is what was read.
    const hidden = { ...(files[0] as ComparisonFile), filename: "src/hidden.ts", patch: "@@ -0,0 +1 @@\n+x" };
    const checked = await getChangeDiff(w.client, w.ref, target, { comparisonFiles: [...files, hidden] });
    expect(checked.fallback).toMatchObject({ why: "cut", reason: expect.stringMatching(/src\/hidden\.ts/) });
    expect(checked.diff.files.map((f) => f.path)).toContain("src/hidden.ts");
    expect(calls(w.api, COMPARE)).toBe(3);
  });

  it("counts binary files as changed files it cannot review", async () => {
    w = await startWorld();
    w.pr.push([{ path: "img/logo.png", content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]) }]);
    const change = await read(w);
    expect(change.diff.files.find((f) => f.path === "img/logo.png")?.binary).toBe(true);
    expect(change.diff.files).toHaveLength(3);
  });

  it("reads an empty diff of a change again as the file list: nothing changed is GitHub's word", async () => {
    w = await startWorld();
    const pr = await pullOf(w);
    w.api.faults.inject(
      COMPARE,
      { kind: "empty-body" },
      { when: (r) => /diff/.test(r.headers.accept ?? "") },
    );
    const change = await getChangeDiff(w.client, w.ref, {
      baseSha: pr.baseSha,
      headSha: pr.headSha,
      pull: pr,
    });
    expect(change.fallback).toEqual({ why: "empty", reason: "GitHub sent an empty diff" });
    expect(change.diff).toMatchObject({ source: "files-api", truncated: false });
    expect(change.diff.files).toHaveLength(2);
  });
});

describe("when the unified diff cannot be used, the comparison's file list", () => {
  it("is read when the diff shows fewer changed lines than the pull request counts (cut)", async () => {
    w = await startWorld();
    const change = await read(w, { additions: 2 + 5 });
    expect(change.diff.source).toBe("files-api");
    expect(change.fallback).toEqual({
      why: "cut",
      reason: "the unified diff shows 2 of the 7 changed lines the pull request reports",
    });
    expect(change.list).toBe("comparison");
    expect(change.requests).toBe(2);
  });

  it("is read when the diff arrives cut in half (malformed, or short of the counts)", async () => {
    w = await startWorld();
    w.pr.push({ "src/long.ts": "a line\n".repeat(50) });
    const pr = await pullOf(w);
    w.api.faults.inject(
      COMPARE,
      { kind: "truncated-json" },
      { when: (r) => /diff/.test(r.headers.accept ?? "") },
    );
    const change = await getChangeDiff(w.client, w.ref, {
      baseSha: pr.baseSha,
      headSha: pr.headSha,
      pull: pr,
    });
    expect(["malformed", "cut"]).toContain(change.fallback?.why);
    expect(change.diff.source).toBe("files-api");
    expect(change.diff.files.find((f) => f.path === "src/long.ts")).toMatchObject({
      additions: 50,
      patchOmitted: false,
    });
  });

  it("is read when GitHub cannot render the diff (its 500 'taking too long'), after one retry", async () => {
    w = await startWorld();
    w.pr.push({ "big.txt": "x\n".repeat(20_001) });
    const change = await read(w);
    expect(change.fallback).toEqual({
      why: "refused",
      reason:
        "GitHub could not produce the whole diff (HTTP 500: Server Error: Sorry, this diff is taking too long to generate.)",
    });
    expect(change.diff.files.find((f) => f.path === "big.txt")?.additions).toBe(20_001);
    // One retry of the diff (not the client's usual retries: GitHub answers this on every attempt).
    expect(diffRequests(w)).toHaveLength(2);
    expect(change.requests).toBe(2);
  });

  it("is not read when the connection fails: only GitHub's own answer says it cannot render the diff", async () => {
    w = await startWorld();
    const pr = await pullOf(w);
    w.api.faults.inject(
      COMPARE,
      { kind: "reset" },
      { attempts: "every", when: (r) => /diff/.test(r.headers.accept ?? "") },
    );
    const error = await getChangeDiff(w.client, w.ref, {
      baseSha: pr.baseSha,
      headSha: pr.headSha,
      pull: pr,
    }).catch((e: unknown) => e);
    expect(isGitHubError(error, "network")).toBe(true);
    expect(w.api.requestsFor(COMPARE).filter((r) => !/diff/.test(r.headers.accept ?? ""))).toEqual([]);
  });

  it("is read when the unified diff is larger than the client accepts, without a retry", async () => {
    w = await startWorld({ client: { maxResponseBytes: 40_000 } });
    // A diff of about 60 kB; the file list leaves the patch out, as GitHub does for a large one.
    w.api.limits.patchMaxBytes = 1000;
    w.pr.push({ "big.txt": "a line of the change\n".repeat(3000) });
    const change = await read(w);
    expect(change.fallback).toEqual({
      why: "too-large",
      reason: "the unified diff is larger than the 40,000 bytes the gate accepts in one response",
    });
    expect(change.diff.files.find((f) => f.path === "big.txt")).toMatchObject({
      additions: 3000,
      patchOmitted: true,
    });
    expect(diffRequests(w)).toHaveLength(1);
    expect(change.requests).toBe(2);
  });

  it("keeps files whose patch GitHub omits, and binary files it lists without one, as not seen", async () => {
    w = await startWorld({ limits: { diffMaxFiles: 1 } });
    w.api.limits.omitPatch = (name) => name === "docs/greet.md";
    w.pr.push([{ path: "bin/postinstall-helper", content: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1]) }]);
    const change = await read(w);
    expect(change.diff.source).toBe("files-api");
    expect(change.diff.files.find((f) => f.path === "docs/greet.md")).toMatchObject({
      patchOmitted: true,
      additions: 1,
    });
    // GitHub lists a binary file with 0 additions, 0 deletions and no patch: not a file without content.
    expect(change.diff.files.find((f) => f.path === "bin/postinstall-helper")).toMatchObject({
      patchOmitted: true,
      additions: 0,
      deletions: 0,
    });
    expect(change.diff.files.find((f) => f.path === "src/greet.ts")?.patchOmitted).toBe(false);
  });

  it("fails on a comparison that is not GitHub's JSON instead of reading fewer files", async () => {
    w = await startWorld({ limits: { diffMaxFiles: 1 } });
    w.api.faults.inject(
      COMPARE,
      { kind: "truncated-json" },
      { when: (r) => !/diff/.test(r.headers.accept ?? "") },
    );
    const error = await read(w).catch((e: unknown) => e);
    expect(isGitHubError(error, "malformed-response")).toBe(true);
    expect(String(error)).toMatch(/list the files of octo-org\/widgets [0-9a-f]{12}\.\.\.[0-9a-f]{12}/);
  });
});

describe("past the 300 files GitHub lists of a comparison", () => {
  it("reads the pull request's file list, its head verified before and after, matched to the comparison", async () => {
    w = await startWorld();
    w.pr.push(manyFiles(300));
    const change = await read(w);
    expect(change.list).toBe("pull-request");
    expect(change.diff.files).toHaveLength(302);
    expect(change.diff).toMatchObject({ truncated: false, reportedFiles: 302, source: "files-api" });
    // The diff GitHub cannot render, the comparison, the head, 4 pages, the head again.
    expect(change.requests).toBe(1 + 1 + 1 + 4 + 1);
    expect(calls(w.api, LIST_FILES)).toBe(4);
    expect(w.api.requestsFor(LIST_FILES).map((r) => r.query.per_page)).toEqual(["100", "100", "100", "100"]);
    expect(change.notes.join("\n")).toMatch(
      /read pull request #1's file list \(302 files\), its head [0-9a-f]{12} verified before and after/,
    );
  });

  it("refuses the pull request's list when its head moved while the list was read", async () => {
    w = await startWorld();
    w.pr.push(manyFiles(300));
    const pr = await pullOf(w);
    // The second read of the pull request (after the pages) finds another head.
    w.api.faults.inject(
      GET_PULL,
      {
        kind: "edit",
        edit: (json) => ({
          ...(json as object),
          head: { ...(json as { head: object }).head, sha: "f".repeat(40) },
        }),
      },
      { attempts: [2] },
    );
    const error = await getChangeDiff(w.client, w.ref, {
      baseSha: pr.baseSha,
      headSha: pr.headSha,
      pull: pr,
    }).catch((e: unknown) => e);
    expect(isGitHubError(error, "head-moved")).toBe(true);
    expect(String(error)).toMatch(/moved from [0-9a-f]{12} to ffffffffffff while its file list was read/);
  });

  it("refuses a pull request list that does not match the commit's comparison (a push away and back)", async () => {
    w = await startWorld();
    w.pr.push(manyFiles(300));
    w.api.faults.inject(LIST_FILES, {
      kind: "edit",
      edit: (json) =>
        (json as { sha: string }[]).map((e, i) => (i === 0 ? { ...e, sha: "0".repeat(40) } : e)),
    });
    const error = await read(w).catch((e: unknown) => e);
    expect(isGitHubError(error, "head-moved")).toBe(true);
    expect(String(error)).toMatch(/does not match the comparison of [0-9a-f]{12} at docs\/greet\.md/);
  });

  it("stops at GitHub's 3,000-file cap of a pull request and says the diff is truncated", async () => {
    w = await startWorld();
    w.pr.push(manyFiles(3_050));
    const change = await read(w);
    expect(change.diff.files).toHaveLength(3_000);
    expect(change.diff).toMatchObject({ truncated: true, reportedFiles: 3_052, source: "files-api" });
    expect(calls(w.api, LIST_FILES)).toBe(30);
  });

  it("says truncated when it was told to read fewer pages than there are", async () => {
    w = await startWorld();
    w.pr.push(manyFiles(300));
    const change = await read(w, {}, { maxPages: 2 });
    expect(change.diff.files).toHaveLength(200);
    expect(change.diff.truncated).toBe(true);
  });

  it("without a pull request of this commit (a merge group), holds the change as not seen whole", async () => {
    w = await startWorld({ limits: { diffMaxFiles: 1_000 } });
    w.pr.push(manyFiles(300));
    const pr = await pullOf(w);
    // The unified diff is whole, but nothing can show it is: the comparison lists GitHub's most.
    const unverified = await getChangeDiff(w.client, w.ref, { baseSha: pr.baseSha, headSha: pr.headSha });
    expect(unverified.diff).toMatchObject({ source: "unified", truncated: true });
    expect(unverified.notes.join("\n")).toMatch(/GitHub lists at most 300 files of a comparison/);
    // And when the diff cannot be had, the comparison's 300 files are all there is.
    w.api.limits.diffMaxFiles = 1;
    const listed = await getChangeDiff(w.client, w.ref, { baseSha: pr.baseSha, headSha: pr.headSha });
    expect(listed.diff).toMatchObject({ source: "files-api", truncated: true });
    expect(listed.diff.files).toHaveLength(300);
    expect(calls(w.api, LIST_FILES)).toBe(0);
  });
});
