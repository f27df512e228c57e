// The reviewer part of a round when a panel reviews: the single-reviewer part (single.ts) run
// once per reviewer, each with its own plan (its budget and chunks from its own context window), its
// own round token and its own reviewer (its key, endpoint, retries and time limit), all at once; the
// reviewers' results, each held by its own coverage rule, combine by the panel lattice
// (verdict/panel.ts). A panel of one is the single-reviewer part itself, unchanged. Incremental rounds
// are per reviewer: each reuses only its own earlier verdicts of unchanged files, under a key that names
// it (incremental.ts reviewerIdentity), so one reviewer's approve never stands for another.
import type { Diff } from "../diff/types.js";
import type { Reviewer } from "../ports/reviewer.js";
import type { PanelMemberReport, PanelReport, ReviewerCallReport } from "../report/round-report.js";
import { type Coverage, formatCoverage } from "../review/coverage.js";
import {
  diffBudget,
  type PlanOptions,
  planReview,
  promptOverheadTokens,
  type ReviewPlan,
} from "../review/plan.js";
import type { FileVerdicts, FullRound, StoredPanelMember } from "../verdict/history.js";
import {
  attributed,
  combinePanel,
  describePolicy,
  type PanelPolicy,
  type PanelVote,
  panelVerdict,
} from "../verdict/panel.js";
import { reasonsOf } from "../verdict/round-decision.js";
import { isReviewerVerdict } from "../verdict/vocabulary.js";
import { carriedVerdicts, type Incremental, mergeVerdicts, namedPath } from "./file-reuse.js";
import { type PromptBase, reviewFingerprint } from "./keys.js";
import { asked, notAsked, type PanelOutcome, type ReviewerOutcome, reused, reusedFrom } from "./outcome.js";
import { promptsToSend, type ReusedVerdict, reviewerPart, withoutContext } from "./single.js";

export interface PanelMember {
  /** The name its reasons and its row of the agreement table carry (unique in the panel). */
  label: string;
  reviewer: Reviewer;
}

/** One reviewer's plan and the fingerprint of the question it is asked. */
export interface MemberPlan {
  member: PanelMember;
  plan: ReviewPlan;
  fingerprint: string;
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

function memberReport(label: string, outcome: ReviewerOutcome): PanelMemberReport {
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
    ...(outcome.reusedFiles !== undefined ? { reusedFiles: outcome.reusedFiles } : {}),
  };
}

/** The members' kept file verdicts as one store (each keyed under its own member's conditions), and
 * the texts of their reasons. */
function keptTogether(kept: readonly { files?: FileVerdicts; texts?: ReadonlyMap<string, string> }[]): {
  files?: FileVerdicts;
  texts: Map<string, string>;
} {
  const files = mergeVerdicts(kept.flatMap((k) => (k.files !== undefined ? [k.files] : [])));
  const texts = new Map<string, string>();
  for (const k of kept) for (const [id, text] of k.texts ?? []) texts.set(id, text);
  return { ...(files !== undefined ? { files } : {}), texts };
}

/** The coverage a panel reports: an approving reviewer's when the panel approves (it saw all of the
 * diff), else the least any reviewer saw, so the figure never flatters a hold. */
function panelCoverage(
  outcomes: readonly { coverage: Coverage; value: string }[],
  approved: boolean,
): Coverage {
  const first = outcomes[0] as { coverage: Coverage };
  if (approved) return outcomes.find((o) => o.value === "YES")?.coverage ?? first.coverage;
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
  /** Per-file reuse (incremental rounds), per reviewer: each member's own conditions (keys.ts
   * reviewerIdentity), so one reviewer's earlier verdict of a file stands only for that reviewer,
   * never for another. */
  incremental?: (member: PanelMember) => Incremental;
  /** max-round-tokens: the most prompt tokens the round may send, all reviewers together. */
  maxRoundTokens?: number;
  /** panelFingerprint of the plans. */
  fingerprint: string;
  log: (message: string) => void;
}

/** A panel over max-round-tokens holds before any reviewer is called: the budget is the round's, all
 * reviewers together, estimated as each reviewer's part estimates its own prompts — the chunks each
 * will actually be sent after its own reuse, built exactly as its part builds them. */
function overBudget(
  input: PanelPartInput,
  incrementals: readonly (Incremental | undefined)[],
): PanelOutcome | undefined {
  const limit = input.maxRoundTokens;
  if (limit === undefined) return undefined;
  // One token for the estimate: its length is every round token's, so the count is the calls' own.
  // Without context first: context gives way to a budget (memberBudgets), the diff does not.
  const token = input.newRoundToken();
  const prompts = input.plans.map((p, i) =>
    promptsToSend(
      p.plan,
      incrementals[i],
      withoutContext(input.base),
      token,
      p.member.reviewer.contextWindow,
    ),
  );
  const estimate = prompts.flat().reduce((sum, prompt) => sum + prompt.estimatedTokens, 0);
  if (estimate <= limit) return undefined;
  const calls = prompts.reduce((n, list) => n + list.length, 0);
  const need = `the panel's round needs about ${estimate.toLocaleString("en-US")} prompt tokens (estimated, ${calls} calls across ${input.plans.length} reviewers), over \`max-round-tokens\` (${limit.toLocaleString("en-US")}): no reviewer call was made; raise \`max-round-tokens\`, split the pull request or use fewer reviewers`;
  input.log(`reviewer: ${need}`);
  const first = input.plans[0] as MemberPlan;
  // Not asked, each member keeps the verdicts it reused: they are as good as they were.
  const kept = keptTogether(input.plans.map((p, i) => carriedVerdicts(p.plan, incrementals[i])));
  return {
    ...notAsked({
      why: need,
      summary: "not asked: over max-round-tokens",
      coverage: {
        ...first.plan.coverage,
        files: { reviewed: 0, total: first.plan.coverage.files.total },
        lines: { reviewed: 0, total: first.plan.coverage.lines.total },
        complete: false,
        gaps: [...first.plan.coverage.gaps, "not asked: over max-round-tokens"],
      },
      ...(kept.files !== undefined ? { files: kept.files } : {}),
      estimatedTokens: estimate,
    }),
    panel: { policy: describePolicy(input.policy), members: [] },
  };
}

/** The files every member was shown this round, when some member reused a file's verdict instead of
 * asking: only a file every reviewer looked at again can prove an earlier finding gone
 * (review-comments.ts), since the finding may have been any one reviewer's. */
function askedByAll(outcomes: readonly ReviewerOutcome[]): readonly string[] | undefined {
  const lists = outcomes.map((o) => (o.source.kind === "asked" ? o.source.asked : undefined));
  if (lists.every((l) => l === undefined)) return undefined;
  const sets = outcomes.map((o, i) => new Set(lists[i] ?? (o.source.kind === "asked" ? [] : [])));
  const first = sets[0] ?? new Set<string>();
  return [...first].filter((f) => sets.every((l) => l.has(f)));
}
const STORED_VALUES = new Set<StoredPanelMember["value"]>(["NO", "YES", "MAYBE", "IFF"]);

/** Each reviewer's say as a round record stores it (history-schema.ts), for a panel of two or more. */
export function storedMembers(panel: PanelReport): { panel?: StoredPanelMember[] } {
  if (panel.members.length < 2) return {};
  return {
    panel: panel.members.map((m) => ({
      label: m.label,
      verdict: m.verdict,
      value: STORED_VALUES.has(m.value as StoredPanelMember["value"])
        ? (m.value as StoredPanelMember["value"])
        : "MAYBE",
      coverage: m.coverage,
      ...(m.inputTokens !== undefined ? { in: m.inputTokens } : {}),
      ...(m.outputTokens !== undefined ? { out: m.outputTokens } : {}),
      ...(m.reusedFiles !== undefined ? { reused: m.reusedFiles.files, asked: m.reusedFiles.asked } : {}),
    })),
  };
}

/** A recorded round's reviewers, for the agreement table of a round that reuses its whole verdict. */
export function recordedMembers(round: FullRound): { members?: PanelMemberReport[] } {
  if (round.panel === undefined) return {};
  return {
    members: round.panel.map((m) => ({
      label: m.label,
      // Shown only: a stored word the vocabulary does not know reads as no verdict.
      verdict: isReviewerVerdict(m.verdict) ? m.verdict : "NONE",
      value: m.value,
      reasons: [],
      coverage: m.coverage,
      latencyMs: 0,
      calls: 0,
      blockedFiles: [],
    })),
  };
}

/** A reused panel verdict's reasons are attributed (`[label] …`): each reviewer's own, and the files
 * they name, are read back from it for its row. */
function withOwnReasons(m: PanelMemberReport, reasons: readonly string[]): PanelMemberReport {
  const prefix = attributed(m.label, "");
  const own = reasons.filter((r) => r.startsWith(prefix)).map((r) => r.slice(prefix.length));
  const files = own.map((r) => namedPath(r)).filter((p): p is string => p !== undefined);
  return { ...m, reasons: own, blockedFiles: [...new Set(files)] };
}

/** A panel of one is the single-reviewer part itself, unchanged: its own reuse, budget and report. */
async function soloPart(input: PanelPartInput, only: MemberPlan): Promise<PanelOutcome> {
  const outcome = await reviewerPart({
    plan: only.plan,
    reviewer: only.member.reviewer,
    base: input.base,
    roundToken: input.newRoundToken(),
    concurrency: input.concurrency,
    ...(input.reuse !== undefined ? { reuse: input.reuse } : {}),
    ...(input.incremental !== undefined ? { incremental: input.incremental(only.member) } : {}),
    ...(input.maxRoundTokens !== undefined ? { maxRoundTokens: input.maxRoundTokens } : {}),
    fingerprint: input.fingerprint,
    log: input.log,
  });
  return {
    ...outcome,
    panel: { policy: describePolicy(input.policy), members: [memberReport(only.member.label, outcome)] },
  };
}

/** The panel's whole recorded verdict, reused: it was combined from results each held by its own
 * reviewer's coverage, and only a round whose every call answered is recorded, so it stands as it is
 * and nobody is asked now. */
function reusedPanel(
  input: PanelPartInput,
  reuse: ReusedVerdict,
  incrementals: readonly (Incremental | undefined)[],
  labels: string,
): PanelOutcome {
  const { plans, policy, fingerprint } = input;
  const coverage = panelCoverage(
    plans.map((p) => ({ coverage: p.plan.coverage, value: reuse.result.value })),
    reuse.result.value === "YES",
  );
  // Each member keeps the file verdicts it had: the whole verdict stands on the same diff.
  const kept = keptTogether(plans.map((p, i) => carriedVerdicts(p.plan, incrementals[i])));
  return {
    ...reused({
      reuse,
      fingerprint,
      coverage,
      summary: `${reuse.verdict} from the panel (${labels}; ${describePolicy(policy)}), reused from ${reusedFrom(reuse)}; coverage ${formatCoverage(coverage)}`,
      result: reuse.result,
      ...(kept.files !== undefined ? { files: kept.files } : {}),
    }),
    // Who said what in the round whose verdict stands (as recorded there): nobody was asked now.
    panel: {
      policy: describePolicy(policy),
      members: (reuse.members ?? []).map((m) => ({
        ...withOwnReasons(m, reuse.result.reasons),
        reusedFromRound: reuse.round,
      })),
    },
  };
}

/** Each member's share of max-round-tokens for its prompts with context: what its calls cost without
 * context, and of what the round's budget leaves over, a share in proportion to that. Undefined without
 * a budget. The panel fits the budget without context (overBudget), so the shares add up to it. */
function memberBudgets(
  input: PanelPartInput,
  incrementals: readonly (Incremental | undefined)[],
): (number | undefined)[] {
  const limit = input.maxRoundTokens;
  if (limit === undefined || input.base.context === undefined) return input.plans.map(() => undefined);
  const token = input.newRoundToken();
  const bare = input.plans.map((p, i) =>
    promptsToSend(
      p.plan,
      incrementals[i],
      withoutContext(input.base),
      token,
      p.member.reviewer.contextWindow,
    ).reduce((n, prompt) => n + prompt.estimatedTokens, 0),
  );
  const sum = bare.reduce((n, b) => n + b, 0);
  const spare = Math.max(0, limit - sum);
  return bare.map((b) => b + (sum > 0 ? Math.floor((spare * b) / sum) : 0));
}

/** Every member asked at once, each through the single-reviewer part with its own plan, its own round
 * token (so no reply can carry another's) and its own incremental reuse; its log lines carry its label. */
function askMembers(
  input: PanelPartInput,
  incrementals: readonly (Incremental | undefined)[],
): Promise<ReviewerOutcome[]> {
  const budgets = memberBudgets(input, incrementals);
  return Promise.all(
    input.plans.map((p, i) =>
      reviewerPart({
        plan: p.plan,
        reviewer: p.member.reviewer,
        base: input.base,
        roundToken: input.newRoundToken(),
        concurrency: input.concurrency,
        ...(incrementals[i] !== undefined ? { incremental: incrementals[i] } : {}),
        ...(budgets[i] !== undefined ? { promptBudget: budgets[i] } : {}),
        fingerprint: p.fingerprint,
        log: (m) => input.log(attributed(p.member.label, m)),
      }),
    ),
  );
}

/** The members' outcomes combined by the panel lattice into one part, with every call, finding and
 * warning attributed to the reviewer it came from and each reviewer's row for the agreement table. */
function combinedPanel(input: PanelPartInput, outcomes: readonly ReviewerOutcome[]): PanelOutcome {
  const { plans, policy, fingerprint } = input;
  const label = (i: number) => (plans[i] as MemberPlan).member.label;
  const votes: PanelVote[] = outcomes.map((o, i) => ({
    label: label(i),
    result: o.part.result,
    verdict: o.verdict,
  }));
  const result = combinePanel(votes, policy);
  const verdict = panelVerdict(votes, policy);
  const coverage = panelCoverage(
    outcomes.map((o) => ({ coverage: o.coverage, value: o.part.result.value })),
    result.value === "YES",
  );
  const kept = keptTogether(outcomes.map((o) => o.keep));
  const askedFiles = askedByAll(outcomes);
  return {
    ...asked({
      result,
      // Already held where unseen, reviewer by reviewer: what a later round may reuse as it stands.
      held: true,
      verdict,
      coverage,
      summary: `${verdict} from the panel (${describePolicy(policy)}): ${votes.map((v) => `${v.label} ${v.verdict}`).join(", ")}; coverage ${formatCoverage(coverage)}`,
      calls: outcomes.flatMap((o, i) => o.calls.map((c) => ({ ...c, reviewer: label(i) }))),
      findings: outcomes.flatMap((o, i) =>
        o.findings.map((f) => ({
          ...f,
          reason: attributed(label(i), f.reason),
          raw: attributed(label(i), f.raw),
        })),
      ),
      notes: outcomes.flatMap((o, i) =>
        o.notes.map((f) => ({
          ...f,
          reason: attributed(label(i), f.reason),
          raw: attributed(label(i), f.raw),
        })),
      ),
      warnings: outcomes.flatMap((o, i) => o.warnings.map((w) => attributed(label(i), w))),
      fingerprint,
      ...(kept.files !== undefined ? { files: kept.files } : {}),
      texts: kept.texts,
      ...(askedFiles !== undefined ? { askedFiles } : {}),
      estimatedTokens: outcomes.reduce((n, o) => n + o.estimatedTokens, 0),
    }),
    panel: { policy: describePolicy(policy), members: outcomes.map((o, i) => memberReport(label(i), o)) },
  };
}

export async function panelPart(input: PanelPartInput): Promise<PanelOutcome> {
  const { plans, policy } = input;
  if (plans.length === 1) return soloPart(input, plans[0] as MemberPlan);
  const labels = plans.map((p) => p.member.label).join(", ");
  const incrementals = plans.map((p) => input.incremental?.(p.member));
  if (input.reuse !== undefined) return reusedPanel(input, input.reuse, incrementals, labels);
  input.log(`panel: ${plans.length} reviewers (${labels}), ${describePolicy(policy)}`);
  const over = overBudget(input, incrementals);
  if (over !== undefined) return over;
  return combinedPanel(input, await askMembers(input, incrementals));
}
