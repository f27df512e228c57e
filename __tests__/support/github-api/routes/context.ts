// What a route handler receives and returns. Handlers are plain functions over the model: the server
// does the HTTP, the validation, the faults and the recording around them.
import errors from "../../../data/github/errors.json" with { type: "json" };
import type { GitHubModel, PullRecord, RepoRecord, TokenGrant } from "../model.js";
import type { Hosts } from "../representations/urls.js";

/** GitHub's limits, adjustable per test so a 406 or the 3,000-file cap needs no 3,000-file fixture. */
export interface GitHubLimits {
  /** The whole diff is refused with 406 above this many files (GitHub: 300). */
  diffMaxFiles: number;
  /** … or above this many changed lines (GitHub: 20,000). */
  diffMaxLines: number;
  /** `/pulls/{n}/files` lists at most this many files (GitHub: 3,000). */
  filesListMax: number;
  /** A comparison (`/compare/{base}...{head}`) lists at most this many files (GitHub: 300). */
  compareFilesMax: number;
  /** A file's `patch` is left out of `/pulls/{n}/files` above this many bytes, or when this says so. */
  patchMaxBytes: number;
  omitPatch: (filename: string) => boolean;
  /** The contents API refuses blobs above this size with 403 too_large (GitHub: 100 MB). */
  contentsMaxBytes: number;
  /** Pull requests `GET /commits/{sha}/pulls` leaves out although their head is the commit. GitHub
   * does not associate a fork's commits with its pull requests (the default: every fork PR). */
  commitPullsOmit: (pull: PullRecord, repo: RepoRecord) => boolean;
}

export function defaultLimits(): GitHubLimits {
  return {
    diffMaxFiles: 300,
    diffMaxLines: 20_000,
    filesListMax: 3_000,
    compareFilesMax: 300,
    patchMaxBytes: 1024 * 1024,
    omitPatch: () => false,
    contentsMaxBytes: 100 * 1024 * 1024,
    commitPullsOmit: (pull, repo) => pull.headRepo !== repo,
  };
}

export interface RouteContext {
  readonly model: GitHubModel;
  readonly hosts: Hosts;
  readonly limits: GitHubLimits;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The parsed JSON body, when one was sent. */
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
  readonly grant: TokenGrant;
}

export interface Reply {
  readonly status: number;
  readonly json?: unknown;
  /** A non-JSON body (a diff, raw file content). */
  readonly text?: string | Buffer;
  /** The media type of `text`, e.g. `application/vnd.github.diff`. */
  readonly mediaType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export type Handler = (ctx: RouteContext) => Reply;

type ErrorName = keyof typeof errors;

/** One of GitHub's real error answers from `__tests__/data/github/errors.json`. */
export function githubError(name: ErrorName, documentationUrl?: string): Reply {
  const entry = errors[name] as {
    status: number;
    body?: Record<string, unknown>;
    text?: string;
    contentType?: string;
  };
  if (entry.text !== undefined) {
    return { status: entry.status, text: entry.text, mediaType: entry.contentType ?? "text/html" };
  }
  const body = { ...entry.body };
  if (documentationUrl !== undefined && "documentation_url" in body)
    body.documentation_url = documentationUrl;
  return { status: entry.status, json: body };
}

export function notFound(documentationUrl?: string): Reply {
  return githubError("notFound", documentationUrl);
}

export function validationFailed(message: string, documentationUrl: string): Reply {
  return { status: 422, json: { message, documentation_url: documentationUrl, status: "422" } };
}

/** The repository named by `{owner}/{repo}`, or GitHub's 404. */
export function repoOf(ctx: RouteContext): RepoRecord | Reply {
  const repo = ctx.model.repos.get(`${ctx.params.owner}/${ctx.params.repo}`);
  return repo ?? notFound();
}

export function isReply(value: unknown): value is Reply {
  return typeof value === "object" && value !== null && "status" in value && !("fullName" in value);
}

/** GitHub's `per_page`/`page` paging with its `link` header (default 30, at most 100 a page). */
export function paginate<T>(
  ctx: RouteContext,
  items: readonly T[],
  path: string,
): { page: T[]; headers: Record<string, string> } {
  const perPage = Math.min(100, Math.max(1, Number(ctx.query.get("per_page") ?? 30) || 30));
  const page = Math.max(1, Number(ctx.query.get("page") ?? 1) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const links: string[] = [];
  const url = (n: number) => {
    const q = new URLSearchParams(ctx.query);
    q.set("per_page", String(perPage));
    q.set("page", String(n));
    return `<${ctx.hosts.api}${path}?${q.toString()}>`;
  };
  if (page > 1) links.push(`${url(page - 1)}; rel="prev"`, `${url(1)}; rel="first"`);
  if (page < last) links.push(`${url(page + 1)}; rel="next"`, `${url(last)}; rel="last"`);
  return { page: slice, headers: links.length > 0 ? { link: links.join(", ") } : {} };
}

/** Whether the token may write; a read-only token gets GitHub's 403 for integrations. */
export function forbidsWrite(ctx: RouteContext, documentationUrl: string): Reply | undefined {
  return ctx.grant.canWrite ? undefined : githubError("resourceNotAccessibleByIntegration", documentationUrl);
}
