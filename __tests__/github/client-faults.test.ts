// How the client meets GitHub's failures: bounded retries on 5xx and cut connections, the waits GitHub
// asks for on rate limits, a deadline that ends a hang, and typed errors that name the operation and
// never look like success. Backoff and retry-after run in milliseconds here (backoffUnitMs: 1).
import { afterEach, describe, expect, it } from "vitest";
import { REAL_DEADLINE } from "../../src/github/bounded-fetch.js";
import { isGitHubError } from "../../src/github/errors.js";
import { createIssueComment } from "../../src/github/issue-comments.js";
import { getPullRequest } from "../../src/github/pull-request.js";
import { hangDeadlines } from "../support/deadlines.js";
import type { Fault } from "../support/github-api/index.js";
import { calls, fakeClock, fastClient, startWorld, type World } from "./world.js";

const GET_PULL = "GET /repos/{owner}/{repo}/pulls/{pull_number}";

let w: World;
afterEach(async () => {
  w.api.assertClean();
  await w.api.close();
});

async function read() {
  return getPullRequest(w.client, w.ref, w.pr.number);
}

describe("server errors and cut connections", () => {
  it.each<[string, Fault]>([
    ["500", { kind: "status", status: 500 }],
    ["502 (GitHub's HTML page)", { kind: "status", status: 502 }],
    ["503", { kind: "status", status: 503 }],
    ["a reset connection", { kind: "reset" }],
    ["a connection cut mid-body", { kind: "reset-mid-body" }],
  ])("retries after %s and then succeeds", async (_name, fault) => {
    w = await startWorld();
    w.api.faults.failNext(GET_PULL, fault, 2);
    expect((await read()).headSha).toBe(w.pr.headSha);
    expect(calls(w.api, GET_PULL)).toBe(3);
    expect(w.client.stats.requests).toBe(3);
  });

  it("gives up after the bounded retries with a server-error naming the operation and the attempts", async () => {
    w = await startWorld();
    w.api.faults.inject(GET_PULL, { kind: "status", status: 503 }, { attempts: "every" });
    const error = await read().catch((e: unknown) => e);
    expect(isGitHubError(error, "server-error")).toBe(true);
    expect(String(error)).toMatch(/read pull request octo-org\/widgets#1 failed with HTTP 503/);
    expect(String(error)).toMatch(/on 3 attempt\(s\)/);
    expect(calls(w.api, GET_PULL)).toBe(3);
  });

  it("gives up on a connection that keeps resetting with a network error", async () => {
    w = await startWorld();
    w.api.faults.inject(GET_PULL, { kind: "reset" }, { attempts: "every" });
    const error = await read().catch((e: unknown) => e);
    expect(isGitHubError(error, "network")).toBe(true);
    expect(String(error)).toMatch(/connection to GitHub failed on 3 attempt/);
  });
});

describe("answers that are not what GitHub documents", () => {
  it.each<[string, Fault]>([
    ["malformed JSON", { kind: "malformed-json" }],
    ["truncated JSON", { kind: "truncated-json" }],
    ["an empty body", { kind: "empty-body" }],
  ])("treats %s as a malformed response, never as a pull request with defaults", async (_name, fault) => {
    w = await startWorld();
    w.api.faults.inject(GET_PULL, fault);
    const error = await read().catch((e: unknown) => e);
    expect(isGitHubError(error, "malformed-response")).toBe(true);
    expect(String(error)).toMatch(/nothing was approved/);
  });
});

describe("rate limits", () => {
  it.each<[403 | 429]>([[403], [429]])(
    "waits the retry-after of a secondary limit (%s) and retries",
    async (status) => {
      w = await startWorld();
      w.api.faults.inject(GET_PULL, { kind: "rate-limit", status, limit: "secondary", retryAfterSeconds: 3 });
      const started = Date.now();
      expect((await read()).headSha).toBe(w.pr.headSha);
      expect(Date.now() - started).toBeGreaterThanOrEqual(3);
      expect(calls(w.api, GET_PULL)).toBe(2);
      expect(w.client.stats.rateLimitWaits).toBe(1);
      expect(w.logs.some((l) => /secondary rate limit .*retrying in 3 s/.test(l))).toBe(true);
    },
  );

  it("waits for x-ratelimit-reset on a primary limit and retries", async () => {
    w = await startWorld();
    w.api.faults.inject(GET_PULL, { kind: "rate-limit", status: 403, limit: "primary", resetInSeconds: 5 });
    expect((await read()).headSha).toBe(w.pr.headSha);
    expect(w.logs.some((l) => /primary rate limit .*retrying in [56] s/.test(l))).toBe(true);
  });

  it("gives up at once when the wait asked for is longer than the gate waits", async () => {
    w = await startWorld({ client: { maxRateLimitWaitSeconds: 60 } });
    w.api.faults.inject(GET_PULL, {
      kind: "rate-limit",
      status: 429,
      limit: "secondary",
      retryAfterSeconds: 3600,
    });
    const error = await read().catch((e: unknown) => e);
    expect(isGitHubError(error, "rate-limited")).toBe(true);
    expect(String(error)).toMatch(/asked to wait 3600 s/);
    expect(calls(w.api, GET_PULL)).toBe(1);
  });

  it("with the job's time known, waits as long as GitHub asks when it ends in time (retry-after 120)", async () => {
    // 120 "seconds" of 1 ms each, and the job has 10 s left: the wait fits, however far past 60 s.
    w = await startWorld({ client: { rateLimitWaitUntil: Date.now() + 10_000 } });
    w.api.faults.inject(GET_PULL, {
      kind: "rate-limit",
      status: 403,
      limit: "secondary",
      retryAfterSeconds: 120,
    });
    expect((await read()).headSha).toBe(w.pr.headSha);
    expect(calls(w.api, GET_PULL)).toBe(2);
    expect(w.logs.some((l) => /secondary rate limit .*retrying in 120 s/.test(l))).toBe(true);
  });

  it("with the job's time known, gives up at once on a wait that would outlast it, saying so", async () => {
    w = await startWorld({ client: { rateLimitWaitUntil: Date.now() + 100 } });
    w.api.faults.inject(GET_PULL, {
      kind: "rate-limit",
      status: 429,
      limit: "secondary",
      retryAfterSeconds: 120,
    });
    const error = await read().catch((e: unknown) => e);
    expect(isGitHubError(error, "rate-limited")).toBe(true);
    expect(calls(w.api, GET_PULL)).toBe(1);
    expect(
      w.logs.some((l) => /giving up \(asked to wait 120 s, past the time this job has left/.test(l)),
    ).toBe(true);
  });

  it("stops after the bounded rate-limit retries", async () => {
    w = await startWorld({ client: { rateLimitRetries: 2 } });
    w.api.faults.inject(
      GET_PULL,
      { kind: "rate-limit", status: 403, limit: "secondary", retryAfterSeconds: 1 },
      { attempts: "every" },
    );
    const error = await read().catch((e: unknown) => e);
    expect(isGitHubError(error, "rate-limited")).toBe(true);
    expect(calls(w.api, GET_PULL)).toBe(3);
  });
});

describe("a hang", () => {
  // The deadline runs on the test's clock (support/deadlines.ts): it passes when the loopback server
  // holds the request unanswered, never because a busy machine answered late. The figure it names is
  // two minutes, past this test's own timeout, so only the test's clock can have ended an attempt.
  it("ends at the per-attempt deadline, retried a bounded number of times, as a timeout", async () => {
    w = await startWorld();
    const { deadlines, stop } = hangDeadlines(w.api);
    const client = fastClient(w.api, w.logs, { timeoutMs: 120_000, retries: 1, deadline: deadlines });
    w.api.faults.inject(GET_PULL, { kind: "hang" }, { attempts: "every" });
    const error = await getPullRequest(client, w.ref, w.pr.number).catch((e: unknown) => e);
    stop();
    expect(isGitHubError(error, "timeout")).toBe(true);
    expect(String(error)).toMatch(/did not answer within 120 s on 2 attempt\(s\)/);
    // Each attempt ended by its own deadline, none left waiting.
    expect(deadlines.expired).toEqual(Array(2).fill(`GET /repos/octo-org/widgets/pulls/${w.pr.number}`));
    expect(deadlines.inFlight).toBe(0);
    expect(calls(w.api, GET_PULL)).toBe(2);
  });

  it("recovers when only the first attempt hangs", async () => {
    w = await startWorld();
    const { deadlines, stop } = hangDeadlines(w.api);
    const client = fastClient(w.api, w.logs, { timeoutMs: 120_000, retries: 2, deadline: deadlines });
    w.api.faults.inject(GET_PULL, { kind: "hang" });
    expect((await getPullRequest(client, w.ref, w.pr.number)).headSha).toBe(w.pr.headSha);
    stop();
    expect(deadlines.expired).toHaveLength(1);
    expect(calls(w.api, GET_PULL)).toBe(2);
  });

  it("ends a body that stalls after the headers too", async () => {
    w = await startWorld();
    const { deadlines, stop } = hangDeadlines(w.api);
    const client = fastClient(w.api, w.logs, { timeoutMs: 120_000, retries: 0, deadline: deadlines });
    w.api.faults.inject(GET_PULL, { kind: "stall-mid-body" });
    const error = await getPullRequest(client, w.ref, w.pr.number).catch((e: unknown) => e);
    stop();
    expect(isGitHubError(error, "timeout")).toBe(true);
    expect(String(error)).toMatch(/did not answer within 120 s on 1 attempt\(s\)/);
  });

  it("is ended by the production deadline, a timer, when nothing else ends it", async () => {
    // Every attempt hangs, so only the timer can end them: how long that takes under load does not
    // matter, and no answer can arrive to race it.
    w = await startWorld();
    const client = fastClient(w.api, w.logs, { timeoutMs: 100, retries: 1, deadline: REAL_DEADLINE });
    w.api.faults.inject(GET_PULL, { kind: "hang" }, { attempts: "every" });
    const error = await getPullRequest(client, w.ref, w.pr.number).catch((e: unknown) => e);
    expect(isGitHubError(error, "timeout")).toBe(true);
    expect(String(error)).toMatch(/did not answer within 100 ms on 2 attempt\(s\)/);
  });
});

describe("an answer larger than the client accepts", () => {
  it("is too-large on the first attempt, not retried, and not blamed on the network", async () => {
    w = await startWorld({ client: { maxResponseBytes: 1000 } });
    const error = await read().catch((e: unknown) => e);
    expect(isGitHubError(error, "too-large")).toBe(true);
    expect(String(error)).toMatch(/larger than the 1,000 bytes the gate reads/);
    expect(String(error)).not.toMatch(/GITHUB_API_URL|network/);
    expect(calls(w.api, GET_PULL)).toBe(1);
    expect(w.client.stats.requests).toBe(1);
  });

  it("leaves the retries of the next request alone", async () => {
    w = await startWorld({ client: { maxResponseBytes: 20_000 } });
    const ref = w.repo.commit({ "big.txt": "x".repeat(30_000) });
    const error = await w.client
      .run("read the big file", (octokit) =>
        octokit.rest.repos.getContent({ owner: "octo-org", repo: "widgets", path: "big.txt", ref }),
      )
      .catch((e: unknown) => e);
    expect(isGitHubError(error, "too-large")).toBe(true);
    expect(calls(w.api, "GET /repos/{owner}/{repo}/contents/{path}")).toBe(1);
    w.api.faults.inject(GET_PULL, { kind: "status", status: 502 });
    expect((await read()).number).toBe(w.pr.number);
    expect(calls(w.api, GET_PULL)).toBe(2);
  });
});

describe("the token", () => {
  it("is refused with a hint, when bad, and never appears in the message", async () => {
    w = await startWorld();
    const token = "ghs_NotAValidTokenButLooksLikeOne0000001";
    const client = fastClient(w.api, w.logs, { token });
    const error = await getPullRequest(client, w.ref, w.pr.number).catch((e: unknown) => e);
    expect(isGitHubError(error, "unauthorized")).toBe(true);
    expect(String(error)).toMatch(/github-token/);
    expect(String(error)).not.toContain(token);
    // The fake records a request with an unknown token as a violation; this test meant to send one.
    expect(w.api.forgive(/unknown token/)).toBe(1);
  });
});

describe("writes", () => {
  it("are spaced as GitHub asks (here 150 ms instead of a second); reads are not", async () => {
    // On a clock that moves only when slept on (pacing.test.ts has the rules; this is the client's
    // wiring of them): the second write waits the configured spacing, not a built-in second, and
    // neither read waits at all, however long anything took on the machine.
    const clock = fakeClock();
    w = await startWorld({ client: { writeSpacingMs: 150, clock } });
    await getPullRequest(w.client, w.ref, w.pr.number);
    await getPullRequest(w.client, w.ref, w.pr.number);
    expect(clock.sleeps).toEqual([]);
    await createIssueComment(w.client, w.ref, w.pr.number, "one");
    await createIssueComment(w.client, w.ref, w.pr.number, "two");
    expect(clock.sleeps).toEqual([150]);
    expect(w.api.requests.filter((r) => r.method === "POST")).toHaveLength(2);
  });

  it("are a second apart at the default spacing, GitHub's own guidance (the full-fidelity case)", async () => {
    // No writeSpacingMs: the client's default, which the action runs with.
    w = await startWorld({ client: { productionSpacing: true } });
    for (const body of ["one", "two", "three"]) await createIssueComment(w.client, w.ref, w.pr.number, body);
    const writes = w.api.requests.filter((r) => r.method === "POST");
    expect(writes).toHaveLength(3);
    const gaps = writes
      .slice(1)
      .map((r, i) => r.receivedAt - (writes[i] as { receivedAt: number }).receivedAt);
    // Stamped by the loopback server on this same event loop: a stamp can come a few milliseconds late.
    for (const gap of gaps) expect(gap, `gaps: ${gaps.join(", ")} ms`).toBeGreaterThanOrEqual(950);
  });
});
