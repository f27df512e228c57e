// A round on a change that is not a pull request on GitHub — a diff and a tree on disk (`verdict-gate
// review`) or an eval case — judged by the evaluation a pull request's round runs (evaluation.ts): the
// same prompt, budget, chunking, reply contract, coverage rule and criteria, so that what eval measures
// is what review and the action do. It has no history (it is a first round, whatever was judged
// before), no person acts on it, nothing is asked of GitHub (its `requires` are pending, never asked,
// or left out), and nothing is written: its report is the caller's to print.
import type { ChangeSource } from "../ports/change.js";
import type { PanelOutcome } from "../reviewer-stage/index.js";
import { emptyHistory } from "../verdict/history.js";
import type { JudgeContext, Judged, RoundOutcome } from "./context.js";
import { type UnaskedRequires, unaskedDependencies } from "./dependencies-part.js";
import { evaluate } from "./evaluation.js";
import { withGuardedReviewers } from "./reviewer-guard.js";
import { endingOutcome, endingReport } from "./round-ending.js";

/** The round, ended as every round ends (one status, its reasons and the report); throws only what the
 * evaluation throws (a reviewer never does). */
export async function runLocalRound(
  given: JudgeContext,
  change: ChangeSource,
  requires: UnaskedRequires,
): Promise<RoundOutcome> {
  // Every reviewer of the round stops being asked once it cannot help, and by the deadline.
  const ctx = withGuardedReviewers(given);
  const judged: Judged = {
    source: change,
    // Never kept: it belongs to no pull request.
    history: emptyHistory(0, ctx.settings.checkName),
    // The tree is the change's new side by construction.
    treeMismatch: () => undefined,
    forced: false,
    otherHistories: async () => [],
    dependencies: async (required) => unaskedDependencies(required, requires, change.head, ctx.now()),
  };
  const ending = await evaluate(ctx, judged, new Map<string, PanelOutcome>());
  const report = endingReport(
    {
      round: ending.round,
      headSha: change.head,
      checkName: ctx.settings.checkName,
      notes: [],
      version: ctx.version,
    },
    ending,
  );
  return endingOutcome(ending, report);
}
