// The pull request's round history, as the round's HistoryStore (src/ports/github.ts): the gate's one
// sticky comment (sticky-comment.ts), read by the id a run or an earlier read names when there is one,
// and written by create or update. Nothing is kept between calls: the caller hands the id it knows.
import type { CommentHint, HistoryStore, Logger, StoredComment } from "../ports/github.js";
import { defined } from "../util/defined.js";
import type { GitHubClient } from "./client.js";
import {
  createIssueComment,
  getIssueComment,
  type IssueComment,
  updateIssueComment,
} from "./issue-comments.js";
import type { RepositoryRef } from "./repository-ref.js";
import { findStickyComment, isTrustedAuthor } from "./sticky-comment.js";

interface Bound {
  readonly client: GitHubClient;
  readonly repository: RepositoryRef;
  readonly log: Logger;
  /** Comment pages read to find the history (default 100, i.e. 10,000 comments). */
  readonly maxCommentPages: number | undefined;
}

export function historyStore(
  client: GitHubClient,
  repository: RepositoryRef,
  log: Logger,
  maxCommentPages?: number,
): HistoryStore {
  const bound: Bound = { client, repository, log, maxCommentPages };
  return {
    findComment: (prNumber, marker, trustedLogin, hint = {}) =>
      findComment(bound, prNumber, marker, trustedLogin, hint),
    async saveComment(prNumber, body, existing) {
      const saved =
        existing !== undefined
          ? await updateIssueComment(client, repository, existing.id, body)
          : await createIssueComment(client, repository, prNumber, body);
      return stored(saved);
    },
  };
}

function stored(comment: IssueComment): StoredComment {
  return { id: comment.id, body: comment.body, updatedAt: comment.updatedAt };
}

/** The gate's history comment, only as `trustedLogin` wrote it: by the id the caller knows when it is
 * still that comment, else looked for where it must be (sticky-comment.ts). Others carrying the marker
 * are named in a warning and never read; a second copy of the history (two first rounds at once) is
 * reported and its marker taken off, so only one history remains. */
async function findComment(
  bound: Bound,
  prNumber: number,
  marker: string,
  trustedLogin: string,
  hint: CommentHint,
): Promise<StoredComment | undefined> {
  const { client, repository, log } = bound;
  if (hint.id !== undefined) {
    const comment = await getIssueComment(client, repository, hint.id);
    if (
      comment !== undefined &&
      comment.issue === prNumber &&
      comment.body.startsWith(marker) &&
      isTrustedAuthor(comment, trustedLogin)
    )
      return stored(comment);
    log.info(
      `the history comment the gate's runs remember (${hint.id}) is ${comment === undefined ? "gone" : "not the gate's history of this pull request"}: looking through the comments`,
    );
  }
  const found = await findStickyComment(client, repository, prNumber, marker, trustedLogin, {
    ...defined({ maxPages: bound.maxCommentPages, now: hint.now }),
  });
  if (found.impostors > 0) {
    log.warning(
      `${found.impostors} comment(s) on #${prNumber} carry the gate's history marker but were not written by ${trustedLogin}: ignored`,
    );
  }
  if (found.kind !== "found") return undefined;
  if (found.duplicates.length === 0) return stored(found.comment);
  await tidyDuplicates(bound, prNumber, found.comment, found.duplicates);
  return { ...stored(found.comment), duplicates: found.duplicates.map((c) => c.id) };
}

/** Two first rounds at once can each create the history, and one killed before it noticed leaves both.
 * The oldest is the history; every later copy is reported, and its marker taken off, so nobody (and no
 * later round) mistakes it for the history. What it recorded is not lost from the report: the check
 * run of that round has it. */
async function tidyDuplicates(
  { client, repository, log }: Bound,
  prNumber: number,
  kept: IssueComment,
  copies: readonly IssueComment[],
): Promise<void> {
  log.warning(
    `#${prNumber} has ${copies.length + 1} copies of the gate's round history (two rounds recorded a first round at once): comment ${kept.id}, the oldest, is the history; ${copies.map((c) => c.id).join(", ")} ${copies.length === 1 ? "is" : "are"} marked superseded`,
  );
  for (const copy of copies) {
    try {
      await updateIssueComment(
        client,
        repository,
        copy.id,
        `<!-- verdict-gate:superseded -->\nThis copy of the round history lost a race with an earlier one and is not used; the history is in [the gate's earlier comment](${kept.htmlUrl}).`,
      );
    } catch (error) {
      log.warning(
        `could not mark comment ${copy.id} superseded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
