// The set's check that each defect's evidence is in its head reads the head as --reach reads what a
// prompt showed (review/shown.ts): names compared in NFC, lines with whitespace at their end not counting.
import { describe, expect, it } from "vitest";
import type { EvalCase } from "../../src/eval/case-schema.js";
import { evidenceNotInHead } from "../../src/eval/evidence-in-head.js";
import { isShown, shownLines } from "../../src/review/shown.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const decomposed = "src/cafe\u0301.ts"; // "café" as a Mac writes it
const composed = "src/caf\u00e9.ts";

function caseWith(path: string, text: string): EvalCase {
  return {
    id: "c",
    label: "defect",
    defects: [{ path, lines: [1, 1], description: "off by one", evidence: [{ path, text }] }],
  } as EvalCase;
}

describe("evidence in the head", () => {
  const head = { files: new Map([[composed, bytes("let i = 0;   \r\nfor (;;) {}\n")]]), unknown: new Map() };

  it("finds the head's file under either form of its name, as the gate compares names", () => {
    expect(evidenceNotInHead(caseWith(decomposed, "let i = 0;"), head)).toBeUndefined();
    expect(evidenceNotInHead(caseWith(composed, "let i = 0;\nfor (;;) {}\n"), head)).toBeUndefined();
  });

  it("agrees with --reach: what it accepts as in the head, reach counts as shown when the head is shown", () => {
    const prompt = {
      system: 'Untrusted blocks open with "<<<BEGIN <label> f00d>>>".',
      user: `<<<BEGIN UNTRUSTED DIFF f00d>>>\ndiff --git a/${composed} b/${composed}\nnew file mode 100644\n--- /dev/null\n+++ b/${composed}\n@@ -0,0 +1,2 @@\n+let i = 0;   \r\n+for (;;) {}\n<<<END UNTRUSTED DIFF f00d>>>`,
    };
    for (const text of [
      "let i = 0;",
      "let i = 0;\nfor (;;) {}",
      "for (;;) {}\n",
      "let i = 1;",
      "for (;;) {}\nlet i = 0;",
    ])
      expect(isShown(shownLines([prompt]), decomposed, text), text).toBe(
        evidenceNotInHead(caseWith(decomposed, text), head) === undefined,
      );
    expect(isShown(shownLines([prompt]), decomposed, "let i = 0;\nfor (;;) {}")).toBe(true);
    expect(isShown(shownLines([prompt]), decomposed, "let i = 1;")).toBe(false);
  });

  it("names what is missing: a file the head lacks, a text it does not hold", () => {
    expect(evidenceNotInHead(caseWith("src/other.ts", "x"), head)).toMatch(
      /defects\.0\.evidence\.0: the text "x" is in src\/other\.ts, which the case's head does not have/,
    );
    expect(evidenceNotInHead(caseWith(composed, "let i = 1;"), head)).toMatch(
      /is not in the head's src\/café\.ts/,
    );
    const unknown = { files: new Map(), unknown: new Map([[composed, "a binary file"]]) };
    expect(evidenceNotInHead(caseWith(decomposed, "x"), unknown)).toMatch(
      /is not text the diff can rebuild \(a binary file\)/,
    );
  });
});
