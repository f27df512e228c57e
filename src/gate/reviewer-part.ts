// The reviewer part of a round: the planned chunks go to the reviewer, each reply is read under the
// round-bound reply contract, and the per-chunk results combine by the lattice, capped by coverage.
// A verdict recorded for the same head, diff, prompt and model is reused instead of asking again.
import type { DiffFile } from "../diff/types.js";
import type { ReviewerCallReport } from "../report/round-report.js";
import { reviewChunks } from "../review/chunks.js";
import { type Coverage, coverageAfter, formatCoverage } from "../review/coverage.js";
import { replyEcho } from "../review/forgery.js";
import type { ReviewPlan } from "../review/plan.js";
import { buildPrompt, type Prompt, type PromptInput } from "../review/prompt.js";
import type { Reviewer, ReviewReply } from "../review/reviewer.js";
import { capByCoverage, type Part } from "../verdict/decision.js";
import { type Finding, parseFindings, reviewerResult } from "../verdict/findings.js";
import { combine, maybe, type Result } from "../verdict/four.js";
import { canonicalJson, sha256 } from "../verdict/history.js";
import { AMBIGUOUS, findVerdict, type ReplyVerdict } from "../verdict/reply-contract.js";

/** The prompt's parts that do not depend on the chunk or the round token. */
export type PromptBase = Omit<PromptInput, "files" | "part" | "roundToken" | "drawFenceId">;

export interface ReusedVerdict {
  round: number;
  verdict: string;
  result: Result;
  /** Another pull request with the same head whose round gave it (shared-verdict.ts). */
  pr?: number;
}

export interface ReviewerPartOutcome {
  part: Part;
  /** APPROVE, REQUEST_CHANGES, AMBIGUOUS, NONE, ERROR: the step output `reviewer-verdict`. */
  verdict: string;
  /** The reviewer's own combined result before the coverage cap (what a later round may reuse). */
  uncapped: Result;
  coverage: Coverage;
  calls: ReviewerCallReport[];
  /** BLOCKING findings, for annotations at their path and line. */
  findings: Finding[];
  warnings: string[];
  fingerprint: string;
  reusedFromRound?: number;
  reusedFromPr?: number;
}

/** What the reviewer saw, as one hash: provider and model, the prompt without its per-round token, and
 * every chunk's diff. Equal fingerprints mean asking again would ask the same question. */
export function reviewFingerprint(label: string, base: PromptBase, plan: ReviewPlan): string {
  const chunks = plan.chunks.map((c) => c.files.map((f: DiffFile) => f.patch));
  return sha256(canonicalJson({ label, base, chunks, notReviewed: plan.notReviewed.map((n) => n.path) }));
}

const VERDICT_ORDER = ["ERROR", "REQUEST_CHANGES", "AMBIGUOUS", "NONE", "APPROVE"] as const;

/** The combined verdict word: any failure is ERROR; then the most blocking verdict wins. */
function combinedVerdict(words: readonly string[]): string {
  if (words.length === 0) return "NONE";
  for (const w of VERDICT_ORDER) if (words.includes(w)) return w;
  return "ERROR";
}

function word(verdict: ReplyVerdict | null): string {
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
): { result: Result; verdict: string; findings: Finding[]; text: string } {
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

/** One chunk's reply → its result. A reply the provider's pieces let be read two ways (review/reply-text.ts)
 * is read both ways and the stricter reading stands, the first on a tie: an approve needs every
 * reading to approve, so no choice of how to join a provider's text blocks can make one. */
function readReply(
  reply: ReviewReply,
  roundToken: string,
  prompt: Prompt,
): { result: Result; verdict: string; findings: Finding[]; text?: string } {
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
  fingerprint: string;
  log: (message: string) => void;
}

export async function reviewerPart(input: ReviewerPartInput): Promise<ReviewerPartOutcome> {
  const { plan, reviewer, base, roundToken, fingerprint } = input;
  if (input.reuse !== undefined) {
    // Same question, same model: the recorded answer stands. Only clean verdicts are recorded for
    // reuse, so every chunk was answered and coverage is what the plan promised.
    const coverage = plan.coverage;
    const result = capByCoverage(input.reuse.result, toDecisionCoverage(coverage), coverage.gaps.join("; "));
    return {
      part: {
        name: "reviewer",
        result,
        summary: `${input.reuse.verdict} (reused from ${input.reuse.pr !== undefined ? `PR #${input.reuse.pr}'s ` : ""}round ${input.reuse.round}); coverage ${formatCoverage(coverage)}`,
      },
      verdict: input.reuse.verdict,
      uncapped: input.reuse.result,
      coverage,
      calls: [],
      findings: [],
      warnings: [],
      fingerprint,
      reusedFromRound: input.reuse.round,
      ...(input.reuse.pr !== undefined ? { reusedFromPr: input.reuse.pr } : {}),
    };
  }
  const total = plan.chunks.length;
  const prompts = plan.chunks.map((chunk) =>
    buildPrompt({
      ...base,
      files: chunk.files,
      ...(total > 1 ? { part: { number: chunk.index + 1, of: total } } : {}),
      roundToken,
    }),
  );
  input.log(`reviewer: ${reviewer.label}, ${total} call(s), concurrency ${input.concurrency}`);
  const outcomes = await reviewChunks(plan.chunks, reviewer, {
    concurrency: input.concurrency,
    prompt: (chunk) => prompts[chunk.index] as (typeof prompts)[number],
  });
  const coverage = coverageAfter(plan, outcomes);
  const results: Result[] = [];
  const words: string[] = [];
  const found: Finding[] = [];
  const calls: ReviewerCallReport[] = [];
  const warnings = new Set<string>();
  for (const outcome of outcomes) {
    const prompt = prompts[outcome.chunk.index] as (typeof prompts)[number];
    const read = readReply(outcome.reply, roundToken, prompt);
    results.push(read.result);
    words.push(read.verdict);
    found.push(...read.findings);
    for (const w of outcome.reply.warnings) warnings.add(w);
    calls.push({
      files: outcome.chunk.files.length,
      ok: outcome.reply.ok,
      latencyMs: outcome.reply.latencyMs,
      attempts: outcome.reply.attempts,
      ...(outcome.reply.usage?.inputTokens !== undefined
        ? { inputTokens: outcome.reply.usage.inputTokens }
        : {}),
      ...(outcome.reply.usage?.outputTokens !== undefined
        ? { outputTokens: outcome.reply.usage.outputTokens }
        : {}),
      outcome: outcome.reply.ok ? read.verdict : outcome.reply.failure,
      ...(outcome.reply.ok
        ? { reply: hideRoundToken(read.text ?? outcome.reply.text, roundToken) }
        : { message: hideRoundToken(outcome.reply.message, roundToken) }),
    });
  }
  // No chunk at all: there is no review. Nothing in scope, or nothing in scope it could be shown (a
  // malformed diff, binary files): the first gap says which, so the hold says what is wrong.
  const uncapped =
    results.length > 0
      ? combine(...results)
      : maybe(
          plan.inScope.length === 0
            ? "the reviewer was not asked: no file in scope to review"
            : `the reviewer was not asked: ${coverage.gaps[0] ?? "no file in scope could be shown to it"}`,
        );
  const result = capByCoverage(uncapped, toDecisionCoverage(coverage), coverage.gaps.join("; "));
  const verdict = combinedVerdict(words);
  return {
    part: {
      name: "reviewer",
      result,
      summary: `${verdict} from ${reviewer.label} (${total} call${total === 1 ? "" : "s"}); coverage ${formatCoverage(coverage)}`,
    },
    verdict,
    uncapped,
    coverage,
    calls,
    findings: found,
    warnings: [...warnings],
    fingerprint,
  };
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
