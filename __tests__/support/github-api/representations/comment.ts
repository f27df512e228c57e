// `issue-comment`: where the round history lives. `user` and `performed_via_github_app` are what the
// gate checks before it trusts a comment as its own.
import { nodeId } from "../ids.js";
import type { CommentRecord, ReactionRecord, RepoRecord } from "../model.js";
import type { Hosts } from "./urls.js";
import { integration, simpleUser } from "./users.js";

export function issueComment(
  hosts: Hosts,
  repo: RepoRecord,
  comment: CommentRecord,
): Record<string, unknown> {
  const api = `${hosts.api}/repos/${repo.fullName}`;
  const login = comment.author.login;
  return {
    id: comment.id,
    node_id: nodeId("IssueComment", comment.id),
    url: `${api}/issues/comments/${comment.id}`,
    html_url: `${hosts.web}/${repo.fullName}/pull/${comment.issue}#issuecomment-${comment.id}`,
    body: comment.body,
    user: simpleUser(hosts, comment.author),
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    issue_url: `${api}/issues/${comment.issue}`,
    author_association:
      repo.owner.login === login ? "OWNER" : repo.collaborators.has(login) ? "COLLABORATOR" : "NONE",
    performed_via_github_app: comment.app === null ? null : integration(hosts, comment.app),
    reactions: {
      url: `${api}/issues/comments/${comment.id}/reactions`,
      total_count: comment.reactions?.length ?? 0,
      "+1": count(comment, "+1"),
      "-1": count(comment, "-1"),
      laugh: count(comment, "laugh"),
      confused: count(comment, "confused"),
      heart: count(comment, "heart"),
      hooray: count(comment, "hooray"),
      eyes: count(comment, "eyes"),
      rocket: count(comment, "rocket"),
    },
  };
}

function count(comment: CommentRecord, content: ReactionRecord["content"]): number {
  return (comment.reactions ?? []).filter((r) => r.content === content).length;
}

/** `reaction`. */
export function reaction(hosts: Hosts, record: ReactionRecord): Record<string, unknown> {
  return {
    id: record.id,
    node_id: nodeId("Reaction", record.id),
    user: simpleUser(hosts, record.user),
    content: record.content,
    created_at: record.createdAt,
  };
}
