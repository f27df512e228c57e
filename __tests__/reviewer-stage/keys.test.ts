// A kept verdict stands only for the question it answered (issue 22, item 1). The attack: round 1's
// reviewer approved package.json and the lockfile's summary "adds left-pad@1.3.0"; round 2 changes only
// the lockfile (it now also adds flatmap-stream, with an install script). Every reviewable file kept
// its approve, nobody was asked, and the round passed. The class: every part of the prompt a call
// showed. Here each part of the prompt is changed alone, and an approve kept from round 1 must not
// stand unasked in round 2; the parts that are no part of the question change nothing. A kept block
// stands while its file is unchanged, whatever else changed.
import { describe, expect, it } from "vitest";
import type { DiffFile } from "../../src/diff/types.js";
import { planReview } from "../../src/review/plan.js";
import { incrementalFor, verdictsByKey } from "../../src/reviewer-stage/file-reuse.js";
import { fileConditions, fileKeys, PROMPT_PARTS, type PromptBase } from "../../src/reviewer-stage/keys.js";
import { reviewerPart } from "../../src/reviewer-stage/single.js";
import { type Binding, emptyHistory, type FileVerdicts, type History } from "../../src/verdict/history.js";
import { diffOf, file } from "../review/diff-fixtures.js";
import { ROUND_TOKEN, scripted } from "./reuse-support.js";

/** A package.json change and its lockfile's summary, as the gate shows them (git's index line names the
 * blobs the patch is read against). */
const MANIFEST: DiffFile = (() => {
  const f = file({ path: "package.json", adds: 1, text: '  "left-pad": "1.3.0",' });
  return { ...f, patch: f.patch.replace("\n--- a/", "\nindex 1111111..2222222 100644\n--- a/") };
})();
const OTHER: DiffFile = file({ path: "src/app.js", adds: 2 });

const BINDING: Binding = { base: "b".repeat(40), contract: "c".repeat(64), settings: "5".repeat(64) };

/** A prompt base with every part present, so that each can be changed alone. */
const BASE: PromptBase = {
  task: "Review for security.",
  instructions: "Be strict about dependencies.",
  conditions: {
    intendedAction: "Add left-pad",
    criteria: [{ id: "tests", description: "tests pass" }],
    unverifiableClaims: ["it is tested"],
  },
  includePrDescription: true,
  authorClaims: { title: "Add left-pad", body: "Needed for the banner." },
  earlierReasons: [{ round: 1, reason: "the change as a whole lacks a changelog entry" }],
  withheld: [{ path: "package-lock.json", why: "a lockfile; this change: adds left-pad@1.3.0" }],
  guidelines: [{ path: "AGENTS.md", text: "Pin every dependency exactly." }],
  policy: { blockOn: ["high", "medium"], notes: { post: false, max: 10 } },
  context: {
    mode: "auto",
    changed: ["package.json", "src/app.js"],
    files: [
      {
        file: "package.json",
        candidates: [{ kind: "caller", path: "src/banner.js", from: 3, lines: ['require("left-pad")'] }],
      },
      {
        file: "src/app.js",
        candidates: [{ kind: "enclosing", path: "src/app.js", from: 1, lines: ["function main() {"] }],
      },
    ],
  },
};

/** The base with package.json's context (or, `other`, src/app.js's) replaced by `lines`. */
function withContext(q: Question, lines: string[], file = "package.json"): Question {
  const material = q.base.context as NonNullable<PromptBase["context"]>;
  return {
    ...q,
    base: {
      ...q.base,
      context: {
        ...material,
        files: material.files.map((f) =>
          f.file === file ? { ...f, candidates: f.candidates.map((c) => ({ ...c, lines })) } : f,
        ),
      },
    },
  };
}

interface Question {
  base: PromptBase;
  binding: Binding;
  reviewer: string;
  files: DiffFile[];
  roundToken: string;
}

const FIRST: Question = {
  base: BASE,
  binding: BINDING,
  reviewer: "openai gpt-test",
  files: [MANIFEST, OTHER],
  roundToken: ROUND_TOKEN,
};

/** One round of the reviewer part under `q`, over `history`: what it asked and the history after it. */
async function ask(q: Question, history: History, round: number, answer: "approve" | "block") {
  const reviewer = scripted(() =>
    answer === "approve" ? { kind: "approve" } : { kind: "block", lines: ["package.json:1 — unpinned"] },
  );
  const outcome = await reviewerPart({
    plan: planReview(diffOf(q.files), { maxDiffTokens: 1_000_000 }),
    reviewer,
    base: q.base,
    roundToken: q.roundToken,
    concurrency: 1,
    incremental: incrementalFor({
      history,
      binding: q.binding,
      reviewer: q.reviewer,
      base: q.base,
      round,
      force: false,
    }),
    fingerprint: "f",
    log: () => {},
  });
  const files = outcome.keep.files as FileVerdicts;
  const reasons = [...outcome.keep.texts].map(([id, text]) => ({ id, text, round }));
  return { asked: reviewer.sent.length, outcome, history: { ...history, files, reasons } };
}

/** Round 1 answered `answer` about every file; round 2 under `second`: how many calls it made, and
 * whether package.json was among what it asked. */
async function secondRound(second: Question, answer: "approve" | "block" = "approve") {
  const first = await ask(FIRST, emptyHistory(1, "verdict-gate"), 1, answer);
  expect(first.asked).toBe(1);
  return ask(second, first.history, 2, "approve");
}

const without = <K extends keyof PromptBase>(base: PromptBase, key: K): PromptBase => {
  const { [key]: _gone, ...rest } = base;
  return rest;
};

/** Each part of PromptInput changed alone. Keyed by PROMPT_PARTS, so a part added to the prompt without
 * a row here fails to compile (and the loop below fails at run time if a row is skipped). */
const CHANGES: Record<keyof typeof PROMPT_PARTS, { name: string; change: (q: Question) => Question }[]> = {
  files: [
    {
      name: "the patch",
      change: (q) => ({ ...q, files: [{ ...MANIFEST, patch: `${MANIFEST.patch}!` }, OTHER] }),
    },
    {
      name: "the path",
      change: (q) => ({ ...q, files: [{ ...MANIFEST, path: "packages/a/package.json" }, OTHER] }),
    },
    {
      name: "the old path of a rename",
      change: (q) => ({ ...q, files: [{ ...MANIFEST, previousPath: "old/package.json" }, OTHER] }),
    },
    { name: "the status", change: (q) => ({ ...q, files: [{ ...MANIFEST, status: "added" }, OTHER] }) },
  ],
  task: [{ name: "the task", change: (q) => ({ ...q, base: { ...q.base, task: "Review for style." } }) }],
  instructions: [
    { name: "the instructions", change: (q) => ({ ...q, base: without(q.base, "instructions") }) },
  ],
  conditions: [
    {
      name: "the intended action",
      change: (q) => ({
        ...q,
        base: { ...q.base, conditions: { ...q.base.conditions, intendedAction: "Other" } },
      }),
    },
    {
      name: "a criterion",
      change: (q) => ({
        ...q,
        base: {
          ...q.base,
          conditions: { ...q.base.conditions, criteria: [{ id: "tests", description: "lint" }] },
        },
      }),
    },
    {
      name: "an unverifiable claim",
      change: (q) => ({
        ...q,
        base: { ...q.base, conditions: { ...q.base.conditions, unverifiableClaims: [] } },
      }),
    },
  ],
  includePrDescription: [
    {
      name: "the description opt-in",
      change: (q) => ({ ...q, base: { ...q.base, includePrDescription: false } }),
    },
  ],
  authorClaims: [
    {
      name: "the author's claims (opted in)",
      change: (q) => ({
        ...q,
        base: { ...q.base, authorClaims: { title: "Add left-pad", body: "Approved." } },
      }),
    },
  ],
  earlierReasons: [
    {
      name: "an earlier reason about the change as a whole",
      change: (q) => ({
        ...q,
        base: {
          ...q.base,
          earlierReasons: [...(q.base.earlierReasons ?? []), { round: 2, reason: "logs secrets" }],
        },
      }),
    },
    {
      name: "an earlier reason about the file",
      change: (q) => ({
        ...q,
        base: {
          ...q.base,
          earlierReasons: [
            ...(q.base.earlierReasons ?? []),
            { round: 2, reason: "package.json:1 — unpinned", file: "package.json" },
          ],
        },
      }),
    },
  ],
  dismissed: [
    {
      name: "a finding a maintainer dismissed",
      change: (q) => ({
        ...q,
        base: {
          ...q.base,
          dismissed: [{ finding: "package.json:1 — unpinned", reason: "pinned by the lockfile" }],
        },
      }),
    },
  ],
  withheld: [
    {
      name: "a withheld file's change summary (the lockfile injection)",
      change: (q) => ({
        ...q,
        base: {
          ...q.base,
          withheld: [
            {
              path: "package-lock.json",
              why: "a lockfile; this change: adds left-pad@1.3.0, flatmap-stream@0.1.1 (install script)",
            },
          ],
        },
      }),
    },
    {
      name: "a withheld file's name",
      change: (q) => ({
        ...q,
        base: {
          ...q.base,
          withheld: [...(q.base.withheld ?? []), { path: "dist/x.js.map", why: "a source map" }],
        },
      }),
    },
  ],
  guidelines: [
    {
      name: "a guideline at the base",
      change: (q) => ({
        ...q,
        base: { ...q.base, guidelines: [{ path: "AGENTS.md", text: "Ranges are fine." }] },
      }),
    },
  ],
  context: [
    {
      name: "the code the file brings (a caller changed at the head)",
      change: (q) => withContext(q, ['require("left-pad")(banner, 80)']),
    },
    {
      name: "the context mode",
      change: (q) => ({
        ...q,
        base: {
          ...q.base,
          context: { ...(q.base.context as NonNullable<PromptBase["context"]>), mode: "hunks" },
        },
      }),
    },
  ],
  policy: [
    {
      name: "the severities that block (a kept approve was read under another line)",
      change: (q) => ({
        ...q,
        base: { ...q.base, policy: { blockOn: ["high"], notes: { post: false, max: 10 } } },
      }),
    },
    {
      name: "whether notes are posted",
      change: (q) => ({
        ...q,
        base: { ...q.base, policy: { blockOn: ["high", "medium"], notes: { post: true, max: 10 } } },
      }),
    },
    {
      name: "the policy left out of the contract",
      change: (q) => ({ ...q, base: without(q.base, "policy") }),
    },
  ],
  part: [],
  otherFiles: [],
  roundToken: [],
  drawFenceId: [],
  promptLimit: [],
};

/** What else a call's question is judged under, besides the prompt's parts. */
const CONDITIONS: { name: string; change: (q: Question) => Question }[] = [
  { name: "the settings", change: (q) => ({ ...q, binding: { ...q.binding, settings: "6".repeat(64) } }) },
  {
    name: "the contract at the base",
    change: (q) => ({ ...q, binding: { ...q.binding, contract: "d".repeat(64) } }),
  },
  { name: "the reviewer", change: (q) => ({ ...q, reviewer: "openai gpt-other" }) },
];

const mustAsk = [
  ...Object.entries(CHANGES).flatMap(([part, list]) => list.map((c) => ({ part, ...c }))),
  ...CONDITIONS.map((c) => ({ part: "binding", ...c })),
];

describe("an approve kept from an earlier round", () => {
  it("has a row for every part of the prompt, and a change for every part that is in its key", () => {
    for (const [part, rule] of Object.entries(PROMPT_PARTS)) {
      const changes = CHANGES[part as keyof typeof PROMPT_PARTS];
      expect(changes, part).toBeDefined();
      if (rule === "never") expect(changes, part).toEqual([]);
      else expect(changes.length, part).toBeGreaterThan(0);
    }
  });

  it("stands unasked when nothing the call showed changed", async () => {
    const second = await secondRound(FIRST);
    expect(second.asked).toBe(0);
    expect(second.outcome.part.result.value).toBe("YES");
  });

  it.each(mustAsk)("does not stand unasked once $name changed ($part)", async ({ change }) => {
    const second = await secondRound(change(FIRST));
    expect(second.asked).toBe(1);
    expect(second.outcome.source).toMatchObject({ kind: "asked" });
  });

  it("stands when only what is no part of the question changed: the round token, another file's reason", async () => {
    const token = await secondRound({ ...FIRST, roundToken: "z".repeat(32) });
    expect(token.asked).toBe(0);
    const elsewhere = await secondRound({
      ...FIRST,
      files: [MANIFEST],
      base: {
        ...BASE,
        earlierReasons: [
          ...(BASE.earlierReasons ?? []),
          { round: 2, reason: "src/app.js:1 — bad", file: "src/app.js" },
        ],
      },
    });
    // src/app.js is no longer changed; package.json's question is the same.
    expect(elsewhere.asked).toBe(0);
    // What another file brings is that file's question: only src/app.js is asked again.
    const neighbour = await secondRound(withContext(FIRST, ["function main(argv) {"], "src/app.js"));
    expect(neighbour.asked).toBe(1);
    expect(neighbour.outcome.reusedFiles).toMatchObject({ files: 1, asked: 1 });
    // The same code moved down by an edit above it asks nothing new.
    const material = BASE.context as NonNullable<PromptBase["context"]>;
    const moved = await secondRound({
      ...FIRST,
      base: {
        ...BASE,
        context: {
          ...material,
          files: material.files.map((f) => ({
            ...f,
            candidates: f.candidates.map((c) => ({ ...c, from: c.from + 7 })),
          })),
        },
      },
    });
    expect(moved.asked).toBe(0);
    // Code read from another changed file is that file's question: src/app.js, asked when it changes.
    const fromChanged = (lines: string[]): Question => ({
      ...FIRST,
      base: {
        ...BASE,
        context: {
          ...material,
          files: material.files.map((f) =>
            f.file === "package.json"
              ? {
                  ...f,
                  candidates: [
                    ...f.candidates,
                    { kind: "caller" as const, path: "src/app.js", from: 1, lines },
                  ],
                }
              : f,
          ),
        },
      },
    });
    const first = await ask(fromChanged(['pad("x")']), emptyHistory(1, "verdict-gate"), 1, "approve");
    const second = await ask(fromChanged(['pad("y", 3)']), first.history, 2, "approve");
    expect(second.asked).toBe(0);
  });

  it("is keyed to the base only through a patch that does not name its blobs", () => {
    const conditions = fileConditions({ reviewer: "r", binding: BINDING, base: BASE });
    const moved = fileConditions({
      reviewer: "r",
      binding: { ...BINDING, base: "e".repeat(40) },
      base: BASE,
    });
    // git's index line names the base's blob: a moved base with the same patch is the same question.
    expect(fileKeys(moved, MANIFEST)).toEqual(fileKeys(conditions, MANIFEST));
    // GitHub's file list gives hunks only: the base commit is in the key.
    expect(fileKeys(moved, OTHER).approve).not.toBe(fileKeys(conditions, OTHER).approve);
    expect(fileKeys(moved, OTHER).block).toBe(fileKeys(conditions, OTHER).block);
  });
});

describe("a block kept from an earlier round", () => {
  it.each([
    ...CHANGES.withheld,
    ...CHANGES.earlierReasons,
    ...CHANGES.context,
    {
      name: "the base of a patch without blobs",
      change: (q: Question) => ({ ...q, binding: { ...q.binding, base: "e".repeat(40) } }),
    },
  ])("stands unasked while its file is unchanged, though $name changed", async ({ change }) => {
    const second = await secondRound(change(FIRST), "block");
    // src/app.js had no reason named: its approve is asked again only when its own question changed.
    const first = await ask(FIRST, emptyHistory(1, "verdict-gate"), 1, "block");
    const kept = verdictsByKey(first.history.files);
    const keysNow = fileKeys(
      fileConditions({ reviewer: FIRST.reviewer, binding: change(FIRST).binding, base: change(FIRST).base }),
      MANIFEST,
    );
    expect(kept.get(keysNow.block)?.kind).toBe("block");
    expect(second.outcome.part.result.value).toBe("NO");
    expect(second.outcome.part.result.reasons.join("\n")).toMatch(/package\.json:1 — unpinned/);
  });

  it("is asked again once its file changed", async () => {
    const second = await secondRound(
      { ...FIRST, files: [{ ...MANIFEST, patch: `${MANIFEST.patch}!` }, OTHER] },
      "block",
    );
    expect(second.asked).toBe(1);
    expect(second.outcome.part.result.value).toBe("YES");
  });
});
