// The panel the action and the CLI use, from the settings: each reviewer made as the single one is
// (compose/reviewer.ts), with its own key, endpoint and limits. What keeps keys apart: each reviewer is
// created with its own key and its own base URL only, so an HTTP reviewer's key goes to its own host
// and nowhere else; a command reviewer's environment is filtered of every other reviewer's key (and
// of the GitHub token), whatever variable holds it.

import type { PanelMember } from "../reviewer-stage/panel.js";
import type { PanelSettings } from "../settings/panel.js";
import type { ReviewerSettings } from "../settings/settings.js";
import { makeReviewer, reviewerSecrets } from "./reviewer.js";

export function makePanel(
  panel: PanelSettings,
  githubToken: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: { callerCwd?: string; checkout?: string } = {},
): PanelMember[] {
  const keys = panel.reviewers.map((r) => r.apiKey);
  return panel.reviewers.map((r, i) => ({
    label: r.label,
    reviewer: makeReviewer(r, githubToken, env, {
      ...options,
      alsoWithheld: keys.filter((k, j) => j !== i && k !== "" && k !== r.apiKey),
    }),
  }));
}

/** Every secret the reviewers hold (each key, and what each command reviewer's environment hands
 * it), to be kept out of everything the step publishes. */
export function panelSecrets(
  reviewer: ReviewerSettings,
  panel: PanelSettings | undefined,
  githubToken: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string[] {
  const all = (panel?.reviewers ?? [reviewer]).flatMap((r) => reviewerSecrets(r, githubToken, env));
  return [...new Set(all)];
}
