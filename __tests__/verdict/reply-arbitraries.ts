// fast-check generators for replies: lines drawn mostly from what the contract cares about (markers
// of every kind, prose verdicts, fences, blanks that are and are not blank), plus arbitrary Unicode,
// joined by every line break Python knows. An independent reading of "the final line is a clean
// approve" lives here too, written from the contract's words rather than from the parser's code.
import fc from "fast-check";

export const TOKEN = "q7k2m9x4p3n8b5v6c1z0l4j7h2";
export const OTHER_TOKEN = "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6";

export const BREAKS = [
  "\n",
  "\r\n",
  "\r",
  "\u000b",
  "\u000c",
  "\u001c",
  "\u001d",
  "\u001e",
  "\u0085",
  "\u2028",
  "\u2029",
];

const markerLines = [
  "===VERDICT=== APPROVE",
  "**===VERDICT=== APPROVE**",
  "=== VERDICT === approve",
  "> ===VERDICT=== APPROVE.",
  "  ===VERDICT===APPROVE",
  "# ===VERDICT=== `APPROVE`",
  "===VERD\u0130CT=== APPROVE",
  "===VERDICT===\u00a0APPROVE",
  `===VERDICT=== APPROVE ${TOKEN}`,
  `**===VERDICT=== APPROVE ${TOKEN}**`,
  `===VERDICT=== approve \`${TOKEN}\``,
  `===VERDICT=== APPROVE ${OTHER_TOKEN}`,
  "===VERDICT=== REQUEST_CHANGES",
  "==VERDICT== request changes",
  `===VERDICT=== REQUEST_CHANGES ${TOKEN}`,
  "===VERDICT=== REJECT!",
  "===VERDICT===",
  "==VERDICT== LGTM",
  "===VERDICT=== APPROVE_WITH_NITS",
  "===VERD\u0131CT=== MAYBE",
  "===VERDICT=== <value>",
  `===VERDICT=== <value> ${TOKEN}`,
  `===VERDICT=== <value> ${OTHER_TOKEN}`,
];
const proseLines = [
  "VERDICT: APPROVE",
  "VERDICT: REQUEST_CHANGES",
  "Verdict — request changes",
  "Example output: VERDICT: APPROVE",
  "I refuse to give a VERDICT",
  "APPROVE would be wrong",
  "BLOCKING: src/a.ts:12 — unchecked input",
  "Looks fine to me.",
];
const fenceLines = ["```", "````", "~~~", "```text", "   ```", "```diff"];
const blankLines = ["", " ", "\t", "\u3000", "\u00a0", "\u001f"];
const invisibleLines = ["\u200b", "\ufeff", "\u2060", "\u00ad"];

/** One line without a line break. */
export const lineArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...markerLines) },
  { weight: 2, arbitrary: fc.constantFrom(...proseLines) },
  { weight: 1, arbitrary: fc.constantFrom(...fenceLines) },
  { weight: 2, arbitrary: fc.constantFrom(...blankLines) },
  { weight: 1, arbitrary: fc.constantFrom(...invisibleLines) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }).map(withoutBreaks) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom("", "> ", "- ", "**", " "),
        fc.constantFrom(...markerLines),
        fc.string({ maxLength: 3 }),
      )
      .map(([a, b, c]) => withoutBreaks(a + b + c)),
  },
);

export function withoutBreaks(s: string): string {
  return s.replace(/\r\n|[\n\v\f\r\u001c-\u001e\u0085\u2028\u2029]/g, " ");
}

export const lineBreakArb: fc.Arbitrary<string> = fc.constantFrom(...BREAKS);

/** A reply as its lines (no breaks inside) and the breaks that join them. */
export const linesArb: fc.Arbitrary<string[]> = fc.array(lineArb, { maxLength: 12 });

export function join(lines: readonly string[], breaks: readonly string[]): string {
  return lines.map((line, i) => (i === 0 ? line : (breaks[i % breaks.length] ?? "\n") + line)).join("");
}

/** A whole reply: structured lines with assorted breaks, or arbitrary Unicode text. */
export const replyArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(linesArb, fc.array(lineBreakArb, { minLength: 1, maxLength: 4 }))
      .map(([l, b]) => join(l, b)),
  },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
);

// ---------------------------------------------------------------------------------------------------
// An independent reading of the contract's words, for the property "APPROVE implies the final
// non-blank line is exactly one clean approve marker, and no other marker exists".

const PY_SPACE =
  "\\t\\n\\v\\f\\r\\u001c-\\u001f \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const MARKER = new RegExp(`^[${PY_SPACE}#>*-]*={2,}[${PY_SPACE}]*VERD[IiİıI]CT[${PY_SPACE}]*={2,}(.*)$`, "i");
const BLANK = new RegExp(`^[${PY_SPACE}]*$`);
const DECORATED = (value: string) =>
  new RegExp(`^[ \\t:*\`.]*[${PY_SPACE}]*${value}[${PY_SPACE}]*[ \\t:*\`.]*$`);

/** Python's splitlines, written as a split rather than a scan. */
export function pythonLines(text: string): string[] {
  if (text === "") return [];
  const parts = text.split(/\r\n|[\n\v\f\r\u001c-\u001e\u0085\u2028\u2029]/);
  if (/(\r\n|[\n\v\f\r\u001c-\u001e\u0085\u2028\u2029])$/.test(text)) parts.pop();
  return parts;
}

/** Whether `text` has exactly one marker line (placeholders aside), it is the last non-blank line,
 * and its value is a clean approve (with the token, in a bound round). */
export function endsInOneCleanApprove(text: string, roundToken?: string): boolean {
  const lines = pythonLines(text);
  const nonBlank = lines.map((l, i) => [l, i] as const).filter(([l]) => !BLANK.test(l));
  const last = nonBlank[nonBlank.length - 1];
  if (last === undefined) return false;
  const markers = lines
    .map((l, i) => [MARKER.exec(l), i] as const)
    .filter(([m]) => m !== null)
    .filter(([m]) => {
      const rest = (m?.[1] ?? "").replace(/^[ \t:*`.]+|[ \t:*`.]+$/g, "");
      return rest !== "<value>" && !(roundToken !== undefined && rest === `<value> ${roundToken}`);
    });
  if (markers.length !== 1 || markers[0]?.[1] !== last[1]) return false;
  const rest = markers[0]?.[0]?.[1] ?? "";
  if (roundToken === undefined) return DECORATED("[Aa][Pp][Pp][Rr][Oo][Vv][Ee]").test(rest);
  return new RegExp(
    `^.*[Aa][Pp][Pp][Rr][Oo][Vv][Ee].*[${PY_SPACE}]+[\`*]*${roundToken}[\`*.: \\t]*$`,
    "i",
  ).test(rest);
}
