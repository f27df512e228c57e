// `commit` (a pull request's commits) and `repository-collaborator-permission`.
import type { CommitRecord, RepoRecord, Role, UserRecord } from "../model.js";
import type { Hosts } from "./urls.js";
import { simpleUser } from "./users.js";

export function commit(
  hosts: Hosts,
  repo: RepoRecord,
  record: CommitRecord,
  author: UserRecord,
  committer: UserRecord = author,
): Record<string, unknown> {
  const api = `${hosts.api}/repos/${repo.fullName}`;
  const person = (user: UserRecord) => ({
    name: user.login,
    email: `${user.id}+${user.login}@users.noreply.github.com`,
    date: record.date,
  });
  return {
    url: `${api}/commits/${record.sha}`,
    sha: record.sha,
    node_id: Buffer.from(`06:Commit${repo.id}:${record.sha}`).toString("base64"),
    html_url: `${hosts.web}/${repo.fullName}/commit/${record.sha}`,
    comments_url: `${api}/commits/${record.sha}/comments`,
    commit: {
      url: `${api}/git/commits/${record.sha}`,
      author: person(author),
      committer: person(committer),
      message: record.message,
      comment_count: 0,
      tree: {
        sha: record.sha.split("").reverse().join(""),
        url: `${api}/git/trees/${record.sha.split("").reverse().join("")}`,
      },
      verification: {
        verified: false,
        reason: "unsigned",
        payload: null,
        signature: null,
        verified_at: null,
      },
    },
    author: simpleUser(hosts, author),
    committer: simpleUser(hosts, committer),
    parents: record.parents.map((sha) => ({
      sha,
      url: `${api}/commits/${sha}`,
      html_url: `${hosts.web}/${repo.fullName}/commit/${sha}`,
    })),
  };
}

/** The legacy `permission` field folds maintain into write and triage into read; `role_name` keeps
 * the role. The gate must decide on the role, not the folded value. */
const LEGACY: Record<Role | "none", string> = {
  admin: "admin",
  maintain: "write",
  write: "write",
  triage: "read",
  read: "read",
  none: "none",
};

export function collaboratorPermission(
  hosts: Hosts,
  user: UserRecord,
  role: Role | "none",
): Record<string, unknown> {
  const rank = ["none", "read", "triage", "write", "maintain", "admin"].indexOf(role);
  return {
    permission: LEGACY[role],
    role_name: role,
    user: {
      ...simpleUser(hosts, user),
      role_name: role,
      permissions: {
        pull: rank >= 1,
        triage: rank >= 2,
        push: rank >= 3,
        maintain: rank >= 4,
        admin: rank >= 5,
      },
    },
  };
}
