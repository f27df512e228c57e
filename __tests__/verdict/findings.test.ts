// BLOCKING lines: each becomes a named reason of a blocked round, so the author knows what to fix and
// the next round knows what was excluded. A finding missed for its decoration is a block without a why.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeFinding, parseFindings, readFindings } from "../../src/verdict/findings.js";
import { PROMPT_RULE, promptRule } from "../../src/verdict/reply-contract.js";

const one = (line: string) => {
  const found = parseFindings(line);
  expect(found).toHaveLength(1);
  return found[0];
};

describe("the BLOCKING line format", () => {
  it("reads the plain form", () => {
    expect(one("BLOCKING: src/a.ts:12 — the input is not checked")).toEqual({
      severity: "medium",
      path: "src/a.ts",
      line: 12,
      reason: "the input is not checked",
      raw: "BLOCKING: src/a.ts:12 — the input is not checked",
    });
  });

  it.each([
    ["a dash bullet", "- BLOCKING: src/a.ts:12 — bad"],
    ["a star bullet", "* BLOCKING: src/a.ts:12 — bad"],
    ["a plus bullet", "+ BLOCKING: src/a.ts:12 — bad"],
    ["a numbered item", "3. BLOCKING: src/a.ts:12 — bad"],
    ["a numbered item with a parenthesis", "3) BLOCKING: src/a.ts:12 — bad"],
    ["indentation", "    BLOCKING: src/a.ts:12 — bad"],
    ["a blockquote", "> BLOCKING: src/a.ts:12 — bad"],
    ["bold with the colon inside", "**BLOCKING:** src/a.ts:12 — bad"],
    ["bold with the colon outside", "**BLOCKING**: src/a.ts:12 — bad"],
    ["a bullet and bold", "- **BLOCKING:** src/a.ts:12 — bad"],
    ["underscores", "__BLOCKING__: src/a.ts:12 — bad"],
    ["mixed case", "Blocking: src/a.ts:12 — bad"],
    ["backticks around the location", "BLOCKING: `src/a.ts:12` — bad"],
    ["backticks around the path only", "BLOCKING: `src/a.ts`:12 — bad"],
    ["an en dash", "BLOCKING: src/a.ts:12 – bad"],
    ["a hyphen", "BLOCKING: src/a.ts:12 - bad"],
    ["a colon", "BLOCKING: src/a.ts:12: bad"],
    ["no space before the dash", "BLOCKING: src/a.ts:12— bad"],
    ["an L before the line", "BLOCKING: src/a.ts:L12 — bad"],
    ["a GitHub anchor", "BLOCKING: src/a.ts#L12 — bad"],
    ["CRLF line endings", "BLOCKING: src/a.ts:12 — bad\r\n"],
    ["a heading", "### BLOCKING: src/a.ts:12 — bad"],
    ["an open task box", "- [ ] BLOCKING: src/a.ts:12 — bad"],
    ["a ticked task box", "- [x] **BLOCKING:** src/a.ts:12 — bad"],
    ["inline code around the keyword", "`BLOCKING`: src/a.ts:12 — bad"],
  ])("tolerates %s", (_name, line) => {
    expect(one(line)).toMatchObject({ path: "src/a.ts", line: 12, reason: "bad" });
  });

  it.each([
    ["a hyphen range", "BLOCKING: src/a.ts:12-15 — bad"],
    ["an en-dash range", "BLOCKING: src/a.ts:12–15 — bad"],
    ["a GitHub range", "BLOCKING: src/a.ts#L12-L15 — bad"],
    ["a range after quoted path", "BLOCKING: `src/a.ts`:12-15 — bad"],
  ])("reads line ranges: %s", (_name, line) => {
    expect(one(line)).toMatchObject({ path: "src/a.ts", line: 12, endLine: 15, reason: "bad" });
  });

  it("reads a missing line number", () => {
    const f = one("BLOCKING: src/a.ts — the file should not exist");
    expect(f).toMatchObject({ path: "src/a.ts", reason: "the file should not exist" });
    expect(f?.line).toBeUndefined();
  });

  it("reads a path with spaces when quoted", () => {
    expect(one("BLOCKING: `docs/my notes.md:3` — stale")).toMatchObject({
      path: "docs/my notes.md",
      line: 3,
    });
  });

  it("reads a line with no location as a path-less finding, keeping all its words", () => {
    expect(one("BLOCKING: no test covers the parser")).toMatchObject({
      path: "",
      reason: "no test covers the parser",
    });
  });

  it("reads a bare word followed by a separator as a path", () => {
    expect(one("BLOCKING: Makefile — the target is gone")).toMatchObject({
      path: "Makefile",
      reason: "the target is gone",
    });
  });

  it("reads a location with no reason", () => {
    expect(one("BLOCKING: src/a.ts:9")).toMatchObject({ path: "src/a.ts", line: 9, reason: "" });
  });

  it.each([
    "none",
    "None.",
    "**None**",
    "(none)",
    "N/A",
    "nothing",
    "No blocking issues found.",
    "none found",
  ])("reads `BLOCKING: %s` as no finding", (body) => {
    expect(parseFindings(`BLOCKING: ${body}`)).toEqual([]);
  });

  it("still reads a finding that starts with the word none", () => {
    expect(one("BLOCKING: none of the inputs are checked")).toMatchObject({
      reason: "none of the inputs are checked",
    });
  });

  it("does not read prose that merely mentions blocking", () => {
    expect(parseFindings("Nothing here is BLOCKING: fine.\nnon-BLOCKING: x\nBLOCKING issues: none")).toEqual(
      [],
    );
  });

  it("skips the instruction's own placeholder line, so an echoed rule is no finding", () => {
    expect(parseFindings(PROMPT_RULE)).toEqual([]);
    expect(parseFindings(promptRule("q7k2m9x4p3n8b5v6c1z0l4j7h2"))).toEqual([]);
  });

  it("finds each line of a reply, split as the contract splits lines", () => {
    const found = parseFindings(
      "BLOCKING: a.ts:1 — x\u2028BLOCKING: b.ts:2 — y\rnot one\nBLOCKING: c.ts:3 — z",
    );
    expect(found.map((f) => f.path)).toEqual(["a.ts", "b.ts", "c.ts"]);
  });

  it("counts past its limit", () => {
    const reply = Array.from({ length: 10 }, (_, i) => `BLOCKING: f${i}.ts:1 — r`).join("\n");
    const { findings, total } = readFindings(reply, 3);
    expect(findings).toHaveLength(3);
    expect(total).toBe(10);
  });
});

describe("lines the gate once read as no finding", () => {
  it("reads a finding written as inline code", () => {
    expect(one("`BLOCKING: src/a.ts:12 — SQL injection`")).toMatchObject({ path: "src/a.ts", line: 12 });
  });

  it("drops only the rule's own placeholder, not a path behind a stray <path> prefix", () => {
    expect(parseFindings("BLOCKING: <path>:<line> — <reason>")).toEqual([]);
    expect(parseFindings("BLOCKING: `<path>:<line>` — <reason>")).toEqual([]);
    expect(one("BLOCKING: <path>/src/a.ts:3 — SQL injection")).toMatchObject({
      path: "<path>/src/a.ts",
      line: 3,
    });
    // Past the reason limit the count follows the same rule.
    const reply = ["BLOCKING: a.ts:1 — x", "BLOCKING: <path>:<line> — y", "BLOCKING: <path>/b.ts:2 — z"].join(
      "\n",
    );
    expect(readFindings(reply, 1).total).toBe(2);
  });
});

describe("describeFinding", () => {
  it.each([
    [{ path: "a.ts", line: 3, reason: "x", raw: "" }, "a.ts:3 — x"],
    [{ path: "a.ts", line: 3, endLine: 5, reason: "x", raw: "" }, "a.ts:3-5 — x"],
    [{ path: "a.ts", reason: "x", raw: "" }, "a.ts — x"],
    [{ path: "", reason: "x", raw: "" }, "x"],
    [{ path: "a.ts", line: 3, reason: "", raw: "" }, "a.ts:3 — (no reason given)"],
    [{ path: "", reason: "", raw: "" }, "a BLOCKING line with no text"],
    [{ path: "", reason: "\ufeff", raw: "" }, "a BLOCKING line with no text"],
  ])("renders %j as %s", (finding, text) => {
    expect(describeFinding({ severity: "medium", ...finding })).toBe(text);
  });

  it("is never blank and never enormous, for any finding the parser can return", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 3000 }), (tail) => {
        for (const f of parseFindings(`BLOCKING: ${tail}`)) {
          const text = describeFinding(f);
          expect(text.trim()).not.toBe("");
          expect(text.length).toBeLessThanOrEqual(1001);
        }
      }),
      { numRuns: 500 },
    );
  });
});
