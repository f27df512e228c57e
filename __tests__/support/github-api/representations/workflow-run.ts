// `workflow-run`: one run of a workflow, as `GET /repos/{owner}/{repo}/actions/runs/{run_id}` answers
// it. What the gate reads of it is who started this attempt (`triggering_actor`, `run_attempt`) and
// when the run was asked for (`created_at`) and this attempt started (`run_started_at`).
import { nodeId } from "../ids.js";
import type { RepoRecord, WorkflowRunRecord } from "../model.js";
import { minimalRepository } from "./repository.js";
import type { Hosts } from "./urls.js";
import { simpleUser } from "./users.js";

export function workflowRun(hosts: Hosts, repo: RepoRecord, run: WorkflowRunRecord): Record<string, unknown> {
  const api = `${hosts.api}/repos/${repo.fullName}/actions/runs/${run.id}`;
  const commit = repo.commits.get(run.headSha);
  const person = (login: string) => ({ name: login, email: `${login}@users.noreply.github.com` });
  return {
    id: run.id,
    name: "verdict-gate",
    node_id: nodeId("WorkflowRun", run.id),
    check_suite_id: run.id + 1,
    check_suite_node_id: nodeId("CheckSuite", run.id + 1),
    head_branch: run.headBranch,
    head_sha: run.headSha,
    path: ".github/workflows/verdict-gate.yml",
    run_number: run.number,
    run_attempt: run.attempt,
    referenced_workflows: [],
    event: run.event,
    status: "in_progress",
    conclusion: null,
    workflow_id: 161_335,
    url: api,
    html_url: `${hosts.web}/${repo.fullName}/actions/runs/${run.id}`,
    pull_requests: [],
    created_at: run.createdAt,
    updated_at: run.runStartedAt,
    actor: simpleUser(hosts, run.actor),
    triggering_actor: simpleUser(hosts, run.triggeringActor),
    run_started_at: run.runStartedAt,
    jobs_url: `${api}/jobs`,
    logs_url: `${api}/logs`,
    check_suite_url: `${hosts.api}/repos/${repo.fullName}/check-suites/${run.id + 1}`,
    artifacts_url: `${api}/artifacts`,
    cancel_url: `${api}/cancel`,
    rerun_url: `${api}/rerun`,
    previous_attempt_url: run.attempt > 1 ? `${api}/attempts/${run.attempt - 1}` : null,
    workflow_url: `${hosts.api}/repos/${repo.fullName}/actions/workflows/161335`,
    head_commit:
      commit === undefined
        ? null
        : {
            id: commit.sha,
            tree_id: commit.sha.split("").reverse().join(""),
            message: commit.message,
            timestamp: commit.date,
            author: person(commit.author),
            committer: person(commit.committer ?? commit.author),
          },
    repository: minimalRepository(hosts, repo),
    head_repository: minimalRepository(hosts, repo),
    head_repository_id: repo.id,
    display_title: run.event === "workflow_dispatch" ? "verdict-gate" : `${run.event} run`,
  };
}
