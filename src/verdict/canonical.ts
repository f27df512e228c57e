// Canonical JSON and its hash, for everything the round history hashes: keys sorted, no whitespace,
// absent (undefined) fields left out, so the same record always hashes the same. Pure.
import { createHash } from "node:crypto";

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** What a value costs in the stored state: the UTF-8 bytes of its JSON. Characters are the wrong unit:
 * a reviewer's reason of control characters is 6 bytes a character once escaped, one of astral
 * characters 4, and the comment's bound must hold for any text a reply can carry. */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? "null", "utf8");
}
