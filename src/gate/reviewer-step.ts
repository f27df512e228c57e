// The round's reviewer steps: the question framed ("Review plan": the prompt's conditions, each
// reviewer's plan, the notes a person should read about the change), the reviewer stage asked
// ("Reviewer", src/reviewer-stage/), and the reviewer's section of the report. The reviewer stage
// decides what to ask and what to reuse; this file hands it what the round read.

import { severityPolicyOf } from "../criteria/contract-schema.js";
import type { ReviewerReport } from "../report/round-report.js";
import { verdictLikeLines } from "../review/forgery.js";
import { budgetBasis, promptOverheadTokens, widestWindow } from "../review/plan.js";
import { withheldFiles } from "../review/prompt.js";
import { scopeFiles } from "../review/scope.js";
import {
  askReviewers,
  earlierAbout,
  frameQuestion as frameReviewerQuestion,
  type PanelMember,
  type PanelOutcome,
  type PromptBase,
  type ReviewerQuestion,
} from "../reviewer-stage/index.js";
import type { CostSettings } from "../settings/cost-inputs.js";
import type { RoundSettings } from "../settings/settings.js";
import { describeFinding } from "../verdict/findings.js";
import { earlierReasons, type History, roundCount } from "../verdict/history.js";
import { costSoFar, tokensSoFar } from "../verdict/loop-rules.js";
import { describePolicy } from "../verdict/panel.js";
import { describeSeverityPolicy, type SeverityPolicy, severityWord } from "../verdict/severity-policy.js";
import { bindingNote } from "./binding.js";
import type { JudgeContext, Judged } from "./context.js";
import { type ContextStep, contextNote } from "./context-part.js";
import type { BaseContract, Change } from "./contract-and-diff.js";
import { earlierUnderDismissals } from "./dismissals.js";
import { affordUnder, roundCost } from "./round-cost.js";
import { verdictLikeNote } from "./round-messages.js";
import { reviewedDespiteNameNotes } from "./withheld.js";

/** What the reviewer is asked (the reviewer stage's question: the prompt's conditions, each reviewer's
 * plan), and the notes a person should read about the change. */
export interface Question extends ReviewerQuestion {
  notes: string[];
  /** Prices and the cost cap (`price-in`, `price-out`, `max-pr-cost`). */
  cost: CostSettings;
  /** What the round gathered to show besides the diff, for the reviewer's section. */
  context?: string;
}

export function frameQuestion(
  ctx: JudgeContext,
  judged: Judged,
  base: BaseContract,
  change: Change & { context: ContextStep },
): Question {
  const { settings, log } = ctx;
  const { history } = judged;
  const prompt = promptBase(settings, judged, base, change);
  // Each reviewer's chunks from its own context window (earlier reasons, conditions and a PR
  // description counted in the overhead); the files in scope are the same for every reviewer.
  const members = ctx.reviewers();
  // A file over the budget holds the round: the hold names the window each reviewer was assumed to
  // have and the setting that changes it, not only -v's debug line.
  const overheadTokens = promptOverheadTokens(prompt);
  const budgeted = members.map((m) => ({ ...m.reviewer, label: m.label }));
  const basis = budgetBasis(budgeted, { maxDiffTokens: settings.diff.maxDiffTokens, overheadTokens });
  const widest = widestWindow(budgeted, overheadTokens);
  const question = frameReviewerQuestion({
    members,
    policy: settings.reviewers.policy,
    diff: change.diff,
    scope: { ...change.scope, budgetBasis: basis, ...(widest !== undefined ? { widestWindow: widest } : {}) },
    base: prompt,
    maxDiffTokens: settings.diff.maxDiffTokens,
  });
  const { plan, plans } = question;
  log.info(
    `diff: ${change.diff.files.length} files (${change.diff.source}); ${plan.inScope.length} in scope, ${plans.reduce((n, p) => n + p.plan.chunks.length, 0)} reviewer call(s)`,
  );
  for (const { member, plan: planned } of plans) {
    log.debug(
      `reviewer ${member.label}: context window ${member.reviewer.contextWindow} tokens (${member.reviewer.contextWindowBasis ?? "its provider's figure"}), prompt overhead ${overheadTokens} tokens, ${planned.chunks.length} call(s)`,
    );
  }

  const notes = [bindingNote(history, base.binding), judged.pushNote].filter(
    (n): n is string => n !== undefined,
  );
  for (const how of change.diff.howRead ?? []) notes.push(`The change: ${how}.`);
  notes.push(...base.guidelines.notes);
  notes.push(...reviewedDespiteNameNotes(plan.reviewedDespiteName));
  const verdictLike = verdictLikeNote(verdictLikeLines(plan.inScope));
  if (verdictLike !== undefined) notes.push(verdictLike);
  const context = contextNote(change.context);
  return { ...question, notes, cost: settings.cost, ...(context !== undefined ? { context } : {}) };
}

/** The prompt's parts that are the same for every chunk. */
function promptBase(
  settings: RoundSettings,
  judged: Judged,
  base: BaseContract,
  change: Change & { context: ContextStep },
): PromptBase {
  const { prompt } = settings;
  const { contract } = base;
  // Earlier reasons from other commits go to the reviewer to check; re-evaluations of this same head
  // would otherwise change the prompt and defeat the reuse of its recorded verdict.
  // Each names the file it is about, so a chunk is shown only its own files' reasons and those about
  // the change as a whole: a file not sent again keeps its verdict without drawing UNRESOLVED holds.
  // A finding a maintainer dismissed is shown as dismissed, with its reason, not as a reason to check,
  // while the dismissal is in force on this diff; a lapsed one leaves the reason to check.
  const { earlier: undismissed, dismissed } = earlierUnderDismissals({
    earlier: earlierReasons(judged.history, judged.source.head),
    history: judged.history,
    checkName: settings.checkName,
    files: change.diff.files,
    head: judged.source.head,
  });
  const earlier = earlierAbout(undismissed, change.diff.files);
  const withheld = withheldFiles(
    scopeFiles(change.diff.files, change.scope).excluded,
    change.lockfiles?.changes,
  );
  return {
    ...(prompt.task !== null ? { task: prompt.task } : {}),
    ...(prompt.instructions !== null ? { instructions: prompt.instructions } : {}),
    ...(contract !== undefined
      ? {
          conditions: {
            intendedAction: contract.intended_action,
            criteria: contract.success_criteria.map((c) => ({ id: c.id, description: c.description })),
            unverifiableClaims: contract.unverifiable_claims,
          },
        }
      : {}),
    ...(earlier.length > 0 ? { earlierReasons: earlier } : {}),
    ...(dismissed.length > 0
      ? { dismissed: dismissed.map((d) => ({ finding: d.text, reason: d.reason })) }
      : {}),
    includePrDescription: prompt.includePrDescription,
    ...(prompt.includePrDescription
      ? { authorClaims: { title: judged.description?.title ?? "", body: judged.description?.body ?? "" } }
      : {}),
    // Named so that code in the diff loading one of them stands out.
    ...(withheld.length > 0 ? { withheld } : {}),
    ...(base.guidelines.guidelines.length > 0 ? { guidelines: base.guidelines.guidelines } : {}),
    ...(change.context.kind === "gathered" ? { context: change.context.gathered.material } : {}),
    // The contract's policy, read at the base: what the prompt asks for and how the reply is read.
    ...optional("policy", severityPolicyOf(contract)),
  };
}

/** The reviewer stage (src/reviewer-stage/): an answer this run already has for the same question,
 * a verdict recorded for it (this pull request's own or another's of the same head), or the reviewers
 * asked about the files whose kept verdicts do not stand. */
export async function askReviewer(
  ctx: JudgeContext,
  judged: Judged,
  base: BaseContract,
  question: ReviewerQuestion,
  answers: Map<string, PanelOutcome>,
): Promise<PanelOutcome> {
  const { settings } = ctx;
  const review = await askReviewers(
    {
      question,
      head: judged.source.head,
      history: judged.history,
      binding: base.binding,
      // Folded rounds count: the round number is the chain's, not the stored array's.
      round: roundCount(judged.history) + 1,
      force: judged.forced,
      concurrency: settings.reviewers.concurrency,
      ...optional("maxRoundTokens", settings.reviewers.maxRoundTokens),
      // A forced answer is a maintainer's act: it is asked whatever the pull request has spent.
      ...optional(
        "afford",
        settings.cost.maxPrCost !== undefined && !judged.forced
          ? affordUnder(settings.cost.maxPrCost, costSoFar(judged.history), settings.cost)
          : undefined,
      ),
      newRoundToken: ctx.newRoundToken,
      log: { info: (m) => ctx.log.info(m), debug: (m) => ctx.log.debug(m) },
      otherHistories: async () => [...(await judged.otherHistories())],
    },
    answers,
  );
  for (const w of review.warnings) ctx.log.warning(w);
  return overruledSaid(review);
}

/** A request for changes the contract's policy overruled says so in the reviewer's part, which an
 * approve's report leads with: the status is approve although the reviewer's word was not. */
function overruledSaid(review: PanelOutcome): PanelOutcome {
  if (review.verdict !== "REQUEST_CHANGES" || review.part.result.value !== "YES") return review;
  const n = review.notes.length;
  const which =
    n > 0 ? `none of its ${n} finding${n === 1 ? "" : "s"} blocks` : "none of its findings blocks";
  return {
    ...review,
    part: {
      ...review.part,
      summary: `${review.part.summary}; the reviewer asked for changes; by the contract's policy ${which}`,
    },
  };
}

/** The reviewer's section of the report; `after` is the history with this round, whose tokens it
 * totals. */
export function reviewerReport(question: Question, review: PanelOutcome, after: History): ReviewerReport {
  const { members, policy } = question;
  return {
    ...optional("context", question.context),
    label:
      members.length === 1
        ? (members[0] as PanelMember).reviewer.label
        : `a panel of ${members.length} (${describePolicy(policy)})`,
    verdict: review.verdict,
    panel: review.panel,
    calls: review.calls,
    ...(review.source.kind === "reused" ? { reusedFromRound: review.source.round } : {}),
    ...(review.source.kind === "reused" && review.source.pr !== undefined
      ? { reusedFromPr: review.source.pr }
      : {}),
    ...optional("reusedFiles", review.reusedFiles),
    tokensTotal: tokensSoFar(after),
    warnings: review.warnings,
    ...policyReport(question.base.policy, review),
    ...costReport(question, review, after),
  };
}

/** This round's cost and the pull request's total so far, with the prices used: absent while no
 * reviewer of the round has a price. */
function costReport(question: Question, review: PanelOutcome, after: History): Pick<ReviewerReport, "cost"> {
  const cost = roundCost(review.calls, question.members, question.cost);
  const total = costSoFar(after);
  if (cost.prices.length === 0 && total === 0) return {};
  return {
    cost: {
      round: cost.usd,
      total,
      prices: cost.prices,
      estimatedCalls: cost.estimatedCalls,
      unpricedCalls: cost.prices.length > 0 ? cost.unpricedCalls : 0,
      ...optional("cap", question.cost.maxPrCost),
    },
  };
}

/** What the contract's policy did with the reviewer's findings, for its section: the policy in words,
 * the notes (findings below the line), and whether it overruled a request for changes. */
function policyReport(
  policy: SeverityPolicy | undefined,
  review: PanelOutcome,
): Pick<ReviewerReport, "policy" | "notes" | "overruled"> {
  if (policy === undefined) return {};
  const notes = review.notes.map((f) => `${severityWord(f.severity)} ${describeFinding(f)}`);
  // The reviewer's word asked for changes and its part approves: only a policy overrule does that.
  const overruled = review.verdict === "REQUEST_CHANGES" && review.part.result.value === "YES";
  return {
    policy: describeSeverityPolicy(policy),
    ...(notes.length > 0 ? { notes } : {}),
    ...(overruled ? { overruled: review.notes.length } : {}),
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
