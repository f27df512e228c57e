// The round history's stored shape: what each round records, what a digest keeps of an old round,
// the checkpoint old rounds fold into, and the bounds a record the gate wrote never exceeds. The
// history must fit one PR comment whatever the rounds were (history-compact.ts), so it stores each
// reason once (`reasons`, keyed by id) and lets old rounds shrink: a round is kept in full, then as a
// digest (what the loop rules and the chain need: number, head, status, who decided, reason ids, the
// receipt, and the hash of the rest), then folded into one checkpoint (the hash the chain continues
// from, the loop state, and the little the rules still need). Pure.
import { z } from "zod";
import { STATUSES, type Status } from "./four-values.js";

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
/** US dollars, to the micro-dollar (verdict/cost.ts storedDollars). */
const dollarsSchema = z.number().min(0).max(1e12);

/** The blocking findings a round stores, so a maintainer can dismiss one by its key (at most this many:
 * a round with more stores none, and its findings keep blocking). */
export const STORED_FINDINGS = 8;
/** A dismissed finding's text, as the reviewer's next prompt and the audit name it, in bytes. */
export const FINDING_TEXT_BYTES = 120;
/** One stored finding, 70 hex digits (src/gate/dismissals.ts): the 6 of its key a person types, 32 of
 * the hash of its key and the text of the lines it points at, 32 of the id of its reason text. A round
 * stores them in one string, as the file verdicts store their keys: the record stays within its bound. */
export const STORED_FINDING_CHARS = 70;

/** A blocking finding as the gate knows it: its short key, its id (key and lines), its reason's id. */
export interface StoredFinding {
  readonly key: string;
  readonly id: string;
  readonly reasonId: string;
}

export function encodeFindings(findings: readonly StoredFinding[]): string {
  return findings.map((f) => `${f.key}${f.id}${f.reasonId}`).join("");
}

export function decodeFindings(stored: string): StoredFinding[] {
  const out: StoredFinding[] = [];
  for (let i = 0; i + STORED_FINDING_CHARS <= stored.length; i += STORED_FINDING_CHARS)
    out.push({
      key: stored.slice(i, i + 6),
      id: stored.slice(i + 6, i + 38),
      reasonId: stored.slice(i + 38, i + 70),
    });
  return out;
}

/** A maintainer's dismissal of one finding, recorded by the round it concluded: the finding (its key,
 * id and text), who, why, where (their comment). It lasts for this pull request only, and only while
 * the finding's lines are unchanged. Never on a round a person decided (the same room in the record). */
const dismissalSchema = z.object({
  key: hex(6),
  id: hex(32),
  text: z.string(),
  by: z.string(),
  reason: z.string(),
  url: z.string().optional(),
});
export type StoredDismissal = z.infer<typeof dismissalSchema>;
const tokensSchema = z.object({
  in: count,
  out: count,
  totalIn: count,
  totalOut: count,
  /** Calls whose provider reported no usage this round (a command reviewer): their tokens are unknown. */
  unreported: z.number().int().min(1).optional(),
  /** This round's reviewer cost in US dollars at the prices it used, and the pull request's total so
   * far, this round's included (absent: no call of the pull request was ever priced). */
  usd: dollarsSchema.optional(),
  totalUsd: dollarsSchema.optional(),
  /** Calls of this round priced at an estimate (no usage reported: the prompt's estimated tokens and
   * the reply limit, which a cost cap must not count as free). */
  estimatedCalls: z.number().int().min(1).optional(),
  /** Calls of this round with no price (a model the table does not hold, no price-in/price-out): not
   * in `usd`. */
  unpricedCalls: z.number().int().min(1).optional(),
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
      /** Its blocking findings, for a maintainer to dismiss by key (encodeFindings): stored only when
       * the reply approves were every one of them dismissed (a single reviewer's). */
      findings: z
        .string()
        .regex(new RegExp(`^(?:[0-9a-f]{${STORED_FINDING_CHARS}}){1,${STORED_FINDINGS}}$`))
        .optional(),
    })
    .optional(),
  /** The dismissal this round concluded (a maintainer's act, src/gate/dismissals.ts). */
  dismissal: dismissalSchema.optional(),
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

/** The largest full record the gate writes, in bytes of JSON (its reason texts are stored apart):
 * every field is capped when the round is sealed (stored-text.ts), and
 * __tests__/rounds/history-bound.test.ts builds the record that hits every cap. A larger one was not
 * written by the gate. */
export const FULL_ROUND_BYTES = 20_000;

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
