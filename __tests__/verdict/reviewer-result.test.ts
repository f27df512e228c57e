// The reviewer's part of a round as a four-valued Result: the one place a reply becomes YES.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reviewerResult } from "../../src/verdict/findings.js";
import { IFF, MAYBE, NO, YES } from "../../src/verdict/four-values.js";
import { APPROVE, findVerdict, PROMPT_RULE } from "../../src/verdict/reply-contract.js";
import { replyArb, TOKEN } from "./reply-arbitraries.js";

describe("reviewerResult", () => {
  it("a clean approve with no BLOCKING line is YES", () => {
    expect(reviewerResult("Looks right.\n===VERDICT=== APPROVE").value).toBe(YES);
  });

  it("a blocking reply is NO with one reason per BLOCKING line, in order", () => {
    const result = reviewerResult(
      "- BLOCKING: src/a.ts:12 — unchecked input\n- BLOCKING: src/b.ts:3-9 — leaks the token\n===VERDICT=== REQUEST_CHANGES",
    );
    expect(result.value).toBe(NO);
    expect(result.reasons).toEqual(["src/a.ts:12 — unchecked input", "src/b.ts:3-9 — leaks the token"]);
  });

  it("a blocking reply without a BLOCKING line is NO, and says the reviewer gave no reason", () => {
    const result = reviewerResult("This is wrong.\n===VERDICT=== REQUEST_CHANGES");
    expect(result.value).toBe(NO);
    expect(result.reasons[0]).toMatch(/without a BLOCKING line/);
  });

  it("a weak prose block is NO too", () => {
    expect(reviewerResult("VERDICT: REQUEST_CHANGES").value).toBe(NO);
  });

  it("a broken contract is MAYBE naming how it broke", () => {
    const result = reviewerResult("===VERDICT=== REJECT!\n===VERDICT=== APPROVE");
    expect(result.value).toBe(MAYBE);
    expect(result.needed[0]).toMatch(
      /^the reviewer broke the reply contract: the marker on line 1 has a value outside/,
    );
  });

  it("a prose-only approve is MAYBE, never YES", () => {
    const result = reviewerResult("VERDICT: APPROVE");
    expect(result.value).toBe(MAYBE);
    expect(result.needed[0]).toMatch(/only in prose/);
  });

  it("no verdict is MAYBE saying so, and an empty reply says it was empty", () => {
    expect(reviewerResult("I ran out of time.").needed[0]).toMatch(/^the reviewer stated no verdict/);
    expect(reviewerResult("").needed[0]).toMatch(/empty/);
    expect(reviewerResult(PROMPT_RULE).needed[0]).toMatch(/placeholder/);
  });

  it("an approve that also lists BLOCKING lines contradicts itself: MAYBE, never YES", () => {
    const result = reviewerResult("BLOCKING: src/a.ts:1 — SQL injection\n===VERDICT=== APPROVE");
    expect(result.value).toBe(MAYBE);
    expect(result.needed).toEqual([
      "the reviewer approved but also wrote 1 BLOCKING line(s); a person must decide which it meant",
      "the reviewer's BLOCKING line: src/a.ts:1 — SQL injection",
    ]);
  });

  it("an approve whose reviewer wrote `BLOCKING: none` is YES", () => {
    expect(reviewerResult("- BLOCKING: none\n===VERDICT=== APPROVE").value).toBe(YES);
  });

  it("a held reply keeps its BLOCKING lines as context", () => {
    const result = reviewerResult("BLOCKING: a.ts:2 — x\n===VERDICT=== LGTM");
    expect(result.needed).toContain("the reviewer's BLOCKING line: a.ts:2 — x");
  });

  it("caps the reasons and counts the rest", () => {
    const reply = `${Array.from({ length: 120 }, (_, i) => `BLOCKING: f${i}.ts:1 — r`).join("\n")}\n===VERDICT=== REQUEST_CHANGES`;
    const result = reviewerResult(reply);
    expect(result.reasons).toHaveLength(51);
    expect(result.reasons[50]).toBe("… and 70 more BLOCKING line(s) in the reply");
    expect(reviewerResult(reply, { maxReasons: 5 }).reasons).toHaveLength(6);
  });

  it("an approve beside a finding it failed to see before holds: headings, task boxes, inline code", () => {
    for (const line of [
      "### BLOCKING: src/a.ts:3 — SQL injection",
      "`BLOCKING: src/a.ts:3 — SQL injection`",
      "- [ ] BLOCKING: src/a.ts:3 — SQL injection",
      "BLOCKING: <path>/src/a.ts:3 — SQL injection",
    ]) {
      const result = reviewerResult(`${line}\n===VERDICT=== APPROVE ${TOKEN}`, { roundToken: TOKEN });
      expect(result.value, line).toBe(MAYBE);
    }
  });

  it("an approve that says an earlier reason is unresolved holds; resolved ones do not", () => {
    for (const line of ["UNRESOLVED: 1 — still broken", "- **UNRESOLVED:** 2 — the token still leaks"]) {
      const result = reviewerResult(`RESOLVED: 3\n${line}\n===VERDICT=== APPROVE ${TOKEN}`, {
        roundToken: TOKEN,
      });
      expect(result.value, line).toBe(MAYBE);
      expect(result.needed[0]).toMatch(/said 1 earlier reason\(s\) are unresolved/);
    }
    const resolved = reviewerResult(
      `RESOLVED: 1\nRESOLVED: 2\nUnresolved: none\n===VERDICT=== APPROVE ${TOKEN}`,
      {
        roundToken: TOKEN,
      },
    );
    expect(resolved.value).toBe(YES);
  });

  it("binds to the round: a bare approve holds, the token approves", () => {
    expect(reviewerResult("ok\n===VERDICT=== APPROVE", { roundToken: TOKEN }).value).toBe(MAYBE);
    expect(reviewerResult(`ok\n===VERDICT=== APPROVE ${TOKEN}`, { roundToken: TOKEN }).value).toBe(YES);
  });

  it("is YES only for a reply the contract reads as APPROVE, and never IFF", () => {
    fc.assert(
      fc.property(replyArb, (reply) => {
        const result = reviewerResult(reply);
        if (result.value === YES) expect(findVerdict(reply)).toBe(APPROVE);
        expect(result.value).not.toBe(IFF);
      }),
      { numRuns: 1000 },
    );
  });

  it("never throws on arbitrary text (every reason it builds is non-empty)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (tail) => {
        reviewerResult(`BLOCKING: ${tail}\n${tail}\n===VERDICT=== REQUEST_CHANGES`);
        reviewerResult(`BLOCKING:${tail}`);
      }),
      { numRuns: 1000 },
    );
  });
});
