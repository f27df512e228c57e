// The evaluation of a change, wherever it runs: the contract at the base, the change, the context, the
// question framed, then the reviewer, the criteria and the dependencies together, and the parts decided
// under the loop rules of the history the round trusts. A pull request's round (round.ts) and a local
// round (local-round.ts) run this one evaluation, each on the Judged record it makes of its change:
// what eval measures is what review and the action do. Nothing here writes; the caller ends the round
// with what it concluded.

import { formatCoverage } from "../review/coverage.js";
import { type PanelOutcome, storedMembers, withFileVerdicts } from "../reviewer-stage/index.js";
import { defined } from "../util/defined.js";
import { append, roundCount } from "../verdict/history.js";
import { concludeRound, forcedAnswer, repeatsLast } from "../verdict/loop-rules.js";
import { decide, type Part } from "../verdict/round-decision.js";
import { annotationsFor } from "./annotations.js";
import type { JudgeContext, Judged } from "./context.js";
import { contextStep } from "./context-part.js";
import { type BaseContract, type Change, readChange, readContractAtBase } from "./contract-and-diff.js";
import { askUnlessBlocked, criteriaFirst, criteriaStep } from "./criteria-first.js";
import { type CriteriaPartOutcome, checkCriteria } from "./criteria-part.js";
import type { DependenciesPartOutcome } from "./dependencies-part.js";
import { withDismissals } from "./dismissals.js";
import { phase, phasesTogether } from "./phase.js";
import { roundFindings } from "./review-comments.js";
import { askReviewer, frameQuestion, type Question, reviewerReport } from "./reviewer-step.js";
import { spendOf } from "./round-cost.js";
import { coverageReport, type RoundEnding } from "./round-ending.js";
import { roundsPart, standingPart } from "./round-parts.js";

/** One evaluation of the change, as named steps in the order they run. Every step reads `judged` and
 * what the steps before it found; none writes anything. `answers`: this run's reviewer answers by
 * question, so that a round judged again on a changed history asks again only when the question did. */
export async function evaluate(
  ctx: JudgeContext,
  judged: Judged,
  answers: Map<string, PanelOutcome>,
): Promise<RoundEnding> {
  const { log } = ctx;
  // The contract and the diff are read one after the other, though neither needs the other: GitHub
  // sees a round's requests in one order, which the cost tests pin and a fault's attempt counts rely on.
  const contract = await phase(log, "Contract", () => readContractAtBase(ctx, judged.source));
  const change = await phase(log, "Diff", () =>
    readChange(ctx, judged.source, contract, judged.treeMismatch),
  );
  const context = await phase(log, "Context", () =>
    contextStep(ctx, {
      mode: ctx.settings.prompt.context,
      diff: change.diff,
      scope: change.scope,
      mismatch: change.mismatch,
    }),
  );
  const question = await phase(log, "Review plan", () =>
    frameQuestion(ctx, judged, contract, { ...change, context }),
  );
  // The criteria and the dependencies need nothing the reviewer says, so they run while it is asked.
  // With `when-criteria-block: skip-reviewer` the criteria come first, and a block asks nobody.
  const first = await criteriaFirst(ctx, () => checkContractCriteria(ctx, contract, change));
  const [review, criteria, dependencies] = await phasesTogether<
    [PanelOutcome, CriteriaPartOutcome, DependenciesPartOutcome]
  >(
    log,
    [
      "Reviewer",
      (l) =>
        askUnlessBlocked(first, question, () =>
          askReviewer({ ...ctx, log: l }, judged, contract, question, answers),
        ),
    ],
    [
      "Criteria",
      (l) => criteriaStep(first, l, () => checkContractCriteria({ ...ctx, log: l }, contract, change)),
    ],
    ["Dependencies", () => judged.dependencies(contract.contract?.requires ?? [])],
  );
  // A maintainer's dismissals in force (and the one this round concludes) apply after the policy.
  const dismissed = withDismissals(ctx.settings.checkName, judged, review, change.diff.files);
  const found = { contract, change, question, review: dismissed.review, criteria, dependencies };
  return concludeEvaluation(ctx, judged, { ...found, dismissed });
}

/** The contract's criteria on the checked-out tree and the change, unless the contract already
 * decided the part (missing or unusable). */
async function checkContractCriteria(
  ctx: JudgeContext,
  base: BaseContract,
  change: Change,
): Promise<CriteriaPartOutcome> {
  if (base.decided !== undefined) return base.decided;
  // readContract gives one or the other; neither would be a criteria part nobody decided.
  if (base.contract === undefined) throw new Error("the contract was neither read nor decided");
  return checkCriteria({
    contract: base.contract,
    source: ctx.settings.contractPath,
    tree: ctx.openTree(),
    diff: change.diff,
    ...defined({ treeMismatch: change.mismatch }),
  });
}

/** What the evaluation's steps found. */
interface Evaluated {
  contract: BaseContract;
  change: Change;
  question: Question;
  review: PanelOutcome;
  criteria: CriteriaPartOutcome;
  dependencies: DependenciesPartOutcome;
  /** The dismissals applied to the review: what the record stores of them, and the check run's lines. */
  dismissed: ReturnType<typeof withDismissals>;
}

/** The evaluation's parts, in the order the report shows them. */
function partsFound(judged: Judged, found: Evaluated): Part[] {
  const parts: Part[] = [found.review.part];
  const standing = standingPart(judged.history, found.review.part);
  if (standing !== undefined) parts.push(standing);
  if (found.change.lockfiles !== undefined) parts.push(found.change.lockfiles.part);
  parts.push(found.criteria.part, found.dependencies.part);
  return parts;
}

/** The parts decided and the loop rules applied: the evaluation's status. */
function concludeEvaluation(ctx: JudgeContext, judged: Judged, found: Evaluated): RoundEnding {
  const { settings } = ctx;
  const { history } = judged;
  const { head } = judged.source;
  const { review, criteria, dependencies: deps, question, dismissed } = found;
  const parts = partsFound(judged, found);
  const decision = decide(parts);
  const concluded = concludeRound({
    history,
    maxRounds: settings.maxRounds,
    head,
    at: ctx.now().toISOString(),
    // Stored bounded (loop-rules.ts caps every field); the check run reports it whole.
    outcome: decision.result,
    ...dismissed.record,
    coverage: formatCoverage(review.coverage),
    ...storedMembers(review.panel),
    usage: spendOf(review.calls, question),
    ...(Object.keys(deps.pendingSince).length > 0 ? { pendingSince: deps.pendingSince } : {}),
    binding: found.contract.binding,
    // Every forced answer on a head the gate answered counts against max-rounds (loop-rules.ts).
    ...(forcedAnswer(history, head, judged.forced) ? { forced: true } : {}),
    ...defined({ pushedBy: judged.pushedBy }),
  });
  // A re-evaluation that finds everything as the last round left it is posted, not recorded again.
  const fresh = !repeatsLast(history, concluded.record);
  const after = fresh
    ? withFileVerdicts(
        append(history, concluded),
        review.keep.files,
        review.keep.texts,
        concluded.record.round,
      )
    : history;
  const shownRound = fresh ? concluded.record.round : roundCount(history);
  const findings = roundFindings(review, question, found.change.diff.files, roundCount(history) > 0);
  return {
    round: shownRound,
    status: concluded.status,
    result: concluded.result,
    parts: [...parts, roundsPart(concluded, decision.status, shownRound, fresh, settings.maxRounds)],
    history: after,
    saveHistory: fresh,
    notes: [...question.notes, ...dismissed.notes],
    sections: {
      coverage: coverageReport(review.coverage),
      reviewer: reviewerReport(question, review, after),
      criteria: criteria.report,
      budget: { used: concluded.record.receipt.after.blockedRounds, max: settings.maxRounds },
      waitingOn: deps.items.filter((i) => i.state === "pending").map((i) => i.req.type),
    },
    annotations: annotationsFor(review.findings, criteria.checked, question.plan.inScope),
    ...defined({ findings: findings && { ...findings, dismissable: dismissed.stored !== undefined } }),
    reviewerVerdict: review.verdict,
    coverage: formatCoverage(review.coverage),
  };
}
