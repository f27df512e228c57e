// How any round's ending reads, wherever it ran: the report of its ending and the outcome the step or
// the terminal reports. Pure: a local round (local-round.ts) ends through here alone, with nothing that
// posts a check run or reads or writes a stored history; publish.ts posts a pull request's.

import type { Annotation } from "../ports/github.js";
import type { CoverageReport, RoundReport } from "../report/round-report.js";
import { renderJobSummary } from "../report/round-report.js";
import { type Coverage, countsOf, withheldSummary } from "../review/coverage.js";
import { defined } from "../util/defined.js";
import type { Result, Status } from "../verdict/four-values.js";
import type { History } from "../verdict/history.js";
import { type Part, reasonsOf } from "../verdict/round-decision.js";
import type { ReviewerVerdict } from "../verdict/vocabulary.js";
import type { RoundOutcome } from "./context.js";
import { historyRows } from "./history-rows.js";
import type { RoundFindings } from "./review-comments.js";

/** How a pull request's round ends, whatever path reached its status (an evaluation, a person's
 * decision, one repeated, a hold before anything was asked): what the report says and whether the
 * history is written. round.ts's endRound checks a pass against its commit's other pull requests (shared-commit.ts) and
 * publishes it. */
export interface RoundEnding {
  /** The round number the report shows (the recorded round's, or the last one's when nothing new is
   * recorded). */
  round: number;
  status: Status;
  result: Result;
  parts: readonly Part[];
  /** The history after this round; written only when `saveHistory`, else confirmed unchanged. */
  history: History;
  saveHistory: boolean;
  notes?: readonly string[];
  /** The sections only an evaluated round has. */
  sections?: Pick<RoundReport, "coverage" | "reviewer" | "criteria" | "budget" | "waitingOn">;
  annotations?: readonly Annotation[];
  /** The reviewer's findings of this round, to show on the pull request (review-comments.ts). */
  findings?: RoundFindings;
  reviewerVerdict: ReviewerVerdict;
  /** The `coverage` output: a figure, or why nothing was reviewed. */
  coverage: string;
  /** The step's message; by default the status and its first reason. */
  message?: string;
}

/** What a report says of where its round ran (the commit, the pull request, the run), before its ending. */
export type ReportBase = Omit<RoundReport, "status" | "result" | "parts" | "history">;

/** The report of an ending, on what says where it ran; `earlier`: notes the round's reading of its
 * history left (a local round has none). */
export function endingReport(
  base: ReportBase,
  ending: RoundEnding,
  earlier: readonly string[] = [],
): RoundReport {
  return {
    ...base,
    status: ending.status,
    result: ending.result,
    parts: ending.parts,
    history: historyRows(ending.history),
    notes: [...earlier, ...(ending.notes ?? [])],
    ...ending.sections,
  };
}

/** The outcome of an ending as `posted` reports it, wherever it ran: no check run, no history kept. */
export function endingOutcome(ending: RoundEnding, posted: RoundReport): RoundOutcome {
  const heldForCommit = posted.status !== ending.status;
  return {
    status: posted.status,
    message:
      heldForCommit || ending.message === undefined
        ? statusLine(posted.status, posted.result)
        : ending.message,
    headSha: posted.headSha,
    round: ending.round,
    reviewerVerdict: ending.reviewerVerdict,
    coverage: ending.coverage,
    reasons: reasonsOf(posted.result),
    exclusions: null,
    jobSummary: renderJobSummary(posted),
    report: posted,
    ...(ending.findings !== undefined
      ? { findings: ending.findings.findings, notes: ending.findings.notes }
      : {}),
  };
}

/** A status and the first thing it names: what the step logs and fails with. */
export function statusLine(status: Status, result: Result): string {
  const first = result.reasons[0] ?? result.needed[0];
  return `${status}${first !== undefined ? `: ${first}` : ""}`;
}

export function coverageReport(c: Coverage): CoverageReport {
  return {
    ...countsOf(c),
    excluded: c.excluded.map((e) => ({ path: e.path, reason: e.reason })),
    notReviewed: c.notReviewed.map((n) => ({ path: n.path, reason: `${n.reason}: ${n.detail}` })),
    ...defined({ withheld: withheldSummary(c.excluded) }),
  };
}
