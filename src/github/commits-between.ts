// Who wrote and committed the commits between two commits: `GET /compare/{base}...{head}` as JSON, the
// commits in head and not in base. The gate asks it for the people who pushed to a pull request since
// its last approved round (src/gate/pushers.ts), who may not decide it.
import { z } from "zod";
import type { CommitsBetween } from "../ports/github.js";
import type { GitHubClient } from "./client.js";
import { statusOf } from "./errors.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

/** A commit's GitHub user, when GitHub matched the commit's e-mail to one (else null). */
const person = z.object({ login: z.string() }).nullable();

const comparisonShape = z.object({
  total_commits: z.number().int().nonnegative(),
  commits: z.array(z.object({ sha: z.string(), author: person, committer: person })),
});

/** 1 request. Without paging GitHub lists the newest 250 commits of a comparison: `complete` says
 * whether that was all of them. Undefined when GitHub knows no such comparison (404: a commit that is
 * gone, such as one a force-push dropped and GitHub let go). */
export async function listCommitsBetween(
  client: GitHubClient,
  repository: RepositoryRef,
  base: string,
  head: string,
): Promise<CommitsBetween | undefined> {
  const operation = `list the commits ${base.slice(0, 12)}...${head.slice(0, 12)} in ${fullName(repository)}`;
  const answer = await client.run(operation, async (octokit) => {
    try {
      return (
        await octokit.rest.repos.compareCommitsWithBasehead({
          owner: repository.owner,
          repo: repository.repo,
          basehead: `${base}...${head}`,
        })
      ).data as unknown;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  });
  if (answer === null) return undefined;
  const data = expectShape(comparisonShape, answer, operation);
  return {
    commits: data.commits.map((c) => ({
      sha: c.sha,
      author: c.author?.login ?? null,
      committer: c.committer?.login ?? null,
    })),
    complete: data.commits.length >= data.total_commits,
  };
}
