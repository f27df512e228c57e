// The reviewer part of a round when a panel reviews: the single-reviewer part (reviewer-part.ts) run
// once per reviewer, each with its own plan (its budget and chunks from its own context window), its
// own round token and its own reviewer (its key, endpoint, retries and time limit), all at once; the
// reviewers' results, each held by its own coverage rule, combine by the panel lattice
// (verdict/panel.ts). A panel of one is the single-reviewer part itself, unchanged.
import type { Diff } from "../diff/types.js";
import type { PanelMemberReport, PanelReport, ReviewerCallReport } from "../report/round-report.js";
import { type Coverage, formatCoverage } from "../review/coverage.js";
import {
  diffBudget,
  type PlanOptions,
  planReview,
  promptOverheadTokens,
  type ReviewPlan,
} from "../review/plan.js";
import type { Reviewer } from "../review/reviewer.js";
import { maybe } from "../verdict/four-values.js";
import { canonicalJson, sha256 } from "../verdict/history.js";
import {
  attributed,
  combinePanel,
  describePolicy,
  type PanelPolicy,
  type PanelVote,
  panelVerdict,
} from "../verdict/panel.js";
import { reasonsOf } from "../verdict/round-decision.js";
import type { Incremental } from "./reuse-part.js";
import {
  chunkPrompts,
  type PromptBase,
  type ReusedVerdict,
  type ReviewerPartOutcome,
  reviewerPart,
  reviewFingerprint,
} from "./reviewer-part.js";

export interface PanelMember {
  /** The name its reasons and its row of the agreement table carry (unique in the panel). */
  label: string;
  reviewer: Reviewer;
}

/** The single reviewer as a panel of one: labelled as it always was. */
export function soloPanel(reviewer: Reviewer): PanelMember[] {
  return [{ label: reviewer.label, reviewer }];
}

/** One reviewer's plan and the fingerprint of the question it is asked. */
export interface MemberPlan {
  member: PanelMember;
  plan: ReviewPlan;
  fingerprint: string;
}

export interface PanelPartOutcome extends ReviewerPartOutcome {
  /** Every reviewer's say; one entry without a panel. */
  panel: PanelReport;
}

/** Each reviewer's plan: its own diff budget, from its own context window. The files in scope are the
 * same for all (the scope does not depend on the reviewer); what fits in a call does not. */
export function planPanel(
  members: readonly PanelMember[],
  diff: Diff,
  scope: PlanOptions,
  base: PromptBase,
  maxDiffTokens: number,
): MemberPlan[] {
  const overheadTokens = promptOverheadTokens(base);
  return members.map((member) => {
    const plan = planReview(diff, {
      ...scope,
      maxDiffTokens: diffBudget({
        maxDiffTokens,
        contextWindow: member.reviewer.contextWindow,
        overheadTokens,
      }),
    });
    return { member, plan, fingerprint: reviewFingerprint(member.reviewer.label, base, plan) };
  });
}

/** The question the panel is asked, as one hash: for one reviewer exactly its own fingerprint (a panel
 * of one reuses and is reused as the single reviewer), for more each reviewer's with its label, and the
 * policy (a quorum's approve is not a unanimous one's). */
export function panelFingerprint(plans: readonly MemberPlan[], policy: PanelPolicy): string {
  if (plans.length === 1) return (plans[0] as MemberPlan).fingerprint;
  return sha256(
    canonicalJson({
      panel: describePolicy(policy),
      reviewers: plans.map((p) => ({ label: p.member.label, fingerprint: p.fingerprint })),
    }),
  );
}

/** The same with another prompt base (another pull request's earlier reasons, shared-verdict.ts). */
export function panelFingerprintWith(
  plans: readonly MemberPlan[],
  base: PromptBase,
  policy: PanelPolicy,
): string {
  return panelFingerprint(
    plans.map((p) => ({ ...p, fingerprint: reviewFingerprint(p.member.reviewer.label, base, p.plan) })),
    policy,
  );
}

function memberReport(label: string, outcome: ReviewerPartOutcome): PanelMemberReport {
  const counted = (pick: (c: ReviewerCallReport) => number | undefined) =>
    outcome.calls.some((c) => pick(c) !== undefined)
      ? outcome.calls.reduce((s, c) => s + (pick(c) ?? 0), 0)
      : undefined;
  const inputTokens = counted((c) => c.inputTokens);
  const outputTokens = counted((c) => c.outputTokens);
  return {
    label,
    verdict: outcome.verdict,
    value: outcome.part.result.value,
    reasons: reasonsOf(outcome.part.result),
    coverage: formatCoverage(outcome.coverage),
    ...(inputTokens !== undefined ? { inputTokens } : {}),
    ...(outputTokens !== undefined ? { outputTokens } : {}),
    latencyMs: outcome.calls.reduce((m, c) => Math.max(m, c.latencyMs), 0),
    calls: outcome.calls.length,
    blockedFiles: [...new Set(outcome.findings.map((f) => f.path).filter((p) => p !== ""))],
  };
}

/** The coverage a panel reports: an approving reviewer's when the panel approves (it saw all of the
 * diff), else the least any reviewer saw, so the figure never flatters a hold. */
function panelCoverage(outcomes: readonly ReviewerPartOutcome[], approved: boolean): Coverage {
  const first = outcomes[0] as ReviewerPartOutcome;
  if (approved) return outcomes.find((o) => o.part.result.value === "YES")?.coverage ?? first.coverage;
  const share = (c: Coverage) =>
    c.complete
      ? 2
      : c.lines.total > 0
        ? c.lines.reviewed / c.lines.total
        : c.files.total > 0
          ? c.files.reviewed / c.files.total
          : 0;
  return outcomes.reduce(
    (least, o) => (share(o.coverage) < share(least) ? o.coverage : least),
    first.coverage,
  );
}

export interface PanelPartInput {
  plans: readonly MemberPlan[];
  base: PromptBase;
  policy: PanelPolicy;
  /** Called once per reviewer: each has its own token, so no reviewer's reply can carry another's. */
  newRoundToken: () => string;
  concurrency: number;
  reuse?: ReusedVerdict;
  /** Per-file reuse (incremental rounds, reuse-part.ts): a single reviewer's only. A panel asks every
   * reviewer about every file: its kept state would have to be per reviewer, and one reviewer's
   * earlier approve of a file must not stand for another's. */
  incremental?: Incremental;
  /** max-round-tokens: the most prompt tokens the round may send, all reviewers together. */
  maxRoundTokens?: number;
  /** panelFingerprint of the plans. */
  fingerprint: string;
  log: (message: string) => void;
}

/** A panel over max-round-tokens holds before any reviewer is called: the budget is the round's, all
 * reviewers together, estimated as each reviewer's part estimates its own prompts. */
function overBudget(input: PanelPartInput): PanelPartOutcome | undefined {
  const limit = input.maxRoundTokens;
  if (limit === undefined) return undefined;
  // One token for the estimate: its length is every round token's, so the count is the calls' own.
  const token = input.newRoundToken();
  const estimate = input.plans
    .flatMap((p) => chunkPrompts(p.plan.chunks, input.base, token))
    .reduce((sum, prompt) => sum + prompt.estimatedTokens, 0);
  if (estimate <= limit) return undefined;
  const calls = input.plans.reduce((n, p) => n + p.plan.chunks.length, 0);
  const need = `the panel's round needs about ${estimate.toLocaleString("en-US")} prompt tokens (estimated, ${calls} calls across ${input.plans.length} reviewers), over \`max-round-tokens\` (${limit.toLocaleString("en-US")}): no reviewer call was made; raise \`max-round-tokens\`, split the pull request or use fewer reviewers`;
  input.log(`reviewer: ${need}`);
  const result = maybe(need);
  const first = input.plans[0] as MemberPlan;
  return {
    part: { name: "reviewer", result, summary: "not asked: over max-round-tokens" },
    verdict: "SKIPPED",
    beforeCoverage: result,
    coverage: {
      ...first.plan.coverage,
      files: { reviewed: 0, total: first.plan.coverage.files.total },
      lines: { reviewed: 0, total: first.plan.coverage.lines.total },
      complete: false,
      gaps: [...first.plan.coverage.gaps, "not asked: over max-round-tokens"],
    },
    calls: [],
    findings: [],
    warnings: [],
    fingerprint: input.fingerprint,
    fileTexts: new Map(),
    estimatedTokens: estimate,
    panel: { policy: describePolicy(input.policy), members: [] },
  };
}

export async function panelPart(input: PanelPartInput): Promise<PanelPartOutcome> {
  const { plans, policy, fingerprint } = input;
  if (plans.length === 1) {
    const only = plans[0] as MemberPlan;
    const outcome = await reviewerPart({
      plan: only.plan,
      reviewer: only.member.reviewer,
      base: input.base,
      roundToken: input.newRoundToken(),
      concurrency: input.concurrency,
      ...(input.reuse !== undefined ? { reuse: input.reuse } : {}),
      ...(input.incremental !== undefined ? { incremental: input.incremental } : {}),
      ...(input.maxRoundTokens !== undefined ? { maxRoundTokens: input.maxRoundTokens } : {}),
      fingerprint,
      log: input.log,
    });
    return {
      ...outcome,
      panel: { policy: describePolicy(policy), members: [memberReport(only.member.label, outcome)] },
    };
  }
  const labels = plans.map((p) => p.member.label).join(", ");
  if (input.reuse !== undefined) {
    // The panel's recorded result was combined from results each held by its own reviewer's
    // coverage, and only a round whose every call answered is recorded: it is reused as it stands.
    const { reuse } = input;
    const where = reuse.pr !== undefined ? `PR #${reuse.pr}'s ` : "";
    const coverage = panelCoverage(
      plans.map(
        (p) => ({ coverage: p.plan.coverage, part: { result: reuse.result } }) as ReviewerPartOutcome,
      ),
      reuse.result.value === "YES",
    );
    return {
      part: {
        name: "reviewer",
        result: reuse.result,
        summary: `${reuse.verdict} from the panel (${labels}; ${describePolicy(policy)}), reused from ${where}round ${reuse.round}; coverage ${formatCoverage(coverage)}`,
      },
      verdict: reuse.verdict,
      beforeCoverage: reuse.result,
      coverage,
      calls: [],
      findings: [],
      warnings: [],
      fingerprint,
      reusedFromRound: reuse.round,
      ...(reuse.pr !== undefined ? { reusedFromPr: reuse.pr } : {}),
      fileTexts: new Map(),
      estimatedTokens: 0,
      panel: { policy: describePolicy(policy), members: [] },
    };
  }
  input.log(`panel: ${plans.length} reviewers (${labels}), ${describePolicy(policy)}`);
  const over = overBudget(input);
  if (over !== undefined) return over;
  const outcomes = await Promise.all(
    plans.map((p) =>
      reviewerPart({
        plan: p.plan,
        reviewer: p.member.reviewer,
        base: input.base,
        roundToken: input.newRoundToken(),
        concurrency: input.concurrency,
        fingerprint: p.fingerprint,
        log: (m) => input.log(attributed(p.member.label, m)),
      }),
    ),
  );
  const votes: PanelVote[] = outcomes.map((o, i) => ({
    label: (plans[i] as MemberPlan).member.label,
    result: o.part.result,
    verdict: o.verdict,
  }));
  const result = combinePanel(votes, policy);
  const verdict = panelVerdict(votes, policy);
  const coverage = panelCoverage(outcomes, result.value === "YES");
  const label = (i: number) => (plans[i] as MemberPlan).member.label;
  return {
    part: {
      name: "reviewer",
      result,
      summary: `${verdict} from the panel (${describePolicy(policy)}): ${votes.map((v) => `${v.label} ${v.verdict}`).join(", ")}; coverage ${formatCoverage(coverage)}`,
    },
    verdict,
    // Already held where unseen, reviewer by reviewer: what a later round may reuse as it stands.
    beforeCoverage: result,
    coverage,
    calls: outcomes.flatMap((o, i) => o.calls.map((c) => ({ ...c, reviewer: label(i) }))),
    findings: outcomes.flatMap((o, i) =>
      o.findings.map((f) => ({
        ...f,
        reason: attributed(label(i), f.reason),
        raw: attributed(label(i), f.raw),
      })),
    ),
    warnings: outcomes.flatMap((o, i) => o.warnings.map((w) => attributed(label(i), w))),
    fingerprint,
    fileTexts: new Map(),
    estimatedTokens: outcomes.reduce((n, o) => n + o.estimatedTokens, 0),
    panel: { policy: describePolicy(policy), members: outcomes.map((o, i) => memberReport(label(i), o)) },
  };
}
