// The pull requests a merge-queue group carries. GitHub names the group's branch
// `gh-readonly-queue/<base>/pr-<number>-<head sha>`: one branch per queued pull request, each group
// built on the one queued before it, so a group carries its own pull request and every one ahead of it
// that has not merged yet. The group's commits (compare: in its head, not in the base branch) are
// accounted for by the queue's branches (merge-queue-members.ts); a commit nothing accounts for, a
// group larger than the gate reads, or a branch name of any other shape is an error, never a partial
// list that could approve. The pull requests whose head is the group's commit are added (a check run
// on that commit is theirs too), and so is any pull request a queue commit's message names: more pull
// requests can only make an approve harder.
import { z } from "zod";
import { defined } from "../util/defined.js";
import { type ComparisonFile, comparisonFileShape } from "./change-diff.js";
import type { GitHubClient } from "./client.js";
import { listOpenPullsAtCommit } from "./commit-pulls.js";
import { GitHubError } from "./errors.js";
import { type GroupCommit, groupMembership, type QueueBranch } from "./merge-queue-members.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

const QUEUE_REF = /^(?:refs\/heads\/)?gh-readonly-queue\/(.+)\/pr-(\d+)-([0-9a-f]{40}|[0-9a-f]{64})$/;
const SEGMENT = /\/pr-\d+-[0-9a-f]{40}/g;

export interface MergeQueueRef {
  readonly base: string;
  readonly number: number;
  /** The pull request's head when it was queued: the commit its approve round must be for. */
  readonly headSha: string;
}

/** Parses a merge-queue branch name, or returns null for any other shape (including a name with more
 * than one `pr-<n>-<sha>` segment, which GitHub does not produce today and which must not be read as
 * only one of its pull requests). Pure. */
export function parseMergeQueueRef(ref: string): MergeQueueRef | null {
  const m = QUEUE_REF.exec(ref);
  if (!m) return null;
  if ((ref.match(SEGMENT) ?? []).length !== 1) return null;
  return { base: m[1] as string, number: Number(m[2]), headSha: m[3] as string };
}

const PER_PAGE = 100;

const compareShape = z.object({
  base_commit: z.object({ sha: z.string() }),
  total_commits: z.number().int().nonnegative(),
  commits: z.array(
    z.object({
      sha: z.string(),
      parents: z.array(z.object({ sha: z.string() })),
      commit: z.object({ message: z.string() }),
    }),
  ),
});

/** The files of the comparison's first page, read apart: a list that is not GitHub's shape is not
 * shared (the diff's reader reads its own and fails there), and does not stop the membership. */
const compareFilesShape = z.object({ files: z.array(comparisonFileShape) });

const refsShape = z.array(z.object({ ref: z.string(), object: z.object({ sha: z.string() }) }));

const pullCommitsShape = z.array(z.object({ sha: z.string(), commit: z.object({ message: z.string() }) }));

export interface MergeGroupPullRequest {
  readonly number: number;
  /** The head the queue took, when known (from a queue branch's name). */
  readonly queuedHeadSha: string | null;
}

/** A comparison's file list as its first page gave it, with the two SHAs it is of: the base branch as
 * GitHub resolved it (`base_commit`) and the group's head. */
export interface ReadComparison {
  readonly baseSha: string;
  readonly headSha: string;
  readonly files: readonly ComparisonFile[];
}

/** The group's commits: in its head and not in the base branch, oldest first. 1 request per 100, at
 * most `maxPages`; a larger group is an error. */
async function groupCommits(
  client: GitHubClient,
  repository: RepositoryRef,
  base: string,
  headSha: string,
  maxPages: number,
): Promise<{ commits: GroupCommit[]; requests: number; comparison?: ReadComparison }> {
  const operation = `compare ${base}...${headSha.slice(0, 12)} in ${fullName(repository)}`;
  const commits: GroupCommit[] = [];
  let comparison: ReadComparison | undefined;
  for (let page = 1; page <= maxPages; page += 1) {
    const response = await client.run(operation, (octokit) =>
      octokit.rest.repos.compareCommitsWithBasehead({
        owner: repository.owner,
        repo: repository.repo,
        basehead: `${base}...${headSha}`,
        per_page: PER_PAGE,
        page,
      }),
    );
    const data = expectShape(compareShape, response.data, operation);
    // GitHub lists the comparison's files (up to 300) on the first page only.
    const listed = page === 1 ? compareFilesShape.safeParse(response.data) : undefined;
    if (listed?.success === true)
      comparison = { baseSha: data.base_commit.sha, headSha, files: listed.data.files };
    commits.push(
      ...data.commits.map((c) => ({
        sha: c.sha,
        parents: c.parents.map((p) => p.sha),
        message: c.commit.message,
      })),
    );
    if (commits.length >= data.total_commits) return { commits, requests: page, ...defined({ comparison }) };
    if (data.commits.length < PER_PAGE) break;
  }
  throw new GitHubError({
    kind: "too-large",
    operation,
    status: 200,
    hint: `the merge group ${headSha.slice(0, 12)} has more commits than the gate reads (${maxPages * PER_PAGE}), so it cannot tell which pull requests it carries. Nothing was approved.`,
  });
}

/** Every `gh-readonly-queue/<base>/…` branch of the base. 1 request. */
async function queueBranches(
  client: GitHubClient,
  repository: RepositoryRef,
  base: string,
): Promise<QueueBranch[]> {
  const operation = `list the merge queue's branches for ${base} in ${fullName(repository)}`;
  const response = await client.run(operation, (octokit) =>
    octokit.rest.git.listMatchingRefs({
      owner: repository.owner,
      repo: repository.repo,
      ref: `heads/gh-readonly-queue/${base}/`,
    }),
  );
  return expectShape(refsShape, response.data, operation).flatMap((r) => {
    const parsed = parseMergeQueueRef(r.ref);
    return parsed === null || parsed.base !== base
      ? []
      : [{ number: parsed.number, queuedHeadSha: parsed.headSha, sha: r.object.sha }];
  });
}

/** Whether a run of first-parent commits is the pull request's own commits, rebased by the queue: as
 * many, with the same messages, in the same order. 1 request (a pull request lists 250 at most). */
async function isRebasedCopy(
  client: GitHubClient,
  repository: RepositoryRef,
  number: number,
  run: readonly GroupCommit[],
): Promise<boolean> {
  const operation = `list the commits of pull request ${fullName(repository)}#${number}`;
  const response = await client.run(operation, (octokit) =>
    octokit.rest.pulls.listCommits({
      owner: repository.owner,
      repo: repository.repo,
      pull_number: number,
      per_page: PER_PAGE,
    }),
  );
  const own = expectShape(pullCommitsShape, response.data, operation);
  return own.length === run.length && own.every((c, i) => c.commit.message === run[i]?.message);
}

/** The group's pull requests, smallest number first, and the file list of the comparison read for them
 * (the base branch as it resolved then, with the group's head), for the group's diff to be checked
 * against without asking again. Requests: compare (1 per 100 commits), the queue's branches (1), the
 * pull requests of the group's commit (1 or more, see commit-pulls.ts), and 1 per pull request whose
 * commits the queue rebased. */
export async function listMergeGroupPullRequests(
  client: GitHubClient,
  repository: RepositoryRef,
  group: { readonly headSha: string; readonly headRef: string },
  options: { maxCommitPages?: number; maxAssociatedPages?: number } = {},
): Promise<{ pulls: MergeGroupPullRequest[]; requests: number; comparison?: ReadComparison }> {
  const operation = `find the pull requests of merge group ${group.headRef} in ${fullName(repository)}`;
  const parsed = parseMergeQueueRef(group.headRef);
  if (parsed === null) {
    throw new GitHubError({
      kind: "invalid-request",
      operation,
      hint: `"${group.headRef}" is not a merge-queue branch (gh-readonly-queue/<base>/pr-<number>-<sha>), so the gate cannot tell which pull requests it carries. Nothing was approved.`,
    });
  }
  const {
    commits,
    requests: compared,
    comparison,
  } = await groupCommits(client, repository, parsed.base, group.headSha, options.maxCommitPages ?? 5);
  const branches = await queueBranches(client, repository, parsed.base);
  const membership = groupMembership({
    head: group.headSha,
    own: { number: parsed.number, queuedHeadSha: parsed.headSha },
    commits,
    branches,
  });
  let requests = compared + 1;
  const unaccounted = [...membership.unaccounted];
  for (const run of membership.rebased) {
    requests += 1;
    if (!(await isRebasedCopy(client, repository, run.number, run.commits)))
      unaccounted.push(...run.commits.slice(0, -1));
  }
  if (unaccounted.length > 0) {
    const first = unaccounted[0] as GroupCommit;
    throw new GitHubError({
      kind: "invalid-request",
      operation,
      hint: `the merge group's commit ${first.sha.slice(0, 12)} ("${(first.message.split("\n", 1)[0] ?? "").slice(0, 80)}")${unaccounted.length > 1 ? ` and ${unaccounted.length - 1} more belong` : " belongs"} to no pull request the gate can name from the queue's branches, so no round judged them. Nothing was approved.`,
    });
  }
  const pulls = new Map<number, MergeGroupPullRequest>(membership.members.map((m) => [m.number, m]));
  // A pull request whose head is the group's commit shows the group's check as its own.
  const atHead = await listOpenPullsAtCommit(client, repository, group.headSha, {
    ...defined({ maxCommitPages: options.maxAssociatedPages }),
  });
  requests += atHead.requests;
  for (const number of atHead.numbers)
    if (!pulls.has(number)) pulls.set(number, { number, queuedHeadSha: null });
  return {
    pulls: [...pulls.values()].sort((a, b) => a.number - b.number),
    requests,
    ...defined({ comparison }),
  };
}
