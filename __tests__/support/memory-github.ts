// An in-memory GitHub for the round's unit tests: every role answers as an empty repository would (no
// runs, no comments, nobody's permission), and a test overrides only the methods its story needs, role
// by role. The end-to-end tests run against the loopback API instead (./github-api).
import type { GitHub, PullRequestInfo } from "../../src/ports/github.js";

/** Each role's methods, any of them replaced. */
export type GitHubOverrides = {
  [K in Exclude<keyof GitHub, "requestCount" | "reviews">]?: Partial<GitHub[K]>;
} & { reviews?: GitHub["reviews"]; requestCount?: () => number };

export function memoryGitHub(pr: PullRequestInfo, overrides: GitHubOverrides = {}): GitHub {
  return {
    pulls: {
      pullRequest: async () => pr,
      diff: async () => ({ files: [], source: "unified", truncated: false }),
      readFile: async () => ({ kind: "missing" }),
      ...overrides.pulls,
    },
    checks: {
      onHead: async (head, name) => ({ head, name, runs: [], total: 0 }),
      startCheck: async ({ pr: number }) => ({
        id: 11,
        appSlug: "github-actions",
        url: "",
        ...(number !== undefined ? { pr: number } : {}),
      }),
      finishCheck: async () => {},
      ...overrides.checks,
    },
    history: {
      findComment: async () => undefined,
      saveComment: async () => undefined,
      ...overrides.history,
    },
    dependencies: {
      checkRuns: async () => [],
      statuses: async () => [],
      labelAddedBy: async () => null,
      pullRequestState: async () => ({ state: "open", merged: false }),
      ...overrides.dependencies,
    },
    peers: {
      openPullsAt: async () => [pr.number],
      judgedPullsAt: async () => [pr.number],
      mergeGroupPulls: async () => ({ pulls: [] }),
      commitsBetween: async () => ({ commits: [], complete: true }),
      ...overrides.peers,
    },
    people: {
      permission: async () => "write",
      actingApp: async () => "github-actions",
      workflowRun: async (id) => ({
        id,
        event: "workflow_dispatch",
        attempt: 1,
        createdAt: "2026-01-05T10:00:00Z",
        actor: null,
        triggeringActor: null,
      }),
      ...overrides.people,
    },
    ...(overrides.reviews !== undefined ? { reviews: overrides.reviews } : {}),
    requestCount: overrides.requestCount ?? (() => 0),
  };
}
