// Commit statuses (the older API other CI services still use) for a `status` dependency: the latest
// state of one context on a commit, from the combined status, which GitHub already reduces to the
// latest per context. Bounded pages.
import { z } from "zod";
import type { GitHubClient } from "./client.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

const combinedShape = z.object({
  state: z.string(),
  total_count: z.number().int().nonnegative(),
  statuses: z.array(
    z.object({
      id: z.number(),
      context: z.string(),
      state: z.enum(["error", "failure", "pending", "success"]),
      description: z.string().nullable(),
      target_url: z.string().nullable(),
      updated_at: z.string(),
    }),
  ),
});

export interface CommitStatus {
  readonly context: string;
  readonly state: "error" | "failure" | "pending" | "success";
  readonly description: string | null;
  readonly targetUrl: string | null;
  readonly updatedAt: string;
}

export interface CommitStatusLookup {
  /** The context's latest status, or null when it has not reported on this commit. */
  readonly status: CommitStatus | null;
  readonly requests: number;
}

/** `GET /repos/{o}/{r}/commits/{ref}/status`, paged (100 contexts a page, at most `maxPages`,
 * default 3) until the context is found. */
export async function getCommitStatus(
  client: GitHubClient,
  repository: RepositoryRef,
  ref: string,
  context: string,
  options: { maxPages?: number } = {},
): Promise<CommitStatusLookup> {
  let requests = 0;
  for (let page = 1; page <= (options.maxPages ?? 3); page += 1) {
    const operation = `read commit status "${context}" on ${ref.slice(0, 12)} in ${fullName(repository)}`;
    const response = await client.run(operation, (octokit) =>
      octokit.rest.repos.getCombinedStatusForRef({
        owner: repository.owner,
        repo: repository.repo,
        ref,
        per_page: 100,
        page,
      }),
    );
    requests += 1;
    const data = expectShape(combinedShape, response.data, operation);
    const found = data.statuses.find((s) => s.context === context);
    if (found !== undefined) {
      return {
        status: {
          context: found.context,
          state: found.state,
          description: found.description,
          targetUrl: found.target_url,
          updatedAt: found.updated_at,
        },
        requests,
      };
    }
    if (data.statuses.length < 100 || page * 100 >= data.total_count) break;
  }
  return { status: null, requests };
}
