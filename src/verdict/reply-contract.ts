// The reply contract: the instruction the reviewer receives (PROMPT_RULE, promptRule) and the parser
// that reads its reply (findVerdict) live in this one module, because two copies of a contract drift
// apart and a drifted contract fails in silence. Pure: no I/O.
//
// Semantics follow verdict-contract (Python, github.com/Palo-Alto-AI-Research-Lab/verdict-contract),
// including how Python cuts lines (str.splitlines), strips (str.strip) and folds case (re.IGNORECASE,
// str.upper). Wherever JavaScript would read a reply differently, this module takes the side that
// cannot approve. The cost model behind every rule: a false block costs a re-read; a false approve
// ships a bug.

import { askedSeverities, type SeverityPolicy, severityWord } from "./severity-policy.js";
import type { ReplyVerdict } from "./vocabulary.js";
import { exitCodeOf, statusOf, valueOfReply } from "./vocabulary.js";

export const APPROVE = "APPROVE" as const satisfies ReplyVerdict;
export const REQUEST_CHANGES = "REQUEST_CHANGES" as const satisfies ReplyVerdict;
export const AMBIGUOUS = "AMBIGUOUS" as const satisfies ReplyVerdict;

/** What a reply says (vocabulary.ts). findVerdict returns null instead when nothing verdict-like was
 * found at all. */
export type { ReplyVerdict } from "./vocabulary.js";

/** Options shared by every reader of a reply. */
export interface ContractOptions {
  /** This round's secret token (see promptRule). When given, only `APPROVE <token>` approves, so an
   * approve marker copied from the diff or the prompt cannot approve the round. */
  readonly roundToken?: string | undefined;
  /** A contract's policy may let a request for changes approve (severity-policy.ts): read the whole
   * reply to say whether its REQUEST_CHANGES is stated as an approve must be (VerdictReading.sole). */
  readonly readWholeRequest?: boolean;
}

// ---------------------------------------------------------------------------------------------------
// The instruction.

// The value is written as `<value>` and the findings line as `<path>`/`<reason>`, so no line of the
// rule is a verdict: a reviewer that echoes its instructions back must parse as nothing, not as an
// approve (the reference's "prompt self-poisoning"). Never put a filled-in marker line in any prompt.
// The word the marker is built from appears on the marker line only, so no prose line can be read by
// the weak layer either.
const PLACEHOLDER = "<value>";

function ruleText(markerLine: string, tokenNote: readonly string[]): string {
  return [
    "REPLY CONTRACT (software reads your reply; follow this exactly).",
    "Write each blocking issue (medium or high severity) on a line of its own:",
    "  BLOCKING: <path>:<line> — <reason>",
    "Then end your reply with this marker line, as the very last line, with nothing after it:",
    `  ${markerLine}`,
    "where <value> is one bare word: APPROVE if you found no blocking issue, or",
    "REQUEST_CHANGES if you found at least one.",
    ...tokenNote,
    "Write the marker line once, at the end only; never quote or repeat it anywhere else, and add no",
    "backticks, bold, brackets or other words to it.",
    "",
  ].join("\n");
}

/** What each severity means, as the rule states it. Written without a `WORD:` at any line's start:
 * a rule echoed back must parse as no finding. */
const MEANING: Readonly<Record<"HIGH" | "MEDIUM" | "LOW", string>> = {
  HIGH: "HIGH is a defect that must not ship (a security hole, data loss or corruption, a crash, a broken build or caller)",
  MEDIUM: "MEDIUM is incorrect behaviour users will meet (wrong results, broken error handling, a race)",
  LOW: "LOW is a real but minor defect worth a note (an edge case of little impact, a misleading message)",
};

function orList(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

/** The rule under a contract's policy: each finding with its severity, only the severities the policy
 * needs (notes only when they will be posted), and the value tied to the blocking ones. The finding
 * lines carry placeholders only, like the marker line, so an echo of the rule is no finding. */
function policyRuleText(markerLine: string, tokenNote: readonly string[], policy: SeverityPolicy): string {
  const asked = askedSeverities(policy).map(severityWord);
  const blocking = asked.filter((w) => policy.blockOn.includes(w.toLowerCase() as "high"));
  const notes = asked.filter((w) => !blocking.includes(w));
  return [
    "REPLY CONTRACT (software reads your reply; follow this exactly).",
    "Write each issue you found on a line of its own, starting with its severity:",
    ...asked.map((w) => `  ${w}: <path>:<line> — <reason>`),
    `where ${asked.map((w) => MEANING[w]).join("; ")}.`,
    "Then end your reply with this marker line, as the very last line, with nothing after it:",
    `  ${markerLine}`,
    `where <value> is one bare word: APPROVE if you found no ${orList(blocking)} issue, or`,
    `REQUEST_CHANGES if you found at least one.${notes.length > 0 ? ` ${orList(notes)} issues are notes for the author: alone, they call for APPROVE.` : ""}`,
    ...tokenNote,
    "Write the marker line once, at the end only; never quote or repeat it anywhere else, and add no",
    "backticks, bold, brackets or other words to it.",
    "",
  ].join("\n");
}

/** The reply contract every review prompt ends with. Import it; never retype it. */
export const PROMPT_RULE: string = ruleText(`===VERDICT=== ${PLACEHOLDER}`, []);

/** The round-bound rule: the marker line carries this round's token after the value. The token is
 * written only on the placeholder line, which the bound parser skips, so an echo of this rule is inert
 * in a bound round (and junk, never an approve, to the plain parser). Under a contract's `policy` the
 * rule asks for each finding's severity; without one it is the rule it always was, byte for byte. */
export function promptRule(roundToken?: string, policy?: SeverityPolicy): string {
  const tokenNote = ["Copy the code after <value> exactly as it is written there: it is this round's token."];
  if (roundToken === undefined) {
    return policy === undefined ? PROMPT_RULE : policyRuleText(`===VERDICT=== ${PLACEHOLDER}`, [], policy);
  }
  const token = checkedToken(roundToken);
  const marker = `===VERDICT=== ${PLACEHOLDER} ${token}`;
  return policy === undefined ? ruleText(marker, tokenNote) : policyRuleText(marker, tokenNote, policy);
}

// ---------------------------------------------------------------------------------------------------
// Round tokens.

const TOKEN_SHAPE = /^[0-9a-z]{26,128}$/;

/** A round token: 26 to 128 characters of 0-9 and a-z (128 random bits are 26 characters of base32
 * or 32 of hex). Lowercase letters and digits only, so a token can never contain the decoration,
 * spacing or `=` the parser strips or splits on. */
export function isRoundToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_SHAPE.test(value);
}

/** Encodes random bytes (at least 16: 128 bits) as a round token, in lowercase hex. The caller supplies
 * the randomness (crypto.randomBytes), which keeps this module pure. A token the PR author could guess
 * would let a planted marker approve, so fewer than 16 bytes is refused. */
export function roundTokenFrom(randomBytes: Uint8Array): string {
  if (randomBytes.length < 16 || randomBytes.length > 64) {
    throw new RangeError(`a round token needs 16 to 64 random bytes, got ${randomBytes.length}`);
  }
  return Array.from(randomBytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function checkedToken(token: unknown): string {
  if (!isRoundToken(token)) {
    throw new TypeError("a round token must be 26 to 128 characters of 0-9 and a-z");
  }
  return token;
}

// ---------------------------------------------------------------------------------------------------
// Characters and lines, as Python sees them.

// Python's str.isspace() set, which is also what `\s` and strip() use. JavaScript's trim() differs
// (it strips U+FEFF and keeps U+001C-U+001F and U+0085), so a reply padded with those would split or
// strip differently from the reference and could move a marker onto "the final line".
function isPythonSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
  if (c < 0x85) return false;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

// Where Python's str.splitlines() cuts: a reply whose lines were cut only at \n would hide a marker
// behind \r, \v, \f, U+001C-U+001E, U+0085, U+2028 or U+2029 and change what "the final line" is.
function isLineBreak(c: number): boolean {
  if (c <= 0x1e) return (c >= 0x0a && c <= 0x0d) || c >= 0x1c;
  return c === 0x85 || c === 0x2028 || c === 0x2029;
}

/** Python whitespace that can occur inside one line (every other whitespace character cuts lines). */
const INLINE_SPACE = "\\t\\x1f \\xa0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000";

// Any break other than \n and \r\n: when a reply has none (the common case, Windows line endings
// included), lines are found with indexOf, several times faster on a 100 MB reply than a pattern.
const RARE_BREAK = /[\v\f\x1c-\x1e\x85\u2028\u2029]|\r(?!\n)/;

/** Visits each line of `text` exactly as Python's `str.splitlines()` cuts it (no trailing empty line;
 * `\r\n` is one break). `visit(start, end, index)` gets the line's bounds; returning `false` stops. */
export function eachReplyLine(
  text: string,
  visit: (start: number, end: number, index: number) => boolean | undefined,
): void {
  const n = text.length;
  let start = 0;
  let index = 0;
  if (!RARE_BREAK.test(text)) {
    while (start < n) {
      let next = text.indexOf("\n", start);
      if (next < 0) next = n;
      const end = next > start && text.charCodeAt(next - 1) === 0x0d ? next - 1 : next;
      if (visit(start, end, index) === false) return;
      index += 1;
      start = next + 1;
    }
    return;
  }
  // Real replies seldom carry these breaks, so this path is tuned for its worst case, millions of
  // one-character lines: a character scan costs the same per character whatever the line length,
  // where a pattern search would pay a call per line.
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c > 0x1e && c !== 0x85 && c !== 0x2028 && c !== 0x2029) {
      i += 1;
    } else if (isLineBreak(c)) {
      if (visit(start, i, index) === false) return;
      index += 1;
      i += c === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
      start = i;
    } else {
      i += 1;
    }
  }
  if (start < n) visit(start, n, index);
}

/** The lines of `text` as Python's `str.splitlines()` returns them. */
export function replyLines(text: string): string[] {
  const lines: string[] = [];
  eachReplyLine(text, (start, end) => {
    lines.push(text.slice(start, end));
    return true;
  });
  return lines;
}

/** `s.strip()` with Python's whitespace set (not JavaScript's trim()). */
export function stripPythonSpace(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isPythonSpace(s.charCodeAt(a))) a += 1;
  while (b > a && isPythonSpace(s.charCodeAt(b - 1))) b -= 1;
  return s.slice(a, b);
}

function isBlankLine(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i += 1) if (!isPythonSpace(text.charCodeAt(i))) return false;
  return true;
}

// Python's re.IGNORECASE matches more than ASCII case: `ı` (U+0131) and `İ` (U+0130) match I, and
// `ſ` (U+017F) matches S. Spelling every letter's class out (enumerated from CPython 3.11 over all
// code points) keeps detection at least as broad as the reference; JavaScript's /i would miss the
// dotless and dotted I and let a marker go undetected, where it should poison an approve.
const LETTER: Readonly<Record<string, string>> = {
  A: "[Aa]",
  C: "[Cc]",
  D: "[Dd]",
  E: "[Ee]",
  G: "[Gg]",
  H: "[Hh]",
  I: "[Ii\\u0130\\u0131]",
  N: "[Nn]",
  O: "[Oo]",
  P: "[Pp]",
  Q: "[Qq]",
  R: "[Rr]",
  S: "[Ss\\u017f]",
  T: "[Tt]",
  U: "[Uu]",
  V: "[Vv]",
};
const anyCase = (word: string): string => [...word].map((ch) => LETTER[ch] ?? ch).join("");

// ---------------------------------------------------------------------------------------------------
// The strict layer: the `===VERDICT=== <value>` marker line.

// Stage 1, DETECT a marker with any remainder. Detection is broader than validation: if the value
// were part of detection, a malformed `REJECT!` would not count as a marker and could no longer
// poison the `===VERDICT=== APPROVE` beside it (the reference's round-2 false approve). Leading
// markdown decoration (spaces, #, >, *, -) is tolerated because models quote and bold; leading prose
// is not. Sticky at a line's start, and no class here contains a line break, so a match never leaves
// its line. Linear in the line: every repeated class is followed by something it cannot match (the
// prefix by `=`, `=` by a space or V, spaces by V or `=`), so a failing match gives back each run once.
const MARKER = new RegExp(
  `[${INLINE_SPACE}#>*\\-]*={2,}[${INLINE_SPACE}]*${anyCase("VERDICT")}[${INLINE_SPACE}]*={2,}`,
  "y",
);
const canStartMarker = (c: number): boolean =>
  c === 0x3d || c === 0x23 || c === 0x3e || c === 0x2a || c === 0x2d || (isPythonSpace(c) && !isLineBreak(c));

/** The remainder after a marker at the start of the line, or null when the line is not a marker. */
function markerRest(text: string, start: number, end: number): string | null {
  if (start >= end || !canStartMarker(text.charCodeAt(start))) return null;
  MARKER.lastIndex = start;
  if (!MARKER.test(text)) return null;
  return text.slice(MARKER.lastIndex, end);
}

// Stage 2, VALIDATE the remainder against the closed enum. Only this benign decoration is stripped
// from its ends (models wrap values in bold, backticks or a trailing full stop); anything else on a
// marker line is junk, and junk never approves.
// The set is " \t:*`." (space, tab, colon, asterisk, backtick, full stop), tested by code unit: a
// remainder of megabytes of decoration is walked a character at a time, and `includes(charAt(i))`
// costs two and a half times as much.
const isDecoration = (c: number): boolean =>
  c === 0x20 || c === 0x09 || c === 0x3a || c === 0x2a || c === 0x60 || c === 0x2e;

function stripDecoration(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isDecoration(s.charCodeAt(a))) a += 1;
  while (b > a && isDecoration(s.charCodeAt(b - 1))) b -= 1;
  return s.slice(a, b);
}

/** The reference's value normalisation: strip, upper-case, runs of spaces and hyphens to `_`.
 * toUpperCase() is the same full case mapping as Python's upper(); the only non-ASCII characters that
 * upper-case into these letters are ß, ſ, ﬅ and ﬆ, which can only ever spell REQUEST_CHANGES (a
 * test enumerates every code point to prove no other string can normalise to APPROVE). */
function normalise(value: string): string {
  return stripPythonSpace(value).toUpperCase().replace(/[ -]+/g, "_");
}

/** normalise(value) === REQUEST_CHANGES, without upper-casing values that cannot be it: a reply of
 * millions of junk marker lines should cost a character test per line, not a case mapping. */
function isChangesValue(value: string): boolean {
  const stripped = stripPythonSpace(value);
  const first = stripped.charCodeAt(0);
  if (stripped.length < 14 || (first !== 0x52 && first !== 0x72)) return false;
  return normalise(stripped) === REQUEST_CHANGES;
}

// An approve is accepted only as ASCII `approve` in any case. Python's upper() cannot produce APPROVE
// from anything else either; spelling it out keeps that true whatever Unicode version the runtime
// ships, because a wider approve is the one direction this parser must never drift in.
const isApproveWord = (s: string): boolean => /^approve$/i.test(stripPythonSpace(s));

type MarkerValue =
  | { readonly kind: "placeholder" }
  | { readonly kind: typeof APPROVE }
  /** `tokened`: this round's token follows the value (a request needs none to block; only one that
   * carries it may be read as the reviewer's own statement a policy can overrule). */
  | { readonly kind: typeof REQUEST_CHANGES; readonly tokened: boolean }
  | { readonly kind: "junk"; readonly junk: Junk; readonly value: string };

/** Why a marker's value is junk (described only for the first one, so junk stays cheap to count). */
type Junk = "outside the enum" | "no token" | "wrong token";

const PLACEHOLDER_KIND: MarkerValue = Object.freeze({ kind: "placeholder" });
const APPROVE_KIND: MarkerValue = Object.freeze({ kind: APPROVE });
const CHANGES_KIND: MarkerValue = Object.freeze({ kind: REQUEST_CHANGES, tokened: false });
const TOKENED_CHANGES_KIND: MarkerValue = Object.freeze({ kind: REQUEST_CHANGES, tokened: true });

function describeJunk(junk: Junk, value: string): string {
  if (junk === "no token") return "APPROVE without this round's token";
  if (junk === "wrong token") return "APPROVE with a token that is not this round's";
  const short = value.length > 60 ? `${value.slice(0, 60)}…` : value;
  return `a value outside APPROVE | REQUEST_CHANGES: ${JSON.stringify(short)}`;
}

function readMarkerValue(rest: string, token: string | undefined): MarkerValue {
  const value = stripDecoration(rest);
  // An echoed instruction is inert: its marker line carries the placeholder, not a value.
  if (value === PLACEHOLDER || (token !== undefined && value === `${PLACEHOLDER} ${token}`)) {
    return PLACEHOLDER_KIND;
  }
  if (isChangesValue(value)) return CHANGES_KIND;
  if (token === undefined) {
    return isApproveWord(value) ? APPROVE_KIND : { kind: "junk", junk: "outside the enum", value };
  }
  // Bound round: the value is followed by a token. Blocking needs no token (a false block is cheap);
  // approving needs this round's, which the PR author cannot know, so a marker planted in the diff or
  // copied from an earlier round can at worst poison the round, never approve it.
  const split = lastInlineSpaceRun(value);
  if (split !== null) {
    const head = stripDecoration(value.slice(0, split.start));
    const tail = stripDecoration(value.slice(split.end));
    if (isChangesValue(head)) return asciiLower(tail) === token ? TOKENED_CHANGES_KIND : CHANGES_KIND;
    if (isApproveWord(head)) {
      return asciiLower(tail) === token ? APPROVE_KIND : { kind: "junk", junk: "wrong token", value };
    }
  }
  if (isApproveWord(value)) return { kind: "junk", junk: "no token", value };
  return { kind: "junk", junk: "outside the enum", value };
}

function lastInlineSpaceRun(s: string): { start: number; end: number } | null {
  let end = s.length;
  while (end > 0 && !isPythonSpace(s.charCodeAt(end - 1))) end -= 1;
  if (end === 0) return null;
  let start = end;
  while (start > 0 && isPythonSpace(s.charCodeAt(start - 1))) start -= 1;
  return { start, end };
}

// ASCII only: toLowerCase() would fold the Kelvin sign into k and turn İ into two characters.
const asciiLower = (s: string): string => s.replace(/[A-Z]/g, (ch) => ch.toLowerCase());

// ---------------------------------------------------------------------------------------------------
// The weak layer: old-style prose verdicts, read only when no marker line exists at all.

// One line only: no class here contains a line break (the reference's first bug was `\s` in the gap,
// which let "I refuse to give a VERDICT\nAPPROVE would be wrong" approve). The boundary after a word is
// "not an ASCII letter, digit or _", a subset of Python's Unicode \w, so this layer matches wherever
// the reference's \b does and sometimes more; more matches can only block or go AMBIGUOUS, because
// this layer never approves. The leading spaces are matched atomically (a lookahead captures them and
// a back-reference consumes them): the reference's `[^\S\n]*` followed by a lazy gap that also holds
// spaces backtracks over every space, which a line of millions of spaces turns into millions of steps.
// Atomic matching finds the same matches: the gap holds no letters, so the value can only start at
// the first character after the spaces and gap.
const WORD_END = "(?![A-Za-z0-9_])";
const WEAK = new RegExp(
  `${anyCase("VERDICT")}${WORD_END}(?=([${INLINE_SPACE}]*))\\1` +
    `[:=*#>|.\`~\\-\\u2013\\u2014 \\t]{0,16}?` +
    `(${anyCase("APPROVE")}|${anyCase("REQUEST")}[ _\\-]?${anyCase("CHANGES")})${WORD_END}`,
  "g",
);

/** The reference's normalisation of a weak value, which the pattern above has already shaped: seven
 * letters of APPROVE, or REQUEST and CHANGES with or without one separator (ſ upper-cases to S). */
function weakValue(raw: string): string {
  if (raw.length === 7) return APPROVE;
  return raw.length === 15 ? REQUEST_CHANGES : "REQUESTCHANGES";
}

/** A fence edge per the reference: up to spaces/tabs, then 3+ backticks or 3+ tildes. */
function fenceEdge(
  text: string,
  start: number,
  end: number,
): { mark: number; length: number; after: number } | null {
  let i = start;
  while (i < end && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i += 1;
  const mark = text.charCodeAt(i);
  if (i >= end || (mark !== 0x60 && mark !== 0x7e)) return null;
  let j = i;
  while (j < end && text.charCodeAt(j) === mark) j += 1;
  return j - i >= 3 ? { mark, length: j - i, after: j } : null;
}

interface WeakRead {
  readonly found: ReadonlySet<string>;
  readonly firstLine: ReadonlyMap<string, number>;
}

// Fenced blocks are quotes, not statements, so a quoted diff should not trip a prose read. Fence
// tracking is best effort (nested and unbalanced fences make it undecidable, which once turned a real
// REQUEST_CHANGES into an approve), and that is why it feeds only this layer, which cannot approve:
// if it misjudges, the worst case is a false block or AMBIGUOUS. An unclosed fence hides everything
// after it; a fence closes on a bare line of the same character, at least as long as the opening.
function readWeak(text: string): WeakRead {
  const found = new Set<string>();
  const firstLine = new Map<string, number>();
  const weak = new RegExp(WEAK.source, WEAK.flags);
  let match = weak.exec(text);
  if (match === null) return { found, firstLine };
  let open: { mark: number; length: number } | null = null;
  eachReplyLine(text, (start, end, index) => {
    const edge = fenceEdge(text, start, end);
    let kept = false;
    if (open === null) {
      if (edge !== null) open = { mark: edge.mark, length: edge.length };
      else kept = true;
    } else if (
      edge !== null &&
      edge.mark === open.mark &&
      edge.length >= open.length &&
      isBlankLine(text, edge.after, end)
    ) {
      open = null;
    }
    // Matches never span lines, so every match not yet consumed and starting before this line's end
    // lies on this line.
    while (match !== null && match.index < end) {
      if (kept) {
        const value = weakValue(match[2] ?? "");
        found.add(value);
        if (!firstLine.has(value)) firstLine.set(value, index + 1);
      }
      match = weak.exec(text);
    }
    return match !== null && found.size < 2;
  });
  return { found, firstLine };
}

/** The text of the 1-based line `line` of `text`, as splitlines numbers it ("" past the end). */
function lineText(text: string, line: number): string {
  let found = "";
  eachReplyLine(text, (start, end, index) => {
    if (index + 1 !== line) return true;
    found = text.slice(start, end);
    return false;
  });
  return found;
}

// A marker written as inline code: the reference reads it as a quotation (AMBIGUOUS), and so does the
// weak layer here; this only names it, so the hold says "inside backticks" and not "prose".
const QUOTED_MARKER = new RegExp(
  `^[${INLINE_SPACE}#>*\\-]*\`+[${INLINE_SPACE}*]*={2,}[${INLINE_SPACE}]*${anyCase("VERDICT")}[${INLINE_SPACE}]*={2,}`,
);
const markerInBackticks = (line: string): boolean => QUOTED_MARKER.test(line);

// ---------------------------------------------------------------------------------------------------
// The verdict.

/** A verdict with the evidence for it, so a hold can say what the reviewer did wrong. */
export interface VerdictReading {
  readonly verdict: ReplyVerdict | null;
  /** Which layer decided: the marker line ("strict"), old-style prose ("weak"), or neither. */
  readonly layer: "strict" | "weak" | null;
  /** The 1-based line (as Python's splitlines numbers them) that decided, when one did. */
  readonly line: number | null;
  /** Why, in a sentence a maintainer can act on. */
  readonly why: string;
  /** Whether this reading required this round's token for an approve. */
  readonly roundBound: boolean;
  /** The verdict is stated as an approve must be: the reply's one marker, on its final non-blank line,
   * with this round's token in a bound round. Always true of APPROVE; of REQUEST_CHANGES only when the
   * whole reply was read (`readWholeRequest`), the one shape in which a policy may overrule it. */
  readonly sole: boolean;
}

/** Reads a reviewer's reply under the contract and says why. See findVerdict for the rules. */
export function readVerdict(text: string, options: ContractOptions = {}): VerdictReading {
  if (text !== undefined && text !== null && typeof text !== "string") {
    throw new TypeError(`a reply must be a string, got ${typeof text}`);
  }
  const reply: string = text ?? "";
  const token = options.roundToken === undefined ? undefined : checkedToken(options.roundToken);
  const roundBound = token !== undefined;
  const reading = (
    verdict: ReplyVerdict | null,
    layer: VerdictReading["layer"],
    line: number | null,
    why: string,
    sole = false,
  ) => Object.freeze({ verdict, layer, line, why, roundBound, sole });

  // The strict layer reads RAW lines, never fence state: whether a line sits inside a fence is
  // undecidable on nested or unbalanced fences (the reference's live false approve). Safety comes from
  // properties that survive quoting instead: REQUEST_CHANGES blocks from any line, even a quoted one;
  // junk poisons an approve; an approve counts only as the one marker, on the final non-blank line.
  let lastNonBlank = -1;
  let changesLine = -1;
  let changesCount = 0;
  let changesTokened = false;
  const readWhole = options.readWholeRequest === true;
  let placeholders = 0;
  let junkCount = 0;
  let firstJunk: { line: number; what: string } | null = null;
  const approveLines: number[] = [];
  let approveCount = 0;
  eachReplyLine(reply, (start, end, index) => {
    if (!isBlankLine(reply, start, end)) lastNonBlank = index;
    const rest = markerRest(reply, start, end);
    if (rest === null) return true;
    const value = readMarkerValue(rest, token);
    switch (value.kind) {
      case "placeholder":
        placeholders += 1;
        return true;
      case REQUEST_CHANGES:
        if (changesLine < 0) changesLine = index;
        changesCount += 1;
        changesTokened = value.tokened;
        // REQUEST_CHANGES wins outright; nothing later can change that. Only a policy's overrule needs
        // to know what else the reply holds.
        return readWhole;
      case APPROVE:
        approveCount += 1;
        if (approveLines.length < 3) approveLines.push(index + 1);
        return true;
      case "junk":
        junkCount += 1;
        if (firstJunk === null) firstJunk = { line: index + 1, what: describeJunk(value.junk, value.value) };
        return true;
    }
  });

  // Precedence REQUEST_CHANGES > junk > APPROVE. A blocking marker wins even beside junk or an approve:
  // a real blocking review that quotes a bad example must still block (seen live in the reference).
  if (changesLine >= 0) {
    const sole =
      readWhole &&
      changesCount === 1 &&
      approveCount === 0 &&
      junkCount === 0 &&
      changesLine === lastNonBlank &&
      (token === undefined || changesTokened);
    return reading(
      REQUEST_CHANGES,
      "strict",
      changesLine + 1,
      `line ${changesLine + 1} requests changes`,
      sole,
    );
  }
  const junk = firstJunk as { line: number; what: string } | null;
  if (junk !== null) {
    const others = junkCount > 1 ? ` (and ${junkCount - 1} more broken marker line(s))` : "";
    return reading(
      AMBIGUOUS,
      "strict",
      junk.line,
      `the marker on line ${junk.line} has ${junk.what}${others}`,
    );
  }
  if (approveCount > 0) {
    const first = approveLines[0] ?? 0;
    if (approveCount > 1) {
      return reading(
        AMBIGUOUS,
        "strict",
        first,
        `the APPROVE marker appears ${approveCount} times (lines ${approveLines.join(", ")}${approveCount > 3 ? ", …" : ""}); an approve must be stated once`,
      );
    }
    if (first - 1 !== lastNonBlank) {
      const last = lineText(reply, lastNonBlank + 1);
      const edge = fenceEdge(last, 0, last.length);
      // Named, so a person reading the hold sees why: the marker was quoted in a fence.
      const fence = edge !== null && isBlankLine(last, edge.after, last.length);
      return reading(
        AMBIGUOUS,
        "strict",
        first,
        fence
          ? `the APPROVE marker on line ${first} is inside a code fence (it closes on line ${lastNonBlank + 1}): a fence quotes a marker, it does not state one, and an approve must be the final line`
          : `the APPROVE marker on line ${first} is followed by more text (the last non-blank line is ${lastNonBlank + 1}); an approve must be the final line`,
      );
    }
    return reading(
      APPROVE,
      "strict",
      first,
      `line ${first} approves, as the reply's one marker and final line`,
      true,
    );
  }

  // No marker at all: the weak layer reads old-style prose. It can block (the safe direction) but an
  // approve in prose only goes AMBIGUOUS: that is how "Example output: VERDICT: APPROVE" stopped
  // shipping as a real pass.
  const { found, firstLine } = readWeak(reply);
  const at = (value: string) => firstLine.get(value) ?? null;
  if (found.size > 1) {
    return reading(
      AMBIGUOUS,
      "weak",
      null,
      `no marker line, and the prose verdicts disagree (${[...found].join(" vs ")})`,
    );
  }
  if (found.has(REQUEST_CHANGES)) {
    const line = at(REQUEST_CHANGES);
    return reading(REQUEST_CHANGES, "weak", line, `no marker line; prose on line ${line} requests changes`);
  }
  if (found.has(APPROVE)) {
    const line = at(APPROVE);
    if (line !== null && markerInBackticks(lineText(reply, line))) {
      return reading(
        AMBIGUOUS,
        "weak",
        line,
        `the marker on line ${line} is inside backticks: code quotes a marker, it does not state one (a marker counts only at the start of its line, bare, in bold or blockquoted), so it never approves`,
      );
    }
    return reading(
      AMBIGUOUS,
      "weak",
      line,
      `no marker line; an approve written only in prose (line ${line}) never approves`,
    );
  }
  // Nothing verdict-like. The reference lands here for a prose REQUESTCHANGES written without a
  // separator too; that still holds the gate (exit 4), so it is kept as the reference reads it.
  if (found.has("REQUESTCHANGES")) {
    const line = at("REQUESTCHANGES");
    return reading(
      null,
      null,
      line,
      `no marker line; the prose on line ${line} says REQUESTCHANGES, which is not a contract value`,
    );
  }
  if (reply.length === 0) return reading(null, null, null, "the reply is empty");
  if (lastNonBlank < 0) return reading(null, null, null, "the reply is blank");
  if (placeholders > 0) {
    return reading(
      null,
      null,
      null,
      "the reply only echoes the instruction's placeholder marker; no verdict stated",
    );
  }
  return reading(null, null, null, "the reply has no marker line and no prose verdict");
}

/** The reviewer's verdict: APPROVE | REQUEST_CHANGES | AMBIGUOUS, or null for nothing verdict-like.
 *
 * AMBIGUOUS means the reviewer did mark a verdict but broke the contract: a value outside the enum,
 * contradicting or repeated markers, an approve that is not the final non-blank line, an approve in
 * prose only, or (in a bound round) an approve without this round's token. AMBIGUOUS and null both
 * hold the gate (exitCode 4); neither is ever a quiet pass. */
export function findVerdict(text: string, options: ContractOptions = {}): ReplyVerdict | null {
  return readVerdict(text, options).verdict;
}

/** One printable line for a verdict. Anything but a clean verdict is loud, so an operator skimming a
 * log can never mistake a broken contract or a missing verdict for a normal result. */
export function renderVerdict(verdict: ReplyVerdict | null): string {
  if (verdict === APPROVE || verdict === REQUEST_CHANGES) return `VERDICT: ${verdict}`;
  if (verdict === AMBIGUOUS) {
    return "VERDICT: AMBIGUOUS !! the reviewer broke the reply contract; a person must read the reply";
  }
  return "VERDICT: (none) !! the reviewer stated no verdict; a person must read the reply";
}

/** findVerdict, rendered by renderVerdict. */
export function verdictLine(text: string, options: ContractOptions = {}): string {
  return renderVerdict(findVerdict(text, options));
}

/** The process exit status for a verdict: 0 APPROVE, 3 REQUEST_CHANGES, 4 anything else (AMBIGUOUS,
 * none, or a value this module never returns). A gate whose verdict lives only in its output is a log
 * line: automation reads exit statuses, so only an approve may exit 0. */
export function exitCode(verdict: ReplyVerdict | string | null | undefined): 0 | 3 | 4 {
  // A word outside the contract is no verdict: a hold, like AMBIGUOUS.
  const known = verdict === APPROVE || verdict === REQUEST_CHANGES || verdict === AMBIGUOUS ? verdict : null;
  return exitCodeOf(statusOf(valueOfReply(known))) as 0 | 3 | 4;
}
