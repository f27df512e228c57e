// The loopback GitHub API as a test fixture: every emulated route answers within GitHub's description,
// the model changes between rounds as github.com does, faults hit the attempts asked for, and the diff
// it computes is a real unified diff.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import type { Diff } from "../../src/diff/types.js";
import { createGitHubClient, type GitHubClient } from "../../src/github/client.js";
import { NO_DEADLINE } from "../support/deadlines.js";
import {
  type FakePullRequest,
  type FakeRepository,
  type GitHubApiFixture,
  startGitHubApi,
  writeEventFile,
} from "../support/github-api/index.js";
import { filePatch } from "../support/github-api/line-diff.js";

let api: GitHubApiFixture;
let repo: FakeRepository;
let pr: FakePullRequest;
let client: GitHubClient;
const r = { owner: "octo-org", repo: "widgets" };

beforeEach(async () => {
  api = await startGitHubApi();
  repo = api.createRepo("octo-org", "widgets", { files: { "README.md": "# w\n", "src/a.ts": "a\nb\nc\n" } });
  pr = repo.openPullRequest({
    author: "octocat",
    changes: { "src/a.ts": "a\nB\nc\n", "src/new.ts": "new\n" },
  });
  client = createGitHubClient({
    token: api.token,
    baseUrl: api.url,
    retries: 0,
    writeSpacingMs: 0,
    backoffUnitMs: 1,
    deadline: NO_DEADLINE,
  });
});
afterEach(async () => {
  api.assertClean();
  await api.close();
});

describe("every emulated route answers within GitHub's description", () => {
  it("covers the routes the gate uses", async () => {
    const o = client.octokit;
    const headSha = pr.headSha;
    await o.rest.repos.get(r);
    await o.rest.pulls.get({ ...r, pull_number: 1 });
    await o.rest.pulls.get({ ...r, pull_number: 1, mediaType: { format: "diff" } });
    await o.rest.pulls.listFiles({ ...r, pull_number: 1 });
    await o.rest.repos.compareCommitsWithBasehead({ ...r, basehead: `${pr.baseSha}...${headSha}` });
    await o.rest.repos.compareCommitsWithBasehead({
      ...r,
      basehead: `${pr.baseSha}...${headSha}`,
      mediaType: { format: "diff" },
    });
    await o.rest.pulls.listCommits({ ...r, pull_number: 1 });
    await o.rest.pulls.list({ ...r, state: "all", head: `octo-org:${pr.headRef}` });
    await expect(o.rest.pulls.checkIfMerged({ ...r, pull_number: 1 })).rejects.toMatchObject({ status: 404 });
    await o.rest.repos.getContent({ ...r, path: "src/a.ts", ref: pr.baseSha });
    await o.rest.repos.getContent({ ...r, path: "src", ref: pr.baseSha });
    await o.rest.repos.getContent({ ...r, path: "src/a.ts", ref: pr.baseSha, mediaType: { format: "raw" } });
    const created = await o.rest.checks.create({
      ...r,
      name: "gate",
      head_sha: headSha,
      status: "in_progress",
      output: { title: "t", summary: "s" },
    });
    await o.rest.checks.update({
      ...r,
      check_run_id: created.data.id,
      conclusion: "failure",
      output: {
        title: "t",
        summary: "s",
        annotations: [
          { path: "src/a.ts", start_line: 2, end_line: 2, annotation_level: "failure", message: "m" },
        ],
      },
    });
    await o.rest.checks.get({ ...r, check_run_id: created.data.id });
    await o.rest.checks.listAnnotations({ ...r, check_run_id: created.data.id });
    await o.rest.checks.listForRef({ ...r, ref: headSha });
    await o.rest.repos.createCommitStatus({ ...r, sha: headSha, state: "success", context: "ci" });
    await o.rest.repos.getCombinedStatusForRef({ ...r, ref: headSha });
    await o.rest.repos.listCommitStatusesForRef({ ...r, ref: headSha });
    const comment = await o.rest.issues.createComment({ ...r, issue_number: 1, body: "hello" });
    await o.rest.issues.updateComment({ ...r, comment_id: comment.data.id, body: "hello again" });
    await o.rest.issues.getComment({ ...r, comment_id: comment.data.id });
    // A reaction: created (201), then the same one again (200, the existing reaction).
    const eyes = { ...r, comment_id: comment.data.id, content: "eyes" as const };
    expect((await o.rest.reactions.createForIssueComment(eyes)).status).toBe(201);
    expect((await o.rest.reactions.createForIssueComment(eyes)).status).toBe(200);
    expect(
      (await o.rest.issues.getComment({ ...r, comment_id: comment.data.id })).data.reactions,
    ).toMatchObject({ eyes: 1, total_count: 1 });
    await o.rest.issues.listComments({ ...r, issue_number: 1 });
    pr.addLabel("ready");
    await o.rest.issues.listLabelsOnIssue({ ...r, issue_number: 1 });
    await o.rest.issues.listEvents({ ...r, issue_number: 1 });
    await o.rest.repos.compareCommitsWithBasehead({ ...r, basehead: `${pr.baseSha}...${headSha}` });
    await o.rest.git.listMatchingRefs({ ...r, ref: "heads/gh-readonly-queue/main/" });
    await o.rest.repos.getCollaboratorPermissionLevel({ ...r, username: "octo-org" });
    await o.rest.repos.listPullRequestsAssociatedWithCommit({ ...r, commit_sha: headSha });
    await o.rest.pulls.createReview({
      ...r,
      pull_number: 1,
      commit_id: headSha,
      event: "COMMENT",
      body: "b",
    });
    // The workflow run an event started, as the runner names it (GITHUB_RUN_ID), and its re-run.
    const event = writeEventFile(api, {
      event: "workflow_dispatch",
      repo,
      inputs: { pr: "1" },
      sender: "mo",
    });
    const run = await o.rest.actions.getWorkflowRun({ ...r, run_id: Number(event.env.GITHUB_RUN_ID) });
    expect(run.data).toMatchObject({
      run_attempt: 1,
      event: "workflow_dispatch",
      triggering_actor: { login: "mo" },
    });
    api.rerun(event, "mallory");
    const again = await o.rest.actions.getWorkflowRun({ ...r, run_id: Number(event.env.GITHUB_RUN_ID) });
    expect(again.data).toMatchObject({
      run_attempt: 2,
      actor: { login: "mo" },
      triggering_actor: { login: "mallory" },
    });
    pr.merge();
    expect((await o.rest.pulls.checkIfMerged({ ...r, pull_number: 1 })).status).toBe(204);
    const used = new Set(api.requests.map((q) => q.route));
    expect([...api.emulatedRoutes].filter((route) => !used.has(route))).toEqual([]);
  });
});

describe("who did what, and what a comparison holds", () => {
  it("records who added and removed a label, oldest first, as the issue's events", async () => {
    pr.addLabel("ready", "maria");
    pr.removeLabel("ready", "octo-org");
    pr.addLabel("ready", "author-dev");
    const { data } = await client.octokit.rest.issues.listEvents({ ...r, issue_number: 1 });
    expect(data.map((e) => [e.event, "label" in e ? e.label?.name : null, e.actor?.login])).toEqual([
      ["labeled", "ready", "maria"],
      ["unlabeled", "ready", "octo-org"],
      ["labeled", "ready", "author-dev"],
    ]);
  });

  it("compares a base with a head: its commits oldest first, its files from the merge base", async () => {
    const before = pr.headSha;
    pr.push({ "src/b.ts": "b\n" });
    repo.commit({ "main-only.md": "m\n" });
    const { data } = await client.octokit.rest.repos.compareCommitsWithBasehead({
      ...r,
      basehead: `main...${pr.headSha}`,
    });
    expect(data.status).toBe("diverged");
    expect(data.commits.map((c) => c.sha)).toEqual([before, pr.headSha]);
    expect(data.total_commits).toBe(2);
    expect(data.files?.map((f) => f.filename)).toEqual(["src/a.ts", "src/b.ts", "src/new.ts"]);
    const paged = await client.octokit.rest.repos.compareCommitsWithBasehead({
      ...r,
      basehead: `main...${pr.headSha}`,
      per_page: 1,
      page: 2,
    });
    expect(paged.data.commits.map((c) => c.sha)).toEqual([pr.headSha]);
    // GitHub shows the files "only on the first page" (`files` is optional in its description): past
    // it the key is left out, so no reader may take a later page's silence for "no files changed".
    expect(paged.data.files).toBeUndefined();
  });
});

describe("the model between rounds", () => {
  it("moves the head on a push and replaces history on a force-push", async () => {
    const first = pr.headSha;
    const pushed = pr.push({ "src/b.ts": "b\n" });
    expect(pushed).toEqual({ before: first, after: pr.headSha });
    expect(pr.files().map((f) => f.filename)).toEqual(["src/a.ts", "src/b.ts", "src/new.ts"]);
    expect(pr.record.commits).toHaveLength(2);
    pr.forcePush({ "src/only.ts": "only\n" });
    expect(pr.files().map((f) => f.filename)).toEqual(["src/only.ts"]);
    expect(pr.record.commits).toHaveLength(1);
    const { data } = await client.octokit.rest.pulls.get({ ...r, pull_number: 1 });
    expect(data.head.sha).toBe(pr.headSha);
    expect(data.changed_files).toBe(1);
  });

  it("lists renames and removals as GitHub does", async () => {
    pr.push([
      { path: "src/renamed.ts", renameFrom: "src/new.ts" },
      { path: "README.md", delete: true },
    ]);
    const files = await client.octokit.rest.pulls.listFiles({ ...r, pull_number: 1 });
    expect(files.data.map((f) => [f.filename, f.status])).toEqual([
      ["README.md", "removed"],
      ["src/a.ts", "modified"],
      ["src/renamed.ts", "added"],
    ]);
    const rename = repo.openPullRequest({ changes: [{ path: "docs/README.md", renameFrom: "README.md" }] });
    const renamed = await client.octokit.rest.pulls.listFiles({ ...r, pull_number: rename.number });
    expect(renamed.data).toMatchObject([
      { filename: "docs/README.md", previous_filename: "README.md", status: "renamed", changes: 0 },
    ]);
  });

  it("puts other apps' check runs and statuses where the gate will look", async () => {
    const run = repo.addCheckRun({ sha: pr.headSha, name: "ci/test" });
    repo.completeCheckRun(run, "success");
    const listed = await client.octokit.rest.checks.listForRef({
      ...r,
      ref: pr.headSha,
      check_name: "ci/test",
    });
    expect(listed.data.check_runs[0]).toMatchObject({
      status: "completed",
      conclusion: "success",
      app: { slug: "other-ci" },
    });
  });
});

describe("faults", () => {
  it("hit exactly the attempts asked for, and say how often they hit", async () => {
    const route = "GET /repos/{owner}/{repo}/pulls/{pull_number}";
    api.faults.inject(route, { kind: "status", status: 500 }, { attempts: [2] });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push(
        await client.octokit.rest.pulls.get({ ...r, pull_number: 1 }).then(
          (x) => x.status,
          (e: { status: number }) => e.status,
        ),
      );
    }
    expect(statuses).toEqual([200, 500, 200]);
    expect(api.faults.hits).toEqual([{ route, kind: "status", hits: 1 }]);
    expect(api.requestsFor(route).map((q) => q.fault)).toEqual([null, "status", null]);
  });

  it("can target only the diff media type", async () => {
    api.faults.inject(
      "GET /repos/{owner}/{repo}/pulls/{pull_number}",
      { kind: "status", status: 502 },
      {
        when: (q) => /diff/.test(q.headers.accept ?? ""),
        attempts: "every",
      },
    );
    expect((await client.octokit.rest.pulls.get({ ...r, pull_number: 1 })).status).toBe(200);
    await expect(
      client.octokit.rest.pulls.get({ ...r, pull_number: 1, mediaType: { format: "diff" } }),
    ).rejects.toMatchObject({ status: 502 });
  });

  it("close() ends hanging requests", async () => {
    api.faults.inject("*", { kind: "hang" }, { attempts: "every" });
    const pending = client.octokit.rest.repos.get(r).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await api.close();
    expect(await pending).toBeInstanceOf(Error);
    api = await startGitHubApi();
  });
});

describe("event files", () => {
  it("builds pull_request events from GitHub's webhook examples, with the merge commit as GITHUB_SHA", () => {
    const opened = writeEventFile(api, { event: "pull_request", action: "opened", pull: pr });
    const payload = JSON.parse(readFileSync(opened.path, "utf8"));
    expect(payload).toMatchObject({
      action: "opened",
      number: 1,
      pull_request: {
        number: 1,
        head: { sha: pr.headSha, ref: pr.headRef },
        base: { sha: pr.baseSha, ref: "main" },
      },
      repository: { full_name: "octo-org/widgets" },
      sender: { login: "octocat" },
    });
    expect(opened.env).toMatchObject({
      GITHUB_EVENT_NAME: "pull_request",
      GITHUB_EVENT_PATH: opened.path,
      GITHUB_SHA: pr.mergeCommitSha,
      GITHUB_REF: "refs/pull/1/merge",
      GITHUB_HEAD_REF: pr.headRef,
      GITHUB_BASE_REF: "main",
      GITHUB_REPOSITORY: "octo-org/widgets",
      GITHUB_API_URL: api.url,
    });
    expect(opened.env.GITHUB_SHA).not.toBe(pr.headSha);
  });

  it("builds synchronize with before and after, labeled with the label, and pull_request_target on the base", () => {
    const { before } = pr.push({ "x.txt": "x\n" });
    const sync = writeEventFile(api, { event: "pull_request", action: "synchronize", pull: pr, before });
    expect(sync.payload).toMatchObject({ action: "synchronize", before, after: pr.headSha });
    pr.addLabel("safe");
    const labeled = writeEventFile(api, {
      event: "pull_request",
      action: "labeled",
      pull: pr,
      label: "safe",
      sender: "maria",
    });
    expect(labeled.payload).toMatchObject({ label: { name: "safe" }, sender: { login: "maria" } });
    const target = writeEventFile(api, { event: "pull_request_target", action: "reopened", pull: pr });
    expect(target.env).toMatchObject({
      GITHUB_EVENT_NAME: "pull_request_target",
      GITHUB_REF: "refs/heads/main",
      GITHUB_SHA: repo.record.branches.get("main"),
    });
  });

  it("builds workflow_dispatch, merge_group and push", () => {
    const dispatch = writeEventFile(api, {
      event: "workflow_dispatch",
      repo,
      inputs: { pr: "1", decision: "approve" },
      sender: "maria",
    });
    expect(dispatch.payload).toMatchObject({
      inputs: { pr: "1", decision: "approve" },
      ref: "refs/heads/main",
      sender: { login: "maria" },
    });
    const group = repo.createMergeGroup(pr);
    const queued = writeEventFile(api, { event: "merge_group", repo, group });
    expect(queued.payload).toMatchObject({
      action: "checks_requested",
      merge_group: { head_sha: group.headSha, head_ref: group.headRef },
    });
    expect(queued.env).toMatchObject({ GITHUB_SHA: group.headSha, GITHUB_REF: group.headRef });
    const before = repo.record.branches.get("main") as string;
    const after = repo.commit({ "c.txt": "c\n" });
    const push = writeEventFile(api, { event: "push", repo, branch: "main", before, after });
    expect(push.payload).toMatchObject({ ref: "refs/heads/main", before, after, head_commit: { id: after } });
  });
});

describe("the diff the fake computes", () => {
  function apply(before: string[], diff: Diff): string[] {
    const out: string[] = [];
    let i = 0;
    for (const hunk of diff.files[0]?.hunks ?? []) {
      while (i < hunk.oldStart - 1 + (hunk.oldLines === 0 ? 1 : 0)) out.push(before[i++] as string);
      for (const line of hunk.lines) {
        if (line.kind === "context") out.push(before[i++] as string);
        else if (line.kind === "del") i += 1;
        else if (line.kind === "add") out.push(line.text);
      }
    }
    while (i < before.length) out.push(before[i++] as string);
    return out;
  }

  it("turns the old file into the new one (property)", () => {
    const lines = fc.array(fc.constantFrom("a", "b", "c", "d", "", "x y"), { maxLength: 30 });
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const before = a.map((l) => `${l}\n`).join("");
        const after = b.map((l) => `${l}\n`).join("");
        const { patch, additions, deletions } = filePatch(before, after);
        if (before === after) {
          expect(patch).toBe("");
          return;
        }
        const diff = parseUnifiedDiff(`diff --git a/f b/f\n--- a/f\n+++ b/f\n${patch}\n`);
        expect(diff.files[0]?.patchOmitted).toBe(false);
        expect(apply(a, diff)).toEqual(b);
        expect(diff.files[0]?.additions).toBe(additions);
        expect(diff.files[0]?.deletions).toBe(deletions);
      }),
      { numRuns: 300 },
    );
  });

  it("marks a missing final newline as git does", () => {
    expect(filePatch("a\nb", "a\nc").patch).toBe(
      "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file",
    );
    expect(filePatch("", "x\n").patch).toBe("@@ -0,0 +1 @@\n+x");
  });
});

describe("comparing two commits", () => {
  it("is three-dot: the pull request's own change, the same files and diff as the pull request", async () => {
    const o = client.octokit;
    repo.commit({ "README.md": "# moved on\n" });
    const basehead = `${pr.baseSha}...${pr.headSha}`;
    const json = (await o.rest.repos.compareCommitsWithBasehead({ ...r, basehead })).data;
    expect(json.merge_base_commit.sha).toBe(pr.baseSha);
    expect(json).toMatchObject({ status: "ahead", ahead_by: 1, behind_by: 0, total_commits: 1 });
    const listed = (await o.rest.pulls.listFiles({ ...r, pull_number: 1 })).data;
    expect(json.files).toEqual(listed);
    const diff = await o.rest.repos.compareCommitsWithBasehead({
      ...r,
      basehead,
      mediaType: { format: "diff" },
    });
    const prDiff = await o.rest.pulls.get({ ...r, pull_number: 1, mediaType: { format: "diff" } });
    expect(diff.data).toBe(prDiff.data);
  });

  it("shows a pull request of an existing commit into another branch its change from the merge base", async () => {
    // A branch that moved on from the PR's base (it deleted a file the head still has).
    repo.commit([{ path: "README.md", delete: true }], { branch: "release", message: "No readme" });
    const second = repo.openPullRequest({ at: pr.headSha, changes: {}, base: "release" });
    const o = client.octokit;
    const pull = (await o.rest.pulls.get({ ...r, pull_number: second.number })).data;
    const listed = (await o.rest.pulls.listFiles({ ...r, pull_number: second.number })).data;
    const compared = (
      await o.rest.repos.compareCommitsWithBasehead({ ...r, basehead: `release...${second.headSha}` })
    ).data;
    expect(listed.map((f) => f.filename)).toEqual(["src/a.ts", "src/new.ts"]);
    expect(compared.files).toEqual(listed);
    expect(pull).toMatchObject({ changed_files: 2, additions: 2, deletions: 1 });
  });

  it("lists at most 300 files, only on the first page, and answers 500 for a diff too large to render", async () => {
    api.limits.compareFilesMax = 2;
    api.limits.diffMaxFiles = 1;
    pr.push({ "src/more.ts": "more\n" });
    const o = client.octokit;
    const basehead = `${pr.baseSha}...${pr.headSha}`;
    expect((await o.rest.repos.compareCommitsWithBasehead({ ...r, basehead })).data.files).toHaveLength(2);
    const page2 = await o.rest.repos.compareCommitsWithBasehead({ ...r, basehead, page: 2, per_page: 1 });
    expect(page2.data.files).toBeUndefined();
    await expect(
      o.rest.repos.compareCommitsWithBasehead({ ...r, basehead, mediaType: { format: "diff" } }),
    ).rejects.toMatchObject({ status: 500, message: expect.stringMatching(/taking too long to generate/) });
  });

  it("writes every header line as git does for names git must quote or mark", async () => {
    const names = [
      "package-lock.json ",
      " lead.txt",
      "tab\there.txt",
      'q"uote.txt',
      "new\nline",
      "café.txt",
      "x b/y.txt",
    ];
    const changes = Object.fromEntries(names.map((n) => [n, `content of ${JSON.stringify(n)}\n`]));
    const hostile = repo.openPullRequest({ author: "octocat", changes });
    const basehead = `${hostile.baseSha}...${hostile.headSha}`;
    const fake = (
      await client.octokit.rest.repos.compareCommitsWithBasehead({
        ...r,
        basehead,
        mediaType: { format: "diff" },
      })
    ).data as unknown as string;
    // git itself, on the same two trees.
    const dir = mkdtempSync(path.join(os.tmpdir(), "vg-fake-headers-"));
    try {
      const git = (...args: string[]) =>
        execFileSync("git", ["-c", "core.quotepath=true", ...args], {
          cwd: dir,
          encoding: "utf8",
          env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
        });
      git("init", "-q");
      mkdirSync(path.join(dir, "src"));
      writeFileSync(path.join(dir, "README.md"), "# w\n");
      writeFileSync(path.join(dir, "src/a.ts"), "a\nb\nc\n");
      git("add", "-A");
      git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base");
      for (const [name, content] of Object.entries(changes)) {
        mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        writeFileSync(path.join(dir, name), content);
      }
      git("add", "-A");
      const real = git("diff", "--cached", "HEAD");
      const headers = (text: string) =>
        text.split("\n").filter((l) => !/^[-+ @\\]|^$/.test(l) || /^(---|\+\+\+) /.test(l));
      expect(headers(fake)).toEqual(headers(real));
      expect(
        parseUnifiedDiff(fake)
          .files.map((f) => f.path)
          .sort(),
      ).toEqual([...names].sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
