// A pass belongs to a commit. GitHub attaches a check run to a commit, and every open pull request
// whose head is that commit shows the newest one: PR #7 into main, blocked there, turns green when
// PR #8 with the same head, into a branch without a contract, passes. So before a round posts a pass
// on a commit, every other open pull request at that commit must have passed there too, under its own
// base, contract and history: its own latest round at the commit, read from its history, is an
// approve. Otherwise the round holds, naming the pull request that has not passed (or has no round
// at this commit yet: its own round will run, find this one's approve, and post the pass).
//
// The round's own record is left as it was judged (its own approve): that is what the other pull
// requests read, so that the last of them to run can pass them all. Only what is posted changes.

import type { CheckRunRef } from "../ports/github.js";
import type { RoundReport } from "../report/round-report.js";
import { combine, maybe, type Result, yes } from "../verdict/four-values.js";
import type { Part } from "../verdict/round-decision.js";
import type { OpenRound, RoundContext } from "./context.js";
import { completeCheck } from "./publish.js";
import { approvedLine, verdictAtCommit } from "./verdict-at-commit.js";

export interface CommitPartOutcome {
  part: Part;
  /** The pull requests judged (this one included), for the check after posting. */
  judged: ReadonlySet<number>;
}

async function siblingResult(
  ctx: RoundContext,
  number: number,
  head: string,
  check: CheckRunRef,
): Promise<{ result: Result; line: string }> {
  const at = head.slice(0, 12);
  // Its approve must be of the change it is now: under the base it has (a retarget, or a push to its
  // base branch, makes it a different change, which its own next round judges).
  const { baseSha } = await ctx.github.pulls.pullRequest(number);
  const found = await verdictAtCommit(ctx, number, head, check, { kind: "base", base: baseSha });
  switch (found.kind) {
    case "approved":
      return { result: yes(), line: `#${number}: ${approvedLine(found.record)}` };
    case "not-approved":
      return {
        result: maybe(
          `PR #${number} has the same head commit ${at} and has not passed there (${found.why}); a check run belongs to the commit, so a pass here would show on #${number} too`,
        ),
        line: `#${number}: ${found.record.status}`,
      };
    case "stale":
      return {
        result: maybe(
          `PR #${number} has the same head commit ${at}, and its approve there no longer holds (${found.why}); its own round must judge it again before this commit may pass`,
        ),
        line: `#${number}: approve no longer holds`,
      };
    case "no-round":
    case "no-history":
      return {
        result: maybe(
          `PR #${number} has the same head commit ${at} and has no ${ctx.settings.checkName} round for it yet; its own round decides whether this commit may pass`,
        ),
        line: `#${number}: no round at ${at}`,
      };
    case "untrusted":
      return {
        result: maybe(
          `PR #${number} has the same head commit ${at}, and its round history cannot be trusted (${found.problem})`,
        ),
        line: `#${number}: history cannot be trusted`,
      };
  }
}

/** Whether every other open pull request at `head` passed there. */
export async function commitPart(
  ctx: RoundContext,
  prNumber: number,
  head: string,
  check: CheckRunRef,
): Promise<CommitPartOutcome> {
  const open = await ctx.github.peers.openPullsAt(head, prNumber);
  const others = open.filter((n) => n !== prNumber);
  const judged = new Set([prNumber, ...others]);
  if (others.length === 0) {
    return {
      part: {
        name: "commit",
        result: yes(),
        summary: `no other open pull request has head ${head.slice(0, 12)}`,
      },
      judged,
    };
  }
  const results = [];
  for (const n of others) results.push(await siblingResult(ctx, n, head, check));
  return {
    part: {
      name: "commit",
      result: combine(...results.map((r) => r.result)),
      summary: `shared with ${others.map((n) => `#${n}`).join(", ")}: ${results.map((r) => r.line).join("; ")}`,
    },
    judged,
  };
}

/** The report as posted: an approve stays one only when the commit part holds. */
export function withCommitPart(report: RoundReport, part: Part): RoundReport {
  const parts = [...report.parts, part];
  if (part.result.value === "YES") return { ...report, parts };
  return {
    ...report,
    status: "hold-for-human",
    result: combine(report.result, part.result),
    parts,
    notes: [
      ...report.notes,
      "This pull request's own round approved; the hold is for the commit, which other open pull requests share. It is recorded as approved, so the last of them to run can pass the commit for all.",
    ],
  };
}

/** A pull request opened at the commit while the round ran was not judged: the pass must not stand. */
export function unjudgedPart(head: string, unjudged: readonly number[]): Part {
  const list = unjudged.map((n) => `#${n}`).join(", ");
  return {
    name: "commit",
    result: maybe(
      `${unjudged.length === 1 ? "PR" : "PRs"} ${list} opened with the same head commit ${head.slice(0, 12)} while this round ran, and ${unjudged.length === 1 ? "has" : "have"} not passed there; re-run once ${unjudged.length === 1 ? "its" : "their"} round has`,
    ),
    summary: `shared with ${list}, not judged by this round`,
  };
}

/** An approve checked against its commit's other open pull requests before anything is posted: it stays one only when every other open
 * pull request at the commit passed there (commitPart). `judged` is who was asked, for the look after
 * posting (takeBackPass). */
export async function checkSharedCommit(
  ctx: RoundContext,
  round: OpenRound,
  report: RoundReport,
): Promise<{ report: RoundReport; judged: ReadonlySet<number> }> {
  const commit = await commitPart(ctx, round.pr.number, round.head, round.check);
  return { report: withCommitPart(report, commit.part), judged: commit.judged };
}

/** GitHub shows the check run completed last: a pull request opened at this commit after the list was
 * read, whose own round finished first, would otherwise show this pass. Once the pass is posted, the
 * open pull requests are read again; any not judged takes it back, posted again as a hold. */
export async function takeBackPass(
  ctx: RoundContext,
  round: OpenRound,
  posted: RoundReport,
  judged: ReadonlySet<number>,
  history?: number,
): Promise<RoundReport> {
  if (posted.status !== "approve") return posted;
  const now = await ctx.github.peers.openPullsAt(round.head, round.pr.number);
  const unjudged = now.filter((n) => !judged.has(n));
  if (unjudged.length === 0) return posted;
  const report = withCommitPart(posted, unjudgedPart(round.head, unjudged));
  // The annotations are on the run already: an update appends them.
  await completeCheck(ctx, round.check, report, [], history);
  return report;
}
