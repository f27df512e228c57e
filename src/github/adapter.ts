// The GitHub half of the round's ports (src/ports/github.ts), wired to the functions of this folder.
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
import { type CheckRunHandle, gateBotLogin, reopenCheckRun, updateCheckRun } from "./check-run.js";
import { type CheckRunSummary, type CheckRunsForRef, listCheckRunsForRef } from "./check-runs-for-ref.js";
import type { GitHubClient } from "./client.js";
import { getCommitStatus } from "./combined-status.js";
import { listOpenPullsAtCommit } from "./commit-pulls.js";
import { listCommitsBetween } from "./commits-between.js";
import { readFileAtRef } from "./contents.js";
import { isGitHubError } from "./errors.js";
import { externalIdOf, parseExternalId } from "./external-id.js";
import { createRunOnce, supersede } from "./head-runs.js";
import {
  createIssueComment,
  getIssueComment,
  type IssueComment,
  updateIssueComment,
} from "./issue-comments.js";
import { latestLabeled } from "./issue-events.js";
import { listMergeGroupPullRequests } from "./merge-group.js";
import { getCollaboratorPermission } from "./permission.js";
import { getPullRequest, getPullRequestState } from "./pull-request.js";
import { createCommentReview } from "./pull-reviews.js";
import { parseRepository, type RepositoryRef } from "./repository-ref.js";
import { listReviewThreads, resolveReviewThreads } from "./review-threads.js";
import { latestStatusBy } from "./statuses-by-creator.js";
import { findStickyComment, isTrustedAuthor } from "./sticky-comment.js";

export interface GitHubPortOptions {
  /** Largest contract file read (default 5 MiB). */
  readonly maxFileBytes?: number;
  /** Comment pages read to find the history (default 100, i.e. 10,000 comments). */
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
  /** Per pull request, the id of its history comment as the gate's runs remembered it or a lookup
   * found it: fetched by id before any page of comments is read. */
  readonly historyIds: Map<number, number>;
  /** The pull request each of this port's check runs is for (their external id at the end). */
  readonly runs: Map<number, { pr?: number; externalId?: string }>;
  /** The gate's runs on a head as listed when its round started, by `head\0name`: the first question
   * about which pull requests the gate judged there is answered from them (judgedPullsAt). */
  readonly listed: Map<string, CheckRunsForRef>;
  /** The gate's runs on a head as a person's act read them before its round (gateRuns), by
   * `head\0name`: the round's start takes them instead of reading the same page again. */
  readonly beforeStart: Map<string, CheckRunsForRef>;
  /** GitHub's clock, as it stamped the last check run this port started. */
  githubNow: string | undefined;
}

export function createGitHubPort(
  client: GitHubClient,
  repository: RepositoryRef,
  log: Logger,
  options: GitHubPortOptions = {},
): GitHubPort {
  const bound: Bound = {
    client,
    repository,
    log,
    options,
    comparisons: new Map(),
    historyIds: new Map(),
    runs: new Map(),
    listed: new Map(),
    beforeStart: new Map(),
    githubNow: undefined,
  };
  return {
    pullRequest: (number) => pullRequestInfo(bound, number),
    diff: (change) => changeDiff(bound, change),
    readFile: (path, ref, read = {}) => contractFile(bound, path, ref, read),
    startCheck: (headSha, name, title, pr) => startCheck(bound, headSha, name, title, pr),
    finishCheck: (check, output, conclusion) => finishCheck(bound, check, output, conclusion),
    findComment: (prNumber, marker, trustedLogin) => findComment(bound, prNumber, marker, trustedLogin),

    async saveComment(prNumber, body, existing) {
      if (existing !== undefined) {
        const saved = await updateIssueComment(client, repository, existing.id, body);
        bound.historyIds.set(prNumber, saved.id);
        return { id: saved.id, body: saved.body };
      }
      // Not remembered yet: the round reads the comments again right after a create, and must find
      // the oldest history there (another round's, created at the same time), not this one by id.
      const saved = await createIssueComment(client, repository, prNumber, body);
      return { id: saved.id, body: saved.body };
    },

    async permission(user) {
      return (await getCollaboratorPermission(client, repository, user)).role;
    },

    checkRuns: (ref, name) => checkRuns(bound, ref, name),
    gateRuns: (headSha, name, pr) => gateRuns(bound, headSha, name, pr),
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

/** The round's check run on the head, in progress: the pull request's own run there taken over when
 * one is still in progress (a conditional-on waiting for its dependency, a killed round's), so that
 * re-evaluations of a head do not pile up runs; else a new one, created once however GitHub answers.
 * Runs of the gate's left in progress beside it are completed as superseded. */
async function startCheck(
  bound: Bound,
  headSha: string,
  name: string,
  title: string,
  pr: number | undefined,
): Promise<CheckRunRef> {
  const { client, repository, log } = bound;
  try {
    // A merge group's run names no pull request, so nothing of the head's runs is its own.
    const key = `${headSha}\0${name}`;
    const read = bound.beforeStart.get(key);
    bound.beforeStart.delete(key);
    const listed = pr === undefined ? undefined : (read ?? (await headRunsPage(bound, headSha, name)));
    if (listed !== undefined) bound.listed.set(`${headSha}\0${name}`, listed);
    const own = (listed?.runs ?? []).filter(
      (r) => pr !== undefined && parseExternalId(r.externalId)?.pr === pr,
    );
    const open = own.filter((r) => r.status !== "completed");
    let run: CheckRunHandle | undefined;
    const taken = open[0];
    if (taken !== undefined) {
      try {
        run = await reopenCheckRun(client, repository, taken.id, {
          title,
          summary: title,
          ...(taken.externalId !== null ? { externalId: taken.externalId } : {}),
        });
        log.info(
          `check run ${taken.id} of #${pr}, still in progress on ${headSha.slice(0, 12)}, taken over for this round`,
        );
      } catch (error) {
        // Not this app's run, or gone: a new one. (A token that cannot write checks fails there too.)
        log.info(
          `check run ${taken.id} could not be taken over (${error instanceof Error ? error.message : String(error)}); starting a new one`,
        );
      }
    }
    const known = pr === undefined ? undefined : bound.historyIds.get(pr);
    run ??= await createRunOnce(client, repository, {
      headSha,
      name,
      title,
      id: { ...(pr !== undefined ? { pr } : {}), ...(known !== undefined ? { history: known } : {}) },
    });
    bound.githubNow = run.startedAt ?? undefined;
    if (pr !== undefined) rememberHistory(bound, own, pr, run.app?.slug ?? null);
    bound.runs.set(run.id, { ...(pr !== undefined ? { pr } : {}) });
    await supersede(
      { client, repository, log },
      open.filter((r) => r.id !== run.id && r.app?.slug === run.app?.slug),
      run,
    );
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
  bound: Bound,
  check: CheckRunRef,
  output: CheckOutput,
  conclusion: "success" | "failure" | "action_required" | null,
): Promise<void> {
  const { client, repository } = bound;
  // The run remembers where the pull request's history is, for the next round on this head.
  const pr = bound.runs.get(check.id)?.pr;
  const history = pr === undefined ? undefined : bound.historyIds.get(pr);
  try {
    await updateCheckRun(client, repository, check.id, {
      ...(pr !== undefined
        ? { externalId: externalIdOf({ pr, ...(history !== undefined ? { history } : {}) }) }
        : {}),
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

/** The gate's history comment, only as `trustedLogin` wrote it: by the id the gate's runs remember
 * when one does, else looked for where it must be (sticky-comment.ts). Others carrying the marker are
 * named in a warning and never read; a second copy of the history (two first rounds at once) is
 * reported and its marker taken off, so only one history remains. */
async function findComment(
  bound: Bound,
  prNumber: number,
  marker: string,
  trustedLogin: string,
): Promise<StoredComment | undefined> {
  const { client, repository, log, options } = bound;
  const known = bound.historyIds.get(prNumber);
  if (known !== undefined) {
    const comment = await getIssueComment(client, repository, known);
    if (
      comment !== undefined &&
      comment.issue === prNumber &&
      comment.body.startsWith(marker) &&
      isTrustedAuthor(comment, trustedLogin)
    )
      return { id: comment.id, body: comment.body };
    bound.historyIds.delete(prNumber);
    log.info(
      `the history comment the gate's runs remember (${known}) is ${comment === undefined ? "gone" : "not the gate's history of this pull request"}: looking through the comments`,
    );
  }
  const found = await findStickyComment(client, repository, prNumber, marker, trustedLogin, {
    ...(options.maxCommentPages !== undefined ? { maxPages: options.maxCommentPages } : {}),
    ...(bound.githubNow !== undefined ? { now: bound.githubNow } : {}),
  });
  if (found.impostors > 0) {
    log.warning(
      `${found.impostors} comment(s) on #${prNumber} carry the gate's history marker but were not written by ${trustedLogin}: ignored`,
    );
  }
  if (found.kind !== "found") return undefined;
  bound.historyIds.set(prNumber, found.comment.id);
  if (found.duplicates.length === 0) return { id: found.comment.id, body: found.comment.body };
  await tidyDuplicates(bound, prNumber, found.comment, found.duplicates);
  return { id: found.comment.id, body: found.comment.body, duplicates: found.duplicates.map((c) => c.id) };
}

/** Two first rounds at once can each create the history, and one killed before it noticed leaves both.
 * The oldest is the history; every later copy is reported, and its marker taken off, so nobody (and no
 * later round) mistakes it for the history. What it recorded is not lost from the report: the check
 * run of that round has it. */
async function tidyDuplicates(
  { client, repository, log }: Bound,
  prNumber: number,
  kept: IssueComment,
  copies: readonly IssueComment[],
): Promise<void> {
  log.warning(
    `#${prNumber} has ${copies.length + 1} copies of the gate's round history (two rounds recorded a first round at once): comment ${kept.id}, the oldest, is the history; ${copies.map((c) => c.id).join(", ")} ${copies.length === 1 ? "is" : "are"} marked superseded`,
  );
  for (const copy of copies) {
    try {
      await updateIssueComment(
        client,
        repository,
        copy.id,
        `<!-- verdict-gate:superseded -->\nThis copy of the round history lost a race with an earlier one and is not used; the history is in [the gate's earlier comment](${kept.htmlUrl}).`,
      );
    } catch (error) {
      log.warning(
        `could not mark comment ${copy.id} superseded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
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
 * ids). The first question about a head the round started on is answered from the runs listed when it
 * started (its own is among them once created, and a round started since has recorded nothing yet).
 * Otherwise read newest first, ten pages at most: re-evaluations of a head take over its run in
 * progress (startCheck), so only rounds of many pull requests at one commit fill that many; past them
 * the older runs are left unread and the log says so, rather than holding every round of the head for
 * good as it did when a dependency made a head wait for a week. */
async function judgedPullsAt(bound: Bound, sha: string, checkName: string): Promise<readonly number[]> {
  const { client, repository, log } = bound;
  const key = `${sha}\0${checkName}`;
  const started = bound.listed.get(key);
  bound.listed.delete(key);
  const read =
    started !== undefined && started.runs.length >= started.total
      ? started
      : await listCheckRunsForRef(client, repository, sha, { name: checkName, filter: "all", maxPages: 10 });
  if (read.runs.length < read.total) {
    log.warning(
      `the commit ${sha.slice(0, 12)} has ${read.total} check runs named "${checkName}"; the newest ${read.runs.length} were read for the verdicts other pull requests got for it`,
    );
  }
  const numbers = read.runs.flatMap((r) => {
    const pr = parseExternalId(r.externalId)?.pr;
    return pr === undefined ? [] : [pr];
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

/** The history's id as a pull request's own runs of one app remember it (the newest that names one),
 * unless one is known already. No app (GitHub named none): nothing is remembered. */
function rememberHistory(
  bound: Bound,
  own: readonly CheckRunSummary[],
  pr: number,
  app: string | null,
): void {
  if (app === null || bound.historyIds.has(pr)) return;
  const remembered = own
    .filter((r) => r.app?.slug === app)
    .map((r) => parseExternalId(r.externalId)?.history)
    .find((h): h is number => h !== undefined);
  if (remembered !== undefined) bound.historyIds.set(pr, remembered);
}

/** The head's runs of a name, newest first, one page: what a round's start reads. */
function headRunsPage(bound: Bound, headSha: string, name: string): Promise<CheckRunsForRef> {
  return listCheckRunsForRef(bound.client, bound.repository, headSha, { name, filter: "all", maxPages: 1 });
}

/** The gate's runs on a pull request's head before its round starts (a person's act): kept for the
 * round's start, and the history comment the pull request's runs of the judging app name remembered,
 * as the start would. Whose app the history must come from is still checked when it is read
 * (findComment). */
async function gateRuns(bound: Bound, headSha: string, name: string, pr: number): Promise<CheckRunState[]> {
  const listed = await headRunsPage(bound, headSha, name);
  bound.beforeStart.set(`${headSha}\0${name}`, listed);
  // The app of the newest run with one: the app whose history the person's act reads (person-act.ts).
  const app = listed.runs.find((r) => r.app !== null)?.app?.slug ?? null;
  rememberHistory(
    bound,
    listed.runs.filter((r) => parseExternalId(r.externalId)?.pr === pr),
    pr,
    app,
  );
  return listed.runs.map((r) => ({
    id: r.id,
    status: r.status,
    conclusion: r.conclusion,
    app: r.app?.slug ?? null,
  }));
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
