// What a judgement was made on, besides its head: the base commit, the contract read at that base, and
// the settings that change a judgement. Every recorded round carries them (its `binding`), and a
// recorded decision or a recorded verdict counts again only where they are the same.
//
// The counterexample: a maintainer approves a held PR into `release` (whose contract is lenient); the
// author retargets it to `main`, whose contract the change fails; a label re-evaluation finds the
// person's approve for this very head and posts it again, with no review and no criteria. A decision
// is about one diff under one contract; retargeting changes both.

import type { ContractFile } from "../ports/github.js";
import { judgedSettings } from "../settings/judgement.js";
import type { RoundSettings } from "../settings/settings.js";
import { bindingChange } from "../verdict/binding.js";
import { type Binding, canonicalJson, type History, lastRound, sha256 } from "../verdict/history.js";

// Whether a record still holds is the verdict's own rule (the reviewer stage asks it too).
export { bindingChange } from "../verdict/binding.js";

/** What the gate's own rules mean, as far as a recorded judgement depends on them. Raised whenever a
 * release changes what the same settings and contract select or decide (the glob dialect of
 * include/exclude and of contract globs changed in rules 2), so that a verdict or decision recorded by
 * an older release is not reused under a newer meaning of the same text. */
export const JUDGEMENT_RULES = 2;

/** The settings that change what a round concludes (settings/judgement.ts places every setting), and
 * the gate's rules (JUDGEMENT_RULES), as one hash. */
export function settingsFingerprint(settings: RoundSettings): string {
  return sha256(canonicalJson({ rules: JUDGEMENT_RULES, ...judgedSettings(settings) }));
}

/** The contract as read at the base: the hash of its text, "none" without a file, "unreadable". */
export function contractHash(file: ContractFile): Binding["contract"] {
  if (file.kind === "missing") return "none";
  if (file.kind === "unreadable") return "unreadable";
  return sha256(file.text);
}

export function bindingOf(settings: RoundSettings, base: string, contract: Binding["contract"]): Binding {
  return { base, contract, settings: settingsFingerprint(settings) };
}

/** What a round says when the last one was judged on something else (issue 11: a retarget must be
 * visible, not only acted on). */
export function bindingNote(history: History, now: Binding): string | undefined {
  const last = lastRound(history);
  if (last?.binding === undefined) return undefined;
  const changed = bindingChange(last.binding, now);
  return changed === undefined
    ? undefined
    : `Since round ${last.round}, ${changed}: this round is judged afresh, and no decision or verdict recorded on the earlier one counts here.`;
}
