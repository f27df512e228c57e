// The one rule for who acts (src/gate/person-act.ts), asked twice: before anything is posted, on the
// history of the app this token acts as, and again by the round on the history it trusts (the one its
// check run's app wrote). A history written between the two — or an app the token does not act as —
// can only refuse more: here the first reading names no pusher, the round's names the person, and the
// round holds instead of recording the decision.
import { describe, expect, it } from "vitest";
import { pullRequestSettings, roundSettings } from "../../src/cli/round-options.js";
import type { RoundContext } from "../../src/gate/context.js";
import { runPullRequestRound } from "../../src/gate/round.js";
import type { CheckOutput, Logger, PullRequestInfo, StoredComment } from "../../src/ports/github.js";
import { historyMarker, renderHistoryComment } from "../../src/report/history-comment.js";
import { no } from "../../src/verdict/four-values.js";
import { append, emptyHistory } from "../../src/verdict/history.js";
import { concludeRound } from "../../src/verdict/loop-rules.js";
import { memoryGitHub } from "../support/memory-github.js";

const HEAD = "a".repeat(40);
const BASE = "b".repeat(40);
const PR = {
  number: 7,
  headSha: HEAD,
  baseSha: BASE,
  state: "open",
  author: "alice",
  labels: [],
} as unknown as PullRequestInfo;

const quiet: Logger = {
  info: () => {},
  warning: () => {},
  error: () => {},
  debug: () => {},
  startGroup: () => {},
  endGroup: () => {},
};

/** The history a round on HEAD recorded (blocked), `pushedBy` its synchronize sender when given. */
function historyComment(id: number, pushedBy?: string): StoredComment {
  const history = emptyHistory(PR.number, "verdict-gate");
  const concluded = concludeRound({
    history,
    maxRounds: 10,
    head: HEAD,
    at: "2026-03-02T10:00:00.000Z",
    outcome: no("src/a.ts:1 — a bug"),
    binding: { base: BASE, contract: "c".repeat(64), settings: "d".repeat(64) },
    ...(pushedBy !== undefined ? { pushedBy } : {}),
  });
  const body = renderHistoryComment(append(history, concluded), { checkName: "verdict-gate" });
  return { id, body, updatedAt: "2026-03-02T10:00:01Z" };
}

describe("the round's own check of a person's act", () => {
  it("the round checks the pushers again on the history it trusts, and holds", async () => {
    // The token's app ("gate-a") has a history that names no pusher; the check run the round starts
    // belongs to another ("gate-b"), whose history records that @mo pushed the head.
    const histories: Record<string, StoredComment> = {
      "gate-a[bot]": historyComment(1),
      "gate-b[bot]": historyComment(2, "mo"),
    };
    const finished: { conclusion: string | null; output: CheckOutput }[] = [];
    const saved: string[] = [];
    const github = memoryGitHub(PR, {
      people: { actingApp: async () => "gate-a" },
      checks: {
        startCheck: async () => ({ id: 11, appSlug: "gate-b", url: "", pr: PR.number }),
        finishCheck: async (_check, output, conclusion) => {
          finished.push({ conclusion, output });
        },
      },
      history: {
        findComment: async (_pr, marker, login) => {
          expect(marker).toBe(historyMarker("verdict-gate"));
          return histories[login];
        },
        saveComment: async (_pr, body) => {
          saved.push(body);
          return undefined;
        },
      },
    });
    const settings = {
      ...pullRequestSettings(roundSettings({ model: "gpt-4.1" }, "sk-test"), {
        repository: "octo/repo",
        number: PR.number,
        token: "test-token",
        apiUrl: "https://api.github.com",
        forceReview: false,
        workspace: "",
      }),
      decision: { decision: "approve" as const, reason: "read it" },
      act: {
        kind: "decide" as const,
        by: "mo",
        comment: {
          url: "https://github.com/octo/repo/pull/7#issuecomment-1",
          writtenAt: "2026-03-02T10:05:00Z",
        },
      },
    };
    const ctx: RoundContext = {
      settings,
      github,
      reviewers: () => {
        throw new Error("a decision asks no reviewer");
      },
      openTree: () => ({ error: "no tree" }),
      now: () => new Date("2026-03-02T10:06:00Z"),
      newRoundToken: () => "0123456789abcdefghijklmnopqrstuv",
      log: quiet,
      version: "test",
    };
    await expect(runPullRequestRound(ctx, PR.number)).rejects.toThrow(
      /@mo pushed to pull request #7 since its last approved round \(pushed aaaaaaaaaaaa \(round 1\)\); whoever pushed may not decide it/,
    );
    // Nothing recorded; the check run the round started holds, naming why.
    expect(saved).toEqual([]);
    expect(finished).toHaveLength(1);
    expect(finished[0]?.conclusion).toBe("action_required");
    expect(finished[0]?.output.summary).toMatch(
      /pushed to pull request \\#7 since its last approved round .*Nothing was recorded: this round's check run holds instead/,
    );
  });
});
