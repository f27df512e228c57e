// An eval run's cases scored into the report `verdict-gate eval` prints (--json gives it whole). The
// definitions, which docs/eval.md states in the same words:
// - the table counts each case once, by its first run's status, in its true class;
// - false approve: approves among defect cases; false block: blocks among clean cases; the hold rate of
//   each class — every rate over all of the class's cases, errors included, so a case that could not
//   be run lowers no denominator;
// - a hold is an abstention: among the decided cases (approve or blocked) the error (approves of
//   defects, blocks of clean changes) and the share of the class decided;
// - caught at the defect: blocks of defect cases with a finding at a labelled line (location.ts); the
//   other blocks of defect cases are counted apart;
// - flips (with repeats): cases whose runs did not all end in one status;
// - correct, for comparing two configurations: a defect case blocked, or a clean case approved. A hold
//   is correct for neither: it is what the gate does when it cannot tell.
// Pure.
import type { Status } from "../verdict/four-values.js";
import { defectsOf, type EvalCase, type EvalSetInfo, type Label } from "./case-schema.js";
import { atDefect, type FindingPlace } from "./location.js";
import { type Rate, rateOf } from "./stats.js";

export type RunStatus = Status | "error";

export const RUN_STATUSES: readonly RunStatus[] = [
  "approve",
  "blocked",
  "hold-for-human",
  "conditional-on",
  "error",
];

/** Tokens of one run: totals, and the part of each the gate estimated because the reviewer reported
 * none. */
export interface RunTokens {
  readonly in: number;
  readonly out: number;
  readonly estimated: { readonly in: number; readonly out: number };
}

/** One run of one case. */
export interface CaseRun {
  readonly status: RunStatus;
  /** The status's first reason, or why the case could not be run. */
  readonly reason?: string;
  readonly findings: readonly FindingPlace[];
  readonly tokens: RunTokens;
  /** Wall time of the run (as first measured, for a run read from the cache). */
  readonly ms: number;
  /** Read from the cache of an earlier, interrupted or repeated, invocation. */
  readonly cached?: boolean;
}

export interface CaseOutcome {
  readonly case: Pick<EvalCase, "id" | "label" | "defects">;
  readonly runs: readonly CaseRun[];
}

export const CORRECT =
  "a case is correct when a defect case is blocked or a clean case approved; a hold is correct for neither";

export type StatusCounts = Record<RunStatus, number>;

export interface CaseResult {
  readonly id: string;
  readonly label: Label;
  /** The first run's. */
  readonly status: RunStatus;
  readonly statuses: readonly RunStatus[];
  readonly at_defect: boolean;
  readonly correct: boolean;
  readonly reason?: string;
  readonly findings: readonly FindingPlace[];
  readonly tokens: RunTokens;
  readonly ms: number;
  readonly cached_runs: number;
}

export interface Prices {
  /** Per million input tokens. */
  readonly in: number;
  /** Per million output tokens. */
  readonly out: number;
}

export interface EvalReport {
  readonly set: EvalSetInfo;
  readonly configuration: { readonly reviewer: string; readonly settings: string; readonly repeat: number };
  readonly version: string;
  readonly cases: number;
  readonly correct: string;
  readonly table: { readonly defect: StatusCounts; readonly clean: StatusCounts };
  readonly false_approve: Rate;
  readonly false_block: Rate;
  readonly hold: { readonly defect: Rate; readonly clean: Rate };
  readonly decided: {
    readonly defect: { readonly share: Rate; readonly error: Rate };
    readonly clean: { readonly share: Rate; readonly error: Rate };
  };
  readonly caught_at_defect: Rate;
  readonly blocked_elsewhere: Rate;
  readonly flip?: { readonly count: number; readonly n: number; readonly rate: number | null };
  readonly tokens: RunTokens;
  readonly cost?: {
    readonly in: number;
    readonly out: number;
    readonly total: number;
    readonly price_in: number;
    readonly price_out: number;
  };
  readonly ms: { readonly total: number; readonly per_case: number | null };
  readonly cached_runs: number;
  readonly results: readonly CaseResult[];
}

const ZERO_TOKENS: RunTokens = { in: 0, out: 0, estimated: { in: 0, out: 0 } };

export function addTokens(a: RunTokens, b: RunTokens): RunTokens {
  return {
    in: a.in + b.in,
    out: a.out + b.out,
    estimated: { in: a.estimated.in + b.estimated.in, out: a.estimated.out + b.estimated.out },
  };
}

export function isCorrect(label: Label, status: RunStatus): boolean {
  return label === "defect" ? status === "blocked" : status === "approve";
}

function counts(results: readonly CaseResult[], label: Label): StatusCounts {
  const out = Object.fromEntries(RUN_STATUSES.map((s) => [s, 0])) as StatusCounts;
  for (const r of results) if (r.label === label) out[r.status] += 1;
  return out;
}

function resultOf(outcome: CaseOutcome): CaseResult {
  const { runs } = outcome;
  const first = runs[0];
  if (first === undefined) throw new Error(`case ${outcome.case.id} has no run`);
  const c = outcome.case;
  const caught =
    c.label === "defect" && first.status === "blocked" && atDefect(first.findings, defectsOf(c as EvalCase));
  return {
    id: c.id,
    label: c.label,
    status: first.status,
    statuses: runs.map((r) => r.status),
    at_defect: caught,
    correct: isCorrect(c.label, first.status),
    ...(first.reason !== undefined ? { reason: first.reason } : {}),
    findings: first.findings,
    tokens: runs.reduce((sum, r) => addTokens(sum, r.tokens), ZERO_TOKENS),
    ms: runs.reduce((sum, r) => sum + r.ms, 0),
    cached_runs: runs.filter((r) => r.cached === true).length,
  };
}

export interface ScoreOptions {
  readonly set: EvalReport["set"];
  readonly configuration: EvalReport["configuration"];
  readonly version: string;
  /** Wall time of the whole invocation. */
  readonly totalMs: number;
  readonly prices?: Prices;
}

export function scoreEval(outcomes: readonly CaseOutcome[], options: ScoreOptions): EvalReport {
  return summarize(outcomes.map(resultOf), options);
}

/** The report of results already scored: one run's, or its shards' put back together (merge.ts), which
 * must give the same report, so every figure is computed here from the results alone. */
export function summarize(results: readonly CaseResult[], options: ScoreOptions): EvalReport {
  const defect = counts(results, "defect");
  const clean = counts(results, "clean");
  const nDefect = results.filter((r) => r.label === "defect").length;
  const nClean = results.length - nDefect;
  const decidedDefect = defect.approve + defect.blocked;
  const decidedClean = clean.approve + clean.blocked;
  const caught = results.filter((r) => r.at_defect).length;
  const tokens = results.reduce((sum, r) => addTokens(sum, r.tokens), ZERO_TOKENS);
  const repeat = options.configuration.repeat;
  const flips = results.filter((r) => new Set(r.statuses).size > 1).length;
  const prices = options.prices;
  const perCase = results.length === 0 ? null : results.reduce((s, r) => s + r.ms, 0) / results.length;
  return {
    set: options.set,
    configuration: options.configuration,
    version: options.version,
    cases: results.length,
    correct: CORRECT,
    table: { defect, clean },
    false_approve: rateOf(defect.approve, nDefect),
    false_block: rateOf(clean.blocked, nClean),
    hold: {
      defect: rateOf(defect["hold-for-human"], nDefect),
      clean: rateOf(clean["hold-for-human"], nClean),
    },
    decided: {
      defect: { share: rateOf(decidedDefect, nDefect), error: rateOf(defect.approve, decidedDefect) },
      clean: { share: rateOf(decidedClean, nClean), error: rateOf(clean.blocked, decidedClean) },
    },
    caught_at_defect: rateOf(caught, nDefect),
    blocked_elsewhere: rateOf(defect.blocked - caught, nDefect),
    ...(repeat > 1
      ? {
          flip: {
            count: flips,
            n: results.length,
            rate: results.length === 0 ? null : flips / results.length,
          },
        }
      : {}),
    tokens,
    ...(prices !== undefined
      ? {
          cost: {
            in: (tokens.in * prices.in) / 1e6,
            out: (tokens.out * prices.out) / 1e6,
            total: (tokens.in * prices.in + tokens.out * prices.out) / 1e6,
            price_in: prices.in,
            price_out: prices.out,
          },
        }
      : {}),
    ms: { total: options.totalMs, per_case: perCase },
    cached_runs: results.reduce((s, r) => s + r.cached_runs, 0),
    results,
  };
}
