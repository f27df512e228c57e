// What the reviewer stage tells the round, built by three named constructors — `asked`, `reused` and
// `notAsked` — so that every way a reviewer verdict can come about is one place to read. The round reads
// the part, the verdict and the coverage; the history keeps `keep`; the report and the review comments
// read the rest. Whether a verdict may be reused by a later round is decided here, once: only a real
// verdict on every call (or one itself reused) is kept whole; a timeout or a broken contract is asked
// again, never remembered.
import type { PanelReport, ReviewerCallReport } from "../report/round-report.js";
import { type Coverage, countsOf, formatCoverage } from "../review/coverage.js";
import type { Finding } from "../verdict/findings.js";
import { maybe, type Result } from "../verdict/four-values.js";
import type { FileVerdicts, StoredFinding } from "../verdict/history.js";
import { holdIfPartlySeen, type Part } from "../verdict/round-decision.js";
import { isJudgment, type ReviewerVerdict } from "../verdict/vocabulary.js";

/** Where the round's reviewer answer came from. */
export type ReviewerSource =
  /** Reviewers were asked this round. `asked`: the files the calls showed, when some files kept an
   * earlier verdict instead (only these can prove a finding gone); absent, every planned file. */
  | { readonly kind: "asked"; readonly asked?: readonly string[] }
  /** A whole verdict recorded for the same question: this pull request's round, or another's (`pr`). */
  | { readonly kind: "reused"; readonly round: number; readonly pr?: number }
  /** Nobody was asked, and why (over max-round-tokens). */
  | { readonly kind: "not-asked"; readonly why: string };

/** What later rounds may reuse: the whole verdict (when it may be), each file's verdict (incremental
 * rounds) and the texts of their reasons. */
export interface Keep {
  readonly whole?: {
    readonly verdict: ReviewerVerdict;
    readonly fingerprint: string;
    /** The reviewer's own result, before the coverage rule: what a later round reuses. */
    readonly result: Result;
    /** The result were every one of its blocking findings dismissed (a single reviewer's only): what
     * a dismissal concludes from (src/gate/dismissals.ts). */
    readonly cleared?: Result;
    /** The blocking findings a reused record stored (a fresh answer's are keyed by the round). */
    readonly findings?: readonly StoredFinding[];
  };
  readonly files?: FileVerdicts;
  readonly texts: ReadonlyMap<string, string>;
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

export interface ReviewerOutcome {
  part: Part;
  /** APPROVE, REQUEST_CHANGES, AMBIGUOUS, NONE, ERROR, SKIPPED: the step output `reviewer-verdict`. */
  verdict: ReviewerVerdict;
  coverage: Coverage;
  source: ReviewerSource;
  /** The calls made this round, the BLOCKING findings of their replies and the warnings they raised
   * (none unless asked). */
  calls: readonly ReviewerCallReport[];
  findings: readonly Finding[];
  /** The findings below the contract's policy line, from replies that approved or were overruled:
   * notes (none without a policy). */
  notes: readonly Finding[];
  warnings: readonly string[];
  keep: Keep;
  /** What this round reused per file, for the summary. */
  reusedFiles?: ReusedFilesReport;
  /** The estimated prompt tokens of the calls this round needed (max-round-tokens). */
  estimatedTokens: number;
}

/** A panel's outcome: one reviewer's, or the members' combined, with every reviewer's say. */
export interface PanelOutcome extends ReviewerOutcome {
  panel: PanelReport;
}

const NO_TEXTS: ReadonlyMap<string, string> = new Map();

/** `result` held where part of the diff went unseen. */
export function heldWhereUnseen(result: Result, coverage: Coverage): Result {
  return holdIfPartlySeen(result, countsOf(coverage), coverage.gaps.join("; "));
}

/** Reviewers asked: their combined result (before the coverage rule), what they said, and what the
 * round keeps per file. The whole verdict is kept only when it is a judgment on every call. */
export function asked(input: {
  /** The reviewers' own result over every chunk and kept file, before the coverage rule. */
  result: Result;
  /** The result were every blocking finding dismissed (single reviewer only). */
  cleared?: Result;
  /** The result is already held where unseen (a panel's: member by member, each by its own
   * coverage): the part carries it as it is. */
  held?: boolean;
  verdict: ReviewerVerdict;
  coverage: Coverage;
  summary: string;
  calls: readonly ReviewerCallReport[];
  findings: readonly Finding[];
  notes?: readonly Finding[];
  warnings: readonly string[];
  fingerprint: string;
  files?: FileVerdicts;
  texts?: ReadonlyMap<string, string>;
  askedFiles?: readonly string[];
  reusedFiles?: ReusedFilesReport;
  estimatedTokens: number;
}): ReviewerOutcome {
  const clean = isJudgment(input.verdict) && input.calls.every((c) => c.ok);
  return {
    part: {
      name: "reviewer",
      result: input.held === true ? input.result : heldWhereUnseen(input.result, input.coverage),
      summary: input.summary,
    },
    verdict: input.verdict,
    coverage: input.coverage,
    source: { kind: "asked", ...(input.askedFiles !== undefined ? { asked: input.askedFiles } : {}) },
    calls: input.calls,
    findings: input.findings,
    notes: input.notes ?? [],
    warnings: input.warnings,
    keep: {
      ...(clean
        ? {
            whole: {
              verdict: input.verdict,
              fingerprint: input.fingerprint,
              result: input.result,
              ...(input.cleared !== undefined ? { cleared: input.cleared } : {}),
            },
          }
        : {}),
      ...(input.files !== undefined ? { files: input.files } : {}),
      texts: input.texts ?? NO_TEXTS,
    },
    ...(input.reusedFiles !== undefined ? { reusedFiles: input.reusedFiles } : {}),
    estimatedTokens: input.estimatedTokens,
  };
}

/** A verdict recorded for the same question, as it stands: nobody is asked, no call is made, and the
 * files keep the verdicts they had. Only clean verdicts are recorded, so every chunk was answered and
 * coverage is what the plan promised. */
export function reused(input: {
  reuse: {
    round: number;
    pr?: number;
    verdict: ReviewerVerdict;
    result: Result;
    cleared?: Result;
    findings?: readonly StoredFinding[];
  };
  fingerprint: string;
  coverage: Coverage;
  summary: string;
  /** The result the part carries; by default the recorded one held where the plan leaves part unseen
   * (a panel's is already held member by member). */
  result?: Result;
  files?: FileVerdicts;
  reusedFiles?: ReusedFilesReport;
}): ReviewerOutcome {
  const { reuse } = input;
  return {
    part: {
      name: "reviewer",
      result: input.result ?? heldWhereUnseen(reuse.result, input.coverage),
      summary: input.summary,
    },
    verdict: reuse.verdict,
    coverage: input.coverage,
    source: { kind: "reused", round: reuse.round, ...(reuse.pr !== undefined ? { pr: reuse.pr } : {}) },
    calls: [],
    findings: [],
    notes: [],
    warnings: [],
    keep: {
      whole: {
        verdict: reuse.verdict,
        fingerprint: input.fingerprint,
        result: reuse.result,
        ...(reuse.cleared !== undefined ? { cleared: reuse.cleared } : {}),
        ...(reuse.findings !== undefined ? { findings: reuse.findings } : {}),
      },
      ...(input.files !== undefined ? { files: input.files } : {}),
      texts: NO_TEXTS,
    },
    ...(input.reusedFiles !== undefined ? { reusedFiles: input.reusedFiles } : {}),
    estimatedTokens: 0,
  };
}

/** Nobody asked (over max-round-tokens): a hold that says why, the files keeping the verdicts they
 * reused (they are as good as they were), nothing kept whole. */
export function notAsked(input: {
  why: string;
  summary: string;
  coverage: Coverage;
  files?: FileVerdicts;
  reusedFiles?: ReusedFilesReport;
  estimatedTokens: number;
}): ReviewerOutcome {
  return {
    part: { name: "reviewer", result: maybe(input.why), summary: input.summary },
    verdict: "SKIPPED",
    coverage: input.coverage,
    source: { kind: "not-asked", why: input.why },
    calls: [],
    findings: [],
    notes: [],
    warnings: [],
    keep: { ...(input.files !== undefined ? { files: input.files } : {}), texts: NO_TEXTS },
    ...(input.reusedFiles !== undefined ? { reusedFiles: input.reusedFiles } : {}),
    estimatedTokens: input.estimatedTokens,
  };
}

/** "round 3" or "PR #7's round 3": where a reused verdict came from, as a summary names it. */
export function reusedFrom(reuse: { round: number; pr?: number }): string {
  return `${reuse.pr !== undefined ? `PR #${reuse.pr}'s ` : ""}round ${reuse.round}`;
}

/** A one-line summary's coverage. */
export function coverageNote(coverage: Coverage): string {
  return `coverage ${formatCoverage(coverage)}`;
}

/** This round's reviewer tokens as the providers reported them, for the running total. */
export function usageOf(calls: readonly { inputTokens?: number; outputTokens?: number }[]): {
  in: number;
  out: number;
  unreported: number;
} {
  let tokensIn = 0;
  let tokensOut = 0;
  let unreported = 0;
  for (const c of calls) {
    if (c.inputTokens === undefined && c.outputTokens === undefined) unreported += 1;
    tokensIn += c.inputTokens ?? 0;
    tokensOut += c.outputTokens ?? 0;
  }
  return { in: tokensIn, out: tokensOut, unreported };
}
