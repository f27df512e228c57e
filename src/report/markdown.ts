// Markdown building blocks that are safe for untrusted text. Reasons and replies come from a model
// that read the PR, and the PR's author controls what that model read: rendered raw, a reason could
// fake a green "approve" heading, close a <details> block, ping people with @mentions, or load a
// tracking image. Everything untrusted goes through these functions. Pure.
import { inertText } from "../util/inert-text.js";
import { figure } from "./figures.js";

/** Text inside a table cell or a list item: HTML and Markdown control characters neutralised,
 * mentions and issue references kept from pinging, one line, bounded length. */
export function inline(text: string, max = 500): string {
  return neutralised(oneLine(text, max));
}

/** One line of at most `max` characters, whitespace runs as one space, and every other control,
 * format control or line break written as its escape (src/util/inert-text.ts): a bidi override would
 * show a file name reordered. */
function oneLine(text: string, max: number): string {
  const t = inertText(
    text
      .replace(/\r\n|\r|\n|\u2028|\u2029/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** HTML and Markdown control characters neutralised, mentions kept from pinging. */
function neutralised(t: string): string {
  return (
    t
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      // Backslash-escape what would start emphasis, code, links, images or headings.
      .replace(/([\\`*_[\]#!~])/g, "\\$1")
      // Pipes last: escaped before the backslashes, `a|b` became `a\\|b`, whose pipe then split the
      // table cell and dropped the rest of the text.
      .replace(/\|/g, "\\|")
      // An @ followed by a word would notify that user or team; a zero-width joiner keeps it inert.
      .replace(/@(?=[A-Za-z0-9])/g, "@\u200d")
  );
}

/** A code span in the gate's own words: a run of backticks (`requires`, `--max-diff-tokens`). */
const OWN_CODE = /`([^`\s](?:[^`\r\n]*[^`\s])?)`/g;

/**
 * Text the gate writes, in which backticks mark code — an input, a flag, a command (`no \`requires\` in
 * the contract`, `` `/verdict approve <reason>` ``): each such span is a code span, and everything else
 * is rendered as inline() renders it. Through inline() alone those backticks were escaped and showed
 * on the page as backslash-less literal ticks around the word. A code span is inert whatever it holds
 * (no link, image, HTML or mention works inside one), so a span a reason's untrusted part happens to
 * form does no more than show as code. `cell`: the text goes in a table cell, where a `|` ends the cell
 * even inside a code span unless escaped.
 */
export function prose(text: string, max = 500, options: { cell?: boolean } = {}): string {
  const t = oneLine(text, max);
  let out = "";
  let at = 0;
  for (const m of t.matchAll(OWN_CODE)) {
    // In a cell, a backslash before a pipe cannot be shown inside a code span (cellSpanShows): the
    // span stays text, backticks and all, which shows exactly what was written.
    if (options.cell === true && !cellSpanShows(m[1] as string)) continue;
    out += neutralised(t.slice(at, m.index));
    const span = code(m[1] as string, Number.POSITIVE_INFINITY);
    out += options.cell === true ? span.replace(/\|/g, "\\|") : span;
    at = m.index + m[0].length;
  }
  return out + neutralised(t.slice(at));
}

/** Text shown verbatim in a fenced block whose fence cannot occur inside it. */
export function fenced(text: string, language = "text"): string {
  let longest = 2;
  for (const m of text.matchAll(/`{3,}|~{3,}/g)) longest = Math.max(longest, m[0].length);
  const fence = "`".repeat(longest + 1);
  return `${fence}${language}\n${text.replace(/\n?$/, "")}\n${fence}`;
}

/** A collapsed block; the summary is untrusted-safe, the body is Markdown the caller built safely. */
export function details(summary: string, body: string): string {
  return `<details><summary>${inline(summary, 200)}</summary>\n\n${body}\n\n</details>`;
}

/** A Markdown table; cells must already be safe (use inline()). */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** A file path or commit shown as code, with backticks that cannot be broken out of. */
export function code(text: string, max = 200): string {
  const t = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  const clean = inertText(t.replace(/[\r\n]/g, " "));
  const longest = Math.max(0, ...[...clean.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = "`".repeat(longest + 1);
  const pad = clean.startsWith("`") || clean.endsWith("`") ? " " : "";
  return `${ticks}${pad}${clean}${pad}${ticks}`;
}

/** code() for a table cell: a `|` would end the cell even inside a code span, so GFM wants it
 * escaped there (and only there). */
export function codeCell(text: string, max = 200): string {
  const span = code(text, max);
  return cellSpanShows(span) ? span.replace(/\|/g, "\\|") : inline(text, max);
}

// GitHub splits a table row at every pipe not escaped by an odd run of backslashes, then turns each
// `\|` into `|`, before any code span is read: a `\|` inside a span shows as `|`, and `\\|` splits
// the row, so a file named `a\| approve |` wrote cells of its own. No escaping inside a span shows a
// backslash before a pipe; such text goes in the cell as escaped text instead.
function cellSpanShows(text: string): boolean {
  return !text.includes("\\|");
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${figure(n)} ${n === 1 ? one : many}`;
}

/** Cut Markdown to GitHub's limit with a visible mark, never silently. Cuts at a line boundary and
 * closes an open fence or <details> so the rest of the page still renders. */
export function fitWithin(markdown: string, limit: number, note: string): string {
  if (markdown.length <= limit) return markdown;
  const mark = `\n\n---\n**✂ truncated:** ${note}\n`;
  let cut = markdown.slice(0, Math.max(0, limit - mark.length - 64));
  const lastNewline = cut.lastIndexOf("\n");
  if (lastNewline > 0) cut = cut.slice(0, lastNewline);
  let closers = "";
  const open = openFence(cut);
  if (open !== null) closers += `\n${open}`;
  const opened = (cut.match(/<details>/g) ?? []).length - (cut.match(/<\/details>/g) ?? []).length;
  for (let i = 0; i < opened; i += 1) closers += "\n\n</details>";
  return `${cut}${closers}${mark}`;
}

/** The fence left open at the end of Markdown we built (fences from fenced() nest correctly: an inner
 * run is always shorter than its enclosing fence). */
function openFence(markdown: string): string | null {
  let open: string | null = null;
  for (const line of markdown.split("\n")) {
    const m = /^(`{3,}|~{3,})/.exec(line);
    if (m === null) continue;
    const run = m[1] as string;
    if (open === null) open = run;
    else if (run[0] === open[0] && run.length >= open.length && line.trim() === run) open = null;
  }
  return open;
}
