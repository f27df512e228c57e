// What a changed file brings with it into a reviewer call besides its patch: the code around its
// hunks, the definitions its added lines call, the places that use what it changes, all read from the
// head. Gathered once a round (gather.ts), chosen per call within the room the call has left
// (select.ts), and shown fenced as the author's text (src/review/prompt.ts). A file's material is part
// of the question its approve answered (src/reviewer-stage/keys.ts), so an approve kept from a round
// that saw other code around the file is asked again. Pure data.

/** How much the reviewer is shown besides the diff (input `context`). */
export type ContextMode = "none" | "hunks" | "auto";

export const CONTEXT_MODES: readonly ContextMode[] = ["none", "hunks", "auto"];

/** What a block is, in the order blocks are given up when a call runs out of room (last first). */
export type ContextKind =
  /** A whole changed file, small enough to show (auto). */
  | "file"
  /** The function or class around a hunk, or a window around it. */
  | "enclosing"
  /** The definition of a name the added lines call that the diff does not show (auto). */
  | "definition"
  /** The declaration of a field or member the changed lines use: its type's body, or the lines around
   * it (auto). */
  | "declaration"
  /** A place elsewhere that uses a name the diff defines, changes or removes (auto). */
  | "caller"
  /** A place reading or writing state the change writes or declares: a field, or a variable from
   * outside the changed function (auto). */
  | "use";

/** Lower is kept longer. A whole file and a hunk's surroundings are what a reviewer reads a hunk by;
 * a definition it calls comes next, then the declaration of a field it uses (a few lines: what the
 * field holds). Uses go first: of a name the change defines (a caller, a dependence by a call) and of
 * state it writes or declares (a dependence by data) are peers, taken in the order gathered: other
 * functions of the changed file that share its state, then callers, then uses of its fields elsewhere. */
export const KIND_RANK: Readonly<Record<ContextKind, number>> = Object.freeze({
  file: 0,
  enclosing: 0,
  definition: 1,
  declaration: 2,
  caller: 3,
  use: 3,
});

/** Lines of the head's text at `path`, from line `from` (1-based). */
export interface ContextCandidate {
  readonly kind: ContextKind;
  readonly path: string;
  readonly from: number;
  readonly lines: readonly string[];
  /** The name a definition, a caller, a declaration or a use is about. */
  readonly name?: string;
  /** A definition after the first of a name that has several: taken after every kind's first
   * definitions, before declarations (rankOf). */
  readonly also?: boolean;
}

/** Where a candidate stands in the order blocks are taken (lower first). */
export function rankOf(c: Pick<ContextCandidate, "kind" | "also">): number {
  return KIND_RANK[c.kind] + (c.also === true ? 0.5 : 0);
}

/** The candidates one changed file brings, most wanted first. */
export interface FileContext {
  readonly file: string;
  readonly candidates: readonly ContextCandidate[];
}

export interface ContextMaterial {
  readonly mode: Exclude<ContextMode, "none">;
  readonly files: readonly FileContext[];
  /** Every changed file of the diff (what a file's approve key leaves to those files' own calls). */
  readonly changed?: readonly string[];
}

/** What a file's approve answered about its context: the code it brings, by what it says and where
 * it is from, not by line number (a line moved by an edit above it asks nothing new). Code from
 * another changed file is that file's question: when it changes, that file is asked, shown its own
 * callers, and the names of the files that kept their verdicts. */
export function keyedContext(
  material: ContextMaterial | undefined,
  file: string,
): { kind: ContextKind; path: string; name: string | null; lines: readonly string[] }[] {
  const changed = new Set(material?.changed ?? []);
  return candidatesOf(material, [file])
    .filter((c) => c.path === file || !changed.has(c.path))
    .map((c) => ({ kind: c.kind, path: c.path, name: c.name ?? null, lines: c.lines }));
}

/** The candidates the files named bring, in their order. */
export function candidatesOf(
  material: ContextMaterial | undefined,
  paths: readonly string[],
): ContextCandidate[] {
  if (material === undefined) return [];
  const byFile = new Map(material.files.map((f) => [f.file, f.candidates]));
  return paths.flatMap((p) => byFile.get(p) ?? []);
}

/** A block a prompt shows: lines of the head's text at `path` from line `from`. */
export interface ShownContext {
  readonly kind: ContextKind;
  readonly path: string;
  readonly from: number;
  readonly lines: readonly string[];
  readonly name?: string;
  readonly also?: boolean;
}
