// `labeled-issue-event` and `unlabeled-issue-event` (`GET /issues/{n}/events`): who added or removed a
// label. The gate's `label` dependency trusts a label only from someone with write access who is not
// the pull request's author, so the actor must be exact. `intent` is left out, as GitHub leaves it
// out when the repository has no issue suggestions.
import { nodeId } from "../ids.js";
import type { IssueEventRecord, RepoRecord } from "../model.js";
import type { Hosts } from "./urls.js";
import { simpleUser } from "./users.js";

export function issueEvent(hosts: Hosts, repo: RepoRecord, event: IssueEventRecord): Record<string, unknown> {
  return {
    id: event.id,
    node_id: nodeId(event.event === "labeled" ? "LabeledEvent" : "UnlabeledEvent", event.id),
    url: `${hosts.api}/repos/${repo.fullName}/issues/events/${event.id}`,
    actor: simpleUser(hosts, event.actor),
    event: event.event,
    commit_id: null,
    commit_url: null,
    created_at: event.createdAt,
    performed_via_github_app: null,
    label: { name: event.label.name, color: event.label.color },
  };
}
