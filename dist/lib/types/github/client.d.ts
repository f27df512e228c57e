import { getOctokit } from "@actions/github";
import { type Redact } from "./token-redaction.js";
export type Octokit = ReturnType<typeof getOctokit>;
/** Where the gate's diagnostics go (the action passes @actions/core's; lines arrive redacted). */
export interface GitHubLog {
    debug?(message: string): void;
    info?(message: string): void;
    warn(message: string): void;
}
export interface GitHubClientOptions {
    readonly token: string;
    /** GITHUB_API_URL; defaults to the environment's, then https://api.github.com. */
    readonly baseUrl?: string;
    /** Deadline per attempt, headers and body (default 30 s). */
    readonly timeoutMs?: number;
    /** Retries after a 5xx, a timeout or a cut connection (default 3). */
    readonly retries?: number;
    /** Retries after a rate limit (default 2). */
    readonly rateLimitRetries?: number;
    /** Longest wait a rate limit may ask for before the gate gives up instead (default 60 s). */
    readonly maxRateLimitWaitSeconds?: number;
    /** Milliseconds per second of backoff and `retry-after` (default 1000; tests pass 1). */
    readonly backoffUnitMs?: number;
    /** Spacing between writes (default 1000 ms, GitHub's guidance). */
    readonly writeSpacingMs?: number;
    /** Largest response body accepted (default 64 MiB); a larger one is a `too-large` GitHubError. */
    readonly maxResponseBytes?: number;
    readonly userAgent?: string;
    readonly log?: GitHubLog;
    /** Other secrets to keep out of messages too (the reviewer's key). */
    readonly secrets?: readonly string[];
    /** The fetch underneath (default: @actions/github's, which honours the runner's proxy settings). */
    readonly fetch?: typeof fetch;
}
export interface RequestStats {
    /** HTTP requests sent, retries included. */
    readonly requests: number;
    /** API calls made (each may have taken several requests). */
    readonly calls: number;
    /** Waits taken because of a rate limit. */
    readonly rateLimitWaits: number;
}
export interface GitHubClient {
    readonly octokit: Octokit;
    readonly baseUrl: string;
    readonly redact: Redact;
    readonly stats: RequestStats;
    /** Runs one API operation; any failure comes out as a GitHubError naming `operation`. */
    run<T>(operation: string, call: (octokit: Octokit) => Promise<T>, options?: {
        writesChecks?: boolean;
    }): Promise<T>;
}
export declare function createGitHubClient(options: GitHubClientOptions): GitHubClient;
