// The reviewer the action uses, from the settings. A `command` reviewer runs in an empty temporary
// directory: agentic CLIs (codex exec, claude -p) can run tools, and in the PR's checkout a tool could
// run the PR's code, which the gate promises never happens. It also never sees the GitHub token. A
// command that cannot start there (a program not on PATH, a script named relative to another
// directory) is refused here, naming the fix, before any round depends on it.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Reviewer } from "../ports/reviewer.js";
import { SCRATCH_PREFIX } from "../providers/command.js";
import { credentialValues, reviewerEnvironment } from "../providers/command-env.js";
import { CommandLineError, parseCommandLine } from "../providers/command-line.js";
import { commandNotFound } from "../providers/command-program.js";
import { createReviewer } from "../providers/create.js";
import type { ReviewerSettings } from "../settings/settings.js";
import { defined } from "../util/defined.js";

/** `env` is what a command reviewer's environment is filtered from (the CLI passes its own);
 * `callerCwd`, from a terminal, where a relative program or script was meant to be found (the message
 * then names its absolute path); `checkout`, the pull request's files, none of which may be run. A command that cannot start at all throws CommandLineError: a
 * configuration mistake (exit 2, a failed step), never a hold that blames the reviewer. */
export function makeReviewer(
  settings: ReviewerSettings,
  githubToken: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: { callerCwd?: string; checkout?: string; alsoWithheld?: readonly string[] } = {},
): Reviewer {
  // The GitHub token, and in a panel the other reviewers' keys: a command reviewer's environment holds
  // none of them, so no prompt-injected agent can send another vendor's key anywhere.
  const withheld = [...(githubToken === "" ? [] : [githubToken]), ...(options.alsoWithheld ?? [])];
  const command = settings.provider === "command";
  if (command && settings.command !== undefined && settings.command.trim() !== "") {
    // Asked in an empty directory like the ones the calls run in (each its own, removed after it).
    const empty = mkdtempSync(path.join(os.tmpdir(), SCRATCH_PREFIX));
    try {
      const missing = commandNotFound(parseCommandLine(settings.command), {
        cwd: empty,
        env: reviewerEnvironment(env, withheld),
        ...defined({ callerCwd: options.callerCwd, checkout: options.checkout }),
      });
      if (missing !== undefined) throw new CommandLineError(missing);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }
  return createReviewer(settings, {
    withheldSecrets: withheld,
    env,
    ...(command ? { scratch: true } : {}),
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
