// What one eval result depends on besides its case, as one hash: the settings that change a round's
// judgement (gate/binding.ts's fingerprint: reviewer, model, endpoint, command line, scope, task), the
// ones that change it here too (the round's token ceiling, the reply's length limit), who was asked as
// the bound reviewers name themselves, and the gate's version (a new release may build other prompts).
// A result cached under another configuration is never read back: resuming after a change of model or
// of max-diff-tokens asks again. What a hash cannot see is the program behind a `command` reviewer (a
// script edited since): delete the cache, or give another --cache directory. Pure.
import { settingsFingerprint } from "../gate/binding.js";
import type { Reviewer } from "../ports/reviewer.js";
import type { Settings } from "../settings/settings.js";
import { canonicalSha256 } from "../util/canonical-json.js";

export function configurationKey(
  settings: Settings,
  reviewers: readonly Pick<Reviewer, "label" | "contextWindow">[],
  version: string,
  dependencies: string,
): string {
  return canonicalSha256({
    settings: settingsFingerprint(settings),
    maxRoundTokens: settings.reviewer.maxRoundTokens ?? null,
    maxOutputTokens: settings.reviewer.maxOutputTokens ?? null,
    reviewers: reviewers.map((r) => ({ label: r.label, contextWindow: r.contextWindow })),
    version,
    dependencies,
  });
}

/** The key of one run of one case under one configuration. */
export function runKey(caseHash: string, configuration: string, run: number): string {
  return canonicalSha256({ case: caseHash, configuration, run });
}
