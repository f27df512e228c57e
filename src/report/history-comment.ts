// The round history's home: one sticky comment on the pull request, written by the gate's own
// identity. People (and agent authors) read the table; the next round reads the state hidden below
// it. The state is gzip-compressed JSON in base64 inside an HTML comment, so it is invisible when
// rendered and stays well inside GitHub's 65,536-character comment limit for hundreds of rounds.
// Pure: the GitHub adapter finds and writes the comment.

import { gunzipSync, gzipSync } from "node:zlib";
import { describeError } from "../describe-error.js";
import { parseStrictJson } from "../strict-json.js";
import { type History, parseHistory, repeats } from "../verdict/history.js";
import { code, inline, table } from "./markdown.js";

/** GitHub's limit for an issue comment body. */
export const COMMENT_LIMIT = 65_536;
const STATE_PREFIX = "<!-- verdict-gate:state:v1:";

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

/** The comment body: a heading, the rounds table (newest last), and the hidden state. When the table
 * would not fit, older rows are folded into a count; the state itself is never cut (the chain needs
 * every round), and a state too large to store is an error the round reports, not a silent loss. */
export function renderHistoryComment(
  history: History,
  options: { checkName: string; runUrl?: string },
): string {
  const state = `${STATE_PREFIX}${encodeState(history)} -->`;
  const head = [
    historyMarker(options.checkName),
    `### ${inline(options.checkName, 100)}: round history`,
    "",
    "Each push starts a new round; reasons repeated from an earlier round are marked. The latest round's full report is in the check run.",
    "",
  ].join("\n");
  const rows = history.rounds.map((r) => {
    const marked = repeats(history, r.round, r.reasons);
    // A person's approve has no reasons; their own words are what the row must show.
    const because = r.status === "approve" && r.decisionReason !== undefined ? [r.decisionReason] : [];
    const reasons = [
      ...because.map((b) => inline(b, 200)),
      ...marked.map(
        (m) => `${inline(m.reason, 200)}${m.from !== undefined ? ` *(repeated from round ${m.from})*` : ""}`,
      ),
      ...r.needed.map((n) => `✋ ${inline(n, 200)}`),
      ...r.dependencies.map((d) => `⏳ ${inline(d, 120)}`),
    ];
    const who = r.decidedBy !== undefined ? ` by @\u200d${inline(r.decidedBy, 40)}` : "";
    return [
      String(r.round),
      code(r.head.slice(0, 7)),
      `${BADGE[r.status]}${who}`,
      reasons.join("<br>") || "—",
    ];
  });
  const footer =
    options.runUrl !== undefined ? `\n\n<sub>[latest workflow run](${options.runUrl})</sub>` : "";
  const budget = COMMENT_LIMIT - head.length - state.length - footer.length - 200;
  if (budget < 0) {
    throw new Error(
      `the round history (${history.rounds.length} rounds) no longer fits in one comment; start a new PR or lower the reasons recorded`,
    );
  }
  let shown = rows;
  let body = table(["round", "commit", "status", "reasons"], shown);
  while (body.length > budget && shown.length > 1) {
    shown = shown.slice(1);
    body = `*${history.rounds.length - shown.length} earlier rounds are in the stored history.*\n\n${table(["round", "commit", "status", "reasons"], shown)}`;
  }
  if (body.length > budget) body = `*${history.rounds.length} rounds are in the stored history.*`;
  return `${head}${body}${footer}\n\n${state}\n`;
}

/** The history stored in a comment body, or why it cannot be read. */
export function readHistoryComment(
  body: string,
): { ok: true; history: History } | { ok: false; message: string } {
  const start = body.lastIndexOf(STATE_PREFIX);
  if (start < 0) return { ok: false, message: "the history comment carries no state" };
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
