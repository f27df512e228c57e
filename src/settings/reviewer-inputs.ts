// The reviewer inputs → the round's one ReviewerSet: one reviewer (provider, model, key, base URL or
// command, and its limits), a set of one; or a `reviewers` panel (settings/panel.ts reads its entries)
// with the single-reviewer inputs left empty. The round's own limits (concurrency, max-round-tokens)
// are the set's, whichever it is.

import { UNANIMOUS } from "../verdict/panel.js";
import {
  fail,
  httpUrl,
  type InputReader,
  integer,
  optionalInteger,
  optionalText,
  SettingsError,
} from "./input-values.js";
import { INPUT } from "./inputs.js";
import { DEFAULT_MODEL } from "./models.js";
import { type PanelSettings, PanelSettingsError, readPanel } from "./panel.js";
import type { ReviewerSet, ReviewerSettings } from "./settings.js";

function reviewerSettings(read: InputReader): ReviewerSettings {
  const provider = read(INPUT.provider).trim();
  if (provider !== "openai" && provider !== "anthropic" && provider !== "command") {
    fail(INPUT.provider, "expects openai, anthropic or command", provider);
  }
  const model = read(INPUT.model).trim();
  const command = optionalText(read, INPUT.command);
  if (provider !== "command" && model === "") {
    throw new SettingsError(
      `input \`${INPUT.model}\`: required for provider ${provider} (for example \`${DEFAULT_MODEL[provider]}\`)`,
    );
  }
  if (provider === "command" && command === undefined) {
    throw new SettingsError(
      `input \`${INPUT.command}\`: required for provider command (for example \`claude -p\` or \`codex exec\`)`,
    );
  }
  const baseUrlRaw = optionalText(read, INPUT.baseUrl);
  const contextWindow = optionalInteger(read, INPUT.contextWindow, 1_000, 100_000_000);
  return {
    provider,
    model,
    apiKey: read(INPUT.apiKey).trim(),
    ...(baseUrlRaw !== undefined ? { baseUrl: httpUrl(INPUT.baseUrl, baseUrlRaw) } : {}),
    ...(command !== undefined ? { command } : {}),
    timeoutMs: integer(read, INPUT.reviewerTimeoutSeconds, 1, 3_600) * 1000,
    retries: integer(read, INPUT.reviewerRetries, 0, 10),
    maxOutputTokens: integer(read, INPUT.maxOutputTokens, 256, 1_000_000),
    ...(contextWindow !== undefined ? { contextWindow } : {}),
  };
}

/** The single-reviewer inputs a panel replaces: set beside `reviewers`, one of them would be ignored
 * and the user would believe it applied. `provider` is not among them: it has a default. */
const SINGLE_REVIEWER_INPUTS = [INPUT.model, INPUT.apiKey, INPUT.baseUrl, INPUT.command] as const;

/** Who reviews: the panel when `reviewers` is set, else the one reviewer. */
export function reviewersOf(
  read: InputReader,
  keys: Readonly<Record<string, string | undefined>>,
): ReviewerSet {
  const maxRoundTokens = optionalInteger(read, INPUT.maxRoundTokens, 1_000, 1_000_000_000);
  const round = {
    concurrency: integer(read, INPUT.reviewerConcurrency, 1, 16),
    ...(maxRoundTokens !== undefined ? { maxRoundTokens } : {}),
  };
  const list = read(INPUT.reviewers).trim();
  const policy = read(INPUT.panelPolicy).trim();
  if (list === "") {
    // One reviewer: unanimous and quorum:1 are the same policy; quorum:2 could never be met.
    if (policy !== "" && policy !== "unanimous" && policy !== "quorum:1") {
      fail(INPUT.panelPolicy, "needs a `reviewers` panel for anything but unanimous or quorum:1", policy);
    }
    return { policy: UNANIMOUS, members: [reviewerSettings(read)], ...round };
  }
  for (const input of SINGLE_REVIEWER_INPUTS) {
    if (read(input).trim() !== "") {
      throw new SettingsError(
        `input \`${input}\` must be empty when \`${INPUT.reviewers}\` is set: each reviewer of the panel names its own ${input === INPUT.apiKey ? "key variable (api-key-env)" : input} in its entry`,
      );
    }
  }
  const contextWindow = optionalInteger(read, INPUT.contextWindow, 1_000, 100_000_000);
  let panel: PanelSettings;
  try {
    panel = readPanel(
      list,
      policy,
      {
        timeoutMs: integer(read, INPUT.reviewerTimeoutSeconds, 1, 3_600) * 1000,
        retries: integer(read, INPUT.reviewerRetries, 0, 10),
        maxOutputTokens: integer(read, INPUT.maxOutputTokens, 256, 1_000_000),
        ...(contextWindow !== undefined ? { contextWindow } : {}),
      },
      keys,
    );
  } catch (error) {
    if (!(error instanceof PanelSettingsError)) throw error;
    throw new SettingsError(`input \`${error.input}\`: ${error.message}`);
  }
  return { policy: panel.policy, members: panel.reviewers, ...round };
}
