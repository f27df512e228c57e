// The audit of a history (`verdict-gate audit`): replays the chain from its checkpoint, every hash,
// link and state transition, and checks what a fold and the reason store must satisfy, so an edited or
// dropped round, or a loop state the rules could not have reached, is found. Pure.
import { canonicalJson } from "../util/canonical-json.js";
import { recordHash, roundCount } from "./history-chain.js";
import { gateBlockedRound, nextState, stepBlockedHeads, stepTerminal } from "./history-loop.js";
import {
  type Checkpoint,
  FILE_KEY_CHARS,
  FULL_ROUND_BYTES,
  type History,
  isDigest,
  type LoopState,
} from "./history-schema.js";
import { jsonBytes, REASON_BYTES, ROUND_REASONS, reasonId } from "./stored-text.js";

export interface AuditReport {
  valid: boolean;
  errors: string[];
  rounds: number;
  blockedRounds: number;
  maxRounds: number;
  /** Rounds folded into the checkpoint: the chain is verified from the one after. */
  folded: number;
}

function auditCheckpoint(cp: Checkpoint, errors: string[]): void {
  const { after } = cp;
  if (after.rank !== Math.max(0, after.maxRounds - after.blockedRounds))
    errors.push("checkpoint: its rank does not match its budget");
  if (after.blockedRounds > cp.maxBudget)
    errors.push("checkpoint: more blocked rounds than any budget the folded rounds recorded");
  const total = Object.values(cp.statuses).reduce((a, b) => a + b, 0);
  if (total !== cp.round) errors.push(`checkpoint: its statuses count ${total} rounds, not ${cp.round}`);
  if (cp.decisions > cp.round) errors.push("checkpoint: more decisions than rounds");
  if (cp.blockedHeads.length > Math.min(after.blockedRounds, cp.statuses.blocked))
    errors.push("checkpoint: it remembers more blocked heads than the gate blocked");
  if (new Set(cp.blockedHeads).size !== cp.blockedHeads.length)
    errors.push("checkpoint: a blocked head is remembered twice");
  if (cp.personBlock !== undefined && (cp.personBlock.round > cp.round || cp.decisions === 0))
    errors.push("checkpoint: a person's block it does not fold");
}

function auditReasons(history: History, errors: string[]): void {
  const ids = new Set<string>();
  const last = roundCount(history);
  for (const stored of history.reasons) {
    if (ids.has(stored.id)) errors.push(`reason ${stored.id.slice(0, 8)}: stored twice`);
    ids.add(stored.id);
    if (reasonId(stored.text) !== stored.id)
      errors.push(`reason ${stored.id.slice(0, 8)}: its text does not match its id (the text was edited)`);
    if (jsonBytes(stored.text) > REASON_BYTES)
      errors.push(`reason ${stored.id.slice(0, 8)}: longer than any reason the gate stores`);
    if (stored.round > last)
      errors.push(`reason ${stored.id.slice(0, 8)}: given by round ${stored.round}, which does not exist`);
  }
  for (const r of history.rounds) {
    if (r.reasonIds.length > ROUND_REASONS) errors.push(`round ${r.round}: more reasons than a round stores`);
    if (new Set(r.reasonIds).size !== r.reasonIds.length)
      errors.push(`round ${r.round}: a reason is listed twice`);
    if (isDigest(r)) continue;
    // A full round's reasons are always stored: it is what the next round shows and reuses.
    for (const id of [...r.reasonIds, ...(r.reviewer?.result.reasonIds ?? [])]) {
      if (!ids.has(id)) errors.push(`round ${r.round}: reason ${id.slice(0, 8)} is not stored`);
    }
    const first = history.reasons.find((s) => r.reasonIds.includes(s.id) && s.round > r.round);
    if (first !== undefined)
      errors.push(`reason ${first.id.slice(0, 8)}: first given by round ${r.round}, not ${first.round}`);
  }
  auditFiles(history, ids, last, errors);
}

/** The per-file verdicts: each from a round that exists, each key once, a block's reasons stored. */
function auditFiles(history: History, ids: ReadonlySet<string>, last: number, errors: string[]): void {
  const files = history.files;
  if (files === undefined) return;
  const keys = new Set<string>();
  const once = (key: string) => {
    if (keys.has(key)) errors.push(`file verdicts: key ${key.slice(0, 8)} is listed twice`);
    keys.add(key);
  };
  for (const group of files.approved) {
    if (group.round > last)
      errors.push(`file verdicts: approved by round ${group.round}, which does not exist`);
    for (let at = 0; at < group.keys.length; at += FILE_KEY_CHARS)
      once(group.keys.slice(at, at + FILE_KEY_CHARS));
  }
  for (const entry of files.blocked) {
    if (entry.round > last)
      errors.push(`file verdicts: blocked by round ${entry.round}, which does not exist`);
    once(entry.key);
    for (const id of entry.reasonIds)
      if (!ids.has(id)) errors.push(`file verdicts: reason ${id.slice(0, 8)} is not stored`);
  }
}

/** Replays the chain: every hash, every link, every state transition, the bound, and what a fold and
 * the reason store must satisfy. */
export function audit(history: History): AuditReport {
  const errors: string[] = [];
  const cp = history.checkpoint;
  if (cp !== undefined) auditCheckpoint(cp, errors);
  let prev = cp?.hash ?? "";
  let state: LoopState | undefined = cp?.after;
  let heads = [...(cp?.blockedHeads ?? [])];
  // After an exhausted hold the loop is terminal: only a person (or a larger max-rounds) moves it.
  let terminal = cp?.terminal ?? false;
  let maxBudget = cp?.maxBudget ?? 0;
  const offset = cp?.round ?? 0;
  for (const [i, r] of history.rounds.entries()) {
    const label = `round ${r.round}`;
    if (r.round !== offset + i + 1)
      errors.push(`${label}: numbered out of order (expected ${offset + i + 1})`);
    if (!isDigest(r) && r.receipt.prev !== prev)
      errors.push(`${label}: does not link to the previous round (chain broken)`);
    if (recordHash(r, prev) !== r.receipt.hash) {
      errors.push(
        isDigest(r)
          ? `${label}: hash mismatch (the digest was edited, or the round before it changed)`
          : `${label}: hash mismatch (the record was edited)`,
      );
    }
    if (isDigest(r) && i === history.rounds.length - 1)
      errors.push(`${label}: the newest round is only a digest (the gate keeps it in full)`);
    if (!isDigest(r) && jsonBytes(r) > FULL_ROUND_BYTES)
      errors.push(`${label}: larger than any round the gate writes`);
    const before = r.receipt.before;
    if (state !== undefined) {
      if (before.blockedRounds !== state.blockedRounds)
        errors.push(`${label}: its before-state is not the previous round's after-state`);
    } else if (before.blockedRounds !== 0) {
      errors.push(`${label}: the first round must start from the initial state`);
    }
    if (before.rank !== Math.max(0, before.maxRounds - before.blockedRounds))
      errors.push(`${label}: before-rank does not match its budget`);
    const known = heads.includes(r.head);
    const spends =
      r.decidedBy === undefined && (r.forced === true ? before.rank > 0 : gateBlockedRound(r) && !known);
    const expected = nextState(before, spends);
    if (canonicalJson(expected) !== canonicalJson(r.receipt.after)) {
      errors.push(
        `${label}: the after-state does not replay (${spends ? (r.forced === true ? "a forced answer spends one unit" : "a new blocked round spends one unit") : "no unit spent"})`,
      );
    }
    if (r.forced === true && r.decidedBy !== undefined)
      errors.push(`${label}: a person's decision marked as a forced answer`);
    if (r.forced === true && r.decidedBy === undefined && before.rank === 0 && r.status !== "hold-for-human")
      errors.push(`${label}: a forced answer with no budget left (it should have been held as exhausted)`);
    if (r.decidedBy === undefined) {
      if (r.status === "blocked" && before.rank === 0 && !known) {
        errors.push(`${label}: blocked with no budget left (it should have been held as exhausted)`);
      }
      if (r.exhausted === true && (before.rank !== 0 || r.status !== "hold-for-human")) {
        errors.push(`${label}: marked exhausted with budget left or without holding`);
      }
      if (terminal && before.rank === 0 && (r.status === "approve" || r.status === "blocked")) {
        errors.push(`${label}: the loop was exhausted, yet the gate itself decided ${r.status}`);
      }
    }
    terminal = stepTerminal(terminal, r);
    heads = stepBlockedHeads(heads, r);
    maxBudget = Math.max(maxBudget, before.maxRounds);
    prev = r.receipt.hash;
    state = r.receipt.after;
  }
  auditReasons(history, errors);
  const blockedRounds = state?.blockedRounds ?? 0;
  const maxRounds = state?.maxRounds ?? 0;
  if (state !== undefined && blockedRounds > maxBudget) {
    errors.push(`the chain has ${blockedRounds} blocked rounds, more than any budget it recorded`);
  }
  return {
    valid: errors.length === 0,
    errors,
    rounds: roundCount(history),
    blockedRounds,
    maxRounds,
    folded: offset,
  };
}
