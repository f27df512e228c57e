// Check runs on a commit by name, newest first: for a `check_run` dependency (is the other check done,
// and did it succeed?) and for the gate's own earlier runs. Bounded pages, never one request per run.
import { z } from "zod";
import { defined } from "../util/defined.js";
import type { GitHubClient } from "./client.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

const listShape = z.object({
  total_count: z.number().int().nonnegative(),
  check_runs: z.array(
    z.object({
      id: z.number().int().positive(),
      name: z.string(),
      head_sha: z.string(),
      status: z.string(),
      conclusion: z.string().nullable(),
      started_at: z.string().nullable(),
      completed_at: z.string().nullable(),
      html_url: z.string().nullable().optional(),
      external_id: z.string().nullable().optional(),
      app: z.object({ id: z.number(), slug: z.string().optional() }).nullable(),
      output: z.object({ title: z.string().nullable(), summary: z.string().nullable() }),
    }),
  ),
});

export interface CheckRunSummary {
  readonly id: number;
  readonly name: string;
  readonly headSha: string;
  /** queued, in_progress, completed, waiting, requested or pending. */
  readonly status: string;
  /** Only `success` holds a dependency: neutral and skipped must not pass for the gate. */
  readonly conclusion: string | null;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
  readonly htmlUrl: string | null;
  /** What the run's creator set as its own reference; the gate's own runs name their pull request. */
  readonly externalId: string | null;
  readonly app: { readonly id: number; readonly slug: string | null } | null;
  readonly title: string | null;
}

export interface CheckRunsForRef {
  readonly runs: readonly CheckRunSummary[];
  /** GitHub's total; more than `runs.length` means pages were left unread. */
  readonly total: number;
  readonly requests: number;
}

/** `GET /repos/{o}/{r}/commits/{ref}/check-runs?check_name=…`: the latest run per app and name by
 * default (`filter: "all"` for every attempt), newest first. Requests: 1 per 100 runs, at most
 * `maxPages` (default 3). */
export async function listCheckRunsForRef(
  client: GitHubClient,
  repository: RepositoryRef,
  ref: string,
  options: { name?: string; filter?: "latest" | "all"; appId?: number; maxPages?: number } = {},
): Promise<CheckRunsForRef> {
  const runs: CheckRunSummary[] = [];
  let total = 0;
  let requests = 0;
  const maxPages = options.maxPages ?? 3;
  for (let page = 1; page <= maxPages; page += 1) {
    const operation = `list check runs${options.name !== undefined ? ` named "${options.name}"` : ""} on ${ref.slice(0, 12)} in ${fullName(repository)}`;
    const response = await client.run(operation, (octokit) =>
      octokit.rest.checks.listForRef({
        owner: repository.owner,
        repo: repository.repo,
        ref,
        per_page: 100,
        page,
        filter: options.filter ?? "latest",
        ...defined({ check_name: options.name, app_id: options.appId }),
      }),
    );
    requests += 1;
    const data = expectShape(listShape, response.data, operation);
    total = data.total_count;
    for (const run of data.check_runs) {
      runs.push({
        id: run.id,
        name: run.name,
        headSha: run.head_sha,
        status: run.status,
        conclusion: run.conclusion,
        startedAt: run.started_at,
        completedAt: run.completed_at,
        htmlUrl: run.html_url ?? null,
        externalId: run.external_id ?? null,
        app: run.app === null ? null : { id: run.app.id, slug: run.app.slug ?? null },
        title: run.output.title,
      });
    }
    if (data.check_runs.length < 100 || runs.length >= total) break;
  }
  runs.sort((a, b) => b.id - a.id);
  return { runs, total, requests };
}
