// The token (and the reviewer's key, when the client is told about it) never reaches a log line, an
// error message, a check run or a comment: not when GitHub fails, not when a server echoes it back.
import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createCheckRun, updateCheckRun } from "../../src/github/check-run.js";
import { createGitHubClient } from "../../src/github/client.js";
import { auditPullRequest } from "../../src/github/history-audit.js";
import { createIssueComment } from "../../src/github/issue-comments.js";
import { getPullRequest } from "../../src/github/pull-request.js";
import { REDACTED } from "../../src/util/redact.js";
import type { Fault } from "../support/github-api/index.js";
import { fastClient, startWorld, type World } from "./world.js";

const GET_PULL = "GET /repos/{owner}/{repo}/pulls/{pull_number}";
const REVIEWER_KEY = "sk-reviewer-0123456789abcdefSECRET";

let w: World;
afterEach(async () => {
  w.api.assertClean();
  await w.api.close();
});

function everything(error: unknown, logs: readonly string[]): string {
  return [
    String(error),
    (error as Error)?.stack ?? "",
    inspect(error, { depth: 10 }),
    JSON.stringify(error),
    ...logs,
  ].join("\n");
}

describe("the GitHub token", () => {
  it.each<[string, Fault]>([
    ["a 500", { kind: "status", status: 500 }],
    ["a secondary rate limit", { kind: "rate-limit", status: 403, limit: "secondary", retryAfterSeconds: 1 }],
    ["a reset connection", { kind: "reset" }],
    ["malformed JSON", { kind: "malformed-json" }],
    ["a 403 for a read-only token", { kind: "cannot-write-checks" }],
  ])("stays out of errors and log lines after %s", async (_name, fault) => {
    w = await startWorld();
    w.api.faults.inject(GET_PULL, fault, { attempts: "every" });
    const error = await getPullRequest(w.client, w.ref, w.pr.number).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(everything(error, w.logs)).not.toContain(w.api.token);
  });

  it("is redacted when a server echoes it in an error body", async () => {
    w = await startWorld();
    const token = w.api.token;
    const logs: string[] = [];
    const client = createGitHubClient({
      token,
      baseUrl: w.api.url,
      backoffUnitMs: 1,
      retries: 1,
      log: { warn: (m) => logs.push(m), info: (m) => logs.push(m), debug: (m) => logs.push(m) },
      fetch: async () =>
        new Response(JSON.stringify({ message: `token ${token} is not welcome here` }), {
          status: 500,
          headers: { "content-type": "application/json" },
        }),
    });
    const error = await getPullRequest(client, w.ref, 1).catch((e: unknown) => e);
    expect(String(error)).toContain(`token ${REDACTED} is not welcome`);
    expect(everything(error, logs)).not.toContain(token);
  });

  it("is redacted in its URL-encoded form too", async () => {
    w = await startWorld();
    const token = "ghs_with/slash+plus=0123456789abcdefghij";
    const client = createGitHubClient({
      token,
      baseUrl: w.api.url,
      retries: 0,
      fetch: async () =>
        new Response(JSON.stringify({ message: `saw ${encodeURIComponent(token)}` }), {
          status: 400,
          headers: { "content-type": "application/json" },
        }),
    });
    const error = await getPullRequest(client, w.ref, 1).catch((e: unknown) => e);
    expect(String(error)).not.toContain(encodeURIComponent(token));
    expect(String(error)).toContain(`saw ${REDACTED}`);
  });

  it("is sent only in the authorization header", async () => {
    w = await startWorld();
    await getPullRequest(w.client, w.ref, w.pr.number);
    const run = await createCheckRun(w.client, w.ref, {
      name: "verdict-gate",
      headSha: w.pr.headSha,
      title: "t",
      summary: "s",
    });
    await updateCheckRun(w.client, w.ref, run.id, { title: "t", summary: "s", conclusion: "failure" });
    for (const request of w.api.requestsContaining(w.api.token)) {
      const { authorization, ...rest } = request.headers;
      expect(authorization).toBe(`token ${w.api.token}`);
      expect(JSON.stringify({ ...request, headers: rest })).not.toContain(w.api.token);
    }
  });
});

describe("auditPullRequest without apiUrl", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("sends the token to the runner's GITHUB_API_URL, never to api.github.com by default", async () => {
    w = await startWorld();
    // A GitHub Enterprise Server runner: its API is not github.com's.
    vi.stubEnv("GITHUB_API_URL", w.api.url);
    const audit = await auditPullRequest({
      repository: "octo-org/widgets",
      number: w.pr.number,
      token: w.api.token,
      backoffUnitMs: 1,
    });
    expect(audit.comment).toBeNull();
    expect(audit.requests).toBe(1);
    expect(w.api.requestsFor("GET /repos/{owner}/{repo}/issues/{issue_number}/comments")).toHaveLength(1);
  });
});

describe("the reviewer's key", () => {
  it("never reaches GitHub, even when a report quotes it", async () => {
    w = await startWorld();
    const client = fastClient(w.api, w.logs, { secrets: [REVIEWER_KEY] });
    const run = await createCheckRun(client, w.ref, {
      name: "verdict-gate",
      headSha: w.pr.headSha,
      title: "t",
      summary: "s",
    });
    await updateCheckRun(client, w.ref, run.id, {
      title: `key ${REVIEWER_KEY}`,
      summary: `The model said: my key is ${REVIEWER_KEY}`,
      text: REVIEWER_KEY,
      conclusion: "action_required",
      annotations: [
        {
          path: "src/greet.ts",
          startLine: 1,
          endLine: 1,
          level: "failure",
          message: REVIEWER_KEY,
          title: REVIEWER_KEY,
        },
      ],
    });
    await createIssueComment(client, w.ref, w.pr.number, `<!-- verdict-gate -->\n${REVIEWER_KEY}`);
    expect(w.api.requestsContaining(REVIEWER_KEY)).toEqual([]);
    expect(w.pr.checkRuns()[0]?.output.summary).toBe(`The model said: my key is ${REDACTED}`);
    expect(w.pr.comments()[0]?.body).toBe(`<!-- verdict-gate -->\n${REDACTED}`);
  });

  it("never reaches GitHub in disguise: split, reversed, base64 or hex, in a check run or a comment", async () => {
    w = await startWorld();
    const client = fastClient(w.api, w.logs, { secrets: [REVIEWER_KEY] });
    const bytes = Buffer.from(REVIEWER_KEY);
    const disguises = [
      (REVIEWER_KEY.match(/.{1,7}/g) ?? []).join(" "),
      [...REVIEWER_KEY].reverse().join(""),
      bytes.toString("base64"),
      bytes.toString("hex"),
    ];
    const text = `The model printed:\n${disguises.join("\n")}`;
    const run = await createCheckRun(client, w.ref, {
      name: "verdict-gate",
      headSha: w.pr.headSha,
      title: "t",
      summary: text,
    });
    await updateCheckRun(client, w.ref, run.id, { title: "t", summary: text, text, conclusion: "failure" });
    await createIssueComment(client, w.ref, w.pr.number, `<!-- verdict-gate -->\n${text}`);
    const sent = w.api.requests
      .map((r) => r.body)
      .join("\n")
      .replace(/[^A-Za-z0-9]/g, "");
    expect(sent).toContain("Themodelprinted");
    for (const form of disguises) {
      const f = form.replace(/[^A-Za-z0-9]/g, "");
      for (let i = 0; i + 12 <= f.length; i += 1) expect(sent).not.toContain(f.slice(i, i + 12));
    }
  });
});
