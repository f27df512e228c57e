// Every counterexample the verdict-contract reference (test_verdict_contract.py, its README and the
// devlog "Seven rounds to a verdict") describes, ported as a case named after it. Each one once
// fooled a parser; none may regress.
import { describe, expect, it } from "vitest";
import {
  AMBIGUOUS,
  APPROVE,
  exitCode,
  findVerdict,
  PROMPT_RULE,
  REQUEST_CHANGES,
  verdictLine,
} from "../../src/verdict/reply-contract.js";

/** A marker case is appended as the final line of a small review, the only place an approve counts. */
const asFinalLine = (line: string) => `# Review\n\nsome findings\n\n${line}\n`;

describe("strict marker: decoration-tolerant, whole line only", () => {
  it.each([
    ["the plain marker approves", "===VERDICT=== APPROVE", APPROVE],
    ["the plain marker requests changes", "===VERDICT=== REQUEST_CHANGES", REQUEST_CHANGES],
    ["no space after the marker", "===VERDICT===APPROVE", APPROVE],
    ["bolded by the model", "**===VERDICT=== APPROVE**", APPROVE],
    ["blockquoted", "> ===VERDICT=== REQUEST_CHANGES", REQUEST_CHANGES],
    ["spacing inside the marker and a lower-case value", "=== VERDICT === approve", APPROVE],
    ["two equals signs and a space in the value", "==VERDICT== REQUEST CHANGES", REQUEST_CHANGES],
    ["a hyphen in the value and a trailing full stop", "===VERDICT=== REQUEST-CHANGES.", REQUEST_CHANGES],
  ])("%s", (_name, line, expected) => {
    expect(findVerdict(asFinalLine(line))).toBe(expected);
  });
});

describe("weak layer: old-style prose still blocks", () => {
  it.each([
    ["a plain prose block", "VERDICT: REQUEST_CHANGES"],
    [
      "a heading prose block, seen live from a real reviewer (the silent miss)",
      "## VERDICT: REQUEST_CHANGES",
    ],
    ["an em dash, mixed case and a space in the value", "## Verdict — REQUEST CHANGES"],
    ["a list item", "- VERDICT: REQUEST_CHANGES"],
    ["a backticked value, a silent miss before", "VERDICT: `REQUEST_CHANGES`"],
  ])("%s", (_name, line) => {
    expect(findVerdict(`findings\n${line}`)).toBe(REQUEST_CHANGES);
  });
});

describe("weak layer: a prose approve never approves, it goes AMBIGUOUS", () => {
  it.each([
    ["a plain prose approve", "VERDICT: APPROVE"],
    ["a bold label", "**Verdict:** APPROVE"],
    ["a blockquote", "> VERDICT: APPROVE"],
    ["lower case", "verdict: approve"],
    ["a quoted example, the vendor's false-approve counterexample", "Example output: VERDICT: APPROVE"],
    ["a change of mind in the same sentence", "I almost wrote VERDICT: APPROVE but changed my mind."],
  ])("%s", (_name, line) => {
    expect(findVerdict(`findings\n${line}`)).toBe(AMBIGUOUS);
  });
});

describe("explicit AMBIGUOUS: a verdict was marked but the contract was broken", () => {
  it.each([
    ["a value outside the enum", "===VERDICT=== REJECT"],
    ["the enum is closed: no suffixes", "===VERDICT=== APPROVE_WITH_NITS"],
    ["LGTM is not a value", "===VERDICT=== LGTM"],
    [
      "an old-prompt echo carrying both prose values",
      "End with VERDICT: APPROVE or VERDICT: REQUEST_CHANGES",
    ],
    ["mixed prose verdicts", "## VERDICT: APPROVE\n\nOn reflection: VERDICT: REQUEST_CHANGES\n"],
    ["junk after an approve poisons it", "===VERDICT=== APPROVE\n===VERDICT=== REJECT"],
    ["junk before an approve poisons it", "===VERDICT=== LGTM\n===VERDICT=== APPROVE"],
    [
      "a malformed REJECT! still counts as a marker (detection broader than validation, round 2)",
      "===VERDICT=== REJECT!\n===VERDICT=== APPROVE",
    ],
    ["a malformed REJECT! alone", "===VERDICT=== REJECT!"],
    ["a bare marker with no value", "===VERDICT==="],
    [
      "an approve followed by prose (position enforced, round 2)",
      "===VERDICT=== APPROVE\nActually, this has a serious bug.",
    ],
    [
      "an approve in the middle of the reply",
      "Looking at the tests, e.g.\n===VERDICT=== APPROVE\n\nI still think this needs changes for the unknown-sentinel bug.",
    ],
    ["a repeated approve", "===VERDICT=== APPROVE\n\n===VERDICT=== APPROVE"],
    [
      "a fenced approve followed by prose is loud, not silent",
      "```\n===VERDICT=== APPROVE\n```\nI disagree with the quoted example.",
    ],
    [
      "an approve after an unclosed fence",
      "Example:\n```\n===VERDICT=== APPROVE\n(the model forgot the closing fence)",
    ],
  ])("%s", (_name, reply) => {
    expect(findVerdict(reply)).toBe(AMBIGUOUS);
  });
});

describe("nothing verdict-like: null, rendered loud", () => {
  it.each([
    ["the word in prose", "The VERDICT is below."],
    ["a pointer to the verdict", "- see the VERDICT line at the end"],
    ["an explicit refusal", "I could not decide; no verdict given."],
    [
      "newline glue: a refusal read as an approve (round 1, `\\s` in the gap)",
      "I refuse to give a VERDICT\nAPPROVE would be wrong",
    ],
    ["newline glue on the blocking side", "see VERDICT\nREQUEST_CHANGES later maybe"],
    ["the prompt's own placeholder line is inert", "===VERDICT=== <value>"],
    ["a cited diff line inside a fence", "```diff\n+VERDICT: REQUEST_CHANGES\n```\nThat diff line is fine."],
    ["the word boundary keeps a suffixed prose value out", "VERDICT: APPROVE_WITH_NITS"],
  ])("%s", (_name, reply) => {
    expect(findVerdict(reply)).toBeNull();
  });
});

describe("precedence REQUEST_CHANGES > junk > APPROVE", () => {
  it("a marker beats stray prose in the same reply (an echo plus a real verdict)", () => {
    expect(findVerdict("the old form was VERDICT: APPROVE\n...\n===VERDICT=== REQUEST_CHANGES")).toBe(
      REQUEST_CHANGES,
    );
  });

  it.each([
    ["a blocking marker followed by prose", "===VERDICT=== REQUEST_CHANGES\nActually it's fine."],
    [
      "an approve, a retraction, then a blocking marker",
      "===VERDICT=== APPROVE\nwait, no.\n===VERDICT=== REQUEST_CHANGES",
    ],
    ["a blocking marker beside junk", "===VERDICT=== REQUEST_CHANGES\n===VERDICT=== REJECT"],
    ["junk beside a blocking marker", "===VERDICT=== REJECT!\n===VERDICT=== REQUEST_CHANGES"],
  ])("blocking wins from any position: %s", (_name, reply) => {
    expect(findVerdict(reply)).toBe(REQUEST_CHANGES);
  });

  it("fence desync: a bare fence quoted inside a text fence cannot flip a real REQUEST_CHANGES (live)", () => {
    const desync =
      "1. finding about fences:\n\n   ```text\n   Here is the required format:\n" +
      "   ```\n   ===VERDICT=== APPROVE\n   ```\n\nmore findings\n\n===VERDICT=== REQUEST_CHANGES";
    expect(findVerdict(desync)).toBe(REQUEST_CHANGES);
  });

  it("trailing blank lines after a final approve keep it final", () => {
    expect(findVerdict("review text\n===VERDICT=== APPROVE\n\n  \n")).toBe(APPROVE);
  });
});

describe("loud rendering and the exit-code gate", () => {
  it("a missing verdict renders loud", () => {
    expect(verdictLine("no verdict here")).toContain("!!");
  });

  it("AMBIGUOUS renders loud", () => {
    expect(verdictLine("===VERDICT=== REJECT")).toContain("!!");
  });

  it("a clean approve renders plainly", () => {
    expect(verdictLine("x\n===VERDICT=== APPROVE")).toBe("VERDICT: APPROVE");
  });

  it("a clean block renders plainly", () => {
    expect(verdictLine("x\n===VERDICT=== REQUEST_CHANGES")).toBe("VERDICT: REQUEST_CHANGES");
  });

  it.each([
    [APPROVE, 0],
    [REQUEST_CHANGES, 3],
    [AMBIGUOUS, 4],
    [null, 4],
    [undefined, 4],
    ["NOT_STATED", 4],
    ["approve", 4],
  ])(
    "exitCode(%s) is %i: only an approve exits 0 (a blocking review once printed, then exited 0)",
    (verdict, code) => {
      expect(exitCode(verdict)).toBe(code);
    },
  );
});

describe("the prompt side of the contract", () => {
  it("PROMPT_RULE itself parses as nothing (prompt self-poisoning)", () => {
    expect(findVerdict(PROMPT_RULE)).toBeNull();
  });

  it("the instruction states the marker with a placeholder, never a filled-in value", () => {
    expect(PROMPT_RULE).toContain("===VERDICT=== <value>");
    expect(PROMPT_RULE).not.toMatch(/===VERDICT===\s*(APPROVE|REQUEST_CHANGES)/i);
  });
});
