// What one reviewer call shows of its files' context: the candidates of the files it carries, most
// wanted first, each cut to the lines the call does not show already (its diff's lines, and what an
// earlier block showed), taken while they fit the room the call has left after its diff. A candidate
// that does not fit is given up whole (a definition cut in half misleads), and what is given up is
// counted by kind for the summary. Adjacent pieces of one file are then joined into one block. The diff
// is planned before any of this: context only ever fills room, it never takes any from the diff. Pure.
import type { DiffFile } from "../diff/types.js";
import { shownLines } from "./gather.js";
import {
  type ContextKind,
  type ContextMaterial,
  candidatesOf,
  rankOf,
  type ShownContext,
} from "./material.js";

export interface Selected {
  readonly blocks: readonly ShownContext[];
  /** Candidates given up for room, by kind. */
  readonly trimmed: Readonly<Partial<Record<ContextKind, number>>>;
}

/** The pieces of `c` not yet shown: runs of its lines outside `covered`. */
function uncovered(
  c: {
    path: string;
    from: number;
    lines: readonly string[];
    kind: ContextKind;
    name?: string;
    also?: boolean;
  },
  covered: ReadonlySet<number> | undefined,
): ShownContext[] {
  const pieces: ShownContext[] = [];
  let start: number | undefined;
  const flush = (end: number) => {
    if (start === undefined) return;
    pieces.push({
      kind: c.kind,
      path: c.path,
      from: c.from + start,
      lines: c.lines.slice(start, end),
      ...(c.name !== undefined ? { name: c.name } : {}),
      ...(c.also === true ? { also: true } : {}),
    });
    start = undefined;
  };
  for (let i = 0; i < c.lines.length; i += 1) {
    if (covered?.has(c.from + i) === true) flush(i);
    else start ??= i;
  }
  flush(c.lines.length);
  // A piece of blank lines alone shows nothing.
  return pieces.filter((p) => p.lines.some((l) => l.trim() !== ""));
}

/** Adjacent or overlapping pieces of one path joined, each path's blocks in line order, paths in the
 * order they were first taken. The kind and name of a joined block are its first piece's. */
function joined(pieces: readonly ShownContext[]): ShownContext[] {
  const order: string[] = [];
  const byPath = new Map<string, ShownContext[]>();
  for (const p of pieces) {
    if (!byPath.has(p.path)) {
      order.push(p.path);
      byPath.set(p.path, []);
    }
    byPath.get(p.path)?.push(p);
  }
  const out: ShownContext[] = [];
  for (const path of order) {
    const list = [...(byPath.get(path) ?? [])].sort((a, b) => a.from - b.from);
    let current: ShownContext | undefined;
    for (const p of list) {
      if (current !== undefined && current.from + current.lines.length >= p.from) {
        const overlap = current.from + current.lines.length - p.from;
        current = { ...current, lines: [...current.lines, ...p.lines.slice(overlap)] };
        continue;
      }
      if (current !== undefined) out.push(current);
      current = p;
    }
    if (current !== undefined) out.push(current);
  }
  return out;
}

/** The context a call carrying `files` shows within `room` (tokens), each block costing `cost(block)`
 * as the prompt renders it. A joined block never costs more than its pieces did. */
export function selectContext(input: {
  material: ContextMaterial | undefined;
  files: readonly DiffFile[];
  room: number;
  cost: (block: ShownContext) => number;
}): Selected {
  const trimmed: Partial<Record<ContextKind, number>> = {};
  const candidates = candidatesOf(
    input.material,
    input.files.map((f) => f.path),
  )
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rankOf(a.c) - rankOf(b.c) || a.i - b.i)
    .map(({ c }) => c);
  if (candidates.length === 0 || input.room <= 0) {
    for (const c of candidates) trimmed[c.kind] = (trimmed[c.kind] ?? 0) + 1;
    return { blocks: [], trimmed };
  }
  const covered = new Map<string, Set<number>>();
  for (const f of input.files) if (f.status !== "removed") covered.set(f.path, shownLines(f));
  const taken: ShownContext[] = [];
  let left = input.room;
  for (const c of candidates) {
    const pieces = uncovered(c, covered.get(c.path));
    if (pieces.length === 0) continue;
    const cost = pieces.reduce((n, p) => n + input.cost(p), 0);
    if (cost > left) {
      trimmed[c.kind] = (trimmed[c.kind] ?? 0) + 1;
      continue;
    }
    left -= cost;
    taken.push(...pieces);
    const lines = covered.get(c.path) ?? new Set<number>();
    for (const p of pieces) for (let n = p.from; n < p.from + p.lines.length; n += 1) lines.add(n);
    covered.set(c.path, lines);
  }
  return { blocks: joined(taken), trimmed };
}
