// What one round needs and what it produces. JudgeContext carries what judging a change needs wherever
// it runs (the reviewers, the tree, the clock); RoundContext adds what a pull request's round needs
// (GitHub, the run's settings), so the round decides the order and the rules, never how the world is
// reached; RoundOutcome is what the action and the CLI report from it.

import type { Requirement } from "../criteria/requirement-schema.js";
import type { ChangeSource } from "../ports/change.js";
import type { CheckRunRef, GitHub, HeadRuns, Logger, PullRequestInfo } from "../ports/github.js";
import type { TreeReader } from "../ports/tree.js";
import type { RoundReport } from "../report/round-report.js";
import type { OtherHistory } from "../reviewer-stage/index.js";
import type { PanelMember } from "../reviewer-stage/panel.js";
import type { RoundSettings, Settings } from "../settings/settings.js";
import type { Finding } from "../verdict/findings.js";
import type { Status } from "../verdict/four-values.js";
import type { History, StoredDismissal } from "../verdict/history.js";
import type { ReviewerVerdict } from "../verdict/vocabulary.js";
import type { DependenciesPartOutcome } from "./dependencies-part.js";
import type { Exclusions } from "./history-rows.js";
import type { ConfirmedAct } from "./person-act.js";
import type { RoundDeadline } from "./reviewer-guard.js";
import type { LoadedHistory } from "./round-history.js";

/** What judging a change needs, wherever it runs (a pull request's round, a local one). */
export interface JudgeContext {
  settings: RoundSettings;
  /** Who the round asks (the settings' reviewer set: one reviewer is a panel of one), created on first
   * use: a person's decision or an exhausted loop needs no reviewer (or its key). */
  reviewers: () => readonly PanelMember[];
  /** The checked-out tree the criteria read, or why it cannot be read. */
  openTree: () => TreeReader | { error: string };
  /** The commit the workspace has checked out, or undefined when it cannot be told (no .git): the
   * criteria then hold, since they would judge files of unknown origin. Absent when the tree is not
   * meant to be a commit (`verdict-gate review` checks the working tree itself). */
  workspaceHead?: () => string | undefined;
  now: () => Date;
  /** When the round stops asking its reviewers and holds with what it has (reviewer-guard.ts); absent:
   * no deadline (a library caller's round). */
  deadline?: RoundDeadline;
  newRoundToken: () => string;
  log: Logger;
  version: string;
}

/** A pull request's round: judging, plus GitHub and the run's own settings (the event, the act). */
export interface RoundContext extends JudgeContext {
  settings: Settings;
  github: GitHub;
}

export interface RoundOutcome {
  /** Undefined when nothing was gated (a closed pull request). */
  status?: Status;
  message: string;
  checkRunId?: number;
  headSha?: string;
  round?: number;
  reviewerVerdict: ReviewerVerdict;
  coverage: string;
  reasons: string[];
  /** The `exclusions` output: the round history as an author's agent reads it; null when nothing was
   * recorded for a pull request (a closed one, a merge group). */
  exclusions: Exclusions | null;
  jobSummary: string;
  /** What the round reported, for renderers besides the check run's (the CLI's terminal report). */
  report?: RoundReport;
  /** The reviewer's BLOCKING findings of this round, where it was asked and named any (absent when its
   * verdict was reused): `verdict-gate eval` reads where they point. */
  findings?: readonly Finding[];
  /** Its findings below the contract's policy line (notes), posted or not: eval counts them by severity. */
  notes?: readonly Finding[];
  /** Why no check run could be posted (the step must then fail, whatever the status). */
  checkUnavailable?: string;
}

/** A pull request's round once its check run exists: what every step reads and finishRound ends. */
export interface OpenRound {
  pr: PullRequestInfo;
  /** The commit judged: the one the event named (the check run is on it), not the PR's head now. */
  head: string;
  check: CheckRunRef;
  /** The head's runs as the round's start read them, for the first reading of the history (round.ts):
   * which pull requests the gate judged at the head, where their histories are. Absent once the
   * history changed underneath and the round is judged again. */
  runs?: HeadRuns;
  /** The history as read for this attempt (round.ts reads it again when it changes underneath). */
  loaded: LoadedHistory;
  /** The person's act the round carries, as checked before anything was posted (person-act.ts). */
  act?: ConfirmedAct;
}

/** A change under judgement, and what its run knows about it: the evaluation (evaluation.ts) reads only
 * this and a JudgeContext. A pull request's round makes it of the pull request on GitHub and the history
 * it trusts (round.ts); a local round of a diff on disk, with no history (local-round.ts). */
export interface Judged {
  readonly source: ChangeSource;
  /** The rounds before this one, as the round trusts them (a local round: none). */
  readonly history: History;
  /** The pull request's title and body, for include-pr-description (a local diff has none). */
  readonly description?: { readonly title: string; readonly body: string };
  /** Why the checked-out tree is not the change's, if it is not; asked once the change is read. */
  readonly treeMismatch: () => string | undefined;
  /** A forced answer (force-review): nothing recorded is reused, and it counts against max-rounds. */
  readonly forced: boolean;
  /** Who pushed the head, recorded with the round (pushers.ts). */
  readonly pushedBy?: string;
  /** What the push went over, for the notes (round-history.ts pushNote). */
  readonly pushNote?: string;
  /** The histories of other pull requests that judged the head (a local diff: none). */
  readonly otherHistories: () => Promise<readonly OtherHistory[]>;
  /** The contract's `requires`, judged: asked of GitHub, or (a local round) never asked. */
  readonly dependencies: (requires: readonly Requirement[]) => Promise<DependenciesPartOutcome>;
  /** A maintainer's dismissal this round concludes (src/gate/dismissals.ts). */
  readonly dismissal?: StoredDismissal;
}
