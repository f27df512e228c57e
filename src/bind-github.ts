// The GitHub port the action uses: one client (retries, rate limits, deadlines, redaction of the
// token and the reviewer's key from every message) bound to this repository.

import { panelSecrets } from "./bind-panel.js";
import type { CommentPort } from "./commands/ports.js";
import type { GitHubPort, Logger } from "./gate/ports.js";
import { createGitHubClient } from "./github/client.js";
import { createCommentPort } from "./github/comment-port.js";
import { createGitHubPort } from "./github/port.js";
import type { Settings } from "./settings.js";
import { VERSION } from "./version.js";

/** Milliseconds per second of backoff, retry-after and write spacing. 1000 in production; the
 * end-to-end tests shrink it so a fault matrix of retries runs in seconds, not minutes. */
function backoffUnitMs(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const raw = env.VERDICT_GATE_BACKOFF_UNIT_MS;
  if (raw === undefined || !/^\d{1,4}$/.test(raw)) return undefined;
  return Number(raw);
}

/** Per-attempt deadline for a GitHub request (default 30 s); the fault tests shorten it so a hang
 * ends in seconds. */
function timeoutMs(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const raw = env.VERDICT_GATE_GITHUB_TIMEOUT_MS;
  if (raw === undefined || !/^\d{3,6}$/.test(raw)) return undefined;
  return Number(raw);
}

export function bindGitHub(
  settings: Settings,
  log: Logger,
  env: Readonly<Record<string, string | undefined>> = process.env,
): GitHubPort {
  return bindGitHubPorts(settings, log, env).github;
}

/** The round's port and the `/verdict` comment port over one client: one rate limiter, one request
 * count (the cost a command reports is all of its requests). */
export function bindGitHubPorts(
  settings: Settings,
  log: Logger,
  env: Readonly<Record<string, string | undefined>> = process.env,
): { github: GitHubPort; comments: CommentPort } {
  const unit = backoffUnitMs(env);
  const deadline = timeoutMs(env);
  const client = createGitHubClient({
    token: settings.token,
    baseUrl: settings.apiUrl,
    userAgent: `verdict-gate/${VERSION}`,
    secrets: panelSecrets(settings.reviewer, settings.panel, settings.token, env),
    log: { info: (m) => log.info(m), warn: (m) => log.warning(m) },
    ...(unit !== undefined ? { backoffUnitMs: unit, writeSpacingMs: unit } : {}),
    ...(deadline !== undefined ? { timeoutMs: deadline } : {}),
  });
  const repository = { owner: settings.owner, repo: settings.repo };
  return {
    github: createGitHubPort(client, repository, log),
    comments: createCommentPort(client, repository),
  };
}
