// The loopback GitHub API checks every exchange against GitHub's published description. These tests
// show that it catches what would let it drift: undocumented routes, parameters and bodies, and
// answers that break GitHub's schemas, including the 3.0 `nullable` rule.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGitHubClient, type GitHubClient } from "../../src/github/client.js";
import { NO_DEADLINE } from "../support/deadlines.js";
import { type GitHubApiFixture, startGitHubApi } from "../support/github-api/index.js";
import { toJsonSchema } from "../support/github-api/json-schema.js";
import { matchOperation } from "../support/github-api/openapi-description.js";
import { validateRequest, validateResponse } from "../support/github-api/openapi-validator.js";

let api: GitHubApiFixture;
let client: GitHubClient;
beforeEach(async () => {
  api = await startGitHubApi();
  api.createRepo("octo-org", "widgets").openPullRequest({ changes: { "a.txt": "a\n" } });
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
  await api.close();
});

const repo = { owner: "octo-org", repo: "widgets" };

describe("requests", () => {
  it("records a path GitHub does not have", async () => {
    await client.octokit.request("GET /repos/{owner}/{repo}/no-such-thing", repo).catch(() => undefined);
    expect(api.violations.join("\n")).toMatch(/no such path in GitHub's REST description/);
    expect(() => api.assertClean()).toThrow(/1 violation/);
  });

  it("records a method GitHub does not document at a path", async () => {
    await client.octokit
      .request("DELETE /repos/{owner}/{repo}/pulls/{pull_number}", { ...repo, pull_number: 1 })
      .catch(() => undefined);
    expect(api.violations.join("\n")).toMatch(/GitHub documents no DELETE here/);
  });

  it("records a documented route the fake does not emulate", async () => {
    await client.octokit.rest.repos.listReleases(repo).catch(() => undefined);
    expect(api.violations.join("\n")).toMatch(/GET \/repos\/\{owner\}\/\{repo\}\/releases: not emulated/);
  });

  it("records an undocumented query parameter and a parameter of the wrong type", async () => {
    await client.octokit.request("GET /repos/{owner}/{repo}/pulls/{pull_number}/files?color=blue", {
      ...repo,
      pull_number: 1,
    });
    await client.octokit.request("GET /repos/{owner}/{repo}/pulls/{pull_number}/files?per_page=many", {
      ...repo,
      pull_number: 1,
    });
    const all = api.violations.join("\n");
    expect(all).toMatch(/query parameter "color" is not documented/);
    expect(all).toMatch(/query parameter "per_page"="many"/);
  });

  it("records a body that breaks the schema: 51 annotations, or no head_sha", async () => {
    const pr = api.repo("octo-org/widgets").pull(1);
    const one = {
      path: "a.txt",
      start_line: 1,
      end_line: 1,
      annotation_level: "notice" as const,
      message: "m",
    };
    await client.octokit.rest.checks
      .create({
        ...repo,
        name: "x",
        head_sha: pr.headSha,
        output: { title: "t", summary: "s", annotations: Array(51).fill(one) },
      })
      .catch(() => undefined);
    // Deliberately without head_sha: the kind of request the typings would stop, sent as a plain route.
    await client.octokit
      .request("POST /repos/{owner}/{repo}/check-runs" as string, { ...repo, name: "x" })
      .catch(() => undefined);
    const all = api.violations.join("\n");
    expect(all).toMatch(
      /checks\/create: request body: \/output\/annotations must NOT have more than 50 items/,
    );
    expect(all).toMatch(/must have required property 'head_sha'/);
  });

  it("records a request without a token", async () => {
    await fetch(`${api.url}/repos/octo-org/widgets`).catch(() => undefined);
    expect(api.violations.join("\n")).toMatch(/no token sent/);
  });
});

describe("answers", () => {
  const match = () => {
    const found = matchOperation("GET", "/repos/o/r/pulls/1");
    if (found === null) throw new Error("no match");
    return found;
  };

  it("accepts the fake's pull request, and catches it missing a field or null where GitHub never sends null", async () => {
    const { data } = await client.octokit.rest.pulls.get({ ...repo, pull_number: 1 });
    const body = (value: unknown) => ({
      match: match(),
      status: 200,
      mediaType: "application/json",
      body: JSON.stringify(value),
    });
    expect(validateResponse(body(data))).toEqual([]);
    expect(validateResponse(body({ ...data, body: null }))).toEqual([]);
    const { head: _head, ...headless } = data;
    const problems = validateResponse(body({ ...headless, title: null })).join("\n");
    expect(problems).toMatch(/must have required property 'head'/);
    expect(problems).toMatch(/\/title must be string/);
    api.assertClean();
  });

  it("catches a status the operation does not document", () => {
    expect(
      validateResponse({ match: match(), status: 418, mediaType: "application/json", body: "{}" }),
    ).toEqual(["pulls/get: status 418 is not documented for GET /repos/{owner}/{repo}/pulls/{pull_number}"]);
  });

  it("accepts the diff media type only where GitHub serves it", () => {
    expect(
      validateResponse({
        match: match(),
        status: 200,
        mediaType: "application/vnd.github.diff",
        body: "diff --git",
      }),
    ).toEqual([]);
    const files = matchOperation("GET", "/repos/o/r/pulls/1/files");
    if (files === null) throw new Error("no match");
    expect(
      validateResponse({ match: files, status: 200, mediaType: "application/vnd.github.diff", body: "x" })[0],
    ).toMatch(/does not serve/);
  });

  it("holds an error body to GitHub's basic-error", () => {
    const problems = validateResponse({
      match: match(),
      status: 404,
      mediaType: "application/json",
      body: JSON.stringify({ message: 404 }),
    });
    expect(problems.join("\n")).toMatch(/message must be string/);
  });

  it("checks path parameters", () => {
    const m = matchOperation("GET", "/repos/o/r/pulls/abc");
    if (m === null) throw new Error("no match");
    expect(
      validateRequest({ match: m, query: new URLSearchParams(), contentType: undefined, body: "" }).join(
        "\n",
      ),
    ).toMatch(/path parameter "pull_number"="abc"/);
  });
});

describe("OpenAPI 3.0 → JSON Schema", () => {
  it("turns nullable into a null alternative without loosening anything else", () => {
    expect(toJsonSchema({ type: "string", nullable: true, example: "x" })).toEqual({
      type: ["string", "null"],
    });
    expect(toJsonSchema({ type: "string", enum: ["a"], nullable: true })).toEqual({
      type: ["string", "null"],
      enum: ["a", null],
    });
    expect(toJsonSchema({ nullable: true, anyOf: [{ $ref: "#/components/schemas/x" }] })).toEqual({
      anyOf: [{ type: "null" }, { anyOf: [{ $ref: "github-openapi#/components/schemas/x" }] }],
    });
    expect(toJsonSchema({ type: "object", nullable: true, allOf: [{ type: "object" }] })).toEqual({
      anyOf: [{ type: "null" }, { type: "object", allOf: [{ type: "object" }] }],
    });
    expect(toJsonSchema({ type: "integer", "x-github": {}, discriminator: {} })).toEqual({ type: "integer" });
  });
});
