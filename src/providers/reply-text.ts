// How a provider's pieces of text become the reply the contract reads, whatever the provider. Pure.
//
// Pieces. Anthropic answers with a list of text blocks and some OpenAI-compatible servers with a list
// of text parts; the wire formats say the reply is the pieces in order, but not whether a piece starts
// a line. The two readings differ exactly where a piece starts mid-line, and each can be the one that
// fools the gate:
// - joined as written, a `===VERDICT=== REQUEST_CHANGES` block that follows "…see above." is glued to
//   that line, stops being a marker, and a later approve marker stands alone (a block read as an
//   approve);
// - joined on line breaks, a block that starts with an approve marker after "…I would never write "
//   becomes a marker line of its own (prose read as an approve).
// Neither reading is "the" reply, so the gate reads both and keeps the stricter verdict
// (reviewer-stage/single.ts): the line-break reading is the one shown, the as-written one is kept in
// `alsoReadAs` when it differs. An approve then needs both readings to approve.
//
// Reasoning. A model may think aloud before it answers, in a `<think>` section (DeepSeek-R1, Qwen and
// most local reasoning models through Ollama or vLLM). A leading closed section is dropped: the
// verdict is the conclusion, and a model may "approve" while thinking and conclude otherwise. A
// reasoning section that opens at the start of a line and never closes holds: what follows it is
// still the model thinking (`<think>…===VERDICT=== APPROVE` with no `</think>` is a model musing about
// approving, not an answer), and a server that cut the reply there said nothing about it.
import { eachReplyLine } from "../verdict/reply-contract.js";

/** The reply text, and the other reading when the pieces join differently as written. */
export interface JoinedText {
  readonly text: string;
  readonly alsoReadAs?: string;
}

/** A line break as the reply contract cuts lines (Python's str.splitlines). */
function isBreak(c: number): boolean {
  return (c >= 0x0a && c <= 0x0d) || (c >= 0x1c && c <= 0x1e) || c === 0x85 || c === 0x2028 || c === 0x2029;
}

/** Pieces in order, each starting a line (a line break is added where a piece starts mid-line), and
 * as written when that differs. */
export function joinPieces(pieces: readonly string[]): JoinedText {
  let text = "";
  let midLine = false;
  for (const piece of pieces) {
    if (piece === "") continue;
    if (text !== "" && !isBreak(text.charCodeAt(text.length - 1)) && !isBreak(piece.charCodeAt(0))) {
      text += "\n";
      midLine = true;
    }
    text += piece;
  }
  return midLine ? { text, alsoReadAs: pieces.join("") } : { text };
}

/** Tags reasoning models wrap their thinking in. */
const REASONING_TAGS = ["think", "thinking", "reasoning", "reflection", "thought"] as const;

const LEADING_THINK = /^\s*<think>/i;
const THINK_CLOSE = /<\/think>/i;

/** `text` without a leading closed `<think>…</think>` section. */
function dropLeadingThink(text: string): string {
  const open = LEADING_THINK.exec(text);
  if (!open) return text;
  const close = THINK_CLOSE.exec(text.slice(open[0].length));
  if (!close) return text;
  return text.slice(open[0].length + close.index + close[0].length);
}

/** The first reasoning tag that opens at the start of a line (as the reply contract cuts lines, after
 * inline spaces) and is never closed after its last such opening; undefined when every one closes.
 * Linear: one pass over the lines, one search per tag that opened. */
export function unclosedReasoning(text: string): string | undefined {
  const lastOpen = new Map<string, number>();
  eachReplyLine(text, (start, end) => {
    let i = start;
    while (i < end && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i += 1;
    if (text.charCodeAt(i) !== 0x3c) return true;
    const head = text.slice(i + 1, Math.min(end, i + 12)).toLowerCase();
    for (const tag of REASONING_TAGS) if (head.startsWith(`${tag}>`)) lastOpen.set(tag, i);
    return true;
  });
  for (const tag of REASONING_TAGS) {
    const at = lastOpen.get(tag);
    if (at === undefined) continue;
    const close = new RegExp(`</${tag}>`, "gi");
    close.lastIndex = at;
    if (close.exec(text) === null) return `<${tag}>`;
  }
  return undefined;
}

/** The reply without a leading `<think>` section, or what is wrong with it: a reasoning section that
 * never closes. */
export function withoutReasoning(text: string): { text: string } | { unclosed: string } {
  const rest = dropLeadingThink(text);
  const unclosed = unclosedReasoning(rest);
  return unclosed === undefined ? { text: rest } : { unclosed };
}
