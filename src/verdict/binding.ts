// Whether a judgement recorded under one binding (its base, the contract read there, the settings
// fingerprint: gate/binding.ts makes them) still holds under another. The round's decisions and the
// reviewer stage's reuse both ask it. Pure.
import type { Binding } from "./history-schema.js";

/** Why a record made under `was` does not hold under `now`, or undefined when it does. `base: false`
 * leaves the base out, for a verdict whose fingerprint already hashes the diff it judged (see
 * round.ts); `settings: false` leaves the settings out, for a decision dispatched on a round (it
 * inherits that round's binding whatever the dispatching workflow's inputs are). A contract that one
 * of them did not read ("unread") is the one the same base and path name, so it compares equal; a
 * record with no binding holds nowhere. */
export function bindingChange(
  was: Binding | undefined,
  now: Binding,
  options: { base?: boolean; settings?: boolean } = {},
): string | undefined {
  if (was === undefined) return "it records no base, contract or settings";
  const changes: string[] = [];
  if (options.base !== false && was.base !== now.base)
    changes.push(
      `the base moved from ${was.base.slice(0, 12)} to ${now.base.slice(0, 12)} (a retarget, or a push to the base branch)`,
    );
  if (options.settings !== false && was.settings !== now.settings)
    changes.push(
      "the settings that change a judgement changed (contract path, reviewer, include/exclude, max-diff-tokens, task or instructions, or the gate's rules in a new release)",
    );
  if (was.contract !== "unread" && now.contract !== "unread" && was.contract !== now.contract)
    changes.push(
      `the contract at the base changed (${describeContract(was.contract)} → ${describeContract(now.contract)})`,
    );
  return changes.length > 0 ? changes.join("; ") : undefined;
}

function describeContract(contract: Binding["contract"]): string {
  return contract === "none" || contract === "unreadable" || contract === "unread"
    ? contract
    : contract.slice(0, 12);
}
