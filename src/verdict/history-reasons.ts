// The reasons of the history: stored once each (by id, with the round that first gave it), read back
// as texts, marked where a round repeats an earlier one, and put to the reviewer as the earlier rounds'
// reasons. Pure.
import type { History, RoundRecord, StoredReason, StoredResult } from "./history-schema.js";
import {
  capList,
  DEPENDENCY_BYTES,
  DEPENDENCY_ITEMS,
  type DroppedReasons,
  NEEDED_BYTES,
  NEEDED_ITEMS,
  normaliseReason,
  storeReasons,
} from "./stored-text.js";

/** A result bounded for storage, and the texts of its reason ids. */
export function storeResult(result: {
  value: StoredResult["value"];
  reasons: readonly string[];
  needed: readonly string[];
  dependencies: readonly string[];
}): { stored: StoredResult; texts: Map<string, string> } {
  const reasons = storeReasons(result.reasons);
  return {
    stored: {
      value: result.value,
      reasonIds: reasons.ids,
      ...(reasons.dropped !== undefined ? { dropped: reasons.dropped } : {}),
      needed: capList(result.needed, NEEDED_ITEMS, NEEDED_BYTES),
      dependencies: capList(result.dependencies, DEPENDENCY_ITEMS, DEPENDENCY_BYTES),
    },
    texts: reasons.texts,
  };
}

const indexes = new WeakMap<readonly StoredReason[], Map<string, StoredReason>>();

function reasonIndex(history: History): Map<string, StoredReason> {
  let index = indexes.get(history.reasons);
  if (index === undefined) {
    index = new Map(history.reasons.map((r) => [r.id, r]));
    indexes.set(history.reasons, index);
  }
  return index;
}

/** The stored text of a reason id, if it is still stored. */
export function reasonText(history: History, id: string): string | undefined {
  return reasonIndex(history).get(id)?.text;
}

export function notStored(id: string): string {
  return `(reason ${id.slice(0, 8)} is no longer stored)`;
}

export function droppedNote(dropped: DroppedReasons): string {
  return `…and ${dropped.count} more reason${dropped.count === 1 ? "" : "s"} not stored (see that round's check run)`;
}

/** A round's reasons as texts: the stored ones, a placeholder for any no longer stored, and a note of
 * those the round could not store. */
export function roundReasons(history: History, r: RoundRecord | StoredResult): string[] {
  const texts = r.reasonIds.map((id) => reasonText(history, id) ?? notStored(id));
  return r.dropped !== undefined ? [...texts, droppedNote(r.dropped)] : texts;
}

/** A stored result as the four-valued result it was (a reused verdict), its reasons as texts. */
export function storedResultOf(
  history: History,
  stored: StoredResult,
): { value: StoredResult["value"]; reasons: string[]; needed: string[]; dependencies: string[] } {
  return {
    value: stored.value,
    reasons: stored.reasonIds.map((id) => reasonText(history, id) ?? notStored(id)),
    needed: [...stored.needed],
    dependencies: [...stored.dependencies],
  };
}

/** The first round that gave this reason id before `round`, as far as the history still knows. */
function firstGiven(history: History, id: string, round: number): number | undefined {
  let first = reasonIndex(history).get(id)?.round;
  if (first !== undefined && first >= round) first = undefined;
  for (const r of history.rounds) {
    if (r.round >= round || (first !== undefined && r.round >= first)) break;
    if (r.reasonIds.includes(id)) return r.round;
  }
  return first;
}

export interface RepeatedReason {
  id: string;
  reason: string;
  /** The earliest earlier round that gave the same (normalised) reason. */
  from: number | undefined;
}

/** Marks each reason of a round that an earlier round already gave: by id, so digested rounds too. */
export function repeats(history: History, r: RoundRecord): RepeatedReason[] {
  return r.reasonIds.map((id) => ({
    id,
    reason: reasonText(history, id) ?? notStored(id),
    from: firstGiven(history, id, r.round),
  }));
}

/** The reasons the reviewer is asked about: every distinct reason still stored of the rounds at other
 * commits, with the round that first gave it. A reason repeated in three rounds is asked about once, or
 * the reviewer answers the same question three times and the prompt grows with every round. Rounds at
 * `head` itself are left out: a re-evaluation must build the same prompt as the round it re-evaluates,
 * or the recorded verdict could never be reused. (Of folded rounds only the reasons are known, not
 * their heads: they are asked about.) */
export function earlierReasons(history: History, head: string): { round: number; reason: string }[] {
  const index = reasonIndex(history);
  const found = new Map<string, number>();
  const folded = history.checkpoint?.round ?? 0;
  for (const stored of history.reasons) if (stored.round <= folded) found.set(stored.id, stored.round);
  for (const r of history.rounds) {
    if (r.head === head) continue;
    for (const id of r.reasonIds) if (!found.has(id) && index.has(id)) found.set(id, r.round);
  }
  return [...found.entries()]
    .sort(([, a], [, b]) => a - b)
    .map(([id, round]) => ({ round, reason: index.get(id)?.text ?? "" }))
    .filter((e) => normaliseReason(e.reason) !== "");
}
