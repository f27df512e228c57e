import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  annotationBatches,
  fitOutputText,
  OUTPUT_TEXT_LIMIT,
  toApiAnnotation,
} from "../../src/github/check-run-limits.js";

describe("fitOutputText", () => {
  it("leaves text that fits alone", () => {
    expect(fitOutputText("short")).toEqual({ text: "short", truncated: false });
    const exact = "x".repeat(OUTPUT_TEXT_LIMIT);
    expect(fitOutputText(exact).text).toBe(exact);
  });

  it("cuts at a line break, marks the cut and says how much was left out", () => {
    const text = "line\n".repeat(20_000);
    const out = fitOutputText(text);
    expect(out.truncated).toBe(true);
    expect(out.text.length).toBeLessThanOrEqual(OUTPUT_TEXT_LIMIT);
    expect(out.text).toMatch(/Truncated by verdict-gate:\*\* [\d,]+ more characters/);
    expect(out.text.split("\n---\n")[0]?.trimEnd().endsWith("line")).toBe(true);
  });

  it("closes a code fence and details blocks the cut left open", () => {
    const text = `<details><summary>report</summary>\n\n\`\`\`\n${"code\n".repeat(20_000)}\`\`\`\n</details>\n`;
    const out = fitOutputText(text).text;
    const fences = out.split("\n").filter((l) => l.startsWith("```")).length;
    expect(fences % 2).toBe(0);
    expect((out.match(/<details>/g) ?? []).length).toBe((out.match(/<\/details>/g) ?? []).length);
  });

  it("never splits a surrogate pair", () => {
    const text = "😀".repeat(40_000);
    const out = fitOutputText(text).text;
    expect(out.length).toBeLessThanOrEqual(OUTPUT_TEXT_LIMIT);
    expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it("always fits, keeps a prefix of the input, and marks every cut (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 400 }),
        fc.integer({ min: 200, max: 2000 }),
        (s, limit) => {
          const text = s.repeat(Math.ceil((limit * 1.5) / Math.max(1, s.length)));
          const out = fitOutputText(text, limit);
          expect(out.text.length).toBeLessThanOrEqual(limit);
          if (text.length <= limit) {
            expect(out.text).toBe(text);
          } else {
            expect(out.truncated).toBe(true);
            expect(out.text).toContain("Truncated by verdict-gate");
            const kept = out.text.slice(0, out.text.indexOf("\n\n---\n**✂"));
            expect(text.startsWith(kept.replace(/(\n```|\n<\/details>)+$/, ""))).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("annotations", () => {
  it("batches 50 a request, with one empty batch when there are none", () => {
    const one = { path: "a", startLine: 1, endLine: 1, level: "notice" as const, message: "m" };
    expect(annotationBatches([]).map((b) => b.length)).toEqual([0]);
    expect(annotationBatches(Array(120).fill(one)).map((b) => b.length)).toEqual([50, 50, 20]);
    expect(annotationBatches(Array(50).fill(one)).map((b) => b.length)).toEqual([50]);
  });

  it("caps messages at 64 KB", () => {
    const api = toApiAnnotation({
      path: "a",
      startLine: 1,
      endLine: 1,
      level: "failure",
      message: "é".repeat(70_000),
    });
    expect(Buffer.byteLength(api.message)).toBeLessThanOrEqual(64 * 1024);
    expect(api.message).toMatch(/truncated\)$/);
  });
});
