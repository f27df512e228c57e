// A pull request's round history, read from the gate's comment through the API and audited: the
// library half of `verdict-gate audit`. Only the trusted author's comment is read (anyone can comment
// on a pull request), and an unreadable or tampered history comes back as an invalid report, never
// as an exception a caller might mistake for "nothing to see".
import { historyMarker, readHistoryComment } from "../report/history-comment.js";
import { defined } from "../util/defined.js";
import { VERSION } from "../util/version.js";
import { type AuditReport, audit, type History } from "../verdict/history.js";
import { createGitHubClient } from "./client.js";
import { parseRepository } from "./repository-ref.js";
import { findStickyComment } from "./sticky-comment.js";

/** The login the gate writes its comment as under a workflow's GITHUB_TOKEN (the GitHub Actions app's
 * bot). */
export const DEFAULT_AUTHOR = "github-actions[bot]";

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
  comment: { id: number; url: string } | null;
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
export async function auditPullRequest(options: PullRequestAuditOptions): Promise<PullRequestAudit> {
  const checkName = options.checkName ?? "verdict-gate";
  const author = options.author ?? DEFAULT_AUTHOR;
  // The client is made here, never passed in: the library's published types then need no Octokit
  // types, so the npm package depends on nothing the bundles already carry.
  const client = createGitHubClient({
    token: options.token,
    // Only when given: the client's own fallback is GITHUB_API_URL, then api.github.com, so a GHES
    // runner's token is never sent to github.com for want of this option.
    ...defined({ baseUrl: options.apiUrl }),
    userAgent: `verdict-gate/${VERSION} (audit)`,
    ...defined({ backoffUnitMs: options.backoffUnitMs }),
  });
  const repository = parseRepository(options.repository);
  const found = await findStickyComment(client, repository, options.number, historyMarker(checkName), author);
  const base = { repository: options.repository, number: options.number, checkName, author };
  const requests = found.requests;
  if (found.kind === "absent") {
    return {
      ...base,
      comment: null,
      impostors: found.impostors,
      history: null,
      report: invalid(`no ${checkName} history comment by ${author} on the pull request`),
      requests,
    };
  }
  const comment = { id: found.comment.id, url: found.comment.htmlUrl };
  const read = readHistoryComment(found.comment.body);
  if (!read.ok) {
    return {
      ...base,
      comment,
      impostors: found.impostors,
      history: null,
      report: invalid(read.message),
      requests,
    };
  }
  const report = audit(read.history);
  // The gate itself refuses a history that names another PR or check: so does the audit.
  const misfiled =
    read.history.pr !== options.number || read.history.check !== checkName
      ? [
          `the history is for #${read.history.pr} (check ${read.history.check}), not #${options.number} (${checkName})`,
        ]
      : [];
  return {
    ...base,
    comment,
    impostors: found.impostors,
    history: read.history,
    report: {
      ...report,
      valid: report.valid && misfiled.length === 0,
      errors: [...misfiled, ...report.errors],
    },
    requests,
  };
}

function invalid(error: string): AuditReport {
  return { valid: false, errors: [error], rounds: 0, blockedRounds: 0, maxRounds: 0, folded: 0 };
}
