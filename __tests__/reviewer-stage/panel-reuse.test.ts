// Incremental rounds with a panel: each reviewer reuses only its own earlier verdicts of unchanged
// files. The attack these tests exist for: reviewer A approved a file and reviewer B did not; if A's
// approve could stand for B (one shared key, or a key that does not name the reviewer), the next round
// would approve a file B never approved. Reviewers are in-process fakes behind the Reviewer interface;
// each round is the reviewer stage's own (frameQuestion, askReviewers) and the history is stored as the
// round stores it (withFileVerdicts).
import { describe, expect, it } from "vitest";
import type { DiffFile } from "../../src/diff/types.js";
import { historyRows } from "../../src/gate/history-rows.js";
import type { PromptMessages, Reviewer, ReviewReply } from "../../src/ports/reviewer.js";
import { type PanelReport, type RoundReport, renderJobSummary } from "../../src/report/round-report.js";
import { roundText } from "../../src/report/round-text.js";
import type { Prompt } from "../../src/review/prompt.js";
import { incrementalFor } from "../../src/reviewer-stage/file-reuse.js";
import {
  askReviewers,
  frameQuestion,
  type PanelMember,
  type PanelOutcome,
  withFileVerdicts,
} from "../../src/reviewer-stage/index.js";
import { fileKeys, panelFingerprint, reviewerIdentity } from "../../src/reviewer-stage/keys.js";
import { panelPart, planPanel, recordedMembers, storedMembers } from "../../src/reviewer-stage/panel.js";
import { MAX_REVIEWERS } from "../../src/settings/panel.js";
import { yes } from "../../src/verdict/four-values.js";
import {
  append,
  audit,
  type Binding,
  emptyHistory,
  type History,
  STORED_PANEL_MEMBERS,
} from "../../src/verdict/history.js";
import { concludeRound, repeatsLast } from "../../src/verdict/loop-rules.js";
import type { PanelPolicy } from "../../src/verdict/panel.js";
import { UNANIMOUS } from "../../src/verdict/panel.js";
import { newFilesDiff, tokenOf } from "./panel-fixtures.js";

/** Four new files of about 500 estimated tokens each; `changed` get one more line. */
const diffOf = (changed: readonly number[] = []) => newFilesDiff(4, changed);
/** The files a call shows: named in its diff (a call also names, outside its diff, the files that kept
 * their verdicts). */
const filesIn = (p: PromptMessages) =>
  [...new Set((p as Prompt).diffText.match(/src\/f\d\.js/g) ?? [])].sort();

function ok(text: string): ReviewReply {
  return {
    ok: true,
    text,
    model: "m",
    usage: { inputTokens: 100, outputTokens: 10 },
    latencyMs: 5,
    attempts: 1,
    warnings: [],
  };
}

type Say = (files: readonly string[], p: PromptMessages) => ReviewReply;
const approves: Say = (_f, p) => ok(`Fine.\n\n===VERDICT=== APPROVE ${tokenOf(p)}`);
/** Blocks any chunk holding `path`, naming it; approves the others. */
const blocks =
  (path: string): Say =>
  (files, p) =>
    files.includes(path)
      ? ok(`BLOCKING: ${path}:1 — unsafe constant\n\n===VERDICT=== REQUEST_CHANGES ${tokenOf(p)}`)
      : ok(`Fine.\n\n===VERDICT=== APPROVE ${tokenOf(p)}`);
/** Times out on any chunk holding `path`; approves the others. */
const timesOutOn =
  (path: string, failure: "timeout" | "truncated" = "timeout"): Say =>
  (files, p) =>
    files.includes(path)
      ? {
          ok: false,
          failure,
          message: failure === "timeout" ? "no reply in 60 s" : "the reply was cut off at max-output-tokens",
          latencyMs: 5,
          attempts: 1,
          warnings: [],
        }
      : ok(`Fine.\n\n===VERDICT=== APPROVE ${tokenOf(p)}`);

type Fake = Reviewer & { asked: string[][]; say: Say };
function fake(model: string): Fake {
  const asked: string[][] = [];
  const self: Fake = {
    provider: "openai",
    model,
    label: `openai ${model} @ host`,
    contextWindow: 1_000_000,
    asked,
    say: approves,
    async review(prompt) {
      const files = filesIn(prompt);
      asked.push(files);
      return self.say(files, prompt);
    },
  };
  return self;
}

const base = { includePrDescription: false } as const;
const binding: Binding = { base: "b".repeat(40), contract: "none", settings: "5".repeat(64) };
let n = 0;
const newRoundToken = () => {
  n += 1;
  return `${"r".repeat(28)}${String(n).padStart(4, "0")}`;
};

/** One panel round over `diff` on `history`, each file its own chunk (max-diff-tokens 700): the reviewer
 * stage as the round runs it, and the history stored as the round stores it. */
async function round(input: {
  members: PanelMember[];
  changed?: number[];
  history: History;
  round: number;
  policy?: PanelPolicy;
  maxRoundTokens?: number;
  force?: boolean;
}): Promise<{ out: PanelOutcome; history: History }> {
  const question = frameQuestion({
    members: input.members,
    policy: input.policy ?? UNANIMOUS,
    diff: diffOf(input.changed),
    scope: {},
    base,
    maxDiffTokens: 700,
  });
  const out = await askReviewers(
    {
      question,
      head: `${input.round}`.padStart(40, "0"),
      history: input.history,
      binding,
      round: input.round,
      force: input.force ?? false,
      concurrency: 1,
      ...(input.maxRoundTokens !== undefined ? { maxRoundTokens: input.maxRoundTokens } : {}),
      newRoundToken,
      log: { info: () => {}, debug: () => {} },
      otherHistories: async () => [],
    },
    new Map(),
  );
  // The history as the gate stores it after the round (its rounds do not matter here, its files do).
  const history = withFileVerdicts(
    { ...input.history, reasons: [...input.history.reasons] },
    out.keep.files,
    out.keep.texts,
    input.round,
  );
  return { out, history };
}

const ALL = ["src/f0.js", "src/f1.js", "src/f2.js", "src/f3.js"];
const askedOf = (r: Fake) => r.asked.flat().sort();

/** A panel of two: "alpha" and "beta", each a fake reviewer of its own model. */
function alphaAndBeta() {
  const a = fake("alpha-model");
  const b = fake("beta-model");
  return {
    a,
    b,
    members: [
      { label: "alpha", reviewer: a },
      { label: "beta", reviewer: b },
    ],
  };
}
const member = (o: PanelOutcome, label: string) => o.panel.members.find((m) => m.label === label);

describe("a panel's incremental round", () => {
  it("keeps B's block of an unchanged file and never counts A's approve of it for B", async () => {
    const { a, b, members } = alphaAndBeta();
    b.say = blocks("src/f0.js");
    const first = await round({ members, history: emptyHistory(1, "g"), round: 1 });
    expect(first.out.part.result.value).toBe("NO");
    expect(askedOf(a)).toEqual(ALL);
    expect(askedOf(b)).toEqual(ALL);
    a.asked.length = 0;
    b.asked.length = 0;
    // Round 2 changes only f3; whatever B would say now, its round-1 block of f0 must stand.
    b.say = approves;
    const second = await round({ members, changed: [3], history: first.history, round: 2 });
    expect(askedOf(a)).toEqual(["src/f3.js"]);
    expect(askedOf(b)).toEqual(["src/f3.js"]);
    expect(second.out.part.result.value).toBe("NO");
    expect(second.out.part.result.reasons).toEqual(["[beta] src/f0.js:1 — unsafe constant"]);
    expect(member(second.out, "alpha")?.verdict).toBe("APPROVE");
    expect(member(second.out, "beta")?.verdict).toBe("REQUEST_CHANGES");
    // The keys themselves: A's key of f0 is not B's, and the store holds an approve under A's only.
    const f0 = diffOf().files[0] as DiffFile;
    const keysFor = (m: PanelMember) =>
      fileKeys(
        incrementalFor({
          history: first.history,
          binding,
          reviewer: reviewerIdentity(m, 2),
          base,
          round: 2,
          force: false,
        }).conditions,
        f0,
      );
    const keyFor = (m: PanelMember) => keysFor(m).approve;
    const keyA = keyFor(members[0] as PanelMember);
    const keyB = keyFor(members[1] as PanelMember);
    expect(keyA).not.toBe(keyB);
    const approvedKeys = first.history.files?.approved.map((g) => g.keys).join("") ?? "";
    expect(approvedKeys).toContain(keyA);
    expect(approvedKeys).not.toContain(keyB);
    expect(first.history.files?.blocked.map((e) => e.key)).toEqual([
      keysFor(members[1] as PanelMember).block,
    ]);
  });

  it.each(["timeout", "truncated"] as const)(
    "asks B again about a file it failed on (%s), even though A approved that file",
    async (failure) => {
      const { a, b, members } = alphaAndBeta();
      b.say = timesOutOn("src/f1.js", failure);
      const first = await round({ members, history: emptyHistory(1, "g"), round: 1 });
      expect(first.out.part.result.value).toBe("MAYBE");
      a.asked.length = 0;
      b.asked.length = 0;
      b.say = approves;
      const second = await round({ members, history: first.history, round: 2 });
      // A reuses everything; B reuses its three approves and is asked about f1 again.
      expect(askedOf(a)).toEqual([]);
      expect(askedOf(b)).toEqual(["src/f1.js"]);
      expect(second.out.part.result.value).toBe("YES");
      expect(member(second.out, "alpha")?.coverage).toBe("100%");
      expect(member(second.out, "alpha")?.reusedFiles).toMatchObject({ files: 4, asked: 0 });
      expect(member(second.out, "beta")?.reusedFiles).toMatchObject({
        files: 3,
        asked: 1,
        byRound: [{ round: 1, files: 3 }],
      });
    },
  );

  it("never reuses a hold (an AMBIGUOUS reply) for the reviewer that gave it", async () => {
    const { a, b, members } = alphaAndBeta();
    b.say = (files, p) =>
      files.includes("src/f2.js")
        ? ok(`Unsure.\n\n===VERDICT=== AMBIGUOUS ${tokenOf(p)}`)
        : approves(files, p);
    const first = await round({ members, history: emptyHistory(1, "g"), round: 1 });
    a.asked.length = 0;
    b.asked.length = 0;
    const second = await round({ members, history: first.history, round: 2 });
    expect(askedOf(a)).toEqual([]);
    expect(askedOf(b)).toEqual(["src/f2.js"]);
    expect(second.out.part.result.value).toBe("MAYBE");
  });

  it("reuses nothing when the labels or the models are swapped between rounds", async () => {
    const a = fake("alpha-model");
    const b = fake("beta-model");
    const first = await round({
      members: [
        { label: "alpha", reviewer: a },
        { label: "beta", reviewer: b },
      ],
      history: emptyHistory(1, "g"),
      round: 1,
    });
    expect(first.history.files?.approved.map((g) => g.keys.length / 22)).toEqual([8]);
    for (const swapped of [
      // The labels swapped: alpha is now beta-model's voice.
      [
        { label: "alpha", reviewer: b },
        { label: "beta", reviewer: a },
      ],
      // The models swapped behind the same labels, and the same reviewers under each other's label.
      [
        { label: "beta", reviewer: a },
        { label: "alpha", reviewer: b },
      ],
    ]) {
      const reviewers = swapped.map((m) => m.reviewer as Fake);
      for (const r of reviewers) r.asked.length = 0;
      const again = await round({ members: swapped, history: first.history, round: 2 });
      for (const r of reviewers) expect(askedOf(r)).toEqual(ALL);
      expect(again.out.panel.members.every((m) => m.reusedFiles === undefined)).toBe(true);
    }
    // Another model behind one label: that reviewer is asked about everything, the other about nothing.
    const gamma = fake("gamma-model");
    b.asked.length = 0;
    const replaced = await round({
      members: [
        { label: "alpha", reviewer: gamma },
        { label: "beta", reviewer: b },
      ],
      history: first.history,
      round: 2,
    });
    expect([askedOf(gamma), askedOf(b)]).toEqual([ALL, []]);
    expect(member(replaced.out, "beta")?.reusedFiles).toMatchObject({ files: 4, asked: 0 });
  });

  it("counts only what will be sent after reuse against max-round-tokens, and holds before any call when that is over", async () => {
    const { a, b, members } = alphaAndBeta();
    const first = await round({ members, history: emptyHistory(1, "g"), round: 1 });
    // Eight calls of about 500 diff tokens: far over 4,000; the two calls round 2 needs are under it.
    expect(first.out.estimatedTokens).toBeGreaterThan(4_000);
    a.asked.length = 0;
    b.asked.length = 0;
    const second = await round({
      members,
      changed: [0],
      history: first.history,
      round: 2,
      maxRoundTokens: 4_000,
    });
    expect(second.out.part.result.value).toBe("YES");
    expect([askedOf(a), askedOf(b)]).toEqual([["src/f0.js"], ["src/f0.js"]]);
    const needed = second.out.estimatedTokens;
    expect(needed).toBeLessThanOrEqual(4_000);
    // One token under what the two calls need: nobody is asked, and each keeps its reused verdicts.
    a.asked.length = 0;
    b.asked.length = 0;
    const third = await round({
      members,
      changed: [0, 1],
      history: second.history,
      round: 3,
      maxRoundTokens: needed - 1,
    });
    expect(third.out.verdict).toBe("SKIPPED");
    expect(third.out.part.result.value).toBe("MAYBE");
    expect([askedOf(a), askedOf(b)]).toEqual([[], []]);
    expect(third.out.estimatedTokens).toBeGreaterThan(needed - 1);
    expect(third.history.files?.approved.map((g) => g.keys.length / 22).reduce((x, y) => x + y, 0)).toBe(6);
  });

  it("stores every member's kept verdicts interleaved, so a store cut for room costs each alike", async () => {
    const { members } = alphaAndBeta();
    const first = await round({ members, history: emptyHistory(1, "g"), round: 1 });
    const keys = first.history.files?.approved[0]?.keys.match(/.{22}/g) ?? [];
    const incA = incrementalFor({
      history: first.history,
      binding,
      reviewer: reviewerIdentity(members[0] as PanelMember, 2),
      base,
      round: 2,
      force: false,
    });
    const ownA = new Set(diffOf().files.map((f) => fileKeys(incA.conditions, f).approve));
    // Alternating: alpha's, beta's, alpha's, …
    expect(keys.map((k) => ownA.has(k))).toEqual([true, false, true, false, true, false, true, false]);
  });
});

describe("a panel's whole verdict reused", () => {
  it("shows the recorded round's reviewers, their reasons and what each blocked", async () => {
    const never = fake("never");
    never.say = () => {
      throw new Error("asked again");
    };
    const members = [
      { label: "alpha", reviewer: never },
      { label: "beta", reviewer: never },
    ];
    const plans = planPanel(members, diffOf(), {}, base, 700);
    const out = await panelPart({
      plans,
      base,
      policy: UNANIMOUS,
      newRoundToken,
      concurrency: 1,
      reuse: {
        round: 4,
        verdict: "REQUEST_CHANGES",
        result: { value: "NO", reasons: ["[beta] src/f2.js:3 — off by one"], needed: [], dependencies: [] },
        members: [
          {
            label: "alpha",
            verdict: "APPROVE",
            value: "YES",
            reasons: [],
            coverage: "100%",
            latencyMs: 0,
            calls: 0,
            blockedFiles: [],
          },
          {
            label: "beta",
            verdict: "REQUEST_CHANGES",
            value: "NO",
            reasons: [],
            coverage: "100%",
            latencyMs: 0,
            calls: 0,
            blockedFiles: [],
          },
        ],
      },
      fingerprint: panelFingerprint(plans, UNANIMOUS),
      log: () => {},
    });
    expect(never.asked).toEqual([]);
    expect(out.panel.members.map((m) => [m.label, m.verdict, m.reusedFromRound, m.blockedFiles])).toEqual([
      ["alpha", "APPROVE", 4, []],
      ["beta", "REQUEST_CHANGES", 4, ["src/f2.js"]],
    ]);
    expect(member(out, "beta")?.reasons).toEqual(["src/f2.js:3 — off by one"]);
  });
});

describe("a panel's round record", () => {
  it("carries each reviewer's verdict, coverage, tokens and reuse, hashed with the round", async () => {
    const { b, members } = alphaAndBeta();
    b.say = timesOutOn("src/f1.js");
    const first = await round({ members, history: emptyHistory(1, "g"), round: 1 });
    b.say = approves;
    const second = await round({ members, history: first.history, round: 2 });
    const concluded = concludeRound({
      history: emptyHistory(1, "g"),
      maxRounds: 3,
      head: "a".repeat(40),
      at: "2026-12-01T10:00:00.000Z",
      outcome: yes(),
      ...storedMembers(second.out.panel),
    });
    expect(concluded.record.panel).toEqual([
      { label: "alpha", verdict: "APPROVE", value: "YES", coverage: "100%", reused: 4, asked: 0 },
      {
        label: "beta",
        verdict: "APPROVE",
        value: "YES",
        coverage: "100%",
        in: 100,
        out: 10,
        reused: 3,
        asked: 1,
      },
    ]);
    const history = append(emptyHistory(1, "g"), concluded);
    expect(audit(history).errors).toEqual([]);
    // Edited, it no longer audits: the per-reviewer say is part of the round's hash.
    const edited = structuredClone(history);
    const record = edited.rounds[0] as typeof concluded.record;
    (record.panel as NonNullable<typeof record.panel>)[1] = {
      ...(record.panel?.[1] as NonNullable<typeof record.panel>[number]),
      verdict: "REQUEST_CHANGES",
    };
    expect(audit(edited).errors.join("\n")).toMatch(/hash mismatch/);
    // The history table's row, and what a round reusing its whole verdict shows.
    expect(historyRows(history)[0]?.panel).toEqual([
      { label: "alpha", verdict: "APPROVE", coverage: "100%", reusedFiles: 4 },
      {
        label: "beta",
        verdict: "APPROVE",
        coverage: "100%",
        inputTokens: 100,
        outputTokens: 10,
        reusedFiles: 3,
      },
    ]);
    expect(recordedMembers(concluded.record).members?.map((m) => [m.label, m.verdict, m.value])).toEqual([
      ["alpha", "APPROVE", "YES"],
      ["beta", "APPROVE", "YES"],
    ]);
    // A re-evaluation that spent other tokens but heard the same says is no new record.
    const again = concludeRound({
      history,
      maxRounds: 3,
      head: "a".repeat(40),
      at: "2026-12-01T11:00:00.000Z",
      outcome: yes(),
      panel: (concluded.record.panel ?? []).map(({ in: _i, out: _o, ...m }) => m),
    });
    expect(repeatsLast(history, again.record)).toBe(true);
  });

  it("stores as many reviewers as a panel may have", () => {
    expect(STORED_PANEL_MEMBERS).toBe(MAX_REVIEWERS);
  });

  it("stores nothing per reviewer for a single reviewer (a panel of one)", () => {
    expect(
      storedMembers({
        policy: "unanimous",
        members: [
          {
            label: "solo",
            verdict: "APPROVE",
            value: "YES",
            reasons: [],
            coverage: "100%",
            latencyMs: 1,
            calls: 1,
            blockedFiles: [],
          },
        ],
      }),
    ).toEqual({});
  });
});

describe("a panel's summary", () => {
  const reused = { files: 3, byRound: [{ round: 1, files: 3 }], asked: 1, chunksPlanned: 1, chunksReused: 0 };
  const report = (members: PanelReport) =>
    ({
      status: "approve",
      result: yes(),
      parts: [],
      round: 2,
      headSha: "a".repeat(40),
      checkName: "verdict-gate",
      reviewer: {
        label: "a panel of 2 (unanimous)",
        verdict: "APPROVE",
        calls: [],
        warnings: [],
        panel: members,
      },
      history: [
        { round: 1, head: "b".repeat(40), status: "approve", reasons: [], repeatedFrom: [], at: "x" },
        {
          round: 2,
          head: "a".repeat(40),
          status: "approve",
          reasons: [],
          repeatedFrom: [],
          at: "y",
          panel: [
            {
              label: "alpha",
              verdict: "APPROVE",
              coverage: "100%",
              inputTokens: 1200,
              outputTokens: 40,
              reusedFiles: 3,
            },
            { label: "beta", verdict: "APPROVE", coverage: "100%" },
          ],
        },
      ],
      notes: [],
      version: "test",
    }) as RoundReport;
  const member = {
    value: "YES" as const,
    verdict: "APPROVE" as const,
    reasons: [],
    coverage: "100%",
    latencyMs: 1200,
    blockedFiles: [],
  };

  it("says per reviewer what it was asked and what it reused, in the summary and the terminal", () => {
    const r = report({
      policy: "unanimous",
      members: [
        { ...member, label: "alpha", calls: 1, inputTokens: 1200, outputTokens: 40, reusedFiles: reused },
        { ...member, label: "beta", calls: 4 },
      ],
    });
    const md = renderJobSummary(r);
    expect(md).toContain(
      "Incremental, per reviewer: alpha was asked about 1 changed file in 1 call and reused its own verdict of 3 unchanged files (3 from round 1), 0 of its 1 planned chunk reused whole; beta was asked about every file.",
    );
    expect(md).toContain("<br>alpha: APPROVE, 100%, 1,200/40 tokens, 3 files reused<br>beta: APPROVE, 100%");
    const text = roundText(r, (_tone, t) => t, "pull-request");
    expect(text).toContain(
      "alpha: APPROVE, coverage 100%, slowest 1.2 s; asked about 1 file(s), reused 3 (3 from round 1)",
    );
  });

  it("shows the recorded round's reviewers when the panel's whole verdict is reused", () => {
    const r = report({
      policy: "unanimous",
      members: [
        { ...member, label: "alpha", calls: 0, latencyMs: 0, reusedFromRound: 1 },
        { ...member, label: "beta", calls: 0, latencyMs: 0, reusedFromRound: 1 },
      ],
    });
    const md = renderJobSummary(r);
    expect(md).toContain("| alpha | ✅ YES APPROVE | 100% | none (reused from round 1) | not asked |");
    expect(md).toContain("Each reviewer's say is round 1's: its whole verdict stands.");
    expect(roundText(r, (_tone, t) => t, "pull-request")).toContain(
      "beta: APPROVE, coverage 100%, not asked (round 1's say)",
    );
  });
});
