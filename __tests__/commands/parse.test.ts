// The comment command parser, adversarially: only a `/verdict` first line is a command; quotes, code,
// later lines, glued words and lookalikes are ordinary comments; a line that is ours but wrong is
// malformed and says why.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCommand } from "../../src/commands/parse.js";
import { DECISION_REASON_BYTES, DISMISSAL_REASON_BYTES, jsonBytes } from "../../src/verdict/stored-text.js";

describe("commands", () => {
  it("reads each command on the first line", () => {
    expect(parseCommand("/verdict review")).toEqual({ kind: "review", force: false });
    expect(parseCommand("/verdict review --force")).toEqual({ kind: "review", force: true });
    expect(parseCommand("/verdict help")).toEqual({ kind: "help" });
    expect(parseCommand("/verdict approve checked the migration by hand")).toEqual({
      kind: "decide",
      decision: "approve",
      reason: "checked the migration by hand",
    });
    expect(parseCommand("/verdict block needs a design review")).toEqual({
      kind: "decide",
      decision: "block",
      reason: "needs a design review",
    });
  });

  it("takes the rest of the first line as the reason and ignores the lines after it", () => {
    expect(parseCommand("/verdict approve fine by me\r\n\r\nLonger notes: the test covers it.")).toEqual({
      kind: "decide",
      decision: "approve",
      reason: "fine by me",
    });
  });

  it("accepts up to three spaces before the command and plain spaces or tabs between its words", () => {
    expect(parseCommand("   /verdict \t review  ")).toEqual({ kind: "review", force: false });
  });
});

describe("ordinary comments are not commands", () => {
  for (const [what, body] of [
    ["a plain comment", "Looks good to me!"],
    ["an empty body", ""],
    ["a command glued to its verb", "/verdictapprove looks fine"],
    ["another word starting with the command", "/verdicts are in"],
    ["a command that is not on the first line", "Thanks!\n/verdict approve fine"],
    ["a quoted command in a reply", "> /verdict approve looks fine\n\nWhy did you approve this?"],
    ["a command in a code fence", "```\n/verdict approve looks fine\n```"],
    ["a command in inline code", "`/verdict approve looks fine`"],
    ["a command in an indented code block", "    /verdict approve looks fine"],
    ["a command after a tab (a code block)", "\t/verdict approve looks fine"],
    ["a fullwidth solidus lookalike", "\uff0fverdict approve looks fine"],
    ["a Cyrillic е in the word", "/v\u0435rdict approve looks fine"],
    ["a zero-width space glued to the word", "/verdict\u200b approve looks fine"],
    ["another case", "/Verdict approve looks fine"],
    ["a leading byte-order mark", "\ufeff/verdict approve looks fine"],
  ] as const) {
    it(`ignores ${what}`, () => {
      expect(parseCommand(body)).toEqual({ kind: "none" });
    });
  }

  it("never reads a command from a comment whose first line does not start with the word", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (first, rest) => {
        fc.pre(!/^ {0,3}\/verdict/.test(first) && !/[\r\n]/.test(first));
        expect(parseCommand(`${first}\n/verdict approve ${rest}`)).toEqual({ kind: "none" });
      }),
    );
  });
});

describe("malformed commands say why", () => {
  function problem(body: string): string {
    const parsed = parseCommand(body);
    if (parsed.kind !== "malformed") throw new Error(`${JSON.stringify(body)} parsed as ${parsed.kind}`);
    return parsed.problem;
  }

  it("refuses an approve or a block with no reason", () => {
    expect(problem("/verdict approve")).toMatch(/`\/verdict approve` needs a reason on the same line/);
    expect(problem("/verdict block   ")).toMatch(/`\/verdict block` needs a reason/);
    expect(problem("/verdict approve\nthe reason on the next line")).toMatch(
      /needs a reason on the same line/,
    );
  });

  it("refuses a reason with no words, or with invisible characters that would make it read otherwise", () => {
    expect(problem("/verdict approve ...")).toMatch(/no words/);
    expect(problem("/verdict approve fine \u202eenil")).toMatch(/invisible character U\+202E/);
    expect(problem("/verdict approve fi\u200dne")).toMatch(/invisible character U\+200D/);
  });

  it("refuses a reason the history would have to cut", () => {
    expect(problem(`/verdict approve ${"a".repeat(DECISION_REASON_BYTES)}`)).toMatch(
      /the reason is \d+ bytes; the history keeps at most 600 for a decision/,
    );
    expect(parseCommand(`/verdict approve ${"a".repeat(DECISION_REASON_BYTES - 2)}`).kind).toBe("decide");
  });

  it("holds a dismissal's reason to the dismissal's limit, naming it, however long the reason", () => {
    expect(problem(`/verdict dismiss 3fa9c2 ${"a".repeat(DECISION_REASON_BYTES)}`)).toMatch(
      /the reason is 602 bytes; the history keeps at most 400 for a dismissal/,
    );
    expect(problem(`/verdict dismiss 3fa9c2 ${"a".repeat(DISMISSAL_REASON_BYTES - 1)}`)).toMatch(
      /the reason is 401 bytes; the history keeps at most 400 for a dismissal/,
    );
    expect(parseCommand(`/verdict dismiss 3fa9c2 ${"a".repeat(DISMISSAL_REASON_BYTES - 2)}`)).toEqual({
      kind: "dismiss",
      key: "3fa9c2",
      reason: "a".repeat(DISMISSAL_REASON_BYTES - 2),
    });
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (words) => {
        fc.pre(!/[\r\n]/.test(words));
        const parsed = parseCommand(`/verdict dismiss 3fa9c2 ${words}`);
        if (parsed.kind === "dismiss")
          expect(jsonBytes(parsed.reason)).toBeLessThanOrEqual(DISMISSAL_REASON_BYTES);
        if (parsed.kind === "malformed" && /history keeps at most/.test(parsed.problem))
          expect(parsed.problem).toMatch(/at most 400 for a dismissal: /);
      }),
    );
  });

  it("names a lookalike letter in the verb by its code point", () => {
    expect(problem("/verdict \u0430pprove fine")).toBe("`<U+0430>pprove` is not a /verdict command");
  });

  it("refuses a non-ASCII space between the words", () => {
    expect(problem("/verdict\u00a0approve fine")).toMatch(/U\+00A0 space/);
    expect(problem("/verdict approve\u3000fine")).toMatch(/U\+3000 space/);
  });

  it("refuses the word alone, unknown verbs, and arguments a command does not take", () => {
    expect(problem("/verdict")).toMatch(/names no command/);
    expect(problem("/verdict APPROVE fine")).toMatch(/`APPROVE` is not a \/verdict command/);
    expect(problem("/verdict merge now")).toMatch(/`merge` is not a \/verdict command/);
    expect(problem("/verdict review now")).toMatch(/takes only `--force`; got `now`/);
    expect(problem("/verdict review --force --really")).toMatch(/takes only `--force`/);
    expect(problem("/verdict help me")).toMatch(/takes nothing after it/);
  });

  it("every line that starts with the word and a space is a command or malformed, never ignored", () => {
    fc.assert(
      fc.property(fc.string(), (rest) => {
        fc.pre(!/[\r\n]/.test(rest));
        expect(parseCommand(`/verdict ${rest}`).kind).not.toBe("none");
      }),
    );
  });
});
