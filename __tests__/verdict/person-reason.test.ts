// A person's reason for a decision or a dismissal (src/verdict/person-reason.ts): one rule for the two
// ways it comes — a `/verdict` comment and a dispatch's `reason` input — refusing, never cutting, a
// reason the history would have to cut or that would read otherwise than written. The attacks first:
// the reasons that must be refused whichever way they come.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCommand } from "../../src/commands/parse.js";
import { SettingsError } from "../../src/settings/settings.js";
import { REASON_LIMIT, reasonProblem } from "../../src/verdict/person-reason.js";
import { DECISION_REASON_BYTES, DISMISSAL_REASON_BYTES, jsonBytes } from "../../src/verdict/stored-text.js";
import { settingsFromInputs } from "../support/settings.js";

/** The reason a dispatch records for `act`, or the refusal's message. */
function dispatched(act: "decision" | "dismissal", reason: string): string | { refused: string } {
  try {
    const s = settingsFromInputs({
      model: "gpt-test",
      pr: "3",
      reason,
      ...(act === "decision" ? { decision: "block" } : { dismiss: "3fa9c2" }),
    });
    const recorded = act === "decision" ? s.decision?.reason : s.dismissal?.reason;
    if (recorded === undefined) throw new Error(`no ${act} read`);
    return recorded;
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    return { refused: error.message };
  }
}

/** The reason a comment records for `act`, or the reply's problem. */
function commented(act: "decision" | "dismissal", reason: string): string | { refused: string } {
  const parsed = parseCommand(
    act === "decision" ? `/verdict block ${reason}` : `/verdict dismiss 3fa9c2 ${reason}`,
  );
  if (parsed.kind === "malformed") return { refused: parsed.problem };
  if (parsed.kind === "decide" || parsed.kind === "dismiss") return parsed.reason;
  throw new Error(`read as ${parsed.kind}`);
}

describe("a dispatched reason", () => {
  for (const act of ["decision", "dismissal"] as const) {
    const limit = REASON_LIMIT[act];
    it(`is refused past the ${act}'s limit, never cut, and kept whole up to it`, () => {
      const over = dispatched(act, "a".repeat(limit - 1));
      expect(over).toEqual({
        refused: expect.stringMatching(
          new RegExp(
            `^input \`reason\` is refused: the reason is ${limit + 1} bytes; the history keeps at most ${limit} for a ${act}`,
          ),
        ),
      });
      expect(dispatched(act, "a".repeat(limit - 2))).toBe("a".repeat(limit - 2));
    });

    it(`is refused for a ${act} when it is more than one line or carries hidden characters`, () => {
      expect(dispatched(act, "checked by hand\nsee the ticket")).toEqual({
        refused: expect.stringMatching(/the reason contains the control character U\+000A/),
      });
      expect(dispatched(act, "checked\tby hand")).toEqual({
        refused: expect.stringMatching(/control character U\+0009/),
      });
      expect(dispatched(act, "fine \u202eenil")).toEqual({
        refused: expect.stringMatching(/invisible character U\+202E/),
      });
      expect(dispatched(act, "...")).toEqual({ refused: expect.stringMatching(/no words/) });
    });
  }

  it("counts bytes of JSON, as the history stores it: escapes and astral characters weigh more", () => {
    expect(reasonProblem("é".repeat(DISMISSAL_REASON_BYTES / 2), "dismissal")).toMatch(/at most 400/);
    // 400 characters, 602 bytes: each quote is escaped.
    expect(reasonProblem('a"'.repeat(DECISION_REASON_BYTES / 3), "decision")).toMatch(
      /the reason is 602 bytes; the history keeps at most 600/,
    );
    expect(reasonProblem("é".repeat(DISMISSAL_REASON_BYTES / 2 - 1), "dismissal")).toBeUndefined();
  });
});

describe("one rule for a comment's reason and a dispatch's", () => {
  it("records the same reason, or refuses it with the same problem, whichever way it comes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("decision" as const, "dismissal" as const),
        fc.oneof(
          fc.string({ unit: "grapheme", maxLength: 260 }),
          fc.string({ unit: "grapheme-ascii", minLength: 380, maxLength: 620 }),
        ),
        (act, raw) => {
          // A comment's reason is the rest of its first line, between plain spaces or tabs: the comment
          // line's own rules refuse anything else before a reason is read.
          fc.pre(!/[^\S \t]/u.test(raw));
          const reason = raw.trim();
          fc.pre(reason !== "");
          const byComment = commented(act, reason);
          const byDispatch = dispatched(act, reason);
          if (typeof byComment === "string") {
            expect(byDispatch).toBe(byComment);
            expect(jsonBytes(byComment)).toBeLessThanOrEqual(REASON_LIMIT[act]);
          } else {
            expect(byDispatch).toEqual({ refused: expect.stringContaining(byComment.refused) });
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
