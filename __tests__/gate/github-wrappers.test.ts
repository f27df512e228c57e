// The wrappers of the round's GitHub (read-only, tracking the open check runs, recording a terminal's
// writes) replace only the roles they change and hand every other role on as it is: a method added to
// a role needs no edit in any of them.
import { describe, expect, it } from "vitest";
import { recordWrites } from "../../src/cli/recorded-github.js";
import { OpenRuns, trackingOpenRuns } from "../../src/gate/open-runs.js";
import { readOnlyGitHub } from "../../src/gate/read-only-github.js";
import { CannotWriteChecksError, type GitHub, type PullRequestInfo } from "../../src/ports/github.js";
import { memoryGitHub } from "../support/memory-github.js";

const PR = { number: 7, headSha: "a".repeat(40), baseSha: "b".repeat(40) } as PullRequestInfo;

/** A GitHub whose writes are counted, with a review port. */
function counting(): { github: GitHub; writes: string[] } {
  const writes: string[] = [];
  const github = memoryGitHub(PR, {
    checks: {
      startCheck: async () => {
        writes.push("start");
        return { id: 5, appSlug: "github-actions", url: "", pr: 7 };
      },
      finishCheck: async () => {
        writes.push("finish");
      },
    },
    history: {
      saveComment: async (_pr, body) => {
        writes.push("save");
        return { id: 1, body };
      },
    },
    reviews: {
      threads: async () => ({ threads: [], reviews: [], complete: true }),
      postReview: async () => {
        writes.push("review");
      },
      resolve: async () => [],
    },
  });
  return { github, writes };
}

const UNCHANGED = ["pulls", "dependencies", "peers", "people"] as const;
const OUTPUT = { title: "t", summary: "s", annotations: [] };

describe("readOnlyGitHub", () => {
  it("writes nothing: finishing and saving do nothing, no review port, and no check run is started", async () => {
    const { github, writes } = counting();
    const readOnly = readOnlyGitHub(github);
    for (const role of UNCHANGED) expect(readOnly[role]).toBe(github[role]);
    await expect(
      readOnly.checks.startCheck({ head: PR.headSha, name: "verdict-gate", title: "x" }),
    ).rejects.toThrow(CannotWriteChecksError);
    await readOnly.checks.finishCheck({ id: 5, appSlug: "github-actions", url: "" }, OUTPUT, "success");
    expect(await readOnly.history.saveComment(7, "body", undefined)).toBeUndefined();
    expect(readOnly.reviews).toBeUndefined();
    expect(writes).toEqual([]);
    // Reads pass through.
    expect(await readOnly.checks.onHead(PR.headSha, "verdict-gate")).toMatchObject({ runs: [], total: 0 });
  });
});

describe("trackingOpenRuns", () => {
  it("tells the open runs what it starts and finishes, and passes every other role on as it is", async () => {
    const { github, writes } = counting();
    const runs = new OpenRuns();
    const tracked = trackingOpenRuns(github, runs);
    for (const role of [...UNCHANGED, "history", "reviews"] as const)
      expect(tracked[role]).toBe(github[role]);
    const check = await tracked.checks.startCheck({
      head: PR.headSha,
      name: "verdict-gate",
      title: "x",
      pr: 7,
    });
    expect(runs.list()).toEqual([{ id: 5, head: PR.headSha, pr: 7 }]);
    await tracked.checks.finishCheck(check, OUTPUT, "success");
    expect(runs.list()).toEqual([]);
    expect(writes).toEqual(["start", "finish"]);
  });
});

describe("recordWrites", () => {
  it("a dry run records the check run and the history and sends neither, nor any review", async () => {
    const { github, writes } = counting();
    const { port, writes: recorded } = recordWrites(github, { dryRun: true, appSlug: "my-gate" });
    for (const role of UNCHANGED) expect(port[role]).toBe(github[role]);
    const check = await port.checks.startCheck({ head: PR.headSha, name: "verdict-gate", title: "x", pr: 7 });
    expect(check.appSlug).toBe("my-gate");
    await port.checks.finishCheck(check, OUTPUT, null);
    expect(await port.history.saveComment(7, "body", undefined)).toBeUndefined();
    expect(port.reviews).toBeUndefined();
    expect(writes).toEqual([]);
    expect(recorded).toMatchObject({
      started: { headSha: PR.headSha, name: "verdict-gate" },
      finished: { conclusion: null },
      comment: { prNumber: 7, body: "body" },
    });
  });

  it("a real run sends what it records", async () => {
    const { github, writes } = counting();
    const { port } = recordWrites(github, { dryRun: false });
    expect(port.reviews).toBe(github.reviews);
    const check = await port.checks.startCheck({ head: PR.headSha, name: "verdict-gate", title: "x" });
    await port.checks.finishCheck(check, OUTPUT, "failure");
    await port.history.saveComment(7, "body", undefined);
    expect(writes).toEqual(["start", "finish", "save"]);
  });
});
