// One round on a change that is not a pull request on GitHub (gate/local-round.ts), wired: the
// reviewers the settings name, made as the action makes them, the tree the change's new side is, the
// change read through the local adapter (workspace/local-change.ts), the round's deadline. `verdict-gate
// review` runs it on a local diff and `verdict-gate eval` on each case of a set.

import type { RoundOutcome } from "../gate/context.js";
import type { UnaskedRequires } from "../gate/dependencies-part.js";
import { runLocalRound as judgeLocally } from "../gate/local-round.js";
import { deadlineIn } from "../gate/reviewer-guard.js";
import type { Logger } from "../ports/github.js";
import type { TreeReader } from "../ports/tree.js";
import type { PanelMember } from "../reviewer-stage/panel.js";
import type { RoundSettings } from "../settings/settings.js";
import { defined } from "../util/defined.js";
import { type LocalChange, localChange } from "../workspace/local-change.js";
import { REAL_ROUND_CLOCK } from "./round-clock.js";
import { judgeContext, makeRoundReviewers } from "./round-context.js";

/** Who a local round asks: the settings' reviewer set, made (one reviewer is a panel of one). */
export type LocalReviewers = readonly PanelMember[];

/** The reviewers the settings name, made as the action makes them (each key to its own host, a
 * command in an empty directory without the GitHub token). Throws ReviewerConfigError or
 * CommandLineError for settings no call could work with; the CLI turns those into usage errors. */
export function makeLocalReviewers(
  settings: RoundSettings,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): LocalReviewers {
  const githubToken = env.GITHUB_TOKEN ?? env.GH_TOKEN ?? "";
  return makeRoundReviewers(settings, githubToken, env, { callerCwd: cwd }, "now")();
}

export interface LocalRound {
  /** The round's settings; `contractPath` is the path `change.contract` is served under. */
  readonly settings: RoundSettings;
  readonly reviewers: LocalReviewers;
  readonly change: LocalChange;
  /** The head's files, which the criteria and the withheld-file checks read. */
  readonly tree: TreeReader;
  readonly log: Logger;
  /** The contract's `requires`: pending and never asked (conditional-on), or left out of the status. */
  readonly dependencies: UnaskedRequires;
  readonly now?: () => Date;
}

export async function runLocalRound(round: LocalRound): Promise<RoundOutcome> {
  const ctx = judgeContext({
    settings: round.settings,
    log: round.log,
    reviewers: () => round.reviewers,
    // The tree is the change's new side by construction; there is no head commit to match it with.
    tree: { kind: "open", tree: round.tree },
    ...defined({ now: round.now }),
    deadline: deadlineIn(round.settings.roundDeadlineMinutes, REAL_ROUND_CLOCK),
  });
  return judgeLocally(ctx, localChange(round.change), round.dependencies);
}
