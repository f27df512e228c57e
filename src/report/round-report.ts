// Everything a person needs to read about one round (RoundReport), and its rendering as the check run's
// title, summary and text, and as the job summary. Status first, then why, then what to do next; the
// details below, long parts collapsed. Pure: the round gathers a RoundReport, this file only writes
// Markdown. Its other renderings are beside it — round-text.ts for a terminal, round-json.ts for
// --json —, so a section added to RoundReport is one change here and one in each of them.

import { coveragePercent, type NotReviewedReason, notSeenSummary } from "../review/coverage.js";
import { MAYBE, NO, type Result, rank, type Status } from "../verdict/four-values.js";
import type { Part } from "../verdict/round-decision.js";
import { isReviewerVerdict, type ReviewerVerdict } from "../verdict/vocabulary.js";
import { BADGE, VALUE_BADGE } from "./badges.js";
import { figure } from "./figures.js";
import { code, codeCell, details, fitWithin, inline, plural, prose, table } from "./markdown.js";
import { reviewerSection, verdictWord } from "./reviewer-section.js";

/** GitHub's limit for a check run's `output.summary` and `output.text`. */
export const CHECK_TEXT_LIMIT = 65_535;
/** A check run title longer than this is cut (GitHub shows one line). */
const TITLE_LIMIT = 200;

export interface FileNote {
  path: string;
  reason: string;
}

export interface CoverageReport {
  filesReviewed: number;
  filesTotal: number;
  linesReviewed: number;
  linesTotal: number;
  complete: boolean;
  excluded: readonly FileNote[];
  notReviewed: readonly FileNote[];
  /** What was withheld from the reviewer, counted by why (coverage.ts withheldSummary). */
  withheld?: string;
}

/** What one call showed besides its diff (src/context/): its blocks, their lines and estimated tokens,
 * by kind, and the candidates given up for room. */
export interface CallContext {
  readonly blocks: number;
  readonly lines: number;
  readonly tokens: number;
  readonly byKind: Readonly<Partial<Record<string, { readonly blocks: number; readonly tokens: number }>>>;
  readonly trimmed: Readonly<Partial<Record<string, number>>>;
}

export interface ReviewerCallReport {
  files: number;
  ok: boolean;
  latencyMs: number;
  attempts: number;
  inputTokens?: number;
  outputTokens?: number;
  /** APPROVE, REQUEST_CHANGES, AMBIGUOUS, NONE, or the failure kind. */
  outcome: string;
  message?: string;
  /** The reply as received, shown collapsed. */
  reply?: string;
  /** The panel reviewer that made the call (absent without a panel). */
  reviewer?: string;
  /** What the call showed besides its diff; absent when it had no context to show. */
  context?: CallContext;
}

/** One reviewer's say, for the agreement table and the `panel` output. */
export interface PanelMemberReport {
  label: string;
  /** APPROVE, REQUEST_CHANGES, AMBIGUOUS, NONE, ERROR, or the reused verdict. */
  verdict: ReviewerVerdict;
  /** Its result after its own coverage rule (holdIfPartlySeen): YES, NO, MAYBE. */
  value: string;
  /** Its own reasons (unattributed: the entry names it). */
  reasons: readonly string[];
  coverage: string;
  /** Tokens its calls reported, when any did. */
  inputTokens?: number;
  outputTokens?: number;
  /** Its slowest call. */
  latencyMs: number;
  calls: number;
  /** The files its BLOCKING findings named. */
  blockedFiles: readonly string[];
  /** Its files whose own kept verdict was reused (incremental rounds), by the round that gave it. */
  reusedFiles?: ReusedFilesFigures;
  /** The panel's whole verdict was reused from this round: this row is that round's, and nothing was
   * asked of this reviewer now. */
  reusedFromRound?: number;
}

/** Files whose kept verdict was reused (incremental rounds), by the round that gave it. */
export interface ReusedFilesFigures {
  files: number;
  byRound: readonly { round: number; files: number }[];
  asked: number;
  chunksPlanned: number;
  chunksReused: number;
}

export interface PanelReport {
  policy: string;
  members: readonly PanelMemberReport[];
}

export interface ReviewerReport {
  label: string;
  /** What the round gathered to show besides the diff (src/context/), or why it gathered nothing. */
  context?: string;
  /** The combined reviewer verdict (APPROVE, REQUEST_CHANGES, AMBIGUOUS, NONE, ERROR, or SKIPPED). */
  verdict: ReviewerVerdict;
  calls: readonly ReviewerCallReport[];
  /** The verdict was reused from an earlier round on the same head, diff, prompt and model. */
  reusedFromRound?: number;
  /** The round was another pull request's, with the same head commit and the same question. */
  reusedFromPr?: number;
  /** Files whose kept verdict was reused (incremental rounds), by the round that gave it. */
  reusedFiles?: ReusedFilesFigures;
  /** The pull request's reviewer tokens across all its rounds so far, from the history. */
  tokensTotal?: { in: number; out: number };
  warnings: readonly string[];
  /** Each reviewer's say (one reviewer is a panel of one); an agreement table is shown when there are
   * two or more. */
  panel: PanelReport;
  /** The contract's policy in words (absent: the contract has none, and every BLOCKING line blocks). */
  policy?: string;
  /** The findings below the policy's line (`SEVERITY path:line — reason`): notes, never reasons. */
  notes?: readonly string[];
  /** The reviewer asked for changes and the policy overruled it: how many findings it gave. */
  overruled?: number;
}

export interface CriterionRow {
  id: string;
  type: string;
  status: "pass" | "fail" | "error";
  description: string;
  evidence: string;
}

export type CriteriaReport =
  | {
      kind: "checked";
      verdict: "PASS" | "FLAG" | "FAIL";
      reason: string;
      rows: readonly CriterionRow[];
      unverifiable: readonly string[];
      source: string;
    }
  | { kind: "missing"; source: string }
  | { kind: "invalid"; source: string; message: string };

export interface HistoryRow {
  round: number;
  head: string;
  status: Status;
  reasons: readonly string[];
  /** For each reason, the earlier round that already gave it (repeated), or undefined. */
  repeatedFrom: readonly (number | undefined)[];
  decidedBy?: string;
  at: string;
  /** A panel's round: each reviewer's say, as the record stores it. */
  panel?: readonly {
    label: string;
    verdict: string;
    coverage: string;
    inputTokens?: number;
    outputTokens?: number;
    reusedFiles?: number;
  }[];
}

export interface RoundReport {
  status: Status;
  result: Result;
  parts: readonly Part[];
  round: number;
  headSha: string;
  prNumber?: number;
  checkName: string;
  coverage?: CoverageReport;
  reviewer?: ReviewerReport;
  criteria?: CriteriaReport;
  history: readonly HistoryRow[];
  /** Blocked rounds used and the budget (max-rounds). */
  budget?: { used: number; max: number };
  /** Things a reader should know (e.g. the diff contains verdict-like lines). */
  notes: readonly string[];
  /** The types of the pending dependencies (`check_run`, `label`, …), for what re-evaluates them. */
  waitingOn?: readonly string[];
  runUrl?: string;
  /** The workflow file a decision is dispatched through (this run's), for the command a hold prints. */
  workflowFile?: string;
  version: string;
}

/** What happens next, and who acts, for a report's status (the check run's "Next:" line). */
export function nextStep(report: RoundReport): string {
  switch (report.status) {
    case "approve":
      return "Every part passed on the whole diff. Merge when ready.";
    case "blocked": {
      const left = report.budget
        ? ` (${report.budget.used} of ${report.budget.max} blocked rounds used)`
        : "";
      return `The author addresses the reasons above and pushes; the next push starts a new round${left}.`;
    }
    case "hold-for-human":
      // Both ways a person decides, the one on the pull request first: the comment is where a
      // maintainer already is, and the dispatch needs the Actions tab. The dispatch names the commit
      // this report judged: a decision applies only to the head its person read, and the pull
      // request's head by the time they dispatch may be a push nobody read.
      return (
        "A maintainer reads this report and decides: fix what is missing and re-run, or record a decision " +
        "in a comment on the pull request, `/verdict approve <reason>` or `/verdict block <reason>`, or " +
        `with the workflow's \`workflow_dispatch\`, naming the commit this report judged: ${dispatchCommand(report)}.`
      );
    case "conditional-on": {
      const types = [...new Set(report.waitingOn ?? [])].filter((t) => REEVALUATED_BY[t] !== undefined);
      const events =
        types.length === 0
          ? "the gate re-evaluates when a workflow that runs it runs again"
          : types.map((t) => REEVALUATED_BY[t]).join("; ");
      // The starter workflow has `labeled`; every other event needs the dependencies workflow.
      const workflow = types.some((t) => t !== "label")
        ? ` If the repository has no such workflow, add the one in ${DEPENDENCIES_DOC}: otherwise only a push or a re-run re-evaluates.`
        : "";
      return `Nothing to do now: ${events}.${workflow} Past its timeout the round becomes a hold.`;
    }
  }
}

/** The dispatch that decides what this report judged (`block` instead of `approve` blocks it). */
function dispatchCommand(report: RoundReport): string {
  const pr = report.prNumber === undefined ? "<pr>" : String(report.prNumber);
  return `\`gh workflow run ${report.workflowFile ?? "<the gate's workflow>"} -f pr=${pr} -f head-sha=${report.headSha} -f decision=approve -f reason="…"\``;
}

/** Where docs/workflows.md shows the workflow that re-evaluates waiting pull requests, as a link that
 * works from any repository's check run (a test keeps it under init's DOCS_URL). */
export const DEPENDENCIES_DOC =
  "https://github.com/verdict-gate/verdict-gate/blob/v1/docs/workflows.md#re-evaluating-dependencies";

/** Which event runs the gate again when a dependency of each type moves: the starter workflow's
 * `labeled`/`unlabeled`, and the dependencies workflow's `workflow_run` and `schedule`. */
const REEVALUATED_BY: Readonly<Record<string, string>> = {
  check_run:
    "a `check_run` dependency is re-evaluated when the workflow that posts it completes (`workflow_run` in the dependencies workflow)",
  status:
    "a `status` dependency is re-evaluated by the dependencies workflow's `schedule` (commit statuses start no workflow here)",
  pr_merged: "a `pr_merged` dependency is re-evaluated by the dependencies workflow's `schedule`",
  label: "a `label` dependency is re-evaluated when the label is added (`pull_request: labeled`)",
};

/** What the status means here, for the heading. The reasons themselves follow under "Why": the check
 * run's title already shows the first one, and a heading that repeated it made every report say its
 * first reason three times before anything else. */
function headingPhrase(report: RoundReport): string {
  const r = report.result;
  switch (report.status) {
    case "approve":
      return "";
    case "blocked":
      return `: ${plural(r.reasons.length, "reason")} to address`;
    case "hold-for-human":
      return ": a person must decide";
    case "conditional-on":
      return `: waiting for ${plural(r.dependencies.length, "dependency", "dependencies")}`;
  }
}

/** The reasons of the deciding value first: those are why the status is what it is. */
function reasonLines(result: Result): string[] {
  const lines: string[] = [];
  const reasons = result.reasons.map((r) => `❌ ${prose(r)}`);
  const needed = result.needed.map((n) => `✋ ${prose(n)}`);
  const deps = result.dependencies.map((d) => `⏳ waiting for ${prose(d)}`);
  if (result.value === NO) lines.push(...reasons, ...needed, ...deps);
  else if (result.value === MAYBE) lines.push(...needed, ...reasons, ...deps);
  else lines.push(...deps, ...needed, ...reasons);
  return lines;
}

function firstReason(result: Result): string | undefined {
  if (result.value === NO) return result.reasons[0];
  if (result.value === MAYBE) return result.needed[0];
  if (result.value === "IFF") return `waiting for ${result.dependencies[0]}`;
  return undefined;
}

export function renderTitle(report: RoundReport): string {
  const first = firstReason(report.result);
  const plain = first === undefined ? "" : `: ${first.replace(/\s+/g, " ").trim()}`;
  const count =
    report.result.reasons.length + report.result.needed.length + report.result.dependencies.length;
  const more = count > 1 ? ` (+${count - 1} more)` : "";
  const title = `${report.status}${plain}${more}`;
  return title.length > TITLE_LIMIT ? `${title.slice(0, TITLE_LIMIT - 1)}…` : title;
}

function coverageLine(c: CoverageReport): string {
  const percent = coveragePercent({
    complete: c.complete,
    files: { reviewed: c.filesReviewed, total: c.filesTotal },
    lines: { reviewed: c.linesReviewed, total: c.linesTotal },
  });
  const notSeen = notSeenSummary(
    c.notReviewed.map((n) => ({ reason: n.reason.split(":")[0] as NotReviewedReason })),
  );
  const withheld = c.withheld !== undefined ? `; withheld: ${c.withheld}` : "";
  return `${percent}% (${c.filesReviewed}/${c.filesTotal} files, ${c.linesReviewed.toLocaleString("en-US")}/${c.linesTotal.toLocaleString("en-US")} changed lines${notSeen !== undefined ? `; not seen: ${notSeen}` : ""})${withheld}`;
}

function partsTable(report: RoundReport): string {
  const rows = [...report.parts]
    .sort((a, b) => rank(b.result.value) - rank(a.result.value))
    .map((p) => [
      p.name,
      p.skipped ? "— skipped" : VALUE_BADGE[p.result.value],
      prose(p.summary, 300, { cell: true }),
    ]);
  if (report.coverage)
    rows.push([
      "coverage",
      report.coverage.complete ? "✅ all seen" : "✋ partial",
      coverageLine(report.coverage),
    ]);
  return table(["part", "result", "detail"], rows);
}

/** Rounds shown as table rows; older ones are folded into a collapsed table below. */
const HISTORY_ROWS = 10;

function historySection(report: RoundReport): string {
  // A first round's only row would repeat "Why" word for word: the table starts to say something
  // once there is an earlier round to compare with.
  if (report.history.length < 2) return "";
  if (report.status === "approve") return pastRounds(report);
  const rows = historyRows(report.history);
  const header = ["round", "commit", "status", "reasons"];
  const older = rows.slice(0, -HISTORY_ROWS);
  const recent = rows.slice(-HISTORY_ROWS);
  const folded =
    older.length > 0
      ? `\n\n${details(`Earlier rounds: ${plural(older.length, "round")}`, table(header, older))}`
      : "";
  return `### Rounds\n\n${table(header, recent)}${folded}`;
}

function historyRows(history: RoundReport["history"]): string[][] {
  return history.map((h) => {
    const reasons =
      h.reasons.length === 0
        ? "—"
        : h.reasons
            .map((r, i) => {
              const from = h.repeatedFrom[i];
              return `${prose(r, 240, { cell: true })}${from !== undefined ? ` *(repeated from round ${from})*` : ""}`;
            })
            .join("<br>");
    const who = h.decidedBy !== undefined ? ` by @\u200d${inline(h.decidedBy, 40)}` : "";
    const panel = (h.panel ?? []).map(
      (m) =>
        `<br>${inline(m.label, 40)}: ${inline(isReviewerVerdict(m.verdict) ? verdictWord(m.verdict) : m.verdict, 24)}, ${inline(m.coverage, 60)}` +
        (m.inputTokens !== undefined || m.outputTokens !== undefined
          ? `, ${figure(m.inputTokens)}/${figure(m.outputTokens)} tokens`
          : "") +
        (m.reusedFiles !== undefined ? `, ${plural(m.reusedFiles, "file")} reused` : ""),
    );
    return [String(h.round), code(h.head.slice(0, 7)), `${BADGE[h.status]}${who}${panel.join("")}`, reasons];
  });
}

/** An approve leads with what passed now; the blocked rounds before it are what its author already
 * fixed, so they are folded (every row still there, one click away) rather than a page of red above
 * the verdict that counts. */
function pastRounds(report: RoundReport): string {
  const earlier = report.history.filter((h) => h.round !== report.round);
  const counts = new Map<Status, number>();
  for (const h of earlier) counts.set(h.status, (counts.get(h.status) ?? 0) + 1);
  const tally = [...counts].map(([status, n]) => `${figure(n)} ${status}`).join(", ");
  return details(
    `Rounds: ${plural(report.history.length, "round")}, ${tally} before this approve`,
    table(["round", "commit", "status", "reasons"], historyRows(report.history)),
  );
}

function criteriaSection(c: CriteriaReport | undefined): string {
  if (c === undefined) return "";
  if (c.kind === "missing")
    return `### Criteria\n\nNo contract file at ${code(c.source)} on the base commit: the criteria part was skipped.`;
  if (c.kind === "invalid")
    return `### Criteria\n\n✋ The contract ${code(c.source)} is invalid: ${inline(c.message, 1000)}`;
  const icon = { pass: "✅", fail: "❌", error: "✋" } as const;
  // Failures first, then what could not be checked: with many criteria, what matters is on top.
  const order = { fail: 0, error: 1, pass: 2 } as const;
  const sorted = [...c.rows].sort((a, b) => order[a.status] - order[b.status]);
  const rows = sorted.map((r) => [
    codeCell(r.id, 80),
    codeCell(r.type, 40),
    `${icon[r.status]} ${r.status}`,
    inline(r.description, 200),
    inline(r.evidence, 300),
  ]);
  const claims =
    c.unverifiable.length > 0
      ? `\n\nUnverifiable claims (a person must judge these):\n${c.unverifiable.map((u) => `- ${inline(u)}`).join("\n")}`
      : "";
  const grid = table(["criterion", "type", "status", "description", "evidence"], rows);
  if (c.verdict === "PASS" && rows.length > 0 && claims === "") {
    // A table of passes is evidence to consult, not news: collapsed under the verdict's own reason.
    return `### Criteria: PASS\n\n${details(c.reason, grid)}`;
  }
  const body = rows.length > 0 ? grid : "No criteria.";
  return `### Criteria: ${c.verdict}\n\n${prose(c.reason, 500)}\n\n${body}${claims}`;
}

function filesSection(c: CoverageReport | undefined): string {
  if (c === undefined || (c.excluded.length === 0 && c.notReviewed.length === 0)) return "";
  const list = (notes: readonly FileNote[]) =>
    notes
      .slice(0, 300)
      .map((n) => `- ${code(n.path)}: ${prose(n.reason, 400)}`)
      .join("\n") + (notes.length > 300 ? `\n- …and ${notes.length - 300} more` : "");
  const parts: string[] = [];
  if (c.notReviewed.length > 0)
    parts.push(details(`Not reviewed: ${plural(c.notReviewed.length, "file")}`, list(c.notReviewed)));
  if (c.excluded.length > 0)
    parts.push(details(`Excluded by filters: ${plural(c.excluded.length, "file")}`, list(c.excluded)));
  return parts.join("\n\n");
}

function footer(report: RoundReport): string {
  const run = report.runUrl !== undefined ? ` · [workflow run](${report.runUrl})` : "";
  const pr = report.prNumber !== undefined ? `PR #${report.prNumber} · ` : "";
  // A local diff (`verdict-gate review`) is no commit: its head is all zeros.
  const commit = /^0+$/.test(report.headSha) ? "local diff" : `commit ${code(report.headSha.slice(0, 12))}`;
  return `<sub>${pr}round ${report.round} · ${commit} · verdict-gate ${inline(report.version, 20)}${run}</sub>`;
}

function render(report: RoundReport, full: boolean): string {
  const heading = `## ${BADGE[report.status]}${headingPhrase(report)}`;
  const why = reasonLines(report.result);
  const approve = report.status === "approve";
  const sections = [
    heading,
    why.length > 0 ? `### Why\n\n${why.map((l) => `- ${l}`).join("\n")}` : "",
    // An approve says first what passed in this round: that is the whole of its "why".
    approve ? `### Passed${report.prNumber !== undefined ? ` in round ${report.round}` : ""}` : "",
    approve ? partsTable(report) : "",
    `**Next:** ${nextStep(report)}`,
    approve ? "" : partsTable(report),
    report.notes.length > 0 ? report.notes.map((n) => `> ⚠️ ${prose(n, 600)}`).join("\n>\n") : "",
    historySection(report),
    criteriaSection(report.criteria),
    reviewerSection(report.reviewer, full),
    filesSection(report.coverage),
    footer(report),
  ];
  return sections.filter((s) => s !== "").join("\n\n");
}

export interface RenderedCheck {
  title: string;
  summary: string;
}

/** The check run's title and summary, kept within GitHub's limits with a visible mark. */
export function renderCheck(report: RoundReport): RenderedCheck {
  return {
    title: renderTitle(report),
    summary: fitWithin(
      render(report, false),
      CHECK_TEXT_LIMIT,
      "the check run's summary is limited to 65,535 characters; the job summary has the full report",
    ),
  };
}

/** The job summary: the whole report (the runner allows 1 MiB). */
export function renderJobSummary(report: RoundReport): string {
  return fitWithin(render(report, true), 1_000_000, "the job summary is limited to 1 MiB");
}
