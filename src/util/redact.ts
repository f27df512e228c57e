// Keeps secrets (the reviewer's key, the GitHub token, the credentials a command reviewer is given) out
// of everything the gate publishes: the check run's summary, text and annotations, comments, the job
// summary, the step's outputs and log, and every message. The one redactor: the GitHub client, the
// reviewer driver and the action's entry all use it.
//
// What it finds, each a way a secret was seen (or can be made) to leave:
// - the secret itself, and URL-encoded (a clone URL, a query string or a form body a proxy reflects);
// - any word sharing eight or more consecutive characters with it: providers echo keys masked
//   (OpenAI's 401 says "Incorrect API key provided: sk-abc12***…7890");
// - disguised, as a prompt-injected command reviewer prints its own key to get it into a public check
//   run: split into words or lines ("sk-ant-a pi03-Xy…", with any separators: spaces, newlines,
//   punctuation, zero-width characters, full-width letters), reversed, base64 (standard or URL-safe,
//   at each of the 3 alignments a key can take inside a longer encoded text, so `x-access-token:ghs_…`
//   in a git extraheader is found too), hex (either case, `%`-escaped bytes included) — whole, or any
//   run of 12 of the encoding's letters and digits.
// The disguised forms are found in one pass: the text is reduced to its ASCII letters and digits (with
// a map back to where each came from), every form of every secret is reduced the same way, and a
// rolling hash finds each 12-character run of a form in the reduced text; the original span from the
// first to the last matched character goes, separators and all. Linear in the text.
//
// Only secrets with at least 16 letters and digits, 6 of them different, are searched in disguise: a
// short or repetitive value (a placeholder like `XXXXX-XXXXX`) would redact ordinary text. Shorter ones
// (4 characters and up) are still redacted as written and URL-encoded.
//
// Over-redacting costs a less helpful message; under-redacting publishes a credential in a public
// check run. What no redactor can stop is in docs/security.md: a model can paraphrase or spell a key
// in a way nobody listed, leak it 11 characters a round, or an agent with network access can send it
// anywhere. Pure.

export const REDACTED = "[redacted]";

export type Redact = (text: string) => string;

/** Shortest secret searched for at all. */
const MIN_SECRET = 4;
/** Shortest run of a secret's characters inside one word treated as a leak (masked echoes). */
const LEAK_RUN = 8;
/** Letters and digits a secret needs, and how many different ones, to be searched in disguise. */
export const DISGUISE_MIN_LENGTH = 16;
const DISGUISE_MIN_DISTINCT = 6;
/** Run of a disguised form's letters and digits treated as a leak. */
export const DISGUISE_RUN = 12;

/** A letter or digit as the reduced text keeps it (full-width forms folded to ASCII), or -1. */
function alnumCode(c: number): number {
  if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) return c;
  // Full-width digits and letters (U+FF10–FF19, FF21–FF3A, FF41–FF5A): the same key to a reader.
  if ((c >= 0xff10 && c <= 0xff19) || (c >= 0xff21 && c <= 0xff3a) || (c >= 0xff41 && c <= 0xff5a)) {
    return c - 0xfee0;
  }
  return -1;
}

/** Only the ASCII letters and digits of `s`. */
function reduced(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i += 1) {
    const c = alnumCode(s.charCodeAt(i));
    if (c >= 0) out += String.fromCharCode(c);
  }
  return out;
}

/** The letters and digits of `text`, and for each the index it came from. */
function reduce(text: string): { letters: string; from: Int32Array } {
  const from = new Int32Array(text.length);
  const codes = new Uint16Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = alnumCode(text.charCodeAt(i));
    if (c < 0) continue;
    from[n] = i;
    codes[n] = c;
    n += 1;
  }
  let letters = "";
  for (let at = 0; at < n; at += 8192) {
    letters += String.fromCharCode(...codes.subarray(at, Math.min(n, at + 8192)));
  }
  return { letters, from: from.subarray(0, n) };
}

const reverse = (s: string): string => [...s].reverse().join("");

/** The characters of base64(prefix + secret) that depend on the secret's bytes alone, for a secret at
 * byte offset `shift` (0, 1 or 2) of a longer encoded text. */
function base64Stable(bytes: Buffer, shift: number): string {
  const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString("base64");
  const start = Math.ceil((8 * shift) / 6);
  const end = Math.floor((8 * (shift + bytes.length)) / 6);
  return encoded.slice(start, end);
}

/** Every disguised form of `secret`, reduced to letters and digits. */
function disguises(secret: string): string[] {
  const core = reduced(secret);
  if (core.length < DISGUISE_MIN_LENGTH || new Set(core).size < DISGUISE_MIN_DISTINCT) return [];
  const bytes = Buffer.from(secret, "utf8");
  const hex = bytes.toString("hex");
  const encoded = encodeURIComponent(secret);
  const forms = [
    core,
    reverse(core),
    hex,
    hex.toUpperCase(),
    reduced(encoded),
    reduced(encoded.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())),
    // Standard and URL-safe base64 differ only in `+/` and `-_`, which reducing drops.
    ...[0, 1, 2].map((shift) => reduced(base64Stable(bytes, shift))),
  ];
  return [...new Set(forms)].filter((f) => f.length >= DISGUISE_RUN);
}

const BASE = 0x01000193;

/** Runs of one length, found with a rolling hash: the table maps a run's hash to the runs. */
interface RunTable {
  readonly length: number;
  readonly byHash: Map<number, string[]>;
}

/** Polynomial hash of `s.slice(at, at + n)`, mod 2^32. */
function runHash(s: string, at: number, n: number): number {
  let h = 0;
  for (let i = at; i < at + n; i += 1) h = (Math.imul(h, BASE) + s.charCodeAt(i)) | 0;
  return h;
}

function addRuns(tables: Map<number, RunTable>, form: string, n: number): void {
  let table = tables.get(n);
  if (table === undefined) {
    table = { length: n, byHash: new Map() };
    tables.set(n, table);
  }
  for (let i = 0; i + n <= form.length; i += 1) {
    const run = form.slice(i, i + n);
    const h = runHash(run, 0, n);
    const list = table.byHash.get(h);
    if (list === undefined) table.byHash.set(h, [run]);
    else if (!list.includes(run)) list.push(run);
  }
}

/** Calls `hit(i)` for every i where `s.slice(i, i + table.length)` is one of the table's runs. One
 * pass: the hash rolls one character at a time, and a string is compared only when a hash matches. */
function eachRun(s: string, table: RunTable, hit: (at: number) => void): void {
  const n = table.length;
  if (s.length < n || table.byHash.size === 0) return;
  let outgoing = 1;
  for (let i = 1; i < n; i += 1) outgoing = Math.imul(outgoing, BASE);
  let h = runHash(s, 0, n);
  for (let i = 0; ; i += 1) {
    const candidates = table.byHash.get(h);
    if (candidates?.includes(s.slice(i, i + n))) hit(i);
    if (i + n >= s.length) return;
    h = (Math.imul(h - Math.imul(s.charCodeAt(i), outgoing), BASE) + s.charCodeAt(i + n)) | 0;
  }
}

/** Spans of `text` (start, end) that hold a run of a disguised form: from the first to the last
 * letter or digit of the run, separators between them included. */
function disguisedSpans(text: string, table: RunTable | undefined, spans: [number, number][]): void {
  if (table === undefined) return;
  const { letters, from } = reduce(text);
  eachRun(letters, table, (i) => {
    spans.push([from[i] as number, (from[i + table.length - 1] as number) + 1]);
  });
}

/** Characters that end a word for the masked-echo rule. */
const SEPARATOR = /[\s"'`<>()[\]{},;]/;

/** Spans of the whole words of `text` that hold a run of a secret as written (a masked echo). */
function maskedWordSpans(text: string, tables: Iterable<RunTable>, spans: [number, number][]): void {
  for (const table of tables) {
    eachRun(text, table, (i) => {
      let start = i;
      while (start > 0 && !SEPARATOR.test(text.charAt(start - 1))) start -= 1;
      let end = i + table.length;
      while (end < text.length && !SEPARATOR.test(text.charAt(end))) end += 1;
      spans.push([start, end]);
    });
  }
}

/** `text` with each span (merged where they overlap or touch) replaced by the marker. */
function replaceSpans(text: string, spans: [number, number][]): string {
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let out = "";
  let at = 0;
  let [open, close] = spans[0] as [number, number];
  for (const [start, end] of spans) {
    if (start <= close) {
      close = Math.max(close, end);
      continue;
    }
    out += `${text.slice(at, open)}${REDACTED}`;
    at = close;
    open = start;
    close = end;
  }
  return `${out}${text.slice(at, open)}${REDACTED}${text.slice(close)}`;
}

/** Each secret as written and URL-encoded (upper- and lower-case escapes), longest first so that an
 * encoded form is replaced whole. */
function writtenForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    forms.add(secret);
    const encoded = encodeURIComponent(secret);
    forms.add(encoded);
    forms.add(encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/** A redactor for these secrets; the forms are worked out once, so each text costs one linear pass per
 * rule. Empty, very short values, and values the marker itself contains are ignored: redacting "a"
 * would shred every message without protecting anything. */
export function redactor(secrets: readonly string[]): Redact {
  const usable = [...new Set(secrets.map((s) => s.trim()))].filter(
    (s) => s.length >= MIN_SECRET && !REDACTED.includes(s),
  );
  if (usable.length === 0) return (text) => text;
  const written = writtenForms(usable);
  const masked = new Map<number, RunTable>();
  for (const form of written) addRuns(masked, form, Math.min(LEAK_RUN, form.length));
  const disguised = new Map<number, RunTable>();
  for (const form of usable.flatMap(disguises)) addRuns(disguised, form, DISGUISE_RUN);
  return (text) => {
    if (text === "") return text;
    let result = text;
    for (const form of written) if (result.includes(form)) result = result.split(form).join(REDACTED);
    const spans: [number, number][] = [];
    disguisedSpans(result, disguised.get(DISGUISE_RUN), spans);
    maskedWordSpans(result, masked.values(), spans);
    return replaceSpans(result, spans);
  };
}

/** `text` with every secret, in every form above, replaced. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return redactor(secrets)(text);
}
