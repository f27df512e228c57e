// The files git tracks, read from the index file (.git/index) without running git: what the reviewer's
// context may search and show (src/context/). A checkout's tree also holds what git does not track
// (node_modules/, build output, a runner's caches), which the reviewer must not be shown as the
// project's code, and which can be most of the files on disk. Only regular files are kept: a symlink
// (mode 120000) is never followed for context, a submodule (160000) is another repository, and an entry
// a sparse checkout skips (skip-worktree) is not on disk. Versions 2, 3 and 4 of the format
// (Documentation/gitformat-index.txt), SHA-1 and SHA-256 object names. Bounded: at most `limit` paths,
// and a damaged index ends the list where it stops making sense (marked truncated), never a throw.
// Pure.

/** What the index says, as far as the context needs it. */
export interface IndexFiles {
  readonly paths: string[];
  /** More entries than the limit, or the bytes ended (or stopped parsing) before the count did. */
  readonly truncated: boolean;
}

const REGULAR = 0b1000;
const EXTENDED = 0x4000;
const SKIP_WORKTREE = 0x4000;

/** Reads git's varint for v4 path compression (varint.c: each continuation adds one before shifting). */
function varint(bytes: Uint8Array, at: number): { value: number; next: number } | undefined {
  let i = at;
  let byte = bytes[i];
  if (byte === undefined) return undefined;
  let value = byte & 0x7f;
  while ((byte & 0x80) !== 0) {
    i += 1;
    byte = bytes[i];
    if (byte === undefined || value > 0xffffff) return undefined;
    value = ((value + 1) << 7) | (byte & 0x7f);
  }
  return { value, next: i + 1 };
}

/** The regular files an index lists, in its order (git sorts entries by path bytes). `hashBytes` is 20
 * for SHA-1 repositories and 32 for SHA-256 ones. */
export function parseIndex(bytes: Uint8Array, limit: number, hashBytes = 20): IndexFiles {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const paths: string[] = [];
  if (bytes.byteLength < 12 || String.fromCharCode(...bytes.subarray(0, 4)) !== "DIRC") {
    return { paths, truncated: true };
  }
  const version = view.getUint32(4);
  if (version < 2 || version > 4) return { paths, truncated: true };
  const count = view.getUint32(8);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let at = 12;
  let previous: Uint8Array = new Uint8Array(0);
  for (let n = 0; n < count; n += 1) {
    const start = at;
    const fixed = 40 + hashBytes + 2;
    if (at + fixed > bytes.byteLength) return { paths, truncated: true };
    const mode = view.getUint32(at + 24);
    const flags = view.getUint16(at + 40 + hashBytes);
    at += fixed;
    let extended = 0;
    if ((flags & EXTENDED) !== 0) {
      if (version < 3 || at + 2 > bytes.byteLength) return { paths, truncated: true };
      extended = view.getUint16(at);
      at += 2;
    }
    let name: Uint8Array;
    if (version === 4) {
      const strip = varint(bytes, at);
      if (strip === undefined || strip.value > previous.byteLength) return { paths, truncated: true };
      const end = bytes.indexOf(0, strip.next);
      if (end === -1) return { paths, truncated: true };
      const kept = previous.subarray(0, previous.byteLength - strip.value);
      name = new Uint8Array(kept.byteLength + (end - strip.next));
      name.set(kept, 0);
      name.set(bytes.subarray(strip.next, end), kept.byteLength);
      at = end + 1;
    } else {
      const end = bytes.indexOf(0, at);
      if (end === -1) return { paths, truncated: true };
      name = bytes.subarray(at, end);
      // 1 to 8 NULs pad the entry to a multiple of eight bytes.
      at = start + Math.ceil((end - start + 1) / 8) * 8;
    }
    previous = name;
    const stage = (flags >> 12) & 0b11;
    if (mode >>> 12 !== REGULAR || stage !== 0 || (extended & SKIP_WORKTREE) !== 0) continue;
    let path: string;
    try {
      path = decoder.decode(name);
    } catch {
      // A name that is not UTF-8 cannot be asked of the tree by its text; it is left out.
      continue;
    }
    if (paths.length >= limit) return { paths, truncated: true };
    paths.push(path);
  }
  return { paths, truncated: false };
}
