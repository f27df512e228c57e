// What eval --reach measures of the prompts a case's round would send (src/eval/reach.ts): an evidence
// text counts as shown only when one call shows it whole, and the context's precision — of the context
// lines the calls show, the share that hold the case's evidence or a name the change defines or calls —
// with what its tokens go to, by the kind each block's heading names.
import { describe, expect, it } from "vitest";
import type { ContextKind, ContextMaterial } from "../../src/context/material.js";
import { namesDefinedOrCalled } from "../../src/context/names.js";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import { contextSpent, missingEvidence } from "../../src/eval/reach.js";
import { buildPrompt, contextKindOf } from "../../src/review/prompt.js";
import { contextBlocksOf } from "../../src/review/shown.js";

const DIFF = parseUnifiedDiff(
  [
    "diff --git a/src/a.ts b/src/a.ts",
    "--- a/src/a.ts",
    "+++ b/src/a.ts",
    "@@ -1,2 +1,2 @@",
    " first();",
    "-second();",
    "+const total = priceOf(item);",
    "diff --git a/src/b.ts b/src/b.ts",
    "--- a/src/b.ts",
    "+++ b/src/b.ts",
    "@@ -4,2 +4,2 @@",
    "-old();",
    "+fourth();",
    " fifth();",
    "",
  ].join("\n"),
).files;

const EVIDENCE_ACROSS = [{ path: "src/a.ts", text: "const total = priceOf(item);\nthird();\n" }];

describe("evidence is shown when one call shows it whole", () => {
  it("not when its lines are split over two calls", () => {
    // One call shows a.ts, another b.ts; a context block in the second holds a.ts's line 3 only.
    const material: ContextMaterial = {
      mode: "auto",
      files: [
        {
          file: "src/b.ts",
          candidates: [{ kind: "caller", path: "src/a.ts", from: 3, lines: ["third();"], name: "x" }],
        },
      ],
    };
    const first = buildPrompt({ files: [DIFF[0] as never] });
    const second = buildPrompt({ files: [DIFF[1] as never], context: material, promptLimit: 100_000 });
    const whole = [{ path: "src/a.ts", text: "first();\nconst total = priceOf(item);\n" }];
    expect(missingEvidence(whole, [[first, second]])).toEqual([]);
    // Lines 2 and 3 of a.ts: line 2 in the first call, line 3 in the second's context: seen by no call.
    expect(missingEvidence(EVIDENCE_ACROSS, [[first, second]])).toEqual(EVIDENCE_ACROSS);
    // One call that shows both lines shows it.
    const both = buildPrompt({
      files: [DIFF[0] as never],
      context: {
        mode: "auto",
        files: [{ file: "src/a.ts", candidates: material.files[0]?.candidates ?? [] }],
      },
      promptLimit: 100_000,
    });
    expect(missingEvidence(EVIDENCE_ACROSS, [[first, second, both]])).toEqual([]);
  });
});

describe("the context's precision", () => {
  const material: ContextMaterial = {
    mode: "auto",
    files: [
      {
        file: "src/a.ts",
        candidates: [
          {
            kind: "definition",
            path: "src/price.ts",
            from: 10,
            lines: ["export function priceOf(item) {", "  return 1;", "}"],
            name: "priceOf",
          },
          {
            kind: "caller",
            path: "src/c.ts",
            from: 1,
            lines: ["// unrelated", "const x = 1;", "const total = priceOf(item);"],
            name: "t",
          },
        ],
      },
    ],
  };
  const prompt = buildPrompt({ files: [DIFF[0] as never], context: material, promptLimit: 100_000 });

  it("counts each context line a call shows, relevant when it names what the change defines or calls or holds its evidence", () => {
    const spent = contextSpent([prompt], DIFF, [{ path: "src/c.ts", text: "// unrelated\n" }]);
    // priceOf is called by the added line, and `total` is a name it defines; "// unrelated" is the
    // evidence here; `return 1;`, `}` and `const x = 1;` are none of these.
    expect(spent.lines).toBe(6);
    expect(spent.blocks).toBe(2);
    expect(spent.by_kind.definition).toMatchObject({ blocks: 1, lines: 3, relevant: 1 });
    expect(spent.by_kind.caller).toMatchObject({ blocks: 1, lines: 3, relevant: 2 });
    expect(spent.relevant).toBe(3);
    expect(spent.tokens).toBe((spent.by_kind.definition?.tokens ?? 0) + (spent.by_kind.caller?.tokens ?? 0));
    expect(spent.tokens).toBeGreaterThan(0);
    expect(contextSpent([buildPrompt({ files: [DIFF[0] as never] })], DIFF, [])).toEqual({
      blocks: 0,
      lines: 0,
      relevant: 0,
      tokens: 0,
      by_kind: {},
    });
  });

  it("reads every kind back from the heading the prompt writes", () => {
    const kinds: ContextKind[] = ["file", "enclosing", "definition", "declaration", "caller", "use"];
    const withKinds: ContextMaterial = {
      mode: "auto",
      files: [
        {
          file: "src/a.ts",
          candidates: kinds.map((kind, i) => ({
            kind,
            path: `src/k${i}.ts`,
            from: 1,
            lines: [`line ${i}`],
            name: "aName",
          })),
        },
      ],
    };
    const shown = contextBlocksOf(
      buildPrompt({
        files: [DIFF[0] as never],
        context: withKinds,
        promptLimit: 100_000,
        otherFiles: [{ path: "src/k1.ts", verdict: "approved", round: 1 }],
      }),
    );
    expect(shown.map((b) => b.kind).sort()).toEqual([...kinds].sort());
    expect(contextKindOf("a use")).toBe("caller");
    expect(contextKindOf("a use of `x` (another changed file, not shown here)")).toBe("caller");
    expect(contextKindOf("another use of the state `x`")).toBe("use");
    expect(contextKindOf("a use of something")).toBeUndefined();
  });
});

describe("the names a change defines or calls", () => {
  it("are those its changed lines define or call, and the definition a hunk sits in as its header names it", () => {
    const files = parseUnifiedDiff(
      [
        "diff --git a/src/a.go b/src/a.go",
        "--- a/src/a.go",
        "+++ b/src/a.go",
        "@@ -10,2 +10,2 @@ func (h *msghdr) pack(vs []iovec) {",
        "-\th.setIov(vs)",
        "+\th.setControl(vs)",
        "",
      ].join("\n"),
    ).files;
    expect([...namesDefinedOrCalled(files)].sort()).toEqual(["pack", "setControl", "setIov"]);
  });
});
