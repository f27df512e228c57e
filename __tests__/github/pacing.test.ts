// The gate's own pacing of GitHub requests (src/github/pacing.ts): writes one at a time and a second
// apart, reads never held back, and the waits GitHub asks for on a rate limit, in production units.
// Run on a fake clock, so the production second is counted instead of slept; client-faults.test.ts
// keeps a test with real spacing.
import { afterEach, describe, expect, it } from "vitest";
import { createGitHubClient } from "../../src/github/client.js";
import { isGitHubError } from "../../src/github/errors.js";
import { createIssueComment } from "../../src/github/issue-comments.js";
import {
  type PacingClock,
  rateLimitOf,
  SECONDARY_FALLBACK_SECONDS,
  WriteSpacing,
} from "../../src/github/pacing.js";
import { getPullRequest } from "../../src/github/pull-request.js";
import { hangDeadlines } from "../support/deadlines.js";
import { fakeClock, startWorld, type World } from "./world.js";

describe("WriteSpacing", () => {
  /** A write that takes `ms` on the clock and notes when it started. */
  const write = (clock: PacingClock, ms: number, starts: number[]) => async () => {
    starts.push(clock.now());
    await clock.sleep(ms);
  };

  it("starts the first write at once and each next one the spacing after the one before ended", async () => {
    const clock = fakeClock();
    const spacing = new WriteSpacing(1000, clock);
    const starts: number[] = [];
    await spacing.run(write(clock, 200, starts));
    await spacing.run(write(clock, 200, starts));
    await spacing.run(write(clock, 200, starts));
    expect(starts).toEqual([0, 1200, 2400]);
  });

  it("waits only the rest of the spacing when time has passed since the last write", async () => {
    const clock = fakeClock();
    const spacing = new WriteSpacing(1000, clock);
    await spacing.run(async () => undefined);
    await clock.sleep(700);
    await spacing.run(async () => undefined);
    expect(clock.sleeps).toEqual([700, 300]);
  });

  it("runs writes asked for together one at a time, in order", async () => {
    const clock = fakeClock();
    const spacing = new WriteSpacing(1000, clock);
    const starts: number[] = [];
    await Promise.all([1, 2, 3].map(() => spacing.run(write(clock, 100, starts))));
    expect(starts).toEqual([0, 1100, 2200]);
  });

  it("passes a write's failure on, and is not wedged by it", async () => {
    const clock = fakeClock();
    const spacing = new WriteSpacing(1000, clock);
    await expect(spacing.run(async () => Promise.reject(new Error("HTTP 502")))).rejects.toThrow("HTTP 502");
    expect(await spacing.run(async () => "saved")).toBe("saved");
    expect(clock.sleeps).toEqual([1000]);
  });

  it("with no spacing, never sleeps", async () => {
    const clock = fakeClock();
    const spacing = new WriteSpacing(0, clock);
    await spacing.run(async () => undefined);
    await spacing.run(async () => undefined);
    expect(clock.sleeps).toEqual([]);
  });
});

describe("rateLimitOf", () => {
  const at = 1_700_000_000_000;
  const failure = (status: number, message: string, headers: Record<string, string> = {}) => ({
    status,
    message,
    response: { headers },
  });

  it.each<[string, unknown, ReturnType<typeof rateLimitOf>]>([
    [
      "a secondary limit with retry-after",
      failure(403, "You have exceeded a secondary rate limit.", { "retry-after": "7" }),
      { kind: "secondary", retryAfterSeconds: 7 },
    ],
    [
      "a secondary limit (429) without retry-after: GitHub's minute",
      failure(429, "You have exceeded a secondary rate limit."),
      { kind: "secondary", retryAfterSeconds: SECONDARY_FALLBACK_SECONDS },
    ],
    [
      "a primary limit: a second past the reset",
      failure(403, "API rate limit exceeded", {
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(at / 1000 + 10),
      }),
      { kind: "primary", retryAfterSeconds: 11 },
    ],
    [
      "a primary limit whose reset has passed: at once",
      failure(403, "API rate limit exceeded", { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1" }),
      { kind: "primary", retryAfterSeconds: 0 },
    ],
    ["a 403 of permissions", failure(403, "Resource not accessible by integration"), undefined],
    [
      "a 500 that mentions a secondary rate",
      failure(500, "secondary rate limit", { "retry-after": "1" }),
      undefined,
    ],
    ["a network error", new TypeError("fetch failed"), undefined],
    ["a thrown string", "secondary rate limit", undefined],
  ])("reads %s", (_name, error, expected) => {
    expect(rateLimitOf(error, at)).toEqual(expected);
  });
});

describe("the client's pacing, in production units", () => {
  let w: World;
  afterEach(async () => {
    w.api.assertClean();
    await w.api.close();
  });

  function productionClient(clock: PacingClock) {
    return createGitHubClient({
      token: w.api.token,
      baseUrl: w.api.url,
      timeoutMs: 10_000,
      deadline: hangDeadlines(w.api).deadlines,
      clock,
    });
  }

  it("spaces writes a second apart by default, and never holds a read", async () => {
    w = await startWorld();
    const clock = fakeClock(Date.now());
    const client = productionClient(clock);
    await getPullRequest(client, w.ref, w.pr.number);
    await getPullRequest(client, w.ref, w.pr.number);
    expect(clock.sleeps).toEqual([]);
    await createIssueComment(client, w.ref, w.pr.number, "one");
    await createIssueComment(client, w.ref, w.pr.number, "two");
    await getPullRequest(client, w.ref, w.pr.number);
    expect(clock.sleeps).toEqual([1000]);
  });

  it("waits the seconds a secondary limit asks for, then takes a new write turn", async () => {
    w = await startWorld();
    w.api.faults.inject("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
      kind: "rate-limit",
      status: 403,
      limit: "secondary",
      retryAfterSeconds: 3,
    });
    const clock = fakeClock(Date.now());
    const client = productionClient(clock);
    await createIssueComment(client, w.ref, w.pr.number, "one");
    // The wait GitHub asked for (3 s); the second since the refused write ended has passed by then.
    expect(clock.sleeps).toEqual([3000]);
    expect(client.stats.rateLimitWaits).toBe(1);
    expect(w.pr.comments()).toHaveLength(1);
  });

  it("gives up on a wait longer than a minute without sleeping it", async () => {
    w = await startWorld();
    w.api.faults.inject("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
      kind: "rate-limit",
      status: 429,
      limit: "secondary",
      retryAfterSeconds: 61,
    });
    const clock = fakeClock(Date.now());
    const error = await getPullRequest(productionClient(clock), w.ref, w.pr.number).catch((e: unknown) => e);
    expect(isGitHubError(error, "rate-limited")).toBe(true);
    expect(clock.sleeps).toEqual([]);
  });
});
