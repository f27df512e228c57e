// A context's latest commit status from one creator, for a `status` requirement pinned with `creator`.
// The combined status (combined-status.ts) does not say who set a status, and anyone who can push — or
// any workflow with `statuses: write`, including one a pull request adds — can set any context; a
// pinned requirement reads the list of statuses instead, which names each one's creator, and ignores
// every status by anyone else.
import { z } from "zod";
import type { GitHubClient } from "./client.js";
import type { CommitStatus } from "./combined-status.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

const PER_PAGE = 100;

const listShape = z.array(
  z.object({
    context: z.string(),
    state: z.enum(["error", "failure", "pending", "success"]),
    description: z.string().nullable(),
    target_url: z.string().nullable(),
    updated_at: z.string(),
    creator: z.object({ login: z.string() }).nullable(),
  }),
);

/** `GET /repos/{o}/{r}/commits/{ref}/statuses` (newest first), paged (100 a page, at most `maxPages`,
 * default 3) until a status of `context` by `creator` is found; null when none is. Logins compare
 * case-insensitively, as GitHub's do. */
export async function latestStatusBy(
  client: GitHubClient,
  repository: RepositoryRef,
  ref: string,
  context: string,
  creator: string,
  options: { maxPages?: number } = {},
): Promise<{ status: CommitStatus | null; requests: number }> {
  const who = creator.toLowerCase();
  for (let page = 1; page <= (options.maxPages ?? 3); page += 1) {
    const operation = `list commit statuses on ${ref.slice(0, 12)} in ${fullName(repository)}`;
    const response = await client.run(operation, (octokit) =>
      octokit.rest.repos.listCommitStatusesForRef({
        owner: repository.owner,
        repo: repository.repo,
        ref,
        per_page: PER_PAGE,
        page,
      }),
    );
    const data = expectShape(listShape, response.data, operation);
    const found = data.find((s) => s.context === context && s.creator?.login.toLowerCase() === who);
    if (found !== undefined) {
      return {
        status: {
          context: found.context,
          state: found.state,
          description: found.description,
          targetUrl: found.target_url,
          updatedAt: found.updated_at,
        },
        requests: page,
      };
    }
    if (data.length < PER_PAGE) return { status: null, requests: page };
  }
  return { status: null, requests: options.maxPages ?? 3 };
}
