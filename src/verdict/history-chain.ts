// The chain of rounds: each round's receipt records the loop state before and after and the hash of
// the previous round, so `verdict-gate audit` can replay the chain (history-audit.ts) and prove that
// no round was edited or dropped. A record's hash is over its core and the hash of its body, so a
// digest is verified exactly as the full record was. Pure (hashing is computation, not I/O).
// Canonical JSON and sha256 are defined once, with the evidence bundle's (src/util/canonical-json.ts).
import { canonicalJson, sha256Hex as sha256 } from "../util/canonical-json.js";
import type { DigestRound, FullRound, History, RoundRecord, StoredReason } from "./history-schema.js";
import { isDigest } from "./history-schema.js";

/** The newest round, always a full record in a history the gate wrote. */
export function lastRound(history: History): FullRound | undefined {
  const last = history.rounds[history.rounds.length - 1];
  return last === undefined || isDigest(last) ? undefined : last;
}

/** How many rounds the PR has had, folded ones included. */
export function roundCount(history: History): number {
  return history.rounds[history.rounds.length - 1]?.round ?? history.checkpoint?.round ?? 0;
}

/** The hash the next round links to. */
export function lastHash(history: History): string {
  return history.rounds[history.rounds.length - 1]?.receipt.hash ?? history.checkpoint?.hash ?? "";
}

const BODY_KEYS = [
  "needed",
  "dependencies",
  "decisionReason",
  "decisionUrl",
  "binding",
  "reviewer",
  "coverage",
  "tokens",
  "pendingSince",
  // Absent from every record made before panels, and canonicalJson leaves an absent key out: their
  // hashes are unchanged.
  "panel",
] as const;

/** The hash of what a digest lets go. */
export function bodyHash(r: FullRound): string {
  const body: Record<string, unknown> = {};
  for (const key of BODY_KEYS) body[key] = r[key];
  return sha256(canonicalJson(body));
}

/** sha256 of the record's core — number, head, time, status, reason ids, who decided, the receipt's
 * states and its link — with the hash of its body. A digest links to `prev`, the hash before it. */
export function recordHash(r: RoundRecord, prev = ""): string {
  return sha256(
    canonicalJson({
      round: r.round,
      head: r.head,
      at: r.at,
      status: r.status,
      reasonIds: r.reasonIds,
      dropped: r.dropped,
      decidedBy: r.decidedBy,
      exhausted: r.exhausted,
      // Absent from every record made before forced answers and pushers were recorded, and
      // canonicalJson leaves an absent key out: their hashes are unchanged.
      forced: r.forced,
      pushedBy: r.pushedBy,
      before: r.receipt.before,
      after: r.receipt.after,
      prev: isDigest(r) ? prev : r.receipt.prev,
      body: isDigest(r) ? r.body : bodyHash(r),
    }),
  );
}

/** The record as a digest: the same hash, a fraction of the size. */
export function digestOf(r: RoundRecord): DigestRound {
  if (isDigest(r)) return r;
  return {
    round: r.round,
    head: r.head,
    at: r.at,
    status: r.status,
    reasonIds: r.reasonIds,
    ...(r.dropped !== undefined ? { dropped: r.dropped } : {}),
    ...(r.decidedBy !== undefined ? { decidedBy: r.decidedBy } : {}),
    ...(r.exhausted !== undefined ? { exhausted: r.exhausted } : {}),
    ...(r.forced !== undefined ? { forced: r.forced } : {}),
    ...(r.pushedBy !== undefined ? { pushedBy: r.pushedBy } : {}),
    body: bodyHash(r),
    receipt: { before: r.receipt.before, after: r.receipt.after, hash: r.receipt.hash },
  };
}

/** A round before it is sealed: the receipt's states without its link and hash. */
export type DraftRound = Omit<FullRound, "receipt"> & {
  receipt: Pick<FullRound["receipt"], "before" | "after">;
};

/** Seal a record: link it to the previous round and fill in its own hash. */
export function seal(history: History, record: DraftRound): FullRound {
  const draft: FullRound = { ...record, receipt: { ...record.receipt, prev: lastHash(history), hash: "" } };
  return { ...draft, receipt: { ...draft.receipt, hash: recordHash(draft) } };
}

/** A sealed round and the texts of the reason ids it refers to. */
export interface SealedRound {
  record: FullRound;
  texts: ReadonlyMap<string, string>;
}

/** The history with this round appended and its reasons stored (each once: a reason already stored
 * keeps the round that first gave it). */
export function append(history: History, sealed: SealedRound): History {
  const known = new Set(history.reasons.map((r) => r.id));
  const added: StoredReason[] = [];
  for (const [id, text] of sealed.texts) {
    if (known.has(id)) continue;
    known.add(id);
    added.push({ id, text, round: sealed.record.round });
  }
  return { ...history, rounds: [...history.rounds, sealed.record], reasons: [...history.reasons, ...added] };
}
