// Enormous adversarial replies must be read, never crash. A regular expression that repeats a group
// can exhaust the engine's backtracking stack on a long enough line (a line of millions of "> " once
// did, in the findings reader), and a crash in the gate is a hold nobody asked for. Each case is one
// line of 12 MB built from a piece that some repeated part of a pattern consumes; throughput is the
// benchmark's business (bench/reply-contract.bench.mjs), not this test's.
import { describe, expect, it } from "vitest";
import { reviewerResult } from "../../src/verdict/findings.js";
import { APPROVE, findVerdict } from "../../src/verdict/reply-contract.js";

const SIZE = 12 * 1024 * 1024;
const TOKEN = "q7k2m9x4p3n8b5v6c1z0l4j7h2";
const run = (piece: string) => Buffer.alloc(SIZE, piece).toString("utf8");

const CASES: readonly (readonly [string, string, string])[] = [
  ["a marker prefix of spaces", "", " "],
  ["a marker prefix of decoration", "", "#>*-"],
  ["a run of equals signs", "", "="],
  ["spaces between equals and the marker word", "==", " "],
  ["spaces after the marker word", "==VERDICT", " "],
  ["the marker word over and over", "==", "VERDICT"],
  ["a marker remainder of decoration", "===VERDICT===", " :*`."],
  ["a marker remainder of spaces before a token", "===VERDICT=== APPROVE", "\u3000"],
  ["prose verdict words", "", "VERDICT: APPROVEx "],
  ["spaces after a prose verdict word", "VERDICT", "\u00a0"],
  ["gap characters after a prose verdict word", "VERDICT", ":=*#"],
  ["a fence run", "", "`"],
  ["blockquote markers before a finding", "", "> "],
  ["bold markers before a finding", "", "**"],
  ["digits of a list number", "", "1"],
  ["a finding's location of digits and dashes", "BLOCKING: a.ts:", "1-"],
  ["a finding's quoted location", "BLOCKING: `", "a:1"],
  ["a finding's separators", "BLOCKING: a.ts:1 ", "—"],
];

describe("enormous replies", () => {
  it.each(CASES)(
    "one line of %s is read without a crash",
    (_name, prefix, piece) => {
      const reply = `${prefix}${run(piece)}`;
      for (const suffix of ["", "\n===VERDICT=== APPROVE"]) {
        // One string for both readers: each concatenation is flattened again, 24 MB copied per call.
        const text = reply + suffix;
        expect(() => findVerdict(text)).not.toThrow();
        expect(() => reviewerResult(text, { roundToken: TOKEN })).not.toThrow();
      }
    },
    120_000,
  );

  it.each([
    ["LF", "\n"],
    ["bare CR", "\r"],
    ["CR LF", "\r\n"],
    ["U+2028", "\u2028"],
  ])(
    "millions of empty lines cut by %s are read without a crash",
    (_name, br) => {
      const reply = br.repeat(2 * 1024 * 1024);
      expect(findVerdict(`${reply}===VERDICT=== APPROVE${reply}`)).toBe(APPROVE);
      expect(reviewerResult(reply).value).toBe("MAYBE");
    },
    120_000,
  );
});
