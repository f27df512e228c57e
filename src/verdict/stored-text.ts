// The texts a round stores, bounded, and the identity of a reason. Every text the history keeps comes
// from a reviewer's reply, a dependency or a person, so each is capped in the unit the comment's limit
// is made of (bytes of JSON), and a reason is kept once under an id that the audit can recompute.
// Pure.
import { sha256Hex as sha256 } from "../util/canonical-json.js";

/** What a value costs in the stored state: the UTF-8 bytes of its JSON. Characters are the wrong unit:
 * a reviewer's reason of control characters is 6 bytes a character once escaped, one of astral
 * characters 4, and the comment's bound must hold for any text a reply can carry. */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? "null", "utf8");
}

/** Reasons one round stores (by id); the rest are counted and digested, and the check run has them all. */
export const ROUND_REASONS = 20;
/** The longest reason text stored, in bytes of JSON. */
export const REASON_BYTES = 400;
/** What a hold needs (needed) and what a conditional-on waits for (dependencies): items and bytes each. */
export const NEEDED_ITEMS = 6;
export const NEEDED_BYTES = 400;
export const DEPENDENCY_ITEMS = 10;
export const DEPENDENCY_BYTES = 200;
/** A person's reason for a decision, and their login. */
export const DECISION_REASON_BYTES = 600;
/** A dismissal's reason: less than a decision's, as the dismissal also names its finding (the round
 * record's bound, history-schema.ts FULL_ROUND_BYTES, holds either). */
export const DISMISSAL_REASON_BYTES = 400;
export const LOGIN_BYTES = 100;
/** The address of the comment that carried a decision (a pull request comment's URL is under 200). */
export const DECISION_URL_BYTES = 300;
/** Dependency timers: entries, and bytes of each key. */
export const PENDING_ITEMS = 16;
export const PENDING_KEY_BYTES = 200;
/** Short fields: a time, a coverage line, a verdict word. */
export const SHORT_BYTES = 100;

/** Anything but letters, numbers and the punctuation a location is made of. */
const NOT_WORD = /[^\p{L}\p{N}/._:\- ]+/gu;
/** The same set for text of ASCII alone, where \p{L} is A-Z and a-z and \p{N} is 0-9: a reason id
 * hashes this text, so the two must agree exactly, and on ASCII they do. The Unicode class costs about
 * 60 ns a character (reason ids are recomputed for every stored reason on every audit), this one 8. */
const NOT_WORD_ASCII = /[^A-Za-z0-9/._:\- ]+/g;
const NON_ASCII = /[^\x00-\x7f]/;

/** Reasons compared across rounds: case, punctuation and spacing differences are not new reasons. */
export function normaliseReason(reason: string): string {
  // ASCII is its own NFKC form and lower-cases to ASCII: such text skips NFKC and the Unicode class.
  const ascii = !NON_ASCII.test(reason);
  const folded = (ascii ? reason : reason.normalize("NFKC"))
    .toLowerCase()
    .replace(/[—–]/g, "-")
    .replace(/['’]/g, "");
  return (
    folded
      .replace(ascii || !NON_ASCII.test(folded) ? NOT_WORD_ASCII : NOT_WORD, " ")
      // Punctuation that ends a word ("parser.", "note:") is not part of it; inside ("a.ts:10") it is.
      .replace(/[._:-]+(?=\s|$)/g, "")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** A reason's id: 128 bits of SHA-256 over its normalised text, so "Missing null check." and "missing
 * null check" are one reason, stored once. A reason that normalises to nothing (punctuation only) is
 * keyed by its exact text, or every such reason would be the same one. */
export function reasonId(text: string): string {
  const n = normaliseReason(text);
  return sha256(n === "" ? `reason\u0000${text}` : `reason:${n}`).slice(0, 32);
}

/** What one code point costs inside a JSON string, in UTF-8 bytes, as JSON.stringify writes it:
 * the two-character escapes, \u00XX for other control characters and lone surrogates, else UTF-8. */
function pointBytes(point: number): number {
  if (point === 0x22 || point === 0x5c) return 2;
  if (point < 0x20) return [0x08, 0x09, 0x0a, 0x0c, 0x0d].includes(point) ? 2 : 6;
  if (point < 0x80) return 1;
  if (point < 0x800) return 2;
  if (point >= 0xd800 && point <= 0xdfff) return 6;
  return point < 0x10000 ? 3 : 4;
}

/** The JSON bytes of `text` (quotes included), counting no further than `limit` (then limit + 1). */
export function textBytes(text: string, limit = Number.POSITIVE_INFINITY): number {
  let bytes = 2;
  for (const ch of text) {
    bytes += pointBytes(ch.codePointAt(0) as number);
    if (bytes > limit) return limit + 1;
  }
  return bytes;
}

/** `text` cut at a code point boundary so that its JSON takes at most `maxBytes`, marked with "…" when
 * cut. Unchanged when it fits. One pass, and never past `maxBytes` code points: a reply of megabytes
 * costs no more than one of a line. */
export function capText(text: string, maxBytes: number): string {
  if (textBytes(text, maxBytes) <= maxBytes) return text;
  const room = maxBytes - 2 - 3; // the quotes, and the "…" (3 bytes)
  let bytes = 0;
  let end = 0;
  for (const ch of text) {
    const cost = pointBytes(ch.codePointAt(0) as number);
    if (bytes + cost > room) break;
    bytes += cost;
    end += ch.length;
  }
  return `${text.slice(0, end)}…`;
}

/** A list of texts bounded for storage: at most `items` of them, each capped, and a count of the rest. */
export function capList(list: readonly string[], items: number, maxBytes: number): string[] {
  const kept = list.slice(0, items).map((t) => capText(t, maxBytes));
  if (list.length > items) kept.push(`…and ${list.length - items} more (see the check run)`);
  return kept;
}

/** Reasons past the round's cap: how many, and a digest of their texts (one a line, in order), so the
 * record still says exactly what it left out even though it no longer says what that was. */
export interface DroppedReasons {
  count: number;
  digest: string;
}

export interface StoredReasons {
  /** Distinct reason ids in first-given order, at most ROUND_REASONS. */
  ids: string[];
  /** id → the (capped) text first given for it in this round. */
  texts: Map<string, string>;
  dropped?: DroppedReasons;
}

/** A round's reasons as the history stores them: each capped, once per id, at most ROUND_REASONS. */
export function storeReasons(reasons: readonly string[]): StoredReasons {
  const ids: string[] = [];
  const texts = new Map<string, string>();
  const left: string[] = [];
  const seen = new Set<string>();
  for (const reason of reasons) {
    const text = capText(reason, REASON_BYTES);
    const id = reasonId(text);
    if (seen.has(id)) continue;
    seen.add(id);
    if (ids.length >= ROUND_REASONS) {
      left.push(text);
      continue;
    }
    ids.push(id);
    texts.set(id, text);
  }
  return {
    ids,
    texts,
    ...(left.length > 0 ? { dropped: { count: left.length, digest: sha256(left.join("\n")) } } : {}),
  };
}
