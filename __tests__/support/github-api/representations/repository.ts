// `repository` and `minimal-repository`: the dozens of URL templates GitHub returns with every
// repository, generated from one base so they are all consistent.
import { nodeId } from "../ids.js";
import type { RepoRecord } from "../model.js";
import type { Hosts } from "./urls.js";
import { simpleUser } from "./users.js";

function urls(hosts: Hosts, repo: RepoRecord): Record<string, string> {
  const api = `${hosts.api}/repos/${repo.fullName}`;
  const html = `${hosts.web}/${repo.fullName}`;
  return {
    html_url: html,
    url: api,
    archive_url: `${api}/{archive_format}{/ref}`,
    assignees_url: `${api}/assignees{/user}`,
    blobs_url: `${api}/git/blobs{/sha}`,
    branches_url: `${api}/branches{/branch}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    comments_url: `${api}/comments{/number}`,
    commits_url: `${api}/commits{/sha}`,
    compare_url: `${api}/compare/{base}...{head}`,
    contents_url: `${api}/contents/{+path}`,
    contributors_url: `${api}/contributors`,
    deployments_url: `${api}/deployments`,
    downloads_url: `${api}/downloads`,
    events_url: `${api}/events`,
    forks_url: `${api}/forks`,
    git_commits_url: `${api}/git/commits{/sha}`,
    git_refs_url: `${api}/git/refs{/sha}`,
    git_tags_url: `${api}/git/tags{/sha}`,
    git_url: `git://github.com/${repo.fullName}.git`,
    issue_comment_url: `${api}/issues/comments{/number}`,
    issue_events_url: `${api}/issues/events{/number}`,
    issues_url: `${api}/issues{/number}`,
    keys_url: `${api}/keys{/key_id}`,
    labels_url: `${api}/labels{/name}`,
    languages_url: `${api}/languages`,
    merges_url: `${api}/merges`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    pulls_url: `${api}/pulls{/number}`,
    releases_url: `${api}/releases{/id}`,
    ssh_url: `git@github.com:${repo.fullName}.git`,
    stargazers_url: `${api}/stargazers`,
    statuses_url: `${api}/statuses/{sha}`,
    subscribers_url: `${api}/subscribers`,
    subscription_url: `${api}/subscription`,
    tags_url: `${api}/tags`,
    teams_url: `${api}/teams`,
    trees_url: `${api}/git/trees{/sha}`,
    clone_url: `${html}.git`,
    hooks_url: `${api}/hooks`,
    svn_url: html,
  };
}

export function minimalRepository(hosts: Hosts, repo: RepoRecord): Record<string, unknown> {
  return {
    id: repo.id,
    node_id: nodeId("Repository", repo.id),
    name: repo.name,
    full_name: repo.fullName,
    owner: simpleUser(hosts, repo.owner),
    private: repo.private,
    description: `The ${repo.name} repository`,
    fork: repo.parent !== null,
    ...urls(hosts, repo),
  };
}

export function repository(hosts: Hosts, repo: RepoRecord): Record<string, unknown> {
  const openIssues = [...repo.pulls.values()].filter((p) => p.state === "open").length;
  return {
    ...minimalRepository(hosts, repo),
    homepage: null,
    language: "TypeScript",
    forks: 0,
    forks_count: 0,
    stargazers_count: 0,
    watchers_count: 0,
    watchers: 0,
    size: 108,
    default_branch: repo.defaultBranch,
    open_issues_count: openIssues,
    open_issues: openIssues,
    is_template: false,
    topics: [],
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: false,
    disabled: false,
    visibility: repo.private ? "private" : "public",
    mirror_url: null,
    license: null,
    pushed_at: repo.createdAt,
    created_at: repo.createdAt,
    updated_at: repo.createdAt,
    allow_forking: true,
    web_commit_signoff_required: false,
  };
}
