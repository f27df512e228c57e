// Commit statuses: the latest per context, combined by GitHub's rule; created by anyone who may write.
import type { StatusRecord } from "../model.js";
import { combinedStatus, commitStatus } from "../representations/status.js";
import {
  forbidsWrite,
  type Handler,
  isReply,
  notFound,
  paginate,
  repoOf,
  validationFailed,
} from "./context.js";

const DOCS = "https://docs.github.com/rest/commits/statuses";

/** Newest first, one per context. */
function latestPerContext(statuses: readonly StatusRecord[]): StatusRecord[] {
  const seen = new Set<string>();
  return [...statuses]
    .sort((a, b) => b.id - a.id)
    .filter((s) => {
      if (seen.has(s.context)) return false;
      seen.add(s.context);
      return true;
    });
}

const combined: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const sha = ctx.model.resolveRef(repo, ctx.params.ref ?? "");
  if (sha === undefined) return notFound(`${DOCS}#get-the-combined-status-for-a-specific-reference`);
  const latest = latestPerContext(repo.statuses.filter((s) => s.sha === sha));
  const { page, headers } = paginate(ctx, latest, `/repos/${repo.fullName}/commits/${ctx.params.ref}/status`);
  return { status: 200, json: combinedStatus(ctx.hosts, repo, sha, latest, page), headers };
};

const list: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const sha = ctx.model.resolveRef(repo, ctx.params.ref ?? "");
  const all = repo.statuses.filter((s) => s.sha === sha).sort((a, b) => b.id - a.id);
  const { page, headers } = paginate(ctx, all, `/repos/${repo.fullName}/commits/${ctx.params.ref}/statuses`);
  return { status: 200, json: page.map((s) => commitStatus(ctx.hosts, repo, s)), headers };
};

const create: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const refused = forbidsWrite(ctx, `${DOCS}#create-a-commit-status`);
  if (refused !== undefined) return refused;
  const sha = ctx.params.sha ?? "";
  if (!repo.commits.has(sha))
    return validationFailed(`No commit found for SHA: ${sha}`, `${DOCS}#create-a-commit-status`);
  const body = (ctx.body ?? {}) as {
    state: StatusRecord["state"];
    context?: string;
    description?: string;
    target_url?: string;
  };
  const record: StatusRecord = {
    id: ctx.model.ids.id("status"),
    sha,
    context: body.context ?? "default",
    state: body.state,
    description: body.description ?? null,
    targetUrl: body.target_url ?? null,
    creator: ctx.grant.actor.kind === "app" ? ctx.grant.actor.app.bot : ctx.grant.actor.user,
    createdAt: ctx.model.timestamp(),
  };
  repo.statuses.push(record);
  return { status: 201, json: commitStatus(ctx.hosts, repo, record) };
};

export const statusRoutes: Record<string, Handler> = {
  "GET /repos/{owner}/{repo}/commits/{ref}/status": combined,
  "GET /repos/{owner}/{repo}/commits/{ref}/statuses": list,
  "POST /repos/{owner}/{repo}/statuses/{sha}": create,
};
