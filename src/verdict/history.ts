// The rounds of one pull request: what each round decided and why, chained by hash, with the finite
// budget that makes the author's loop terminate. Pure (hashing is computation, not I/O).
//
// This file is the history's public face; each concept has its own file:
// - history-schema.ts: the stored shape (full rounds, digests, the checkpoint, the bounds) and its parser;
// - history-chain.ts: sealing, hashing and digesting a record, appending it to the chain;
// - history-loop.ts: the loop state (verdict4's finite-rank controller), the blocked heads, the
//   standing block, and the fold of old rounds into the checkpoint;
// - history-reasons.ts: the reasons, stored once by id and read back as texts;
// - history-audit.ts: the replay that proves the bound and that no round was edited or dropped;
// - history-compact.ts: what of the history fits one comment.
// The contradiction heuristic is a loop rule: it lives in loop-rules.ts, beside the rules that use it.

export { canonicalJson, sha256Hex as sha256 } from "../util/canonical-json.js";
export { type AuditReport, audit } from "./history-audit.js";
export {
  append,
  bodyHash,
  type DraftRound,
  digestOf,
  lastHash,
  lastRound,
  recordHash,
  roundCount,
  type SealedRound,
  seal,
} from "./history-chain.js";
export {
  blockedHeads,
  currentState,
  foldRounds,
  gateBlocked,
  initialState,
  isTerminal,
  nextState,
  type StandingBlock,
  spendsUnit,
  standingBlock,
} from "./history-loop.js";
export {
  droppedNote,
  earlierReasons,
  notStored,
  type RepeatedReason,
  reasonText,
  repeats,
  roundReasons,
  storedResultOf,
  storeResult,
} from "./history-reasons.js";
export {
  type Binding,
  bindingSchema,
  type Checkpoint,
  type DigestRound,
  decodeFindings,
  digestRoundSchema,
  emptyHistory,
  encodeFindings,
  FILE_KEY_CHARS,
  FILE_REASONS,
  FINDING_TEXT_BYTES,
  type FileVerdicts,
  FULL_ROUND_BYTES,
  type FullRound,
  fileVerdictsSchema,
  fullRoundSchema,
  HISTORY_VERSION,
  type History,
  historySchema,
  isDigest,
  type LoopState,
  MEMBER_COVERAGE_BYTES,
  MEMBER_LABEL_BYTES,
  MEMBER_VERDICT_BYTES,
  parseHistory,
  REMEMBERED_BLOCKED_HEADS,
  type RoundRecord,
  type RoundTokens,
  STORED_FINDING_CHARS,
  STORED_FINDINGS,
  STORED_PANEL_MEMBERS,
  type StoredDismissal,
  type StoredFinding,
  type StoredPanelMember,
  type StoredReason,
  type StoredResult,
} from "./history-schema.js";
export { normaliseReason, reasonId } from "./stored-text.js";
