// Comparing two commits (`GET /compare/{base}...{head}`: the commits in head and not in base, oldest
// first, and the files that differ from their merge base) and listing refs by prefix
// (`GET /git/matching-refs/{ref}`: the merge queue's `gh-readonly-queue/<base>/…` branches). A merge
// group's pull requests are read from both.
import type { CommitRecord, RepoRecord } from "../model.js";
import { pullFiles } from "../pull-files.js";
import { commit } from "../representations/commit.js";
import { diffEntry } from "../representations/content.js";
import { type Handler, isReply, notFound, paginate, repoOf } from "./context.js";

const DOCS = "https://docs.github.com/rest/commits/commits#compare-two-commits";

/** Every commit reachable from `sha` (itself included). */
function ancestors(repo: RepoRecord, sha: string): Set<string> {
  const seen = new Set<string>();
  const stack = [sha];
  while (stack.length > 0) {
    const cursor = stack.pop() as string;
    if (seen.has(cursor)) continue;
    seen.add(cursor);
    stack.push(...(repo.commits.get(cursor)?.parents ?? []));
  }
  return seen;
}

/** `base`'s ancestors that `head` also reaches, the nearest first: the merge base. */
function mergeBase(repo: RepoRecord, base: string, head: string): string | undefined {
  const fromHead = ancestors(repo, head);
  const queue = [base];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const cursor = queue.shift() as string;
    if (fromHead.has(cursor)) return cursor;
    if (seen.has(cursor)) continue;
    seen.add(cursor);
    queue.push(...(repo.commits.get(cursor)?.parents ?? []));
  }
  return undefined;
}

/** The commits in `head` and not in `base`, parents before children (git's topological order, which
 * GitHub's chronological order agrees with for commits made one after another). */
function commitsBetween(repo: RepoRecord, base: string, head: string): CommitRecord[] {
  const excluded = ancestors(repo, base);
  const out: CommitRecord[] = [];
  const done = new Set<string>();
  const visit = (sha: string): void => {
    if (done.has(sha) || excluded.has(sha)) return;
    done.add(sha);
    const record = repo.commits.get(sha);
    if (record === undefined) return;
    for (const parent of record.parents) visit(parent);
    out.push(record);
  };
  visit(head);
  return out;
}

const compare: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const m = /^(.+?)\.\.\.(.+)$/.exec(ctx.params.basehead ?? "");
  if (m === null) return notFound(DOCS);
  const base = ctx.model.resolveRef(repo, m[1] as string);
  const head = ctx.model.resolveRef(repo, m[2] as string);
  if (base === undefined || head === undefined) return notFound(DOCS);
  const merge = mergeBase(repo, base, head);
  if (merge === undefined) return notFound(DOCS);
  const ahead = commitsBetween(repo, base, head);
  const behind = commitsBetween(repo, head, base);
  const paged = ctx.query.has("per_page") || ctx.query.has("page");
  // Without paging GitHub lists the newest 250 commits; with paging, files only on the first page.
  const { page: commits, headers } = paged
    ? paginate(ctx, ahead, `/repos/${repo.fullName}/compare/${ctx.params.basehead}`)
    : { page: ahead.slice(-250), headers: {} };
  const firstPage = !paged || Number(ctx.query.get("page") ?? 1) <= 1;
  const files = firstPage ? pullFiles(ctx.model, repo, merge, head).slice(0, 300) : [];
  const api = `${ctx.hosts.api}/repos/${repo.fullName}`;
  const web = `${ctx.hosts.web}/${repo.fullName}`;
  const shown = (record: CommitRecord | undefined) =>
    record === undefined ? null : commit(ctx.hosts, repo, record, ctx.model.user(record.author));
  return {
    status: 200,
    headers,
    json: {
      url: `${api}/compare/${ctx.params.basehead}`,
      html_url: `${web}/compare/${ctx.params.basehead}`,
      permalink_url: `${web}/compare/${repo.owner.login}:${base.slice(0, 7)}...${repo.owner.login}:${head.slice(0, 7)}`,
      diff_url: `${web}/compare/${ctx.params.basehead}.diff`,
      patch_url: `${web}/compare/${ctx.params.basehead}.patch`,
      base_commit: shown(repo.commits.get(base)),
      merge_base_commit: shown(repo.commits.get(merge)),
      status:
        ahead.length === 0 && behind.length === 0
          ? "identical"
          : behind.length === 0
            ? "ahead"
            : ahead.length === 0
              ? "behind"
              : "diverged",
      ahead_by: ahead.length,
      behind_by: behind.length,
      total_commits: ahead.length,
      commits: commits.map((c) => shown(c)),
      files: files.map((f) => diffEntry(ctx.hosts, repo, head, f, true)),
    },
  };
};

/** Refs under a prefix (`heads/gh-readonly-queue/main/`), sorted by name as git sorts them. */
const matchingRefs: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const prefix = decodeURIComponent(ctx.params.ref ?? "");
  if (!prefix.startsWith("heads/")) return { status: 200, json: [] };
  const api = `${ctx.hosts.api}/repos/${repo.fullName}`;
  const json = [...repo.branches]
    .filter(([name]) => `heads/${name}`.startsWith(prefix))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, sha]) => ({
      ref: `refs/heads/${name}`,
      node_id: Buffer.from(`03:Ref${repo.id}:refs/heads/${name}`).toString("base64"),
      url: `${api}/git/refs/heads/${name.split("/").map(encodeURIComponent).join("/")}`,
      object: { type: "commit", sha, url: `${api}/git/commits/${sha}` },
    }));
  return { status: 200, json };
};

export const compareRoutes: Record<string, Handler> = {
  "GET /repos/{owner}/{repo}/compare/{basehead}": compare,
  "GET /repos/{owner}/{repo}/git/matching-refs/{ref}": matchingRefs,
};
