// A reviewer's replies read under the round-bound reply contract: each chunk's reply to its four-valued
// result, verdict word and findings, with the round token hidden in every text taken from a reply, a
// reply that echoes the prompt refused as a review, and a reply the provider's pieces let be read two
// ways read both ways (the stricter reading stands). Pure.

import type { ReviewReply } from "../ports/reviewer.js";
import type { ReviewerCallReport } from "../report/round-report.js";
import { replyEcho } from "../review/forgery.js";
import type { Prompt } from "../review/prompt.js";
import { type Finding, parseFindings, readReview } from "../verdict/findings.js";
import { maybe, NO, type Result, YES } from "../verdict/four-values.js";
import { AMBIGUOUS, type ReplyVerdict } from "../verdict/reply-contract.js";
import { blocksUnder } from "../verdict/severity-policy.js";
import { storeReasons } from "../verdict/stored-text.js";
import type { ReviewerVerdict } from "../verdict/vocabulary.js";
import type { ChunkOutcome } from "./ask.js";
import type { AnsweredChunk } from "./file-reuse.js";

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

/** What one reading of a reply gives: its result, verdict word, the findings at a blocking severity
 * and those below the policy's line (notes). */
interface TextReading {
  result: Result;
  /** The result were every blocking finding of it dismissed (ReviewReading.cleared). */
  cleared: Result;
  verdict: ReviewerVerdict;
  findings: Finding[];
  notes: Finding[];
  text: string;
}

/** One reading of a chunk's reply → its four-valued result, verdict word and findings, with the round
 * token hidden in every text taken from the reply (only the verdict itself is read with it). The
 * reply is read under the policy its prompt was written under. */
function readText(text: string, roundToken: string, prompt: Prompt): TextReading {
  const read = readReview(text, {
    roundToken,
    ...(prompt.policy !== undefined ? { policy: prompt.policy } : {}),
  });
  const verdict = read.verdict;
  const echo = replyEcho(text, prompt);
  if (echo !== undefined && read.result.value !== NO) {
    // A reply that parrots the prompt or ends by quoting the diff is not a judgment, whatever it ends
    // in: only its block stands (a false block is cheap). A request for changes a policy would overrule
    // is no block, so an echo never approves that way either.
    return {
      result: hideInResult(
        maybe(`the reviewer's reply is an echo, not a review: ${echo.detail}`),
        roundToken,
      ),
      // Whatever marker it ends in, an echo states no verdict of the reviewer's own: the step output
      // must not say APPROVE beside a hold.
      verdict: verdict === null ? "NONE" : AMBIGUOUS,
      cleared: hideInResult(
        maybe(`the reviewer's reply is an echo, not a review: ${echo.detail}`),
        roundToken,
      ),
      findings: [],
      notes: [],
      text,
    };
  }
  const all = parseFindings(hideRoundToken(text, roundToken), { policy: prompt.policy });
  return {
    result: hideInResult(read.result, roundToken),
    cleared: hideInResult(read.cleared, roundToken),
    verdict: word(verdict),
    findings: all.filter((f) => blocksUnder(f.severity, prompt.policy)),
    notes: all.filter((f) => !blocksUnder(f.severity, prompt.policy)),
    text,
  };
}

/** How strict a result is: NO over MAYBE over IFF over YES. */
const STRICTNESS: Readonly<Record<Result["value"], number>> = { NO: 3, MAYBE: 2, IFF: 1, YES: 0 };

/** One chunk's reply → its result. A reply the provider's pieces let be read two ways (providers/reply-text.ts)
 * is read both ways and the stricter reading stands, the first on a tie: an approve needs every
 * reading to approve, so no choice of how to join a provider's text blocks can make one. */
export function readReply(
  reply: ReviewReply,
  roundToken: string,
  prompt: Prompt,
): Omit<TextReading, "text"> & { text?: string } {
  if (!reply.ok) {
    const failed = hideInResult(
      maybe(`the reviewer failed (${reply.failure}): ${reply.message}`),
      roundToken,
    );
    return {
      result: failed,
      cleared: failed,
      verdict: "ERROR",
      findings: [],
      notes: [],
    };
  }
  let chosen = readText(reply.text, roundToken, prompt);
  for (const other of reply.alsoReadAs ?? []) {
    const read = readText(other, roundToken, prompt);
    if (STRICTNESS[read.result.value] > STRICTNESS[chosen.result.value]) chosen = read;
  }
  // A reply read two ways may list other findings each way: no dismissal clears it.
  return (reply.alsoReadAs ?? []).length > 0 ? { ...chosen, cleared: chosen.result } : chosen;
}

/** Every reply read under the reply contract: its result, verdict word, findings, call report and
 * per-file answer (for incremental rounds). */
export function readReplies(
  outcomes: readonly ChunkOutcome[],
  prompts: readonly Prompt[],
  roundToken: string,
): {
  results: Result[];
  cleared: Result[];
  words: ReviewerVerdict[];
  findings: Finding[];
  notes: Finding[];
  calls: ReviewerCallReport[];
  answered: AnsweredChunk[];
  fileTexts: Map<string, string>;
  warnings: Set<string>;
} {
  const out = {
    results: [] as Result[],
    cleared: [] as Result[],
    words: [] as ReviewerVerdict[],
    findings: [] as Finding[],
    notes: [] as Finding[],
    calls: [] as ReviewerCallReport[],
    answered: [] as AnsweredChunk[],
    fileTexts: new Map<string, string>(),
    warnings: new Set<string>(),
  };
  for (const outcome of outcomes) {
    const read = readReply(outcome.reply, roundToken, prompts[outcome.chunk.index] as Prompt);
    out.results.push(read.result);
    out.cleared.push(read.cleared);
    out.words.push(read.verdict);
    out.findings.push(...read.findings);
    // Notes come from a reply the contract could read as a judgment (approved, blocked or overruled):
    // a held reply's findings are the context of its hold, not notes to post.
    if (read.result.value === YES || read.result.value === NO) out.notes.push(...read.notes);
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
    ...(outcome.prompt !== undefined ? { estimatedInputTokens: outcome.prompt.estimatedTokens } : {}),
    outcome: reply.ok ? read.verdict : reply.failure,
    ...(reply.ok
      ? { reply: hideRoundToken(read.text ?? reply.text, roundToken) }
      : { message: hideRoundToken(reply.message, roundToken) }),
    ...(outcome.prompt?.contextCarried !== undefined ? { context: outcome.prompt.contextCarried } : {}),
  };
}

/** One reason once: two blocked files of one chunk share its chunk-wide reasons. */
export function dedupe(result: Result): Result {
  if (result.reasons.length < 2) return result;
  const reasons = [...new Set(result.reasons)];
  if (reasons.length === result.reasons.length) return result;
  return { ...result, reasons };
}

/** How an asked chunk was answered, for what later rounds may reuse: a clean approve (a reply read as
 * YES: an approve, or a request for changes the policy overruled, under keys that hold the policy), a
 * clean block (a reply read as NO under REQUEST_CHANGES) with its reasons as the history stores them,
 * or anything else, which is asked again. */
function answerOf(
  ok: boolean,
  read: { result: Result; verdict: string },
  texts: Map<string, string>,
): AnsweredChunk["answer"] {
  if (!ok) return { kind: "other" };
  if ((read.verdict === "APPROVE" || read.verdict === "REQUEST_CHANGES") && read.result.value === YES)
    return { kind: "approve" };
  if (read.verdict === "REQUEST_CHANGES" && read.result.value === NO) {
    const stored = storeReasons(read.result.reasons);
    for (const [id, text] of stored.texts) texts.set(id, text);
    return { kind: "block", reasons: stored.ids.map((id) => ({ id, text: stored.texts.get(id) as string })) };
  }
  return { kind: "other" };
}
