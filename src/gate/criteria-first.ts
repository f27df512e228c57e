// `when-criteria-block`: what happens to the reviewer when a contract criterion already blocks. By
// default (`ask-reviewer`) the criteria run while the reviewer is asked, so the author gets every
// finding in one round. With `skip-reviewer` they are checked first, and when they block, no reviewer
// call is made (nothing is paid) and the reviewer part says so. Not asked is a hold (MAYBE), never an
// approve, and the failed criterion makes the round blocked whatever the reviewer part says.
import type { Logger } from "../ports/github.js";
import type { PanelOutcome } from "../reviewer-stage/index.js";
import { notAsked } from "../reviewer-stage/outcome.js";
import { describePolicy } from "../verdict/panel.js";
import type { JudgeContext } from "./context.js";
import type { CriteriaPartOutcome } from "./criteria-part.js";
import { phase } from "./phase.js";
import type { Question } from "./reviewer-step.js";

/** The criteria, checked before the reviewer, and whether they block. */
export interface CriteriaFirst {
  readonly criteria: CriteriaPartOutcome;
  readonly blocks: boolean;
}

/** With `skip-reviewer`, the criteria checked now, in their own section of the log; otherwise
 * undefined, and they run beside the reviewer. */
export async function criteriaFirst(
  ctx: JudgeContext,
  check: () => Promise<CriteriaPartOutcome>,
): Promise<CriteriaFirst | undefined> {
  if (ctx.settings.whenCriteriaBlock !== "skip-reviewer") return undefined;
  const criteria = await phase(ctx.log, "Criteria", check);
  return { criteria, blocks: criteria.part.result.value === "NO" };
}

/** What the reviewer step says when a criterion blocked first. */
export const NOT_ASKED_WHY =
  "not asked: a contract criterion already blocks, and `when-criteria-block` is `skip-reviewer`";

/** The reviewer step: not asked when a criterion blocked first, else `ask()`. */
export function askUnlessBlocked(
  first: CriteriaFirst | undefined,
  question: Question,
  ask: () => Promise<PanelOutcome>,
): Promise<PanelOutcome> {
  if (first?.blocks !== true) return ask();
  const { coverage } = question.plan;
  return Promise.resolve({
    ...notAsked({
      why: `the reviewer was ${NOT_ASKED_WHY} (\`ask-reviewer\` asks it anyway, so the author gets every finding in one round)`,
      summary: NOT_ASKED_WHY,
      coverage: {
        ...coverage,
        files: { reviewed: 0, total: coverage.files.total },
        lines: { reviewed: 0, total: coverage.lines.total },
        complete: false,
        gaps: [...coverage.gaps, NOT_ASKED_WHY],
      },
      estimatedTokens: 0,
    }),
    panel: { policy: describePolicy(question.policy), members: [] },
  });
}

/** The criteria step: those checked first, said to be above, or `check()` beside the reviewer. */
export function criteriaStep(
  first: CriteriaFirst | undefined,
  log: Logger,
  check: () => Promise<CriteriaPartOutcome>,
): Promise<CriteriaPartOutcome> {
  if (first === undefined) return check();
  log.info("checked before the reviewer (above): `when-criteria-block` is `skip-reviewer`");
  return Promise.resolve(first.criteria);
}
