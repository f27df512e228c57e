// A workflow run, as the gate reads its own (GITHUB_RUN_ID) to learn who started this attempt and when
// the run was asked for: a person's act is bound to both (src/gate/person-act.ts).
import { workflowRun } from "../representations/workflow-run.js";
import { type Handler, isReply, notFound, repoOf } from "./context.js";

const getRun: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const run = repo.workflowRuns.find((r) => String(r.id) === ctx.params.run_id);
  if (run === undefined)
    return notFound("https://docs.github.com/rest/actions/workflow-runs#get-a-workflow-run");
  return { status: 200, json: workflowRun(ctx.hosts, repo, run) };
};

export const actionsRoutes: Record<string, Handler> = {
  "GET /repos/{owner}/{repo}/actions/runs/{run_id}": getRun,
};
