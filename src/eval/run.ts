// Running an eval set (docs/eval.md): its cases loaded and checked, each run through the round a case
// is given (`round`: the local round `review` runs, wired in compose/eval.ts) with its head as the
// tree, its diff as the change and its contract as the base's; a few cases at a time; each run kept in
// the cache as it ends, so an interruption loses only the runs in flight. A case that cannot be run —
// its files unreadable, its diff not applying, the round throwing — is an `error` run carrying the
// reason, counted in its class like any other. Pure: the set, the cache and the round are handed in.
import type { RoundOutcome } from "../gate/context.js";
import { EvalSetError, type EvalSetSource, type RunCache } from "../ports/eval.js";
import type { Logger } from "../ports/github.js";
import type { PromptMessages } from "../ports/reviewer.js";
import type { PanelMember } from "../reviewer-stage/panel.js";
import { describeError } from "../util/describe-error.js";
import type { Result } from "../verdict/four-values.js";
import { type CaseChange, caseChange } from "./case-change.js";
import type { EvalCase, EvalSetInfo } from "./case-schema.js";
import type { Configuration } from "./configuration.js";
import { evidenceNotInHead } from "./evidence-in-head.js";
import { InvalidSetError, readCase, readSetInfo } from "./load-case.js";
import { type MeteredCall, meteredReviewers, promptRecorder } from "./metered.js";
import { type Progress, progressLine } from "./progress.js";
import {
  contextSpent,
  diffTokens,
  evidenceOf,
  missingEvidence,
  type ReachReport,
  type ReachResult,
  reachReport,
} from "./reach.js";
import {
  type CaseOutcome,
  type CaseRun,
  type EvalReport,
  type Prices,
  type RunTokens,
  scoreEval,
} from "./score.js";

/** Who a case's round asks: the settings' reviewer set, made (one reviewer is a panel of one). */
export type CaseReviewers = readonly PanelMember[];

/** One case's round: its change (made to apply), the reviewers to ask, and its log. */
export type CaseRound = (input: {
  readonly change: Extract<CaseChange, { ok: true }>;
  readonly reviewers: CaseReviewers;
  readonly log: Logger;
}) => Promise<RoundOutcome>;

/** A set's cases as loaded: each checked case.json, by the name of its directory. */
export interface LoadedSet {
  readonly info: EvalSetInfo;
  readonly cases: readonly LoadedCase[];
}

export interface LoadedCase {
  readonly case: EvalCase;
  readonly name: string;
  readonly caseJson: string;
}

/** The set's cases, each case.json checked: any that is not a case makes the set invalid. Throws
 * InvalidSetError (or EvalSetError when the set cannot be read at all). */
export function loadSet(source: EvalSetSource): LoadedSet {
  const listed = source.list();
  const info = listed.setJson === undefined ? {} : readSetInfo(listed.setJson, source.where("set.json"));
  const cases = listed.cases.map((name) => {
    const caseJson = source.caseJson(name);
    const checked = readCase(caseJson, name, source.where(`${name}/case.json`));
    // Evidence the head does not hold is a mislabelled case, not a case no reviewer reached.
    const change =
      evidenceOf(checked).length > 0 ? caseChange(checked, source.caseFiles(name, caseJson)) : undefined;
    const wrong = change?.ok === true ? evidenceNotInHead(checked, change.head) : undefined;
    if (wrong !== undefined) throw new InvalidSetError(`${source.where(`${name}/case.json`)}: ${wrong}`);
    return { case: checked, name, caseJson };
  });
  if (cases.length === 0)
    throw new InvalidSetError(`${source.where("")} holds no case (a directory with a case.json)`);
  return { info, cases };
}

/** Whether an error is the set's own (exit 2 from the CLI), not the runner's. */
export function isSetError(error: unknown): error is Error {
  return error instanceof InvalidSetError || error instanceof EvalSetError;
}

export interface EvalRun {
  readonly set: EvalSetSource;
  /** Bound once, asked by every case (each case meters its own calls). */
  readonly reviewers: CaseReviewers;
  readonly round: CaseRound;
  /** Everything a result depends on besides its case (eval/configuration.ts), which each cached run
   * claims. */
  readonly configuration: Configuration;
  readonly cache: RunCache;
  /** Runs of each case, one after another. */
  readonly repeat: number;
  /** Cases at once. */
  readonly concurrency: number;
  /** Each case's round log, by the case's id; silent unless asked. */
  readonly log: (id: string) => Logger;
  /** A warning for the person running it (stderr). */
  readonly warn: (message: string) => void;
  /** The progress line, each time it changes; undefined when it is to be cleared. Absent: none kept. */
  readonly progress?: (line: string | undefined) => void;
  /** Milliseconds on a monotonic clock (injectable, so nothing here depends on a machine's speed). */
  readonly clock: () => number;
}

const NO_TOKENS: RunTokens = { in: 0, out: 0, estimated: { in: 0, out: 0 } };

/** A run's tokens: each call's reported figure where the provider gave one, else the estimate. */
export function tokensOf(calls: readonly MeteredCall[]): RunTokens {
  let tokens = NO_TOKENS;
  for (const call of calls) {
    const estIn = call.reported.in === undefined ? call.estimated.in : 0;
    const estOut = call.reported.out === undefined ? call.estimated.out : 0;
    tokens = {
      in: tokens.in + (call.reported.in ?? call.estimated.in),
      out: tokens.out + (call.reported.out ?? call.estimated.out),
      estimated: { in: tokens.estimated.in + estIn, out: tokens.estimated.out + estOut },
    };
  }
  return tokens;
}

/** What the status says first: the reasons of the value that decided it. */
function firstReason(result: Result): string | undefined {
  if (result.value === "NO") return result.reasons[0];
  if (result.value === "MAYBE") return result.needed[0];
  if (result.value === "IFF") return result.dependencies[0];
  return undefined;
}

/** One run of one case through its round. */
async function runOnce(
  run: EvalRun,
  change: CaseChange,
  reviewers: CaseReviewers,
  log: Logger,
): Promise<{ run: CaseRun; calls: MeteredCall[] }> {
  const started = run.clock();
  const calls: MeteredCall[] = [];
  const elapsed = () => Math.max(0, run.clock() - started);
  const failed = (reason: string) => ({
    run: { status: "error" as const, reason, findings: [], tokens: tokensOf(calls), ms: elapsed() },
    calls,
  });
  if (!change.ok) return failed(change.problem);
  try {
    const outcome = await run.round({ change, reviewers: meteredReviewers(reviewers, calls), log });
    if (outcome.status === undefined || outcome.report === undefined) return failed(outcome.message);
    const reason = firstReason(outcome.report.result);
    return {
      run: {
        status: outcome.status,
        ...(reason !== undefined ? { reason } : {}),
        findings: (outcome.findings ?? []).map((f) => ({
          path: f.path,
          ...(f.line !== undefined ? { line: f.line } : {}),
          ...(f.endLine !== undefined ? { endLine: f.endLine } : {}),
        })),
        tokens: tokensOf(calls),
        ms: elapsed(),
      },
      calls,
    };
  } catch (error) {
    return failed(`the round failed: ${describeError(error)}`);
  }
}

/** Runs `work` on each item, at most `concurrency` at a time, results in the items' order. */
export async function pool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next;
      next += 1;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** The progress line, kept as the runs end. */
function progressReporter(run: EvalRun, cases: number) {
  const start = run.clock();
  let firstAsked: number | undefined;
  const state = { casesDone: 0, runsDone: 0, runsAsked: 0 };
  const runs = cases * run.repeat;
  const show = () => {
    if (run.progress === undefined) return;
    const now = run.clock();
    const p: Progress = {
      ...state,
      cases,
      runs,
      elapsedMs: now - start,
      askingMs: firstAsked === undefined ? 0 : now - firstAsked,
    };
    run.progress(progressLine(p));
  };
  return {
    asking: () => {
      firstAsked ??= run.clock();
    },
    ran: (cached: boolean) => {
      state.runsDone += 1;
      if (!cached) state.runsAsked += 1;
      show();
    },
    caseDone: () => {
      state.casesDone += 1;
      show();
    },
    end: () => run.progress?.(undefined),
    show,
  };
}

/** Every case run `repeat` times (or read from the cache); one outcome per case, in the set's order. */
export async function runCases(run: EvalRun, cases: readonly LoadedCase[]): Promise<CaseOutcome[]> {
  const progress = progressReporter(run, cases.length);
  progress.show();
  let cacheProblem: string | undefined;
  try {
    return await pool(cases, run.concurrency, async (loaded) => {
      const files = run.set.caseFiles(loaded.name, loaded.caseJson);
      // Made once: every run of the case reads the same head (each run gets its own tree over it).
      let change: CaseChange | undefined;
      const log = run.log(loaded.case.id);
      const runs: CaseRun[] = [];
      for (let i = 0; i < run.repeat; i += 1) {
        const claims = { case: files.hash, configuration: run.configuration, run: i };
        const kept = run.cache.read(claims);
        if (kept !== undefined) {
          runs.push(kept);
          progress.ran(true);
          continue;
        }
        progress.asking();
        change ??= caseChange(loaded.case, files);
        const { run: result } = await runOnce(run, change, run.reviewers, log);
        const problem = run.cache.write(claims, result);
        if (problem !== undefined && cacheProblem === undefined) {
          cacheProblem = problem;
          run.warn(`results cannot be kept for resuming: ${problem}`);
        }
        runs.push(result);
        progress.ran(false);
      }
      progress.caseDone();
      return { case: loaded.case, runs };
    });
  } finally {
    progress.end();
  }
}

/** The prompts one case's round would send, by reviewer, and what its reach is. Nobody is asked: each
 * reviewer is replaced by one that keeps the prompt and answers "not asked". */
export async function reachCase(run: EvalRun, loaded: LoadedCase): Promise<ReachResult> {
  const change = caseChange(loaded.case, run.set.caseFiles(loaded.name, loaded.caseJson));
  const evidence = evidenceOf(loaded.case);
  const recorders = run.reviewers.map((m) => ({ label: m.label, reviewer: promptRecorder(m.reviewer) }));
  const { run: result, calls } = await runOnce(run, change, recorders, run.log(loaded.case.id));
  const common = {
    id: loaded.case.id,
    prompt_tokens: calls.reduce((s, c) => s + c.estimated.in, 0),
    diff_tokens: change.ok ? diffTokens(change.diff.files) : 0,
    context: contextSpent(
      calls.map((c) => c.prompt),
      change.ok ? change.diff.files : [],
      evidence,
    ),
  };
  // A case that cannot be built counts, as not reached: its evidence was shown to nobody.
  if (result.status === "error") {
    return {
      ...common,
      reached: evidence.length === 0 ? null : false,
      missing: evidence,
      reason: result.reason ?? "the round failed",
    };
  }
  if (evidence.length === 0)
    return { ...common, reached: null, missing: [], reason: "the case gives no evidence" };
  const byReviewer = new Map<string, PromptMessages[]>();
  for (const call of calls)
    byReviewer.set(call.reviewer, [...(byReviewer.get(call.reviewer) ?? []), call.prompt]);
  // A round that sent nothing (over max-round-tokens, every file over the budget) showed nothing.
  const missing = missingEvidence(evidence, byReviewer.size === 0 ? [[]] : [...byReviewer.values()]);
  return { ...common, reached: missing.length === 0, missing };
}

/** Who was asked, as a report names it: the reviewer, or the panel and its members. */
export function reviewersLabel(reviewers: CaseReviewers): string {
  if (reviewers.length > 1)
    return `a panel of ${reviewers.length} (${reviewers.map((m) => m.label).join(", ")})`;
  return reviewers[0]?.reviewer.label ?? "";
}

/** What a report says besides its cases: the set, the settings' fingerprint, the gate's version. */
export interface ReportHeading {
  readonly set: EvalSetInfo;
  readonly settings: string;
  readonly version: string;
}

/** The set measured: every case run `repeat` times, scored. */
export async function evaluateSet(
  run: EvalRun,
  set: LoadedSet,
  heading: ReportHeading,
  prices?: Prices,
): Promise<EvalReport> {
  const started = run.clock();
  const outcomes = await runCases(run, set.cases);
  return scoreEval(outcomes, {
    set: heading.set,
    version: heading.version,
    configuration: {
      reviewer: reviewersLabel(run.reviewers),
      settings: heading.settings,
      repeat: run.repeat,
    },
    totalMs: Math.max(0, run.clock() - started),
    ...(prices !== undefined ? { prices } : {}),
  });
}

/** What the reviewer is shown of each defect case, asking nobody. */
export async function reachOfSet(run: EvalRun, set: LoadedSet, heading: ReportHeading): Promise<ReachReport> {
  const defects = set.cases.filter((c) => c.case.label === "defect");
  const results = await pool(defects, run.concurrency, (c) => reachCase(run, c));
  return reachReport(results, {
    set: heading.set,
    version: heading.version,
    configuration: { reviewer: reviewersLabel(run.reviewers), settings: heading.settings },
  });
}
