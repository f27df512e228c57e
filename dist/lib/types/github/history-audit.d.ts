import { type AuditReport, type History } from "../verdict/history.js";
import { type GitHubClient } from "./client.js";
/** The login the gate writes its comment as under a workflow's GITHUB_TOKEN (the GitHub Actions app's
 * bot). */
export declare const DEFAULT_AUTHOR = "github-actions[bot]";
export interface PullRequestAuditOptions {
    /** OWNER/REPO. */
    repository: string;
    number: number;
    /** A token that can read the pull request (GITHUB_TOKEN, `gh auth token`). */
    token: string;
    /** GitHub's REST API base (default the environment's GITHUB_API_URL, then https://api.github.com). */
    apiUrl?: string;
    /** The gate's check name (default verdict-gate). */
    checkName?: string;
    /** The trusted comment author (default github-actions[bot]). */
    author?: string;
    /** An existing client instead of token and apiUrl (tests, callers with their own retries). */
    client?: GitHubClient;
    /** Milliseconds per second of retry backoff (default 1000), as the action's VERDICT_GATE_BACKOFF_UNIT_MS. */
    backoffUnitMs?: number;
}
/** What the audit found: the chain's verdict, and the history it verified (when it could be read). */
export interface PullRequestAudit {
    repository: string;
    number: number;
    checkName: string;
    author: string;
    /** The history comment, or null when the pull request has none by `author`. */
    comment: {
        id: number;
        url: string;
    } | null;
    /** Comments carrying the marker by anyone else: ignored, as the gate ignores them. */
    impostors: number;
    /** The stored history, when it could be decoded. */
    history: History | null;
    report: AuditReport;
    /** GitHub API requests the audit made. */
    requests: number;
}
/** Reads the gate's history comment on a pull request and audits it. Throws only for API failures
 * (as GitHubError, naming the operation); an unreadable or tampered history is an invalid report. */
export declare function auditPullRequest(options: PullRequestAuditOptions): Promise<PullRequestAudit>;
