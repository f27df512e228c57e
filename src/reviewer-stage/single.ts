// The reviewer part of a round: the planned chunks go to the reviewer, each reply is read under the
// round-bound reply contract, and the per-chunk results combine by the lattice, held where part of the diff went unseen.
// A verdict recorded for the same head, diff, prompt and model is reused instead of asking again; on
// another head, each file whose key matches a kept verdict is (src/reviewer-stage/file-reuse.ts), and only the other
// files are sent. A round whose prompts would go past max-round-tokens holds before any call.
import type { DiffFile } from "../diff/types.js";
import type { Reviewer, ReviewReply } from "../ports/reviewer.js";
import type { PanelMemberReport, ReviewerCallReport } from "../report/round-report.js";
import { type Coverage, coverageOf, formatCoverage } from "../review/coverage.js";
import { replyEcho } from "../review/forgery.js";
import { type Chunk, fileTokens, type ReviewPlan } from "../review/plan.js";
import { buildPrompt, type Prompt, type PromptInput } from "../review/prompt.js";
import { type Finding, parseFindings, reviewerResult } from "../verdict/findings.js";
import { combine, maybe, NO, no, type Result, YES, yes } from "../verdict/four-values.js";
import { canonicalJson, type FileVerdicts, sha256 } from "../verdict/history.js";
import { AMBIGUOUS, findVerdict, type ReplyVerdict } from "../verdict/reply-contract.js";
import { holdIfPartlySeen, type Part } from "../verdict/round-decision.js";
import { storeReasons } from "../verdict/stored-text.js";
import { mostBlockingVerdict, type ReviewerVerdict } from "../verdict/vocabulary.js";
import { type ChunkOutcome, reviewChunks } from "./ask.js";
import {
  type AnsweredChunk,
  nextVerdicts,
  type ReusedFile,
  rechunk,
  reusedByRound,
  splitForReuse,
  wholeChunksReused,
} from "./file-reuse.js";
import type { Incremental } from "./incremental.js";

/** The prompt's parts that do not depend on the chunk or the round token. */
export type PromptBase = Omit<PromptInput, "files" | "part" | "roundToken" | "drawFenceId">;

export interface ReusedVerdict {
  round: number;
  verdict: ReviewerVerdict;
  result: Result;
  /** Another pull request with the same head whose round gave it (shared-verdict.ts). */
  pr?: number;
  /** A panel's: each reviewer's say as that round recorded it (its agreement table). */
  members?: readonly PanelMemberReport[];
}

export interface ReviewerPartOutcome {
  part: Part;
  /** APPROVE, REQUEST_CHANGES, AMBIGUOUS, NONE, ERROR: the step output `reviewer-verdict`. */
  verdict: ReviewerVerdict;
  /** The reviewer's own combined result before the coverage rule (holdIfPartlySeen): what a later round may reuse. */
  beforeCoverage: Result;
  coverage: Coverage;
  calls: ReviewerCallReport[];
  /** BLOCKING findings, for annotations at their path and line. */
  findings: Finding[];
  warnings: string[];
  fingerprint: string;
  reusedFromRound?: number;
  reusedFromPr?: number;
  /** The per-file verdicts to keep after this round (incremental rounds), and their reasons' texts. */
  files?: FileVerdicts;
  fileTexts: ReadonlyMap<string, string>;
  /** What this round reused per file, for the summary. */
  reusedFiles?: ReusedFilesReport;
  /** The files this round's calls showed the reviewer, when some files kept an earlier verdict
   * instead: only these can prove a finding gone (review-comments.ts). Absent: every planned file. */
  askedFiles?: readonly string[];
  /** The estimated prompt tokens of the calls this round needed (max-round-tokens). */
  estimatedTokens: number;
}

export interface ReusedFilesReport {
  /** Files whose key matched a kept verdict, and which rounds gave them. */
  files: number;
  byRound: { round: number; files: number }[];
  /** Files sent to the reviewer. */
  asked: number;
  /** The chunks the whole diff plans into, and how many of them were reused whole. */
  chunksPlanned: number;
  chunksReused: number;
}

/** What the reviewer saw, as one hash: provider and model, the prompt without its per-round token, and
 * every chunk's diff. Equal fingerprints mean asking again would ask the same question. */
export function reviewFingerprint(label: string, base: PromptBase, plan: ReviewPlan): string {
  const chunks = plan.chunks.map((c) => c.files.map((f: DiffFile) => f.patch));
  return sha256(canonicalJson({ label, base, chunks, notReviewed: plan.notReviewed.map((n) => n.path) }));
}

function word(verdict: ReplyVerdict | null): ReviewerVerdict {
  return verdict ?? "NONE";
}

/** How the round token is shown wherever a reply's text goes (check run, comment, summary, outputs,
 * log). All of these are public to the PR's author; the token is only ever in the prompt, so a token
 * nobody outside the reviewer call has seen is one nobody can plant, now or in a later design that
 * lets a token outlive its round. A reviewer may repeat it anywhere in its reply, in any case. */
export const HIDDEN_ROUND_TOKEN = "<round token>";

export function hideRoundToken(text: string, roundToken: string): string {
  if (roundToken === "") return text;
  const escaped = roundToken.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(new RegExp(escaped, "gi"), HIDDEN_ROUND_TOKEN);
}

function hideInResult(result: Result, roundToken: string): Result {
  const hide = (list: readonly string[]) => list.map((t) => hideRoundToken(t, roundToken));
  return {
    value: result.value,
    reasons: hide(result.reasons),
    needed: hide(result.needed),
    dependencies: hide(result.dependencies),
  };
}

/** One reading of a chunk's reply → its four-valued result, verdict word and findings, with the round
 * token hidden in every text taken from the reply (only the verdict itself is read with it). */
function readText(
  text: string,
  roundToken: string,
  prompt: Prompt,
): { result: Result; verdict: ReviewerVerdict; findings: Finding[]; text: string } {
  const verdict = findVerdict(text, { roundToken });
  const echo = replyEcho(text, prompt);
  if (echo !== undefined && verdict !== "REQUEST_CHANGES") {
    // A reply that parrots the prompt or ends by quoting the diff is not a judgment, whatever it ends in.
    return {
      result: hideInResult(
        maybe(`the reviewer's reply is an echo, not a review: ${echo.detail}`),
        roundToken,
      ),
      // Whatever marker it ends in, an echo states no verdict of the reviewer's own: the step output
      // must not say APPROVE beside a hold.
      verdict: verdict === null ? "NONE" : AMBIGUOUS,
      findings: [],
      text,
    };
  }
  return {
    result: hideInResult(reviewerResult(text, { roundToken }), roundToken),
    verdict: word(verdict),
    findings: parseFindings(hideRoundToken(text, roundToken)),
    text,
  };
}

/** How strict a result is: NO over MAYBE over IFF over YES. */
const STRICTNESS: Readonly<Record<Result["value"], number>> = { NO: 3, MAYBE: 2, IFF: 1, YES: 0 };

/** One chunk's reply → its result. A reply the provider's pieces let be read two ways (providers/reply-text.ts)
 * is read both ways and the stricter reading stands, the first on a tie: an approve needs every
 * reading to approve, so no choice of how to join a provider's text blocks can make one. */
function readReply(
  reply: ReviewReply,
  roundToken: string,
  prompt: Prompt,
): { result: Result; verdict: ReviewerVerdict; findings: Finding[]; text?: string } {
  if (!reply.ok) {
    return {
      result: hideInResult(maybe(`the reviewer failed (${reply.failure}): ${reply.message}`), roundToken),
      verdict: "ERROR",
      findings: [],
    };
  }
  let chosen = readText(reply.text, roundToken, prompt);
  for (const other of reply.alsoReadAs ?? []) {
    const read = readText(other, roundToken, prompt);
    if (STRICTNESS[read.result.value] > STRICTNESS[chosen.result.value]) chosen = read;
  }
  return chosen;
}

export interface ReviewerPartInput {
  plan: ReviewPlan;
  reviewer: Reviewer;
  base: PromptBase;
  roundToken: string;
  concurrency: number;
  /** A verdict recorded for this head with the same fingerprint (and not forced to review again). */
  reuse?: ReusedVerdict;
  /** Per-file reuse: the kept verdicts and this round's conditions (incremental.ts). */
  incremental?: Incremental;
  /** max-round-tokens: the most prompt tokens this round may send, estimated before any call. */
  maxRoundTokens?: number;
  fingerprint: string;
  log: (message: string) => void;
}

/** Where the round's reviewer answer came from, before it is read: the reviewer's replies to the
 * asked chunks, and the files whose kept verdicts stand. */
interface Asked {
  chunks: readonly Chunk[];
  reused: readonly ReusedFile[];
  keys: ReadonlyMap<DiffFile, string>;
}

function whatToAsk(plan: ReviewPlan, incremental: Incremental | undefined): Asked {
  if (incremental === undefined) return { chunks: plan.chunks, reused: [], keys: new Map() };
  const split = splitForReuse(plan.chunks, incremental.conditions, incremental.kept, incremental.force);
  // Nothing reused: the plan's own chunks, exactly as a round without a history sends them.
  if (split.reused.length === 0) return { chunks: plan.chunks, reused: [], keys: split.keys };
  return {
    chunks: rechunk(split.asked, plan.maxDiffTokens, fileTokens),
    reused: split.reused,
    keys: split.keys,
  };
}

/** Coverage counting a reused file as seen: it is, under the same key. Files of asked chunks count
 * only when their chunk got a reply. */
function coverageWith(
  plan: ReviewPlan,
  asked: Asked,
  answered: ReadonlySet<number>,
  failed: ReadonlyMap<number, string>,
): Coverage {
  const reusedChunk: Chunk = {
    index: asked.chunks.length,
    files: asked.reused.map((r) => r.file),
    tokens: 0,
  };
  const chunks = asked.reused.length > 0 ? [...asked.chunks, reusedChunk] : asked.chunks;
  const seen = new Set(answered);
  if (asked.reused.length > 0) seen.add(reusedChunk.index);
  return coverageOf({ ...plan, chunks }, seen, failed);
}

/** A kept verdict as the result it stands for. */
function keptResult(r: ReusedFile, reasonText: (id: string) => string): Result {
  if (r.verdict.kind === "approve") return yes();
  const [first, ...rest] = r.verdict.reasonIds.map(reasonText);
  return no(first ?? `${r.file.path}: blocked in round ${r.verdict.round}`, ...rest);
}

function reusedReport(plan: ReviewPlan, asked: Asked): ReusedFilesReport | undefined {
  if (asked.reused.length === 0) return undefined;
  return {
    files: asked.reused.length,
    byRound: reusedByRound(asked.reused),
    asked: asked.chunks.reduce((n, c) => n + c.files.length, 0),
    chunksPlanned: plan.chunks.length,
    chunksReused: wholeChunksReused(plan.chunks, asked.reused),
  };
}

function describeReuse(r: ReusedFilesReport | undefined): string {
  if (r === undefined) return "";
  const from = r.byRound.map((b) => `${b.files} from round ${b.round}`).join(", ");
  return `; ${r.files} unchanged file(s) reused (${from}), ${r.chunksReused} of ${r.chunksPlanned} planned chunk(s) reused whole, ${r.asked} file(s) asked`;
}

/** The chunks a round will send under `incremental` (all of the plan's without it): what
 * max-round-tokens must count before any call, for a panel all members' together. */
export function chunksToAsk(plan: ReviewPlan, incremental: Incremental | undefined): readonly Chunk[] {
  return whatToAsk(plan, incremental).chunks;
}

/** The verdicts a reviewer keeps when it is not asked this round (its panel's over-budget hold, or the
 * panel's whole verdict reused): its reused ones, exactly as its own part would carry them. */
export function carriedVerdicts(
  plan: ReviewPlan,
  incremental: Incremental | undefined,
): { files?: FileVerdicts; reusedFiles?: ReusedFilesReport } {
  if (incremental === undefined) return {};
  const asked = whatToAsk(plan, incremental);
  const reusedFiles = reusedReport(plan, asked);
  return { ...filesOf(carried(incremental, asked)), ...(reusedFiles !== undefined ? { reusedFiles } : {}) };
}

/** The verdicts to keep when no call was made: the reused ones (an over-budget hold, a whole reuse). */
function carried(incremental: Incremental | undefined, asked: Asked): FileVerdicts | undefined {
  if (incremental === undefined) return undefined;
  return nextVerdicts(incremental.round, asked.reused, [], asked.keys);
}

/** The `files` field of an outcome: present only when there are file verdicts to keep. */
function filesOf(files: FileVerdicts | undefined): { files?: FileVerdicts } {
  return files === undefined ? {} : { files };
}

/** The prompt of each chunk, as the round sends it: numbered "part k of n" when there are several. */
export function chunkPrompts(chunks: readonly Chunk[], base: PromptBase, roundToken: string) {
  return chunks.map((chunk) =>
    buildPrompt({
      ...base,
      files: chunk.files,
      ...(chunks.length > 1 ? { part: { number: chunk.index + 1, of: chunks.length } } : {}),
      roundToken,
    }),
  );
}

/** The reviewer part: a verdict reused whole, a round over its token limit held before any call, or
 * the chunks asked (and kept file verdicts carried) and their replies read into one result. */
export async function reviewerPart(input: ReviewerPartInput): Promise<ReviewerPartOutcome> {
  const { plan, reviewer, base, roundToken, incremental } = input;
  if (input.reuse !== undefined) return reusedReview(input, input.reuse);
  const asked = whatToAsk(plan, incremental);
  const prompts = chunkPrompts(asked.chunks, base, roundToken);
  const estimatedTokens = prompts.reduce((sum, p) => sum + p.estimatedTokens, 0);
  const reusedFiles = reusedReport(plan, asked);
  if (input.maxRoundTokens !== undefined && estimatedTokens > input.maxRoundTokens) {
    return overRoundTokens(input, asked, input.maxRoundTokens, estimatedTokens, reusedFiles);
  }
  const total = asked.chunks.length;
  input.log(
    `reviewer: ${reviewer.label}, ${total} call(s), concurrency ${input.concurrency}${describeReuse(reusedFiles)}`,
  );
  const outcomes = await reviewChunks(asked.chunks, reviewer, {
    concurrency: input.concurrency,
    prompt: (chunk) => prompts[chunk.index] as (typeof prompts)[number],
  });
  const coverage = coverageOfReplies(plan, asked, outcomes);
  const read = readReplies(outcomes, prompts, roundToken);
  for (const r of asked.reused) {
    const kept = keptResult(r, incremental?.reasonText ?? notStoredText);
    read.results.push(kept);
    read.words.push(kept.value === NO ? "REQUEST_CHANGES" : "APPROVE");
  }
  const beforeCoverage = dedupe(reviewedResult(read.results, plan, coverage));
  const result = holdIfPartlySeen(beforeCoverage, toDecisionCoverage(coverage), coverage.gaps.join("; "));
  const verdict = mostBlockingVerdict(read.words);
  return {
    part: {
      name: "reviewer",
      result,
      summary: `${verdict} from ${reviewer.label} (${total} call${total === 1 ? "" : "s"}${describeReuse(reusedFiles)}); coverage ${formatCoverage(coverage)}`,
    },
    verdict,
    beforeCoverage,
    coverage,
    calls: read.calls,
    findings: read.findings,
    warnings: [...read.warnings],
    fingerprint: input.fingerprint,
    ...(incremental !== undefined
      ? { files: nextVerdicts(incremental.round, asked.reused, read.answered, asked.keys) }
      : {}),
    fileTexts: read.fileTexts,
    ...(reusedFiles !== undefined ? { reusedFiles } : {}),
    askedFiles: asked.chunks.flatMap((c) => c.files.map((f) => f.path)),
    estimatedTokens,
  };
}

/** Where a reused verdict came from, as a summary names it: "round 3" or "PR #7's round 3". */
export function reusedFrom(reuse: ReusedVerdict): string {
  return `${reuse.pr !== undefined ? `PR #${reuse.pr}'s ` : ""}round ${reuse.round}`;
}

/** What every reused verdict reports, alone or a panel's: the recorded verdict and result, the round
 * that gave them, and that nobody was asked now (no calls, findings, warnings or tokens). */
export function reusedOutcome(
  reuse: ReusedVerdict,
  fingerprint: string,
): Pick<
  ReviewerPartOutcome,
  | "verdict"
  | "beforeCoverage"
  | "calls"
  | "findings"
  | "warnings"
  | "fingerprint"
  | "reusedFromRound"
  | "reusedFromPr"
  | "estimatedTokens"
> {
  return {
    verdict: reuse.verdict,
    beforeCoverage: reuse.result,
    calls: [],
    findings: [],
    warnings: [],
    fingerprint,
    reusedFromRound: reuse.round,
    ...(reuse.pr !== undefined ? { reusedFromPr: reuse.pr } : {}),
    estimatedTokens: 0,
  };
}

/** Same question, same model: the recorded answer stands. Only clean verdicts are recorded for
 * reuse, so every chunk was answered and coverage is what the plan promised. */
function reusedReview(input: ReviewerPartInput, reuse: ReusedVerdict): ReviewerPartOutcome {
  const { plan, incremental } = input;
  const coverage = plan.coverage;
  const result = holdIfPartlySeen(reuse.result, toDecisionCoverage(coverage), coverage.gaps.join("; "));
  const kept = incremental === undefined ? undefined : whatToAsk(plan, { ...incremental, force: false });
  return {
    part: {
      name: "reviewer",
      result,
      summary: `${reuse.verdict} (reused from ${reusedFrom(reuse)}); coverage ${formatCoverage(coverage)}`,
    },
    ...reusedOutcome(reuse, input.fingerprint),
    coverage,
    ...filesOf(kept === undefined ? undefined : carried(incremental, kept)),
    fileTexts: new Map(),
  };
}

/** Before any call: a round that cannot afford all of its calls makes none, and holds. A partial
 * review could not approve anyway, and each call past the limit is money the repository said no to. */
function overRoundTokens(
  input: ReviewerPartInput,
  asked: Asked,
  maxRoundTokens: number,
  estimatedTokens: number,
  reusedFiles: ReviewerPartOutcome["reusedFiles"],
): ReviewerPartOutcome {
  const total = asked.chunks.length;
  const need = `the round needs about ${estimatedTokens.toLocaleString("en-US")} prompt tokens (estimated, ${total} call${total === 1 ? "" : "s"}), over \`max-round-tokens\` (${maxRoundTokens.toLocaleString("en-US")}): no reviewer call was made; raise \`max-round-tokens\` or split the pull request`;
  input.log(`reviewer: ${need}`);
  const coverage = coverageWith(
    input.plan,
    asked,
    new Set(),
    new Map(asked.chunks.map((c) => [c.index, "not asked: over max-round-tokens"])),
  );
  return {
    part: {
      name: "reviewer",
      result: maybe(need),
      summary: `not asked: over max-round-tokens${describeReuse(reusedFiles)}`,
    },
    verdict: "SKIPPED",
    beforeCoverage: maybe(need),
    coverage,
    calls: [],
    findings: [],
    warnings: [],
    fingerprint: input.fingerprint,
    ...filesOf(carried(input.incremental, asked)),
    fileTexts: new Map(),
    ...(reusedFiles !== undefined ? { reusedFiles } : {}),
    estimatedTokens,
  };
}

/** What the reviewer saw: the chunks that were answered, and why each other one was not. */
function coverageOfReplies(plan: ReviewPlan, asked: Asked, outcomes: readonly ChunkOutcome[]): Coverage {
  const answeredIndexes = new Set<number>();
  const failed = new Map<number, string>();
  for (const outcome of outcomes) {
    if (outcome.reply.ok) answeredIndexes.add(outcome.chunk.index);
    else failed.set(outcome.chunk.index, `reviewer ${outcome.reply.failure}: ${outcome.reply.message}`);
  }
  return coverageWith(plan, asked, answeredIndexes, failed);
}

/** Every reply read under the reply contract: its result, verdict word, findings, call report and
 * per-file answer (for incremental rounds). */
function readReplies(
  outcomes: readonly ChunkOutcome[],
  prompts: readonly Prompt[],
  roundToken: string,
): {
  results: Result[];
  words: ReviewerVerdict[];
  findings: Finding[];
  calls: ReviewerCallReport[];
  answered: AnsweredChunk[];
  fileTexts: Map<string, string>;
  warnings: Set<string>;
} {
  const out = {
    results: [] as Result[],
    words: [] as ReviewerVerdict[],
    findings: [] as Finding[],
    calls: [] as ReviewerCallReport[],
    answered: [] as AnsweredChunk[],
    fileTexts: new Map<string, string>(),
    warnings: new Set<string>(),
  };
  for (const outcome of outcomes) {
    const read = readReply(outcome.reply, roundToken, prompts[outcome.chunk.index] as Prompt);
    out.results.push(read.result);
    out.words.push(read.verdict);
    out.findings.push(...read.findings);
    out.answered.push({ chunk: outcome.chunk, answer: answerOf(outcome.reply.ok, read, out.fileTexts) });
    for (const w of outcome.reply.warnings) out.warnings.add(w);
    out.calls.push(callReport(outcome, read, roundToken));
  }
  return out;
}

/** One call as the report shows it: its size, timing, tokens, and the reply (or failure) with the
 * round token hidden. */
function callReport(
  outcome: ChunkOutcome,
  read: { verdict: ReviewerVerdict; text?: string },
  roundToken: string,
): ReviewerCallReport {
  const { reply } = outcome;
  return {
    files: outcome.chunk.files.length,
    ok: reply.ok,
    latencyMs: reply.latencyMs,
    attempts: reply.attempts,
    ...(reply.usage?.inputTokens !== undefined ? { inputTokens: reply.usage.inputTokens } : {}),
    ...(reply.usage?.outputTokens !== undefined ? { outputTokens: reply.usage.outputTokens } : {}),
    outcome: reply.ok ? read.verdict : reply.failure,
    ...(reply.ok
      ? { reply: hideRoundToken(read.text ?? reply.text, roundToken) }
      : { message: hideRoundToken(reply.message, roundToken) }),
  };
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

/** One reason once: two blocked files of one chunk share its chunk-wide reasons. */
function dedupe(result: Result): Result {
  if (result.reasons.length < 2) return result;
  const reasons = [...new Set(result.reasons)];
  if (reasons.length === result.reasons.length) return result;
  return { ...result, reasons };
}

/** How an asked chunk was answered, for what later rounds may reuse: a clean approve (a reply read as
 * YES), a clean block (a reply read as NO under REQUEST_CHANGES) with its reasons as the history
 * stores them, or anything else, which is asked again. */
function answerOf(
  ok: boolean,
  read: { result: Result; verdict: string },
  texts: Map<string, string>,
): AnsweredChunk["answer"] {
  if (!ok) return { kind: "other" };
  if (read.verdict === "APPROVE" && read.result.value === YES) return { kind: "approve" };
  if (read.verdict === "REQUEST_CHANGES" && read.result.value === NO) {
    const stored = storeReasons(read.result.reasons);
    for (const [id, text] of stored.texts) texts.set(id, text);
    return { kind: "block", reasons: stored.ids.map((id) => ({ id, text: stored.texts.get(id) as string })) };
  }
  return { kind: "other" };
}

export function toDecisionCoverage(c: Coverage) {
  return {
    filesReviewed: c.files.reviewed,
    filesTotal: c.files.total,
    linesReviewed: c.lines.reviewed,
    linesTotal: c.lines.total,
    complete: c.complete,
  };
}
