// Comparing two commits: `GET /repos/{owner}/{repo}/compare/{base}...{head}`. Three-dot, as on GitHub:
// the change from the merge base of the two to the head, which is what a pull request's diff shows.
// As JSON it lists at most 250 commits (or a page of them) and, on the first page only, at most 300
// files; as the diff media type it is the whole unified diff, or, past GitHub's diff limits, the 500
// "this diff is taking too long to generate" GitHub answers for comparisons it cannot render.
import type { CommitRecord } from "../model.js";
import { pullFiles } from "../pull-files.js";
import { commitComparison } from "../representations/comparison.js";
import { githubError, type Handler, isReply, notFound, repoOf } from "./context.js";

const DOCS = "https://docs.github.com/rest/commits/commits#compare-two-commits";

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
  const ofBase = new Set(ctx.model.ancestors(repo, baseSha));
  const ofHead = new Set(ctx.model.ancestors(repo, headSha));
  const ahead = [...ofHead].filter((sha) => !ofBase.has(sha)).reverse();
  const behindBy = [...ofBase].filter((sha) => !ofHead.has(sha)).length;
  const paged = ctx.query.has("page") || ctx.query.has("per_page");
  const perPage = Math.min(100, Math.max(1, Number(ctx.query.get("per_page") ?? 30) || 30));
  const page = Math.max(1, Number(ctx.query.get("page") ?? 1) || 1);
  const commits = paged ? ahead.slice((page - 1) * perPage, page * perPage) : ahead.slice(-250);
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
      commits: commits.map(record),
      ...(!paged || page === 1 ? { files: files.slice(0, ctx.limits.compareFilesMax) } : {}),
    },
    (f) => Buffer.byteLength(f.patch) <= ctx.limits.patchMaxBytes && !ctx.limits.omitPatch(f.filename),
  );
  return { status: 200, json };
};

export const compareRoutes: Record<string, Handler> = {
  "GET /repos/{owner}/{repo}/compare/{basehead}": compare,
};
