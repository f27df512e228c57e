// The setting most tests in this folder share: the loopback GitHub API with one repository and one
// pull request, and a client tuned to be fast (backoff and retry-after in milliseconds instead of
// seconds, no spacing between writes, a per-attempt deadline on the test's clock) whose log lines are
// kept.
import { createGitHubClient, type GitHubClient, type GitHubClientOptions } from "../../src/github/client.js";
import type { PacingClock } from "../../src/github/pacing.js";
import type { RepositoryRef } from "../../src/github/repository-ref.js";
import { hangDeadlines } from "../support/deadlines.js";
import {
  type FakePullRequest,
  type FakeRepository,
  type GitHubApiFixture,
  type GitHubLimits,
  startGitHubApi,
} from "../support/github-api/index.js";

export interface World {
  readonly api: GitHubApiFixture;
  readonly repo: FakeRepository;
  readonly pr: FakePullRequest;
  readonly ref: RepositoryRef;
  readonly client: GitHubClient;
  /** Every line the client logged. */
  readonly logs: string[];
}

export const CONTRACT = `${JSON.stringify({ intended_action: "Add a greeting", success_criteria: [] }, null, 2)}\n`;

/** A clock that moves only when slept on, and keeps every sleep: the pacing's waits counted, never
 * slept. */
export function fakeClock(start = 0): PacingClock & { sleeps: number[] } {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

export function fastClient(
  api: GitHubApiFixture,
  logs: string[],
  options: Partial<GitHubClientOptions> & { productionSpacing?: boolean } = {},
): GitHubClient {
  const { productionSpacing = false, ...given } = options;
  return createGitHubClient({
    token: api.token,
    baseUrl: api.url,
    timeoutMs: 10_000,
    // On the test's clock: only a request the loopback server holds unanswered times out, however
    // long a busy machine takes to answer the others (support/deadlines.ts).
    deadline: hangDeadlines(api).deadlines,
    retries: 2,
    rateLimitRetries: 2,
    backoffUnitMs: 1,
    // Writes unspaced, unless a test asks for the client's own default (the production second).
    ...(productionSpacing ? {} : { writeSpacingMs: 0 }),
    log: {
      debug: (m) => logs.push(`debug ${m}`),
      info: (m) => logs.push(`info ${m}`),
      warn: (m) => logs.push(`warn ${m}`),
    },
    ...given,
  });
}

export async function startWorld(
  options: {
    client?: Partial<GitHubClientOptions> & { productionSpacing?: boolean };
    limits?: Partial<GitHubLimits>;
    warmUp?: boolean;
  } = {},
): Promise<World> {
  const api = await startGitHubApi({
    ...(options.limits !== undefined ? { limits: options.limits } : {}),
    warmUp: options.warmUp ?? false,
  });
  const repo = api.createRepo("octo-org", "widgets", {
    files: {
      "README.md": "# widgets\n",
      ".github/verdict-contract.json": CONTRACT,
      "src/greet.ts": "export const hi = 1;\n",
    },
  });
  const pr = repo.openPullRequest({
    title: "Add a greeting",
    author: "octocat",
    changes: {
      "src/greet.ts": "export const hi = 1;\nexport const greet = (n: string) => 'hi ' + n;\n",
      "docs/greet.md": "# Greeting\n",
    },
  });
  const logs: string[] = [];
  return {
    api,
    repo,
    pr,
    ref: { owner: "octo-org", repo: "widgets" },
    client: fastClient(api, logs, options.client),
    logs,
  };
}

/** The operation-id requests made, for counting. */
export function calls(api: GitHubApiFixture, route: string): number {
  return api.requestsFor(route).length;
}
