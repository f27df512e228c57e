// The history never stops recording: whatever the rounds were — 40 long incompressible reasons, a
// thousand rounds, reasons of control characters that cost six bytes each in JSON — the comment fits
// GitHub's 65,536 characters, the stored chain audits, and the loop rules conclude on the stored
// (compacted) history exactly what they conclude on the whole one.
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMMENT_LIMIT, readHistoryComment, renderHistoryComment } from "../../src/report/history-comment.js";
import { withFileVerdicts } from "../../src/reviewer-stage/file-reuse.js";
import { iff, maybe, no, type Result, yes } from "../../src/verdict/four-values.js";
import {
  append,
  audit,
  blockedHeads,
  currentState,
  emptyHistory,
  FILE_REASONS,
  FULL_ROUND_BYTES,
  type History,
  isDigest,
  isTerminal,
  lastRound,
  REMEMBERED_BLOCKED_HEADS,
  reasonId,
  roundReasons,
  STORED_FINDING_CHARS,
  STORED_FINDINGS,
  STORED_PANEL_MEMBERS,
  type StoredPanelMember,
} from "../../src/verdict/history.js";
import { FILES_BYTES, NEWEST_ROUND_BYTES, STATE_BYTES } from "../../src/verdict/history-compact.js";
import { concludeRound, terminalNeed } from "../../src/verdict/loop-rules.js";
import { capText, jsonBytes, textBytes } from "../../src/verdict/stored-text.js";

const sha = (n: number) => n.toString(16).padStart(40, "0");

/** Fresh random bytes, each handed out once, drawn from a pool refilled a mebibyte at a time: the
 * rounds below take tens of thousands of small draws (a file key each), and one `randomBytes` call
 * per draw cost a fifth of this file's time. */
let pool = Buffer.alloc(0);
let drawn = 0;
function random(n: number): Buffer {
  if (drawn + n > pool.length) {
    pool = randomBytes(Math.max(n, 1 << 20));
    drawn = 0;
  }
  drawn += n;
  return pool.subarray(drawn - n, drawn);
}
/** Text that neither compresses nor escapes cheaply: random base64, or control characters. */
const noise = (n: number) => random(n).toString("base64").slice(0, n);
const controls = (n: number) => "\u0001".repeat(n);
const many = <T>(count: number, make: (i: number) => T): T[] =>
  Array.from({ length: count }, (_, i) => make(i));

interface Step {
  head: number;
  maxRounds: number;
  outcome: Result;
  person?: string;
  personReason?: string;
  /** A forced answer (re-rolled), and who pushed the head. */
  forced?: boolean;
  pushedBy?: string;
  pending?: Record<string, string>;
  reviewer?: boolean;
  /** Per-file verdicts this round keeps (incremental rounds): approved files, and blocked files each
   * with reasons of `reasonBytes` incompressible bytes. */
  files?: { approved: number; blocked: number; reasonBytes?: number };
  /** Reviewer tokens reported this round. */
  usage?: boolean;
}

/** A random file key, as reuse.ts writes one. */
const key = () => random(16).toString("base64url");

/** The per-file verdicts a round keeps, and their reason texts. */
function fileVerdicts(round: number, f: NonNullable<Step["files"]>) {
  const texts = new Map<string, string>();
  const blocked = many(f.blocked, (i) => {
    const ids = many(FILE_REASONS + 2, (k) => {
      const text = capText(`src/f${i}.ts:${k} — ${noise(f.reasonBytes ?? 120)}`, 400);
      const id = reasonId(text);
      texts.set(id, text);
      return id;
    }).slice(0, FILE_REASONS);
    return { round, key: key(), reasonIds: ids };
  });
  return {
    files: { approved: f.approved > 0 ? [{ round, keys: many(f.approved, key).join("") }] : [], blocked },
    texts,
  };
}

/** Plays a round as the gate does: conclude on the stored history, render the comment, read it back
 * (what the next round will see), and check the bound and the audit every time. The shadow history
 * appends the same rounds without ever being compacted. */
function play(state: { stored: History; shadow?: History }, s: Step): void {
  const terminal = s.person === undefined ? terminalNeed(state.stored, s.maxRounds) : undefined;
  const concluded = concludeRound({
    history: state.stored,
    maxRounds: s.maxRounds,
    head: sha(s.head),
    at: "2026-11-30T10:12:00.000Z",
    outcome: terminal !== undefined ? maybe(terminal) : s.outcome,
    ...(s.reviewer === true
      ? {
          reviewer: { verdict: "REQUEST_CHANGES", fingerprint: "f".repeat(64), result: s.outcome },
          panel: worstPanel(),
        }
      : {}),
    ...(s.pending !== undefined ? { pendingSince: s.pending } : {}),
    ...(s.person !== undefined ? { decidedBy: s.person, decisionReason: s.personReason ?? "ok" } : {}),
    ...(s.forced === true ? { forced: true } : {}),
    ...(s.pushedBy !== undefined ? { pushedBy: s.pushedBy } : {}),
    coverage: "100%",
    ...(s.usage === true ? { usage: { in: 123_456_789_012, out: 98_765_432, unreported: 1_000 } } : {}),
  });
  const kept = s.files === undefined ? undefined : fileVerdicts(concluded.record.round, s.files);
  const whole = withFileVerdicts(
    append(state.stored, concluded),
    kept?.files,
    kept?.texts ?? new Map(),
    concluded.record.round,
  );
  const body = renderHistoryComment(whole, {
    checkName: "verdict-gate",
    runUrl: "https://github.com/o/r/actions/runs/1",
  });
  expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
  const read = readHistoryComment(body);
  if (!read.ok) throw new Error(read.message);
  expect(audit(read.history).errors).toEqual([]);
  state.stored = read.history;
  const newest = lastRound(state.stored);
  expect(newest?.receipt.hash).toBe(concluded.record.receipt.hash);
  expect(newest && roundReasons(state.stored, newest).filter((r) => r.startsWith("(reason "))).toEqual([]);
  // File verdicts: only this round's are kept, and approves only once every block is.
  const files = state.stored.files;
  if (files !== undefined) {
    if (jsonBytes(state.stored) > 4 * STATE_BYTES) expect(jsonBytes(files)).toBeLessThanOrEqual(FILES_BYTES);
    if (files.approved.length > 0) expect(files.blocked).toHaveLength(kept?.files.blocked.length ?? 0);
    for (const b of files.blocked) expect(kept?.files.blocked.map((k) => k.key)).toContain(b.key);
  } else if (kept !== undefined && kept.files.blocked.length + kept.files.approved.length > 0) {
    // Let go whole only when nothing of it fits: the newest round at its largest leaves little room.
    // (A round that kept no file verdicts at all stores none: nothing to check there.)
    expect(jsonBytes(state.stored) + jsonBytes(kept.files)).toBeGreaterThan(STATE_BYTES - FILES_BYTES);
  }
  if (state.shadow === undefined) return;
  state.shadow = append(state.shadow, concluded);
  // What the loop rules read is the same, compacted or not.
  for (const max of [1, s.maxRounds, 1000]) {
    const a = currentState(state.stored, max);
    expect(a).toEqual(currentState(state.shadow, max));
    expect(isTerminal(state.stored, a)).toBe(isTerminal(state.shadow, a));
  }
  expect(blockedHeads(state.stored)).toEqual(blockedHeads(state.shadow));
}

function fresh(): { stored: History; shadow: History } {
  return { stored: emptyHistory(57, "verdict-gate"), shadow: emptyHistory(57, "verdict-gate") };
}

/** The same round, judged by the gate rather than decided by a person. */
function withoutPerson({ person: _person, ...step }: Step): Step {
  return step;
}

/** A panel's reviewers at their largest: more than a round stores, every text over its cap, every
 * count at its largest. */
function worstPanel(): StoredPanelMember[] {
  return many(STORED_PANEL_MEMBERS + 4, (k) => ({
    label: `${k}${controls(500)}`,
    verdict: controls(500),
    value: "NO" as const,
    coverage: controls(500),
    in: Number.MAX_SAFE_INTEGER,
    out: Number.MAX_SAFE_INTEGER,
    reused: Number.MAX_SAFE_INTEGER,
    asked: Number.MAX_SAFE_INTEGER,
  }));
}

/** The round that hits every cap at once. */
function worstStep(i: number): Step {
  const reasons = many(60, (k) => `${i}.${k} ${noise(150)}${controls(3_000)}`);
  return {
    head: i,
    maxRounds: 1_000,
    outcome: {
      value: "NO",
      reasons,
      needed: many(40, () => controls(5_000)),
      dependencies: many(40, () => controls(5_000)),
    },
    person: controls(500),
    personReason: controls(5_000),
    forced: true,
    pushedBy: controls(500),
    pending: Object.fromEntries(many(40, (k) => [`${k}${controls(1_000)}`, controls(500)])),
    reviewer: true,
  };
}

/** The file verdicts of a 3,000-file pull request with 200 files blocked on long reasons. */
const MANY_FILES = { approved: 3_000, blocked: 200, reasonBytes: 400 };

describe("the size of one text", () => {
  it("is counted in JSON bytes exactly as JSON.stringify writes it, and capped there", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary", maxLength: 2_000, size: "max" }),
          fc.string({ unit: "grapheme", maxLength: 700, size: "max" }),
        ),
        fc.integer({ min: 8, max: 600 }),
        (t, max) => {
          expect(textBytes(t)).toBe(jsonBytes(t));
          const capped = capText(t, max);
          expect(jsonBytes(capped)).toBeLessThanOrEqual(Math.max(max, jsonBytes(t) <= max ? 0 : max));
          if (jsonBytes(t) <= max) expect(capped).toBe(t);
          else expect(capped.endsWith("…") && t.startsWith(capped.slice(0, -1))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("the size of one round", () => {
  it("is bounded by the caps, whatever the reply held", () => {
    const h = emptyHistory(57, "verdict-gate");
    const s = worstStep(1);
    const c = concludeRound({
      history: h,
      maxRounds: s.maxRounds,
      head: sha(1),
      at: controls(500),
      outcome: s.outcome,
      reviewer: {
        verdict: controls(500),
        fingerprint: controls(500),
        result: { ...s.outcome, reasons: many(60, (k) => `r${k} ${controls(3_000)}`) },
        // A dismissable round: its findings at their cap, and the result were they all dismissed.
        cleared: yes(),
        findings: many(STORED_FINDINGS, (k) => ({
          key: "abcdef",
          id: k.toString(16).padStart(32, "0"),
          reasonId: "c".repeat(32),
        })),
      },
      pendingSince: s.pending ?? {},
      decidedBy: s.person as string,
      decisionReason: s.personReason as string,
      pushedBy: controls(500),
      coverage: controls(500),
      panel: worstPanel(),
      usage: { in: Number.MAX_SAFE_INTEGER, out: Number.MAX_SAFE_INTEGER, unreported: 10_000_000 },
    });
    const record = jsonBytes(c.record);
    // A panel's round stores each reviewer's say, at most STORED_PANEL_MEMBERS of them, capped.
    expect(c.record.panel).toHaveLength(STORED_PANEL_MEMBERS);
    expect(c.record.reviewer?.findings).toHaveLength(STORED_FINDINGS * STORED_FINDING_CHARS);
    // A dismissal takes the room of a person's decision, which a round never has beside it.
    const dismissal = {
      key: "abcdef",
      id: "d".repeat(32),
      text: controls(3_000),
      by: controls(500),
      reason: controls(3_000),
      url: controls(3_000),
    };
    const asDecided = concludeRound({
      history: h,
      maxRounds: s.maxRounds,
      head: sha(1),
      at: "t",
      outcome: yes(),
      decidedBy: "x",
      decisionReason: "y",
      dismissal,
    });
    expect(asDecided.record.dismissal).toBeUndefined();
    const { decidedBy: _d, decisionReason: _r, ...undecided } = c.record;
    const dismissed = concludeRound({
      history: h,
      maxRounds: s.maxRounds,
      head: sha(1),
      at: controls(500),
      outcome: s.outcome,
      reviewer: {
        verdict: controls(500),
        fingerprint: controls(500),
        result: { ...s.outcome, reasons: many(60, (k) => `r${k} ${controls(3_000)}`) },
        cleared: yes(),
        findings: many(STORED_FINDINGS, (k) => ({
          key: "abcdef",
          id: k.toString(16).padStart(32, "0"),
          reasonId: "c".repeat(32),
        })),
      },
      pendingSince: s.pending ?? {},
      dismissal,
      pushedBy: controls(500),
      coverage: controls(500),
      panel: worstPanel(),
      usage: { in: Number.MAX_SAFE_INTEGER, out: Number.MAX_SAFE_INTEGER, unreported: 10_000_000 },
    });
    expect(dismissed.record.dismissal).toBeDefined();
    expect(undecided.reviewer?.findings).toBeDefined();
    expect(jsonBytes(dismissed.record)).toBeLessThanOrEqual(FULL_ROUND_BYTES);
    expect(jsonBytes(append(h, dismissed))).toBeLessThanOrEqual(NEWEST_ROUND_BYTES);
    const withTexts = jsonBytes(append(h, c));
    // The figures docs/history.md states.
    expect(record).toBeLessThanOrEqual(FULL_ROUND_BYTES);
    expect(withTexts).toBeLessThanOrEqual(NEWEST_ROUND_BYTES);
    expect(c.record.reasonIds).toHaveLength(20);
    expect(c.record.dropped?.count).toBe(40);
    expect(roundReasons(append(h, c), c.record).at(-1)).toMatch(/…and 40 more reasons not stored/);
  });
});

describe("the comment never outgrows GitHub's limit", () => {
  it("keeps a 300-file pull request's file verdicts whole beside ordinary rounds", () => {
    const state = fresh();
    for (let i = 1; i <= 20; i += 1)
      play(state, {
        head: i,
        maxRounds: 100,
        outcome: no(`src/a.ts:1 — ${noise(200)}`),
        reviewer: true,
        files: { approved: 299, blocked: 1 },
      });
    expect(state.stored.files?.approved[0]?.keys).toHaveLength(299 * 22);
    expect(state.stored.files?.blocked).toHaveLength(1);
  });

  it("lets approves go before blocks when the file verdicts do not all fit", () => {
    const state = fresh();
    play(state, { ...withoutPerson(worstStep(1)), files: MANY_FILES });
    const files = state.stored.files;
    // The newest round at every cap leaves little room: not all 200 blocks fit, so no approve is kept
    // (those files are asked again), and every block kept has its reasons.
    expect(files?.approved ?? []).toEqual([]);
    expect(files?.blocked.length ?? 0).toBeLessThan(200);
    expect(audit(state.stored).errors).toEqual([]);
  });

  it("keeps recording after a round with 40 long incompressible BLOCKING reasons (issue 11)", () => {
    const state = fresh();
    play(state, {
      head: 1,
      maxRounds: 10,
      outcome: {
        value: "NO",
        reasons: many(40, (k) => `src/a.ts:${k} — ${noise(600)}`),
        needed: [],
        dependencies: [],
      },
      reviewer: true,
    });
    for (let i = 2; i <= 30; i += 1)
      play(state, { head: i, maxRounds: 10, outcome: no(`src/a.ts:1 — ${noise(300)}`) });
    expect(audit(state.stored).rounds).toBe(30);
  });

  it("remembers the newest 32 heads the gate blocked through folds, a head blocked again moving to the newest end", () => {
    const state = fresh();
    const heads = many(REMEMBERED_BLOCKED_HEADS + 8, (i) => i + 1);
    // Four reasons of 1,000 incompressible bytes a round: forty rounds outgrow the state, so the
    // oldest fold into the checkpoint, which must carry the heads they blocked.
    const blocked = (head: number): Step => ({
      head,
      maxRounds: 1_000,
      outcome: {
        value: "NO",
        reasons: many(4, (k) => `src/a.ts:${k} — ${noise(1_000)}`),
        needed: [],
        dependencies: [],
      },
    });
    for (const head of heads) play(state, blocked(head));
    const again = heads[heads.length - REMEMBERED_BLOCKED_HEADS + 3] as number;
    play(state, blocked(again));
    expect(state.stored.checkpoint).toBeDefined();
    expect(state.stored.rounds.length).toBeLessThan(heads.length + 1);
    const remembered = heads.slice(-REMEMBERED_BLOCKED_HEADS).filter((h) => h !== again);
    expect(blockedHeads(state.stored)).toEqual([...remembered, again].map(sha));
  });

  it("holds for 150 worst-case rounds, folding the oldest into the checkpoint", () => {
    const state: { stored: History } = { stored: emptyHistory(57, "verdict-gate") };
    for (let i = 1; i <= 150; i += 1) play(state, i % 7 === 0 ? worstStep(i) : withoutPerson(worstStep(i)));
    const stored = state.stored;
    expect(stored.checkpoint?.round).toBeGreaterThan(100);
    expect(jsonBytes(stored)).toBeLessThanOrEqual(4 * STATE_BYTES);
    const report = audit(stored);
    expect(report).toMatchObject({ valid: true, rounds: 150, folded: stored.checkpoint?.round });
    expect(stored.rounds.some(isDigest)).toBe(true);
  });

  it("holds for 60 worst-case rounds that also keep 3,000 files' verdicts and token totals", () => {
    const state: { stored: History } = { stored: emptyHistory(57, "verdict-gate") };
    for (let i = 1; i <= 60; i += 1)
      play(state, {
        ...withoutPerson(worstStep(i)),
        usage: true,
        ...(i % 3 === 0 ? { files: MANY_FILES } : {}),
      });
    expect(audit(state.stored)).toMatchObject({ valid: true, rounds: 60 });
    expect(lastRound(state.stored)?.tokens?.totalIn).toBe(60 * 123_456_789_012);
  });

  // Reviewer text of any kind: anything JavaScript strings hold, lone surrogates and controls included.
  const text = (max: number) =>
    fc
      .oneof(
        fc.string({ maxLength: max, size: "max" }),
        fc.string({ unit: "binary", maxLength: max, size: "max" }),
      )
      .map((t) => `x${t}`);
  const outcome = fc.oneof(
    fc.constant(yes()),
    fc
      .array(
        fc.oneof(
          text(800),
          fc.constant("src/x.ts:3 — add a guard"),
          fc.constant("src/x.ts:3 — remove the guard"),
        ),
        { minLength: 1, maxLength: 45, size: "max" },
      )
      .map((reasons) => no(...(reasons as [string, ...string[]]))),
    text(2_000).map((n) => maybe(n)),
    fc.array(text(500), { minLength: 1, maxLength: 15 }).map((d) => iff(...(d as [string, ...string[]]))),
  );
  const step = fc.record({
    newHead: fc.boolean(),
    back: fc.nat({ max: 40 }),
    maxRounds: fc.oneof(fc.constant(3), fc.integer({ min: 1, max: 1_000 })),
    outcome,
    person: fc.option(text(200), { freq: 6 }),
    forced: fc.boolean(),
    pushedBy: fc.option(text(200), { freq: 3 }),
    reviewer: fc.boolean(),
    files: fc.option(fc.record({ approved: fc.nat({ max: 2_500 }), blocked: fc.nat({ max: 40 }) }), {
      freq: 2,
    }),
    pending: fc.option(
      fc.dictionary(fc.string({ maxLength: 300 }), fc.string({ maxLength: 40 }), { maxKeys: 25 }),
      {
        freq: 3,
      },
    ),
  });

  it("holds for any sequence of rounds, and the stored chain always audits", () => {
    let folded = 0;
    let digested = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 20, maxLength: 160, size: "max" }), (steps) => {
        const state = fresh();
        let head = 1;
        for (const s of steps) {
          // A new push, a force-push back to an earlier head, or the same head again.
          if (s.newHead) head += 1;
          else if (s.back > 0) head = Math.max(1, head - s.back);
          play(state, {
            head,
            maxRounds: s.maxRounds,
            outcome: s.outcome,
            ...(s.person !== null ? { person: s.person, personReason: s.person } : {}),
            forced: s.forced,
            ...(s.pushedBy !== null ? { pushedBy: s.pushedBy } : {}),
            reviewer: s.reviewer,
            ...(s.files !== null ? { files: s.files, usage: true } : {}),
            ...(s.pending !== null ? { pending: s.pending } : {}),
          });
        }
        if (state.stored.checkpoint !== undefined) folded += 1;
        if (state.stored.rounds.some(isDigest)) digested += 1;
      }),
      { numRuns: 8 },
    );
    // The property reached what it is about: digests and folds.
    expect(folded).toBeGreaterThan(0);
    expect(digested).toBeGreaterThan(0);
  });
});
