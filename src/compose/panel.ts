// The reviewers the action and the CLI ask, from the settings' reviewer set: each made as the single
// one is (compose/reviewer.ts), with its own key, endpoint and limits. What keeps keys apart: each
// reviewer is created with its own key and its own base URL only, so an HTTP reviewer's key goes to
// its own host and nowhere else; a command reviewer's environment is filtered of every other
// reviewer's key (and of the GitHub token), whatever variable holds it.

import type { PanelMember } from "../reviewer-stage/panel.js";
import type { ReviewerSet } from "../settings/settings.js";
import { makeReviewer, reviewerSecrets } from "./reviewer.js";

/** The set's members, made. One from the single-reviewer inputs is called by its provider's label. */
export function makePanel(
  set: ReviewerSet,
  githubToken: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: { callerCwd?: string; checkout?: string } = {},
): PanelMember[] {
  const keys = set.members.map((r) => r.apiKey);
  return set.members.map((r, i) => {
    const reviewer = makeReviewer(r, githubToken, env, {
      ...options,
      alsoWithheld: keys.filter((k, j) => j !== i && k !== "" && k !== r.apiKey),
    });
    return { label: r.label ?? reviewer.label, reviewer };
  });
}

/** Every secret the reviewers hold (each key, and what each command reviewer's environment hands
 * it), to be kept out of everything the step publishes. */
export function panelSecrets(
  set: ReviewerSet,
  githubToken: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string[] {
  return [...new Set(set.members.flatMap((r) => reviewerSecrets(r, githubToken, env)))];
}
