// The round history's home: one sticky comment on the pull request, written by the gate's own
// identity. People (and agent authors) read the table; the next round reads the state hidden below
// it. The state is gzip-compressed JSON in base64 inside an HTML comment, invisible when rendered, and
// compacted first (verdict/history-compact.ts). At STATE_BYTES of JSON, whatever the rounds were, the
// comment stays inside GitHub's 65,536-character limit:
//
//   state      ≤ 27 + 4 × ⌈(STATE_BYTES + 64) / 3⌉ + 4 = 58,783 characters (gzip adds at most 64 bytes
//                to incompressible input: headers and stored-block framing; base64 adds a third)
//   heading    ≤ 1,700 (the marker and the check name, escaped, plus fixed text)
//   footer     ≤ 360 (a run link is left out when longer)
//   table      whatever is left, folding its oldest rows into a count — down to one line
//
// Up to four times as much JSON is kept when it compresses well enough to leave the table 8,000
// characters; STATE_BYTES is only the floor that always fits.
//
// Pure: the GitHub adapter finds and writes the comment.

import { gunzipSync, gzipSync } from "node:zlib";
import { describeError } from "../util/describe-error.js";
import { parseStrictJson } from "../util/strict-json.js";
import { type History, parseHistory, repeats, roundCount } from "../verdict/history.js";
import { compactHistory, STATE_BYTES } from "../verdict/history-compact.js";
import { jsonBytes } from "../verdict/stored-text.js";
import { code, inline, prose, table } from "./markdown.js";

/** GitHub's limit for an issue comment body. */
export const COMMENT_LIMIT = 65_536;
const STATE_PREFIX = "<!-- verdict-gate:state:v2:";
/** Any format's state marker, to tell an older format from no state at all. */
const ANY_STATE = /<!-- verdict-gate:state:v(\d+):/g;
/** Larger states tried first, as multiples of STATE_BYTES, and the table room they must leave. */
const STATE_FACTORS = [4, 3, 2, 1] as const;
const TABLE_CHARS = 8_000;
/** The longest run link shown. */
const RUN_URL_CHARS = 300;

/** The first line of the comment: how the gate finds its own comment for this check name. */
export function historyMarker(checkName: string): string {
  return `<!-- verdict-gate:history:${encodeURIComponent(checkName)} -->`;
}

const BADGE = {
  approve: "✅ approve",
  blocked: "❌ blocked",
  "hold-for-human": "✋ hold-for-human",
  "conditional-on": "⏳ conditional-on",
} as const;

function encodeState(history: History): string {
  return gzipSync(Buffer.from(JSON.stringify(history), "utf8"), { level: 9 }).toString("base64");
}

function rowsOf(history: History): string[][] {
  return history.rounds.map((r) => {
    const marked = repeats(history, r);
    const full = "body" in r ? undefined : r;
    // A person's approve has no reasons; their own words are what the row must show.
    const because =
      full !== undefined && r.status === "approve" && full.decisionReason !== undefined
        ? [full.decisionReason]
        : [];
    // A maintainer's dismissal is part of the round it concluded: who, which finding, why.
    const dismissed =
      full?.dismissal !== undefined
        ? [
            `dismissed by @\u200d${inline(full.dismissal.by, 40)}: ${prose(full.dismissal.text, 200, { cell: true })} — ${prose(full.dismissal.reason, 200, { cell: true })}`,
          ]
        : [];
    const reasons = [
      ...dismissed,
      ...because.map((b) => prose(b, 200, { cell: true })),
      ...marked.map(
        (m) =>
          `${prose(m.reason, 200, { cell: true })}${m.from !== undefined ? ` *(repeated from round ${m.from})*` : ""}`,
      ),
      ...(r.dropped !== undefined ? [`*…and ${r.dropped.count} more (in that round's check run)*`] : []),
      ...(full?.needed ?? []).map((n) => `✋ ${prose(n, 200, { cell: true })}`),
      ...(full?.dependencies ?? []).map((d) => `⏳ ${prose(d, 120, { cell: true })}`),
    ];
    const who = r.decidedBy !== undefined ? ` by @\u200d${inline(r.decidedBy, 40)}` : "";
    return [
      String(r.round),
      code(r.head.slice(0, 7)),
      `${BADGE[r.status]}${who}`,
      reasons.join("<br>") || "—",
    ];
  });
}

/** The line for rounds folded into the checkpoint: how many, and how they ended. */
function foldedLine(history: History): string | undefined {
  const cp = history.checkpoint;
  if (cp === undefined) return undefined;
  const ended = Object.entries(cp.statuses)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${status}`)
    .join(", ");
  return `*Rounds 1–${cp.round} are folded into the stored checkpoint (${ended}${cp.decisions > 0 ? `; ${cp.decisions} decided by a person` : ""}); the chain continues from their last hash.*`;
}

/** The comment body: a heading, the rounds table (newest last), and the hidden state. The state is
 * compacted to its fixed size first; when the table would not fit beside it, older rows fold into a
 * count. */
export function renderHistoryComment(
  history: History,
  options: { checkName: string; runUrl?: string },
): string {
  const head = [
    historyMarker(options.checkName),
    `### ${inline(options.checkName, 100)}: round history`,
    "",
    "Each push starts a new round; reasons repeated from an earlier round are marked. The latest round's full report is in the check run.",
    "",
  ].join("\n");
  const footer =
    options.runUrl !== undefined && options.runUrl.length <= RUN_URL_CHARS
      ? `\n\n<sub>[latest workflow run](${options.runUrl})</sub>`
      : "";
  // Reviewer reasons usually compress three to one: a larger state is kept when its encoding leaves
  // the table TABLE_CHARS. STATE_BYTES itself always fits (the bound above), so it is the last resort.
  let stored = history;
  let state = "";
  let encoded: History | undefined;
  const wholeBytes = jsonBytes(history);
  for (const factor of STATE_FACTORS) {
    const budget = STATE_BYTES * factor;
    // A history within the budget comes back whole. Once a larger factor has encoded it whole, a
    // smaller one would encode the same bytes again and find the same too little room: gzip at
    // level 9 is most of a render, so it runs once per state.
    stored = compactHistory(history, budget, wholeBytes);
    if (stored !== encoded) {
      encoded = stored;
      state = `${STATE_PREFIX}${encodeState(stored)} -->`;
    }
    if (factor === 1 || state.length + head.length + footer.length + 200 + TABLE_CHARS <= COMMENT_LIMIT)
      break;
  }
  const rows = rowsOf(stored);
  const folded = foldedLine(stored);
  const budget = COMMENT_LIMIT - head.length - state.length - footer.length - 200;
  if (budget < 0) {
    // Unreachable by the bound above; a comment GitHub would refuse is an error, never a cut history.
    throw new Error(
      `the round history (${roundCount(history)} rounds) does not fit in one comment; this is a bug, please report it`,
    );
  }
  const total = roundCount(stored);
  // The table's lines, each measured once: dropping the oldest rows is arithmetic, not re-rendering.
  const [header, rule, ...lines] = table(["round", "commit", "status", "reasons"], rows).split("\n");
  const noteFor = (shown: number) =>
    total === shown
      ? ""
      : shown === rows.length && folded !== undefined
        ? `${folded}\n\n`
        : `*${total - shown} earlier rounds are in the stored history.*\n\n`;
  let first = 0;
  let length = lines.reduce((n, l) => n + l.length + 1, 0);
  const size = () => noteFor(lines.length - first).length + `${header}\n${rule}`.length + length;
  while (size() > budget && lines.length - first > 1) {
    length -= (lines[first] as string).length + 1;
    first += 1;
  }
  const body =
    size() > budget
      ? `*${total} rounds are in the stored history.*`
      : `${noteFor(lines.length - first)}${[header, rule, ...lines.slice(first)].join("\n")}`;
  return `${head}${body}${footer}\n\n${state}\n`;
}

/** The history stored in a comment body, or why it cannot be read. */
export function readHistoryComment(
  body: string,
): { ok: true; history: History } | { ok: false; message: string } {
  const start = body.lastIndexOf(STATE_PREFIX);
  if (start < 0) {
    const older = [...body.matchAll(ANY_STATE)].at(-1)?.[1];
    return {
      ok: false,
      message:
        older === undefined
          ? "the history comment carries no state"
          : `the history comment's state is in format ${older}, which this verdict-gate does not read; a person should read it and delete the comment to start afresh (GitHub keeps its edit history)`,
    };
  }
  const end = body.indexOf(" -->", start);
  if (end < 0) return { ok: false, message: "the history comment's state is cut off" };
  const encoded = body.slice(start + STATE_PREFIX.length, end);
  let json: unknown;
  try {
    // Strict, like every JSON the gate reads from a repository: a repeated key in a stored round
    // would mean one thing to the audit and another to the gate.
    json = parseStrictJson(
      gunzipSync(Buffer.from(encoded, "base64"), { maxOutputLength: 16 * 1024 * 1024 }).toString("utf8"),
    );
  } catch (error) {
    return {
      ok: false,
      message: `the history comment's state cannot be decoded: ${describeError(error)}`,
    };
  }
  return parseHistory(json);
}
