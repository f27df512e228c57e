// `pull-request` (GET one), `pull-request-simple` (lists) and `pull-request-minimal` (inside a check
// run). The head and base carry the SHAs the gate must post on and read its contract from.
import { nodeId } from "../ids.js";
import type { PullRecord, RepoRecord } from "../model.js";
import type { PullFile } from "../pull-files.js";
import { label } from "./label.js";
import { repository } from "./repository.js";
import type { Hosts } from "./urls.js";
import { simpleUser } from "./users.js";

function side(hosts: Hosts, repo: RepoRecord, ref: string, sha: string): Record<string, unknown> {
  return {
    label: `${repo.owner.login}:${ref}`,
    ref,
    sha,
    user: simpleUser(hosts, repo.owner),
    repo: repository(hosts, repo),
  };
}

function link(href: string): { href: string } {
  return { href };
}

function association(repo: RepoRecord, login: string): string {
  if (repo.owner.login === login) return "OWNER";
  return repo.collaborators.has(login) ? "COLLABORATOR" : "CONTRIBUTOR";
}

export function pullRequestSimple(hosts: Hosts, repo: RepoRecord, pull: PullRecord): Record<string, unknown> {
  const api = `${hosts.api}/repos/${repo.fullName}`;
  const html = `${hosts.web}/${repo.fullName}/pull/${pull.number}`;
  const headRepo = pull.headRepo ?? repo;
  return {
    url: `${api}/pulls/${pull.number}`,
    id: pull.id,
    node_id: nodeId("PullRequest", pull.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${api}/issues/${pull.number}`,
    commits_url: `${api}/pulls/${pull.number}/commits`,
    review_comments_url: `${api}/pulls/${pull.number}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: `${api}/issues/${pull.number}/comments`,
    statuses_url: `${api}/statuses/${pull.headSha}`,
    number: pull.number,
    state: pull.state,
    locked: false,
    title: pull.title,
    user: simpleUser(hosts, pull.author),
    body: pull.body,
    labels: pull.labels.flatMap((name) => {
      const record = repo.labels.get(name);
      return record === undefined ? [] : [label(hosts, repo, record)];
    }),
    milestone: null,
    active_lock_reason: null,
    created_at: pull.createdAt,
    updated_at: pull.updatedAt,
    closed_at: pull.closedAt,
    merged_at: pull.mergedAt,
    merge_commit_sha: pull.mergeCommitSha,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: side(hosts, headRepo, pull.headRef, pull.headSha),
    base: side(hosts, repo, pull.baseRef, pull.baseSha),
    _links: {
      self: link(`${api}/pulls/${pull.number}`),
      html: link(html),
      issue: link(`${api}/issues/${pull.number}`),
      comments: link(`${api}/issues/${pull.number}/comments`),
      review_comments: link(`${api}/pulls/${pull.number}/comments`),
      review_comment: link(`${api}/pulls/comments{/number}`),
      commits: link(`${api}/pulls/${pull.number}/commits`),
      statuses: link(`${api}/statuses/${pull.headSha}`),
    },
    author_association: association(repo, pull.author.login),
    auto_merge: null,
    draft: pull.draft,
  };
}

export function pullRequest(
  hosts: Hosts,
  repo: RepoRecord,
  pull: PullRecord,
  files: readonly PullFile[],
): Record<string, unknown> {
  return {
    ...pullRequestSimple(hosts, repo, pull),
    merged: pull.merged,
    mergeable: pull.state === "open" ? true : null,
    rebaseable: pull.state === "open" ? true : null,
    mergeable_state: pull.state === "open" ? "clean" : "unknown",
    merged_by: pull.mergedBy === null ? null : simpleUser(hosts, pull.mergedBy),
    comments: repo.comments.filter((c) => c.issue === pull.number).length,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: pull.commits.length,
    additions: files.reduce((n, f) => n + f.additions, 0),
    deletions: files.reduce((n, f) => n + f.deletions, 0),
    changed_files: files.length,
  };
}

export function pullRequestMinimal(
  hosts: Hosts,
  repo: RepoRecord,
  pull: PullRecord,
): Record<string, unknown> {
  const headRepo = pull.headRepo ?? repo;
  return {
    id: pull.id,
    number: pull.number,
    url: `${hosts.api}/repos/${repo.fullName}/pulls/${pull.number}`,
    head: {
      ref: pull.headRef,
      sha: pull.headSha,
      repo: { id: headRepo.id, url: `${hosts.api}/repos/${headRepo.fullName}`, name: headRepo.name },
    },
    base: {
      ref: pull.baseRef,
      sha: pull.baseSha,
      repo: { id: repo.id, url: `${hosts.api}/repos/${repo.fullName}`, name: repo.name },
    },
  };
}
