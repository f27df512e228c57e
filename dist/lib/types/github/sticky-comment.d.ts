import type { GitHubClient } from "./client.js";
import { type IssueComment } from "./issue-comments.js";
import { type RepositoryRef } from "./repository-ref.js";
export type StickyLookup = {
    readonly kind: "found";
    readonly comment: IssueComment;
    /** Further trusted comments with the marker (a race between two runs); the oldest wins. */
    readonly duplicates: number;
    /** Comments with the marker by anyone else: ignored, and worth a warning. */
    readonly impostors: number;
    readonly requests: number;
} | {
    readonly kind: "absent";
    readonly impostors: number;
    readonly requests: number;
};
export declare function isTrustedAuthor(comment: IssueComment, trustedLogin: string): boolean;
/** Finds the gate's comment: starts with `marker`, written by `trustedLogin` (a Bot). Requests: 1 per
 * 100 comments up to the one found, at most `maxPages` (default 10). */
export declare function findStickyComment(client: GitHubClient, repository: RepositoryRef, number: number, marker: string, trustedLogin: string, options?: {
    maxPages?: number;
}): Promise<StickyLookup>;
/** Creates the comment, or replaces the body of `existing` (from findStickyComment). The body must
 * start with the marker, or the next round could not find it. 1 request. */
export declare function upsertStickyComment(client: GitHubClient, repository: RepositoryRef, number: number, marker: string, body: string, existing: {
    readonly id: number;
} | null): Promise<{
    comment: IssueComment;
    created: boolean;
}>;
