// `verdict-gate eval --reach`: does the reviewer even see the bug? For each defect case the round's
// prompts are built (and nobody is asked); the case is reached when every `evidence` text of its
// defects is among what a reviewer is shown (review/shown.ts), as a contiguous run of lines in its
// file. The share reached is the ceiling on any model's catch rate under this configuration. With a
// panel, a case is reached when some reviewer was shown all of it: one reviewer's block blocks.
// An evidence text counts as shown only when one call shows it whole: a call judges what it is shown,
// and two halves in two calls are seen by no one.
// Also the prompt tokens per diff token: everything sent, over the diff's patches alone, both by the
// gate's estimate (review/tokens.ts); and the context's precision: of the context lines shown, the
// share that hold some of the case's evidence or a name the change defines or calls, and what the
// context's tokens go to, by kind. Pure.
import type { ContextKind } from "../context/material.js";
import { namesDefinedOrCalled } from "../context/names.js";
import type { DiffFile } from "../diff/types.js";
import type { PromptMessages } from "../ports/reviewer.js";
import { fileTokens } from "../review/plan.js";
import { contextBlocksOf, isShown, type ShownLines, shownAt, shownLines } from "../review/shown.js";
import { estimateTokens } from "../review/tokens.js";
import { nameKey } from "../util/path-name.js";
import { defectsOf, type EvalCase, type EvalSetInfo, type Evidence } from "./case-schema.js";
import { type Rate, rateOf } from "./stats.js";

/** Context lines a case's prompts showed (each call's counted: each costs its tokens), how many hold
 * evidence or a name the change defines or calls, and their estimated tokens. */
export interface ContextSpent {
  readonly blocks: number;
  readonly lines: number;
  readonly relevant: number;
  readonly tokens: number;
}

export interface CaseContext extends ContextSpent {
  readonly by_kind: Readonly<Partial<Record<ContextKind | "unknown", ContextSpent>>>;
}

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
  readonly context: CaseContext;
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
  /** Over every case built: `precision` is relevant / lines (null with no context shown), `share` the
   * context's tokens over all prompt tokens. */
  readonly context: CaseContext & { readonly precision: number | null; readonly share: number | null };
  readonly results: readonly ReachResult[];
}

export function evidenceOf(c: EvalCase): Evidence[] {
  return defectsOf(c).flatMap((d) => d.evidence ?? []);
}

/** The evidence no call of a reviewer showed whole, for the reviewer that was shown the most. */
export function missingEvidence(
  evidence: readonly Evidence[],
  promptsByReviewer: readonly (readonly PromptMessages[])[],
): Evidence[] {
  let best: Evidence[] | undefined;
  for (const prompts of promptsByReviewer) {
    const calls = prompts.map((p) => shownLines([p]));
    const missing = evidence.filter((e) => !calls.some((shown) => isShown(shown, e.path, e.text)));
    if (best === undefined || missing.length < best.length) best = missing;
  }
  return best ?? [...evidence];
}

/** Per file, the lines one call shows that are part of a run reading as an evidence text. */
function evidenceLines(shown: ShownLines, evidence: readonly Evidence[]): Set<string> {
  const at = new Set<string>();
  for (const e of evidence) {
    const length = e.text.replace(/\r?\n$/, "").split("\n").length;
    for (const start of shownAt(shown, e.path, e.text))
      for (let k = 0; k < length; k += 1) at.add(`${nameKey(e.path)}\n${start + k}`);
  }
  return at;
}

const WORD = /[A-Za-z_$][\w$]*/g;

/** What the context of a case's prompts showed, and how much of it is relevant: a line that is part of
 * an evidence text where the call shows it, or that names something the change defines or calls. */
export function contextSpent(
  prompts: readonly PromptMessages[],
  files: readonly DiffFile[],
  evidence: readonly Evidence[],
): CaseContext {
  const names = namesDefinedOrCalled(files);
  const byKind: Partial<Record<ContextKind | "unknown", ContextSpent>> = {};
  const total = { blocks: 0, lines: 0, relevant: 0, tokens: 0 };
  for (const prompt of prompts) {
    const blocks = contextBlocksOf(prompt);
    if (blocks.length === 0) continue;
    const marked = evidenceLines(shownLines([prompt]), evidence);
    for (const block of blocks) {
      const relevant = block.lines.filter(
        (line, k) =>
          marked.has(`${nameKey(block.path)}\n${block.from + k}`) ||
          (line.match(WORD) ?? []).some((w) => names.has(w)),
      ).length;
      const spent = {
        blocks: 1,
        lines: block.lines.length,
        relevant,
        tokens: estimateTokens(`\n${block.text}`),
      };
      const kind = block.kind ?? "unknown";
      byKind[kind] = added(byKind[kind], spent);
      Object.assign(total, added(total, spent));
    }
  }
  return { ...total, by_kind: byKind };
}

function added(a: ContextSpent | undefined, b: ContextSpent): ContextSpent {
  return {
    blocks: (a?.blocks ?? 0) + b.blocks,
    lines: (a?.lines ?? 0) + b.lines,
    relevant: (a?.relevant ?? 0) + b.relevant,
    tokens: (a?.tokens ?? 0) + b.tokens,
  };
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
  let context: ContextSpent = { blocks: 0, lines: 0, relevant: 0, tokens: 0 };
  const byKind: Partial<Record<ContextKind | "unknown", ContextSpent>> = {};
  for (const r of results) {
    context = added(context, r.context);
    for (const [kind, spent] of Object.entries(r.context.by_kind) as [ContextKind, ContextSpent][])
      byKind[kind] = added(byKind[kind], spent);
  }
  return {
    ...options,
    reach: rateOf(measured.filter((r) => r.reached === true).length, measured.length),
    without_evidence: results.length - measured.length,
    tokens_per_diff_token: diffTotal === 0 ? null : promptTotal / diffTotal,
    prompt_tokens: promptTotal,
    diff_tokens: diffTotal,
    context: {
      ...context,
      by_kind: byKind,
      precision: context.lines === 0 ? null : context.relevant / context.lines,
      share: promptTotal === 0 ? null : context.tokens / promptTotal,
    },
    results,
  };
}
