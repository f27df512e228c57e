// The loop rules that turn a round's combined parts into the round's status, given the rounds before
// it: exhaustion (the finite budget), contradictions, and a person's decision. Pure.
import { holdInstead, NO, type Result, type Status, statusOf } from "./four.js";
import {
  canonicalJson,
  contradictions,
  currentState,
  gateBlocked,
  type History,
  isTerminal,
  type LoopState,
  nextState,
  type RoundRecord,
  seal,
  spendsUnit,
} from "./history.js";

export interface RoundInput {
  history: History;
  maxRounds: number;
  head: string;
  /** ISO time the round ran. */
  at: string;
  /** The parts combined (decide()), before the loop rules. */
  outcome: Result;
  reviewer?: RoundRecord["reviewer"];
  coverage?: string;
  pendingSince?: Record<string, string>;
  /** A person's decision through workflow_dispatch: their outcome stands as given. */
  decidedBy?: string;
  /** The reason the person gave (kept for an approve too, which has no NO reasons). */
  decisionReason?: string;
}

export interface RoundConclusion {
  status: Status;
  result: Result;
  record: RoundRecord;
  /** This round found the budget spent and held instead of blocking. */
  exhausted: boolean;
}

function exhaustedNeed(state: LoopState): string {
  return (
    `rounds exhausted: ${state.blockedRounds} blocked rounds reached max-rounds (${state.maxRounds}); ` +
    "the gate stops asking the author for another try and a person decides (or raises max-rounds)"
  );
}

/** Whether the gate should even evaluate: after an exhausted hold the loop is terminal. */
export function terminalNeed(history: History, maxRounds: number): string | undefined {
  const state = currentState(history, maxRounds);
  return isTerminal(history, state) ? exhaustedNeed(state) : undefined;
}

export function concludeRound(input: RoundInput): RoundConclusion {
  const before = currentState(input.history, input.maxRounds);
  let result = input.outcome;
  let exhausted = false;
  if (input.decidedBy === undefined && result.value === NO) {
    const found = contradictions(input.history, result.reasons);
    if (found.length > 0) {
      // Two rounds asking for opposite things: another try cannot satisfy both, so a person settles it.
      const c = found[0] as (typeof found)[number];
      result = holdInstead(
        result,
        `contradiction: round ${c.earlier.round} asked "${c.earlier.reason}", this round asks "${c.now}"` +
          (found.length > 1 ? ` (+${found.length - 1} more)` : ""),
      );
    } else if (before.rank === 0 && !gateBlocked(input.history, input.head)) {
      // Only a new try can exhaust the loop: re-evaluating a head the gate already blocked (a re-run, a
      // dependency that changed) gives the author nothing new, so it stays the block it was.
      result = holdInstead(result, exhaustedNeed(before));
      exhausted = true;
    }
  }
  const status = statusOf(result.value);
  const spends = spendsUnit(input.history, input.head, status, input.decidedBy);
  const after = nextState(before, spends, result.reasons);
  const record = seal(input.history, {
    round: input.history.rounds.length + 1,
    head: input.head,
    at: input.at,
    status,
    reasons: [...result.reasons],
    needed: [...result.needed],
    dependencies: [...result.dependencies],
    ...(input.decidedBy !== undefined ? { decidedBy: input.decidedBy } : {}),
    ...(input.decidedBy !== undefined && input.decisionReason !== undefined
      ? { decisionReason: input.decisionReason }
      : {}),
    ...(input.reviewer !== undefined ? { reviewer: input.reviewer } : {}),
    ...(input.coverage !== undefined ? { coverage: input.coverage } : {}),
    ...(input.pendingSince !== undefined ? { pendingSince: input.pendingSince } : {}),
    ...(exhausted ? { exhausted: true } : {}),
    receipt: { before, after },
  });
  return { status, result, record, exhausted };
}

/** Whether a round says nothing the last recorded round did not: the same head, status, reasons,
 * reviewer verdict, timers and loop state. Such a re-evaluation (a schedule, a label that changes
 * nothing) is posted as a check run but not recorded again: a PR waiting days on a dependency under a
 * 15-minute schedule would otherwise fill its one history comment (about 160 characters a round) and
 * then could not be gated at all. */
export function repeatsLast(history: History, record: RoundRecord): boolean {
  const last = history.rounds[history.rounds.length - 1];
  if (last === undefined) return false;
  const gist = (r: RoundRecord) => {
    const { round: _round, at: _at, receipt, ...rest } = r;
    return canonicalJson({ ...rest, after: receipt.after });
  };
  return gist(last) === gist(record);
}
