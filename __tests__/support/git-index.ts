// Writes a git index file (version 2, SHA-1) listing paths, for trees too large to `git add` in a test:
// a 50,000-file checkout is one file here. Entries are regular files (mode 100644) with a zero object
// name; git sorts entries by path bytes, and so does this. __tests__/workspace/git-index.test.ts reads
// one back with `git ls-files`, so the format is git's own.
import { createHash } from "node:crypto";

export function indexOf(paths: readonly string[], modes: Readonly<Record<string, number>> = {}): Buffer {
  const sorted = [...paths].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const parts: Buffer[] = [];
  const header = Buffer.alloc(12);
  header.write("DIRC", 0, "latin1");
  header.writeUInt32BE(2, 4);
  header.writeUInt32BE(sorted.length, 8);
  parts.push(header);
  for (const p of sorted) {
    const name = Buffer.from(p, "utf8");
    const fixed = Buffer.alloc(62);
    fixed.writeUInt32BE(modes[p] ?? 0o100644, 24);
    fixed.writeUInt16BE(Math.min(name.byteLength, 0xfff), 60);
    const length = 62 + name.byteLength;
    const padded = Math.ceil((length + 1) / 8) * 8;
    parts.push(fixed, name, Buffer.alloc(padded - length));
  }
  const body = Buffer.concat(parts);
  return Buffer.concat([body, createHash("sha1").update(body).digest()]);
}
