// The GitHub port the action uses: one client (retries, rate limits, deadlines, redaction of the
// token and the reviewer's key from every message) made for this repository.

import { createGitHub } from "../github/adapter.js";
import type { AttemptDeadline } from "../github/bounded-fetch.js";
import { createGitHubClient } from "../github/client.js";
import { createCommentPort } from "../github/comment-port.js";
import type { CommentPort } from "../ports/comments.js";
import type { GitHub, Logger } from "../ports/github.js";
import type { Settings } from "../settings/settings.js";
import type { GitHubTiming } from "../settings/test-knobs.js";
import { defined } from "../util/defined.js";
import { VERSION } from "../util/version.js";
import { panelSecrets } from "./panel.js";

/** Minutes a round is given past its deadline to publish (the history, the check run): GitHub
 * rate-limit waits are taken while they end within the deadline plus these. The documented workflows'
 * `timeout-minutes` leaves room for them and the post step (docs/workflows.md). */
export const PUBLISH_MINUTES = 5;

/** When rate-limit waits must end, on Date.now()'s scale, for a round that started at `startedAt`. */
export function rateLimitWaitUntil(settings: Settings, startedAt: number): number {
  return startedAt + (settings.roundDeadlineMinutes + PUBLISH_MINUTES) * 60_000;
}

/** The test knobs the entry point read (test-knobs.ts), and the deadline a test running the action in
 * its own process puts each attempt on (e2e/harness.ts); production values when absent. */
export type ClientTiming = GitHubTiming & { readonly deadline?: AttemptDeadline };

/** `env`: what a command reviewer's credentials are read from (to be redacted); `timing`: see
 * ClientTiming; `waitUntil`: when
 * rate-limit waits must end (rateLimitWaitUntil), else the client's 60 s rule. */
export function makeGitHub(
  settings: Settings,
  log: Logger,
  env: Readonly<Record<string, string | undefined>> = process.env,
  timing: ClientTiming = {},
  waitUntil?: number,
): GitHub {
  return makeGitHubPorts(settings, log, env, timing, waitUntil).github;
}

/** The round's port and the `/verdict` comment port over one client: one rate limiter, one request
 * count (the cost a command reports is all of its requests). */
export function makeGitHubPorts(
  settings: Settings,
  log: Logger,
  env: Readonly<Record<string, string | undefined>> = process.env,
  timing: ClientTiming = {},
  waitUntil?: number,
): { github: GitHub; comments: CommentPort } {
  const unit = timing.backoffUnitMs;
  const deadline = timing.timeoutMs;
  const client = createGitHubClient({
    token: settings.token,
    baseUrl: settings.apiUrl,
    userAgent: `verdict-gate/${VERSION}`,
    secrets: panelSecrets(settings.reviewers, settings.token, env),
    log: { info: (m) => log.info(m), warn: (m) => log.warning(m) },
    ...(unit !== undefined ? { backoffUnitMs: unit, writeSpacingMs: unit } : {}),
    ...defined({ timeoutMs: deadline, deadline: timing.deadline, rateLimitWaitUntil: waitUntil }),
  });
  const repository = { owner: settings.owner, repo: settings.repo };
  return {
    github: createGitHub(client, repository, log),
    comments: createCommentPort(client, repository),
  };
}
