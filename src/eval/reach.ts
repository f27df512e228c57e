// `verdict-gate eval --reach`: does the reviewer even see the bug? For each defect case the round's
// prompts are built (and nobody is asked); the case is reached when every `evidence` text of its
// defects is among what a reviewer is shown (review/shown.ts), as a contiguous run of lines in its
// file. The share reached is the ceiling on any model's catch rate under this configuration. With a
// panel, a case is reached when some reviewer was shown all of it: one reviewer's block blocks.
// Also the prompt tokens per diff token: everything sent, over the diff's patches alone, both by the
// gate's estimate (review/tokens.ts). Pure.
import type { DiffFile } from "../diff/types.js";
import type { PromptMessages } from "../ports/reviewer.js";
import { fileTokens } from "../review/plan.js";
import { isShown, shownLines } from "../review/shown.js";
import { defectsOf, type EvalCase, type EvalSetInfo, type Evidence } from "./case-schema.js";
import { type Rate, rateOf } from "./stats.js";

export interface ReachResult {
  readonly id: string;
  /** Null when it cannot be told: the case gives no evidence. */
  readonly reached: boolean | null;
  /** The evidence no reviewer was shown whole. */
  readonly missing: readonly Evidence[];
  /** Why the case could not be built, or why it says nothing. */
  readonly reason?: string;
  readonly prompt_tokens: number;
  readonly diff_tokens: number;
}

export interface ReachReport {
  readonly set: EvalSetInfo;
  readonly configuration: { readonly reviewer: string; readonly settings: string };
  readonly version: string;
  /** Over the defect cases that give evidence; a case that could not be built counts as not reached. */
  readonly reach: Rate;
  /** Defect cases without evidence: not measured, and said so. */
  readonly without_evidence: number;
  readonly tokens_per_diff_token: number | null;
  readonly prompt_tokens: number;
  readonly diff_tokens: number;
  readonly results: readonly ReachResult[];
}

export function evidenceOf(c: EvalCase): Evidence[] {
  return defectsOf(c).flatMap((d) => d.evidence ?? []);
}

/** The evidence none of the reviewers was shown, for the reviewer that was shown the most. */
export function missingEvidence(
  evidence: readonly Evidence[],
  promptsByReviewer: readonly (readonly PromptMessages[])[],
): Evidence[] {
  let best: Evidence[] | undefined;
  for (const prompts of promptsByReviewer) {
    const shown = shownLines(prompts);
    const missing = evidence.filter((e) => !isShown(shown, e.path, e.text));
    if (best === undefined || missing.length < best.length) best = missing;
  }
  return best ?? [...evidence];
}

/** The estimated tokens of the diff's patches alone, as the plan counts a file in a chunk. */
export function diffTokens(files: readonly DiffFile[]): number {
  return files.reduce((sum, f) => sum + fileTokens(f), 0);
}

export function reachReport(
  results: readonly ReachResult[],
  options: Pick<ReachReport, "set" | "configuration" | "version">,
): ReachReport {
  const measured = results.filter((r) => r.reached !== null);
  const promptTotal = results.reduce((s, r) => s + r.prompt_tokens, 0);
  const diffTotal = results.reduce((s, r) => s + r.diff_tokens, 0);
  return {
    ...options,
    reach: rateOf(measured.filter((r) => r.reached === true).length, measured.length),
    without_evidence: results.length - measured.length,
    tokens_per_diff_token: diffTotal === 0 ? null : promptTotal / diffTotal,
    prompt_tokens: promptTotal,
    diff_tokens: diffTotal,
    results,
  };
}
