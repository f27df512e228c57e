// The repository itself, a person's permission on it (who may decide a held PR), and the pull
// requests associated with a commit (the merge queue).

import type { RepoRecord } from "../model.js";
import { collaboratorPermission } from "../representations/commit.js";
import { pullRequestSimple } from "../representations/pull-request.js";
import { repository } from "../representations/repository.js";
import { type Handler, isReply, notFound, paginate, repoOf, validationFailed } from "./context.js";

const getRepo: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  // `full-repository` adds these to `repository`.
  return { status: 200, json: { ...repository(ctx.hosts, repo), subscribers_count: 0, network_count: 0 } };
};

const permission: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const login = ctx.params.username ?? "";
  const user = ctx.model.users.get(login);
  if (user === undefined) {
    return notFound(
      "https://docs.github.com/rest/collaborators/collaborators#get-repository-permissions-for-a-user",
    );
  }
  // Anyone may read a public repository; a private one grants nothing to a non-collaborator.
  const role = repo.collaborators.get(login) ?? (repo.private ? "none" : "read");
  return { status: 200, json: collaboratorPermission(ctx.hosts, user, role) };
};

const pullsForCommit: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const sha = ctx.params.commit_sha ?? "";
  if (!repo.commits.has(sha)) {
    return validationFailed(
      `No commit found for SHA: ${sha}`,
      "https://docs.github.com/rest/commits/commits",
    );
  }
  // GitHub: "Lists the merged pull request that introduced the commit to the repository. If the commit
  // is not present in the default branch, it will return merged and open pull requests associated
  // with the commit." In practice a fork's commits are not associated with its pull requests at all
  // (limits.commitPullsOmit, by default every fork PR), which the gate must survive.
  const onDefault = reachable(repo, repo.branches.get(repo.defaultBranch), sha);
  const pulls = [...repo.pulls.values()]
    .filter((p) => p.headSha === sha || p.commits.includes(sha) || p.mergeCommitSha === sha)
    .filter((p) => !onDefault || p.merged)
    .filter((p) => !ctx.limits.commitPullsOmit(p, repo))
    .sort((a, b) => a.number - b.number);
  const { page, headers } = paginate(ctx, pulls, `/repos/${repo.fullName}/commits/${sha}/pulls`);
  return { status: 200, json: page.map((p) => pullRequestSimple(ctx.hosts, repo, p)), headers };
};

/** Whether `sha` is `from` or one of its ancestors. */
function reachable(repo: RepoRecord, from: string | undefined, sha: string): boolean {
  const seen = new Set<string>();
  const stack = from === undefined ? [] : [from];
  while (stack.length > 0) {
    const cursor = stack.pop() as string;
    if (cursor === sha) return true;
    if (seen.has(cursor)) continue;
    seen.add(cursor);
    stack.push(...(repo.commits.get(cursor)?.parents ?? []));
  }
  return false;
}

export const repositoryRoutes: Record<string, Handler> = {
  "GET /repos/{owner}/{repo}": getRepo,
  "GET /repos/{owner}/{repo}/collaborators/{username}/permission": permission,
  "GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls": pullsForCommit,
};
