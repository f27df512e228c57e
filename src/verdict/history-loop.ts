// The loop state, after verdict4's finite-rank controller: every round that asks the author for another
// try spends one unit of a finite budget (max-rounds), so the loop ends after at most max-rounds
// blocked rounds however wrong the reviewer is. Re-evaluating the same head (a re-run, a dependency
// that changed) gives the author no new try and spends nothing. Each rule here is one step over the
// rounds, shared by the live rule, the fold (history-compact.ts) and the audit (history-audit.ts), so
// a fold never changes what a later round or the replay concludes. Pure.
import type { Status } from "./four-values.js";
import {
  type Checkpoint,
  type History,
  type LoopState,
  REMEMBERED_BLOCKED_HEADS,
  type RoundRecord,
} from "./history-schema.js";

export function initialState(maxRounds: number): LoopState {
  return { blockedRounds: 0, maxRounds, rank: maxRounds };
}

/** The state the next round starts from. A changed max-rounds re-bases the rank on the new budget,
 * which is how a maintainer grants an exhausted PR more rounds. */
export function currentState(history: History, maxRounds: number): LoopState {
  const after = history.rounds[history.rounds.length - 1]?.receipt.after ?? history.checkpoint?.after;
  if (after === undefined) return initialState(maxRounds);
  return {
    blockedRounds: after.blockedRounds,
    maxRounds,
    rank: Math.max(0, maxRounds - after.blockedRounds),
  };
}

/** One step of the terminal flag, shared by the live rule, the audit and the fold. */
export function stepTerminal(terminal: boolean, r: RoundRecord): boolean {
  let t = terminal;
  if (r.receipt.before.rank > 0) t = false;
  if (r.decidedBy === undefined && r.exhausted === true) t = true;
  return t;
}

/** Whether the loop is terminal: no budget left and the gate already held the PR as exhausted. Then
 * the gate stops evaluating (no reviewer call) until a person decides or max-rounds is raised. */
export function isTerminal(history: History, state: LoopState): boolean {
  if (state.rank > 0) return false;
  let terminal = history.checkpoint?.terminal ?? false;
  for (const r of history.rounds) terminal = stepTerminal(terminal, r);
  return terminal;
}

export function gateBlockedRound(r: RoundRecord): boolean {
  return r.status === "blocked" && r.decidedBy === undefined;
}

/** One step of the remembered blocked heads: a head the gate blocks moves to the newest end. */
export function stepBlockedHeads(heads: string[], r: RoundRecord): string[] {
  if (!gateBlockedRound(r)) return heads;
  const next = heads.filter((h) => h !== r.head);
  next.push(r.head);
  return next.length > REMEMBERED_BLOCKED_HEADS ? next.slice(next.length - REMEMBERED_BLOCKED_HEADS) : next;
}

/** The heads the gate remembers blocking, oldest first: the same rule live, in the fold and in the
 * audit, so a fold never changes what a later round or the replay concludes. */
export function blockedHeads(history: History): string[] {
  let heads = [...(history.checkpoint?.blockedHeads ?? [])];
  for (const r of history.rounds) heads = stepBlockedHeads(heads, r);
  return heads;
}

/** Whether the gate itself (not a person) already blocked this head, among the heads it remembers. */
export function gateBlocked(history: History, head: string): boolean {
  return blockedHeads(history).includes(head);
}

/** Whether this round spends a unit. A person's decision never does (their call, not another try the
 * loop granted). A forced answer always does while budget is left: re-rolling a block until it turns
 * into an approve is asking again for another try, whether the head is new or not. Otherwise, only a
 * block by the gate of a head it had not blocked before. */
export function spendsUnit(
  history: History,
  round: { head: string; status: Status; decidedBy?: string | undefined; forced?: boolean | undefined },
  before: LoopState,
): boolean {
  if (round.decidedBy !== undefined) return false;
  if (round.forced === true) return before.rank > 0;
  return round.status === "blocked" && !gateBlocked(history, round.head);
}

/** The state after a round that spends a unit or not. */
export function nextState(before: LoopState, spends: boolean): LoopState {
  const blockedRounds = before.blockedRounds + (spends ? 1 : 0);
  return { blockedRounds, maxRounds: before.maxRounds, rank: Math.max(0, before.maxRounds - blockedRounds) };
}

/** A person's block that still stands: the latest decision, when it was a block and no round since
 * approved. A block a person recorded is lifted only by a person's approve, or by a round that approved
 * — and an approve after it was given with its reason shown (its reasons are earlier reasons of every
 * later head, and an approve kept from before it does not stand unasked: reviewer-stage/keys.ts). A
 * round that asked nobody, or whose reviewer could not answer, leaves it standing. */
export interface StandingBlock {
  readonly round: number;
  readonly by: string;
  readonly reasonIds: readonly string[];
}

function stepStanding(standing: StandingBlock | undefined, r: RoundRecord): StandingBlock | undefined {
  if (r.decidedBy !== undefined)
    return r.status === "blocked" ? { round: r.round, by: r.decidedBy, reasonIds: r.reasonIds } : undefined;
  return r.status === "approve" ? undefined : standing;
}

export function standingBlock(history: History): StandingBlock | undefined {
  let standing: StandingBlock | undefined = history.checkpoint?.personBlock;
  for (const r of history.rounds) standing = stepStanding(standing, r);
  return standing;
}

/** Folds rounds (oldest first, continuing `from`) into one checkpoint. */
export function foldRounds(
  from: Checkpoint | undefined,
  rounds: readonly RoundRecord[],
): Checkpoint | undefined {
  let cp = from;
  let heads = [...(from?.blockedHeads ?? [])];
  let terminal = from?.terminal ?? false;
  let standing: StandingBlock | undefined = from?.personBlock;
  for (const r of rounds) {
    heads = stepBlockedHeads(heads, r);
    terminal = stepTerminal(terminal, r);
    standing = stepStanding(standing, r);
    const statuses = {
      ...(cp?.statuses ?? { approve: 0, blocked: 0, "hold-for-human": 0, "conditional-on": 0 }),
    };
    statuses[r.status] += 1;
    cp = {
      round: r.round,
      hash: r.receipt.hash,
      after: r.receipt.after,
      terminal,
      blockedHeads: heads,
      maxBudget: Math.max(cp?.maxBudget ?? 1, r.receipt.before.maxRounds),
      statuses,
      decisions: (cp?.decisions ?? 0) + (r.decidedBy !== undefined ? 1 : 0),
      ...(standing !== undefined
        ? {
            personBlock: {
              round: standing.round,
              by: standing.by,
              // A person decides for one reason (round-decision.ts humanDecision).
              reasonIds: standing.reasonIds.slice(0, 1),
            },
          }
        : {}),
    };
  }
  return cp;
}
