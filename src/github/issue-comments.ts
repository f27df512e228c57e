// Issue comments on a pull request: listed oldest first in bounded pages, created, and updated. The
// round history lives in one of them (sticky-comment.ts), so a body that does not fit is refused
// rather than cut: half a history would read as a shorter one.
import { z } from "zod";
import { defined } from "../util/defined.js";
import type { GitHubClient } from "./client.js";
import { GitHubError, statusOf } from "./errors.js";
import { writeOnce } from "./idempotent-write.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

/** GitHub's limit on a comment body. */
export const COMMENT_BODY_LIMIT = 65_536;

const commentShape = z.object({
  id: z.number().int().positive(),
  body: z.string().optional(),
  html_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  user: z.object({ login: z.string(), type: z.string() }).nullable(),
  issue_url: z.string().optional(),
  performed_via_github_app: z.object({ id: z.number(), slug: z.string().optional() }).nullable().optional(),
});

export interface IssueComment {
  readonly id: number;
  readonly body: string;
  /** Who wrote it; `type` is "Bot" for an app's bot user. */
  readonly author: { readonly login: string; readonly type: string } | null;
  readonly viaApp: { readonly id: number; readonly slug: string | null } | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly htmlUrl: string;
  /** The issue or pull request it is on (from `issue_url`), when GitHub said. */
  readonly issue: number | null;
}

function toComment(data: z.infer<typeof commentShape>): IssueComment {
  return {
    id: data.id,
    body: data.body ?? "",
    author: data.user,
    viaApp:
      data.performed_via_github_app === null || data.performed_via_github_app === undefined
        ? null
        : { id: data.performed_via_github_app.id, slug: data.performed_via_github_app.slug ?? null },
    createdAt: data.created_at,
    updatedAt: data.updated_at,
    htmlUrl: data.html_url,
    issue: issueOf(data.issue_url),
  };
}

function issueOf(url: string | undefined): number | null {
  const m = url === undefined ? null : /\/issues\/([1-9]\d{0,9})$/.exec(url);
  return m === null ? null : Number(m[1]);
}

export const COMMENTS_PER_PAGE = 100;

export interface CommentPages {
  readonly comments: readonly IssueComment[];
  /** False when `maxPages` full pages were read and more may exist. */
  readonly complete: boolean;
  readonly requests: number;
}

/** Oldest first, 100 a page, at most `maxPages` pages (default 10) from `firstPage` (default 1).
 * `stopWhen` ends the paging early once a page holds what the caller looks for; `since` (an ISO time)
 * lists only the comments updated at or after it. */
export async function listIssueComments(
  client: GitHubClient,
  repository: RepositoryRef,
  number: number,
  options: {
    maxPages?: number;
    firstPage?: number;
    since?: string;
    stopWhen?: (page: readonly IssueComment[]) => boolean;
  } = {},
): Promise<CommentPages> {
  const comments: IssueComment[] = [];
  const maxPages = options.maxPages ?? 10;
  const first = options.firstPage ?? 1;
  for (let page = first; page < first + maxPages; page += 1) {
    const operation = `list the comments of pull request ${fullName(repository)}#${number} (page ${page}${options.since !== undefined ? `, updated since ${options.since}` : ""})`;
    const response = await client.run(operation, (octokit) =>
      octokit.rest.issues.listComments({
        owner: repository.owner,
        repo: repository.repo,
        issue_number: number,
        per_page: COMMENTS_PER_PAGE,
        page,
        ...defined({ since: options.since }),
      }),
    );
    const batch = expectShape(z.array(commentShape), response.data, operation).map(toComment);
    comments.push(...batch);
    const requests = page - first + 1;
    if (batch.length < COMMENTS_PER_PAGE) return { comments, complete: true, requests };
    if (options.stopWhen?.(batch) === true) return { comments, complete: false, requests };
  }
  return { comments, complete: false, requests: maxPages };
}

function checkBody(body: string, operation: string): void {
  if (body.length > COMMENT_BODY_LIMIT) {
    throw new GitHubError({
      kind: "refused",
      operation,
      hint: `The comment is ${body.length} characters; GitHub accepts ${COMMENT_BODY_LIMIT}. Nothing was cut, because a cut history would read as a shorter one.`,
    });
  }
}

/** 1 request, and never a second comment: after an answer that may hide a comment GitHub made (a 5xx,
 * none at all), the comments updated since just before the post are read for this exact body from a
 * bot before it is posted again (idempotent-write.ts). At most 3 posts. */
export async function createIssueComment(
  client: GitHubClient,
  repository: RepositoryRef,
  number: number,
  text: string,
): Promise<IssueComment> {
  // A secret the client knows never reaches a comment, whatever the caller put in it.
  const body = client.redact(text);
  const operation = `comment on pull request ${fullName(repository)}#${number}`;
  checkBody(body, operation);
  // A margin for a runner whose clock runs ahead of GitHub's: the look reads a little more.
  const since = new Date(Date.now() - 15 * 60_000).toISOString();
  return writeOnce({
    attempts: 3,
    pause: (attempt) => client.pause(attempt),
    write: async () => {
      const response = await client.run(operation, (octokit) =>
        octokit.rest.issues.createComment({
          owner: repository.owner,
          repo: repository.repo,
          issue_number: number,
          body,
          // Never retried as it stands: it may have landed (idempotent-write.ts).
          request: { retries: 0 },
        }),
      );
      return toComment(expectShape(commentShape, response.data, operation));
    },
    look: async () => {
      const recent = await listIssueComments(client, repository, number, { since, maxPages: 10 });
      return recent.comments.filter((c) => c.body === body && c.author?.type === "Bot").at(-1);
    },
  });
}

/** 1 request. */
export async function updateIssueComment(
  client: GitHubClient,
  repository: RepositoryRef,
  commentId: number,
  text: string,
): Promise<IssueComment> {
  const body = client.redact(text);
  const operation = `update comment ${commentId} in ${fullName(repository)}`;
  checkBody(body, operation);
  const response = await client.run(operation, (octokit) =>
    octokit.rest.issues.updateComment({
      owner: repository.owner,
      repo: repository.repo,
      comment_id: commentId,
      body,
    }),
  );
  return toComment(expectShape(commentShape, response.data, operation));
}

/** `GET /repos/{o}/{r}/issues/comments/{id}`: 1 request. Undefined when GitHub no longer has it (404:
 * deleted), never an error a caller might take for "still there". */
export async function getIssueComment(
  client: GitHubClient,
  repository: RepositoryRef,
  commentId: number,
): Promise<IssueComment | undefined> {
  const operation = `read comment ${commentId} in ${fullName(repository)}`;
  const answer = await client.run(operation, async (octokit) => {
    try {
      return (
        await octokit.rest.issues.getComment({
          owner: repository.owner,
          repo: repository.repo,
          comment_id: commentId,
        })
      ).data as unknown;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  });
  return answer === null ? undefined : toComment(expectShape(commentShape, answer, operation));
}
