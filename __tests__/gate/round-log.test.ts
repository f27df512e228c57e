// The round's log as a person reads it on the runner: one foldable section per phase, in the order
// the round runs them, each closed however the phase ends, and the detail under debug. The round is
// the real one; GitHub and the reviewer are in-memory ports, since nothing here is about the wire.
import { describe, expect, it } from "vitest";
import { roundSettings } from "../../src/cli/round-options.js";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import type { RoundContext } from "../../src/gate/context.js";
import type {
  CheckOutput,
  GitHubPort,
  Logger,
  PullRequestInfo,
  StoredComment,
} from "../../src/gate/ports.js";
import { runPullRequestRound } from "../../src/gate/round.js";
import type { Reviewer } from "../../src/review/reviewer.js";

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
  const github: GitHubPort = {
    pullRequest: async () => PR,
    diff: async () => DIFF,
    // No contract at the default path: the criteria part is skipped, and says so.
    readFile: async () => ({ kind: "missing" }),
    startCheck: async () => ({ id: 11, appSlug: "github-actions", url: "" }),
    finishCheck: async (_check, output, conclusion) => {
      finished.push({ conclusion, output });
    },
    findComment: async () => comment,
    saveComment: async (_pr, body) => {
      comment = { id: 1, body };
      return comment;
    },
    permission: async () => "write",
    checkRuns: async () => [],
    statuses: async () => [],
    labelAddedBy: async () => null,
    openPullsAt: async () => [PR.number],
    judgedPullsAt: async () => [PR.number],
    pullRequestState: async () => ({ state: "open", merged: false }),
    mergeGroupPulls: async () => [],
    requestCount: () => 0,
  };
  const ctx: RoundContext = {
    settings: roundSettings({ model: "gpt-4.1" }, "sk-test", {
      repository: "octo/repo",
      pr: PR.number,
      token: "test-token",
      apiUrl: "https://api.github.com",
    }),
    github,
    reviewer: () => reviewer,
    openTree: () => ({ error: "no tree in this test" }),
    now: () => new Date("2026-01-05T10:00:00Z"),
    newRoundToken: () => "0123456789abcdefghijklmnopqrstuv",
    log: recordingLog(lines),
    version: "test",
  };
  return { ctx, lines, finished };
}

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
    expect(phases(lines)).toEqual([
      "Pull request #7",
      "Round history",
      "Contract",
      "Diff",
      "Review plan",
      "Reviewer",
      "Criteria",
      "Dependencies",
      "Publish",
    ]);
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
    ctx.github.diff = async () => {
      throw new Error("the compare endpoint fell over");
    };
    await expect(runPullRequestRound(ctx, PR.number)).rejects.toThrow("the compare endpoint fell over");
    expect(phases(lines)).toEqual(["Pull request #7", "Round history", "Contract", "Diff"]);
    expect(finished).toHaveLength(1);
    expect(finished[0]?.conclusion).toBe("action_required");
    expect(finished[0]?.output.summary).toContain("the compare endpoint fell over");
  });
});
