// The review plan: which files the reviewer will see, in which calls, and which it cannot. The diff is
// split along file boundaries into chunks that each fit the token budget, so a big PR becomes several
// calls whose verdicts combine by the lattice, instead of one prompt that a server silently cuts. A file
// is never split: a reviewer shown half a file approves what it saw. A file it cannot be shown (binary,
// a patch GitHub omitted, a patch shorter than the file's own line counts, a patch over the budget on its
// own) is listed as not reviewed, and coverage is then incomplete, which keeps the round from approving.
// Pure.
import type { Diff, DiffFile } from "../diff/types.js";
import { defined } from "../util/defined.js";
import { type Coverage, coverageOf, type NotReviewedFile } from "./coverage.js";
import { buildPrompt, type PromptInput } from "./prompt.js";
import { type ExcludedFile, type ReviewedDespiteName, type ScopeOptions, scopeFiles } from "./scope.js";
import { estimateTokens } from "./tokens.js";

/** Default diff tokens per reviewer call: ~180 KB of patch at the estimate's 3 bytes a token, room for
 * the task and the reply inside any 128k-token model. */
export const DEFAULT_MAX_DIFF_TOKENS = 60_000;

/** Tokens the prompt needs besides the diff (system message, task, conditions, rule), assumed when
 * deriving a budget from a context window. It is a floor, not a bound: earlier reasons pile up round
 * after round (every distinct reason of every earlier head, unabridged), a contract's conditions and
 * custom instructions have no length limit, and an opted-in PR description can be 65,536 characters
 * (~22,000 tokens by the estimate), so with the fixed figure a chunk's prompt can end well past the
 * budget, past a small window even (an 8,192-token default leaves ~1,600 tokens of slack). Such a
 * prompt is held, not silently cut: call.ts fails a reply to a prompt over the whole window as
 * `truncated` unless the provider reports having read it. To size chunks right, pass
 * `overheadTokens: promptOverheadTokens(base)` to diffBudget. */
export const PROMPT_OVERHEAD_TOKENS = 2_000;

/** Estimated tokens a chunk's prompt needs besides its diff, for these prompt settings: the prompt
 * built with no files, as the last of many parts and with the longest round token, plus a little for
 * the file count. Never below PROMPT_OVERHEAD_TOKENS, so ordinary settings chunk as before. */
export function promptOverheadTokens(
  base: Omit<PromptInput, "files" | "part" | "roundToken" | "drawFenceId">,
): number {
  const empty = buildPrompt({
    ...base,
    files: [],
    part: { number: 9_999, of: 9_999 },
    roundToken: "z".repeat(128),
  });
  return Math.max(PROMPT_OVERHEAD_TOKENS, empty.estimatedTokens + 8);
}

export interface PlanOptions extends ScopeOptions {
  /** Most estimated diff tokens in one reviewer call. */
  readonly maxDiffTokens?: number;
  /** What set that budget and what changes it, for a file over it (budgetBasis): without it a hold
   * says "lowered to fit the model's context window" and nobody can tell which window was assumed. */
  readonly budgetBasis?: string;
  /** The widest context window among the reviewers the plan is made for (widestWindow): a file over
   * what it holds is said to be so first, since no budget setting then reviews it whole. */
  readonly widestWindow?: WidestWindow;
}

/** The reviewer with the widest context window, and the diff tokens that window holds in one call. */
export interface WidestWindow {
  readonly label: string;
  readonly contextWindow: number;
  readonly contextWindowBasis?: string;
  /** 80% of the window less the prompt's overhead. */
  readonly room: number;
}

export function widestWindow(
  reviewers: readonly BudgetedReviewer[],
  overheadTokens: number = PROMPT_OVERHEAD_TOKENS,
): WidestWindow | undefined {
  const widest = [...reviewers].sort((a, b) => b.contextWindow - a.contextWindow)[0];
  if (widest === undefined) return undefined;
  return {
    label: widest.label,
    contextWindow: widest.contextWindow,
    ...defined({ contextWindowBasis: widest.contextWindowBasis }),
    room: Math.max(1, promptLimit(widest.contextWindow) - overheadTokens),
  };
}

export interface Chunk {
  /** 0-based position among the plan's chunks. */
  readonly index: number;
  readonly files: readonly DiffFile[];
  /** Estimated tokens of the chunk's diff text. */
  readonly tokens: number;
}

export interface ReviewPlan {
  readonly chunks: readonly Chunk[];
  /** Files after include/exclude: the total that coverage is measured against. */
  readonly inScope: readonly DiffFile[];
  readonly excluded: readonly ExcludedFile[];
  /** Files a default exclude named that are in scope: their content did not prove the name. */
  readonly reviewedDespiteName: readonly ReviewedDespiteName[];
  /** Files in scope the reviewer will not be shown, with the reason. */
  readonly notReviewed: readonly NotReviewedFile[];
  readonly maxDiffTokens: number;
  /** The diff as received: whether GitHub truncated the list and how many files it reported. */
  readonly diff: Pick<Diff, "truncated" | "reportedFiles"> & { readonly receivedFiles: number };
  /** Coverage if every chunk gets a reply; `coverageAfter` gives the real one. */
  readonly coverage: Coverage;
}

/** The most estimated tokens one call's whole prompt may reach: 80% of the model's window, the line the
 * context warning draws. The diff is planned under it first; context fills what the diff leaves. */
export function promptLimit(contextWindow: number): number {
  return Math.floor(contextWindow * 0.8);
}

/** The diff budget for one call: the configured one, lowered so that diff plus overhead stays within
 * 80% of the model's window (the same line the context warning draws). At least 1. */
export function diffBudget(options: {
  maxDiffTokens: number;
  contextWindow: number;
  overheadTokens?: number;
}): number {
  const room = promptLimit(options.contextWindow) - (options.overheadTokens ?? PROMPT_OVERHEAD_TOKENS);
  return Math.max(1, Math.min(options.maxDiffTokens, room));
}

/** A reviewer as the budget sees it: its label, its window and where that window came from. */
export interface BudgetedReviewer {
  readonly label: string;
  readonly contextWindow: number;
  readonly contextWindowBasis?: string;
}

/** Why a call's diff budget is what it is, and the setting that changes it, for the reviewers a plan
 * is made for: `max-diff-tokens` when that is the lower bound, else each reviewer's context window
 * with where its figure came from (a command reviewer's default, the built-in table, the setting). */
export function budgetBasis(
  reviewers: readonly BudgetedReviewer[],
  options: { maxDiffTokens: number; overheadTokens?: number },
): string {
  const windowBound = reviewers.filter(
    (r) => diffBudget({ ...options, contextWindow: r.contextWindow }) < options.maxDiffTokens,
  );
  if (windowBound.length === 0) return "max-diff-tokens (`--max-diff-tokens`); raise it to review the file";
  const windows = windowBound.map(
    (r) =>
      `${r.label}'s context window of ${r.contextWindow.toLocaleString("en-US")} tokens (${r.contextWindowBasis ?? "its provider's figure"})`,
  );
  const panel = reviewers.length > 1 ? "; in a panel, that reviewer's own `context-window`" : "";
  return `80% of ${windows.join(" or ")}, less the prompt; set \`context-window\` (\`--context-window\`${panel}) to the window it really reads`;
}

/** Tokens a file costs in a chunk: its patch and the newline that joins it to the next. */
export function fileTokens(file: DiffFile): number {
  return estimateTokens(`${file.patch.replace(/\n+$/, "")}\n`);
}

/** Add and delete lines the parsed hunks actually hold. */
function linesShown(file: DiffFile): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  for (const hunk of file.hunks) {
    for (const line of hunk.lines) {
      if (line.kind === "add") additions += 1;
      else if (line.kind === "del") deletions += 1;
    }
  }
  return { additions, deletions };
}

/** Why a file cannot be shown to the reviewer, or undefined when it can. */
function unreviewable(
  file: DiffFile,
  budget: number,
  basis: string | undefined,
  widest?: WidestWindow,
): Omit<NotReviewedFile, "path" | "lines"> | undefined {
  if (file.malformed !== undefined) return { reason: "malformed", detail: file.malformed };
  if (file.binary) return { reason: "binary", detail: "binary file: a text reviewer cannot read it" };
  if (file.patchOmitted) {
    return {
      reason: "patch-omitted",
      detail:
        file.omittedWhy ?? "GitHub did not include its patch (too large), or the patch could not be read",
    };
  }
  const shown = linesShown(file);
  if (shown.additions !== file.additions || shown.deletions !== file.deletions) {
    // The files API reports counts and a patch separately; a patch holding fewer lines than the counts
    // would show the reviewer part of the change as if it were all of it.
    return {
      reason: "patch-incomplete",
      detail: `the patch shows +${shown.additions}/-${shown.deletions} lines of +${file.additions}/-${file.deletions}`,
    };
  }
  const tokens = fileTokens(file);
  if (widest !== undefined && tokens > widest.room) {
    // Said first: raising max-diff-tokens, the usual advice, cannot help a file no window holds.
    const n = (x: number) => x.toLocaleString("en-US");
    return {
      reason: "over-budget",
      detail:
        `about ${n(tokens)} tokens, more than any reviewer's context window holds: the widest, ${widest.label}'s ` +
        `${n(widest.contextWindow)} tokens (${widest.contextWindowBasis ?? "its provider's figure"}), takes about ${n(widest.room)} tokens of diff in one call (80%, less the prompt), ` +
        "so no budget setting reviews it whole; split the change or exclude the file (and have a person review it), " +
        "or set `context-window` (`--context-window`) if the model really reads more",
    };
  }
  if (tokens > budget) {
    return {
      reason: "over-budget",
      detail:
        `about ${tokens.toLocaleString("en-US")} tokens, over the ${budget.toLocaleString("en-US")}-token budget for one ` +
        `call${basis !== undefined ? `: ${basis}` : " (max-diff-tokens, lowered to fit the model's context window; raise either to review it)"}`,
    };
  }
  return undefined;
}

/** Plans the review of a diff: scope, then chunks in diff order, each filled with whole files up to the
 * budget. Deterministic: the same diff and options give the same chunks. */
export function planReview(diff: Diff, options: PlanOptions = {}): ReviewPlan {
  const budget = Math.max(1, Math.floor(options.maxDiffTokens ?? DEFAULT_MAX_DIFF_TOKENS));
  // A malformed section is in scope whatever its name says: the name may be misread, and a hunk whose
  // counts do not add up may have swallowed the next file (a lockfile's hunk holding `evil.js`, which
  // read as "no file in scope to review"). It is reviewed by nobody, and said to be malformed.
  const malformed = new Set(diff.files.filter((f) => f.malformed !== undefined));
  const scoped = scopeFiles(
    diff.files.filter((f) => !malformed.has(f)),
    options,
  );
  const kept = new Set(scoped.inScope);
  const reviewedDespiteName = scoped.reviewedDespiteName;
  const inScope = diff.files.filter((f) => malformed.has(f) || kept.has(f));
  const excluded = scoped.excluded;
  const notReviewed: NotReviewedFile[] = [];
  const chunks: Chunk[] = [];
  let files: DiffFile[] = [];
  let tokens = 0;
  const flush = () => {
    if (files.length > 0) chunks.push(Object.freeze({ index: chunks.length, files, tokens }));
    files = [];
    tokens = 0;
  };
  for (const file of inScope) {
    const why = unreviewable(file, budget, options.budgetBasis, options.widestWindow);
    if (why !== undefined) {
      notReviewed.push({ path: file.path, lines: file.additions + file.deletions, ...why });
      continue;
    }
    const cost = fileTokens(file);
    if (tokens + cost > budget) flush();
    files.push(file);
    tokens += cost;
  }
  flush();
  const plan = {
    chunks,
    inScope,
    excluded,
    reviewedDespiteName,
    notReviewed,
    maxDiffTokens: budget,
    diff: {
      truncated: diff.truncated,
      ...defined({ reportedFiles: diff.reportedFiles }),
      receivedFiles: diff.files.length,
    },
  };
  return Object.freeze({ ...plan, coverage: coverageOf(plan, new Set(chunks.map((c) => c.index))) });
}
