// Fitting any history into one comment. GitHub refuses a comment over 65,536 characters; a history
// that stops fitting stops the gate ("start a new PR"), and one round whose reviewer wrote 40 long
// incompressible reasons used to do exactly that. So the stored state has a hard size, STATE_BYTES of
// JSON before compression, and this file decides what of the history fills it, newest first:
//
// 1. the newest round, in full, with its reason texts: always (every field is capped when the round
//    is sealed, so it is at most FULL_ROUND_BYTES plus 2 × ROUND_REASONS texts);
// 1½. the latest per-file reviewer verdicts (`files`, src/reviewer-stage/file-reuse.ts), up to FILES_BYTES, blocks
//    before approves: a file whose verdict is let go is asked again next round, which costs tokens,
//    never an approve; a block let go would be asked again too, so blocks are the last to go;
// 2. older rounds in full, newest first, while they fit their share: a full round is what a later
//    round can reuse a verdict from and what the table shows with its needs and dependencies;
// 3. then rounds as digests (history-schema.ts: the loop rules and the chain need nothing more), while they
//    fit theirs;
// 4. then reason texts no kept round needs, newest first: earlier reasons for the reviewer and for
//    contradictions;
// 5. everything older folds into the checkpoint: the hash the chain continues from, the loop state,
//    the remembered blocked heads and the counts.
//
// Compaction never changes a hash, a receipt or what the loop rules conclude (they read digests and
// the checkpoint exactly as they read full rounds), so a compacted history audits and replays as the
// full one would. Pure.

import {
  type Checkpoint,
  digestOf,
  FILE_KEY_CHARS,
  type FileVerdicts,
  FULL_ROUND_BYTES,
  foldRounds,
  type History,
  isDigest,
  REMEMBERED_BLOCKED_HEADS,
  type RoundRecord,
  type StoredReason,
} from "./history.js";
import { jsonBytes, LOGIN_BYTES, REASON_BYTES, ROUND_REASONS } from "./stored-text.js";

/** The stored state's size: bytes of JSON before gzip. Gzip never grows it by more than a few dozen
 * bytes (stored blocks), and base64 by a third: 44,000 bytes are at most 58,752 characters in the
 * comment, which leaves the marker, the heading, the table and the footer 6,700 (history-comment.ts). */
export const STATE_BYTES = 44_000;

/** The most the per-file verdicts may take: about 1,000 approved files, with room left for older
 * rounds. Nothing past the newest round is promised room: with a newest round at its largest, few or
 * no file verdicts are kept (and those files are asked again). */
export const FILES_BYTES = 24_000;

/** A folded person's block at its largest: its round, a stored login and its one reason's id (a person
 * decides for one reason). */
const PERSON_BLOCK_BYTES = 60 + LOGIN_BYTES + 40;

/** The checkpoint at its largest: the remembered blocked heads, a person's standing block and a few
 * numbers. */
const CHECKPOINT_BYTES = 2_200 + REMEMBERED_BLOCKED_HEADS * 43 + PERSON_BLOCK_BYTES;

/** One stored reason at its largest: id, round and a text of REASON_BYTES. */
const STORED_REASON_BYTES = REASON_BYTES + 80;

/** The newest round with its texts at their largest: what is always kept. */
export const NEWEST_ROUND_BYTES = FULL_ROUND_BYTES + 2 * ROUND_REASONS * STORED_REASON_BYTES;

/** The largest header (version, pr, check name of 100 characters escaped, forgotten count). */
const HEADER_BYTES = 1_000;

// The bound holds by construction when the fixed parts fit; checked once at load, loudly.
if (HEADER_BYTES + CHECKPOINT_BYTES + NEWEST_ROUND_BYTES > STATE_BYTES)
  throw new Error("the history's fixed parts do not fit its budget");

function referenced(r: RoundRecord): string[] {
  if (isDigest(r)) return r.reasonIds;
  return [...r.reasonIds, ...(r.reviewer?.result.reasonIds ?? [])];
}

/** The history as it is stored: at most STATE_BYTES of JSON, whatever it held. `wholeBytes` is
 * `jsonBytes(history)` when the caller has it already (the comment tries several budgets, and the
 * whole history's JSON is the largest thing measured). */
export function compactHistory(
  history: History,
  budget = STATE_BYTES,
  wholeBytes = jsonBytes(history),
): History {
  if (wholeBytes <= budget) return history;
  const rounds = history.rounds;
  const byId = new Map(history.reasons.map((r) => [r.id, r]));
  const kept = new Map<string, StoredReason>();
  const keepTexts = (r: RoundRecord): number => {
    let bytes = 0;
    for (const id of referenced(r)) {
      const stored = byId.get(id);
      if (stored === undefined || kept.has(id)) continue;
      kept.set(id, stored);
      bytes += jsonBytes(stored) + 1;
    }
    return bytes;
  };
  const textCost = (r: RoundRecord): number => {
    let bytes = 0;
    const seen = new Set<string>();
    for (const id of referenced(r)) {
      const stored = byId.get(id);
      if (stored === undefined || kept.has(id) || seen.has(id)) continue;
      seen.add(id);
      bytes += jsonBytes(stored) + 1;
    }
    return bytes;
  };

  let i = rounds.length - 1;
  let used = HEADER_BYTES + CHECKPOINT_BYTES;
  const full: RoundRecord[] = [];
  const newest = rounds[i];
  if (newest !== undefined) {
    full.unshift(newest);
    used += jsonBytes(newest) + 1 + keepTexts(newest);
    i -= 1;
  }
  const files = fitFiles(history.files, Math.min(FILES_BYTES, Math.max(0, budget - used)), byId, kept);
  used += files.bytes;
  // What is left is shared: half for older full rounds, a third for digests, the rest for texts.
  const left = Math.max(0, budget - used);
  const fullShare = Math.floor(left * 0.5);
  const digestShare = Math.floor(left * 0.3);
  let spent = 0;
  for (; i >= 0; i -= 1) {
    const r = rounds[i] as RoundRecord;
    if (isDigest(r)) break;
    const cost = jsonBytes(r) + 1 + textCost(r);
    if (spent + cost > fullShare) break;
    spent += cost;
    keepTexts(r);
    full.unshift(r);
  }
  const digests: RoundRecord[] = [];
  spent = 0;
  for (; i >= 0; i -= 1) {
    const d = digestOf(rounds[i] as RoundRecord);
    const cost = jsonBytes(d) + 1;
    if (spent + cost > digestShare) break;
    spent += cost;
    digests.unshift(d);
  }
  const folded = rounds.slice(0, i + 1);
  const checkpoint: Checkpoint | undefined = foldRounds(history.checkpoint, folded);
  // Texts no kept full round needs, newest first, in what is left.
  // (Less the few bytes the `forgotten` count may gain.)
  let room =
    budget -
    24 -
    jsonBytes({
      ...history,
      checkpoint,
      rounds: [...digests, ...full],
      reasons: [...kept.values()],
      files: files.kept,
    });
  const extras = [...history.reasons].reverse().filter((s) => !kept.has(s.id));
  for (const stored of extras) {
    const cost = jsonBytes(stored) + 1;
    if (cost > room) continue;
    room -= cost;
    kept.set(stored.id, stored);
  }
  const reasons = history.reasons.filter((s) => kept.has(s.id));
  const forgotten = (history.forgotten ?? 0) + history.reasons.length - reasons.length;
  const compacted: History = {
    version: history.version,
    pr: history.pr,
    check: history.check,
    ...(checkpoint !== undefined ? { checkpoint } : {}),
    rounds: [...digests, ...full],
    reasons,
    ...(forgotten > 0 ? { forgotten } : {}),
    ...(files.kept !== undefined ? { files: files.kept } : {}),
  };
  if (jsonBytes(compacted) > budget) {
    // Unreachable while every round is sealed with its caps (and an edited history does not audit,
    // so it is never compacted): say so rather than write what GitHub would refuse.
    throw new Error(
      `the round history cannot be stored in ${budget} bytes (${jsonBytes(compacted)}); this is a bug, please report it`,
    );
  }
  return compacted;
}

/** The per-file verdicts that fit `room` bytes: blocks first (a block let go is asked again, and
 * asking until the answer changes is how a gate shops for an approve), newest first, each with its
 * reason texts; then approved keys, newest round first, as many as fit. Keeps the texts it needs in
 * `kept`. */
function fitFiles(
  files: FileVerdicts | undefined,
  room: number,
  byId: ReadonlyMap<string, StoredReason>,
  kept: Map<string, StoredReason>,
): { kept?: FileVerdicts; bytes: number } {
  if (files === undefined) return { bytes: 0 };
  // The envelope: `,"files":{"approved":[],"blocked":[]}`.
  let bytes = 40;
  if (bytes > room) return { bytes: 0 };
  const blocked: FileVerdicts["blocked"] = [];
  let dropped = false;
  for (const entry of [...files.blocked].sort((a, b) => b.round - a.round)) {
    const texts = entry.reasonIds
      .map((id) => byId.get(id))
      .filter((t): t is StoredReason => t !== undefined && !kept.has(t.id));
    if (texts.length + entry.reasonIds.filter((id) => kept.has(id)).length < entry.reasonIds.length) {
      dropped = true;
      continue;
    }
    const cost = jsonBytes(entry) + 1 + texts.reduce((sum, t) => sum + jsonBytes(t) + 1, 0);
    if (bytes + cost > room) {
      dropped = true;
      continue;
    }
    bytes += cost;
    for (const t of texts) kept.set(t.id, t);
    blocked.push(entry);
  }
  const approved: FileVerdicts["approved"] = [];
  // Approves only once every block is kept: a block let go for room while approves stay would make
  // room the reason a blocked file gets asked again.
  for (const group of dropped ? [] : [...files.approved].sort((a, b) => b.round - a.round)) {
    const envelope = jsonBytes({ round: group.round, keys: "" }) + 1;
    const fit = Math.floor((room - bytes - envelope) / FILE_KEY_CHARS);
    if (fit <= 0) break;
    const keys = group.keys.slice(0, Math.min(group.keys.length, fit * FILE_KEY_CHARS));
    bytes += envelope + keys.length;
    approved.push({ round: group.round, keys });
  }
  if (blocked.length === 0 && approved.length === 0) return { bytes: 0 };
  return { kept: { approved, blocked }, bytes };
}
