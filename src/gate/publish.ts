// How a round ends: the history saved, the check run completed with the rendered report, and the
// outcome the step reports. failCheck is the last line of defence for every error after the check
// run exists.
import { describeError } from "../describe-error.js";
import { renderHistoryComment } from "../report/history-comment.js";
import {
  type CoverageReport,
  type RoundReport,
  renderCheck,
  renderJobSummary,
} from "../report/round-report.js";
import type { Coverage } from "../review/coverage.js";
import { reasonsOf } from "../verdict/decision.js";
import { conclusionOf, maybe, type Result, type Status } from "../verdict/four.js";
import type { History } from "../verdict/history.js";
import type { annotationsFor } from "./annotations.js";
import type { RoundContext, RoundOutcome } from "./context.js";
import type { CheckRunRef, PullRequestInfo, StoredComment } from "./ports.js";
import { exclusionsJson } from "./round-history.js";

export function outcomeFrom(
  status: Status,
  result: Result,
  extra: {
    check: CheckRunRef;
    head: string;
    round: number;
    reviewerVerdict: string;
    coverage: string;
    history: History;
    jobSummary: string;
    report: RoundReport;
    message: string;
  },
): RoundOutcome {
  return {
    status,
    message: extra.message,
    checkRunId: extra.check.id,
    headSha: extra.head,
    round: extra.round,
    reviewerVerdict: extra.reviewerVerdict,
    coverage: extra.coverage,
    reasons: reasonsOf(result),
    exclusions: exclusionsJson(extra.history),
    jobSummary: extra.jobSummary,
    report: extra.report,
  };
}

/** Finish the check run and save the history; shared by every path that reaches a status. */
export async function publish(
  ctx: RoundContext,
  input: {
    check: CheckRunRef;
    pr: PullRequestInfo;
    head: string;
    report: RoundReport;
    history: History;
    comment: StoredComment | undefined;
    saveHistory: boolean;
    annotations: ReturnType<typeof annotationsFor>;
  },
): Promise<string> {
  const { github, settings } = ctx;
  if (input.saveHistory) {
    const body = renderHistoryComment(input.history, {
      checkName: settings.checkName,
      ...(settings.runUrl !== undefined ? { runUrl: settings.runUrl } : {}),
    });
    await github.saveComment(input.pr.number, body, input.comment);
  }
  const rendered = renderCheck(input.report);
  await github.finishCheck(
    input.check,
    { title: rendered.title, summary: rendered.summary, annotations: input.annotations },
    conclusionOf(input.report.status),
  );
  return renderJobSummary(input.report);
}

export function baseReport(
  ctx: RoundContext,
  pr: PullRequestInfo,
  head: string,
  round: number,
): Omit<RoundReport, "status" | "result" | "parts" | "history"> {
  return {
    round,
    headSha: head,
    prNumber: pr.number,
    checkName: ctx.settings.checkName,
    notes: [],
    version: ctx.version,
    ...(ctx.settings.runUrl !== undefined ? { runUrl: ctx.settings.runUrl } : {}),
  };
}

export function coverageReport(c: Coverage): CoverageReport {
  return {
    filesReviewed: c.files.reviewed,
    filesTotal: c.files.total,
    linesReviewed: c.lines.reviewed,
    linesTotal: c.lines.total,
    complete: c.complete,
    excluded: c.excluded.map((e) => ({ path: e.path, reason: e.reason })),
    notReviewed: c.notReviewed.map((n) => ({ path: n.path, reason: `${n.reason}: ${n.detail}` })),
  };
}

/** The last line of defence: the check run ends as a hold that names the error. If even that fails,
 * the check run stays in progress, which a required check also never counts as passing. */
export async function failCheck(
  ctx: RoundContext,
  check: CheckRunRef,
  head: string,
  pr: number | undefined,
  error: unknown,
): Promise<void> {
  const message = describeError(error);
  const result = maybe(`verdict-gate could not finish this round: ${message}`);
  const report: RoundReport = {
    status: "hold-for-human",
    result,
    parts: [{ name: "rounds", result, summary: "the round stopped on an error" }],
    round: 0,
    headSha: head,
    ...(pr !== undefined ? { prNumber: pr } : {}),
    checkName: ctx.settings.checkName,
    history: [],
    notes: ["Re-run the workflow once the cause is fixed; nothing was approved."],
    version: ctx.version,
    ...(ctx.settings.runUrl !== undefined ? { runUrl: ctx.settings.runUrl } : {}),
  };
  const rendered = renderCheck(report);
  try {
    await ctx.github.finishCheck(
      check,
      { title: rendered.title, summary: rendered.summary, annotations: [] },
      "action_required",
    );
  } catch (secondary) {
    ctx.log.error(
      `could not post the hold on check run ${check.id} either: ${describeError(secondary)}; it stays in progress (never passing)`,
    );
  }
}
