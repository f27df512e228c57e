// How a round ends once its status is reached (round.ts's endRound says in which order): the report,
// the history saved, the check run completed with the rendered report, and the outcome the step
// reports. failCheck is the last line of defence for every error after the check run exists.

import type { Annotation, CheckRunRef, PullRequestInfo, StoredComment } from "../ports/github.js";
import { renderHistoryComment } from "../report/history-comment.js";
import { type RoundReport, renderCheck } from "../report/round-report.js";
import { defined } from "../util/defined.js";
import { describeError } from "../util/describe-error.js";
import { conclusionOf, maybe } from "../verdict/four-values.js";
import { type History, lastHash } from "../verdict/history.js";
import type { OpenRound, RoundContext, RoundOutcome } from "./context.js";
import { exclusionsJson } from "./history-rows.js";
import { showFindings } from "./review-comments.js";
import { endingOutcome, endingReport, type ReportBase, type RoundEnding } from "./round-ending.js";
import { confirmHistoryUnchanged, saveHistoryChecked } from "./round-history.js";

/** The report of a round as its path judged it, before the pass is checked against its commit's other pull requests. */
export function roundReport(ctx: RoundContext, round: OpenRound, ending: RoundEnding): RoundReport {
  return endingReport(baseReport(ctx, round.pr, round.head, ending.round), ending, round.loaded.notes);
}

/** The step's outcome, which says what was posted: when the commit's other pull requests turned an
 * approve into a hold (shared-commit.ts), it says the hold, never the approve. */
export function roundOutcome(round: OpenRound, ending: RoundEnding, posted: RoundReport): RoundOutcome {
  return {
    ...endingOutcome(ending, posted),
    checkRunId: round.check.id,
    exclusions: exclusionsJson(ending.history),
  };
}

/** What a round published: the report as posted, and the id of the history comment its check run
 * remembers (for a later completion of the same run, takeBackPass). */
export interface Published {
  report: RoundReport;
  history?: number;
}

/** The history saved (or confirmed unchanged), the reviewer's findings shown, and the check run
 * completed with `report`, the report after the commit's check. Never changes the status. Returns the
 * report as posted (with a note when the findings could not be shown). */
export async function publish(
  ctx: RoundContext,
  round: OpenRound,
  ending: RoundEnding,
  report: RoundReport,
): Promise<Published> {
  const { pr, head, check } = round;
  let posted = report;
  const history = await writeHistory(ctx, {
    check,
    pr,
    history: ending.history,
    comment: round.loaded.comment,
    saveHistory: ending.saveHistory,
  });
  // After the history (a round judged again on a changed history posts nothing twice), before the
  // check run (whose summary then says when they could not be shown).
  if (ending.findings !== undefined && ctx.settings.reviewComments) {
    const note = await showFindings(ctx, {
      pr: pr.number,
      head,
      round: posted.round,
      check,
      findings: ending.findings,
    });
    if (note !== undefined) posted = { ...posted, notes: [...posted.notes, note] };
  }
  await completeCheck(ctx, check, posted, ending.annotations ?? [], history);
  return { report: posted, ...defined({ history }) };
}

/** Nothing is posted on a history that changed since it was read: written compare-and-swap, or
 * confirmed unchanged when there is nothing to write (round-history.ts). Returns the history comment's
 * id as it now is. */
async function writeHistory(
  ctx: RoundContext,
  input: {
    check: CheckRunRef;
    pr: PullRequestInfo;
    history: History;
    comment: StoredComment | undefined;
    saveHistory: boolean;
  },
): Promise<number | undefined> {
  const { settings } = ctx;
  if (!input.saveHistory) {
    await confirmHistoryUnchanged(ctx, input.pr.number, input.check, input.comment);
    return input.comment?.id;
  }
  const body = renderHistoryComment(input.history, {
    checkName: settings.checkName,
    ...defined({ runUrl: settings.runUrl }),
  });
  return saveHistoryChecked(ctx, input.pr.number, input.check, input.comment, body, lastHash(input.history));
}

/** The check run completed with the rendered report, its conclusion the status's (four-values.ts);
 * `history`: the id of the pull request's history comment, for the run to remember. */
export async function completeCheck(
  ctx: RoundContext,
  check: CheckRunRef,
  report: RoundReport,
  annotations: readonly Annotation[],
  history?: number,
): Promise<void> {
  const rendered = renderCheck(report);
  await ctx.github.checks.finishCheck(
    check,
    { title: rendered.title, summary: rendered.summary, annotations },
    conclusionOf(report.status),
    history,
  );
}

function baseReport(ctx: RoundContext, pr: PullRequestInfo, head: string, round: number): ReportBase {
  return {
    round,
    headSha: head,
    prNumber: pr.number,
    checkName: ctx.settings.checkName,
    notes: [],
    version: ctx.version,
    ...defined({ runUrl: ctx.settings.runUrl, workflowFile: ctx.settings.workflowFile }),
  };
}

/** The last line of defence: the check run ends as a hold that names the error. If even that fails,
 * the check run stays in progress, which a required check also never counts as passing. `history`: the
 * history comment's id as last read, for the run to remember. */
export async function failCheck(
  ctx: RoundContext,
  check: CheckRunRef,
  head: string,
  pr: number | undefined,
  error: unknown,
  history?: number,
): Promise<void> {
  const message = describeError(error);
  const result = maybe(`verdict-gate could not finish this round: ${message}`);
  const report: RoundReport = {
    status: "hold-for-human",
    result,
    parts: [{ name: "rounds", result, summary: "the round stopped on an error" }],
    round: 0,
    headSha: head,
    ...defined({ prNumber: pr }),
    checkName: ctx.settings.checkName,
    history: [],
    notes: ["Re-run the workflow once the cause is fixed; nothing was approved."],
    version: ctx.version,
    ...defined({ runUrl: ctx.settings.runUrl }),
  };
  const rendered = renderCheck(report);
  try {
    await ctx.github.checks.finishCheck(
      check,
      { title: rendered.title, summary: rendered.summary, annotations: [] },
      "action_required",
      history,
    );
  } catch (secondary) {
    ctx.log.error(
      `could not post the hold on check run ${check.id} either: ${describeError(secondary)}; it stays in progress (never passing)`,
    );
  }
}
