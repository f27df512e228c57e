import type { GitHubClient } from "./client.js";
import { type RepositoryRef } from "./repository-ref.js";
/** GitHub's limit on a comment body. */
export declare const COMMENT_BODY_LIMIT = 65536;
export interface IssueComment {
    readonly id: number;
    readonly body: string;
    /** Who wrote it; `type` is "Bot" for an app's bot user. */
    readonly author: {
        readonly login: string;
        readonly type: string;
    } | null;
    readonly viaApp: {
        readonly id: number;
        readonly slug: string | null;
    } | null;
    readonly createdAt: string;
    readonly updatedAt: string;
    readonly htmlUrl: string;
}
export declare const COMMENTS_PER_PAGE = 100;
export interface CommentPages {
    readonly comments: readonly IssueComment[];
    /** False when `maxPages` full pages were read and more may exist. */
    readonly complete: boolean;
    readonly requests: number;
}
/** Oldest first, 100 a page, at most `maxPages` pages (default 10). `stopWhen` ends the paging early
 * once a page holds what the caller looks for. */
export declare function listIssueComments(client: GitHubClient, repository: RepositoryRef, number: number, options?: {
    maxPages?: number;
    stopWhen?: (page: readonly IssueComment[]) => boolean;
}): Promise<CommentPages>;
/** 1 request. */
export declare function createIssueComment(client: GitHubClient, repository: RepositoryRef, number: number, text: string): Promise<IssueComment>;
/** 1 request. */
export declare function updateIssueComment(client: GitHubClient, repository: RepositoryRef, commentId: number, text: string): Promise<IssueComment>;
