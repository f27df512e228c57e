// `pull-request-review`: what `POST /pulls/{n}/reviews` answers.
import { nodeId } from "../ids.js";
import type { RepoRecord, ReviewRecord } from "../model.js";
import type { Hosts } from "./urls.js";
import { simpleUser } from "./users.js";

const STATE: Readonly<Record<string, string>> = {
  COMMENT: "COMMENTED",
  APPROVE: "APPROVED",
  REQUEST_CHANGES: "CHANGES_REQUESTED",
  PENDING: "PENDING",
};

export function pullRequestReview(
  hosts: Hosts,
  repo: RepoRecord,
  review: ReviewRecord,
): Record<string, unknown> {
  const pullUrl = `${hosts.api}/repos/${repo.fullName}/pulls/${review.pull}`;
  const html = `${hosts.web}/${repo.fullName}/pull/${review.pull}#pullrequestreview-${review.id}`;
  const login = review.author.login;
  return {
    id: review.id,
    node_id: nodeId("PullRequestReview", review.id),
    user: simpleUser(hosts, review.author),
    body: review.body,
    state: STATE[review.event] ?? "COMMENTED",
    html_url: html,
    pull_request_url: pullUrl,
    _links: { html: { href: html }, pull_request: { href: pullUrl } },
    ...(review.event === "PENDING" ? {} : { submitted_at: review.submittedAt }),
    commit_id: review.commitId,
    author_association:
      repo.owner.login === login ? "OWNER" : repo.collaborators.has(login) ? "COLLABORATOR" : "NONE",
  };
}
