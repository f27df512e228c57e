// How much of the pull request the reviewer actually saw. An approve requires all of it: a reviewer
// that approved 40 of 47 files approved nothing about the other 7. So coverage is counted from what was
// shown and answered (chunks with a reply), not from what was planned, and it is complete only when
// every file in scope was seen AND the gate received the whole diff: GitHub's 3,000-file cap
// (`truncated`) or a PR that reports more files than arrived leaves changes nobody was shown, even when
// every received file was reviewed. Nothing in scope at all is not complete either: "nothing was
// reviewed" must never read as "everything was". Pure.
import type { DiffFile } from "../diff/types.js";
import type { ChunkOutcome } from "../reviewer-stage/ask.js";
import type { Chunk, ReviewPlan } from "./plan.js";
import type { ExcludedFile } from "./scope.js";

export type NotReviewedReason =
  /** Its section of the diff is not as git writes one (see DiffFile.malformed). */
  | "malformed"
  /** Binary content. */
  | "binary"
  /** GitHub omitted the patch, or it could not be parsed. */
  | "patch-omitted"
  /** The patch holds fewer lines than the file's counts. */
  | "patch-incomplete"
  /** One file's patch is over the per-call budget. */
  | "over-budget"
  /** Its chunk's reviewer call failed (timeout, refusal, cut off…), or no outcome was given for it. */
  | "reviewer-failed";

export interface NotReviewedFile {
  readonly path: string;
  readonly reason: NotReviewedReason;
  readonly detail: string;
  /** Changed lines (additions + deletions). */
  readonly lines: number;
}

export interface Coverage {
  readonly files: { readonly reviewed: number; readonly total: number };
  /** Changed lines (additions + deletions) of the files in scope. */
  readonly lines: { readonly reviewed: number; readonly total: number };
  /** Every file in scope seen, and the whole diff received. The only value that permits an approve. */
  readonly complete: boolean;
  /** Why it is not complete, one sentence each; empty exactly when complete. */
  readonly gaps: readonly string[];
  readonly excluded: readonly ExcludedFile[];
  readonly notReviewed: readonly NotReviewedFile[];
}

interface PlanParts {
  readonly chunks: readonly Chunk[];
  readonly inScope: readonly DiffFile[];
  readonly excluded: readonly ExcludedFile[];
  readonly notReviewed: readonly NotReviewedFile[];
  readonly diff: {
    readonly truncated: boolean;
    readonly reportedFiles?: number;
    readonly receivedFiles: number;
  };
}

const lines = (file: DiffFile) => file.additions + file.deletions;

function plural(n: number, word: string): string {
  return `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
}

/** Coverage when the chunks in `seen` were answered; `failed` names why the others were not. */
export function coverageOf(
  plan: PlanParts,
  seen: ReadonlySet<number>,
  failed: ReadonlyMap<number, string> = new Map(),
): Coverage {
  let reviewedFiles = 0;
  let reviewedLines = 0;
  const notReviewed: NotReviewedFile[] = [...plan.notReviewed];
  for (const chunk of plan.chunks) {
    for (const file of chunk.files) {
      if (seen.has(chunk.index)) {
        reviewedFiles += 1;
        reviewedLines += lines(file);
      } else {
        notReviewed.push({
          path: file.path,
          reason: "reviewer-failed",
          detail: failed.get(chunk.index) ?? `no reply for part ${chunk.index + 1} of the diff`,
          lines: lines(file),
        });
      }
    }
  }
  const totalFiles = plan.inScope.length;
  const totalLines = plan.inScope.reduce((sum, file) => sum + lines(file), 0);
  const gaps: string[] = [];
  const malformed = notReviewed.filter((f) => f.reason === "malformed");
  if (malformed.length > 0) {
    // First, and said as what it is: a broken diff, not "nothing to review".
    gaps.push(
      `the diff is malformed: ${malformed[0]?.detail}${malformed.length > 1 ? ` (and ${plural(malformed.length - 1, "more section")})` : ""}`,
    );
  }
  if (plan.diff.truncated) {
    gaps.push("GitHub stopped listing files at its limit: more files changed than the gate received");
  }
  if (plan.diff.reportedFiles !== undefined && plan.diff.reportedFiles > plan.diff.receivedFiles) {
    gaps.push(
      `the pull request reports ${plural(plan.diff.reportedFiles, "changed file")}, the gate received ${plan.diff.receivedFiles.toLocaleString("en-US")}`,
    );
  }
  if (totalFiles === 0) {
    gaps.push(
      plan.excluded.length > 0
        ? `no file in scope to review (${plural(plan.excluded.length, "file")} excluded)`
        : "the diff has no changed files to review",
    );
  }
  if (notReviewed.length > 0) {
    const byReason = new Map<NotReviewedReason, number>();
    for (const f of notReviewed) byReason.set(f.reason, (byReason.get(f.reason) ?? 0) + 1);
    const parts = [...byReason].map(([reason, n]) => `${n} ${reason}`);
    // A binary file holds the round until a person says it needs no review: say how.
    // A file over the budget is the one gap a setting can close: say which file, what the budget was
    // and why, so the hold itself names the window the gate assumed (plan.ts, budgetBasis).
    const over = notReviewed.filter((f) => f.reason === "over-budget");
    const overBudget =
      over.length > 0
        ? `; ${over[0]?.path} is ${over[0]?.detail}${over.length > 1 ? ` (and ${plural(over.length - 1, "more file")})` : ""}`
        : "";
    const binary = byReason.has("binary")
      ? "; a binary file that needs no review (an image, a font) is left out with the `exclude` input (`--exclude` from a terminal), e.g. `**/*.png`, and then listed as excluded"
      : "";
    gaps.push(
      `${plural(notReviewed.length, "file")} in scope not reviewed (${parts.join(", ")})${overBudget}${binary}`,
    );
  }
  // The partition must be exact; if it is not, something upstream lost a file, and a lost file must
  // not let coverage read as complete.
  if (reviewedFiles + notReviewed.length !== totalFiles) {
    gaps.push(
      `internal: ${reviewedFiles} reviewed + ${notReviewed.length} not reviewed ≠ ${totalFiles} files in scope`,
    );
  }
  return Object.freeze({
    files: { reviewed: reviewedFiles, total: totalFiles },
    lines: { reviewed: reviewedLines, total: totalLines },
    complete: gaps.length === 0,
    gaps: Object.freeze(gaps),
    excluded: plan.excluded,
    notReviewed: Object.freeze(notReviewed),
  });
}

/** Coverage after the reviewer ran: a chunk counts as seen only if its outcome is a reply (`ok`). */
export function coverageAfter(plan: ReviewPlan, outcomes: readonly ChunkOutcome[]): Coverage {
  const seen = new Set<number>();
  const failed = new Map<number, string>();
  for (const outcome of outcomes) {
    if (outcome.reply.ok) seen.add(outcome.chunk.index);
    else failed.set(outcome.chunk.index, `reviewer ${outcome.reply.failure}: ${outcome.reply.message}`);
  }
  return coverageOf(plan, seen, failed);
}

/** What was withheld from the reviewer, e.g. `2 lockfiles (checked deterministically), 1 source map
 * (verified by content), 3 files (exclude/include settings)`; undefined when nothing was. A bare "100%"
 * beside withheld files would read as "the reviewer saw everything". */
export function withheldSummary(excluded: readonly ExcludedFile[]): string | undefined {
  const count = (test: (e: ExcludedFile) => boolean) => excluded.filter(test).length;
  const parts = [
    [count((e) => e.by === "default" && e.content === "lockfile"), "lockfile", "checked deterministically"],
    [count((e) => e.by === "default" && e.content === "source-map"), "source map", "verified by content"],
    [count((e) => e.by === "default" && e.content === undefined), "removed file", "nothing left to run"],
    [count((e) => e.by !== "default"), "file", "exclude/include settings"],
  ] as const;
  const shown = parts.filter(([n]) => n > 0).map(([n, word, how]) => `${plural(n, word)} (${how})`);
  return shown.length > 0 ? shown.join(", ") : undefined;
}

/** The share of the diff seen, as a whole percentage: the lower of the share of changed lines and the
 * share of files, rounded down, and never 100 unless complete. Lines alone would read "99% (2/3 files,
 * 11/11 lines)" for a binary file, which counts no lines and was not seen: a contradiction on its face. */
export function coveragePercent(coverage: Pick<Coverage, "files" | "lines" | "complete">): number {
  if (coverage.complete) return 100;
  const { files, lines: l } = coverage;
  const fileShare = files.total > 0 ? files.reviewed / files.total : 0;
  const share = l.total > 0 ? Math.min(l.reviewed / l.total, fileShare) : fileShare;
  return Math.min(99, Math.floor(share * 100));
}

/** What was not seen, by reason: `1 binary file`, `2 files over the budget`. */
export function notSeenSummary(notReviewed: readonly Pick<NotReviewedFile, "reason">[]): string | undefined {
  if (notReviewed.length === 0) return undefined;
  const words: Record<NotReviewedReason, string> = {
    malformed: "malformed",
    binary: "binary",
    "patch-omitted": "without a patch",
    "patch-incomplete": "with an incomplete patch",
    "over-budget": "over the budget",
    "reviewer-failed": "whose call failed",
  };
  const byReason = new Map<NotReviewedReason, number>();
  for (const f of notReviewed) byReason.set(f.reason, (byReason.get(f.reason) ?? 0) + 1);
  return [...byReason]
    .map(([reason, n]) =>
      reason === "binary" || reason === "malformed"
        ? `${plural(n, `${words[reason]} file`)}`
        : `${plural(n, "file")} ${words[reason]}`,
    )
    .join(", ");
}

/** `100%` when complete and nothing was withheld; `100% of the files in scope; withheld: …` when files
 * were; else e.g. `86% (41/47 files, 1200/1380 lines; not seen: 6 files over the budget)`, with what
 * was withheld after it (coveragePercent says how the share is taken). */
export function formatCoverage(coverage: Coverage): string {
  const withheld = withheldSummary(coverage.excluded);
  if (coverage.complete)
    return withheld === undefined ? "100%" : `100% of the files in scope; withheld: ${withheld}`;
  const { files, lines: l } = coverage;
  const notSeen = notSeenSummary(coverage.notReviewed);
  const seen = `${coveragePercent(coverage)}% (${files.reviewed}/${files.total} files, ${l.reviewed}/${l.total} lines${notSeen !== undefined ? `; not seen: ${notSeen}` : ""})`;
  return withheld === undefined ? seen : `${seen}; withheld: ${withheld}`;
}

/** The counts the decision (round-decision.ts holdIfPartlySeen) and the report read. */
export function countsOf(c: Coverage): {
  filesReviewed: number;
  filesTotal: number;
  linesReviewed: number;
  linesTotal: number;
  complete: boolean;
} {
  return {
    filesReviewed: c.files.reviewed,
    filesTotal: c.files.total,
    linesReviewed: c.lines.reviewed,
    linesTotal: c.lines.total,
    complete: c.complete,
  };
}
