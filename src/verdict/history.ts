// The rounds of one pull request: what each round decided and why, chained by hash, with the finite
// budget that makes the author's loop terminate. Pure (hashing is computation, not I/O).
//
// verdict4's finite-rank controller is the model: every round that asks the author for another try
// spends one unit of a finite budget (max-rounds), so the loop ends after at most max-rounds blocked
// rounds however wrong the reviewer is. Re-evaluating the same head (a re-run, a dependency that
// changed) gives the author no new try and spends nothing. Each round's receipt records the state
// before and after and the hash of the previous receipt, so `verdict-gate audit` can replay the chain
// and prove both the bound and that no round was edited or dropped.
import { z } from "zod";
import { canonicalJson, sha256Hex as sha256 } from "../canonical-json.js";
import { STATUSES, type Status } from "./four.js";

const statusSchema = z.enum(STATUSES as unknown as [Status, ...Status[]]);

const stateSchema = z.object({
  blockedRounds: z.number().int().min(0),
  maxRounds: z.number().int().min(1),
  rank: z.number().int().min(0),
  exclusions: z.array(z.string()),
});

/** What the loop carries from round to round: the receipt-visible state. `rank` is the units left
 * (maxRounds - blockedRounds, never below zero); `exclusions` every distinct NO reason so far,
 * normalised, in first-seen order; `blockedRounds` counts distinct head commits that ended blocked. */
export type LoopState = z.infer<typeof stateSchema>;

const resultSchema = z.object({
  value: z.enum(["NO", "YES", "MAYBE", "IFF"]),
  reasons: z.array(z.string()),
  needed: z.array(z.string()),
  dependencies: z.array(z.string()),
});

export const roundRecordSchema = z.object({
  round: z.number().int().min(1),
  head: z.string().regex(/^[0-9a-f]{40}$/),
  at: z.string(),
  status: statusSchema,
  reasons: z.array(z.string()),
  needed: z.array(z.string()),
  dependencies: z.array(z.string()),
  /** The person who decided this round through workflow_dispatch. */
  decidedBy: z.string().optional(),
  /** Their `reason`: an approve has no NO reasons, and a decision nobody can explain later is no record. */
  decisionReason: z.string().optional(),
  reviewer: z
    .object({
      verdict: z.string(),
      /** sha256 over provider, model, prompt (without the round token) and diff. */
      fingerprint: z.string(),
      result: resultSchema,
    })
    .optional(),
  coverage: z.string().optional(),
  /** Dependency id → when a round first saw it pending (for timeouts). */
  pendingSince: z.record(z.string(), z.string()).optional(),
  exhausted: z.boolean().optional(),
  receipt: z.object({
    before: stateSchema,
    after: stateSchema,
    /** Hash of the previous round's record, or "" for the first round. */
    prev: z.string(),
    /** sha256 of this record's canonical JSON with this field empty. */
    hash: z.string(),
  }),
});

export type RoundRecord = z.infer<typeof roundRecordSchema>;

export const historySchema = z.object({
  version: z.literal(1),
  pr: z.number().int().min(1),
  check: z.string(),
  rounds: z.array(roundRecordSchema),
});

export type History = z.infer<typeof historySchema>;

export function emptyHistory(pr: number, check: string): History {
  return { version: 1, pr, check, rounds: [] };
}

export function initialState(maxRounds: number): LoopState {
  return { blockedRounds: 0, maxRounds, rank: maxRounds, exclusions: [] };
}

/** The state the next round starts from. A changed max-rounds re-bases the rank on the new budget,
 * which is how a maintainer grants an exhausted PR more rounds. */
export function currentState(history: History, maxRounds: number): LoopState {
  const last = history.rounds[history.rounds.length - 1];
  if (last === undefined) return initialState(maxRounds);
  const { blockedRounds, exclusions } = last.receipt.after;
  return { blockedRounds, maxRounds, rank: Math.max(0, maxRounds - blockedRounds), exclusions };
}

/** Reasons compared across rounds: case, punctuation and spacing differences are not new reasons. */
export function normaliseReason(reason: string): string {
  return (
    reason
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[—–]/g, "-")
      .replace(/['’]/g, "")
      .replace(/[^\p{L}\p{N}/._:\- ]+/gu, " ")
      // Punctuation that ends a word ("parser.", "note:") is not part of it; inside ("a.ts:10") it is.
      .replace(/[._:-]+(?=\s|$)/g, "")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** Whether the loop is terminal: no budget left and the gate already held the PR as exhausted. Then
 * the gate stops evaluating (no reviewer call) until a person decides or max-rounds is raised. */
export function isTerminal(history: History, state: LoopState): boolean {
  if (state.rank > 0) return false;
  let terminal = false;
  for (const r of history.rounds) {
    if (r.receipt.before.rank > 0) terminal = false;
    if (r.decidedBy === undefined && r.exhausted === true) terminal = true;
  }
  return terminal;
}

/** Whether the gate itself (not a person) already blocked this head in an earlier round. */
export function gateBlocked(history: History, head: string): boolean {
  return history.rounds.some((r) => r.head === head && r.status === "blocked" && r.decidedBy === undefined);
}

/** Whether this round spends a unit: the gate (not a person) blocked a head that it had not blocked
 * before. A person's block is their call, not another try the loop granted. */
export function spendsUnit(history: History, head: string, status: Status, decidedBy?: string): boolean {
  return status === "blocked" && decidedBy === undefined && !gateBlocked(history, head);
}

/** The state after a round with this status and these NO reasons. */
export function nextState(before: LoopState, spends: boolean, reasons: readonly string[]): LoopState {
  const exclusions = [...before.exclusions];
  for (const r of reasons) {
    const n = normaliseReason(r);
    if (n !== "" && !exclusions.includes(n)) exclusions.push(n);
  }
  const blockedRounds = before.blockedRounds + (spends ? 1 : 0);
  return {
    blockedRounds,
    maxRounds: before.maxRounds,
    rank: Math.max(0, before.maxRounds - blockedRounds),
    exclusions,
  };
}

// Canonical JSON (keys sorted, no whitespace, so the same record always hashes the same) and sha256 are
// defined once, with the evidence bundle's (src/canonical-json.ts).
export { canonicalJson, sha256 };

export function recordHash(record: RoundRecord): string {
  return sha256(canonicalJson({ ...record, receipt: { ...record.receipt, hash: "" } }));
}

/** Seal a record: link it to the previous round and fill in its own hash. */
export function seal(
  history: History,
  record: Omit<RoundRecord, "receipt"> & { receipt: Omit<RoundRecord["receipt"], "prev" | "hash"> },
): RoundRecord {
  const prev = history.rounds[history.rounds.length - 1]?.receipt.hash ?? "";
  const draft: RoundRecord = { ...record, receipt: { ...record.receipt, prev, hash: "" } };
  return { ...draft, receipt: { ...draft.receipt, hash: recordHash(draft) } };
}

export function append(history: History, record: RoundRecord): History {
  return { ...history, rounds: [...history.rounds, record] };
}

export interface RepeatedReason {
  reason: string;
  /** The earliest earlier round that gave the same (normalised) reason. */
  from: number | undefined;
}

/** Marks each reason of a round that an earlier round already gave. */
export function repeats(history: History, round: number, reasons: readonly string[]): RepeatedReason[] {
  return reasons.map((reason) => {
    const n = normaliseReason(reason);
    const earlier = history.rounds.find(
      (r) => r.round < round && r.reasons.some((x) => normaliseReason(x) === n),
    );
    return { reason, from: earlier?.round };
  });
}

/** The reasons the reviewer is asked about: every distinct reason (normalised) of the rounds at other
 * commits, with the round that first gave it. A reason repeated in three rounds is asked about once, or
 * the reviewer answers the same question three times and the prompt grows with every round. Rounds at
 * `head` itself are left out: a re-evaluation must build the same prompt as the round it re-evaluates,
 * or the recorded verdict could never be reused. */
export function earlierReasons(history: History, head: string): { round: number; reason: string }[] {
  const seen = new Set<string>();
  const out: { round: number; reason: string }[] = [];
  for (const r of history.rounds) {
    if (r.head === head) continue;
    for (const reason of r.reasons) {
      const n = normaliseReason(reason);
      if (n === "" || seen.has(n)) continue;
      seen.add(n);
      out.push({ round: r.round, reason });
    }
  }
  return out;
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
 * the two asks the author should follow, so the loop must stop rather than oscillate. */
export function contradictions(history: History, reasons: readonly string[]): Contradiction[] {
  const found: Contradiction[] = [];
  for (const now of reasons) {
    const n = normaliseReason(now);
    const loc = location(now);
    for (const r of history.rounds) {
      for (const before of r.reasons) {
        const b = normaliseReason(before);
        const negates = stripNegation(n) === b || stripNegation(b) === n;
        const locB = location(before);
        const oppositeAsk =
          loc !== null && locB !== null && loc.where === locB.where && opposite(loc.ask, locB.ask);
        const negatedAsk =
          loc !== null &&
          locB !== null &&
          loc.where === locB.where &&
          (stripNegation(loc.ask) === locB.ask || stripNegation(locB.ask) === loc.ask);
        if (negates || oppositeAsk || negatedAsk) {
          found.push({ earlier: { round: r.round, reason: before }, now });
        }
      }
    }
  }
  return found;
}

export interface AuditReport {
  valid: boolean;
  errors: string[];
  rounds: number;
  blockedRounds: number;
  maxRounds: number;
}

/** Replays the chain: every hash, every link, every state transition, and the bound. */
export function audit(history: History): AuditReport {
  const errors: string[] = [];
  let prev = "";
  let state: LoopState | undefined;
  const blockedHeads = new Set<string>();
  // After an exhausted hold the loop is terminal: only a person (or a larger max-rounds) moves it.
  let terminal = false;
  for (const [i, r] of history.rounds.entries()) {
    const label = `round ${r.round}`;
    if (r.round !== i + 1) errors.push(`${label}: numbered out of order (expected ${i + 1})`);
    if (r.receipt.prev !== prev) errors.push(`${label}: does not link to the previous round (chain broken)`);
    if (recordHash(r) !== r.receipt.hash) errors.push(`${label}: hash mismatch (the record was edited)`);
    const before = r.receipt.before;
    if (state !== undefined) {
      if (
        before.blockedRounds !== state.blockedRounds ||
        canonicalJson(before.exclusions) !== canonicalJson(state.exclusions)
      ) {
        errors.push(`${label}: its before-state is not the previous round's after-state`);
      }
    } else if (before.blockedRounds !== 0 || before.exclusions.length !== 0) {
      errors.push(`${label}: the first round must start from the initial state`);
    }
    if (before.rank !== Math.max(0, before.maxRounds - before.blockedRounds))
      errors.push(`${label}: before-rank does not match its budget`);
    const spends = r.status === "blocked" && r.decidedBy === undefined && !blockedHeads.has(r.head);
    const expected = nextState(before, spends, r.reasons);
    if (canonicalJson(expected) !== canonicalJson(r.receipt.after)) {
      errors.push(
        `${label}: the after-state does not replay (${spends ? "a new blocked round spends one unit" : "no unit spent"})`,
      );
    }
    if (r.decidedBy === undefined) {
      if (r.status === "blocked" && before.rank === 0 && !blockedHeads.has(r.head)) {
        errors.push(`${label}: blocked with no budget left (it should have been held as exhausted)`);
      }
      if (r.exhausted === true && (before.rank !== 0 || r.status !== "hold-for-human")) {
        errors.push(`${label}: marked exhausted with budget left or without holding`);
      }
      if (terminal && before.rank === 0 && (r.status === "approve" || r.status === "blocked")) {
        errors.push(`${label}: the loop was exhausted, yet the gate itself decided ${r.status}`);
      }
      if (r.exhausted === true) terminal = true;
    }
    if (before.rank > 0) terminal = false;
    if (r.status === "blocked" && r.decidedBy === undefined) blockedHeads.add(r.head);
    prev = r.receipt.hash;
    state = r.receipt.after;
  }
  const last = history.rounds[history.rounds.length - 1];
  const blockedRounds = last?.receipt.after.blockedRounds ?? 0;
  const maxRounds = last?.receipt.after.maxRounds ?? 0;
  if (
    last !== undefined &&
    blockedRounds > Math.max(...history.rounds.map((r) => r.receipt.before.maxRounds))
  ) {
    errors.push(`the chain has ${blockedRounds} blocked rounds, more than any budget it recorded`);
  }
  return { valid: errors.length === 0, errors, rounds: history.rounds.length, blockedRounds, maxRounds };
}

/** Parse stored history; anything malformed is reported, never half-read. */
export function parseHistory(json: unknown): { ok: true; history: History } | { ok: false; message: string } {
  const parsed = historySchema.safeParse(json);
  if (parsed.success) return { ok: true, history: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    message: `the stored round history is malformed at \`${issue?.path.join(".") || "(root)"}\`: ${issue?.message ?? "invalid"}`,
  };
}
