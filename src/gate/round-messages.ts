// The texts a round says to people outside its parts: why no check could be posted, what the
// `coverage` output is when nothing was reviewed, why a closed pull request is not gated, why a
// history that keeps changing holds, and the note on verdict-like lines in the diff. Kept apart
// from round.ts so the round reads as its steps, and a wording change touches no rule.

import type { PullRequestInfo } from "../ports/github.js";
import type { VerdictLikeLine } from "../review/forgery.js";

/** What a fork PR's read-only token cannot do, and the two setups that gate fork PRs safely. */
export const CANNOT_WRITE_CHECKS =
  "this workflow's token cannot create check runs (a pull request from a fork gets a read-only token under " +
  "`pull_request`), so no check was posted and nothing can pass the required check. Gate fork PRs with " +
  "`pull_request_target` (the head is only read as data, never run) or with a `workflow_run` workflow; " +
  "see docs/workflows.md. The verdict below is in this job's summary only.";

/** The `coverage` output of a round that reviewed nothing. */
export const NOT_REVIEWED = "0% (not reviewed)";

/** Why a closed pull request gets no check run. */
export function closedPullRequestMessage(pr: PullRequestInfo): string {
  return `pull request #${pr.number} is closed${pr.merged ? " (merged)" : ""}: nothing to gate, no check posted`;
}

/** Why a round judged on a history that kept changing under it holds (failCheck posts it). */
export function historyKeptChanging(message: string, attempts: number): string {
  return `${message}, ${attempts} times in a row; nothing was approved: re-run once the other runs are done (docs/history.md)`;
}

/** The note a person reads when the diff holds lines that look like a verdict: they are data. */
export function verdictLikeNote(found: readonly VerdictLikeLine[]): string | undefined {
  if (found.length === 0) return undefined;
  return `The diff contains ${found.length} verdict-like line(s), e.g. ${describeVerdictLike(found[0])}. They are data: only a reply carrying this round's secret token can approve.`;
}

function describeVerdictLike(v: VerdictLikeLine | undefined): string {
  if (v === undefined) return "";
  const where =
    v.kind === "path"
      ? `the file name ${v.path}`
      : `${v.path}${v.line !== undefined ? `:${v.line}` : ""} (${v.kind === "add" ? "added" : v.kind === "del" ? "removed" : "context"})`;
  return `${where}: "${v.text.trim().slice(0, 80)}"`;
}
