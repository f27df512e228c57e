// What one round needs from the outside world, as small interfaces. The round logic (round.ts) sees
// only these; the entry points wire them (src/entry/run-action.ts and the CLI, through
// src/compose/github.ts, src/compose/reviewer.ts and src/workspace/head.ts) to the GitHub API, the
// reviewer providers and the workspace, and tests wire them to fakes (__tests__/layers.test.ts keeps
// src/gate that way). Keeping the capabilities narrow is what lets the round stay readable and lets
// every error path be tested without a network.
import type { Diff } from "../diff/types.js";

export interface PullRequestInfo {
  number: number;
  headSha: string;
  baseSha: string;
  /** owner/name of the head repository: differs from the base for fork PRs. */
  headRepo: string;
  state: "open" | "closed";
  merged: boolean;
  draft: boolean;
  /** GitHub's test merge commit, which a `pull_request` workflow checks out by default. */
  mergeCommitSha: string | null;
  labels: readonly string[];
  title: string;
  body: string;
  author: string;
  /** GitHub's own counts, to detect files the gate never received. */
  changedFiles: number;
  additions: number;
  deletions: number;
}

export type ContractFile =
  | { kind: "found"; text: string; sha: string }
  | { kind: "missing" }
  | { kind: "unreadable"; message: string };

export interface Annotation {
  path: string;
  startLine: number;
  endLine: number;
  level: "failure" | "warning" | "notice";
  title: string;
  message: string;
}

export interface CheckOutput {
  title: string;
  summary: string;
  text?: string;
  annotations: readonly Annotation[];
}

/** The token may not create check runs (a fork PR under `pull_request` gets a read-only token). */
export class CannotWriteChecksError extends Error {
  override readonly name = "CannotWriteChecksError";
}

export interface CheckRunRef {
  id: number;
  /** The app that owns the check run; the round history is trusted only from its bot. Null when GitHub
   * did not say: no history can then be trusted, and the round holds (see round-history.ts). */
  appSlug: string | null;
  url: string;
  /** When GitHub started the check run, by GitHub's clock: the round's time (see round.ts). */
  startedAt?: string;
}

/** A change asked for by its commits: the check goes on `headSha`, so the change read is exactly its
 * own (a pull request number names whatever was pushed last). */
export interface ChangeRequest {
  /** The base commit; the change is three-dot, from the merge base, as a pull request's diff is. */
  baseSha: string;
  headSha: string;
  /** The pull request whose change this is: its counts check the diff when its head is `headSha`,
   * and its file list is read past the 300 files GitHub lists of a comparison. */
  pull?: Pick<PullRequestInfo, "number" | "headSha" | "changedFiles" | "additions" | "deletions">;
}

export interface GitHubPort {
  pullRequest(number: number): Promise<PullRequestInfo>;
  /** The change between two commits: the unified diff, or a file list when it cannot be used (see
   * src/github/change-diff.ts). */
  diff(change: ChangeRequest): Promise<Diff>;
  /** A file at a commit, through the contents API (the contract is read at the base commit). A file
   * over `maxBytes` (default: the adapter's cap for contracts) is unreadable. */
  readFile(path: string, ref: string, options?: { maxBytes?: number }): Promise<ContractFile>;
  /** `pr`: the pull request the round is for, recorded on the run (its external id) so that a later
   * round of another pull request at the same commit can find this one's verdicts. */
  startCheck(headSha: string, name: string, title: string, pr?: number): Promise<CheckRunRef>;
  /** Completes the check (conclusion) or leaves it in progress (null: conditional-on). */
  finishCheck(
    check: CheckRunRef,
    output: CheckOutput,
    conclusion: "success" | "failure" | "action_required" | null,
  ): Promise<void>;
  /** The gate's sticky history comment on the PR, trusted only when written by `trustedLogin`. */
  findComment(prNumber: number, marker: string, trustedLogin: string): Promise<StoredComment | undefined>;
  /** Creates the comment, or replaces the body of the one found before; returns the comment as GitHub
   * stored it (its body after redaction), or undefined from a port that writes nothing (a dry run, a
   * read-only token). */
  saveComment(
    prNumber: number,
    body: string,
    existing: StoredComment | undefined,
  ): Promise<StoredComment | undefined>;
  /** A user's permission on the repository: admin, maintain, write, triage, read or none. */
  permission(user: string): Promise<string>;
  /** The latest check runs with this name on a commit (for `check_run` dependencies). */
  checkRuns(ref: string, name: string): Promise<readonly CheckRunState[]>;
  /** The gate's own runs of this name on a pull request's head, newest first, as the round's start reads
   * them (one page): for a person's act, which asks before its round starts who judged the head last.
   * Optional: a port without it is asked `checkRuns` instead. The adapter keeps the list for the round
   * that follows (it takes over a run from it), so the head's runs are read once, and remembers the
   * history comment the runs name. */
  gateRuns?(headSha: string, name: string, pr: number): Promise<readonly CheckRunState[]>;
  /** The commit statuses with this context on a commit, newest first (for `status` dependencies);
   * with `creator`, only the statuses that login set. */
  statuses(ref: string, context: string, creator?: string): Promise<readonly CommitStatusState[]>;
  /** Who last added a label to a pull request (its latest `labeled` event), or null when no event
   * names anyone. */
  labelAddedBy(prNumber: number, label: string): Promise<string | null>;
  /** The open pull requests of this repository whose head is `sha`. `gated`: the pull request being
   * gated, known to be at `sha`; when GitHub's list of the commit's pull requests leaves it out, that
   * list is incomplete and the adapter reads every open pull request instead. */
  openPullsAt(sha: string, gated?: number): Promise<readonly number[]>;
  /** The pull requests the gate has judged at `sha`, whatever their state now: the ones its own check
   * runs of this name (`startCheck`'s `pr`) name. */
  judgedPullsAt(sha: string, checkName: string): Promise<readonly number[]>;
  /** Another pull request's state (for `pr_merged` dependencies), possibly in another repository. */
  pullRequestState(repo: string, number: number): Promise<{ state: "open" | "closed"; merged: boolean }>;
  /** The pull requests whose changes a merge group's head commit carries. */
  mergeGroupPulls(headSha: string, headRef: string): Promise<readonly MergeGroupPull[]>;
  /** Who wrote and committed the commits in `head` and not in `base` (three-dot, as a pull request's
   * commits are), for the people who pushed to a pull request (src/gate/pushers.ts); undefined when
   * GitHub knows no such comparison (a commit that is gone). */
  commitsBetween(base: string, head: string): Promise<CommitsBetween | undefined>;
  /** Requests made so far, for the summary and the benchmark. */
  requestCount(): number;
  /** Pull-request reviews and their threads, for showing findings (review-comments.ts). Absent from a
   * port that writes nothing (a dry run, a read-only token, a local review): nothing is shown. */
  reviews?: PullReviewsPort;
}

/** Who wrote a review or a comment, as GraphQL names them (a bot's login is its app's slug). */
export interface ReviewAuthor {
  type: string;
  login: string;
}

export interface PullReviewsPort {
  /** The pull request's review threads (each with its first comment and how many it holds) and its
   * latest reviews' bodies; `complete` false when there were more threads than read. */
  threads(prNumber: number): Promise<{
    threads: readonly {
      id: string;
      resolved: boolean;
      path: string;
      comments: number;
      first: { author: ReviewAuthor | null; body: string } | null;
    }[];
    reviews: readonly { author: ReviewAuthor | null; body: string }[];
    complete: boolean;
  }>;
  /** Posts one review with the event COMMENT; `line`s are on the new side of the diff. */
  postReview(
    prNumber: number,
    review: {
      commitId: string;
      body: string;
      comments: readonly { path: string; line: number; body: string }[];
    },
  ): Promise<void>;
  /** Resolves threads; returns the ids now resolved. */
  resolve(threadIds: readonly string[]): Promise<readonly string[]>;
}

export interface MergeGroupPull {
  number: number;
  /** The head the queue took (from the group's branch name), when known: the commit the pull
   * request's approve round must be for. Null: only its current head can be asked for. */
  queuedHeadSha: string | null;
}

/** The commits between two commits, each with the GitHub users its author and committer are (null
 * when GitHub matched no user to the commit's e-mail). */
export interface CommitsBetween {
  readonly commits: readonly {
    readonly sha: string;
    readonly author: string | null;
    readonly committer: string | null;
  }[];
  /** False when GitHub listed fewer commits than the comparison has (it lists the newest 250). */
  readonly complete: boolean;
}

export interface StoredComment {
  id: number;
  body: string;
  /** Further copies of the history found beside it (two first rounds at once), whose marker the port
   * took off: the round's report says so. */
  duplicates?: readonly number[];
}

export interface CheckRunState {
  status: string;
  conclusion: string | null;
  /** The check run's id, to tell our own run apart from the one being waited for. */
  id: number;
  /** The slug of the app that created it (a `check_run` requirement may pin it); null when unknown. */
  app?: string | null;
}

export interface CommitStatusState {
  state: "error" | "failure" | "pending" | "success";
  description: string | null;
}

/** The round's log. The action binds it to the runner (src/entry/run-action.ts; @actions/core through
 * src/compose/actions-runner.ts), the CLI to stderr; the round itself never imports a runner library. */
export interface Logger {
  info(message: string): void;
  warning(message: string): void;
  error(message: string): void;
  /** Detail for whoever turns on step debug logging (ACTIONS_STEP_DEBUG, or the CLI's --verbose). */
  debug(message: string): void;
  /** A foldable section of the log, one per phase of a round (phase.ts). Sections do not nest. */
  startGroup(name: string): void;
  endGroup(): void;
}
