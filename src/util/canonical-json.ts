// Canonical JSON (the ordering of RFC 8785): object keys sorted by UTF-16 code units, no whitespace,
// numbers and strings as JSON.stringify writes them, properties holding `undefined` left out, non-finite
// numbers as null. The canonical text of a value equals that of the value after a JSON round trip, so a
// value hashes the same in memory, written to a file, and read back. Pure (hashing is computation).
//
// The one definition of both, for everything whose hash is checked later: the round history's receipt
// chain (src/verdict/history-chain.ts) and the evidence bundle's hashes (src/criteria/evidence/). They once had
// a serialiser each, equal on every JSON value but free to drift apart; a drift would turn every stored
// history or bundle into "edited" (or, worse, let an edit pass as intact in one and not the other).
// Changing an output byte here changes the hash of every history and bundle ever written:
// __tests__/util/canonical-json.test.ts holds fixed vectors from both, produced before they shared this file.
import { createHash } from "node:crypto";

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

class IndexKey extends Error {}

// The fast path: native JSON.stringify with every object's keys re-inserted in sorted order. Engines
// always write array-index keys ("0", "17") first in numeric order whatever the insertion order, which
// is not UTF-16 order ("10" < "2"), so an object holding one sends the whole value to the slow path.
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  for (const key of keys) if (ARRAY_INDEX.test(key)) throw new IndexKey();
  keys.sort();
  // No prototype: on a plain object, `sorted["__proto__"] = …` would set the prototype (or do nothing)
  // instead of adding the key, and a "__proto__" key read from a bundle would drop out of the hash.
  const sorted: Record<string, unknown> = Object.create(null);
  for (const key of keys) sorted[key] = record[key];
  return sorted;
}

function skipped(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

function write(value: unknown, out: string[]): void {
  if (value === null) {
    out.push("null");
  } else if (typeof value === "string" || typeof value === "boolean") {
    out.push(JSON.stringify(value));
  } else if (typeof value === "number") {
    out.push(Number.isFinite(value) ? JSON.stringify(value) : "null");
  } else if (Array.isArray(value)) {
    out.push("[");
    value.forEach((item, i) => {
      if (i > 0) out.push(",");
      if (skipped(item)) out.push("null");
      else write(item, out);
    });
    out.push("]");
  } else if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((k) => !skipped(record[k]))
      .sort();
    out.push("{");
    keys.forEach((key, i) => {
      if (i > 0) out.push(",");
      out.push(JSON.stringify(key), ":");
      write(record[key], out);
    });
    out.push("}");
  } else {
    throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
  }
}

/** The slow path on its own: what canonicalJson falls back to. Exported so tests can hold the two paths
 * to the same answer. */
export function canonicalJsonSlow(value: unknown): string {
  if (skipped(value)) return "null";
  const out: string[] = [];
  write(value, out);
  return out.join("");
}

export function canonicalJson(value: unknown): string {
  try {
    return JSON.stringify(value, sortedKeys) ?? "null";
  } catch (error) {
    if (!(error instanceof IndexKey)) throw error;
    return canonicalJsonSlow(value);
  }
}

/** sha256 (hex) of a value's canonical JSON. */
export function canonicalSha256(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value), "utf8").digest("hex");
}

/** sha256 (hex) of bytes, or of a string's UTF-8 encoding. */
export function sha256Hex(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}
