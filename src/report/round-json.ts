// A round's report as `--json` for `review` and `pr` (one of the three renderings of RoundReport, beside
// round-report.ts's Markdown and round-text.ts's terminal text): one object a script can read, with the same names as the action's
// outputs where they overlap (status, reviewer verdict, coverage, reasons) and the whole report
// besides. Snake case, as `check --json` and `verdict --json` write it.

import { exitCodeOf, type Status } from "../verdict/four-values.js";
import { type RoundReport, renderTitle } from "./round-report.js";

export interface CheckRunJson {
  name: string;
  head_sha: string;
  /** null: left in progress (conditional-on). */
  conclusion: string | null;
  title: string;
  summary: string;
  /** Whether it was sent to GitHub (false in a dry run or when GitHub refused it). */
  posted: boolean;
  url: string | null;
}

/** What the action's outputs say besides the report (gate/context.ts RoundOutcome has them). */
export interface RoundOutputs {
  readonly reasons: readonly string[];
  readonly reviewerVerdict: string;
  readonly coverage: string;
  readonly exclusions: unknown;
}

export function roundJson(
  status: Status,
  report: RoundReport,
  outcome: RoundOutputs,
  extra: { check_run?: CheckRunJson; notes?: readonly string[] } = {},
): Record<string, unknown> {
  const c = report.coverage;
  return {
    status,
    exit_code: exitCodeOf(status),
    title: renderTitle(report),
    // The action's `reasons` output, word for word: every reason of the status, a hold's and a wait's
    // included (a hold's reasons are in `needed`; an empty list there read as "no reason").
    reasons: outcome.reasons,
    needed: report.result.needed,
    dependencies: report.result.dependencies,
    reviewer_verdict: outcome.reviewerVerdict,
    coverage: outcome.coverage,
    parts: report.parts.map((p) => ({
      name: p.name,
      value: p.result.value,
      skipped: p.skipped === true,
      summary: p.summary,
    })),
    files: c
      ? {
          reviewed: c.filesReviewed,
          total: c.filesTotal,
          lines_reviewed: c.linesReviewed,
          lines_total: c.linesTotal,
          complete: c.complete,
          not_reviewed: c.notReviewed,
          excluded: c.excluded,
        }
      : null,
    criteria: report.criteria ?? null,
    reviewer: report.reviewer
      ? {
          label: report.reviewer.label,
          verdict: report.reviewer.verdict,
          context: report.reviewer.context ?? null,
          warnings: report.reviewer.warnings,
          calls: report.reviewer.calls.map((call) => ({
            files: call.files,
            ok: call.ok,
            outcome: call.outcome,
            latency_ms: call.latencyMs,
            attempts: call.attempts,
            input_tokens: call.inputTokens ?? null,
            output_tokens: call.outputTokens ?? null,
            message: call.message ?? null,
            reply: call.reply ?? null,
            ...(call.reviewer !== undefined ? { reviewer: call.reviewer } : {}),
            ...(call.context !== undefined
              ? {
                  context: {
                    blocks: call.context.blocks,
                    lines: call.context.lines,
                    tokens: call.context.tokens,
                    by_kind: call.context.byKind,
                    given_up: call.context.trimmed,
                  },
                }
              : {}),
          })),
          // Only for a panel of two or more: a panel of one reports as the single reviewer it is.
          ...(report.reviewer.panel.members.length > 1
            ? {
                panel: {
                  policy: report.reviewer.panel.policy,
                  reviewers: report.reviewer.panel.members.map((m) => ({
                    label: m.label,
                    verdict: m.verdict,
                    value: m.value,
                    reasons: m.reasons,
                    coverage: m.coverage,
                    input_tokens: m.inputTokens ?? null,
                    output_tokens: m.outputTokens ?? null,
                    slowest_ms: m.latencyMs,
                    blocked_files: m.blockedFiles,
                  })),
                },
              }
            : {}),
        }
      : null,
    notes: [...report.notes, ...(extra.notes ?? [])],
    round: report.round,
    head_sha: report.headSha,
    exclusions: outcome.exclusions,
    ...(extra.check_run !== undefined ? { check_run: extra.check_run } : {}),
  };
}
