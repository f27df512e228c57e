// The loop rules that turn a round's combined parts into the round's status, given the rounds before
// it: exhaustion (the finite budget), contradictions, and a person's decision. Pure.

import { storedDollars } from "./cost.js";
import { holdInstead, MAYBE, NO, type Result, type Status, statusOf, YES } from "./four-values.js";
import {
  type Binding,
  canonicalJson,
  currentState,
  encodeFindings,
  FINDING_TEXT_BYTES,
  type FullRound,
  gateBlocked,
  type History,
  isDigest,
  isTerminal,
  type LoopState,
  lastRound,
  MEMBER_COVERAGE_BYTES,
  MEMBER_LABEL_BYTES,
  MEMBER_VERDICT_BYTES,
  nextState,
  type RoundTokens,
  roundCount,
  type SealedRound,
  STORED_FINDINGS,
  STORED_PANEL_MEMBERS,
  type StoredDismissal,
  type StoredFinding,
  type StoredPanelMember,
  seal,
  spendsUnit,
  storeResult,
} from "./history.js";
import {
  capText,
  DECISION_REASON_BYTES,
  DECISION_URL_BYTES,
  DISMISSAL_REASON_BYTES,
  LOGIN_BYTES,
  normaliseReason,
  PENDING_ITEMS,
  PENDING_KEY_BYTES,
  SHORT_BYTES,
} from "./stored-text.js";

/** A round's reviewer usage as the history records it (RoundInput.usage). */
export interface RoundUsage {
  in: number;
  out: number;
  unreported: number;
  usd?: number;
  estimatedCalls?: number;
  unpricedCalls?: number;
}

export interface RoundInput {
  history: History;
  maxRounds: number;
  head: string;
  /** ISO time the round ran. */
  at: string;
  /** The parts combined (decide()), before the loop rules. */
  outcome: Result;
  reviewer?: {
    verdict: string;
    fingerprint: string;
    result: Result;
    /** The result were every finding dismissed (findings.ts); with the findings, stored as findings. */
    cleared?: Result;
    findings?: readonly StoredFinding[];
  };
  /** A maintainer's dismissal of one finding, which this round concludes. */
  dismissal?: StoredDismissal;
  coverage?: string;
  /** A panel's reviewers, each one's say (stored capped, and only for two or more). */
  panel?: readonly StoredPanelMember[];
  /** Reviewer tokens this round, as the providers reported them; `unreported` counts calls whose
   * provider gave no usage. The record adds them to the pull request's running total. With prices,
   * this round's cost (`usd`; `estimatedCalls` of them priced at an estimate, `unpricedCalls` with no
   * price), added to the running total the same way. */
  usage?: RoundUsage;
  pendingSince?: Record<string, string>;
  /** The base, contract and settings the round judged under (src/gate/binding.ts). */
  binding?: Binding;
  /** A person's decision through workflow_dispatch: their outcome stands as given. */
  decidedBy?: string;
  /** The reason the person gave (kept for an approve too, which has no NO reasons). */
  decisionReason?: string;
  /** Where they gave it: the `/verdict` comment's address (a dispatch has none). */
  decisionUrl?: string;
  /** A forced answer on a head the gate had answered (forcedAnswer): it spends a unit whatever it
   * says, and with no budget left it is an exhausted hold. */
  forced?: boolean;
  /** Who pushed the head this round judged (a `synchronize` event's sender). */
  pushedBy?: string;
}

export interface RoundConclusion extends SealedRound {
  status: Status;
  /** The round's result in full, for the check run; the record stores it bounded. */
  result: Result;
  /** This round found the budget spent and held instead of blocking. */
  exhausted: boolean;
}

function exhaustedNeed(state: LoopState): string {
  return (
    `rounds exhausted: ${state.blockedRounds} blocked rounds reached max-rounds (${state.maxRounds}); ` +
    "the gate stops asking the author for another try and a person decides (or raises max-rounds)"
  );
}

/** Whether the gate should even evaluate: after an exhausted hold the loop is terminal; and a forced
 * answer with no budget left is one, without asking. */
export function terminalNeed(history: History, maxRounds: number, forced = false): string | undefined {
  const state = currentState(history, maxRounds);
  if (isTerminal(history, state)) return exhaustedNeed(state);
  return forced && state.rank === 0 ? forcedExhaustedNeed(state) : undefined;
}

function forcedExhaustedNeed(state: LoopState): string {
  return (
    `rounds exhausted: a forced answer counts against max-rounds, and ${state.blockedRounds} of ${state.maxRounds} are used; ` +
    "asking the reviewer again is no longer a way out: a person decides (or raises max-rounds)"
  );
}

/** Whether forcing a new answer on `head` asks again what the gate already answered (an approve or a
 * block by the gate on this head, among the rounds it keeps, or a head it remembers blocking). The
 * first answer on a head is an ordinary round, forced or not; a hold is no answer (it is asked again
 * anyway). */
export function forcedAnswer(history: History, head: string, force: boolean): boolean {
  if (!force) return false;
  return (
    gateBlocked(history, head) ||
    history.rounds.some(
      (r) =>
        r.head === head && r.decidedBy === undefined && (r.status === "approve" || r.status === "blocked"),
    )
  );
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

/** Dependency timers as stored: at most PENDING_ITEMS, keys capped. A timer let go starts afresh,
 * which can only make a dependency wait longer before it holds, never pass. */
function boundedTimers(pending: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, at] of Object.entries(pending).slice(0, PENDING_ITEMS))
    out[capText(key, PENDING_KEY_BYTES)] = capText(at, SHORT_BYTES);
  return out;
}

/** The pull request's running token total before this round: the newest full round's that records
 * one (every round carries it on, so the newest full round has it unless no round ever spent any). */
export function tokensSoFar(history: History): { in: number; out: number } {
  for (let i = history.rounds.length - 1; i >= 0; i -= 1) {
    const r = history.rounds[i];
    if (r === undefined || isDigest(r)) break;
    if (r.tokens !== undefined) return { in: r.tokens.totalIn, out: r.tokens.totalOut };
  }
  return { in: 0, out: 0 };
}

/** The pull request's reviewer cost in US dollars before this round, from the newest full round that
 * records one (every round carries the total on, like the tokens); 0 when none was ever priced. */
export function costSoFar(history: History): number {
  for (let i = history.rounds.length - 1; i >= 0; i -= 1) {
    const r = history.rounds[i];
    if (r === undefined || isDigest(r)) break;
    if (r.tokens?.totalUsd !== undefined) return r.tokens.totalUsd;
  }
  return 0;
}

/** This round's tokens and cost and the running totals, or undefined while nothing was ever spent. */
function roundTokens(history: History, usage: RoundInput["usage"]): RoundTokens | undefined {
  const before = tokensSoFar(history);
  const spent = { in: usage?.in ?? 0, out: usage?.out ?? 0 };
  const unreported = usage?.unreported ?? 0;
  const costBefore = costSoFar(history);
  const usd = storedDollars(usage?.usd ?? 0);
  const priced = usage?.usd !== undefined || costBefore > 0;
  if (before.in + before.out + spent.in + spent.out === 0 && unreported === 0 && !priced) return undefined;
  const cap = (n: number) => Math.min(Number.MAX_SAFE_INTEGER, Math.max(0, Math.floor(n)));
  const calls = (n: number | undefined) => (n !== undefined && n > 0 ? Math.min(n, 1_000_000) : undefined);
  const estimated = calls(usage?.estimatedCalls);
  const unpriced = calls(usage?.unpricedCalls);
  return {
    in: cap(spent.in),
    out: cap(spent.out),
    totalIn: cap(before.in + spent.in),
    totalOut: cap(before.out + spent.out),
    ...(unreported > 0 ? { unreported: Math.min(unreported, 1_000_000) } : {}),
    ...(priced ? { usd, totalUsd: storedDollars(costBefore + usd) } : {}),
    ...(estimated !== undefined ? { estimatedCalls: estimated } : {}),
    ...(unpriced !== undefined ? { unpricedCalls: unpriced } : {}),
  };
}

/** Whether a round spent anything: it is recorded, whatever it says, so the pull request's totals (and
 * the cost cap that reads them) add up. */
function spentAnything(record: FullRound): boolean {
  const t = record.tokens;
  return t !== undefined && (t.in + t.out > 0 || (t.usd ?? 0) > 0 || t.unreported !== undefined);
}

export function concludeRound(input: RoundInput): RoundConclusion {
  const before = currentState(input.history, input.maxRounds);
  let result = input.outcome;
  let exhausted = false;
  const forced = input.decidedBy === undefined && input.forced === true;
  if (forced && before.rank === 0) {
    // Re-rolling with the budget spent: a hold for a person, whatever the answer would have been.
    const need = forcedExhaustedNeed(before);
    result = result.value === MAYBE && result.needed.includes(need) ? result : holdInstead(result, need);
    exhausted = true;
  } else if (input.decidedBy === undefined && result.value === NO) {
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
  const spends = spendsUnit(
    input.history,
    { head: input.head, status, decidedBy: input.decidedBy, forced },
    before,
  );
  const after = nextState(before, spends);
  // Everything stored is bounded here, once, so that any round fits the history comment (see
  // history-compact.ts); the check run gets `result` whole.
  const own = storeResult(result);
  const texts = new Map(own.texts);
  let reviewer: FullRound["reviewer"];
  if (input.reviewer !== undefined) {
    const stored = storeResult(input.reviewer.result);
    for (const [id, text] of stored.texts) if (!texts.has(id)) texts.set(id, text);
    const { cleared, findings } = input.reviewer;
    // Findings are stored only when dismissing them all would approve (clearedStorable), at most
    // STORED_FINDINGS: a round that cannot store them has no finding a maintainer can dismiss.
    const dismissable =
      cleared !== undefined &&
      clearedStorable(cleared) &&
      findings !== undefined &&
      findings.length > 0 &&
      findings.length <= STORED_FINDINGS;
    reviewer = {
      verdict: capText(input.reviewer.verdict, SHORT_BYTES),
      fingerprint: capText(input.reviewer.fingerprint, SHORT_BYTES),
      result: stored.stored,
      ...(dismissable ? { findings: encodeFindings(findings) } : {}),
    };
  }
  const record = seal(input.history, {
    round: roundCount(input.history) + 1,
    head: input.head,
    at: capText(input.at, SHORT_BYTES),
    status,
    reasonIds: own.stored.reasonIds,
    ...(own.stored.dropped !== undefined ? { dropped: own.stored.dropped } : {}),
    needed: own.stored.needed,
    dependencies: own.stored.dependencies,
    ...(input.decidedBy !== undefined ? { decidedBy: capText(input.decidedBy, LOGIN_BYTES) } : {}),
    ...(input.decidedBy !== undefined && input.decisionReason !== undefined
      ? { decisionReason: capText(input.decisionReason, DECISION_REASON_BYTES) }
      : {}),
    ...(input.decidedBy !== undefined && input.decisionUrl !== undefined
      ? { decisionUrl: capText(input.decisionUrl, DECISION_URL_BYTES) }
      : {}),
    ...(input.binding !== undefined ? { binding: input.binding } : {}),
    ...(reviewer !== undefined ? { reviewer } : {}),
    ...(input.coverage !== undefined ? { coverage: capText(input.coverage, SHORT_BYTES) } : {}),
    ...storedPanel(input.panel),
    ...optionalTokens(roundTokens(input.history, input.usage)),
    ...(input.pendingSince !== undefined ? { pendingSince: boundedTimers(input.pendingSince) } : {}),
    ...(exhausted ? { exhausted: true } : {}),
    ...(forced ? { forced: true as const } : {}),
    ...(input.pushedBy !== undefined ? { pushedBy: capText(input.pushedBy, LOGIN_BYTES) } : {}),
    // A round is a person's decision or a dismissal, never both: they share the room in the record.
    ...(input.dismissal !== undefined && input.decidedBy === undefined
      ? { dismissal: storedDismissal(input.dismissal) }
      : {}),
    receipt: { before, after },
  });
  return { status, result, record, texts, exhausted };
}

/** Whether a round's findings may be dismissed: only when its reply approves were every one of them
 * dismissed. One that would still block or hold (an unresolved earlier reason, a request for changes
 * not stated as the reply's one marker, a broken contract) is no round a dismissal can settle: a
 * person decides it. */
export function clearedStorable(cleared: Result): boolean {
  return cleared.value === YES;
}

function storedDismissal(d: StoredDismissal): StoredDismissal {
  return {
    key: d.key,
    id: d.id,
    text: capText(d.text, FINDING_TEXT_BYTES),
    by: capText(d.by, LOGIN_BYTES),
    reason: capText(d.reason, DISMISSAL_REASON_BYTES),
    ...(d.url !== undefined ? { url: capText(d.url, DECISION_URL_BYTES) } : {}),
  };
}

/** Whether a round says nothing the last recorded round did not: the same head, status, reasons,
 * reviewer verdict, timers, binding and loop state. Such a re-evaluation (a schedule, a label that
 * changes nothing) is posted as a check run but not recorded again: a PR waiting days on a dependency
 * under a 15-minute schedule would otherwise record a round every 15 minutes. */
export function repeatsLast(history: History, record: FullRound): boolean {
  const last = lastRound(history);
  if (last === undefined) return false;
  // A round that asked a reviewer spent money: it is a record of its own, or the totals undercount.
  if (spentAnything(record)) return false;
  // Tokens are left out: a re-evaluation that reused the verdict spent none, and is no new record.
  const gist = (r: FullRound) => {
    // Who pushed is left out too: a label's re-evaluation of a pushed head names no pusher, and the
    // round that judged the push already records them.
    const { round: _round, at: _at, receipt, tokens: _tokens, panel, pushedBy: _pushedBy, ...rest } = r;
    // Each reviewer's tokens are left out for the same reason; what each said is not.
    const said = panel?.map(({ in: _in, out: _out, reused: _reused, asked: _asked, ...m }) => m);
    return canonicalJson({ ...rest, panel: said, after: receipt.after });
  };
  return gist(last) === gist(record);
}

/** The panel's members as a record stores them: each text capped, at most STORED_PANEL_MEMBERS. */
function storedPanel(panel: readonly StoredPanelMember[] | undefined): { panel?: StoredPanelMember[] } {
  if (panel === undefined || panel.length < 2) return {};
  return {
    panel: panel.slice(0, STORED_PANEL_MEMBERS).map((m) => ({
      label: capText(m.label, MEMBER_LABEL_BYTES),
      verdict: capText(m.verdict, MEMBER_VERDICT_BYTES),
      value: m.value,
      coverage: capText(m.coverage, MEMBER_COVERAGE_BYTES),
      ...(m.in !== undefined ? { in: m.in } : {}),
      ...(m.out !== undefined ? { out: m.out } : {}),
      ...(m.reused !== undefined ? { reused: m.reused } : {}),
      ...(m.asked !== undefined ? { asked: m.asked } : {}),
    })),
  };
}

function optionalTokens(tokens: RoundTokens | undefined): { tokens?: RoundTokens } {
  return tokens === undefined ? {} : { tokens };
}
