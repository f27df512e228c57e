// The parts a round adds from its history, beside the parts it evaluates: a person's block that still
// stands, and the loop rules' row (rounds used, or why they turned a block into a hold).

import { maybe, no, type Status, YES, yes } from "../verdict/four-values.js";
import { type History, notStored, reasonText, standingBlock } from "../verdict/history.js";
import type { RoundConclusion } from "../verdict/loop-rules.js";
import type { Part } from "../verdict/round-decision.js";

/** A person's block that still stands (history-loop.ts standingBlock), unless the reviewer approved this
 * round — and an approve given after the block was given with its reason shown (its reasons are
 * earlier reasons here, and no approve kept from before it stands unasked). A round that asked nobody,
 * or whose reviewer could not answer, cannot drop it. */
export function standingPart(history: History, reviewer: Part): Part | undefined {
  const standing = standingBlock(history);
  if (standing === undefined || reviewer.result.value === YES) return undefined;
  const reasons = standing.reasonIds.map((id) => reasonText(history, id) ?? notStored(id));
  const [first, ...rest] = reasons.length > 0 ? reasons : [`blocked by @${standing.by}`];
  return {
    name: "decision",
    result: no(first as string, ...rest),
    summary: `@${standing.by} blocked in round ${standing.round}; it stands until a person decides otherwise or a reviewer shown it approves`,
  };
}

/** The loop rules' part in the table: they only ever turn a block into a hold (exhausted,
 * contradiction), and then this part says why. */
export function roundsPart(
  concluded: RoundConclusion,
  decided: Status,
  shownRound: number,
  fresh: boolean,
  maxRounds: number,
): Part {
  if (concluded.status !== decided) {
    const why = concluded.result.needed[0];
    return { name: "rounds", result: maybe(why ?? "held"), summary: why ?? "held by the loop rules" };
  }
  return {
    name: "rounds",
    result: yes(),
    summary: `round ${shownRound}${fresh ? "" : " (re-evaluated: nothing changed, so nothing new recorded)"}; ${concluded.record.receipt.after.blockedRounds} of ${maxRounds} blocked rounds used`,
  };
}
