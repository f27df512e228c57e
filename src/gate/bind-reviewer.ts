// The reviewer the action uses, from the settings. A `command` reviewer runs in an empty temporary
// directory: agentic CLIs (codex exec, claude -p) can run tools, and in the PR's checkout a tool could
// run the PR's code, which the gate promises never happens. It also never sees the GitHub token.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { credentialValues, reviewerEnvironment } from "../review/command-env.js";
import { createReviewer } from "../review/create.js";
import type { Reviewer } from "../review/reviewer.js";
import type { ReviewerSettings } from "../settings.js";

/** `env` is what a command reviewer's environment is filtered from (the CLI passes its own). */
export function bindReviewer(
  settings: ReviewerSettings,
  githubToken: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Reviewer {
  const cwd =
    settings.provider === "command"
      ? mkdtempSync(path.join(os.tmpdir(), "verdict-gate-reviewer-"))
      : undefined;
  return createReviewer(settings, {
    withheldSecrets: githubToken === "" ? [] : [githubToken],
    env,
    ...(cwd !== undefined ? { cwd } : {}),
  });
}

/** Every secret a reviewer holds, to be kept out of what the step publishes: the `api-key`, and for a
 * `command` reviewer the credentials its environment hands it on purpose (ANTHROPIC_API_KEY, …), which
 * a prompt-injected agent may print into the reply the check run shows. */
export function reviewerSecrets(
  settings: ReviewerSettings,
  githubToken: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string[] {
  const own = settings.apiKey === "" ? [] : [settings.apiKey];
  if (settings.provider !== "command") return own;
  return [...own, ...credentialValues(reviewerEnvironment(env, githubToken === "" ? [] : [githubToken]))];
}
