// Incremental rounds through the reviewer part: a file's verdict is reused only under the same key
// (path, patch text, conditions), an approve covers its chunk, a block stands for the files it names
// (or its whole chunk), and a hold, an error or a cut-off reply is asked again. Adversarial cases
// first, then a property over arbitrary diffs and answers.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DiffFile } from "../../src/diff/types.js";
import { fileTokens, planReview } from "../../src/review/plan.js";
import { incrementalFor } from "../../src/reviewer-stage/file-reuse.js";
import { emptyHistory } from "../../src/verdict/history.js";
import { files as arbitraryFiles, diffOf, file } from "../review/diff-fixtures.js";
import { type Answer, oneByteMore, type RoundState, reviewRound, scripted } from "./reuse-support.js";

const A = file({ path: "src/a.ts", adds: 3 });
const B = file({ path: "src/b.ts", adds: 2 });
const C = file({ path: "src/c.ts", adds: 4 });
const EMPTY: RoundState = { texts: new Map() };
const approveAll = () => scripted(() => ({ kind: "approve" }));

describe("per-file reuse across rounds", () => {
  it("sends only the changed file in round 2, and approves on the whole diff", async () => {
    const r1 = await reviewRound({ files: [A, B, C], reviewer: approveAll(), state: EMPTY, round: 1 });
    expect(r1.outcome.part.result.value).toBe("YES");
    const reviewer = approveAll();
    const A2 = oneByteMore(A);
    const r2 = await reviewRound({ files: [A2, B, C], reviewer, state: r1.state, round: 2 });
    expect(reviewer.sent).toHaveLength(1);
    expect(reviewer.sent[0]).toContain("diff --git a/src/a.ts");
    expect(reviewer.sent[0]).not.toContain("src/b.ts");
    expect(r2.outcome.part.result.value).toBe("YES");
    expect(r2.outcome.coverage.complete).toBe(true);
    expect(r2.outcome.reusedFiles).toEqual({
      files: 2,
      byRound: [{ round: 1, files: 2 }],
      asked: 1,
      chunksPlanned: 1,
      chunksReused: 0,
    });
    // Round 3 with nothing changed since round 2: no call, and each file keeps the round that asked.
    const third = approveAll();
    const r3 = await reviewRound({ files: [A2, B, C], reviewer: third, state: r2.state, round: 3 });
    expect(third.sent).toEqual([]);
    expect(r3.outcome.reusedFiles?.byRound).toEqual([
      { round: 1, files: 2 },
      { round: 2, files: 1 },
    ]);
    expect(r3.outcome.part.result.value).toBe("YES");
  });

  it("asks again about a file whose patch changed by one byte", async () => {
    const r1 = await reviewRound({ files: [A], reviewer: approveAll(), state: EMPTY, round: 1 });
    const reviewer = approveAll();
    await reviewRound({ files: [oneByteMore(A)], reviewer, state: r1.state, round: 2 });
    expect(reviewer.sent).toHaveLength(1);
  });

  it("asks again about a renamed file, even with the same hunks", async () => {
    const r1 = await reviewRound({ files: [A], reviewer: approveAll(), state: EMPTY, round: 1 });
    const reviewer = approveAll();
    const renamed: DiffFile = { ...A, path: "src/renamed.ts", previousPath: "src/a.ts", status: "renamed" };
    await reviewRound({ files: [renamed], reviewer, state: r1.state, round: 2 });
    expect(reviewer.sent).toHaveLength(1);
    // The same patch text under another status (the key covers it too).
    const again = approveAll();
    await reviewRound({ files: [{ ...A, status: "added" }], reviewer: again, state: r1.state, round: 2 });
    expect(again.sent).toHaveLength(1);
  });

  it("asks again about everything under other conditions (a contract, a model)", async () => {
    const r1 = await reviewRound({ files: [A, B], reviewer: approveAll(), state: EMPTY, round: 1 });
    const reviewer = approveAll();
    await reviewRound({ files: [A, B], reviewer, state: r1.state, round: 2, conditions: "d".repeat(64) });
    expect(reviewer.sent).toHaveLength(1);
    expect(reviewer.sent[0]).toContain("src/b.ts");
  });

  it("keeps an unchanged file's block standing, without a call, until the file changes", async () => {
    const blockB = scripted(() => ({ kind: "block", lines: ["src/b.ts:1 — the value is never checked"] }));
    const r1 = await reviewRound({ files: [A, B], reviewer: blockB, state: EMPTY, round: 1 });
    expect(r1.outcome.part.result.value).toBe("NO");
    // A changed; B unchanged: A asked again (the block named only B), B's block stands.
    const reviewer = approveAll();
    const r2 = await reviewRound({ files: [oneByteMore(A), B], reviewer, state: r1.state, round: 2 });
    expect(reviewer.sent).toHaveLength(1);
    expect(reviewer.sent[0]).not.toContain("src/b.ts");
    expect(r2.outcome.part.result.value).toBe("NO");
    expect(r2.outcome.part.result.reasons).toEqual(["src/b.ts:1 — the value is never checked"]);
    expect(r2.outcome.verdict).toBe("REQUEST_CHANGES");
    // Nothing changed at all: still blocked, still no call.
    const none = approveAll();
    const r3 = await reviewRound({ files: [oneByteMore(A), B], reviewer: none, state: r2.state, round: 3 });
    expect(none.sent).toEqual([]);
    expect(r3.outcome.part.result.value).toBe("NO");
    // B changes: asked, approved.
    const last = approveAll();
    const r4 = await reviewRound({
      files: [oneByteMore(A), oneByteMore(B)],
      reviewer: last,
      state: r3.state,
      round: 4,
    });
    expect(last.sent).toHaveLength(1);
    expect(last.sent[0]).toContain("src/b.ts");
    expect(r4.outcome.part.result.value).toBe("YES");
  });

  it("lets a block whose reason names another file stand for its whole chunk", async () => {
    const blockElsewhere = scripted(() => ({
      kind: "block",
      lines: ["src/elsewhere.ts:9 — this breaks the caller"],
    }));
    const r1 = await reviewRound({ files: [A, B], reviewer: blockElsewhere, state: EMPTY, round: 1 });
    const reviewer = approveAll();
    const r2 = await reviewRound({ files: [A, B], reviewer, state: r1.state, round: 2 });
    expect(reviewer.sent).toEqual([]);
    expect(r2.outcome.part.result.value).toBe("NO");
    expect(r2.outcome.part.result.reasons).toEqual(["src/elsewhere.ts:9 — this breaks the caller"]);
    // Changing one of the two leaves the other's block.
    const again = approveAll();
    const r3 = await reviewRound({ files: [oneByteMore(A), B], reviewer: again, state: r2.state, round: 3 });
    expect(again.sent).toHaveLength(1);
    expect(r3.outcome.part.result.value).toBe("NO");
  });

  it("lets a block with no location stand for its whole chunk", async () => {
    const vague = scripted(() => ({ kind: "block", lines: ["the error handling is wrong throughout"] }));
    const r1 = await reviewRound({ files: [A, B], reviewer: vague, state: EMPTY, round: 1 });
    expect(r1.state.files?.blocked).toHaveLength(2);
  });

  it("asks again about a chunk whose reply was cut off, timed out or held", async () => {
    for (const answer of [
      { kind: "fail", failure: "truncated" },
      { kind: "fail", failure: "timeout" },
      { kind: "ambiguous" },
    ] as Answer[]) {
      const r1 = await reviewRound({
        files: [A, B],
        reviewer: scripted(() => answer),
        state: EMPTY,
        round: 1,
      });
      expect(r1.outcome.part.result.value).toBe("MAYBE");
      expect(r1.state.files).toEqual({ approved: [], blocked: [] });
      const reviewer = approveAll();
      const r2 = await reviewRound({ files: [A, B], reviewer, state: r1.state, round: 2 });
      expect(reviewer.sent).toHaveLength(1);
      expect(r2.outcome.part.result.value).toBe("YES");
    }
  });

  it("keeps the approve of a chunk that was answered when another chunk was cut off", async () => {
    // Three chunks of one file each: the budget fits one file and no more.
    const [X, Y, Z] = ["src/x.ts", "src/y.ts", "src/z.ts"].map((path) => file({ path, adds: 3 })) as [
      DiffFile,
      DiffFile,
      DiffFile,
    ];
    const budget = fileTokens(X) + 1;
    const split = scripted((call) =>
      call === 0 ? { kind: "approve" } : { kind: "fail", failure: "truncated" },
    );
    const r1 = await reviewRound({
      files: [X, Y, Z],
      reviewer: split,
      state: EMPTY,
      round: 1,
      maxDiffTokens: budget,
    });
    expect(split.sent).toHaveLength(3);
    expect(r1.outcome.coverage.complete).toBe(false);
    expect(r1.outcome.part.result.value).toBe("MAYBE");
    const reviewer = approveAll();
    const r2 = await reviewRound({
      files: [X, Y, Z],
      reviewer,
      state: r1.state,
      round: 2,
      maxDiffTokens: budget,
    });
    expect(reviewer.sent).toHaveLength(2);
    expect(reviewer.sent.join("\n")).not.toContain("src/x.ts");
    expect(r2.outcome.part.result.value).toBe("YES");
    expect(r2.outcome.coverage.complete).toBe(true);
  });

  it("asks about everything again under force-review", async () => {
    const r1 = await reviewRound({ files: [A, B], reviewer: approveAll(), state: EMPTY, round: 1 });
    const reviewer = approveAll();
    const r2 = await reviewRound({ files: [A, B], reviewer, state: r1.state, round: 2, force: true });
    expect(reviewer.sent).toHaveLength(1);
    expect(reviewer.sent[0]).toContain("src/a.ts");
    expect(reviewer.sent[0]).toContain("src/b.ts");
    expect(r2.outcome.reusedFiles).toBeUndefined();
  });
});

describe("max-round-tokens", () => {
  it("holds before any call when the round needs more, naming the estimate and the limit", async () => {
    const reviewer = approveAll();
    const r1 = await reviewRound({ files: [A, B], reviewer, state: EMPTY, round: 1, maxRoundTokens: 100 });
    expect(reviewer.sent).toEqual([]);
    expect(r1.outcome.part.result.value).toBe("MAYBE");
    expect(r1.outcome.part.result.needed[0]).toMatch(
      /^the round needs about [\d,]+ prompt tokens \(estimated, 1 call\), over `max-round-tokens` \(100\): no reviewer call was made/,
    );
    expect(r1.outcome.verdict).toBe("SKIPPED");
    expect(r1.outcome.coverage.complete).toBe(false);
  });

  it("counts only what is sent: a round that reuses most files fits a budget the first did not", async () => {
    const many = Array.from({ length: 30 }, (_, i) => file({ path: `src/m${i}.ts`, adds: 20, width: 60 }));
    const r1 = await reviewRound({ files: many, reviewer: approveAll(), state: EMPTY, round: 1 });
    const needed = r1.outcome.estimatedTokens;
    const reviewer = approveAll();
    const changed = [oneByteMore(many[0] as DiffFile), ...many.slice(1)];
    const r2 = await reviewRound({
      files: changed,
      reviewer,
      state: r1.state,
      round: 2,
      maxRoundTokens: Math.floor(needed / 2),
    });
    expect(reviewer.sent).toHaveLength(1);
    expect(r2.outcome.part.result.value).toBe("YES");
    expect(r2.outcome.estimatedTokens).toBeLessThan(needed / 2);
  });
});

describe("the conditions a file's verdict is keyed under", () => {
  const conditions = (over: {
    settings?: string;
    contract?: string;
    label?: string;
    base?: Parameters<typeof incrementalFor>[0]["base"];
  }) =>
    incrementalFor({
      history: emptyHistory(7, "verdict-gate"),
      binding: {
        base: "b".repeat(40),
        contract: over.contract ?? "e".repeat(64),
        settings: over.settings ?? "5".repeat(64),
      },
      reviewer: over.label ?? "openai gpt-test",
      base: over.base ?? { includePrDescription: false },
      round: 2,
      force: false,
    }).conditions;

  it("changes with the contract, the model, the task, the instructions and the criteria shown", () => {
    const plain = conditions({});
    expect(plain.approve).not.toBe(plain.block);
    expect(conditions({})).toEqual(plain);
    expect(conditions({ contract: "f".repeat(64) }).block).not.toBe(plain.block);
    // The settings fingerprint (binding.ts) changes with the model, the endpoint, include/exclude…
    expect(conditions({ settings: "6".repeat(64) }).block).not.toBe(plain.block);
    expect(conditions({ label: "openai gpt-other" }).block).not.toBe(plain.block);
    expect(conditions({ base: { includePrDescription: false, instructions: "Be strict." } }).block).not.toBe(
      plain.block,
    );
    expect(
      conditions({ base: { includePrDescription: true, authorClaims: { title: "t", body: "b" } } }).block,
    ).not.toBe(plain.block);
    expect(
      conditions({ base: { includePrDescription: false, task: "Review for security." } }).block,
    ).not.toBe(plain.block);
    expect(
      conditions({
        base: {
          includePrDescription: false,
          conditions: { intendedAction: "Add a refund", criteria: [{ id: "x", description: "y" }] },
        },
      }).block,
    ).not.toBe(plain.block);
  });

  it("keeps a block's conditions whatever earlier reasons or withheld names are shown; an approve's change with the withheld names", () => {
    const plain = conditions({});
    const reasons = conditions({
      base: { includePrDescription: false, earlierReasons: [{ round: 1, reason: "src/a.ts:1 — bad" }] },
    });
    // Earlier reasons enter an approve's key file by file (keys.ts fileKeys), not the conditions.
    expect(reasons.block).toBe(plain.block);
    expect(reasons.approve).toBe(plain.approve);
    expect(reasons.earlier).toEqual([{ round: 1, reason: "src/a.ts:1 — bad" }]);
    const withheld = conditions({
      base: { includePrDescription: false, withheld: [{ path: "package-lock.json", why: "x" }] },
    });
    expect(withheld.block).toBe(plain.block);
    expect(withheld.approve).not.toBe(plain.approve);
  });
});

/** Arbitrary answers for round 1's calls. */
const answers = fc.array(
  fc.oneof(
    fc.constant<Answer>({ kind: "approve" }),
    fc.constant<Answer>({ kind: "ambiguous" }),
    fc.constant<Answer>({ kind: "fail", failure: "truncated" }),
    fc.constant<Answer>({ kind: "block", lines: ["the design is wrong"] }),
    fc.constant<Answer>({ kind: "block", lines: ["FIRST — named"] }),
    fc.constant<Answer>({ kind: "block", lines: ["elsewhere/x.ts:3 — another file"] }),
  ),
  { minLength: 1, maxLength: 8 },
);

describe("no file counts as reviewed unless its key matched (property)", () => {
  it("holds for any diff, any changes between rounds and any answers", async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitraryFiles,
        fc.array(fc.boolean(), { maxLength: 25 }),
        answers,
        fc.integer({ min: 50, max: 2_000 }),
        async (files, changedMask, script, budget) => {
          // Round 1: the scripted answers, each BLOCKING "FIRST" line naming the chunk's first file.
          const r1Answers = new Map<string, Answer["kind"]>();
          const r1Reviewer = scripted((call, diff) => {
            let a = script[call % script.length] as Answer;
            if (a.kind === "block" && a.lines[0] === "FIRST — named") {
              const first = /^diff --git a\/\S+ b\/(\S+)/.exec(diff)?.[1] ?? "x";
              a = { kind: "block", lines: [`${first}:1 — named`] };
            }
            for (const f of files) if (diff.includes(f.patch)) r1Answers.set(f.path, a.kind);
            return a;
          });
          const r1 = await reviewRound({
            files,
            reviewer: r1Reviewer,
            state: EMPTY,
            round: 1,
            maxDiffTokens: budget,
          });
          const changed = files.map((f, i) => (changedMask[i] === true ? oneByteMore(f) : f));
          const r2Reviewer = approveAll();
          const r2 = await reviewRound({
            files: changed,
            reviewer: r2Reviewer,
            state: r1.state,
            round: 2,
            maxDiffTokens: budget,
          });
          const sent2 = r2Reviewer.sent.join("\n");
          const reviewable = planReview(diffOf(changed), { maxDiffTokens: budget }).chunks.flatMap(
            (c) => c.files,
          );
          const notSent = reviewable.filter((f) => !sent2.includes(f.patch));
          // Every file not sent in round 2 was reused: unchanged since round 1, and round 1 answered it
          // with an approve or a block (never a hold or a failure).
          for (const f of notSent) {
            const i = changed.indexOf(f);
            expect(changedMask[i] === true).toBe(false);
            expect(["approve", "block"]).toContain(r1Answers.get(f.path));
          }
          expect(r2.outcome.reusedFiles?.files ?? 0).toBe(notSent.length);
          // A file counts as reviewed in round 2 exactly when it was sent (and answered: this reviewer
          // always answers) or reused under a matching key; nothing else.
          expect(r2.outcome.coverage.files.reviewed).toBe(reviewable.length);
          expect(r2.outcome.coverage.files.reviewed).toBe(
            reviewable.filter((f) => sent2.includes(f.patch)).length + notSent.length,
          );
          // Round 2 approves only when no reused file carries a block and all was seen.
          if (r2.outcome.part.result.value === "YES") {
            expect(r2.outcome.coverage.complete).toBe(true);
            expect(r2.state.files?.blocked ?? []).toEqual([]);
          }
          // A block that a reused file carries keeps the round from approving.
          if ((r2.state.files?.blocked.length ?? 0) > 0) expect(r2.outcome.part.result.value).not.toBe("YES");
        },
      ),
      { numRuns: 60 },
    );
  });
});
