// `status` and `combined-commit-status`: the `status` dependency reads a context's latest state.
import { nodeId } from "../ids.js";
import type { RepoRecord, StatusRecord } from "../model.js";
import { minimalRepository } from "./repository.js";
import type { Hosts } from "./urls.js";
import { simpleUser } from "./users.js";

export function commitStatus(hosts: Hosts, repo: RepoRecord, status: StatusRecord): Record<string, unknown> {
  return {
    url: `${hosts.api}/repos/${repo.fullName}/statuses/${status.sha}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${status.creator.id}?v=4`,
    id: status.id,
    node_id: nodeId("StatusContext", status.id),
    state: status.state,
    description: status.description,
    target_url: status.targetUrl,
    context: status.context,
    created_at: status.createdAt,
    updated_at: status.createdAt,
    creator: simpleUser(hosts, status.creator),
  };
}

/** GitHub's rule: failure if any latest status is error or failure, pending if any is pending or there
 * are none, success otherwise. */
export function combinedState(latest: readonly StatusRecord[]): string {
  if (latest.some((s) => s.state === "error" || s.state === "failure")) return "failure";
  if (latest.length === 0 || latest.some((s) => s.state === "pending")) return "pending";
  return "success";
}

export function combinedStatus(
  hosts: Hosts,
  repo: RepoRecord,
  sha: string,
  latest: readonly StatusRecord[],
  page: readonly StatusRecord[],
): Record<string, unknown> {
  const api = `${hosts.api}/repos/${repo.fullName}`;
  return {
    state: combinedState(latest),
    statuses: page.map((s) => {
      const { creator: _creator, ...rest } = commitStatus(hosts, repo, s);
      return rest;
    }),
    sha,
    total_count: latest.length,
    repository: minimalRepository(hosts, repo),
    commit_url: `${api}/commits/${sha}`,
    url: `${api}/commits/${sha}/status`,
  };
}
