// The reviewer the action uses, from the settings. A `command` reviewer runs in an empty temporary
// directory: agentic CLIs (codex exec, claude -p) can run tools, and in the PR's checkout a tool could
// run the PR's code, which the gate promises never happens. It also never sees the GitHub token.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
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
