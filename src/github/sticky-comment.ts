// The one comment where the gate keeps a pull request's round history. It is trusted only when its
// author is the gate's own bot (`${checkRun.app.slug}[bot]`, type Bot): anyone can post a comment
// containing the marker, and a forged history could claim earlier approvals or reset the round count.
// Finding it must not mean reading every comment: a pull request with more than 1,000 comments before
// its first round (a CI bot, a long RFC thread) used to run out of pages and hold for good. So it is
// looked for where it must be: on the first page (a gate that ran from the start wrote it early);
// among the comments updated lately (every round that records a result rewrites it, so it was updated
// at the pull request's last such round, and the comments updated since are few, whatever came
// before); and only then through every page. The adapter fetches it by id first when one of the
// gate's check runs on the head remembers it (external-id.ts). Absence is concluded only from a read
// of every comment: a pull request flooded with comments must not get its round budget back. It is
// written by the GitHub port's saveComment (adapter.ts), which creates or updates it.
import type { GitHubClient } from "./client.js";
import { GitHubError } from "./errors.js";
import { COMMENTS_PER_PAGE, type IssueComment, listIssueComments } from "./issue-comments.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";

export type StickyLookup =
  | {
      readonly kind: "found";
      readonly comment: IssueComment;
      /** Further trusted comments with the marker (a race between two runs); the oldest wins. */
      readonly duplicates: readonly IssueComment[];
      /** Comments with the marker by anyone else: ignored, and worth a warning. */
      readonly impostors: number;
      readonly requests: number;
    }
  | { readonly kind: "absent"; readonly impostors: number; readonly requests: number };

/** Pages read at most in all (10,000 comments); past them the history is unavailable, a hold. */
export const MAX_COMMENT_PAGES = 100;

/** How far back the lately-updated comments are looked through, widening while each window is read
 * whole (a window that is not is no cheaper than every page). */
const WINDOW_DAYS = [1, 7, 30] as const;
/** Pages read of one window. */
const WINDOW_PAGES = 3;

export function isTrustedAuthor(comment: IssueComment, trustedLogin: string): boolean {
  return comment.author !== null && comment.author.type === "Bot" && comment.author.login === trustedLogin;
}

/** Finds the gate's comment: starts with `marker`, written by `trustedLogin` (a Bot). Requests: the
 * first page; with `now` (GitHub's clock), the comments updated in the last day, week and month while
 * each window is read whole; then the remaining pages up to `maxPages` (default 100) in all. */
export async function findStickyComment(
  client: GitHubClient,
  repository: RepositoryRef,
  number: number,
  marker: string,
  trustedLogin: string,
  options: { maxPages?: number; now?: string } = {},
): Promise<StickyLookup> {
  if (marker.trim() === "") throw new TypeError("the sticky comment needs a non-empty marker");
  // The gate's comment starts with its marker. Another workflow of the repository that posts PR text
  // as the same bot ("Thanks! You wrote: <body>") would otherwise hand the author a forged history
  // (a person's approve, a reusable reviewer verdict), since every workflow's token is the same bot.
  const isOurs = (c: IssueComment) => c.body.startsWith(marker) && isTrustedAuthor(c, trustedLogin);
  const stopWhen = (page: readonly IssueComment[]) => page.some(isOurs);
  const maxPages = options.maxPages ?? MAX_COMMENT_PAGES;
  const seen = new Map<number, IssueComment>();
  let requests = 0;
  const read = (pages: Awaited<ReturnType<typeof listIssueComments>>) => {
    requests += pages.requests;
    for (const c of pages.comments) seen.set(c.id, c);
    return pages;
  };
  const found = (): StickyLookup | undefined => {
    const comments = [...seen.values()];
    const marked = comments.filter((c) => c.body.includes(marker));
    const ours = marked.filter(isOurs).sort((a, b) => a.id - b.id);
    const [first, ...duplicates] = ours;
    if (first === undefined) return undefined;
    return { kind: "found", comment: first, duplicates, impostors: marked.length - ours.length, requests };
  };
  const absent = (): StickyLookup => ({
    kind: "absent",
    impostors: [...seen.values()].filter((c) => c.body.includes(marker)).length,
    requests,
  });

  const firstPage = read(await listIssueComments(client, repository, number, { maxPages: 1 }));
  if (firstPage.complete) return found() ?? absent();
  const early = found();
  if (early !== undefined) return early;

  if (options.now !== undefined && !Number.isNaN(Date.parse(options.now))) {
    for (const days of WINDOW_DAYS) {
      const since = new Date(Date.parse(options.now) - days * 86_400_000).toISOString();
      const window = read(
        await listIssueComments(client, repository, number, { since, maxPages: WINDOW_PAGES, stopWhen }),
      );
      const lately = found();
      if (lately !== undefined) return lately;
      if (!window.complete) break;
    }
  }

  const rest = read(
    await listIssueComments(client, repository, number, { firstPage: 2, maxPages: maxPages - 1, stopWhen }),
  );
  const anywhere = found();
  if (anywhere !== undefined) return anywhere;
  if (!rest.complete) {
    throw new GitHubError({
      kind: "history-unavailable",
      operation: `find the round history of pull request ${fullName(repository)}#${number}`,
      hint: `The pull request has more than ${maxPages * COMMENTS_PER_PAGE} comments and the gate's history was not among them, so its earlier rounds cannot be read. A maintainer should review it; nothing was approved.`,
    });
  }
  return absent();
}
