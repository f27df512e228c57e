// The open pull requests whose head is a commit. GitHub attaches a check run to a commit, not to a
// pull request: every open pull request whose head is that commit shows the gate's newest check there,
// so a pass posted for one of them is a pass for all of them. The gate asks who they are before it
// posts one.
//
// `GET /commits/{sha}/pulls` answers in one request, but it is known to be incomplete: it does not
// associate a fork's commits with the fork's pull requests, and for a commit already on the default
// branch it lists only the merged pull request. So its answer is trusted only when it lists the pull
// request being gated (whose head the caller knows to be this commit); otherwise the gate reads the
// repository's open pull requests, page by page, and a list longer than it reads is an error, never a
// partial answer that could let a pass through.
import { z } from "zod";
import type { GitHubClient } from "./client.js";
import { GitHubError } from "./errors.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

const PER_PAGE = 100;

const pullsShape = z.array(
  z.object({
    number: z.number().int().positive(),
    state: z.string(),
    head: z.object({ sha: z.string() }),
    base: z.object({ ref: z.string(), repo: z.object({ full_name: z.string() }) }),
  }),
);

export interface OpenPullsAtCommit {
  /** Open pull requests of this repository whose head is the commit, smallest number first. */
  readonly numbers: readonly number[];
  /** Where the answer came from: the commit's own list, or every open pull request. */
  readonly source: "commit" | "open-pulls";
  readonly requests: number;
}

function atCommit(data: z.infer<typeof pullsShape>, repository: RepositoryRef, sha: string): number[] {
  const name = fullName(repository).toLowerCase();
  return data
    .filter((p) => p.state === "open" && p.head.sha === sha && p.base.repo.full_name.toLowerCase() === name)
    .map((p) => p.number);
}

async function pages(
  operation: string,
  maxPages: number,
  tooMany: string,
  read: (page: number) => Promise<unknown>,
): Promise<{ items: z.infer<typeof pullsShape>; requests: number }> {
  const items: z.infer<typeof pullsShape> = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const data = expectShape(pullsShape, await read(page), operation);
    items.push(...data);
    if (data.length < PER_PAGE) return { items, requests: page };
  }
  throw new GitHubError({ kind: "too-large", operation, status: 200, hint: tooMany });
}

/** The open pull requests whose head is `sha`. `gated` is the pull request being gated, known to be at
 * `sha`: when the commit's own list leaves it out, that list is incomplete and every open pull request
 * is read instead. Requests: 1 (the commit's list, 100 a page, at most `maxCommitPages`, default 3), or
 * that plus 1 per 100 open pull requests (at most `maxOpenPages`, default 10). */
export async function listOpenPullsAtCommit(
  client: GitHubClient,
  repository: RepositoryRef,
  sha: string,
  options: { gated?: number; maxCommitPages?: number; maxOpenPages?: number } = {},
): Promise<OpenPullsAtCommit> {
  const where = `${sha.slice(0, 12)} in ${fullName(repository)}`;
  const commitOperation = `list the pull requests of commit ${where}`;
  const commit = await pages(
    commitOperation,
    options.maxCommitPages ?? 3,
    `GitHub associates more pull requests with commit ${sha.slice(0, 12)} than the gate reads, so it cannot tell that every pull request whose head it is has passed. Nothing was approved.`,
    async (page) =>
      (
        await client.run(commitOperation, (octokit) =>
          octokit.rest.repos.listPullRequestsAssociatedWithCommit({
            owner: repository.owner,
            repo: repository.repo,
            commit_sha: sha,
            per_page: PER_PAGE,
            page,
          }),
        )
      ).data as unknown,
  );
  const fromCommit = atCommit(commit.items, repository, sha);
  if (options.gated === undefined || fromCommit.includes(options.gated)) {
    return {
      numbers: [...new Set(fromCommit)].sort((a, b) => a - b),
      source: "commit",
      requests: commit.requests,
    };
  }
  const openOperation = `list the open pull requests of ${fullName(repository)}`;
  const maxOpenPages = options.maxOpenPages ?? 10;
  const open = await pages(
    openOperation,
    maxOpenPages,
    `GitHub did not list pull request #${options.gated} among the pull requests of commit ${sha.slice(0, 12)} (it does not for a fork's commits), and ${fullName(repository)} has more than ${maxOpenPages * PER_PAGE} open pull requests, more than the gate reads, so it cannot tell which of them share this commit. Nothing was approved.`,
    async (page) =>
      (
        await client.run(openOperation, (octokit) =>
          octokit.rest.pulls.list({
            owner: repository.owner,
            repo: repository.repo,
            state: "open",
            per_page: PER_PAGE,
            page,
          }),
        )
      ).data as unknown,
  );
  const numbers = new Set([...fromCommit, ...atCommit(open.items, repository, sha)]);
  return {
    numbers: [...numbers].sort((a, b) => a - b),
    source: "open-pulls",
    requests: commit.requests + open.requests,
  };
}
