// Pull requests: the PR itself (JSON, or the whole diff as `application/vnd.github.diff`, refused with
// 406 when too large), its files (capped at 3,000, patches omitted as GitHub omits them), its commits,
// whether it merged, and the list filtered by head or base.

import type { PullRecord, RepoRecord } from "../model.js";
import { pullRequestFiles } from "../pull-files.js";
import { commit } from "../representations/commit.js";
import { diffEntry } from "../representations/content.js";
import { pullRequest, pullRequestSimple } from "../representations/pull-request.js";
import {
  githubError,
  type Handler,
  isReply,
  notFound,
  paginate,
  type Reply,
  type RouteContext,
  repoOf,
} from "./context.js";

const DOCS = "https://docs.github.com/rest/pulls/pulls";

function pullOf(ctx: RouteContext): { repo: RepoRecord; pull: PullRecord } | Reply {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const pull = repo.pulls.get(Number(ctx.params.pull_number));
  return pull === undefined ? notFound(`${DOCS}#get-a-pull-request`) : { repo, pull };
}

function wantsDiff(ctx: RouteContext): boolean {
  return /application\/vnd\.github(\.v3)?\.diff/.test(ctx.headers.accept ?? "");
}

const getPull: Handler = (ctx) => {
  const found = pullOf(ctx);
  if (isReply(found)) return found;
  const { repo, pull } = found;
  const files = pullRequestFiles(ctx.model, repo, pull);
  if (!wantsDiff(ctx)) return { status: 200, json: pullRequest(ctx.hosts, repo, pull, files) };
  if (files.length > ctx.limits.diffMaxFiles) return githubError("diffTooManyFiles");
  const lines = files.reduce((n, f) => n + f.additions + f.deletions, 0);
  if (lines > ctx.limits.diffMaxLines) return githubError("diffTooManyLines");
  const text = files.map((f) => `${f.diffSection}\n`).join("");
  return { status: 200, text, mediaType: "application/vnd.github.diff" };
};

const listFiles: Handler = (ctx) => {
  const found = pullOf(ctx);
  if (isReply(found)) return found;
  const { repo, pull } = found;
  const files = pullRequestFiles(ctx.model, repo, pull).slice(0, ctx.limits.filesListMax);
  const { page, headers } = paginate(ctx, files, `/repos/${repo.fullName}/pulls/${pull.number}/files`);
  const json = page.map((file) =>
    diffEntry(
      ctx.hosts,
      repo,
      pull.headSha,
      file,
      Buffer.byteLength(file.patch) <= ctx.limits.patchMaxBytes && !ctx.limits.omitPatch(file.filename),
    ),
  );
  return { status: 200, json, headers };
};

const listCommits: Handler = (ctx) => {
  const found = pullOf(ctx);
  if (isReply(found)) return found;
  const { repo, pull } = found;
  // GitHub lists at most 250 commits here.
  const shas = pull.commits.slice(0, 250);
  const { page, headers } = paginate(ctx, shas, `/repos/${repo.fullName}/pulls/${pull.number}/commits`);
  const json = page.flatMap((sha) => {
    const record = repo.commits.get(sha);
    return record === undefined
      ? []
      : [
          commit(
            ctx.hosts,
            repo,
            record,
            ctx.model.user(record.author),
            ctx.model.user(record.committer ?? record.author),
          ),
        ];
  });
  return { status: 200, json, headers };
};

const checkMerged: Handler = (ctx) => {
  const found = pullOf(ctx);
  if (isReply(found)) return found;
  return found.pull.merged ? { status: 204 } : { status: 404 };
};

const listPulls: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const state = ctx.query.get("state") ?? "open";
  const head = ctx.query.get("head");
  const base = ctx.query.get("base");
  const pulls = [...repo.pulls.values()]
    .filter((p) => state === "all" || p.state === state)
    .filter((p) => head === null || `${(p.headRepo ?? repo).owner.login}:${p.headRef}` === head)
    .filter((p) => base === null || p.baseRef === base)
    .sort((a, b) => b.number - a.number);
  const { page, headers } = paginate(ctx, pulls, `/repos/${repo.fullName}/pulls`);
  return { status: 200, json: page.map((p) => pullRequestSimple(ctx.hosts, repo, p)), headers };
};

export const pullRoutes: Record<string, Handler> = {
  "GET /repos/{owner}/{repo}/pulls/{pull_number}": getPull,
  "GET /repos/{owner}/{repo}/pulls/{pull_number}/files": listFiles,
  "GET /repos/{owner}/{repo}/pulls/{pull_number}/commits": listCommits,
  "GET /repos/{owner}/{repo}/pulls/{pull_number}/merge": checkMerged,
  "GET /repos/{owner}/{repo}/pulls": listPulls,
};
