// Canonical JSON: object keys sorted (UTF-16 order), no whitespace, numbers and strings as
// JSON.stringify writes them, properties holding `undefined` left out. Two bundles with the same
// content hash the same however their keys were ordered, and a bundle written with JSON.stringify and
// read back with JSON.parse hashes as it did before it was written. Pure (hashing is computation).
import { createHash } from "node:crypto";

function write(value: unknown, sink: (chunk: string) => void): void {
  if (value === null || typeof value === "boolean" || typeof value === "string") {
    sink(JSON.stringify(value));
    return;
  }
  if (typeof value === "number") {
    // NaN and Infinity would be written as null and hash as something they are not.
    if (!Number.isFinite(value)) throw new TypeError(`canonical JSON cannot hold the number ${value}`);
    sink(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    sink("[");
    value.forEach((item, i) => {
      if (i > 0) sink(",");
      write(item === undefined ? null : item, sink);
    });
    sink("]");
    return;
  }
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    sink("{");
    keys.forEach((key, i) => {
      if (i > 0) sink(",");
      sink(JSON.stringify(key));
      sink(":");
      write(record[key], sink);
    });
    sink("}");
    return;
  }
  throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
}

export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  write(value, (chunk) => parts.push(chunk));
  return parts.join("");
}

/** sha256 (hex) of a value's canonical JSON, hashed as it is written (a bundle can be large). */
export function canonicalSha256(value: unknown): string {
  const hash = createHash("sha256");
  let pending = "";
  write(value, (chunk) => {
    pending += chunk;
    if (pending.length >= 1 << 16) {
      hash.update(pending, "utf8");
      pending = "";
    }
  });
  hash.update(pending, "utf8");
  return hash.digest("hex");
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
