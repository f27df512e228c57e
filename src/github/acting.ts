// Who acts and when, as GitHub says: the identity this job's token acts as (the app whose bot writes
// the history the round trusts), and this job's workflow run (who started this attempt, when it was
// asked for). A person's act is bound to both (src/gate/person-act.ts); the environment's GITHUB_ACTOR
// is the first attempt's person, never a re-run's.
import { z } from "zod";
import type { WorkflowRunFacts } from "../ports/github.js";
import { defined } from "../util/defined.js";
import type { GitHubClient } from "./client.js";
import { GitHubError } from "./errors.js";
import { graphqlQuery } from "./graphql.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

const viewerShape = z.object({ viewer: z.object({ login: z.string().min(1) }) });

/** The app slug this token's writes are made as: GraphQL's `viewer` for an installation token is the
 * app's bot (`<slug>[bot]`). A login that is no bot's (a person's token) is refused: only an app's
 * check runs and history are the gate's. 1 request. */
export async function actingApp(client: GitHubClient): Promise<string> {
  const operation = "read which app this token acts as";
  const data = expectShape(
    viewerShape,
    await graphqlQuery(client, operation, "query { viewer { login } }", {}),
    operation,
  );
  const m = /^(.+)\[bot\]$/.exec(data.viewer.login);
  if (m === null)
    throw new GitHubError({
      kind: "forbidden",
      operation,
      hint: `the token acts as @${data.viewer.login}, a person, not an app: the gate's history is an app's (run it with the workflow's GITHUB_TOKEN or a GitHub App's token)`,
    });
  return m[1] as string;
}

const runShape = z.object({
  id: z.number().int().positive(),
  event: z.string(),
  run_attempt: z.number().int().positive().optional(),
  created_at: z.string(),
  run_started_at: z.string().optional(),
  actor: z.object({ login: z.string() }).nullable().optional(),
  triggering_actor: z.object({ login: z.string() }).nullable().optional(),
});

/** `GET /repos/{o}/{r}/actions/runs/{run_id}`: 1 request. */
export async function getWorkflowRun(
  client: GitHubClient,
  repository: RepositoryRef,
  runId: number,
): Promise<WorkflowRunFacts> {
  const operation = `read workflow run ${runId} in ${fullName(repository)}`;
  const response = await client.run(operation, (octokit) =>
    octokit.rest.actions.getWorkflowRun({ owner: repository.owner, repo: repository.repo, run_id: runId }),
  );
  const run = expectShape(runShape, response.data, operation);
  return {
    id: run.id,
    event: run.event,
    attempt: run.run_attempt ?? 1,
    createdAt: run.created_at,
    ...defined({ attemptStartedAt: run.run_started_at }),
    actor: run.actor?.login ?? null,
    triggeringActor: run.triggering_actor?.login ?? null,
  };
}
