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
  type ReplyVerdict,
  readVerdict,
  stripPythonSpace,
} from "./reply-contract.js";
import {
  blocksUnder,
  lowestBlocking,
  type Severity,
  type SeverityPolicy,
  severityWord,
} from "./severity-policy.js";

/** One finding line from a reviewer's reply: `BLOCKING:`, `HIGH:`, `MEDIUM:` or `LOW:`. */
export interface Finding {
  /** As written (HIGH, MEDIUM, LOW), or for a `BLOCKING:` line the policy's lowest blocking severity. */
  readonly severity: Severity;
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
// BLOCKING (every finding before severities existed), and the severities a contract's policy reads.
const HEAD = keywordHead("(BLOCKING|HIGH|MEDIUM|LOW)");
// A finding-shaped line under a word the contract does not know (`CRITICAL: src/a.ts:3 — …`): never a
// finding, but a request for changes beside one is not overruled by a policy (readReview).
const ANY_HEAD = keywordHead("([A-Za-z]{3,12})");
const KNOWN_WORDS = new Set(["BLOCKING", "HIGH", "MEDIUM", "LOW", "UNRESOLVED", "RESOLVED"]);
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
function readBody(body: string): Omit<Finding, "raw" | "severity"> | null {
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

/** Options for reading findings. */
export interface FindingOptions {
  /** The contract's policy: a `BLOCKING:` line is its lowest blocking severity, and `LOW:` lines are
   * read. Without one, as before policies: BLOCKING (and HIGH or MEDIUM, the safe reading) only. */
  readonly policy?: SeverityPolicy | undefined;
}

const SEVERITY_OF: Readonly<Record<string, Severity>> = { HIGH: "high", MEDIUM: "medium", LOW: "low" };

/** The finding lines of a reply, up to `limit`, with how many there are in all (`blocking` of them at
 * a blocking severity). Lines are cut as the reply contract cuts them (Python's splitlines), so a
 * finding and a marker agree on line numbers. */
export function readFindings(
  reply: string,
  limit = Number.POSITIVE_INFINITY,
  options: FindingOptions = {},
): { findings: Finding[]; total: number; blocking: number } {
  const text = reply ?? "";
  const { policy } = options;
  const findings: Finding[] = [];
  let total = 0;
  let blocking = 0;
  eachReplyLine(text, (start, end) => {
    if (start === end) return true;
    HEAD.lastIndex = start;
    const head = HEAD.exec(text);
    if (head === null || HEAD.lastIndex > end) return true;
    const word = (head[1] as string).toUpperCase();
    const severity = SEVERITY_OF[word] ?? lowestBlocking(policy);
    // Before policies no LOW line was a finding, and without one none is: the gate reads as it did.
    if (policy === undefined && severity === "low") return true;
    const bodyText = text.slice(HEAD.lastIndex, end);
    if (findings.length >= limit) {
      // Past the limit only the count matters: a reply of millions of finding lines should cost a
      // test per line, not a parse.
      if (!/^`?<path>(?:[:`\s]|$)/.test(bodyText) && !NOTHING.test(stripPythonSpace(bodyText))) {
        total += 1;
        if (blocksUnder(severity, policy)) blocking += 1;
      }
      return true;
    }
    const body = readBody(bodyText);
    if (body === null) return true;
    total += 1;
    if (blocksUnder(severity, policy)) blocking += 1;
    findings.push(Object.freeze({ severity, ...body, raw: stripPythonSpace(text.slice(start, end)) }));
    return true;
  });
  return { findings, total, blocking };
}

/** The first finding-shaped line under a word the contract does not know (`CRITICAL: src/a.ts:3 — …`),
 * or undefined: a request for changes beside one keeps blocking whatever the policy (readReview). */
function unratedFinding(reply: string): string | undefined {
  let found: string | undefined;
  eachReplyLine(reply, (start, end) => {
    if (start === end) return true;
    ANY_HEAD.lastIndex = start;
    const head = ANY_HEAD.exec(reply);
    if (head === null || ANY_HEAD.lastIndex > end) return true;
    if (KNOWN_WORDS.has((head[1] as string).toUpperCase())) return true;
    const body = readBody(reply.slice(ANY_HEAD.lastIndex, end));
    if (body === null || body.path === "") return true;
    found = stripPythonSpace(reply.slice(start, end));
    return false;
  });
  return found;
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

/** Every finding line of a reply (under `options.policy`, LOW lines too). */
export function parseFindings(reply: string, options: FindingOptions = {}): Finding[] {
  return readFindings(reply, Number.POSITIVE_INFINITY, options).findings;
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
export interface ReviewerOptions extends ContractOptions, FindingOptions {
  /** At most this many findings become reasons; the rest are counted in one more. Default 50. */
  readonly maxReasons?: number;
}

/** A reply read under the contract and the policy: the reviewer's part and what it found. */
export interface ReviewReading {
  readonly result: Result;
  readonly verdict: ReplyVerdict | null;
  /** The findings at a blocking severity (every BLOCKING line; without a policy, every finding). */
  readonly blocking: readonly Finding[];
  /** The findings below the policy's line: notes (none without a policy). */
  readonly notes: readonly Finding[];
  /** A request for changes the policy overruled: every finding it gave is below the line. */
  readonly overruled: boolean;
  /** The result were every listed blocking finding dismissed by a maintainer (src/gate/dismissals.ts):
   * what still stands without them — an unresolved earlier reason, a finding past the listing limit, a
   * request for changes not stated as the reply's one marker, a broken contract. */
  readonly cleared: Result;
}

/** "the reviewer's BLOCKING line: …", or under a policy "the reviewer's MEDIUM finding: …". */
function contextLine(f: Finding, policy: SeverityPolicy | undefined): string {
  return policy === undefined
    ? `the reviewer's BLOCKING line: ${describeFinding(f)}`
    : `the reviewer's ${severityWord(f.severity)} finding: ${describeFinding(f)}`;
}

/** Why a request for changes whose every finding is below the line still blocks, or undefined when
 * the policy overrules it. Only the reviewer's own statement in the contract's shape is overruled: a
 * request for changes needs no token to block, so one planted in the diff and echoed, quoted mid-reply
 * or stated twice must keep blocking; and an earlier reason it says is unresolved, or a finding under a
 * severity the contract does not know, is no finding below the line. */
function requestStands(reply: string, sole: boolean): string | undefined {
  if (!sole) {
    return "its marker is not the reply's one marker, on the final line, with this round's token";
  }
  const unresolved = countUnresolved(reply);
  if (unresolved > 0) return `it says ${unresolved} earlier reason(s) are unresolved`;
  const unrated = unratedFinding(reply);
  if (unrated !== undefined) {
    return `it wrote a finding without a severity the contract knows (${unrated.length > 120 ? `${unrated.slice(0, 120)}…` : unrated})`;
  }
  return undefined;
}

/** A request for changes whose every listed blocking finding a maintainer dismissed: it approves only
 * as a request the policy would overrule does — the reply's one marker, no unresolved earlier reason,
 * no finding under a word the contract does not know — and never with findings it did not list. */
function clearedRequest(reply: string, options: ReviewerOptions, unlisted: number): Result {
  if (unlisted > 0)
    return no(`the reviewer wrote ${unlisted} more finding(s) at a blocking severity than the gate lists`);
  const { sole } = readVerdict(reply, { ...options, readWholeRequest: true });
  const stands = requestStands(reply, sole);
  if (stands === undefined) return yes();
  return no(
    `the reviewer requested changes, and ${stands}: the request stands though its findings were dismissed`,
  );
}

/** A reply read under the reply contract and the contract's policy (reviewerResult says the rules). */
export function readReview(reply: string, options: ReviewerOptions = {}): ReviewReading {
  const { policy } = options;
  const reading = readVerdict(reply, { ...options, readWholeRequest: policy !== undefined });
  const limit = Math.max(1, Math.floor(options.maxReasons ?? 50));
  const { findings, total, blocking: blockingTotal } = readFindings(reply, limit, { policy });
  const blocking = findings.filter((f) => blocksUnder(f.severity, policy));
  const notes = findings.filter((f) => !blocksUnder(f.severity, policy));
  const out = (result: Result, overruled = false, cleared: Result = result): ReviewReading => ({
    result,
    verdict: reading.verdict,
    blocking,
    notes,
    overruled,
    cleared,
  });
  const listed = blocking.map(describeFinding);
  const moreBlocking = blockingTotal - blocking.length;
  const more =
    moreBlocking > 0
      ? [
          policy === undefined
            ? `… and ${moreBlocking} more BLOCKING line(s) in the reply`
            : `… and ${moreBlocking} more finding(s) at a blocking severity in the reply`,
        ]
      : [];
  const context = [...findings.map((f) => contextLine(f, policy)), ...more];
  switch (reading.verdict) {
    case APPROVE: {
      const unresolved = countUnresolved(reply);
      if (unresolved > 0) {
        return out(
          maybe(
            `the reviewer approved but also said ${unresolved} earlier reason(s) are unresolved; a person must decide which it meant`,
            ...context,
          ),
        );
      }
      if (blockingTotal === 0) return out(yes());
      return out(
        maybe(
          policy === undefined
            ? `the reviewer approved but also wrote ${blockingTotal} BLOCKING line(s); a person must decide which it meant`
            : `the reviewer approved but also wrote ${blockingTotal} finding(s) at a blocking severity (${policy.blockOn.join(", ")}); a person must decide which it meant`,
          ...blocking.map((f) => contextLine(f, policy)),
          ...more,
        ),
        false,
        moreBlocking === 0 ? yes() : undefined,
      );
    }
    case REQUEST_CHANGES: {
      const [first, ...rest] = [...listed, ...more];
      if (first !== undefined)
        return out(no(first, ...rest), false, clearedRequest(reply, options, moreBlocking));
      if (total === 0 || policy === undefined) {
        return out(
          no(
            policy === undefined
              ? "the reviewer requested changes without a BLOCKING line saying why; read its reply"
              : "the reviewer requested changes without a finding saying why; read its reply",
          ),
        );
      }
      const stands = requestStands(reply, reading.sole);
      if (stands === undefined) return out(yes(), true);
      return out(
        no(
          `the reviewer requested changes, and ${stands}: the request stands though its ${total} finding(s) are below the policy's line`,
          ...notes.map(describeFinding),
        ),
      );
    }
    case AMBIGUOUS:
      return out(maybe(`the reviewer broke the reply contract: ${reading.why}`, ...context));
    default:
      return out(maybe(`the reviewer stated no verdict: ${reading.why}`, ...context));
  }
}

/** The reviewer's part of a round, as a four-valued Result:
 * - APPROVE with no finding at a blocking severity → YES (findings below the policy's line are notes);
 * - APPROVE that also lists blocking findings, or UNRESOLVED earlier reasons → MAYBE: the reply
 *   contradicts itself, and approving past a blocking finding is the expensive mistake, so a person
 *   decides;
 * - REQUEST_CHANGES → NO, one reason per blocking finding (or one saying there was none); under a
 *   policy, one whose every finding is below the line → YES, when it is the reply's one marker on the
 *   final line with this round's token and nothing else in the reply still stands (requestStands);
 * - AMBIGUOUS → MAYBE naming how the contract was broken; no verdict → MAYBE saying so.
 * Findings in a held reply ride along as context, so nothing the reviewer wrote is lost. Without a
 * policy, every BLOCKING line blocks and a request for changes never approves, as always. */
export function reviewerResult(reply: string, options: ReviewerOptions = {}): Result {
  return readReview(reply, options).result;
}
