// The round's log as a person reads it on the runner: one foldable section per phase, in the order
// the round runs them, each closed however the phase ends, and the detail under debug. The round is
// the real one; GitHub and the reviewer are in-memory ports, since nothing here is about the wire.
import { describe, expect, it } from "vitest";
import { pullRequestSettings, roundSettings } from "../../src/cli/round-options.js";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import type { RoundContext } from "../../src/gate/context.js";
import { runPullRequestRound } from "../../src/gate/round.js";
import type { CheckOutput, Logger, PullRequestInfo, StoredComment } from "../../src/ports/github.js";
import type { Reviewer } from "../../src/ports/reviewer.js";
import { memoryGitHub } from "../support/memory-github.js";

const HEAD = "a".repeat(40);
const BASE = "b".repeat(40);

const PR: PullRequestInfo = {
  number: 7,
  headSha: HEAD,
  baseSha: BASE,
  headRepo: "octo/repo",
  state: "open",
  merged: false,
  draft: false,
  mergeCommitSha: null,
  labels: [],
  title: "Add a greeting",
  body: "",
  author: "someone",
  changedFiles: 1,
  additions: 1,
  deletions: 0,
};

const DIFF = parseUnifiedDiff(
  [
    "diff --git a/src/hello.ts b/src/hello.ts",
    "new file mode 100644",
    "--- /dev/null",
    "+++ b/src/hello.ts",
    "@@ -0,0 +1 @@",
    '+export const hello = "hello";',
    "",
  ].join("\n"),
);

type Line = { kind: "info" | "warning" | "error" | "debug" | "start" | "end"; text: string };

function recordingLog(lines: Line[]): Logger {
  return {
    info: (text) => lines.push({ kind: "info", text }),
    warning: (text) => lines.push({ kind: "warning", text }),
    error: (text) => lines.push({ kind: "error", text }),
    debug: (text) => lines.push({ kind: "debug", text }),
    startGroup: (text) => lines.push({ kind: "start", text }),
    endGroup: () => lines.push({ kind: "end", text: "" }),
  };
}

function approvingReviewer(fail?: Error): Reviewer {
  return {
    provider: "openai",
    model: "gpt-4.1",
    label: "openai gpt-4.1 @ api.openai.com",
    contextWindow: 1_047_576,
    async review(prompt) {
      if (fail !== undefined) throw fail;
      const token = /===VERDICT=== <value> ([0-9a-z]{26,128})/.exec(prompt.user)?.[1] ?? "";
      return {
        ok: true,
        text: `Looks right.\n\n===VERDICT=== APPROVE ${token}`,
        model: "gpt-4.1",
        usage: {},
        latencyMs: 1,
        attempts: 1,
        warnings: [],
      };
    },
  };
}

function world(reviewer: Reviewer) {
  const lines: Line[] = [];
  const finished: { conclusion: string | null; output: CheckOutput }[] = [];
  // The history comment as GitHub keeps it: the round re-reads it after writing.
  let comment: StoredComment | undefined;
  const github = memoryGitHub(PR, {
    // No contract at the default path: the criteria part is skipped, and says so.
    pulls: { diff: async () => DIFF },
    checks: {
      finishCheck: async (_check, output, conclusion) => {
        finished.push({ conclusion, output });
      },
    },
    history: {
      findComment: async () => comment,
      saveComment: async (_pr, body) => {
        comment = { id: 1, body };
        return comment;
      },
    },
  });
  const ctx: RoundContext = {
    settings: pullRequestSettings(roundSettings({ model: "gpt-4.1" }, "sk-test"), {
      repository: "octo/repo",
      number: PR.number,
      token: "test-token",
      apiUrl: "https://api.github.com",
      forceReview: false,
      workspace: "",
    }),
    github,
    reviewers: () => [{ label: reviewer.label, reviewer }],
    openTree: () => ({ error: "no tree in this test" }),
    now: () => new Date("2026-01-05T10:00:00Z"),
    newRoundToken: () => "0123456789abcdefghijklmnopqrstuv",
    log: recordingLog(lines),
    version: "test",
  };
  return { ctx, lines, finished };
}

/** The sections of an evaluated round, in the order a reader sees them. */
const EVALUATED = [
  "Pull request #7",
  "Round history",
  "Contract",
  "Diff",
  "Context",
  "Review plan",
  "Reviewer",
  "Criteria",
  "Dependencies",
  // An approve only: whether another open pull request at the commit keeps it from passing.
  "Commit",
  "Publish",
];

/** The group names in order, after checking that every section is closed before the next opens. */
function phases(lines: readonly Line[]): string[] {
  const names: string[] = [];
  let open: string | undefined;
  for (const line of lines) {
    if (line.kind === "start") {
      expect(open, `"${line.text}" opened inside "${open}"`).toBeUndefined();
      open = line.text;
      names.push(line.text);
    } else if (line.kind === "end") {
      expect(open, "a section closed that was never opened").toBeDefined();
      open = undefined;
    }
  }
  expect(open, `"${open}" was never closed`).toBeUndefined();
  return names;
}

describe("a round's log", () => {
  it("folds each phase of an evaluated round into its own section, in the order they run", async () => {
    const { ctx, lines, finished } = world(approvingReviewer());
    const outcome = await runPullRequestRound(ctx, PR.number);
    expect(outcome.status).toBe("approve");
    expect(finished.map((f) => f.conclusion)).toEqual(["success"]);
    expect(phases(lines)).toEqual(EVALUATED);
  });

  it("puts the detail under debug: the binding, the review fingerprint and where the verdict came from", async () => {
    const { ctx, lines } = world(approvingReviewer());
    await runPullRequestRound(ctx, PR.number);
    const debug = lines.filter((l) => l.kind === "debug").map((l) => l.text);
    expect(debug.some((d) => d.startsWith(`binding: base ${BASE}, contract none, settings `))).toBe(true);
    expect(debug.some((d) => /^review fingerprint [0-9a-f]{64}: asked$/.test(d))).toBe(true);
    expect(debug.some((d) => d.startsWith("history: 0 round(s); attempt 1 of 3"))).toBe(true);
    // Detail stays out of the lines everyone reads.
    expect(lines.filter((l) => l.kind === "info").some((l) => l.text.startsWith("review fingerprint"))).toBe(
      false,
    );
  });

  it("closes the section of a phase that throws, and still ends the check run as a hold naming the error", async () => {
    const { ctx, lines, finished } = world(approvingReviewer());
    ctx.github.pulls.diff = async () => {
      throw new Error("the compare endpoint fell over");
    };
    await expect(runPullRequestRound(ctx, PR.number)).rejects.toThrow("the compare endpoint fell over");
    expect(phases(lines)).toEqual(["Pull request #7", "Round history", "Contract", "Diff"]);
    expect(finished).toHaveLength(1);
    expect(finished[0]?.conclusion).toBe("action_required");
    expect(finished[0]?.output.summary).toContain("the compare endpoint fell over");
  });
});

/** A contract at the base that requires one check run, so the dependencies part asks GitHub. */
const REQUIRING = JSON.stringify({
  intended_action: "Add a greeting",
  success_criteria: [
    { id: "no-debugger", type: "diff_added_absent", pattern: "\\bdebugger\\b", description: "no debugger" },
  ],
  requires: [{ id: "build", type: "check_run", name: "ci/build" }],
});

/** The lines of the log between a section's start and its end. */
function section(lines: readonly Line[], name: string): Line[] {
  const start = lines.findIndex((l) => l.kind === "start" && l.text === name);
  expect(start, `no section "${name}"`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((l, i) => i > start && l.kind === "end");
  return lines.slice(start + 1, end);
}

describe("time to a verdict (issue 13): the criteria and the dependencies run while the reviewer is asked", () => {
  /** A world whose reviewer answers only once a dependency was read, or after `patienceMs`: in a round
   * that asked for the dependencies only after the reviewer answered, the read comes after the answer. */
  function overlapping(patienceMs: number) {
    const events: string[] = [];
    const reviewer = approvingReviewer();
    const answer = reviewer.review.bind(reviewer);
    const w = world({
      ...reviewer,
      async review(prompt) {
        events.push("reviewer asked");
        const until = Date.now() + patienceMs;
        while (!events.includes("dependency read") && Date.now() < until)
          await new Promise((resolve) => setTimeout(resolve, 5));
        events.push("reviewer answered");
        return answer(prompt);
      },
    });
    w.ctx.github.pulls.readFile = async () => ({ kind: "found", text: REQUIRING, sha: "c".repeat(40) });
    // More of the gate's runs on the head than the one page the round's start read: which pull
    // requests it judged there is asked of GitHub.
    w.ctx.github.checks.onHead = async (head, name) => ({ head, name, runs: [], total: 101 });
    w.ctx.github.peers.judgedPullsAt = async () => {
      events.push("reuse looked up");
      return [PR.number];
    };
    w.ctx.github.dependencies.checkRuns = async () => {
      events.push("dependency read");
      return [{ status: "completed", conclusion: "success", id: 99, app: "github-actions" }];
    };
    return { ...w, events };
  }

  it("reads the dependencies while the reviewer is asked, before its answer", async () => {
    const { ctx, lines, finished, events } = overlapping(2_000);
    const outcome = await runPullRequestRound(ctx, PR.number);
    // Not an order of requests (none is pinned): the dependencies do not wait for the reviewer.
    expect(events.indexOf("dependency read")).toBeLessThan(events.indexOf("reviewer answered"));
    expect(events.indexOf("reuse looked up")).toBeLessThan(events.indexOf("reviewer asked"));
    expect([...events].sort()).toEqual(
      ["dependency read", "reuse looked up", "reviewer answered", "reviewer asked"].sort(),
    );
    // Still one section per phase, in the order a reader expects, each with its own lines (a hold:
    // the criteria have no tree here, so no pass to bind to its commit).
    expect(outcome.status).toBe("hold-for-human");
    expect(phases(lines)).toEqual(EVALUATED.filter((p) => p !== "Commit"));
    expect(section(lines, "Reviewer").some((l) => l.text.startsWith("reviewer: openai gpt-4.1"))).toBe(true);
    expect(section(lines, "Criteria").some((l) => l.text.startsWith("reviewer:"))).toBe(false);
    // The dependency held, the reviewer approved: the round is judged on both, as before.
    expect(finished).toHaveLength(1);
    expect(outcome.report?.parts.find((p) => p.name === "dependencies")?.result.value).toBe("YES");
    expect(outcome.report?.parts.find((p) => p.name === "reviewer")?.result.value).toBe("YES");
  });

  it("a dependency read that fails while the reviewer approves ends the check run as a hold naming the error", async () => {
    const { ctx, lines, finished, events } = overlapping(200);
    ctx.github.dependencies.checkRuns = async () => {
      events.push("dependency read");
      throw new Error("check runs could not be listed");
    };
    await expect(runPullRequestRound(ctx, PR.number)).rejects.toThrow("check runs could not be listed");
    // The failure is reported once the reviewer's section has ended, in the dependencies' own section.
    expect(phases(lines)).toEqual(EVALUATED.filter((p) => p !== "Commit" && p !== "Publish"));
    expect(finished).toHaveLength(1);
    expect(finished[0]?.conclusion).toBe("action_required");
    expect(finished[0]?.output.summary).toContain("check runs could not be listed");
  });

  it("a failing lookup for a verdict to reuse fails the round under its own name, never waiting on the dependencies", async () => {
    const { ctx, finished } = overlapping(200);
    ctx.github.peers.judgedPullsAt = async () => {
      throw new Error("the commit's check runs could not be read");
    };
    await expect(runPullRequestRound(ctx, PR.number)).rejects.toThrow(
      "the commit's check runs could not be read",
    );
    expect(finished).toHaveLength(1);
    expect(finished[0]?.conclusion).toBe("action_required");
  });
});
