// The one comment where the gate keeps a pull request's round history. It is trusted only when its
// author is the gate's own bot (`${checkRun.app.slug}[bot]`, type Bot): anyone can post a comment
// containing the marker, and a forged history could claim earlier approvals or reset the round count.
// Reading is bounded: the comment is created at the gate's first round, so it sits early in the
// oldest-first list; if the pages allowed run out before it is found, that is an error, not "no
// history", because a PR flooded with comments must not get its round budget back. It is written by
// the GitHub port's saveComment (adapter.ts), which creates or updates it.
import type { GitHubClient } from "./client.js";
import { GitHubError } from "./errors.js";
import { type IssueComment, listIssueComments } from "./issue-comments.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";

export type StickyLookup =
  | {
      readonly kind: "found";
      readonly comment: IssueComment;
      /** Further trusted comments with the marker (a race between two runs); the oldest wins. */
      readonly duplicates: number;
      /** Comments with the marker by anyone else: ignored, and worth a warning. */
      readonly impostors: number;
      readonly requests: number;
    }
  | { readonly kind: "absent"; readonly impostors: number; readonly requests: number };

export function isTrustedAuthor(comment: IssueComment, trustedLogin: string): boolean {
  return comment.author !== null && comment.author.type === "Bot" && comment.author.login === trustedLogin;
}

/** Finds the gate's comment: starts with `marker`, written by `trustedLogin` (a Bot). Requests: 1 per
 * 100 comments up to the one found, at most `maxPages` (default 10). */
export async function findStickyComment(
  client: GitHubClient,
  repository: RepositoryRef,
  number: number,
  marker: string,
  trustedLogin: string,
  options: { maxPages?: number } = {},
): Promise<StickyLookup> {
  if (marker.trim() === "") throw new TypeError("the sticky comment needs a non-empty marker");
  // The gate's comment starts with its marker. Another workflow of the repository that posts PR text
  // as the same bot ("Thanks! You wrote: <body>") would otherwise hand the author a forged history
  // (a person's approve, a reusable reviewer verdict), since every workflow's token is the same bot.
  const isOurs = (c: IssueComment) => c.body.startsWith(marker) && isTrustedAuthor(c, trustedLogin);
  const pages = await listIssueComments(client, repository, number, {
    maxPages: options.maxPages ?? 10,
    stopWhen: (page) => page.some(isOurs),
  });
  const marked = pages.comments.filter((c) => c.body.includes(marker));
  const ours = marked.filter(isOurs).sort((a, b) => a.id - b.id);
  const impostors = marked.length - ours.length;
  const first = ours[0];
  if (first !== undefined) {
    return {
      kind: "found",
      comment: first,
      duplicates: ours.length - 1,
      impostors,
      requests: pages.requests,
    };
  }
  if (!pages.complete) {
    throw new GitHubError({
      kind: "history-unavailable",
      operation: `find the round history of pull request ${fullName(repository)}#${number}`,
      hint: `The pull request has more than ${pages.comments.length} comments and the gate's history was not among them, so its earlier rounds cannot be read. A maintainer should review it; nothing was approved.`,
    });
  }
  return { kind: "absent", impostors, requests: pages.requests };
}
