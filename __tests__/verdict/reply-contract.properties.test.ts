// Properties of the reply contract (fast-check), in both plain and round-bound mode. Each one is a
// way the gate must never be fooled, stated for every reply the generators can build.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  APPROVE,
  findVerdict,
  PROMPT_RULE,
  promptRule,
  REQUEST_CHANGES,
  replyLines,
  stripPythonSpace,
} from "../../src/verdict/reply-contract.js";
import {
  endsInOneCleanApprove,
  join,
  lineArb,
  lineBreakArb,
  linesArb,
  OTHER_TOKEN,
  pythonLines,
  replyArb,
  TOKEN,
  withoutBreaks,
} from "./reply-arbitraries.js";

const RUNS = { numRuns: 2000 };
const MODES = [
  ["plain", undefined],
  ["bound", TOKEN],
] as const;
const approveLine = (token: string | undefined) =>
  token === undefined ? "===VERDICT=== APPROVE" : `===VERDICT=== APPROVE ${token}`;

describe.each(MODES)("%s mode", (_mode, roundToken) => {
  const options = { roundToken };

  it("a reply whose final non-blank line is not exactly one clean approve marker never parses as APPROVE", () => {
    fc.assert(
      fc.property(replyArb, (reply) => {
        if (findVerdict(reply, options) === APPROVE)
          expect(endsInOneCleanApprove(reply, roundToken)).toBe(true);
      }),
      RUNS,
    );
  });

  it("text appended after an approve, on a new line, never leaves it an approve", () => {
    fc.assert(
      fc.property(
        linesArb,
        lineBreakArb,
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }),
        (lines, br, tail) => {
          fc.pre(stripPythonSpace(tail) !== "");
          const reply = `${join([...lines, approveLine(roundToken)], ["\n"])}${br}${tail}`;
          expect(findVerdict(reply, options)).not.toBe(APPROVE);
        },
      ),
      RUNS,
    );
  });

  it("text glued to the approve's line (anything but decoration and spaces) never leaves it an approve", () => {
    fc.assert(
      fc.property(linesArb, fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }), (lines, tail) => {
        fc.pre(/[^ \t:*`.\s\u001c-\u001f\u0085]/.test(tail));
        const reply = `${join([...lines, approveLine(roundToken)], ["\n"])}${tail}`;
        expect(findVerdict(reply, options)).not.toBe(APPROVE);
      }),
      RUNS,
    );
  });

  it("a REQUEST_CHANGES marker inserted on any line makes the reply REQUEST_CHANGES", () => {
    fc.assert(
      fc.property(
        linesArb,
        fc.nat(),
        fc.constantFrom(
          "===VERDICT=== REQUEST_CHANGES",
          "> ==VERDICT== request-changes.",
          // A bound round blocks with any trailing token; the plain contract reads that as junk.
          roundToken === undefined
            ? "**===VERDICT=== REQUEST CHANGES**"
            : `===VERDICT=== REQUEST_CHANGES ${OTHER_TOKEN}`,
        ),
        fc.array(lineBreakArb, { minLength: 1, maxLength: 3 }),
        (lines, at, marker, breaks) => {
          const i = at % (lines.length + 1);
          const reply = join([...lines.slice(0, i), marker, ...lines.slice(i)], breaks);
          expect(findVerdict(reply, options)).toBe(REQUEST_CHANGES);
        },
      ),
      RUNS,
    );
  });

  it("the rule inserted between any two lines never turns a reply into an approve", () => {
    const rules = [PROMPT_RULE, promptRule(TOKEN), promptRule(OTHER_TOKEN)];
    fc.assert(
      fc.property(linesArb, fc.nat(), fc.constantFrom(...rules), (lines, at, rule) => {
        const i = at % (lines.length + 1);
        const before = join(lines, ["\n"]);
        const after = join([...lines.slice(0, i), ...replyLines(rule), ...lines.slice(i)], ["\n"]);
        if (findVerdict(after, options) === APPROVE) expect(findVerdict(before, options)).toBe(APPROVE);
      }),
      RUNS,
    );
  });

  it("every line of the rule, alone or decorated, parses as nothing", () => {
    const rule = roundToken === undefined ? PROMPT_RULE : promptRule(roundToken);
    fc.assert(
      fc.property(
        fc.constantFrom(...replyLines(rule)),
        fc.constantFrom("", "> ", "  ", "- ", "**"),
        (line, prefix) => {
          expect(findVerdict(prefix + line, options)).toBeNull();
        },
      ),
    );
    expect(findVerdict(rule, options)).toBeNull();
  });

  it("the line breaks used do not matter: every Python line break reads the same", () => {
    fc.assert(
      fc.property(linesArb, lineBreakArb, lineBreakArb, (lines, a, b) => {
        expect(findVerdict(join(lines, [a]), options)).toBe(findVerdict(join(lines, [b]), options));
      }),
      RUNS,
    );
  });
});

describe("the generators", () => {
  it.each(MODES)(
    "reach every outcome in %s mode, approve included, so the properties bite",
    (_mode, roundToken) => {
      const seen = new Set(
        fc.sample(replyArb, { numRuns: 3000, seed: 42 }).map((r) => findVerdict(r, { roundToken })),
      );
      expect(seen).toEqual(new Set([APPROVE, REQUEST_CHANGES, "AMBIGUOUS", null]));
    },
  );
});

describe("bound and plain together", () => {
  it("a bound approve needs the token in the reply: nobody who cannot see it can forge one", () => {
    fc.assert(
      fc.property(replyArb, (reply) => {
        if (findVerdict(reply, { roundToken: TOKEN }) === APPROVE)
          expect(reply.toLowerCase()).toContain(TOKEN);
      }),
      RUNS,
    );
  });

  it("nothing approves in both modes: a plain approve is junk when bound, a bound approve is junk when plain", () => {
    fc.assert(
      fc.property(replyArb, (reply) => {
        const plain = findVerdict(reply);
        const bound = findVerdict(reply, { roundToken: TOKEN });
        expect(plain === APPROVE && bound === APPROVE).toBe(false);
      }),
      RUNS,
    );
  });

  it("binding a round never turns a block into anything else", () => {
    fc.assert(
      fc.property(replyArb, (reply) => {
        if (findVerdict(reply) === REQUEST_CHANGES)
          expect(findVerdict(reply, { roundToken: TOKEN })).toBe(REQUEST_CHANGES);
      }),
      RUNS,
    );
  });
});

describe("characters and lines", () => {
  it("lines are cut as a split on Python's line breaks would cut them", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(lineArb, lineBreakArb, fc.constantFrom("\r", "\n", "\r\n\r")), { maxLength: 20 }),
        (parts) => {
          const text = parts.join("");
          expect(replyLines(text)).toEqual(pythonLines(text));
        },
      ),
      RUNS,
    );
  });

  it("arbitrary text never throws and always reads as one of the four outcomes", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        expect([APPROVE, REQUEST_CHANGES, "AMBIGUOUS", null]).toContain(findVerdict(text));
      }),
      RUNS,
    );
  });

  it("a reply with no line break never approves unless it is one clean marker line", () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const one = withoutBreaks(line);
        if (findVerdict(one) === APPROVE) expect(endsInOneCleanApprove(one)).toBe(true);
      }),
      RUNS,
    );
  });
});
