// The GitHub roles of the round's ports (src/ports/github.ts), wired to the functions of this folder.
// The round sees only the ports; everything that reaches GitHub, and every error it can raise, is here.
// No role keeps anything between calls: what one call needs from an earlier read (the head's runs, a
// history comment's id, a merge group's comparison) the round hands it as a value.

import type { Diff } from "../diff/types.js";
import type {
  ChangeRequest,
  CheckRunState,
  CommitPeers,
  CommitStatusState,
  ContractFile,
  DependencyOracle,
  GitHub,
  Logger,
  PullRequestInfo,
  PullRequestSource,
} from "../ports/github.js";
import { defined } from "../util/defined.js";
import { actingApp, getWorkflowRun } from "./acting.js";
import { getChangeDiff } from "./change-diff.js";
import { listCheckRunsForRef } from "./check-runs-for-ref.js";
import { checkRunSink } from "./check-runs-port.js";
import type { GitHubClient } from "./client.js";
import { getCommitStatus } from "./combined-status.js";
import { listOpenPullsAtCommit } from "./commit-pulls.js";
import { listCommitsBetween } from "./commits-between.js";
import { readFileAtRef } from "./contents.js";
import { parseExternalId } from "./external-id.js";
import { historyStore } from "./history-port.js";
import { latestLabeled } from "./issue-events.js";
import { listMergeGroupPullRequests } from "./merge-group.js";
import { getCollaboratorPermission } from "./permission.js";
import { getPullRequest, getPullRequestState } from "./pull-request.js";
import { createCommentReview } from "./pull-reviews.js";
import { parseRepository, type RepositoryRef } from "./repository-ref.js";
import { listReviewThreads, resolveReviewThreads } from "./review-threads.js";
import { latestStatusBy } from "./statuses-by-creator.js";

export interface GitHubOptions {
  /** Largest contract file read (default 5 MiB). */
  readonly maxFileBytes?: number;
  /** Comment pages read to find the history (default 100, i.e. 10,000 comments). */
  readonly maxCommentPages?: number;
}

/** What every GitHub call of one port is bound to. */
interface Bound {
  readonly client: GitHubClient;
  readonly repository: RepositoryRef;
  readonly log: Logger;
  readonly options: GitHubOptions;
}

export function createGitHub(
  client: GitHubClient,
  repository: RepositoryRef,
  log: Logger,
  options: GitHubOptions = {},
): GitHub {
  const bound: Bound = { client, repository, log, options };
  return {
    pulls: pullRequestSource(bound),
    checks: checkRunSink(client, repository, log),
    history: historyStore(client, repository, log, options.maxCommentPages),
    dependencies: dependencyOracle(bound),
    peers: commitPeers(bound),
    people: {
      permission: async (user) => (await getCollaboratorPermission(client, repository, user)).role,
      actingApp: () => actingApp(client),
      workflowRun: (id) => getWorkflowRun(client, repository, id),
    },
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

function pullRequestSource(bound: Bound): PullRequestSource {
  return {
    pullRequest: (number) => pullRequestInfo(bound, number),
    diff: (change) => changeDiff(bound, change),
    readFile: (path, ref, read = {}) => contractFile(bound, path, ref, read),
  };
}

function dependencyOracle(bound: Bound): DependencyOracle {
  const { client, repository } = bound;
  return {
    checkRuns: (ref, name) => checkRuns(bound, ref, name),
    statuses: (ref, context, creator) => statuses(bound, ref, context, creator),
    labelAddedBy: async (prNumber, label) =>
      (await latestLabeled(client, repository, prNumber, label))?.actor?.login ?? null,
    pullRequestState: (repo, number) => getPullRequestState(client, parseRepository(repo), number),
  };
}

function commitPeers(bound: Bound): CommitPeers {
  const { client, repository } = bound;
  return {
    openPullsAt: (sha, gated) => openPullsAt(bound, sha, gated),
    judgedPullsAt: (sha, checkName) => judgedPullsAt(bound, sha, checkName),
    async mergeGroupPulls(headSha, headRef) {
      const { pulls, comparison } = await listMergeGroupPullRequests(client, repository, {
        headSha,
        headRef,
      });
      return {
        pulls: pulls.map((p) => ({ number: p.number, queuedHeadSha: p.queuedHeadSha })),
        ...defined({ compared: comparison }),
      };
    },
    commitsBetween: (base, head) => listCommitsBetween(client, repository, base, head),
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

/** The change's diff, checked against the comparison a merge group already brought when the caller
 * hands it; how it was read (any fallback) is logged and kept with it. */
async function changeDiff({ client, repository, log }: Bound, change: ChangeRequest): Promise<Diff> {
  const { compared } = change;
  const known =
    compared !== undefined && compared.baseSha === change.baseSha && compared.headSha === change.headSha
      ? compared.files
      : undefined;
  const read = await getChangeDiff(
    client,
    repository,
    {
      baseSha: change.baseSha,
      headSha: change.headSha,
      ...defined({ pull: change.pull }),
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

async function openPullsAt(
  { client, repository, log }: Bound,
  sha: string,
  gated: number | undefined,
): Promise<readonly number[]> {
  const found = await listOpenPullsAtCommit(client, repository, sha, {
    ...defined({ gated }),
  });
  if (found.source === "open-pulls") {
    log.info(
      `GitHub did not list #${gated} among the pull requests of ${sha.slice(0, 12)}; read every open pull request instead`,
    );
  }
  return found.numbers;
}

/** The pull requests the gate's check runs of this name on a commit were given for (their external
 * ids), read newest first, ten pages at most: re-evaluations of a head take over its run in progress
 * (check-runs-port.ts), so only rounds of many pull requests at one commit fill that many; past them
 * the older runs are left unread and the log says so, rather than holding every round of the head for
 * good as it did when a dependency made a head wait for a week. (A round whose one page of the head's
 * runs was whole asks its HeadRuns instead: src/gate/round-history.ts.) */
async function judgedPullsAt(bound: Bound, sha: string, checkName: string): Promise<readonly number[]> {
  const { client, repository, log } = bound;
  const read = await listCheckRunsForRef(client, repository, sha, {
    name: checkName,
    filter: "all",
    maxPages: 10,
  });
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
