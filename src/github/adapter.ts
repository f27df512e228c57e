// The GitHub half of the round's ports (src/ports/github.ts), bound to the functions of this folder.
// The round sees only the port; everything that reaches GitHub, and every error it can raise, is here.
import type { Diff } from "../diff/types.js";
import {
  CannotWriteChecksError,
  type ChangeRequest,
  type CheckOutput,
  type CheckRunRef,
  type CheckRunState,
  type CommitStatusState,
  type ContractFile,
  type GitHubPort,
  type Logger,
  type MergeGroupPull,
  type PullRequestInfo,
  type StoredComment,
} from "../ports/github.js";
import { type ComparisonFile, getChangeDiff } from "./change-diff.js";
import { createCheckRun, gateBotLogin, updateCheckRun } from "./check-run.js";
import { listCheckRunsForRef } from "./check-runs-for-ref.js";
import type { GitHubClient } from "./client.js";
import { getCommitStatus } from "./combined-status.js";
import { listOpenPullsAtCommit } from "./commit-pulls.js";
import { listCommitsBetween } from "./commits-between.js";
import { readFileAtRef } from "./contents.js";
import { GitHubError, isGitHubError } from "./errors.js";
import { createIssueComment, updateIssueComment } from "./issue-comments.js";
import { latestLabeled } from "./issue-events.js";
import { listMergeGroupPullRequests } from "./merge-group.js";
import { getCollaboratorPermission } from "./permission.js";
import { getPullRequest, getPullRequestState } from "./pull-request.js";
import { createCommentReview } from "./pull-reviews.js";
import { parseRepository, type RepositoryRef } from "./repository-ref.js";
import { listReviewThreads, resolveReviewThreads } from "./review-threads.js";
import { latestStatusBy } from "./statuses-by-creator.js";
import { findStickyComment } from "./sticky-comment.js";

/** The external id the gate gives its check runs: the pull request the round was for. */
export function externalIdOf(pr: number): string {
  return `verdict-gate:pr:${pr}`;
}

function pullOfExternalId(id: string): number | null {
  const m = /^verdict-gate:pr:([1-9]\d{0,9})$/.exec(id);
  return m === null ? null : Number(m[1]);
}

export interface GitHubPortOptions {
  /** Largest contract file read (default 5 MiB). */
  readonly maxFileBytes?: number;
  /** Comment pages read to find the history (default 10, i.e. 1,000 comments). */
  readonly maxCommentPages?: number;
}

/** What every GitHub call of one port is bound to, and what the port remembers between its calls. */
interface Bound {
  readonly client: GitHubClient;
  readonly repository: RepositoryRef;
  readonly log: Logger;
  readonly options: GitHubPortOptions;
  /** Comparison file lists already read, by `base...head` of two SHAs: a merge group's commits and its
   * change's file list come in one answer, so the diff is checked against it without asking again. */
  readonly comparisons: Map<string, readonly ComparisonFile[]>;
}

export function createGitHubPort(
  client: GitHubClient,
  repository: RepositoryRef,
  log: Logger,
  options: GitHubPortOptions = {},
): GitHubPort {
  const bound: Bound = { client, repository, log, options, comparisons: new Map() };
  return {
    pullRequest: (number) => pullRequestInfo(bound, number),
    diff: (change) => changeDiff(bound, change),
    readFile: (path, ref, read = {}) => contractFile(bound, path, ref, read),
    startCheck: (headSha, name, title, pr) => startCheck(bound, headSha, name, title, pr),
    finishCheck: (check, output, conclusion) => finishCheck(bound, check, output, conclusion),
    findComment: (prNumber, marker, trustedLogin) => findComment(bound, prNumber, marker, trustedLogin),

    async saveComment(prNumber, body, existing) {
      const saved =
        existing !== undefined
          ? await updateIssueComment(client, repository, existing.id, body)
          : await createIssueComment(client, repository, prNumber, body);
      return { id: saved.id, body: saved.body };
    },

    async permission(user) {
      return (await getCollaboratorPermission(client, repository, user)).role;
    },

    checkRuns: (ref, name) => checkRuns(bound, ref, name),
    statuses: (ref, context, creator) => statuses(bound, ref, context, creator),

    async labelAddedBy(prNumber, label) {
      return (await latestLabeled(client, repository, prNumber, label))?.actor?.login ?? null;
    },

    openPullsAt: (sha, gated) => openPullsAt(bound, sha, gated),
    judgedPullsAt: (sha, checkName) => judgedPullsAt(bound, sha, checkName),

    async pullRequestState(repo, number) {
      return getPullRequestState(client, parseRepository(repo), number);
    },

    mergeGroupPulls: (headSha, headRef) => mergeGroupPulls(bound, headSha, headRef),
    commitsBetween: (base, head) => listCommitsBetween(client, repository, base, head),

    reviews: {
      threads: (prNumber) => listReviewThreads(client, repository, prNumber),
      async postReview(prNumber, review) {
        await createCommentReview(client, repository, prNumber, review);
      },
      resolve: (ids) => resolveReviewThreads(client, repository, ids),
    },

    requestCount: () => client.stats.requests,
  };
}

async function pullRequestInfo({ client, repository }: Bound, number: number): Promise<PullRequestInfo> {
  const pr = await getPullRequest(client, repository, number);
  return {
    number: pr.number,
    headSha: pr.headSha,
    baseSha: pr.baseSha,
    // A deleted fork has no name; "" never equals the base repository, so it still reads as a fork.
    headRepo: pr.headRepository ?? "",
    state: pr.state,
    merged: pr.merged,
    draft: pr.draft,
    mergeCommitSha: pr.mergeCommitSha,
    labels: pr.labels,
    title: pr.title,
    body: pr.body,
    author: pr.author?.login ?? "ghost",
    changedFiles: pr.changedFiles,
    additions: pr.additions,
    deletions: pr.deletions,
  };
}

/** The change's diff, checked against a comparison file list a merge group already brought; how it was
 * read (any fallback) is logged and kept with it. */
async function changeDiff(
  { client, repository, log, comparisons }: Bound,
  change: ChangeRequest,
): Promise<Diff> {
  const known = comparisons.get(`${change.baseSha}...${change.headSha}`);
  const read = await getChangeDiff(
    client,
    repository,
    {
      baseSha: change.baseSha,
      headSha: change.headSha,
      ...(change.pull !== undefined ? { pull: change.pull } : {}),
    },
    known !== undefined ? { comparisonFiles: known } : {},
  );
  for (const note of read.notes) log.info(note);
  return read.notes.length > 0 ? { ...read.diff, howRead: read.notes } : read.diff;
}

/** A file at a ref as the criteria read it: text, missing, or unreadable with the reason (not UTF-8,
 * too large, not a file). */
async function contractFile(
  { client, repository, options }: Bound,
  path: string,
  ref: string,
  read: { maxBytes?: number },
): Promise<ContractFile> {
  const maxBytes = read.maxBytes ?? options.maxFileBytes;
  const file = await readFileAtRef(client, repository, path, ref, maxBytes !== undefined ? { maxBytes } : {});
  switch (file.kind) {
    case "found":
      return file.text === null
        ? { kind: "unreadable", message: `${path} is not UTF-8 text` }
        : { kind: "found", text: file.text, sha: file.blobSha };
    case "not-found":
      return { kind: "missing" };
    case "too-large":
      return {
        kind: "unreadable",
        message: `${path} is ${file.size === null ? "over GitHub's 100 MB limit" : `${file.size} bytes`}, more than the ${file.limit} the gate reads`,
      };
    case "not-a-file":
      return {
        kind: "unreadable",
        message: `${path} is a ${file.type === "dir" ? "directory" : file.type}, not a file`,
      };
  }
}

async function startCheck(
  { client, repository, log }: Bound,
  headSha: string,
  name: string,
  title: string,
  pr: number | undefined,
): Promise<CheckRunRef> {
  try {
    const run = await createCheckRun(client, repository, {
      name,
      headSha,
      title,
      summary: title,
      ...(pr !== undefined ? { externalId: externalIdOf(pr) } : {}),
    });
    // The history is trusted only from the bot of the app that owns this check run. When GitHub
    // does not name the app there is no such bot, and no default either (github-actions[bot] is
    // every workflow's): the round finds appSlug null and holds.
    if (gateBotLogin(run) === null) {
      log.warning(
        `GitHub did not say which app owns check run ${run.id}: no round history can be trusted, so this round holds`,
      );
    }
    return {
      id: run.id,
      appSlug: run.app?.slug ?? null,
      url: run.htmlUrl ?? "",
      ...(run.startedAt !== null ? { startedAt: run.startedAt } : {}),
    };
  } catch (error) {
    if (isGitHubError(error, "checks-not-writable")) throw new CannotWriteChecksError(error.message);
    throw error;
  }
}

async function finishCheck(
  { client, repository }: Bound,
  check: CheckRunRef,
  output: CheckOutput,
  conclusion: "success" | "failure" | "action_required" | null,
): Promise<void> {
  try {
    await updateCheckRun(client, repository, check.id, {
      title: output.title,
      summary: output.summary,
      ...(output.text !== undefined ? { text: output.text } : {}),
      annotations: output.annotations.map((a) => ({
        path: a.path,
        startLine: a.startLine,
        endLine: a.endLine,
        level: a.level,
        title: a.title,
        message: a.message,
      })),
      ...(conclusion !== null ? { conclusion } : {}),
    });
  } catch (error) {
    if (isGitHubError(error, "checks-not-writable")) throw new CannotWriteChecksError(error.message);
    throw error;
  }
}

/** The gate's history comment, only as `trustedLogin` wrote it; others carrying the marker are named in
 * a warning and never read. */
async function findComment(
  { client, repository, log, options }: Bound,
  prNumber: number,
  marker: string,
  trustedLogin: string,
): Promise<StoredComment | undefined> {
  const found = await findStickyComment(client, repository, prNumber, marker, trustedLogin, {
    ...(options.maxCommentPages !== undefined ? { maxPages: options.maxCommentPages } : {}),
  });
  if (found.impostors > 0) {
    log.warning(
      `${found.impostors} comment(s) on #${prNumber} carry the gate's history marker but were not written by ${trustedLogin}: ignored`,
    );
  }
  return found.kind === "found" ? { id: found.comment.id, body: found.comment.body } : undefined;
}

async function openPullsAt(
  { client, repository, log }: Bound,
  sha: string,
  gated: number | undefined,
): Promise<readonly number[]> {
  const found = await listOpenPullsAtCommit(client, repository, sha, {
    ...(gated !== undefined ? { gated } : {}),
  });
  if (found.source === "open-pulls") {
    log.info(
      `GitHub did not list #${gated} among the pull requests of ${sha.slice(0, 12)}; read every open pull request instead`,
    );
  }
  return found.numbers;
}

/** The pull requests the gate's check runs of this name on a commit were given for (their external
 * ids); every run must be read, or the list would not be every verdict given for the change. */
async function judgedPullsAt(
  { client, repository }: Bound,
  sha: string,
  checkName: string,
): Promise<readonly number[]> {
  const { runs, total } = await listCheckRunsForRef(client, repository, sha, {
    name: checkName,
    filter: "all",
  });
  if (runs.length < total) {
    // A verdict left unread could be a block another pull request got for this very change.
    throw new GitHubError({
      kind: "too-large",
      operation: `list the check runs named "${checkName}" on ${sha.slice(0, 12)}`,
      status: 200,
      hint: `the commit has ${total} check runs named "${checkName}", more than the gate reads, so it cannot see every verdict given for it. Nothing was approved.`,
    });
  }
  const numbers = runs.flatMap((r) => {
    const pr = r.externalId === null ? null : pullOfExternalId(r.externalId);
    return pr === null ? [] : [pr];
  });
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** A merge group's pull requests; the comparison read to find them is kept for the diff. */
async function mergeGroupPulls(
  { client, repository, comparisons }: Bound,
  headSha: string,
  headRef: string,
): Promise<readonly MergeGroupPull[]> {
  const { pulls, comparison } = await listMergeGroupPullRequests(client, repository, {
    headSha,
    headRef,
  });
  if (comparison !== undefined)
    comparisons.set(`${comparison.baseSha}...${comparison.headSha}`, comparison.files);
  return pulls.map((p) => ({ number: p.number, queuedHeadSha: p.queuedHeadSha }));
}

/** Every check run of a name on a ref, with the app that posted it (a requirement may be pinned to one). */
async function checkRuns({ client, repository }: Bound, ref: string, name: string): Promise<CheckRunState[]> {
  const { runs } = await listCheckRunsForRef(client, repository, ref, { name });
  return runs.map((r) => ({
    id: r.id,
    status: r.status,
    conclusion: r.conclusion,
    app: r.app?.slug ?? null,
  }));
}

/** The latest commit status of a context, from the named creator when a requirement names one. */
async function statuses(
  { client, repository }: Bound,
  ref: string,
  context: string,
  creator: string | undefined,
): Promise<CommitStatusState[]> {
  const { status } =
    creator === undefined
      ? await getCommitStatus(client, repository, ref, context)
      : await latestStatusBy(client, repository, ref, context, creator);
  return status === null ? [] : [{ state: status.state, description: status.description }];
}
