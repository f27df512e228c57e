// How the Python reference treats characters, and every place this port reads differently on
// purpose. The reference's verdicts quoted below were produced by CPython 3.11.7 (Unicode 14).
import { describe, expect, it } from "vitest";
import {
  AMBIGUOUS,
  APPROVE,
  findVerdict,
  REQUEST_CHANGES,
  replyLines,
  stripPythonSpace,
} from "../../src/verdict/reply-contract.js";

// str.isspace() in CPython 3.11, which is also what `\s` and strip() use.
const PYTHON_SPACE = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002,
  0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
];
// Where str.splitlines() cuts, besides \r\n as one break.
const PYTHON_BREAKS = [0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029];

const ch = (c: number) => String.fromCodePoint(c);

describe("lines are cut exactly as str.splitlines() cuts them", () => {
  it.each(PYTHON_BREAKS.map((c) => [c.toString(16)]))("U+%s ends a line", (hex) => {
    expect(replyLines(`a${ch(Number.parseInt(hex, 16))}b`)).toEqual(["a", "b"]);
  });

  it("cuts nowhere else in the Basic Multilingual Plane", () => {
    for (let c = 0; c <= 0xffff; c += 1) {
      if (PYTHON_BREAKS.includes(c) || (c >= 0xd800 && c <= 0xdfff)) continue;
      if (replyLines(`a${ch(c)}b`).length !== 1) throw new Error(`U+${c.toString(16)} cut a line`);
    }
  });

  it("treats CR LF as one break, LF CR as two", () => {
    expect(replyLines("a\r\nb")).toEqual(["a", "b"]);
    expect(replyLines("a\n\rb")).toEqual(["a", "", "b"]);
  });

  it("keeps no trailing empty line and returns nothing for an empty reply", () => {
    expect(replyLines("a\n")).toEqual(["a"]);
    expect(replyLines("a\n\n")).toEqual(["a", ""]);
    expect(replyLines("\n")).toEqual([""]);
    expect(replyLines("")).toEqual([]);
    expect(replyLines("a\r")).toEqual(["a"]);
  });

  it("reads the same with and without the fast path for replies that hold only LF", () => {
    expect(replyLines("a\nb\n\nc")).toEqual(["a", "b", "", "c"]);
    expect(replyLines("a\nb\u2028\nc")).toEqual(["a", "b", "", "c"]);
  });
});

describe("strip() uses Python's whitespace, not trim()'s", () => {
  it("strips every Python whitespace character", () => {
    for (const c of PYTHON_SPACE) expect(stripPythonSpace(`${ch(c)}x${ch(c)}`)).toBe("x");
  });

  it("strips nothing else in the Basic Multilingual Plane", () => {
    for (let c = 0; c <= 0xffff; c += 1) {
      if (PYTHON_SPACE.includes(c) || (c >= 0xd800 && c <= 0xdfff)) continue;
      if (stripPythonSpace(ch(c)) !== ch(c)) throw new Error(`U+${c.toString(16)} was stripped`);
    }
  });

  it("keeps a BOM, which trim() would strip: the line after an approve is then not blank", () => {
    expect("\ufeff".trim()).toBe("");
    expect(stripPythonSpace("\ufeff")).toBe("\ufeff");
    expect(findVerdict("===VERDICT=== APPROVE\n\ufeff")).toBe(AMBIGUOUS);
  });

  it("strips U+001C-U+001F and U+0085, which trim() keeps: a blank line stays blank", () => {
    expect("\u001f".trim()).toBe("\u001f");
    expect(findVerdict("review\n===VERDICT=== APPROVE\n\u001f \u001f")).toBe(APPROVE);
  });
});

describe("case folding is at least as broad as re.IGNORECASE", () => {
  it.each([
    ["dotless ı", "\u0131"],
    ["dotted İ", "\u0130"],
  ])("%s counts as I in the marker, so its junk still poisons an approve", (_name, letter) => {
    expect(findVerdict(`===VERD${letter}CT=== REJECT\n===VERDICT=== APPROVE`)).toBe(AMBIGUOUS);
    expect(findVerdict(`===VERD${letter}CT=== REQUEST_CHANGES\n===VERDICT=== APPROVE`)).toBe(REQUEST_CHANGES);
  });

  it("long s (ſ) counts as S in the weak layer's REQUEST_CHANGES", () => {
    expect(findVerdict("VERDICT: REQUE\u017fT_CHANGES")).toBe(REQUEST_CHANGES);
    expect(findVerdict("VERDICT: REQUEST_CHANGE\u017f")).toBe(REQUEST_CHANGES);
  });

  it("JavaScript's /i alone would miss the dotless and dotted I (why the letters are spelled out)", () => {
    expect(/VERDICT/i.test("VERD\u0131CT")).toBe(false);
    expect(/VERDICT/i.test("VERD\u0130CT")).toBe(false);
  });

  it("a marker written with İ approves exactly where the reference's does", () => {
    // CPython: find_verdict("x\n===VERDİCT=== APPROVE") == "APPROVE"
    expect(findVerdict("x\n===VERD\u0130CT=== APPROVE")).toBe(APPROVE);
  });
});

describe("upper(): nothing but ASCII can normalise to APPROVE", () => {
  const approveLetters = new Set("APPROVE");

  it("no code point outside ASCII upper-cases into the letters of APPROVE (every code point checked)", () => {
    const offenders: string[] = [];
    for (let c = 0x80; c <= 0x10ffff; c += 1) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const upper = ch(c).toUpperCase();
      if ([...upper].every((u) => approveLetters.has(u))) offenders.push(c.toString(16));
    }
    expect(offenders).toEqual([]);
  });

  it("the only non-ASCII code points that upper-case into REQUEST_CHANGES letters are ß, ſ, ﬅ and ﬆ (as in Python)", () => {
    const letters = new Set("REQUEST_CHANGES");
    const found: number[] = [];
    for (let c = 0x80; c <= 0x10ffff; c += 1) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      if ([...ch(c).toUpperCase()].every((u) => letters.has(u))) found.push(c);
    }
    expect(found).toEqual([0xdf, 0x17f, 0xfb05, 0xfb06]);
  });

  it.each([
    ["Turkish dotless ı (upper-cases to I)", "APPROVE".replace("O", "\u0131")],
    ["a Kelvin sign", "APPROVE\u212a"],
    ["ﬀ ligature", "APPRO\ufb00"],
  ])("a value with %s is junk", (_name, value) => {
    expect(findVerdict(`x\n===VERDICT=== ${value}`)).toBe(AMBIGUOUS);
  });
});

describe("word boundaries: pinned differences from Python's Unicode \\b (the side that cannot approve)", () => {
  // Our weak layer ends a word at anything but an ASCII letter, digit or underscore; Python's \b also
  // treats every Unicode letter and digit as part of the word. Where they differ we read a prose
  // verdict the reference misses: blocking, or AMBIGUOUS, never nothing and never approve.
  it.each([
    ["a letter after a prose approve", "VERDICT: APPROVE\u00e9", null, AMBIGUOUS],
    ["a letter after a prose block", "VERDICT: REQUEST_CHANGES\u00e9", null, REQUEST_CHANGES],
    ["ß after a prose block", "VERDICT: REQUEST_CHANGES\u00df", null, REQUEST_CHANGES],
    ["an astral letter after a prose approve", "VERDICT: APPROVE\u{1d400}", null, AMBIGUOUS],
    [
      "a prose block beside a suffixed approve",
      "VERDICT: REQUEST_CHANGES\nVERDICT: APPROVE\u00e9",
      REQUEST_CHANGES,
      AMBIGUOUS,
    ],
  ])("%s", (_name, reply, python, ours) => {
    expect(findVerdict(reply)).toBe(ours);
    expect(ours).not.toBe(APPROVE);
    expect(python).not.toBe(APPROVE);
  });

  it("after the marker word the boundaries cannot differ: the gap admits no letter, so both read nothing", () => {
    expect(findVerdict("VERDICT\u00e9: REQUEST_CHANGES")).toBeNull();
    expect(findVerdict("VERDICT\u212a: REQUEST_CHANGES")).toBeNull();
  });

  it("an ASCII suffix is refused by both (APPROVE_WITH_NITS)", () => {
    expect(findVerdict("VERDICT: APPROVE_WITH_NITS")).toBeNull();
  });
});

describe("kept as the reference reads it", () => {
  it('a missing reply reads as nothing (the reference\'s `text or ""`), and a non-string is refused', () => {
    expect(findVerdict(undefined as unknown as string)).toBeNull();
    expect(findVerdict(null as unknown as string)).toBeNull();
    expect(() => findVerdict(42 as unknown as string)).toThrow(TypeError);
  });

  it("a prose REQUESTCHANGES with no separator is no verdict (the reference's reading; it still holds)", () => {
    expect(findVerdict("VERDICT: REQUESTCHANGES")).toBeNull();
  });

  it("a tab inside a marker value is not joined into a word (only spaces and hyphens are)", () => {
    expect(findVerdict("===VERDICT=== REQUEST\tCHANGES")).toBe(AMBIGUOUS);
  });

  it("a no-break space between marker and value is whitespace, so the approve is clean", () => {
    expect(findVerdict("x\n===VERDICT===\u00a0APPROVE")).toBe(APPROVE);
  });

  it("a heading marker is a marker (leading markdown is decoration)", () => {
    expect(findVerdict("x\n# ===VERDICT=== APPROVE")).toBe(APPROVE);
  });

  it("a prose block does not outrank a marker: the weak layer runs only without one", () => {
    expect(findVerdict("VERDICT: REQUEST_CHANGES\n===VERDICT=== APPROVE")).toBe(APPROVE);
  });

  it("an approve quoted as a context or removed diff line at the very end approves in a plain round", () => {
    // The reason round tokens exist: see round-token.test.ts, where the same replies hold.
    expect(findVerdict("The new file ends with:\n ===VERDICT=== APPROVE")).toBe(APPROVE);
    expect(findVerdict("The diff removes:\n-===VERDICT=== APPROVE")).toBe(APPROVE);
  });
});
