// The pull request as the gate needs it: the head commit it posts on, the base commit it reads its
// contract from, whether the head lives in a fork, and GitHub's own counts of what changed (to notice
// files the gate never received). One request.
import { z } from "zod";
import type { GitHubClient } from "./client.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

const SHA = z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, "a commit SHA");

const pullShape = z.object({
  number: z.number().int().positive(),
  state: z.enum(["open", "closed"]),
  title: z.string(),
  body: z.string().nullable(),
  draft: z.boolean().optional(),
  merged: z.boolean(),
  merge_commit_sha: z.string().nullable(),
  html_url: z.string(),
  user: z.object({ login: z.string(), type: z.string() }).nullable(),
  labels: z.array(z.object({ name: z.string() })),
  head: z.object({ sha: SHA, ref: z.string(), repo: z.object({ full_name: z.string() }).nullable() }),
  base: z.object({ sha: SHA, ref: z.string(), repo: z.object({ full_name: z.string() }) }),
  changed_files: z.number().int().nonnegative(),
  additions: z.number().int().nonnegative(),
  deletions: z.number().int().nonnegative(),
});

export interface PullRequest {
  readonly repository: RepositoryRef;
  readonly number: number;
  /** The commit the gate judges and posts its check run on. */
  readonly headSha: string;
  /** The commit the contract is read from: a PR cannot weaken its own gate. */
  readonly baseSha: string;
  readonly headRef: string;
  readonly baseRef: string;
  /** owner/name of the repository the head lives in; null when that fork was deleted. */
  readonly headRepository: string | null;
  /** The head is not in this repository (a fork, or a deleted one): its token may be read-only. */
  readonly fromFork: boolean;
  readonly state: "open" | "closed";
  readonly merged: boolean;
  readonly draft: boolean;
  readonly labels: readonly string[];
  /** The author's claims, not evidence: the reviewer sees them only when a repository opts in. */
  readonly title: string;
  readonly body: string;
  readonly author: { readonly login: string; readonly type: string } | null;
  /** GitHub's test merge commit (GITHUB_SHA under `pull_request`), never where the check goes. */
  readonly mergeCommitSha: string | null;
  readonly changedFiles: number;
  readonly additions: number;
  readonly deletions: number;
  readonly htmlUrl: string;
}

/** `GET /repos/{owner}/{repo}/pulls/{pull_number}`: 1 request. */
export async function getPullRequest(
  client: GitHubClient,
  repository: RepositoryRef,
  number: number,
): Promise<PullRequest> {
  const operation = `read pull request ${fullName(repository)}#${number}`;
  const response = await client.run(operation, (octokit) =>
    octokit.rest.pulls.get({ owner: repository.owner, repo: repository.repo, pull_number: number }),
  );
  const pr = expectShape(pullShape, response.data, operation);
  const headRepository = pr.head.repo?.full_name ?? null;
  return {
    repository,
    number: pr.number,
    headSha: pr.head.sha,
    baseSha: pr.base.sha,
    headRef: pr.head.ref,
    baseRef: pr.base.ref,
    headRepository,
    fromFork:
      headRepository === null || headRepository.toLowerCase() !== pr.base.repo.full_name.toLowerCase(),
    state: pr.state,
    merged: pr.merged,
    draft: pr.draft ?? false,
    labels: pr.labels.map((l) => l.name),
    title: pr.title,
    body: pr.body ?? "",
    author: pr.user,
    mergeCommitSha: pr.merge_commit_sha,
    changedFiles: pr.changed_files,
    additions: pr.additions,
    deletions: pr.deletions,
    htmlUrl: pr.html_url,
  };
}

export interface PullRequestState {
  readonly state: "open" | "closed";
  readonly merged: boolean;
}

/** Whether another pull request (maybe in another repository) merged, for a `pr_merged` dependency.
 * A missing one is a GitHubError `not-found`, never "not merged yet": a typo in the contract must not
 * look like a dependency that is merely pending. 1 request. */
export async function getPullRequestState(
  client: GitHubClient,
  repository: RepositoryRef,
  number: number,
): Promise<PullRequestState> {
  const pr = await getPullRequest(client, repository, number);
  return { state: pr.state, merged: pr.merged };
}
