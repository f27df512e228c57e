// GitHub's limits on a check run's output, enforced here as the last line of defence: the report is
// rendered elsewhere and should already fit, but a summary one character over the limit is a 422, and
// a 422 on the final update would leave the check run without its verdict. Cutting is visible (a
// marked truncation) and keeps the Markdown well-formed (an unclosed fence would swallow the mark).

/** `output.summary` and `output.text`: "Maximum length: 65535 characters". */
export const OUTPUT_TEXT_LIMIT = 65_535;
/** Annotations per create or update request. */
export const ANNOTATIONS_PER_REQUEST = 50;
/** An annotation's `message` and `raw_details`: "The maximum size is 64 KB". */
export const ANNOTATION_BYTES_LIMIT = 64 * 1024;
/** An annotation's `title`: "The maximum size is 255 characters". */
export const ANNOTATION_TITLE_LIMIT = 255;

export function truncationMark(omitted: number, limit: number): string {
  return `\n\n---\n**✂ Truncated by verdict-gate:** ${omitted.toLocaleString("en-US")} more characters did not fit GitHub's ${limit.toLocaleString("en-US")}-character limit. The job summary has the full report.\n`;
}

/** `text` cut to `limit` characters (UTF-16 units, never fewer than GitHub counts) with a visible
 * mark, at a line break when one is near, never inside a surrogate pair, with open code fences and
 * `<details>` blocks closed. Unchanged when it fits. */
export function fitOutputText(text: string, limit = OUTPUT_TEXT_LIMIT): { text: string; truncated: boolean } {
  if (text.length <= limit) return { text, truncated: false };
  let budget = limit - truncationMark(text.length, limit).length;
  for (;;) {
    const out = cutAt(text, Math.max(0, budget), limit);
    if (out.length <= limit || budget <= 0) return { text: out.slice(0, limit), truncated: true };
    // The closers took more room than was left: cut earlier and try again.
    budget -= out.length - limit;
  }
}

function cutAt(text: string, budget: number, limit: number): string {
  let cut = budget;
  const lineBreak = text.lastIndexOf("\n", cut);
  if (lineBreak > 0 && lineBreak > cut - 2000) cut = lineBreak;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  let kept = text.slice(0, cut);
  const fences = kept.split("\n").filter((l) => /^\s{0,3}(```|~~~)/.test(l)).length;
  if (fences % 2 === 1) kept += "\n```";
  const open = (kept.match(/<details\b/gi) ?? []).length - (kept.match(/<\/details>/gi) ?? []).length;
  for (let i = 0; i < open; i += 1) kept += "\n</details>";
  return kept + truncationMark(text.length - cut, limit);
}

function byteCap(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  let out = Buffer.from(text)
    .subarray(0, bytes - 16)
    .toString("utf8");
  // A cut multi-byte character decodes as U+FFFD; drop it.
  out = out.replace(/\uFFFD$/, "");
  return `${out} … (truncated)`;
}

export interface CheckAnnotation {
  readonly path: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly startColumn?: number;
  readonly endColumn?: number;
  readonly level: "notice" | "warning" | "failure";
  readonly message: string;
  readonly title?: string;
  readonly rawDetails?: string;
}

export interface ApiAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  start_column?: number;
  end_column?: number;
  annotation_level: "notice" | "warning" | "failure";
  message: string;
  title?: string;
  raw_details?: string;
}

function line(value: number): number {
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : 1;
}

/** One annotation as GitHub accepts it: lines from 1, the end not before the start, columns only on a
 * single line (GitHub rejects them otherwise), sizes within the limits, a message never empty. */
export function toApiAnnotation(a: CheckAnnotation): ApiAnnotation {
  const start = line(a.startLine);
  const end = Math.max(start, line(a.endLine));
  const out: ApiAnnotation = {
    path: a.path.replace(/^(\.\/)+/, "").replace(/^\/+/, ""),
    start_line: start,
    end_line: end,
    annotation_level: a.level,
    message: byteCap(a.message.trim() === "" ? "(no message)" : a.message, ANNOTATION_BYTES_LIMIT),
  };
  if (start === end && a.startColumn !== undefined && a.endColumn !== undefined) {
    const from = line(a.startColumn);
    out.start_column = from;
    out.end_column = Math.max(from, line(a.endColumn));
  }
  if (a.title !== undefined && a.title !== "") {
    out.title =
      a.title.length > ANNOTATION_TITLE_LIMIT ? `${a.title.slice(0, ANNOTATION_TITLE_LIMIT - 1)}…` : a.title;
  }
  if (a.rawDetails !== undefined && a.rawDetails !== "")
    out.raw_details = byteCap(a.rawDetails, ANNOTATION_BYTES_LIMIT);
  return out;
}

/** Annotations in request-sized batches; always at least one batch (possibly empty), because the final
 * update carries the conclusion whether or not there are annotations. */
export function annotationBatches(
  annotations: readonly CheckAnnotation[],
  size = ANNOTATIONS_PER_REQUEST,
): ApiAnnotation[][] {
  const all = annotations.map(toApiAnnotation);
  const batches: ApiAnnotation[][] = [];
  for (let i = 0; i < all.length; i += size) batches.push(all.slice(i, i + size));
  return batches.length === 0 ? [[]] : batches;
}
