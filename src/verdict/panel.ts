// A panel of reviewers, combined into one reviewer result. No single model catches most defects and
// models from different vendors miss different ones, so a panel asks several; what each said is a
// vote, and the policy says how votes become one result. Pure.
//
// The asymmetry this file keeps: a false block costs a re-read, a false approve ships a bug. So a
// block anywhere is a block of the whole panel, whatever the policy, and an approve needs the policy's
// approve condition to hold on votes that are each already held by their own coverage rule (a reviewer
// that saw part of the diff has not approved "all of the diff", whatever its reply said).
import { combine, maybe, NO, type Result, YES } from "./four-values.js";
import { panelVerdictWord, type ReviewerVerdict } from "./vocabulary.js";

/** `unanimous`: every reviewer approves. `quorum`: at least `k` approve and none blocks. */
export type PanelPolicy = { readonly kind: "unanimous" } | { readonly kind: "quorum"; readonly k: number };

export const UNANIMOUS: PanelPolicy = Object.freeze({ kind: "unanimous" });

/** One reviewer's say: its result on what it was given, already held by its own coverage rule, and its
 * verdict word (APPROVE, REQUEST_CHANGES, AMBIGUOUS, NONE, ERROR). */
export interface PanelVote {
  readonly label: string;
  readonly result: Result;
  readonly verdict: ReviewerVerdict;
}

export function describePolicy(policy: PanelPolicy): string {
  return policy.kind === "unanimous" ? "unanimous" : `quorum:${policy.k}`;
}

/** `[label] text`: every reason of a panel names the reviewer that gave it. */
export function attributed(label: string, text: string): string {
  return `[${label}] ${text}`;
}

/** A text with a panel's attribution (`attributed`) taken off, when it has one. */
export function withoutAttribution(text: string): string {
  return text.replace(/^\s*\[[^\]\n]{1,80}\]\s+/, "");
}

function labelled(vote: PanelVote): Result {
  const { result, label } = vote;
  return {
    value: result.value,
    reasons: result.reasons.map((r) => attributed(label, r)),
    needed: result.needed.map((n) => attributed(label, n)),
    dependencies: result.dependencies.map((d) => attributed(label, d)),
  };
}

/** The policy's approve condition, on its own: whether these votes may approve at all. combinePanel
 * approves exactly when this holds (a property test says so). */
export function approveHolds(votes: readonly PanelVote[], policy: PanelPolicy): boolean {
  if (votes.length === 0) return false;
  if (votes.some((v) => v.result.value === NO)) return false;
  const approving = votes.filter((v) => v.result.value === YES).length;
  return policy.kind === "unanimous" ? approving === votes.length : approving >= policy.k;
}

/** The panel's result. One vote is returned as it is: a panel of one is the single reviewer of
 * before, word for word. With more, every text is attributed to its reviewer. A block anywhere
 * blocks, with every blocking reviewer's reasons (and what the others left unseen, as for one
 * reviewer); an approve needs approveHolds; anything else holds, naming what is missing. */
export function combinePanel(votes: readonly PanelVote[], policy: PanelPolicy): Result {
  if (votes.length === 0) return maybe("the panel has no reviewer: nothing was reviewed");
  if (votes.length === 1) return (votes[0] as PanelVote).result;
  const all = votes.map(labelled);
  if (votes.some((v) => v.result.value === NO)) {
    // The lattice's NO keeps every part's reasons and needs: the hold-worthy gaps of the others are
    // still shown under the block.
    return combine(...all);
  }
  if (approveHolds(votes, policy)) return combine();
  if (policy.kind === "unanimous") return combine(...all);
  const approving = votes.filter((v) => v.result.value === YES).length;
  const others = all.filter((r) => r.value !== YES);
  const missing = `the panel's quorum was not met: ${approving} of ${votes.length} reviewers approved all of the diff, ${policy.k} needed`;
  return combine(maybe(missing), ...others);
}

/** The panel's verdict word, the step output `reviewer-verdict`: REQUEST_CHANGES when any reviewer
 * blocked; APPROVE when the policy's count of APPROVE words is met; otherwise the least approving word
 * (ERROR, then AMBIGUOUS, then NONE), as the words of one reviewer's chunks combine. Like one
 * reviewer's, the word says what was replied, and the result (held where part was unseen) what it is worth. */
export function panelVerdict(votes: readonly PanelVote[], policy: PanelPolicy): ReviewerVerdict {
  if (votes.length === 1) return (votes[0] as PanelVote).verdict;
  const needed = policy.kind === "unanimous" ? votes.length : policy.k;
  return panelVerdictWord(
    votes.map((v) => v.verdict),
    needed,
  );
}

/** `unanimous` or `quorum:K` (K from 1 to the number of reviewers), or a message saying what is
 * accepted. */
export function parsePolicy(raw: string, reviewers: number): PanelPolicy | { error: string } {
  const text = raw.trim();
  if (text === "" || text === "unanimous") return UNANIMOUS;
  const m = /^quorum:(\d{1,3})$/.exec(text);
  if (m === null) return { error: "expects unanimous or quorum:K (K reviewers must approve)" };
  const k = Number(m[1]);
  if (k < 1 || k > reviewers) {
    return {
      error: `quorum:K needs K from 1 to the number of reviewers (${reviewers}); quorum:${k} can ${k < 1 ? "approve with no reviewer" : "never be met"}`,
    };
  }
  return { kind: "quorum", k };
}
