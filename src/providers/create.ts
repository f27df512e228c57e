// A reviewer from the typed settings (src/settings/settings.ts's `ReviewerSettings` fits this shape as is). The
// capabilities a test or the CLI may swap — time, the environment a command sees — come in separately.

import type { ProviderName, Reviewer, ReviewerRuntime } from "../ports/reviewer.js";
import { anthropicReviewer, defaultMaxOutputTokens } from "./anthropic.js";
import { commandReviewer } from "./command.js";
import { ReviewerConfigError } from "./endpoint.js";
import { openAIReviewer } from "./openai.js";
import type { RetryPolicy } from "./retry.js";

export interface ReviewerSettingsInput {
  readonly provider: ProviderName;
  /** Required for openai and anthropic; for command, optional (the context-window lookup). */
  readonly model: string;
  /** Empty for keyless endpoints; unused by command. */
  readonly apiKey: string;
  readonly baseUrl?: string;
  /** For command: the command line. */
  readonly command?: string;
  /** Per-call time limit. */
  readonly timeoutMs: number;
  /** Retries after 429, 5xx and network errors (http providers). */
  readonly retries: number;
  readonly maxOutputTokens?: number;
  readonly contextWindow?: number;
}

export interface ReviewerDependencies {
  readonly runtime?: ReviewerRuntime;
  /** Backoff shape; `retries` from the settings wins. */
  readonly policy?: RetryPolicy;
  /** For command: the environment to filter (default process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** For command: values no child variable may hold — pass the GitHub token. */
  readonly withheldSecrets?: readonly string[];
  /** For command: its working directory. */
  readonly cwd?: string;
  /** For command: a fresh empty temporary directory for each call, removed when the call ends. */
  readonly scratch?: boolean;
}

/** Throws ReviewerConfigError (or CommandLineError) for settings that cannot work: a key over plain
 * http to a remote host, credentials in the URL, a command that needs a shell, a missing model. */
export function createReviewer(settings: ReviewerSettingsInput, deps: ReviewerDependencies = {}): Reviewer {
  const made = createBare(settings, deps);
  // The reply limit the calls ask for, on the reviewer itself: a cost estimate counts each call's reply
  // at it (the Anthropic reviewer asks for its own default when none is set).
  const limit =
    settings.maxOutputTokens ??
    (settings.provider === "anthropic" ? defaultMaxOutputTokens(settings.model) : undefined);
  return limit === undefined ? made : Object.freeze({ ...made, maxOutputTokens: limit });
}

function createBare(settings: ReviewerSettingsInput, deps: ReviewerDependencies): Reviewer {
  const common = {
    timeoutMs: settings.timeoutMs,
    ...(settings.contextWindow !== undefined ? { contextWindow: settings.contextWindow } : {}),
    ...(deps.runtime !== undefined ? { runtime: deps.runtime } : {}),
  };
  switch (settings.provider) {
    case "openai":
    case "anthropic": {
      if (settings.model.trim() === "") {
        throw new ReviewerConfigError(`${settings.provider} reviewer: a model is required`);
      }
      const options = {
        ...common,
        model: settings.model.trim(),
        apiKey: settings.apiKey,
        retries: settings.retries,
        ...(settings.baseUrl !== undefined ? { baseUrl: settings.baseUrl } : {}),
        ...(settings.maxOutputTokens !== undefined ? { maxOutputTokens: settings.maxOutputTokens } : {}),
        ...(deps.policy !== undefined ? { policy: deps.policy } : {}),
      };
      return settings.provider === "openai" ? openAIReviewer(options) : anthropicReviewer(options);
    }
    case "command": {
      if (settings.command === undefined || settings.command.trim() === "") {
        throw new ReviewerConfigError("command reviewer: a command is required (for example `claude -p`)");
      }
      return commandReviewer({
        ...common,
        command: settings.command,
        ...(settings.model.trim() !== "" ? { model: settings.model } : {}),
        ...(deps.env !== undefined ? { env: deps.env } : {}),
        ...(deps.withheldSecrets !== undefined ? { withheldSecrets: deps.withheldSecrets } : {}),
        ...(deps.cwd !== undefined ? { cwd: deps.cwd } : {}),
        ...(deps.scratch === true ? { scratch: true } : {}),
      });
    }
  }
}
