// One round on a change that is not a pull request on GitHub: the round the action runs
// (src/gate/round.ts), with a stand-in pull request made of the change (recorded-github.ts: the diff,
// the contract as the base's file, base files for the lockfile check) and the check run recorded
// instead of posted. `verdict-gate review` runs it on a local diff and `verdict-gate eval` on each case
// of a set, through this one function, so that what eval measures is what review and the action do:
// the same prompt, budget, chunking, reply contract, coverage rule and criteria.

import { LOCAL_PR, type LocalChange, localGitHub, recordWrites } from "../cli/recorded-github.js";
import type { RoundOutcome } from "../gate/context.js";
import { deadlineIn } from "../gate/reviewer-guard.js";
import { runPullRequestRound } from "../gate/round.js";
import type { Logger } from "../ports/github.js";
import type { TreeReader } from "../ports/tree.js";
import type { PanelMember } from "../reviewer-stage/panel.js";
import type { RoundSettings, Settings } from "../settings/settings.js";
import { REAL_ROUND_CLOCK } from "./round-clock.js";
import { makeRoundReviewers, roundContext } from "./round-context.js";

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
  readonly dependencies: "not-queried" | "not-checked";
  readonly now?: () => Date;
}

/** The round, ended as every round ends (one status, its reasons and the report); throws only as
 * runPullRequestRound does. */
/** The stand-in pull request's settings: the round's, on no repository, started by nobody. */
function standInSettings(round: RoundSettings): Settings {
  return {
    ...round,
    token: "",
    apiUrl: "https://api.github.com",
    serverUrl: "https://github.com",
    owner: "local",
    repo: "local",
    target: { kind: "pull_request", number: LOCAL_PR },
    forceReview: false,
    reviewComments: true,
    workspace: "",
  };
}

export async function runLocalRound(round: LocalRound): Promise<RoundOutcome> {
  const { port } = recordWrites(localGitHub(round.change), { dryRun: true, appSlug: "local" });
  const { reviewers } = round;
  const ctx = roundContext({
    settings: standInSettings(round.settings),
    github: port,
    log: round.log,
    reviewers: () => reviewers,
    // The tree is the change's new side by construction; there is no head commit to match it with.
    tree: { kind: "open", tree: round.tree },
    localDependencies: round.dependencies,
    ...(round.now !== undefined ? { now: round.now } : {}),
    deadline: deadlineIn(round.settings.roundDeadlineMinutes, REAL_ROUND_CLOCK),
  });
  return runPullRequestRound(ctx, LOCAL_PR);
}
