// The panel lattice (fast-check): how several reviewers' results become one. If any of these failed, a
// panel could approve against its policy, turn a reviewer's block into anything else, or lose whose
// reason a reason was.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAYBE, maybe, NO, YES, yes } from "../../src/verdict/four-values.js";
import {
  approveHolds,
  combinePanel,
  type PanelPolicy,
  type PanelVote,
  panelVerdict,
  parsePolicy,
  UNANIMOUS,
} from "../../src/verdict/panel.js";
import { RUNS, resultArb } from "./result-arbitrary.js";

const WORDS = ["APPROVE", "REQUEST_CHANGES", "AMBIGUOUS", "NONE", "ERROR"] as const;

/** Votes with distinct labels, and a policy valid for their number. */
const panelArb = fc
  .array(fc.tuple(resultArb, fc.constantFrom(...WORDS)), { minLength: 1, maxLength: 5 })
  .chain((pairs) =>
    fc.record({
      votes: fc.constant(
        pairs.map(([result, verdict], i): PanelVote => ({ label: `r${i}`, result, verdict })),
      ),
      policy: fc.oneof(
        fc.constant<PanelPolicy>(UNANIMOUS),
        fc.integer({ min: 1, max: pairs.length }).map((k): PanelPolicy => ({ kind: "quorum", k })),
      ),
    }),
  );

const approving = (votes: readonly PanelVote[]) => votes.filter((v) => v.result.value === YES).length;

describe("the panel lattice", () => {
  it("approves only when the policy's approve condition holds", () => {
    fc.assert(
      fc.property(panelArb, ({ votes, policy }) => {
        const result = combinePanel(votes, policy);
        if (result.value !== YES) return;
        expect(votes.some((v) => v.result.value === NO)).toBe(false);
        if (policy.kind === "unanimous") expect(approving(votes)).toBe(votes.length);
        else expect(approving(votes)).toBeGreaterThanOrEqual(policy.k);
      }),
      RUNS,
    );
  });

  it("approves whenever the approve condition holds (it is exactly the condition)", () => {
    fc.assert(
      fc.property(panelArb, ({ votes, policy }) => {
        expect(combinePanel(votes, policy).value === YES).toBe(approveHolds(votes, policy));
      }),
      RUNS,
    );
  });

  it("never turns a block anywhere into anything but a block, under every policy", () => {
    fc.assert(
      fc.property(panelArb, ({ votes, policy }) => {
        if (!votes.some((v) => v.result.value === NO)) return;
        const result = combinePanel(votes, policy);
        expect(result.value).toBe(NO);
        // Every blocking reviewer's reasons are there.
        for (const v of votes.filter((x) => x.result.value === NO))
          for (const r of v.result.reasons)
            expect(result.reasons).toContain(votes.length > 1 ? `[${v.label}] ${r}` : r);
      }),
      RUNS,
    );
  });

  it("never approves with a non-approve where unanimity is asked", () => {
    fc.assert(
      fc.property(panelArb, ({ votes }) => {
        if (votes.every((v) => v.result.value === YES)) return;
        expect(combinePanel(votes, UNANIMOUS).value).not.toBe(YES);
      }),
      RUNS,
    );
  });

  it("is monotone: a reviewer approving less never makes the panel approve", () => {
    fc.assert(
      fc.property(panelArb, fc.nat(), resultArb, ({ votes, policy }, at, worse) => {
        const i = at % votes.length;
        if ((votes[i] as PanelVote).result.value !== YES || worse.value === YES) return;
        const changed = votes.map((v, j) => (j === i ? { ...v, result: worse } : v));
        if (combinePanel(votes, policy).value !== YES)
          expect(combinePanel(changed, policy).value).not.toBe(YES);
        // And a block anywhere stays one.
        if (worse.value === NO) expect(combinePanel(changed, policy).value).toBe(NO);
      }),
      RUNS,
    );
  });

  it("is the single reviewer itself for a panel of one", () => {
    fc.assert(
      fc.property(resultArb, fc.constantFrom(...WORDS), (result, verdict) => {
        const vote = { label: "solo", result, verdict };
        for (const policy of [UNANIMOUS, { kind: "quorum", k: 1 } as const]) {
          expect(combinePanel([vote], policy)).toBe(result);
          expect(panelVerdict([vote], policy)).toBe(verdict);
        }
      }),
      RUNS,
    );
  });

  it("attributes every reason, need and dependency to a reviewer of the panel", () => {
    fc.assert(
      fc.property(panelArb, ({ votes, policy }) => {
        if (votes.length < 2) return;
        const result = combinePanel(votes, policy);
        const labels = votes.map((v) => `[${v.label}] `);
        const own = (t: string) => labels.some((l) => t.startsWith(l));
        for (const t of [...result.reasons, ...result.dependencies]) expect(own(t)).toBe(true);
        // The one text that is the panel's own: why a quorum was not met.
        for (const t of result.needed)
          expect(own(t) || t.startsWith("the panel's quorum was not met")).toBe(true);
      }),
      RUNS,
    );
  });

  it("says REQUEST_CHANGES whenever a reviewer did, and APPROVE only on enough APPROVE words", () => {
    fc.assert(
      fc.property(panelArb, ({ votes, policy }) => {
        const word = panelVerdict(votes, policy);
        const words = votes.map((v) => v.verdict);
        if (words.includes("REQUEST_CHANGES")) expect(word).toBe("REQUEST_CHANGES");
        if (word === "APPROVE") {
          const needed = policy.kind === "unanimous" ? votes.length : policy.k;
          expect(words.filter((w) => w === "APPROVE").length).toBeGreaterThanOrEqual(needed);
        }
      }),
      RUNS,
    );
  });

  it("holds an empty panel", () => {
    expect(combinePanel([], UNANIMOUS).value).toBe(MAYBE);
    expect(panelVerdict([], UNANIMOUS)).toBe("NONE");
  });

  it("holds a missed quorum, saying how many approved and how many were needed", () => {
    const votes: PanelVote[] = [
      { label: "alpha", result: yes(), verdict: "APPROVE" },
      { label: "beta", result: maybe("the reviewer failed (timeout): no reply"), verdict: "ERROR" },
      { label: "gamma", result: maybe("no verdict"), verdict: "NONE" },
    ];
    const result = combinePanel(votes, { kind: "quorum", k: 2 });
    expect(result.value).toBe(MAYBE);
    expect(result.needed[0]).toBe(
      "the panel's quorum was not met: 1 of 3 reviewers approved all of the diff, 2 needed",
    );
    expect(result.needed).toContain("[beta] the reviewer failed (timeout): no reply");
    expect(combinePanel(votes, { kind: "quorum", k: 1 }).value).toBe(YES);
  });
});

describe("panel-policy", () => {
  it("reads unanimous and quorum:K, K from 1 to the number of reviewers", () => {
    expect(parsePolicy("unanimous", 2)).toEqual(UNANIMOUS);
    expect(parsePolicy("", 2)).toEqual(UNANIMOUS);
    expect(parsePolicy("quorum:2", 3)).toEqual({ kind: "quorum", k: 2 });
    expect(parsePolicy("quorum:0", 3)).toEqual({ error: expect.stringMatching(/K from 1 to .*\(3\)/) });
    expect(parsePolicy("quorum:4", 3)).toEqual({ error: expect.stringMatching(/never be met/) });
    expect(parsePolicy("majority", 3)).toEqual({ error: expect.stringMatching(/unanimous or quorum:K/) });
    expect(parsePolicy("quorum:-1", 3)).toHaveProperty("error");
  });
});
