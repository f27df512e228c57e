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
import { type Coverage, withheldSummary } from "../review/coverage.js";
import { reasonsOf } from "../verdict/decision.js";
import { conclusionOf, maybe, type Result, type Status } from "../verdict/four.js";
import { type History, lastHash } from "../verdict/history.js";
import type { annotationsFor } from "./annotations.js";
import { boundReport, commitPart, unjudgedPart } from "./commit-binding.js";
import type { RoundContext, RoundOutcome } from "./context.js";
import type { CheckRunRef, PullRequestInfo, StoredComment } from "./ports.js";
import { type RoundFindings, showFindings } from "./review-comments.js";
import { confirmHistoryUnchanged, exclusionsJson, saveHistoryChecked } from "./round-history.js";

/** The step's outcome. The report is what was posted: when binding the pass to its commit turned an
 * approve into a hold (commit-binding.ts), the outcome says the hold, never the approve. */
export function outcomeFrom(
  judged: Status,
  judgedResult: Result,
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
  const rebound = extra.report.status !== judged;
  const status = rebound ? extra.report.status : judged;
  const result = rebound ? extra.report.result : judgedResult;
  const first = result.reasons[0] ?? result.needed[0];
  return {
    status,
    message: rebound ? `${status}${first !== undefined ? `: ${first}` : ""}` : extra.message,
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

/** Finish the check run and save the history; shared by every path that reaches a status, so it is
 * where a pass is bound to its commit: an approve is posted only when every other open pull request at
 * the commit passed there too, and is taken back (posted again as a hold) when one was opened at the
 * commit while the round ran. Returns the job summary and the report as posted. */
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
    /** The reviewer's findings of this round, to show on the pull request (review-comments.ts). */
    findings?: RoundFindings;
  },
): Promise<{ jobSummary: string; report: RoundReport }> {
  const { github, settings } = ctx;
  let report = input.report;
  let judged: ReadonlySet<number> | undefined;
  // A local round (`verdict-gate review`) judges a diff that is no commit and posts nothing, so no
  // other pull request can show its pass.
  if (report.status === "approve" && ctx.localDependencies === undefined) {
    const binding = await commitPart(ctx, input.pr.number, input.head, input.check);
    report = boundReport(report, binding.part);
    judged = binding.judged;
  }
  // Nothing is posted on a history that changed since it was read: written compare-and-swap, or
  // confirmed unchanged when there is nothing to write (round-history.ts).
  if (input.saveHistory) {
    const body = renderHistoryComment(input.history, {
      checkName: settings.checkName,
      ...(settings.runUrl !== undefined ? { runUrl: settings.runUrl } : {}),
    });
    await saveHistoryChecked(ctx, input.pr.number, input.check, input.comment, body, lastHash(input.history));
  } else {
    await confirmHistoryUnchanged(ctx, input.pr.number, input.check, input.comment);
  }
  // After the history (a round judged again on a changed history posts nothing twice), before the
  // check run (whose summary then says when they could not be shown). Never changes the status.
  if (input.findings !== undefined && settings.reviewComments) {
    const note = await showFindings(ctx, {
      pr: input.pr.number,
      head: input.head,
      round: report.round,
      check: input.check,
      findings: input.findings,
    });
    if (note !== undefined) report = { ...report, notes: [...report.notes, note] };
  }
  await finish(ctx, input.check, report, input.annotations);
  if (report.status === "approve" && judged !== undefined) {
    // GitHub shows the check run completed last. A pull request opened at this commit after the list
    // above was read, whose own round finished first, would otherwise show this pass.
    const now = await github.openPullsAt(input.head, input.pr.number);
    const unjudged = now.filter((n) => !judged.has(n));
    if (unjudged.length > 0) {
      report = boundReport(report, unjudgedPart(input.head, unjudged));
      // The annotations are on the run already: an update appends them.
      await finish(ctx, input.check, report, []);
    }
  }
  return { jobSummary: renderJobSummary(report), report };
}

async function finish(
  ctx: RoundContext,
  check: CheckRunRef,
  report: RoundReport,
  annotations: ReturnType<typeof annotationsFor>,
): Promise<void> {
  const rendered = renderCheck(report);
  await ctx.github.finishCheck(
    check,
    { title: rendered.title, summary: rendered.summary, annotations },
    conclusionOf(report.status),
  );
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
    ...optionalWithheld(withheldSummary(c.excluded)),
  };
}

function optionalWithheld(withheld: string | undefined): { withheld?: string } {
  return withheld === undefined ? {} : { withheld };
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
