// The reviewer's part of a round: its reply read under the reply contract, with each
// `BLOCKING: <path>:<line> — <reason>` line as a named reason. A blocked round must say why, because
// the reasons go back to the author and into the next round's exclusion history; an anonymous block
// is one nobody can act on. Pure: no I/O.
import { maybe, no, type Result, yes } from "./four-values.js";
import {
  AMBIGUOUS,
  APPROVE,
  type ContractOptions,
  eachReplyLine,
  REQUEST_CHANGES,
  readVerdict,
  stripPythonSpace,
} from "./reply-contract.js";

/** One BLOCKING line from a reviewer's reply. */
export interface Finding {
  /** The file, as the reviewer wrote it; "" when the line names no location. */
  readonly path: string;
  /** The first line the finding points at, when given. */
  readonly line?: number;
  /** The last line of a range (`12-15`), when given. */
  readonly endLine?: number;
  /** What is wrong, as the reviewer wrote it ("" when it wrote nothing after the location). */
  readonly reason: string;
  /** The whole line, stripped. */
  readonly raw: string;
}

// Models decorate: list bullets (`-`, `*`, `+`, `1.`), blockquotes, bold or underscores around the
// keyword, the colon inside or outside the bold. Missing a finding because it was bulleted would turn
// a block into "requested changes without saying why"; tolerate the decoration, not prose before it.
// Sticky at a line's start. Spaces here never include a line break: a `\s*` that could run on into
// the next lines would rescan every following blank line from each blank line, which a reply of
// millions of empty lines turns quadratic. Only single-character classes repeat without bound: a
// repeated group such as `(?:>\s*)*` costs the engine a backtrack entry per repetition, and a line of
// millions of `> ` then overflows its stack (a crash, found by the stress test in findings.test.ts).
const SPACE = "\\t \\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000\\ufeff\\x1f";
// Also `#` headings, inline code and task-list boxes (`- [ ] BLOCKING: …`): a finding the gate does
// not see lets an APPROVE beside it pass.
const keywordHead = (keyword: string): RegExp =>
  new RegExp(
    `[>#\`${SPACE}]*(?:(?:[-*+•]|\\d{1,9}[.)])[${SPACE}]+)?(?:\\[[ xX]\\][${SPACE}]+)?(?:\\*\\*|__|\`)?${keyword}(?:\\*\\*|__|\`)?[${SPACE}]*:(?:\\*\\*|__|\`)?[${SPACE}]*`,
    "iy",
  );
const HEAD = keywordHead("BLOCKING");
// The prompt asks for `UNRESOLVED: <number> — <why>` for an earlier reason that still stands, and says
// such a reason is a blocking finding: an APPROVE beside one contradicts itself, like one beside a
// BLOCKING line.
const UNRESOLVED_HEAD = keywordHead("UNRESOLVED");

const NOTHING = /^[*_`([]*(none|nothing|n\/a|no blocking issues?( found)?|none found)[*_`)\].!]*$/i;

// The PROMPT_RULE shows the format as `<path>:<line>`; an echoed instruction is not a finding. Only the
// placeholder itself is: `<path>/src/a.ts:3` names a real file behind a stray prefix.
const isPlaceholder = (path: string): boolean => path === "<path>" || path.startsWith("<path>:");

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isSeparator = (ch: string): boolean => ch === "—" || ch === "–" || ch === "-" || ch === ":";

/** The start of the run of (at most nine) digits that ends at `end`. */
function digitsBefore(s: string, end: number): number {
  let i = end;
  while (i > 0 && end - i < 9 && isDigit(s.charCodeAt(i - 1))) i -= 1;
  return i;
}

interface Location {
  path: string;
  line?: number;
  endLine?: number;
}

/** Splits `path:12`, `path:12-15`, `path:L12`, `path#L12-L15` into a path and its lines; anything
 * else is all path. Read from the end by hand, so a location of any length costs one pass. */
function splitLocation(loc: string): Location {
  const last = digitsBefore(loc, loc.length);
  if (last === loc.length) return { path: loc };
  const second = Number(loc.slice(last, loc.length));
  let k = last;
  const markedSecond = loc.charAt(k - 1) === "L";
  if (markedSecond) k -= 1;
  const before = loc.charAt(k - 1);
  if (before === ":" || (before === "#" && markedSecond)) return { path: loc.slice(0, k - 1), line: second };
  if (before === "-" || before === "–") {
    const first = digitsBefore(loc, k - 1);
    if (first < k - 1) {
      let j = first;
      const markedFirst = loc.charAt(j - 1) === "L";
      if (markedFirst) j -= 1;
      const lead = loc.charAt(j - 1);
      if (lead === ":" || (lead === "#" && markedFirst)) {
        return { path: loc.slice(0, j - 1), line: Number(loc.slice(first, k - 1)), endLine: second };
      }
    }
  }
  return { path: loc };
}

const LINE_AFTER_QUOTE = /^:L?(\d{1,9})(?:\s*[-–]\s*L?(\d{1,9}))?/;

function reasonFrom(after: string): string {
  let s = stripPythonSpace(after);
  let i = 0;
  while (i < s.length && isSeparator(s.charAt(i))) i += 1;
  s = stripPythonSpace(s.slice(i));
  return s;
}

/** `s` with the characters of `lead` taken off its start and those of `trail` off its end. Separate
 * sets, because a path may start with what a sentence ends with: `.env`, `.github/…` and `./src/a.ts`
 * start with a dot, and a reader that trimmed `.` from both ends reported `.github/workflows/x.yml` as
 * `github/workflows/x.yml`, a file the diff does not have (issue 35). */
const trimEnds = (s: string, lead: string, trail: string): string => {
  let a = 0;
  let b = s.length;
  while (a < b && lead.includes(s.charAt(a))) a += 1;
  while (b > a && trail.includes(s.charAt(b - 1))) b -= 1;
  return s.slice(a, b);
};

/** The spellings under which a finding's path may name a file of the diff, the path as written first:
 * then without a leading `./` (relative to the top of the tree), then without git's `a/` or `b/` side
 * prefix (a reviewer copying the diff's header). A caller takes the first that names a changed file, so a
 * real directory named `a` is still matched as written. Nothing else is ever taken off a path. */
export function findingPathSpellings(path: string): string[] {
  if (path === "") return [];
  const out = [path];
  const bare = path.replace(/^(?:\.\/)+/, "");
  if (bare !== path && bare !== "") out.push(bare);
  const side = /^[ab]\/(.+)$/.exec(bare);
  if (side !== null && !out.includes(side[1] as string)) out.push(side[1] as string);
  return out;
}

/** Reads what follows `BLOCKING:`; null for the instruction's own placeholder line. */
function readBody(body: string): Omit<Finding, "raw"> | null {
  const text = stripPythonSpace(body);
  // "BLOCKING: none" states that there is no finding. Counting it as one would hold every approve
  // whose reviewer filled in the format with nothing to report.
  if (NOTHING.test(text)) return null;
  let location: Location | null = null;
  let after = "";
  if (text.startsWith("`")) {
    const close = text.indexOf("`", 1);
    if (close > 1) {
      location = splitLocation(trimEnds(text.slice(1, close), " :,;", " :,;"));
      after = text.slice(close + 1);
      const lines = LINE_AFTER_QUOTE.exec(after);
      if (lines !== null && location.line === undefined) {
        location = { path: location.path, line: Number(lines[1]) };
        if (lines[2] !== undefined) location.endLine = Number(lines[2]);
        after = after.slice(lines[0].length);
      }
    }
  }
  if (location === null) {
    // An unquoted location ends at the first space or dash; it counts as a location only if it looks
    // like one (a slash, a dot, a line number, or a separator after it), so a path-less finding
    // ("BLOCKING: no tests cover the parser") keeps its first word in the reason.
    const stop = /[\s—]|–(?!L?\d)/.exec(text); // an en dash before a digit is a range, not a separator
    const end = stop === null ? text.length : stop.index;
    // Bold may wrap it; a sentence's punctuation may end it. Only the end loses a full stop: a path's
    // leading dot is part of its name.
    const token = trimEnds(text.slice(0, end), "*", "*:,;.");
    const rest = text.slice(end);
    const split = splitLocation(token);
    const looksLikeLocation =
      token.length > 0 &&
      (/[/\\.]/.test(token) || split.line !== undefined || isSeparator(stripPythonSpace(rest).charAt(0)));
    if (!looksLikeLocation) return { path: "", reason: text };
    location = split;
    after = rest;
  }
  if (isPlaceholder(location.path)) return null;
  return { ...location, reason: reasonFrom(after) };
}

/** The BLOCKING lines of a reply, up to `limit`, with how many there are in all. Lines are cut as the
 * reply contract cuts them (Python's splitlines), so a finding and a marker agree on line numbers. */
export function readFindings(
  reply: string,
  limit = Number.POSITIVE_INFINITY,
): { findings: Finding[]; total: number } {
  const text = reply ?? "";
  const findings: Finding[] = [];
  let total = 0;
  eachReplyLine(text, (start, end) => {
    if (start === end) return true;
    HEAD.lastIndex = start;
    if (!HEAD.test(text) || HEAD.lastIndex > end) return true;
    const bodyText = text.slice(HEAD.lastIndex, end);
    if (findings.length >= limit) {
      // Past the limit only the count matters: a reply of millions of BLOCKING lines should cost a
      // test per line, not a parse.
      if (!/^`?<path>(?:[:`\s]|$)/.test(bodyText) && !NOTHING.test(stripPythonSpace(bodyText))) total += 1;
      return true;
    }
    const body = readBody(bodyText);
    if (body === null) return true;
    total += 1;
    findings.push(Object.freeze({ ...body, raw: stripPythonSpace(text.slice(start, end)) }));
    return true;
  });
  return { findings, total };
}

/** How many lines of a reply say an earlier reason is still unresolved. */
export function countUnresolved(reply: string): number {
  const text = reply ?? "";
  let count = 0;
  eachReplyLine(text, (start, end) => {
    if (start === end) return true;
    UNRESOLVED_HEAD.lastIndex = start;
    if (!UNRESOLVED_HEAD.test(text) || UNRESOLVED_HEAD.lastIndex > end) return true;
    // "UNRESOLVED: none" says there is nothing unresolved.
    if (!NOTHING.test(stripPythonSpace(text.slice(UNRESOLVED_HEAD.lastIndex, end)))) count += 1;
    return true;
  });
  return count;
}

/** Every BLOCKING line of a reply. */
export function parseFindings(reply: string): Finding[] {
  return readFindings(reply).findings;
}

const MAX_REASON = 1000;

/** A finding as one reason: `path:12-15 — reason`. Never empty, because a Result refuses an empty
 * reason, and a finding that could not be described must still block. */
export function describeFinding(finding: Finding): string {
  let where = finding.path;
  if (where !== "" && finding.line !== undefined) {
    where += `:${finding.line}`;
    if (finding.endLine !== undefined) where += `-${finding.endLine}`;
  }
  const reason = finding.reason.trim() === "" ? "" : finding.reason;
  let text: string;
  if (where.trim() === "") text = reason === "" ? "a BLOCKING line with no text" : reason;
  else text = `${where} — ${reason === "" ? "(no reason given)" : reason}`;
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON)}…` : text;
}

/** Options for reviewerResult. */
export interface ReviewerOptions extends ContractOptions {
  /** At most this many findings become reasons; the rest are counted in one more. Default 50. */
  readonly maxReasons?: number;
}

/** The reviewer's part of a round, as a four-valued Result:
 * - APPROVE with no BLOCKING line → YES;
 * - APPROVE that also lists BLOCKING lines, or UNRESOLVED earlier reasons → MAYBE: the reply
 *   contradicts itself, and approving past a blocking finding is the expensive mistake, so a person
 *   decides;
 * - REQUEST_CHANGES → NO, one reason per BLOCKING line (or one saying there was none);
 * - AMBIGUOUS → MAYBE naming how the contract was broken; no verdict → MAYBE saying so.
 * Findings in a held reply ride along as context, so nothing the reviewer wrote is lost. */
export function reviewerResult(reply: string, options: ReviewerOptions = {}): Result {
  const reading = readVerdict(reply, options);
  const limit = Math.max(1, Math.floor(options.maxReasons ?? 50));
  const { findings, total } = readFindings(reply, limit);
  const listed = findings.map(describeFinding);
  const more =
    total > findings.length ? [`… and ${total - findings.length} more BLOCKING line(s) in the reply`] : [];
  const context = [...listed.map((f) => `the reviewer's BLOCKING line: ${f}`), ...more];
  switch (reading.verdict) {
    case APPROVE: {
      const unresolved = countUnresolved(reply);
      if (unresolved > 0) {
        return maybe(
          `the reviewer approved but also said ${unresolved} earlier reason(s) are unresolved; a person must decide which it meant`,
          ...context,
        );
      }
      if (total === 0) return yes();
      return maybe(
        `the reviewer approved but also wrote ${total} BLOCKING line(s); a person must decide which it meant`,
        ...context,
      );
    }
    case REQUEST_CHANGES: {
      const [first, ...rest] = [...listed, ...more];
      if (first === undefined) {
        return no("the reviewer requested changes without a BLOCKING line saying why; read its reply");
      }
      return no(first, ...rest);
    }
    case AMBIGUOUS:
      return maybe(`the reviewer broke the reply contract: ${reading.why}`, ...context);
    default:
      return maybe(`the reviewer stated no verdict: ${reading.why}`, ...context);
  }
}
