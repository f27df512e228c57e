// The one place a round's context is built: the action (src/entry/run-action.ts) and `verdict-gate pr`
// (src/cli/pr.ts) wire a pull request's round (roundContext: GitHub too), a local round (local-round.ts:
// `verdict-gate review` and `eval`) only what judging needs (judgeContext), each saying only what
// differs for it — which log, when its reviewers are made, where the criteria read files. The clock,
// the round token and the version are the same for all three, and so are the rules for making
// reviewers: each key to its own host, a command in an empty directory without the GitHub token
// (reviewer.ts, panel.ts).
import type { JudgeContext, RoundContext } from "../gate/context.js";
import type { RoundDeadline } from "../gate/reviewer-guard.js";
import type { GitHub, Logger } from "../ports/github.js";
import type { TreeReader } from "../ports/tree.js";
import { newRoundToken } from "../review/round-token.js";
import type { PanelMember } from "../reviewer-stage/panel.js";
import type { RoundSettings, Settings } from "../settings/settings.js";
import { defined } from "../util/defined.js";
import { describeError } from "../util/describe-error.js";
import { VERSION } from "../util/version.js";
import { openTree } from "../workspace/fs-tree.js";
import { workspaceHead } from "../workspace/head.js";
import { makePanel } from "./panel.js";

/** Who the round asks: the settings' reviewer set, made (one reviewer is a panel of one). */
export type RoundReviewers = () => readonly PanelMember[];

/** Where reviewers run and what they may not run: `callerCwd`, from a terminal, where a relative
 * program was meant to be found; `checkout`, the pull request's files, none of which a command may
 * run (compose/reviewer.ts). */
export interface ReviewerPlaces {
  readonly callerCwd?: string;
  readonly checkout?: string;
}

/** The reviewers the settings name. `when`: "on first use" (the action: a person's decision or an
 * exhausted loop needs no reviewer, nor its key) or "now" (the CLI: settings no call could work with —
 * a key over plain http, a command that cannot start — throw here, before anything runs, and become a
 * usage error). */
export function makeRoundReviewers(
  settings: RoundSettings,
  githubToken: string,
  env: Readonly<Record<string, string | undefined>>,
  places: ReviewerPlaces,
  when: "now" | "on first use",
): RoundReviewers {
  if (when === "on first use") return () => makePanel(settings.reviewers, githubToken, env, places);
  const members = makePanel(settings.reviewers, githubToken, env, places);
  return () => members;
}

/** Where the criteria read the pull request's files. */
export type RoundTree =
  /** A checkout, opened when the criteria need it, whose commit the round compares with the head.
   * `called` names it in the message when it cannot be read (`the workspace DIR`, `--base-path DIR`);
   * `unset`, why there is none when `dir` is empty. */
  | { readonly kind: "checkout"; readonly dir: string; readonly called: string; readonly unset?: string }
  /** A tree already open that is the change's new side by construction (`verdict-gate review`'s
   * working tree): there is no head commit to match it with. */
  | { readonly kind: "open"; readonly tree: TreeReader };

/** What judging a change needs, wired: the same for a pull request's round and a local one. */
export interface JudgeWiring {
  readonly settings: RoundSettings;
  readonly log: Logger;
  readonly reviewers: RoundReviewers;
  readonly tree: RoundTree;
  /** The round's clock (default the real one; `verdict-gate eval` may fix it). */
  readonly now?: () => Date;
  /** When the round stops asking and holds with what it has (JudgeContext.deadline). */
  readonly deadline?: RoundDeadline;
}

export function judgeContext(wiring: JudgeWiring): JudgeContext {
  const { settings, log, reviewers, tree, now, deadline } = wiring;
  return {
    settings,
    reviewers,
    ...(tree.kind === "open"
      ? { openTree: () => tree.tree }
      : { openTree: () => openCheckout(tree), workspaceHead: () => workspaceHead(tree.dir) }),
    now: now ?? (() => new Date()),
    ...defined({ deadline }),
    newRoundToken,
    log,
    version: VERSION,
  };
}

/** A pull request's round: judging, GitHub and the run's own settings. */
export interface RoundWiring extends JudgeWiring {
  readonly settings: Settings;
  readonly github: GitHub;
}

export function roundContext(wiring: RoundWiring): RoundContext {
  return { ...judgeContext(wiring), settings: wiring.settings, github: wiring.github };
}

/** The checkout's files, or why they cannot be read: a hold naming it, never a round without them. */
function openCheckout(tree: Extract<RoundTree, { kind: "checkout" }>): TreeReader | { error: string } {
  if (tree.dir === "" && tree.unset !== undefined) return { error: tree.unset };
  try {
    return openTree(tree.dir);
  } catch (error) {
    return { error: `${tree.called} cannot be read: ${describeError(error)}` };
  }
}
