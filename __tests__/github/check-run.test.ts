import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type CheckConclusion,
  createCheckRun,
  gateBotLogin,
  updateCheckRun,
} from "../../src/github/check-run.js";
import type { CheckAnnotation } from "../../src/github/check-run-limits.js";
import { isGitHubError } from "../../src/github/errors.js";
import { calls, fastClient, startWorld, type World } from "./world.js";

const CREATE = "POST /repos/{owner}/{repo}/check-runs";
const UPDATE = "PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}";

let w: World;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  w.api.assertClean();
  await w.api.close();
});

function start() {
  return createCheckRun(w.client, w.ref, {
    name: "verdict-gate",
    headSha: w.pr.headSha,
    title: "Reviewing…",
    summary: "Reviewing this commit.",
  });
}

function annotations(n: number): CheckAnnotation[] {
  return Array.from({ length: n }, (_, i) => ({
    path: "src/greet.ts",
    startLine: 2,
    endLine: 2,
    level: "failure" as const,
    title: `BLOCKING ${i + 1}`,
    message: `finding ${i + 1}`,
  }));
}

describe("createCheckRun", () => {
  it("creates the check run in progress on the head commit, in one request", async () => {
    const run = await start();
    expect(run).toMatchObject({
      name: "verdict-gate",
      headSha: w.pr.headSha,
      app: { id: 15368, slug: "github-actions" },
    });
    expect(gateBotLogin(run)).toBe("github-actions[bot]");
    const [stored] = w.pr.checkRuns({ name: "verdict-gate" });
    expect(stored).toMatchObject({ status: "in_progress", conclusion: null, headSha: w.pr.headSha });
    expect(calls(w.api, CREATE)).toBe(1);
  });

  it("explains a fork pull request's read-only token as checks-not-writable", async () => {
    w.api.addToken("ghs_readOnlyForkToken000000000000000000", { canWrite: false });
    const client = fastClient(w.api, [], { token: "ghs_readOnlyForkToken000000000000000000" });
    const error = await createCheckRun(client, w.ref, {
      name: "verdict-gate",
      headSha: w.pr.headSha,
      title: "t",
      summary: "s",
    }).catch((e: unknown) => e);
    expect(isGitHubError(error, "checks-not-writable")).toBe(true);
    expect(String(error)).toMatch(/HTTP 403 \(GitHub: Resource not accessible by integration\)/);
    expect(String(error)).toMatch(/pull_request_target/);
    expect(String(error)).toMatch(/workflow_run/);
    expect(calls(w.api, CREATE)).toBe(1);
  });

  it("explains a person's token the same way (only apps may write check runs)", async () => {
    w.api.addToken("ghp_personalAccessToken0000000000000000", { user: "octocat" });
    const client = fastClient(w.api, [], { token: "ghp_personalAccessToken0000000000000000" });
    const error = await createCheckRun(client, w.ref, {
      name: "verdict-gate",
      headSha: w.pr.headSha,
      title: "t",
      summary: "s",
    }).catch((e: unknown) => e);
    expect(isGitHubError(error, "checks-not-writable")).toBe(true);
    expect(String(error)).toMatch(/authenticate via a GitHub App/);
  });

  it("classifies an injected 'cannot write checks' 403 the same way", async () => {
    w.api.faults.inject(CREATE, { kind: "cannot-write-checks" });
    expect(isGitHubError(await start().catch((e: unknown) => e), "checks-not-writable")).toBe(true);
  });
});

describe("updateCheckRun", () => {
  it("completes with the conclusion and output in one request when there are few annotations", async () => {
    const run = await start();
    const result = await updateCheckRun(w.client, w.ref, run.id, {
      title: "blocked: src/greet.ts:2",
      summary: "## blocked",
      text: "details",
      conclusion: "failure",
      annotations: annotations(3),
    });
    expect(result).toMatchObject({ requests: 1, annotationsSent: 3, truncated: false });
    const [stored] = w.pr.checkRuns();
    expect(stored).toMatchObject({
      status: "completed",
      conclusion: "failure",
      output: { title: "blocked: src/greet.ts:2", summary: "## blocked", text: "details" },
    });
    expect(stored?.annotations).toHaveLength(3);
  });

  it("sends 120 annotations in 3 requests of at most 50, the conclusion only with the last", async () => {
    const run = await start();
    const result = await updateCheckRun(w.client, w.ref, run.id, {
      title: "blocked",
      summary: "s",
      conclusion: "failure",
      annotations: annotations(120),
    });
    expect(result.requests).toBe(3);
    expect(calls(w.api, UPDATE)).toBe(3);
    const [stored] = w.pr.checkRuns();
    const sizes = stored?.updates.map(
      (u) => ((u.output as { annotations?: unknown[] }).annotations ?? []).length,
    );
    expect(sizes).toEqual([50, 50, 20]);
    expect(stored?.updates.map((u) => u.conclusion)).toEqual([undefined, undefined, "failure"]);
    expect(stored?.annotations).toHaveLength(120);
  });

  it("leaves the check run in progress when a batch fails, never completed on partial output", async () => {
    const run = await start();
    w.api.faults.inject(UPDATE, { kind: "status", status: 500 }, { attempts: [2, 3, 4] });
    const error = await updateCheckRun(w.client, w.ref, run.id, {
      title: "t",
      summary: "s",
      conclusion: "success",
      annotations: annotations(60),
    }).catch((e: unknown) => e);
    expect(isGitHubError(error, "server-error")).toBe(true);
    expect(String(error)).toMatch(/batch 2 of 2/);
    expect(w.pr.checkRuns()[0]).toMatchObject({ status: "in_progress", conclusion: null });
  });

  it("keeps a conditional-on round in progress (no conclusion)", async () => {
    const run = await start();
    await updateCheckRun(w.client, w.ref, run.id, { title: "conditional-on: ci", summary: "waiting for ci" });
    expect(w.pr.checkRuns()[0]).toMatchObject({
      status: "in_progress",
      conclusion: null,
      output: { title: "conditional-on: ci" },
    });
  });

  it.each(["neutral", "skipped", "stale", "approve"])(
    "refuses the conclusion %s without a request",
    async (conclusion) => {
      const run = await start();
      const error = await updateCheckRun(w.client, w.ref, run.id, {
        title: "t",
        summary: "s",
        conclusion: conclusion as CheckConclusion,
      }).catch((e: unknown) => e);
      expect(isGitHubError(error, "refused")).toBe(true);
      expect(String(error)).toMatch(/count as passing/);
      expect(calls(w.api, UPDATE)).toBe(0);
    },
  );

  it("cuts a summary and text over 65,535 characters with a visible mark, and GitHub accepts them", async () => {
    const run = await start();
    const huge = `## Report\n\n${"a line of the report\n".repeat(5000)}`;
    const result = await updateCheckRun(w.client, w.ref, run.id, {
      title: "t",
      summary: huge,
      text: huge,
      conclusion: "action_required",
    });
    expect(result.truncated).toBe(true);
    const [stored] = w.pr.checkRuns();
    expect(stored?.output.summary?.length).toBeLessThanOrEqual(65_535);
    expect(stored?.output.text?.length).toBeLessThanOrEqual(65_535);
    expect(stored?.output.summary).toMatch(/Truncated by verdict-gate/);
    expect(stored?.conclusion).toBe("action_required");
  });

  it("makes annotations acceptable to GitHub: lines from 1, columns only on one line, titles within 255", async () => {
    const run = await start();
    await updateCheckRun(w.client, w.ref, run.id, {
      title: "t",
      summary: "s",
      conclusion: "failure",
      annotations: [
        { path: "./src/greet.ts", startLine: 0, endLine: -3, level: "warning", message: "" },
        {
          path: "src/greet.ts",
          startLine: 1,
          endLine: 2,
          startColumn: 3,
          endColumn: 4,
          level: "notice",
          message: "m",
          title: "x".repeat(300),
        },
      ],
    });
    const stored = w.pr.checkRuns()[0]?.annotations;
    expect(stored?.[0]).toMatchObject({
      path: "src/greet.ts",
      start_line: 1,
      end_line: 1,
      message: "(no message)",
    });
    expect(stored?.[1]).not.toHaveProperty("start_column");
    expect(String(stored?.[1]?.title).length).toBe(255);
  });

  it("retries a completion whose answer was cut off, and the check still ends completed", async () => {
    const run = await start();
    w.api.faults.inject(UPDATE, { kind: "reset" });
    await updateCheckRun(w.client, w.ref, run.id, { title: "t", summary: "s", conclusion: "failure" });
    expect(calls(w.api, UPDATE)).toBe(2);
    expect(w.pr.checkRuns()[0]?.conclusion).toBe("failure");
  });
});
