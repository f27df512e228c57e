// Comparing two commits: `GET /repos/{owner}/{repo}/compare/{base}...{head}`. Three-dot, as on GitHub:
// the change from the merge base of the two to the head, which is what a pull request's diff shows.
// As JSON it lists at most 250 commits (or a page of them) and, on the first page only, at most 300
// files; as the diff media type it is the whole unified diff, or, past GitHub's diff limits, the 500
// "this diff is taking too long to generate" GitHub answers for comparisons it cannot render.
// Also listing refs by prefix (`GET /git/matching-refs/{ref}`: the merge queue's
// `gh-readonly-queue/<base>/…` branches). A merge group's pull requests are read from both.
import type { CommitRecord, RepoRecord } from "../model.js";
import { pullFiles } from "../pull-files.js";
import { commitComparison } from "../representations/comparison.js";
import { githubError, type Handler, isReply, notFound, paginate, repoOf } from "./context.js";

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
  const basehead = ctx.params.basehead ?? "";
  const parts = basehead.split("...");
  if (parts.length !== 2) return notFound(DOCS);
  const baseSha = ctx.model.resolveRef(repo, decodeURIComponent(parts[0] as string));
  const headSha = ctx.model.resolveRef(repo, decodeURIComponent(parts[1] as string));
  if (baseSha === undefined || headSha === undefined) return notFound(DOCS);
  const mergeBase = ctx.model.mergeBase(repo, baseSha, headSha);
  if (mergeBase === undefined) return notFound(DOCS);
  const files = pullFiles(ctx.model, repo, mergeBase, headSha);
  if (/application\/vnd\.github(\.v3)?\.diff/.test(ctx.headers.accept ?? "")) {
    const lines = files.reduce((n, f) => n + f.additions + f.deletions, 0);
    if (files.length > ctx.limits.diffMaxFiles || lines > ctx.limits.diffMaxLines)
      return githubError("diffTakingTooLong");
    return {
      status: 200,
      text: files.map((f) => `${f.diffSection}\n`).join(""),
      mediaType: "application/vnd.github.diff",
    };
  }
  const record = (sha: string) => repo.commits.get(sha) as CommitRecord;
  const ahead = commitsBetween(repo, baseSha, headSha);
  const behindBy = commitsBetween(repo, headSha, baseSha).length;
  const paged = ctx.query.has("page") || ctx.query.has("per_page");
  // Without paging GitHub lists the newest 250 commits; with paging, files only on the first page.
  const { page: commits, headers } = paged
    ? paginate(ctx, ahead, `/repos/${repo.fullName}/compare/${basehead}`)
    : { page: ahead.slice(-250), headers: {} };
  const firstPage = !paged || Number(ctx.query.get("page") ?? 1) <= 1;
  const json = commitComparison(
    ctx.hosts,
    ctx.model,
    repo,
    {
      base: record(baseSha),
      head: record(headSha),
      mergeBase: record(mergeBase),
      basehead,
      aheadBy: ahead.length,
      behindBy,
      commits,
      ...(firstPage ? { files: files.slice(0, ctx.limits.compareFilesMax) } : {}),
    },
    (f) => Buffer.byteLength(f.patch) <= ctx.limits.patchMaxBytes && !ctx.limits.omitPatch(f.filename),
  );
  return { status: 200, headers, json };
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
