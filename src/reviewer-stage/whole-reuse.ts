// Reusing a whole verdict: a round whose question was already answered — on this head, with the same
// prompt, diff and reviewer(s) — takes the recorded answer instead of asking again. The answer may be
// this pull request's own (a re-run, a title edit) or another's.
//
// Verdicts belong to the change, not to the pull request that asked. A duplicate pull request with the
// same head and base starts with an empty history, so without this it would ask the reviewer again,
// and a block could become an approve by asking until one comes (shopping). Every verdict the gate
// recorded for this commit in another pull request's history — found through the gate's own check
// runs on the commit, which name their pull request, so a closed duplicate still counts — is reused
// when it was given under the same conditions: the same reviewer, task, contract conditions and diff.
// The other history's earlier reasons are the one thing that differs by pull request, so its verdict's
// fingerprint is recomputed with them; equal fingerprints mean the same question was asked.
//
// Blocks travel further than approves. A block stands whatever earlier reasons the other round showed
// (seeing different reasons does not undo a finding), and over an approve: two rounds run at once (two
// pull requests opened together) may get different answers, and the fail-safe one wins. An approve is
// reused only when the other round asked exactly this round's question, earlier reasons included:
// otherwise a duplicate pull request with a fresh history could launder the reasons this one's rounds
// gave. Only `force-review`, which the workflow sets and the author cannot, asks again.

import { bindingChange } from "../verdict/binding.js";
import { yes } from "../verdict/four-values.js";
import {
  type Binding,
  decodeFindings,
  earlierReasons,
  type FullRound,
  type History,
  isDigest,
  storedResultOf,
} from "../verdict/history.js";
import { REQUEST_CHANGES } from "../verdict/reply-contract.js";
import { isReviewerVerdict } from "../verdict/vocabulary.js";
import { recordedMembers } from "./panel.js";
import type { ReusedVerdict } from "./single.js";

/** A recorded block: a request for changes whose result blocked. One a contract's policy overruled
 * (every finding below the line) approved, and travels only as an approve does. */
function isBlock(reviewer: { verdict: string; result: { value: string } }): boolean {
  return reviewer.verdict === REQUEST_CHANGES && reviewer.result.value === "NO";
}

/** Another pull request's history that judged this head (its gate check run names it). */
export interface OtherHistory {
  readonly pr: number;
  readonly history: History;
}

/** The fingerprint this round's question has when shown a given history's earlier reasons. */
export type FingerprintWith = (earlier: ReturnType<typeof earlierReasons>) => string;

interface Found {
  pr: number;
  history: History;
  record: FullRound & { reviewer: NonNullable<FullRound["reviewer"]> };
}

/** Recorded verdicts for `head` in `history` that count here: a block given to the same question
 * with that history's earlier reasons, an approve given to exactly this round's question. */
function matching(
  history: History,
  head: string,
  own: string,
  fingerprintWith: FingerprintWith,
  binding: Binding | undefined,
): Found["record"][] {
  const theirs = fingerprintWith(earlierReasons(history, head));
  return history.rounds.filter(
    (r): r is Found["record"] =>
      !isDigest(r) &&
      r.head === head &&
      // The same contract and settings (src/gate/binding.ts); the base may differ, as another pull
      // request's may: the fingerprint hashes the diff that was judged.
      (binding === undefined || bindingChange(r.binding, binding, { base: false }) === undefined) &&
      r.reviewer !== undefined &&
      // A stored word that is no reviewer verdict (vocabulary.ts) is not reused: asked again.
      isReviewerVerdict(r.reviewer.verdict) &&
      (isBlock(r.reviewer) ? r.reviewer.fingerprint === theirs : r.reviewer.fingerprint === own),
  );
}

/** The verdicts other pull requests' rounds recorded for this commit under the same conditions: a
 * block if any, else the newest approve to the very same question. (Histories that cannot be trusted
 * are not passed here: they hold their own pull request.) */
export function sharedVerdict(
  others: readonly OtherHistory[],
  head: string,
  fingerprint: { own: string; with: FingerprintWith; binding?: Binding },
): (ReusedVerdict & { pr: number }) | undefined {
  const found: Found[] = [];
  for (const { pr, history } of others) {
    for (const record of matching(history, head, fingerprint.own, fingerprint.with, fingerprint.binding))
      found.push({ pr, history, record });
  }
  const chosen =
    found.filter((f) => isBlock(f.record.reviewer)).at(-1) ??
    [...found].sort((a, b) => Date.parse(a.record.at) - Date.parse(b.record.at)).at(-1);
  if (chosen === undefined) return undefined;
  const { reviewer, round } = chosen.record;
  if (!isReviewerVerdict(reviewer.verdict)) return undefined;
  return {
    pr: chosen.pr,
    round,
    verdict: reviewer.verdict,
    result: storedResultOf(chosen.history, reviewer.result),
    ...recordedMembers(chosen.record),
  };
}

/** This pull request's own verdict recorded for the head under the same question: the same
 * fingerprint (which hashes the diff the reviewer saw, so a moved base with the same diff asks the same
 * question), contract and settings. */
export function ownVerdict(
  history: History,
  head: string,
  fingerprint: string,
  binding: Binding,
): ReusedVerdict | undefined {
  const recorded = [...history.rounds].reverse().find(
    (r): r is FullRound =>
      !isDigest(r) &&
      r.head === head &&
      r.reviewer?.fingerprint === fingerprint &&
      // A stored word that is no reviewer verdict (vocabulary.ts) is not reused: asked again.
      isReviewerVerdict(r.reviewer.verdict) &&
      bindingChange(r.binding, binding, { base: false }) === undefined,
  );
  if (recorded?.reviewer === undefined || !isReviewerVerdict(recorded.reviewer.verdict)) return undefined;
  const { findings } = recorded.reviewer;
  return {
    round: recorded.round,
    verdict: recorded.reviewer.verdict,
    result: storedResultOf(history, recorded.reviewer.result),
    ...recordedMembers(recorded),
    // Stored findings mean the reply approves were every one of them dismissed (loop-rules.ts).
    ...(findings !== undefined ? { cleared: yes(), findings: decodeFindings(findings) } : {}),
  };
}

/** What this round reuses: its own recorded verdict for the head, unless another pull request's round
 * was told to change this very change (a block stands); else the other's approve when it has none. */
export function chooseReuse(
  own: ReusedVerdict | undefined,
  shared: (ReusedVerdict & { pr: number }) | undefined,
): ReusedVerdict | undefined {
  if (own !== undefined && isBlock(own)) return own;
  if (shared !== undefined && isBlock(shared)) return shared;
  return own ?? shared;
}
