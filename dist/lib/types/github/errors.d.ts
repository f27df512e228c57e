export type GitHubErrorKind = 
/** 401: the token was refused. */
"unauthorized"
/** 403 "Resource not accessible by integration" (or a person's token) on a check-run write: a fork
 * PR's read-only GITHUB_TOKEN under `pull_request`. The action explains the safe setups. */
 | "checks-not-writable"
/** 403: the token lacks a permission for something else. */
 | "forbidden"
/** 403/429 rate limits that outlasted the bounded retries (or asked for too long a wait). */
 | "rate-limited" | "not-found"
/** 406/413/too_large: GitHub refuses to produce something this large; or its answer is more than
 * the gate reads (a response over the size cap, a full page of a list it does not page through). */
 | "too-large"
/** 400/409/422: the request itself was refused. */
 | "invalid-request"
/** 5xx after the bounded retries. */
 | "server-error"
/** No answer within the per-attempt timeout, on every attempt. */
 | "timeout"
/** The connection failed or was cut, on every attempt. */
 | "network"
/** GitHub answered 2xx with something that is not what it documents (malformed, truncated, empty). */
 | "malformed-response"
/** The pull request's head moved while the gate was reading it. */
 | "head-moved"
/** The gate's own history comment could not be located within the bounded number of pages. */
 | "history-unavailable"
/** The caller asked for something the gate refuses to send (a passing-but-neutral conclusion, an
 * oversized comment). A programming error, reported loudly. */
 | "refused";
export interface GitHubErrorDetails {
    readonly kind: GitHubErrorKind;
    /** What the gate was doing, e.g. "read pull request octo/widgets#7". */
    readonly operation: string;
    /** The HTTP status, when there was an answer. */
    readonly status?: number;
    /** GitHub's own message, when it sent one (already redacted). */
    readonly githubMessage?: string;
    /** What the user can do about it. */
    readonly hint: string;
    /** GitHub's request id, for a support ticket. */
    readonly requestId?: string;
    /** Seconds GitHub asked to wait, for rate limits. */
    readonly retryAfterSeconds?: number;
}
export declare class GitHubError extends Error {
    readonly name = "GitHubError";
    readonly kind: GitHubErrorKind;
    readonly operation: string;
    readonly status: number | undefined;
    readonly githubMessage: string | undefined;
    readonly hint: string;
    readonly requestId: string | undefined;
    readonly retryAfterSeconds: number | undefined;
    constructor(details: GitHubErrorDetails);
}
export declare function isGitHubError(error: unknown, kind?: GitHubErrorKind): error is GitHubError;
/** The HTTP status of whatever a request threw (an Octokit RequestError carries it), if it has one. */
export declare function statusOf(error: unknown): number | undefined;
