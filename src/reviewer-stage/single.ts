// One reviewer's part of a round: a verdict reused whole, a round over its token limit held before any
// call, or the chunks it must be asked (after per-file reuse, file-reuse.ts) sent, a few at a time
// (ask.ts), and their replies read under the round-bound reply contract (reply.ts) into one result,
// held where part of the diff went unseen. A panel runs this once per reviewer (panel.ts).

import type { Reviewer } from "../ports/reviewer.js";
import type { PanelMemberReport, ReviewerCallReport } from "../report/round-report.js";
import { type Coverage, coverageOf, formatCoverage } from "../review/coverage.js";
import { type Chunk, promptLimit, type ReviewPlan } from "../review/plan.js";
import { buildPrompt, type OtherFile, type Prompt } from "../review/prompt.js";
import { combine, maybe, NO, type Result } from "../verdict/four-values.js";
import type { StoredFinding } from "../verdict/history.js";
import { mostBlockingVerdict, type ReviewerVerdict } from "../verdict/vocabulary.js";
import { type ChunkOutcome, reviewChunks } from "./ask.js";
import {
  type Asked,
  carriedVerdicts,
  describeReuse,
  type Incremental,
  keptResult,
  nextVerdicts,
  reusedReport,
  whatToAsk,
} from "./file-reuse.js";
import type { PromptBase } from "./keys.js";
import { asked, notAsked, type ReviewerOutcome, reused, reusedFrom } from "./outcome.js";
import { dedupe, readReplies } from "./reply.js";

/** A verdict recorded for the same question (whole-reuse.ts). */
export interface ReusedVerdict {
  round: number;
  verdict: ReviewerVerdict;
  result: Result;
  /** Another pull request with the same head whose round gave it. */
  pr?: number;
  /** A panel's: each reviewer's say as that round recorded it (its agreement table). */
  members?: readonly PanelMemberReport[];
  /** This pull request's own record only: its result were every stored finding dismissed, and those
   * findings (src/gate/dismissals.ts). Another's never: a dismissal never crosses pull requests. */
  cleared?: Result;
  findings?: readonly StoredFinding[];
}

export interface SingleInput {
  plan: ReviewPlan;
  reviewer: Reviewer;
  base: PromptBase;
  roundToken: string;
  concurrency: number;
  /** A verdict recorded for this head with the same fingerprint (and not forced to review again). */
  reuse?: ReusedVerdict;
  /** Per-file reuse: the kept verdicts and this round's conditions. */
  incremental?: Incremental;
  /** max-round-tokens: the most prompt tokens this round may send, estimated before any call. */
  maxRoundTokens?: number;
  /** max-pr-cost: why the calls this round would make cannot be afforded, or undefined when they can
   * (asked before any call, with each call's estimated prompt tokens). */
  afford?: Afford;
  /** The most prompt tokens this reviewer's calls may take together (a panel member's share of
   * max-round-tokens): context is fitted within it, the diff never shortened for it. */
  promptBudget?: number;
  fingerprint: string;
  log: (message: string) => void;
}

/** The prompt of each chunk, as the round sends it: numbered "part k of n" when there are several,
 * naming the files that kept an earlier verdict, and each call's context within `limit(i)` tokens. */
export function chunkPrompts(
  chunks: readonly Chunk[],
  base: PromptBase,
  roundToken: string,
  others: readonly OtherFile[] = [],
  limit: (index: number) => number | undefined = () => undefined,
): Prompt[] {
  return chunks.map((chunk, i) => {
    const most = limit(i);
    return buildPrompt({
      ...base,
      files: chunk.files,
      ...(chunks.length > 1 ? { part: { number: chunk.index + 1, of: chunks.length } } : {}),
      ...(others.length > 0 ? { otherFiles: others } : {}),
      ...(most !== undefined ? { promptLimit: most } : {}),
      roundToken,
    });
  });
}

const total = (prompts: readonly Prompt[]) => prompts.reduce((sum, p) => sum + p.estimatedTokens, 0);

/** The base without its context: the calls as `context: none` would send them. */
export function withoutContext(base: PromptBase): PromptBase {
  const { context: _context, ...rest } = base;
  return rest;
}

/** The prompts a reviewer sends for `chunks`: each call's context within the reviewer's window and, when
 * the calls must stay within `budget` tokens together (max-round-tokens), within a share of what the
 * diff leaves of it, in proportion to each call's size. Context never makes a round go over a budget
 * its diff alone keeps: it is what gives way. A diff alone over the budget is sent without context, so
 * the hold that follows names what the diff itself needs. */
export function fittedPrompts(input: {
  chunks: readonly Chunk[];
  base: PromptBase;
  roundToken: string;
  others: readonly OtherFile[];
  contextWindow: number;
  budget?: number;
}): Prompt[] {
  const { chunks, base, roundToken, others, budget } = input;
  const window = promptLimit(input.contextWindow);
  const full = chunkPrompts(chunks, base, roundToken, others, () => window);
  if (budget === undefined || base.context === undefined || total(full) <= budget) return full;
  const bare = chunkPrompts(chunks, withoutContext(base), roundToken, others, () => window);
  const bareTotal = total(bare);
  if (bareTotal >= budget) return bare;
  const spare = budget - bareTotal;
  return chunkPrompts(chunks, base, roundToken, others, (i) => {
    const own = (bare[i] as Prompt).estimatedTokens;
    return Math.min(window, own + Math.floor((spare * own) / bareTotal));
  });
}

/** The prompts a reviewer will be sent this round under `incremental`: what max-round-tokens counts
 * before any call, for a panel all members' together. */
export function promptsToSend(
  plan: ReviewPlan,
  incremental: Incremental | undefined,
  base: PromptBase,
  roundToken: string,
  contextWindow: number,
  budget?: number,
): Prompt[] {
  const ask = whatToAsk(plan, incremental);
  return fittedPrompts({
    chunks: ask.chunks,
    base,
    roundToken,
    others: ask.others,
    contextWindow,
    ...(budget !== undefined ? { budget } : {}),
  });
}

/** Coverage counting a reused file as seen: it is, under the same key. Files of asked chunks count
 * only when their chunk got a reply. */
function coverageWith(
  plan: ReviewPlan,
  ask: Asked,
  answered: ReadonlySet<number>,
  failed: ReadonlyMap<number, string>,
): Coverage {
  const reusedChunk: Chunk = { index: ask.chunks.length, files: ask.reused.map((r) => r.file), tokens: 0 };
  const chunks = ask.reused.length > 0 ? [...ask.chunks, reusedChunk] : ask.chunks;
  const seen = new Set(answered);
  if (ask.reused.length > 0) seen.add(reusedChunk.index);
  return coverageOf({ ...plan, chunks }, seen, failed);
}

/** What the reviewer saw: the chunks that were answered, and why each other one was not. */
function coverageOfReplies(plan: ReviewPlan, ask: Asked, outcomes: readonly ChunkOutcome[]): Coverage {
  const answeredIndexes = new Set<number>();
  const failed = new Map<number, string>();
  for (const outcome of outcomes) {
    if (outcome.reply.ok) answeredIndexes.add(outcome.chunk.index);
    else failed.set(outcome.chunk.index, `reviewer ${outcome.reply.failure}: ${outcome.reply.message}`);
  }
  return coverageWith(plan, ask, answeredIndexes, failed);
}

/** The reviewer's own result over every chunk and kept file. No chunk at all: there is no review.
 * Nothing in scope, or nothing in scope it could be shown (a malformed diff, binary files): the first
 * gap says which, so the hold says what is wrong. */
function reviewedResult(results: readonly Result[], plan: ReviewPlan, coverage: Coverage): Result {
  if (results.length > 0) return combine(...results);
  return maybe(
    plan.inScope.length === 0
      ? "the reviewer was not asked: no file in scope to review"
      : `the reviewer was not asked: ${coverage.gaps[0] ?? "no file in scope could be shown to it"}`,
  );
}

function notStoredText(id: string): string {
  return `(reason ${id.slice(0, 8)} is no longer stored)`;
}

/** Same question, same model: the recorded answer stands, and the files keep the verdicts they had. */
function reusedReview(input: SingleInput, reuse: ReusedVerdict): ReviewerOutcome {
  const coverage = input.plan.coverage;
  const kept =
    input.incremental === undefined
      ? {}
      : carriedVerdicts(input.plan, { ...input.incremental, force: false });
  return reused({
    reuse,
    fingerprint: input.fingerprint,
    coverage,
    summary: `${reuse.verdict} (reused from ${reusedFrom(reuse)}); coverage ${formatCoverage(coverage)}`,
    ...(kept.files !== undefined ? { files: kept.files } : {}),
  });
}

/** The calls a round would make, each with its reviewer and estimated prompt tokens: what `afford`
 * weighs before any call. */
export type PlannedCall = { readonly reviewer: Reviewer; readonly promptTokens: number };
export type Afford = (calls: readonly PlannedCall[]) => string | undefined;

/** Before any call: a round that cannot afford all of its calls makes none, and holds. A partial
 * review could not approve anyway, and each call past the limit is money the repository said no to. */
function overRoundTokens(input: SingleInput, ask: Asked, limit: number, estimate: number): ReviewerOutcome {
  const total = ask.chunks.length;
  const need = `the round needs about ${estimate.toLocaleString("en-US")} prompt tokens (estimated, ${total} call${total === 1 ? "" : "s"}), over \`max-round-tokens\` (${limit.toLocaleString("en-US")}): no reviewer call was made; raise \`max-round-tokens\` or split the pull request`;
  return notAskedOver(input, ask, need, "max-round-tokens", estimate);
}

/** Not asked, over a limit (`max-round-tokens`, `max-pr-cost`): a hold saying why, the files keeping
 * the verdicts they reused. */
function notAskedOver(
  input: SingleInput,
  ask: Asked,
  need: string,
  limit: string,
  estimate: number,
): ReviewerOutcome {
  input.log(`reviewer: ${need}`);
  const reusedFiles = reusedReport(input.plan, ask);
  const kept = carriedVerdicts(input.plan, input.incremental);
  return notAsked({
    why: need,
    summary: `not asked: over ${limit}${describeReuse(reusedFiles)}`,
    coverage: coverageWith(
      input.plan,
      ask,
      new Set(),
      new Map(ask.chunks.map((c) => [c.index, `not asked: over ${limit}`])),
    ),
    ...(kept.files !== undefined ? { files: kept.files } : {}),
    ...(reusedFiles !== undefined ? { reusedFiles } : {}),
    estimatedTokens: estimate,
  });
}

/** The reviewer part: a verdict reused whole, a round over its token limit held before any call, or
 * the chunks asked (and kept file verdicts carried) and their replies read into one result. */
export async function reviewerPart(input: SingleInput): Promise<ReviewerOutcome> {
  const { plan, reviewer, base, roundToken, incremental } = input;
  if (input.reuse !== undefined) return reusedReview(input, input.reuse);
  const ask = whatToAsk(plan, incremental);
  const budget = input.promptBudget ?? input.maxRoundTokens;
  const prompts = fittedPrompts({
    chunks: ask.chunks,
    base,
    roundToken,
    others: ask.others,
    contextWindow: reviewer.contextWindow,
    ...(budget !== undefined ? { budget } : {}),
  });
  const estimatedTokens = prompts.reduce((sum, p) => sum + p.estimatedTokens, 0);
  if (input.maxRoundTokens !== undefined && estimatedTokens > input.maxRoundTokens) {
    return overRoundTokens(input, ask, input.maxRoundTokens, estimatedTokens);
  }
  const unaffordable = input.afford?.(prompts.map((p) => ({ reviewer, promptTokens: p.estimatedTokens })));
  if (unaffordable !== undefined)
    return notAskedOver(input, ask, unaffordable, "max-pr-cost", estimatedTokens);
  const reusedFiles = reusedReport(plan, ask);
  const total = ask.chunks.length;
  input.log(
    `reviewer: ${reviewer.label}, ${total} call(s), concurrency ${input.concurrency}${describeReuse(reusedFiles)}`,
  );
  const outcomes = await reviewChunks(ask.chunks, reviewer, {
    concurrency: input.concurrency,
    prompt: (chunk) => prompts[chunk.index] as Prompt,
  });
  const coverage = coverageOfReplies(plan, ask, outcomes);
  const read = readReplies(outcomes, prompts, roundToken);
  for (const r of ask.reused) {
    const kept = keptResult(r, incremental?.reasonText ?? notStoredText);
    read.results.push(kept);
    // A file's kept block is an earlier round's: no dismissal of this round's findings clears it.
    read.cleared.push(kept);
    read.words.push(kept.value === NO ? "REQUEST_CHANGES" : "APPROVE");
  }
  const verdict = mostBlockingVerdict(read.words);
  const calls: ReviewerCallReport[] = read.calls;
  return asked({
    result: dedupe(reviewedResult(read.results, plan, coverage)),
    cleared: dedupe(reviewedResult(read.cleared, plan, coverage)),
    verdict,
    coverage,
    summary: `${verdict} from ${reviewer.label} (${total} call${total === 1 ? "" : "s"}${describeReuse(reusedFiles)}); coverage ${formatCoverage(coverage)}`,
    calls,
    findings: read.findings,
    notes: read.notes,
    warnings: [...read.warnings],
    fingerprint: input.fingerprint,
    ...(incremental !== undefined
      ? { files: nextVerdicts(incremental.round, ask.reused, read.answered, ask.keys) }
      : {}),
    texts: read.fileTexts,
    ...(reusedFiles !== undefined ? { reusedFiles } : {}),
    // Only when some file kept its verdict: otherwise every planned file was shown.
    ...(ask.reused.length > 0 ? { askedFiles: ask.chunks.flatMap((c) => c.files.map((f) => f.path)) } : {}),
    estimatedTokens,
  });
}
