// What one round needs from the outside world, as small interfaces. The round logic (round.ts) sees
// only these; the entry points wire them (src/entry/run-action.ts and the CLI, through
// src/compose/github.ts, src/compose/reviewer.ts and src/workspace/head.ts) to the GitHub API, the
// reviewer providers and the workspace, and tests wire them to fakes (__tests__/layers.test.ts keeps
// src/gate that way). Keeping the capabilities narrow is what lets the round stay readable and lets
// every error path be tested without a network. GitHub is a few roles of a few methods each (the
// `GitHub` record below); what one call needs from an earlier read (the head's runs, a comment's id, a
// comparison) is a value the round reads once and hands on, never something an adapter remembers.
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
  /** The pull request the run is for (its external id names it); absent for a merge group's. */
  pr?: number;
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
  /** The comparison of exactly these two commits as an earlier read brought it (a merge group's
   * commits come with it): the diff is checked against its file list instead of reading it again. */
  compared?: Comparison;
}

/** A file of a comparison, as GitHub's JSON lists it. */
export interface ComparedFile {
  readonly filename: string;
  readonly status: string;
  readonly additions: number;
  readonly deletions: number;
  readonly changes: number;
  readonly patch?: string;
  readonly previous_filename?: string;
  readonly sha?: string | null;
}

/** A comparison's file list as its first page gave it, with the two commits it is of. */
export interface Comparison {
  readonly baseSha: string;
  readonly headSha: string;
  readonly files: readonly ComparedFile[];
}

/** One of the check runs of the gate's name on a head, with what its external id remembers. */
export interface GateRun extends CheckRunState {
  /** The pull request the run was for, when its external id is the gate's and names one. */
  readonly pr?: number;
  /** The id of that pull request's history comment, when the run remembers it. */
  readonly history?: number;
}

/** The check runs of the gate's name on a head, newest first, as ONE read found them (a page): read
 * once when a round starts, or by a person's act before it, and handed to whatever asks about them —
 * the run taken over or superseded, the history's id, the pull requests the gate judged there. */
export interface HeadRuns {
  readonly head: string;
  readonly name: string;
  readonly runs: readonly GateRun[];
  /** GitHub's count: more than `runs.length` when pages were left unread. */
  readonly total: number;
}

/** What a round's check run starts with. */
export interface CheckStart {
  head: string;
  name: string;
  title: string;
  /** The pull request the round is for, recorded on the run (its external id) so that a later round
   * of another pull request at the same commit can find this one's verdicts. Absent: a merge group. */
  pr?: number;
  /** The head's runs as the round read them (a pull request's round): its own run still in progress is
   * taken over rather than another created, and any others it left open are superseded. */
  runs?: HeadRuns;
}

/** The pull request and what it changes. */
export interface PullRequestSource {
  pullRequest(number: number): Promise<PullRequestInfo>;
  /** The change between two commits: the unified diff, or a file list when it cannot be used (see
   * src/github/change-diff.ts). */
  diff(change: ChangeRequest): Promise<Diff>;
  /** A file at a commit, through the contents API (the contract is read at the base commit). A file
   * over `maxBytes` (default: the adapter's cap for contracts) is unreadable. */
  readFile(path: string, ref: string, options?: { maxBytes?: number }): Promise<ContractFile>;
}

/** The gate's check runs: the head's read once, the round's own started and finished. */
export interface CheckRunSink {
  /** The runs of the gate's name on a head, newest first, one page (HeadRuns). */
  onHead(head: string, name: string): Promise<HeadRuns>;
  /** The round's run, in progress on the head. Throws CannotWriteChecksError for a read-only token. */
  startCheck(start: CheckStart): Promise<CheckRunRef>;
  /** Completes the check (conclusion) or leaves it in progress (null: conditional-on). `history`: the
   * id of the pull request's history comment, remembered on the run for the next round on the head. */
  finishCheck(
    check: CheckRunRef,
    output: CheckOutput,
    conclusion: "success" | "failure" | "action_required" | null,
    history?: number,
  ): Promise<void>;
}

/** Where to look for a history comment first: the id a run or an earlier read knows, and GitHub's
 * clock (the comments updated lately are looked through before every page). */
export interface CommentHint {
  id?: number;
  now?: string;
}

/** The pull request's round history, one sticky comment. */
export interface HistoryStore {
  /** The gate's history comment on the PR, trusted only when written by `trustedLogin`: fetched by
   * `hint.id` when it still is that comment, else looked for. */
  findComment(
    prNumber: number,
    marker: string,
    trustedLogin: string,
    hint?: CommentHint,
  ): Promise<StoredComment | undefined>;
  /** Creates the comment, or replaces the body of the one found before; returns the comment as GitHub
   * stored it (its body after redaction), or undefined from a port that writes nothing (a dry run, a
   * read-only token). */
  saveComment(
    prNumber: number,
    body: string,
    existing: StoredComment | undefined,
  ): Promise<StoredComment | undefined>;
}

/** What a contract's `requires` are asked about. */
export interface DependencyOracle {
  /** The latest check runs with this name on a commit (for `check_run` dependencies). */
  checkRuns(ref: string, name: string): Promise<readonly CheckRunState[]>;
  /** The commit statuses with this context on a commit, newest first (for `status` dependencies);
   * with `creator`, only the statuses that login set. */
  statuses(ref: string, context: string, creator?: string): Promise<readonly CommitStatusState[]>;
  /** Who last added a label to a pull request (its latest `labeled` event), or null when no event
   * names anyone. */
  labelAddedBy(prNumber: number, label: string): Promise<string | null>;
  /** Another pull request's state (for `pr_merged` dependencies), possibly in another repository. */
  pullRequestState(repo: string, number: number): Promise<{ state: "open" | "closed"; merged: boolean }>;
}

/** The other pull requests and commits around a head. */
export interface CommitPeers {
  /** The open pull requests of this repository whose head is `sha`. `gated`: the pull request being
   * gated, known to be at `sha`; when GitHub's list of the commit's pull requests leaves it out, that
   * list is incomplete and the adapter reads every open pull request instead. */
  openPullsAt(sha: string, gated?: number): Promise<readonly number[]>;
  /** The pull requests the gate has judged at `sha`, whatever their state now: the ones its own check
   * runs of this name (CheckStart's `pr`) name, read newest first past the one page of HeadRuns. */
  judgedPullsAt(sha: string, checkName: string): Promise<readonly number[]>;
  /** The pull requests whose changes a merge group's head commit carries, and the comparison read to
   * find them (the group's change: hand it to `diff`). */
  mergeGroupPulls(headSha: string, headRef: string): Promise<MergeGroupPulls>;
  /** Who wrote and committed the commits in `head` and not in `base` (three-dot, as a pull request's
   * commits are), for the people who pushed to a pull request (src/gate/pushers.ts); undefined when
   * GitHub knows no such comparison (a commit that is gone). */
  commitsBetween(base: string, head: string): Promise<CommitsBetween | undefined>;
}

/** Who acts, and when: a person's permission, the app this job's token acts as, and this job's
 * workflow run (who started this attempt, when it was asked for). A person's act is bound to them
 * (src/gate/person-act.ts). */
export interface People {
  /** A user's permission on the repository: admin, maintain, write, triage, read or none. */
  permission(user: string): Promise<string>;
  /** The slug of the app whose identity this token writes as: the one app whose history every check
   * of a person's act reads (its bot, `<slug>[bot]`, writes the history the round trusts). */
  actingApp(): Promise<string>;
  /** A workflow run of this repository, as GitHub keeps it. */
  workflowRun(id: number): Promise<WorkflowRunFacts>;
}

/** What GitHub says of a workflow run: who started it and this attempt, and when. */
export interface WorkflowRunFacts {
  readonly id: number;
  /** The event that started it (`workflow_dispatch`, `issue_comment`, …). */
  readonly event: string;
  /** 1 for the first attempt, higher for each re-run. */
  readonly attempt: number;
  /** When the run was asked for (the event), by GitHub's clock. */
  readonly createdAt: string;
  /** When this attempt started (a re-run's own time), when GitHub says. */
  readonly attemptStartedAt?: string;
  /** Who started the first attempt (GITHUB_ACTOR). */
  readonly actor: string | null;
  /** Who started this attempt (GITHUB_TRIGGERING_ACTOR): the one a re-run acts for. */
  readonly triggeringActor: string | null;
}

/** Everything a round asks of GitHub, by role. Each role is a few methods, so a wrapper (read-only,
 * recording, tracking) replaces the roles it changes and passes the others on whole. */
export interface GitHub {
  pulls: PullRequestSource;
  checks: CheckRunSink;
  history: HistoryStore;
  dependencies: DependencyOracle;
  peers: CommitPeers;
  people: People;
  /** Pull-request reviews and their threads, for showing findings (review-comments.ts). Absent from a
   * port that writes nothing (a dry run, a read-only token, a local review): nothing is shown. */
  reviews?: PullReviewsPort;
  /** Requests made so far, for the summary and the benchmark. */
  requestCount(): number;
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

export interface MergeGroupPulls {
  readonly pulls: readonly MergeGroupPull[];
  readonly compared?: Comparison;
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
  /** When GitHub last wrote it, by GitHub's clock, as GitHub returned it (absent when not said). */
  updatedAt?: string;
  /** Further copies of the history found beside it (two first rounds at once), whose marker the port
   * took off: the round's report says so. */
  duplicates?: readonly number[];
}

export interface CheckRunState {
  readonly status: string;
  readonly conclusion: string | null;
  /** The check run's id, to tell our own run apart from the one being waited for. */
  readonly id: number;
  /** The slug of the app that created it (a `check_run` requirement may pin it); null when unknown. */
  readonly app?: string | null;
  /** When GitHub completed it, by GitHub's clock (null or absent: not completed, or not said). */
  readonly completedAt?: string | null;
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
