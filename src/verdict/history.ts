// The rounds of one pull request: what each round decided and why, chained by hash, with the finite
// budget that makes the author's loop terminate. Pure (hashing is computation, not I/O).
//
// verdict4's finite-rank controller is the model: every round that asks the author for another try
// spends one unit of a finite budget (max-rounds), so the loop ends after at most max-rounds blocked
// rounds however wrong the reviewer is. Re-evaluating the same head (a re-run, a dependency that
// changed) gives the author no new try and spends nothing. Each round's receipt records the state
// before and after and the hash of the previous receipt, so `verdict-gate audit` can replay the chain
// and prove both the bound and that no round was edited or dropped.
//
// The history must fit one PR comment whatever the rounds were (history-compact.ts), so it stores each
// reason once (`reasons`, keyed by id) and lets old rounds shrink: a round is kept in full, then as a
// digest (what the loop rules and the chain need: number, head, status, who decided, reason ids, the
// receipt, and the hash of the rest), then folded into one checkpoint (the hash the chain continues
// from, the loop state, and the little the rules still need). A record's hash is over its core and the
// hash of its body, so a digest is verified exactly as the full record was.
import { z } from "zod";
// Canonical JSON and sha256 are defined once, with the evidence bundle's (src/util/canonical-json.ts).
import { canonicalJson, sha256Hex as sha256 } from "../util/canonical-json.js";
import { STATUSES, type Status } from "./four-values.js";
import {
  capList,
  DEPENDENCY_BYTES,
  DEPENDENCY_ITEMS,
  type DroppedReasons,
  jsonBytes,
  NEEDED_BYTES,
  NEEDED_ITEMS,
  normaliseReason,
  REASON_BYTES,
  ROUND_REASONS,
  reasonId,
  storeReasons,
} from "./stored-text.js";

export { normaliseReason, reasonId } from "./stored-text.js";
export { canonicalJson, sha256 };

/** The stored state's format. Format 1 (every reason in every round, exclusions in every receipt) grew
 * without bound; it is not read. */
export const HISTORY_VERSION = 2;

const hex = (n: number) => z.string().regex(new RegExp(`^[0-9a-f]{${n}}$`));
const statusSchema = z.enum(STATUSES as unknown as [Status, ...Status[]]);

const stateSchema = z.object({
  blockedRounds: z.number().int().min(0),
  maxRounds: z.number().int().min(1),
  rank: z.number().int().min(0),
});

/** What the loop carries from round to round: the receipt-visible state. `rank` is the units left
 * (maxRounds - blockedRounds, never below zero); `blockedRounds` counts the head commits the gate
 * blocked. (Format 1 also carried every reason so far here, in every receipt twice: the history grew
 * with the square of the rounds. The reasons now live once, in the history's `reasons`.) */
export type LoopState = z.infer<typeof stateSchema>;

const droppedSchema = z.object({ count: z.number().int().min(1), digest: hex(64) });

/** A four-valued result as stored: its reasons by id. */
const storedResultSchema = z.object({
  value: z.enum(["NO", "YES", "MAYBE", "IFF"]),
  reasonIds: z.array(hex(32)),
  dropped: droppedSchema.optional(),
  needed: z.array(z.string()),
  dependencies: z.array(z.string()),
});
export type StoredResult = z.infer<typeof storedResultSchema>;

/** What a round's judgement was made on, besides its head: the base commit, the contract read at it,
 * and the settings that change a judgement (see src/gate/binding.ts). A recorded decision or verdict
 * counts only where all of them are the same. */
export const bindingSchema = z.object({
  base: hex(40),
  /** sha256 of the contract's text at the base; "none" (no contract file), "unreadable", or "unread"
   * (a round that did not read it: a terminal hold). */
  contract: z.string().regex(/^(none|unreadable|unread|[0-9a-f]{64})$/),
  settings: hex(64),
});
export type Binding = z.infer<typeof bindingSchema>;

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const tokensSchema = z.object({
  in: count,
  out: count,
  totalIn: count,
  totalOut: count,
  /** Calls whose provider reported no usage this round (a command reviewer): their tokens are unknown. */
  unreported: z.number().int().min(1).optional(),
});
export type RoundTokens = z.infer<typeof tokensSchema>;

/** One file's reviewer verdict key (src/reviewer-stage/file-reuse.ts): 128 bits of SHA-256, base64url. */
export const FILE_KEY_CHARS = 22;
const fileKey = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
/** Reasons one blocked file keeps (by id); a block with more still blocks on these. */
export const FILE_REASONS = 5;

/** The latest reviewer verdict per file, for incremental rounds (src/reviewer-stage/file-reuse.ts): only what reuse
 * needs, compactly. A file's key covers its path, its exact patch text and every condition the
 * reviewer judged it under, so a key that matches is the same question. */
export const fileVerdictsSchema = z.object({
  /** Files a chunk's approve covered, by the round that asked: their keys concatenated. */
  approved: z.array(
    z.object({
      round: z.number().int().min(1),
      keys: z.string().regex(new RegExp(`^(?:[A-Za-z0-9_-]{${FILE_KEY_CHARS}})+$`)),
    }),
  ),
  /** Files a block stands for, each with the reasons that stand for it. */
  blocked: z.array(
    z.object({
      round: z.number().int().min(1),
      key: fileKey,
      reasonIds: z.array(hex(32)).min(1).max(FILE_REASONS),
    }),
  ),
});
export type FileVerdicts = z.infer<typeof fileVerdictsSchema>;

/** The panel members a round stores (settings/panel.ts allows as many reviewers, and a test holds them
 * equal). */
export const STORED_PANEL_MEMBERS = 8;
/** A stored member's label (panel labels are at most 40 printable characters), verdict word (the
 * longest is REQUEST_CHANGES) and coverage ("87% (3/4 files, 120/160 lines)"), in bytes. */
export const MEMBER_LABEL_BYTES = 44;
export const MEMBER_VERDICT_BYTES = 16;
export const MEMBER_COVERAGE_BYTES = 64;

/** One panel reviewer's say in a round, compactly: who, what, how much of the diff it covered (its
 * reused files counted), and the tokens its calls reported this round (absent: none reported, or none
 * spent — a reused verdict). */
const panelMemberSchema = z.object({
  label: z.string(),
  verdict: z.string(),
  value: z.enum(["NO", "YES", "MAYBE", "IFF"]),
  coverage: z.string(),
  in: count.optional(),
  out: count.optional(),
  /** Its files whose own kept verdict was reused this round, and the files it was asked about. */
  reused: count.optional(),
  asked: count.optional(),
});
export type StoredPanelMember = z.infer<typeof panelMemberSchema>;

/** What a digest keeps: all the loop rules and the chain need of an old round. */
const coreShape = {
  round: z.number().int().min(1),
  head: hex(40),
  at: z.string(),
  status: statusSchema,
  /** The round's NO reasons by id (texts in the history's `reasons`), at most ROUND_REASONS. */
  reasonIds: z.array(hex(32)),
  /** Reasons past the cap: how many, and a digest of their texts. */
  dropped: droppedSchema.optional(),
  /** The person who decided this round through workflow_dispatch. */
  decidedBy: z.string().optional(),
  exhausted: z.boolean().optional(),
  /** A forced answer (`force-review`, `/verdict review --force`) on a head the gate had answered: it
   * spends a unit whatever it says, so asking again until the answer changes ends in a hold. In the
   * core, for the replay of a digest's spend. */
  forced: z.literal(true).optional(),
  /** Who pushed the head this round judged (the `synchronize` event's sender): they may not decide or
   * force it, like its author (src/gate/pushers.ts). In the core, so a digested round still names them. */
  pushedBy: z.string().optional(),
};

export const fullRoundSchema = z.object({
  ...coreShape,
  needed: z.array(z.string()),
  dependencies: z.array(z.string()),
  /** Their `reason`: an approve has no NO reasons, and a decision nobody can explain later is no record. */
  decisionReason: z.string().optional(),
  /** The `/verdict` comment that carried the decision, when one did (hashed with the body). */
  decisionUrl: z.string().optional(),
  binding: bindingSchema.optional(),
  reviewer: z
    .object({
      verdict: z.string(),
      /** sha256 over provider, model, prompt (without the round token) and diff. */
      fingerprint: z.string(),
      result: storedResultSchema,
    })
    .optional(),
  coverage: z.string().optional(),
  /** A panel's round (two or more reviewers): each reviewer's say, in the panel's order. */
  panel: z.array(panelMemberSchema).min(2).max(STORED_PANEL_MEMBERS).optional(),
  /** Reviewer tokens as the provider reported them: this round's, and the pull request's running
   * total up to and including it (so the total survives old rounds being digested and folded). */
  tokens: tokensSchema.optional(),
  /** Dependency id → when a round first saw it pending (for timeouts). */
  pendingSince: z.record(z.string(), z.string()).optional(),
  receipt: z.object({
    before: stateSchema,
    after: stateSchema,
    /** Hash of the previous round's record (or the checkpoint's), "" for the first round. */
    prev: z.string(),
    /** sha256 of this record's core with the hash of its body (recordHash). */
    hash: z.string(),
  }),
});

export const digestRoundSchema = z.object({
  ...coreShape,
  /** sha256 of the body the full record had (bodyHash): the record's hash is recomputed from it. */
  body: hex(64),
  /** `prev` is the previous round's hash, so a digest does not repeat it; its hash covers it. */
  receipt: z.object({ before: stateSchema, after: stateSchema, hash: z.string() }),
});

export type FullRound = z.infer<typeof fullRoundSchema>;
export type DigestRound = z.infer<typeof digestRoundSchema>;
export type RoundRecord = FullRound | DigestRound;

/** The most recent distinct heads the gate blocked that it remembers: re-evaluating one of them is no
 * new try. A bound, so the checkpoint stays small: an older blocked head coming back (a force-push to a
 * commit blocked 33 blocks ago) counts as a new try, which only brings exhaustion sooner. */
export const REMEMBERED_BLOCKED_HEADS = 32;

const checkpointSchema = z.object({
  /** Rounds 1..round are folded into this checkpoint. */
  round: z.number().int().min(1),
  /** The hash of round `round`: the next round's `prev`. */
  hash: hex(64),
  /** The loop state after round `round`. */
  after: stateSchema,
  /** Whether the loop was terminal after it (an exhausted hold not yet settled). */
  terminal: z.boolean(),
  /** The gate's most recently blocked heads, oldest first (REMEMBERED_BLOCKED_HEADS). */
  blockedHeads: z.array(hex(40)).max(REMEMBERED_BLOCKED_HEADS),
  /** The largest max-rounds any folded round ran under. */
  maxBudget: z.number().int().min(1),
  /** How the folded rounds ended, and how many of them a person decided. */
  statuses: z.object({
    approve: z.number().int().min(0),
    blocked: z.number().int().min(0),
    "hold-for-human": z.number().int().min(0),
    "conditional-on": z.number().int().min(0),
  }),
  decisions: z.number().int().min(0),
  /** A person's block among the folded rounds that no later folded round lifted (standingBlock). */
  personBlock: z
    .object({ round: z.number().int().min(1), by: z.string(), reasonIds: z.array(hex(32)).max(1) })
    .optional(),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

const storedReasonSchema = z.object({
  id: hex(32),
  text: z.string(),
  /** The first round that gave it. */
  round: z.number().int().min(1),
});
export type StoredReason = z.infer<typeof storedReasonSchema>;

export const historySchema = z.object({
  version: z.literal(HISTORY_VERSION),
  pr: z.number().int().min(1),
  check: z.string(),
  checkpoint: checkpointSchema.optional(),
  /** Rounds after the checkpoint, oldest first: digests, then full rounds; the newest always full. */
  rounds: z.array(z.union([digestRoundSchema, fullRoundSchema])),
  /** Every distinct reason still stored, once, oldest first: the exclusions. */
  reasons: z.array(storedReasonSchema),
  /** Distinct reasons whose text no longer fits and was let go. */
  forgotten: z.number().int().min(1).optional(),
  /** The latest reviewer verdict of each file of the last evaluated round (incremental rounds). Not
   * part of any round's hash: it is a cache of what reuse needs, which compaction may shrink or drop
   * (a file it forgets is asked again), never a record the loop rules read. */
  files: fileVerdictsSchema.optional(),
});

export type History = z.infer<typeof historySchema>;

export function isDigest(r: RoundRecord): r is DigestRound {
  return "body" in r;
}

export function emptyHistory(pr: number, check: string): History {
  return { version: HISTORY_VERSION, pr, check, rounds: [], reasons: [] };
}

export function initialState(maxRounds: number): LoopState {
  return { blockedRounds: 0, maxRounds, rank: maxRounds };
}

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
function stepTerminal(terminal: boolean, r: RoundRecord): boolean {
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

function gateBlockedRound(r: RoundRecord): boolean {
  return r.status === "blocked" && r.decidedBy === undefined;
}

/** One step of the remembered blocked heads: a head the gate blocks moves to the newest end. */
function stepBlockedHeads(heads: string[], r: RoundRecord): string[] {
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

// verdict4 flags "not X" against "X". Reviewers phrase asks as verbs, so the pairs below also catch
// "add a null check" against "remove the null check" at the same place.
const NEGATION_PREFIXES = ["do not ", "don't ", "dont ", "never ", "avoid ", "not ", "no "];
const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ["add", "remove"],
  ["add", "delete"],
  ["enable", "disable"],
  ["use", "avoid"],
  ["increase", "decrease"],
  ["include", "exclude"],
  ["allow", "forbid"],
  ["allow", "disallow"],
  ["keep", "remove"],
  ["keep", "drop"],
  ["require", "drop"],
  ["inline", "extract"],
  ["make async", "make sync"],
  ["raise", "lower"],
  ["throw", "return"],
];

/** `path:line` at the start of a BLOCKING-style reason, if any. */
function location(reason: string): { where: string; ask: string } | null {
  const m = /^\s*(?:blocking:\s*)?`?([^\s:`]+):(\d+)(?:-\d+)?`?\s*[—–:-]+\s*(.*)$/i.exec(reason);
  if (m === null) return null;
  return { where: `${m[1]}:${m[2]}`, ask: normaliseReason(m[3] ?? "") };
}

function stripNegation(text: string): string | null {
  for (const p of NEGATION_PREFIXES) if (text.startsWith(p)) return text.slice(p.length).trim();
  return null;
}

function opposite(a: string, b: string): boolean {
  const wordsA = a.split(" ");
  const wordsB = b.split(" ");
  const restA = wordsA.slice(1).join(" ");
  const restB = wordsB.slice(1).join(" ");
  const strip = (s: string) => s.replace(/^(the|a|an|this|that)\s+/, "");
  if (strip(restA) !== strip(restB) || restA === "") return false;
  return OPPOSITES.some(
    ([x, y]) => (wordsA[0] === x && wordsB[0] === y) || (wordsA[0] === y && wordsB[0] === x),
  );
}

export interface Contradiction {
  earlier: { round: number; reason: string };
  now: string;
}

/** A reason of this round that negates one from an earlier round: only a person can settle which of
 * the two asks the author should follow, so the loop must stop rather than oscillate. Every stored
 * reason is compared once, with the round that first gave it, digested and folded rounds included. */
export function contradictions(history: History, reasons: readonly string[]): Contradiction[] {
  const found: Contradiction[] = [];
  const earlier = [...history.reasons]
    .sort((a, b) => a.round - b.round)
    .map((stored) => {
      const b = normaliseReason(stored.text);
      return { stored, b, stripped: stripNegation(b), locB: location(stored.text) };
    });
  for (const now of reasons) {
    const n = normaliseReason(now);
    const strippedN = stripNegation(n);
    const loc = location(now);
    for (const { stored, b, stripped, locB } of earlier) {
      const before = stored.text;
      const negates = strippedN === b || stripped === n;
      const oppositeAsk =
        loc !== null && locB !== null && loc.where === locB.where && opposite(loc.ask, locB.ask);
      const negatedAsk =
        loc !== null &&
        locB !== null &&
        loc.where === locB.where &&
        (stripNegation(loc.ask) === locB.ask || stripNegation(locB.ask) === loc.ask);
      if (negates || oppositeAsk || negatedAsk) {
        found.push({ earlier: { round: stored.round, reason: before }, now });
      }
    }
  }
  return found;
}

/** The largest full record the gate writes, in bytes of JSON (its reason texts are stored apart):
 * every field is capped when the round is sealed (stored-text.ts), and
 * __tests__/rounds/history-bound.test.ts builds the record that hits every cap. A larger one was not
 * written by the gate. */
export const FULL_ROUND_BYTES = 20_000;

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

/** Parse stored history; anything malformed is reported, never half-read. */
export function parseHistory(json: unknown): { ok: true; history: History } | { ok: false; message: string } {
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof version === "number" && version !== HISTORY_VERSION) {
    return {
      ok: false,
      message: `the stored round history is in format ${version}, which this verdict-gate does not read (it reads format ${HISTORY_VERSION}); a person should read it and delete the comment to start afresh (GitHub keeps its edit history)`,
    };
  }
  const parsed = historySchema.safeParse(json);
  if (parsed.success) return { ok: true, history: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    message: `the stored round history is malformed at \`${issue?.path.join(".") || "(root)"}\`: ${issue?.message ?? "invalid"}`,
  };
}
