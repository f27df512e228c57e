// The pull requests a merge-queue group carries. GitHub names the group's branch
// `gh-readonly-queue/<base>/pr-<number>-<head sha>`: one pull request per group, batches being a chain
// of groups each based on the previous one's head. That name is the primary source; the pull requests
// GitHub associates with the group's head commit are added to it (more pull requests can only make an
// approve harder). A branch name of any other shape is refused rather than guessed at, and so is a full
// page of associated pull requests: the gate does not page further, and a partial list must not approve.
import { z } from "zod";
import type { GitHubClient } from "./client.js";
import { GitHubError } from "./errors.js";
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

/** GitHub's largest page; a full one may not be all of them. */
export const ASSOCIATED_PER_PAGE = 100;

const associatedShape = z.array(
  z.object({ number: z.number().int().positive(), state: z.string(), head: z.object({ sha: z.string() }) }),
);

export interface MergeGroupPullRequest {
  readonly number: number;
  /** The head the queue took, when known (from the branch name). */
  readonly queuedHeadSha: string | null;
}

/** The group's pull requests, smallest number first. Requests: 1. */
export async function listMergeGroupPullRequests(
  client: GitHubClient,
  repository: RepositoryRef,
  group: { readonly headSha: string; readonly headRef: string },
): Promise<{ pulls: MergeGroupPullRequest[]; requests: number }> {
  const operation = `find the pull requests of merge group ${group.headRef} in ${fullName(repository)}`;
  const parsed = parseMergeQueueRef(group.headRef);
  if (parsed === null) {
    throw new GitHubError({
      kind: "invalid-request",
      operation,
      hint: `"${group.headRef}" is not a merge-queue branch (gh-readonly-queue/<base>/pr-<number>-<sha>), so the gate cannot tell which pull requests it carries. Nothing was approved.`,
    });
  }
  const response = await client.run(operation, (octokit) =>
    octokit.rest.repos.listPullRequestsAssociatedWithCommit({
      owner: repository.owner,
      repo: repository.repo,
      commit_sha: group.headSha,
      per_page: ASSOCIATED_PER_PAGE,
    }),
  );
  const associated = expectShape(associatedShape, response.data, operation);
  if (associated.length >= ASSOCIATED_PER_PAGE) {
    throw new GitHubError({
      kind: "too-large",
      operation,
      status: 200,
      hint: `GitHub associates ${ASSOCIATED_PER_PAGE} or more pull requests with the merge group's head ${group.headSha.slice(0, 12)}, more than the gate reads, so it cannot tell that it has seen all the pull requests the group carries. Nothing was approved.`,
    });
  }
  const pulls = new Map<number, MergeGroupPullRequest>([
    [parsed.number, { number: parsed.number, queuedHeadSha: parsed.headSha }],
  ]);
  for (const pr of associated) {
    if (pr.state === "open" && !pulls.has(pr.number))
      pulls.set(pr.number, { number: pr.number, queuedHeadSha: null });
  }
  return { pulls: [...pulls.values()].sort((a, b) => a.number - b.number), requests: 1 };
}
