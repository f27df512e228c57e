// What a judgement was made on, besides its head: the base commit, the contract read at that base, and
// the settings that change a judgement. Every recorded round carries them (its `binding`), and a
// recorded decision or a recorded verdict counts again only where they are the same.
//
// The counterexample: a maintainer approves a held PR into `release` (whose contract is lenient); the
// author retargets it to `main`, whose contract the change fails; a label re-evaluation finds the
// person's approve for this very head and posts it again, with no review and no criteria. A decision
// is about one diff under one contract; retargeting changes both.

import type { ContractFile } from "../ports/github.js";
import type { Settings } from "../settings/settings.js";
import { type Binding, canonicalJson, type History, lastRound, sha256 } from "../verdict/history.js";

/** What the gate's own rules mean, as far as a recorded judgement depends on them. Raised whenever a
 * release changes what the same settings and contract select or decide (the glob dialect of
 * include/exclude and of contract globs changed in rules 2), so that a verdict or decision recorded by
 * an older release is not reused under a newer meaning of the same text. */
export const JUDGEMENT_RULES = 2;

/** The settings that change what a round concludes, as one hash. In: the gate's rules
 * (JUDGEMENT_RULES), the contract's path (which file
 * is the contract), the reviewer (provider, model, endpoint, command line, context window: who is
 * asked, and how much of the diff fits), what it is shown (include, exclude, default excludes,
 * max-diff-tokens, the task, the instructions, the PR description, the context mode). Out: the check name (each name
 * has its own history, so records never cross it), max-rounds (the budget, not the judgement, and
 * raising it is how a maintainer grants more rounds), fail-on (the step, not the check), timeouts,
 * retries and concurrency (how the reviewer is reached, not what it is asked), force-review (this run
 * only), when-criteria-block (whether a call is made when a criterion already blocks: the round is
 * blocked either way, and a call not made keeps no verdict). A panel of two or more is in as a whole: each reviewer as above, its label (the reasons carry
 * it), and the policy (what approves); a panel of one is its reviewer,
 * exactly as the single-reviewer inputs would give it. */
export function settingsFingerprint(settings: Settings): string {
  const { reviewer, diff, prompt } = settings;
  return sha256(
    canonicalJson({
      rules: JUDGEMENT_RULES,
      contract: settings.contractPath,
      reviewer: {
        provider: reviewer.provider,
        model: reviewer.model,
        baseUrl: reviewer.baseUrl ?? null,
        command: reviewer.command ?? null,
        contextWindow: reviewer.contextWindow ?? null,
      },
      ...(settings.panel !== undefined && settings.panel.reviewers.length > 1
        ? {
            panel: {
              policy: settings.panel.policy,
              reviewers: settings.panel.reviewers.map((r) => ({
                label: r.label,
                provider: r.provider,
                model: r.model,
                baseUrl: r.baseUrl ?? null,
                command: r.command ?? null,
                contextWindow: r.contextWindow ?? null,
              })),
            },
          }
        : {}),
      diff: {
        include: diff.include,
        exclude: diff.exclude,
        defaultExcludes: diff.defaultExcludes,
        maxDiffTokens: diff.maxDiffTokens,
      },
      prompt: {
        task: prompt.task ?? null,
        instructions: prompt.instructions ?? null,
        includePrDescription: prompt.includePrDescription,
        context: prompt.context,
      },
    }),
  );
}

/** The contract as read at the base: the hash of its text, "none" without a file, "unreadable". */
export function contractHash(file: ContractFile): Binding["contract"] {
  if (file.kind === "missing") return "none";
  if (file.kind === "unreadable") return "unreadable";
  return sha256(file.text);
}

export function bindingOf(settings: Settings, base: string, contract: Binding["contract"]): Binding {
  return { base, contract, settings: settingsFingerprint(settings) };
}

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

function describeContract(contract: Binding["contract"]): string {
  return contract === "none" || contract === "unreadable" || contract === "unread"
    ? contract
    : contract.slice(0, 12);
}
