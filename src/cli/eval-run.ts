// Running an eval set's cases: each through the local round (compose/local-round.ts), the one `review`
// runs, with the case's head as the tree, its diff as the change and its contract as the base's; a few
// cases at a time; each run kept in the cache as it ends, so an interruption loses only the runs in
// flight. A case that cannot be run — its files unreadable, its diff not applying, the round throwing —
// is an `error` run carrying the reason, counted in its class like any other.
import { type LocalReviewers, runLocalRound } from "../compose/local-round.js";
import { type CaseChange, caseChange } from "../eval/case-change.js";
import type { EvalCase } from "../eval/case-schema.js";
import { runKey } from "../eval/configuration.js";
import { type MeteredCall, meteredReviewers, promptRecorder } from "../eval/metered.js";
import { type Progress, progressLine } from "../eval/progress.js";
import { contextSpent, diffTokens, evidenceOf, missingEvidence, type ReachResult } from "../eval/reach.js";
import type { CaseOutcome, CaseRun, RunTokens } from "../eval/score.js";
import type { Logger } from "../ports/github.js";
import type { PromptMessages } from "../ports/reviewer.js";
import type { Settings } from "../settings/settings.js";
import { describeError } from "../util/describe-error.js";
import type { Result } from "../verdict/four-values.js";
import { readCaseFiles } from "../workspace/eval-set.js";
import { memoryTree } from "../workspace/memory-tree.js";
import type { RunCache } from "./eval-cache.js";
import type { CliIO } from "./io.js";
import { LOCAL_HEAD } from "./recorded-github.js";

/** A case as loaded: its checked case.json and where its files are. */
export interface LoadedCase {
  readonly case: EvalCase;
  readonly dir: string;
  readonly caseJson: string;
}

export interface EvalRunContext {
  /** Every case's round runs under these (the contract path is where a case's contract is served). */
  readonly settings: Settings;
  /** Bound once, asked by every case (each case meters its own calls). */
  readonly reviewers: LocalReviewers;
  /** The configuration's key (eval/configuration.ts), half of each cached run's key. */
  readonly configuration: string;
  readonly cache: RunCache;
  /** Runs of each case, one after another. */
  readonly repeat: number;
  /** Cases at once. */
  readonly concurrency: number;
  readonly io: CliIO;
  /** Each case's round log on stderr. */
  readonly verbose: boolean;
  /** Keep a progress line on stderr (a terminal, and not --json). */
  readonly progress: boolean;
  /** Milliseconds on a monotonic clock (injectable, so nothing here depends on a machine's speed). */
  readonly clock: () => number;
}

/** The round's log: silent unless --verbose, then each line names its case. */
function caseLog(io: CliIO, id: string, verbose: boolean): Logger {
  const say = (m: string) => {
    if (verbose) io.err(`verdict-gate eval: ${id}: ${m}\n`);
  };
  return {
    info: say,
    warning: (m) => say(`warning: ${m}`),
    error: (m) => say(`error: ${m}`),
    debug: say,
    startGroup: (name) => say(`── ${name}`),
    endGroup: () => {},
  };
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

/** One run of one case through the local round. */
async function runOnce(
  ctx: EvalRunContext,
  change: CaseChange,
  reviewers: LocalReviewers,
  log: Logger,
): Promise<{ run: CaseRun; calls: MeteredCall[] }> {
  const started = ctx.clock();
  const calls: MeteredCall[] = [];
  const elapsed = () => Math.max(0, ctx.clock() - started);
  const failed = (reason: string) => ({
    run: { status: "error" as const, reason, findings: [], tokens: tokensOf(calls), ms: elapsed() },
    calls,
  });
  if (!change.ok) return failed(change.problem);
  try {
    const outcome = await runLocalRound({
      settings: ctx.settings,
      reviewers: meteredReviewers(reviewers, calls),
      change: {
        diff: change.diff,
        contract: change.contract,
        contractPath: ctx.settings.contractPath,
        head: LOCAL_HEAD,
        readBase: change.readBase,
      },
      tree: memoryTree({ files: change.head.files, unknown: change.head.unknown }),
      log,
      dependencies: "not-queried",
    });
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

/** A progress line kept on one line of a terminal's stderr. */
function progressReporter(ctx: EvalRunContext, cases: number) {
  const start = ctx.clock();
  let firstAsked: number | undefined;
  const state = { casesDone: 0, runsDone: 0, runsAsked: 0 };
  const runs = cases * ctx.repeat;
  const show = () => {
    if (!ctx.progress) return;
    const now = ctx.clock();
    const p: Progress = {
      ...state,
      cases,
      runs,
      elapsedMs: now - start,
      askingMs: firstAsked === undefined ? 0 : now - firstAsked,
    };
    ctx.io.err(`\r\u001b[2Kverdict-gate eval: ${progressLine(p)}`);
  };
  return {
    asking: () => {
      firstAsked ??= ctx.clock();
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
    end: () => {
      if (ctx.progress) ctx.io.err("\r\u001b[2K");
    },
    show,
  };
}

/** Every case run `repeat` times (or read from the cache); one outcome per case, in the set's order. */
export async function runCases(ctx: EvalRunContext, cases: readonly LoadedCase[]): Promise<CaseOutcome[]> {
  const progress = progressReporter(ctx, cases.length);
  progress.show();
  let cacheProblem: string | undefined;
  try {
    return await pool(cases, ctx.concurrency, async (loaded) => {
      const files = readCaseFiles(loaded.dir, loaded.caseJson);
      // Made once: every run of the case reads the same head (each run gets its own tree over it).
      let change: CaseChange | undefined;
      const log = caseLog(ctx.io, loaded.case.id, ctx.verbose);
      const runs: CaseRun[] = [];
      for (let i = 0; i < ctx.repeat; i += 1) {
        const key = runKey(files.hash, ctx.configuration, i);
        const kept = ctx.cache.read(key);
        if (kept !== undefined) {
          runs.push(kept);
          progress.ran(true);
          continue;
        }
        progress.asking();
        change ??= caseChange(loaded.case, files);
        const { run } = await runOnce(ctx, change, ctx.reviewers, log);
        const problem = ctx.cache.write(key, run);
        if (problem !== undefined && cacheProblem === undefined) {
          cacheProblem = problem;
          ctx.io.err(`\nverdict-gate eval: warning: results cannot be kept for resuming: ${problem}\n`);
        }
        runs.push(run);
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
export async function reachCase(ctx: EvalRunContext, loaded: LoadedCase): Promise<ReachResult> {
  const change = caseChange(loaded.case, readCaseFiles(loaded.dir, loaded.caseJson));
  const evidence = evidenceOf(loaded.case);
  const recorders: LocalReviewers = {
    reviewer: promptRecorder(ctx.reviewers.reviewer),
    ...(ctx.reviewers.panel !== undefined
      ? { panel: ctx.reviewers.panel.map((m) => ({ label: m.label, reviewer: promptRecorder(m.reviewer) })) }
      : {}),
  };
  const log = caseLog(ctx.io, loaded.case.id, ctx.verbose);
  const { run, calls } = await runOnce(ctx, change, recorders, log);
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
  if (run.status === "error") {
    return {
      ...common,
      reached: evidence.length === 0 ? null : false,
      missing: evidence,
      reason: run.reason ?? "the round failed",
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
