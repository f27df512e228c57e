// A GitHub failure as a person at a terminal reads it. The action's hints speak to a workflow ("re-run
// the job", "the `github-token` input"); from a terminal there is no job and no input: GitHub being
// unreachable says so and what to check here — the network, a proxy, the API URL, GitHub's status —
// and a refused token names the variables it came from.

import { type GitHubError, isGitHubError } from "../github/errors.js";
import { describeError } from "../util/describe-error.js";

const STATUS_PAGE = "https://www.githubstatus.com";

function terminalHint(error: GitHubError, apiUrl: string): string {
  switch (error.kind) {
    case "network":
      return `GitHub could not be reached at ${apiUrl}: check your network connection and any proxy (HTTPS_PROXY), that --api-url or GITHUB_API_URL names GitHub's API (GitHub Enterprise Server: https://HOST/api/v3), and ${STATUS_PAGE}; then run the command again.`;
    case "timeout":
      return `GitHub did not answer in time at ${apiUrl}: check your network connection and any proxy (HTTPS_PROXY), and ${STATUS_PAGE}; then run the command again.`;
    case "server-error":
      return `GitHub kept failing at ${apiUrl}: see ${STATUS_PAGE}, and run the command again later.`;
    case "rate-limited":
      return "GitHub's rate limit was hit: run the command again later (a token has a larger limit than none).";
    case "unauthorized":
      return "GitHub refused the token: check GITHUB_TOKEN or GH_TOKEN (invalid or expired; GH_TOKEN=$(gh auth token) gives a fresh one).";
    default:
      return error.hint;
  }
}

/** The message for a failure of a command that talks to GitHub from a terminal. */
export function terminalGitHubMessage(error: unknown, apiUrl: string): string {
  if (!isGitHubError(error)) return describeError(error);
  const status = error.status !== undefined ? ` with HTTP ${error.status}` : "";
  // A network failure's detail is what happened on the way (no answer came), not GitHub's word.
  const said =
    error.githubMessage !== undefined && error.githubMessage !== ""
      ? error.kind === "network"
        ? ` (${error.githubMessage})`
        : ` (GitHub: ${error.githubMessage})`
      : "";
  const id = error.requestId !== undefined ? ` [request id ${error.requestId}]` : "";
  return `GitHub API: ${error.operation} failed${status}${said}. ${terminalHint(error, apiUrl)}${id}`;
}
