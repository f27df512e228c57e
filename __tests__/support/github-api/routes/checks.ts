// Check runs: created and updated only by an app token with write access (a person's token gets "You
// must authenticate via a GitHub App.", a fork PR's read-only token "Resource not accessible by
// integration"); annotations append, 50 a request at most; listed per commit by name, latest first.
import type { CheckRunRecord, RepoRecord } from "../model.js";
import { checkRun } from "../representations/check-run.js";
import {
  forbidsWrite,
  githubError,
  type Handler,
  isReply,
  notFound,
  paginate,
  type RouteContext,
  repoOf,
  validationFailed,
} from "./context.js";

const DOCS = "https://docs.github.com/rest/checks/runs";

interface CheckRunBody {
  name?: string;
  head_sha?: string;
  status?: CheckRunRecord["status"];
  conclusion?: string;
  started_at?: string;
  completed_at?: string;
  details_url?: string;
  external_id?: string;
  output?: { title?: string; summary?: string; text?: string; annotations?: Record<string, unknown>[] };
}

function applyBody(ctx: RouteContext, run: CheckRunRecord, body: CheckRunBody): void {
  if (body.name !== undefined) run.name = body.name;
  if (body.details_url !== undefined) run.detailsUrl = body.details_url;
  if (body.external_id !== undefined) run.externalId = body.external_id;
  if (body.started_at !== undefined) run.startedAt = body.started_at;
  if (body.status !== undefined) run.status = body.status;
  // "Providing `conclusion` will automatically set the `status` parameter to `completed`."
  if (body.conclusion !== undefined) {
    run.conclusion = body.conclusion;
    run.status = "completed";
    run.completedAt = body.completed_at ?? ctx.model.timestamp();
  } else if (body.status === "completed") {
    run.completedAt = body.completed_at ?? ctx.model.timestamp();
  }
  if (body.output !== undefined) {
    if (body.output.title !== undefined) run.output.title = body.output.title;
    if (body.output.summary !== undefined) run.output.summary = body.output.summary;
    if (body.output.text !== undefined) run.output.text = body.output.text;
    run.annotations.push(...(body.output.annotations ?? []));
  }
}

function writer(ctx: RouteContext, docs: string) {
  if (ctx.grant.actor.kind !== "app") return githubError("mustAuthenticateViaApp", docs);
  return forbidsWrite(ctx, docs);
}

const create: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const actor = ctx.grant.actor;
  if (actor.kind !== "app") return githubError("mustAuthenticateViaApp", `${DOCS}#create-a-check-run`);
  const refused = forbidsWrite(ctx, `${DOCS}#create-a-check-run`);
  if (refused !== undefined) return refused;
  const body = (ctx.body ?? {}) as CheckRunBody;
  if (body.head_sha === undefined || !repo.commits.has(body.head_sha)) {
    return validationFailed(`No commit found for SHA: ${body.head_sha}`, `${DOCS}#create-a-check-run`);
  }
  const run: CheckRunRecord = {
    id: ctx.model.ids.id("check-run"),
    repo: repo.fullName,
    headSha: body.head_sha,
    name: body.name ?? "",
    status: "queued",
    conclusion: null,
    startedAt: ctx.model.timestamp(),
    completedAt: null,
    detailsUrl: null,
    externalId: null,
    output: { title: null, summary: null, text: null },
    annotations: [],
    app: actor.app,
    checkSuiteId: ctx.model.ids.id("check-suite"),
    updates: [],
  };
  applyBody(ctx, run, body);
  repo.checkRuns.push(run);
  return { status: 201, json: checkRun(ctx.hosts, repo, run) };
};

function runOf(ctx: RouteContext): { repo: RepoRecord; run: CheckRunRecord } | ReturnType<Handler> {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const run = repo.checkRuns.find((r) => r.id === Number(ctx.params.check_run_id));
  return run === undefined ? notFound(`${DOCS}#get-a-check-run`) : { repo, run };
}

const update: Handler = (ctx) => {
  const found = runOf(ctx);
  if (isReply(found)) return found;
  const refused = writer(ctx, `${DOCS}#update-a-check-run`);
  if (refused !== undefined) return refused;
  const { repo, run } = found;
  // An app may only update its own check runs.
  if (ctx.grant.actor.kind === "app" && ctx.grant.actor.app.id !== run.app.id) {
    return githubError("resourceNotAccessibleByIntegration", `${DOCS}#update-a-check-run`);
  }
  const body = (ctx.body ?? {}) as CheckRunBody;
  run.updates.push(body as Record<string, unknown>);
  applyBody(ctx, run, body);
  return { status: 200, json: checkRun(ctx.hosts, repo, run) };
};

const get: Handler = (ctx) => {
  const found = runOf(ctx);
  if (isReply(found)) return found;
  return { status: 200, json: checkRun(ctx.hosts, found.repo, found.run) };
};

const listAnnotations: Handler = (ctx) => {
  const found = runOf(ctx);
  if (isReply(found)) return found;
  const { repo, run } = found;
  const { page, headers } = paginate(
    ctx,
    run.annotations,
    `/repos/${repo.fullName}/check-runs/${run.id}/annotations`,
  );
  const json = page.map((a) => ({
    path: a.path,
    start_line: a.start_line,
    end_line: a.end_line,
    start_column: a.start_column ?? null,
    end_column: a.end_column ?? null,
    annotation_level: a.annotation_level ?? null,
    title: a.title ?? null,
    message: a.message ?? null,
    raw_details: a.raw_details ?? null,
    blob_href: `${ctx.hosts.web}/${repo.fullName}/blob/${run.headSha}/${String(a.path)}`,
  }));
  return { status: 200, json, headers };
};

const listForRef: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const sha = ctx.model.resolveRef(repo, ctx.params.ref ?? "");
  if (sha === undefined) return validationFailed(`No commit found for SHA: ${ctx.params.ref}`, DOCS);
  const name = ctx.query.get("check_name");
  const status = ctx.query.get("status");
  const appId = ctx.query.get("app_id");
  let runs = repo.checkRuns
    .filter((r) => r.headSha === sha)
    .filter((r) => name === null || r.name === name)
    .filter((r) => status === null || r.status === status)
    .filter((r) => appId === null || String(r.app.id) === appId)
    .sort((a, b) => b.id - a.id);
  if ((ctx.query.get("filter") ?? "latest") === "latest") {
    const seen = new Set<string>();
    runs = runs.filter((r) => {
      const key = `${r.app.id}:${r.name}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
  const { page, headers } = paginate(
    ctx,
    runs,
    `/repos/${repo.fullName}/commits/${ctx.params.ref}/check-runs`,
  );
  return {
    status: 200,
    json: { total_count: runs.length, check_runs: page.map((r) => checkRun(ctx.hosts, repo, r)) },
    headers,
  };
};

export const checkRoutes: Record<string, Handler> = {
  "POST /repos/{owner}/{repo}/check-runs": create,
  "PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}": update,
  "GET /repos/{owner}/{repo}/check-runs/{check_run_id}": get,
  "GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations": listAnnotations,
  "GET /repos/{owner}/{repo}/commits/{ref}/check-runs": listForRef,
};
