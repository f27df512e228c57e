// `check-run`: the gate's verdict as GitHub stores it, and the other checks its dependencies wait on.
import { nodeId } from "../ids.js";
import type { CheckRunRecord, RepoRecord } from "../model.js";
import { pullRequestMinimal } from "./pull-request.js";
import type { Hosts } from "./urls.js";
import { integration } from "./users.js";

export function checkRun(hosts: Hosts, repo: RepoRecord, run: CheckRunRecord): Record<string, unknown> {
  const api = `${hosts.api}/repos/${repo.fullName}/check-runs/${run.id}`;
  // GitHub lists only same-repository pull requests whose head is this commit; a fork's are omitted.
  const pulls = [...repo.pulls.values()].filter(
    (p) => p.state === "open" && p.headSha === run.headSha && (p.headRepo === null || p.headRepo === repo),
  );
  return {
    id: run.id,
    head_sha: run.headSha,
    node_id: nodeId("CheckRun", run.id),
    external_id: run.externalId ?? "",
    url: api,
    html_url: `${hosts.web}/${repo.fullName}/runs/${run.id}`,
    details_url: run.detailsUrl ?? `${hosts.web}/${repo.fullName}/runs/${run.id}`,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.startedAt,
    completed_at: run.completedAt,
    output: {
      title: run.output.title,
      summary: run.output.summary,
      text: run.output.text,
      annotations_count: run.annotations.length,
      annotations_url: `${api}/annotations`,
    },
    name: run.name,
    check_suite: { id: run.checkSuiteId },
    app: integration(hosts, run.app),
    pull_requests: pulls.map((p) => pullRequestMinimal(hosts, repo, p)),
  };
}
