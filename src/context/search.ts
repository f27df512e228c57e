// A plain word search over the tracked files, for the definitions and the callers the context shows.
// Bounded three ways, because a tree can hold 50,000 files and the round has a deadline: files opened,
// bytes read and wall time (on an injected clock, so a test proves the bound without waiting for it).
// It stops early once every name has what it needs, and says why it stopped: a bound met is context not
// found, which the summary reports, never an error. Reads go through the tree port without following
// symlinks (TreeReader.readNoFollow); files the excludes withhold, or that are not source, are never
// opened. Pure but for the port.
import type { TreeReader } from "../ports/tree.js";
import { fieldsDeclared } from "./fields.js";
import { definedName, familyOf } from "./language.js";
import { structureOf } from "./structure.js";
import { meter, type Work } from "./work.js";

export interface SearchBounds {
  /** Files opened at most. */
  readonly files: number;
  /** Bytes read at most, all files together. */
  readonly bytes: number;
  /** Wall time at most, in milliseconds of the injected clock. */
  readonly millis: number;
  /** Bytes read of one file at most; a longer file is skipped (generated or bundled code, mostly). */
  readonly fileBytes: number;
}

export const DEFAULT_SEARCH_BOUNDS: SearchBounds = Object.freeze({
  files: 4_000,
  bytes: 32 * 1024 * 1024,
  millis: 4_000,
  fileBytes: 512 * 1024,
});

export interface SearchRequest {
  /** Names whose definition is wanted: the first found stands. */
  readonly definitions: readonly string[];
  /** Names whose uses are wanted: at most `usesPerName` each (one a file), `usesTotal` in all. */
  readonly uses: readonly string[];
  readonly usesPerName: number;
  readonly usesTotal: number;
  /** Names whose declaration as a field (fields.ts) is wanted: the first found stands. */
  readonly fields?: readonly string[];
  /** Names whose uses as a member (`x.name`) are wanted: at most `membersPerName` each (one a file),
   * `membersTotal` in all. */
  readonly members?: readonly string[];
  readonly membersPerName?: number;
  readonly membersTotal?: number;
}

/** Where a name was found: the file and the line (1-based). */
export interface Place {
  readonly path: string;
  readonly line: number;
}

/** Why the search ended. */
export type SearchStop = "complete" | "all-files" | "files" | "bytes" | "time";

export interface SearchResult {
  readonly definitions: ReadonlyMap<string, Place>;
  readonly uses: ReadonlyMap<string, readonly Place[]>;
  readonly fields: ReadonlyMap<string, Place>;
  readonly members: ReadonlyMap<string, readonly Place[]>;
  /** Uses and member uses on lines a changed file's diff shows (`inDiff`), apart: shown only to a call
   * that does not carry that file, so they neither fill nor end the search for the others. */
  readonly usesInDiff: ReadonlyMap<string, readonly Place[]>;
  readonly membersInDiff: ReadonlyMap<string, readonly Place[]>;
  /** The lines of every file a place is in. */
  readonly texts: ReadonlyMap<string, readonly string[]>;
  readonly visited: number;
  readonly bytes: number;
  readonly stop: SearchStop;
  /** Units of work done (work.ts). */
  readonly work: number;
  /** The file the time bound ended the search inside, and how far it had read. */
  readonly cut?: Cut;
}

/** Where a bound ended the search inside a file: its path, the line reached, the lines it has. */
export interface Cut {
  readonly path: string;
  readonly line: number;
  readonly lines: number;
}

export interface SearchInput {
  readonly tree: Pick<TreeReader, "readNoFollow">;
  /** The files to open, in the order to open them. */
  readonly paths: readonly string[];
  readonly request: SearchRequest;
  readonly bounds: SearchBounds;
  /** Milliseconds, for the time bound. */
  readonly now: () => number;
  /** A line a changed file's diff shows. A reviewer sees it only in a call that carries that file, so
   * "already shown" is the call's to decide (select.ts): a use found there is kept apart
   * (`usesInDiff`), and a call about another file still shows it. */
  readonly inDiff?: (path: string, line: number) => boolean;
  /** Text a file is known to hold already (the changed files, read at the head): not read again. */
  readonly known?: ReadonlyMap<string, readonly string[]>;
  /** The round's meter (work.ts), already counting what came before; else one of the search's own. */
  readonly work?: Work;
}

/** Lines scanned between two checkpoints of the meter. */
const LINES_PER_LOOK = 1_024;

/** One expression for every name, as a whole word (`$` counts as a letter). Names are identifiers, so
 * only `$` needs escaping; longest first so that `saveAll` is not read as `save`. */
function wordsExpression(names: readonly string[]): RegExp {
  const alternatives = [...names].sort((a, b) => b.length - a.length).map((n) => n.replace(/\$/g, "\\$"));
  return new RegExp(`(?<![A-Za-z0-9_$])(?:${alternatives.join("|")})(?![A-Za-z0-9_$])`, "g");
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** A file's text as lines, or undefined when it is not text (a NUL byte, invalid UTF-8). */
function textLines(bytes: Uint8Array): string[] | undefined {
  if (bytes.subarray(0, 8_000).includes(0)) return undefined;
  try {
    const lines = utf8.decode(bytes).split(/\r?\n/);
    // A final newline ends the last line; it does not start another.
    if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
    return lines;
  } catch {
    return undefined;
  }
}

/** Adds `place` to `name`'s list in `into`, one a file and `most` at most; whether it was added. */
function noted(into: Map<string, Place[]>, name: string, place: Place, most: number): boolean {
  const list = into.get(name) ?? [];
  if (list.length >= most || list.some((p) => p.path === place.path)) return false;
  list.push(place);
  into.set(name, list);
  return true;
}

export async function searchWords(input: SearchInput): Promise<SearchResult> {
  const { request, bounds } = input;
  const wantedDefinitions = new Set(request.definitions);
  const wantedUses = new Set(request.uses);
  const wantedFields = new Set(request.fields ?? []);
  const wantedMembers = new Set(request.members ?? []);
  const membersPerName = request.membersPerName ?? 0;
  const membersTotal = request.membersTotal ?? 0;
  const definitions = new Map<string, Place>();
  const uses = new Map<string, Place[]>();
  const fields = new Map<string, Place>();
  const members = new Map<string, Place[]>();
  const usesInDiff = new Map<string, Place[]>();
  const membersInDiff = new Map<string, Place[]>();
  const texts = new Map<string, readonly string[]>();
  let usesFound = 0;
  let membersFound = 0;
  let visited = 0;
  let bytes = 0;
  let cut: Cut | undefined;
  const started = input.now();
  const work = input.work ?? meter({ now: input.now, millis: bounds.millis, started });
  const all = [...new Set([...request.definitions, ...request.uses, ...wantedFields, ...wantedMembers])];
  const done = () =>
    definitions.size >= wantedDefinitions.size &&
    fields.size >= wantedFields.size &&
    (usesFound >= request.usesTotal ||
      [...wantedUses].every((n) => (uses.get(n)?.length ?? 0) >= request.usesPerName)) &&
    (membersFound >= membersTotal ||
      [...wantedMembers].every((n) => (members.get(n)?.length ?? 0) >= membersPerName));
  const result = (stop: SearchStop): SearchResult => ({
    definitions,
    uses,
    fields,
    members,
    usesInDiff,
    membersInDiff,
    texts,
    visited,
    bytes,
    stop,
    work: work.spent,
    ...(cut !== undefined ? { cut } : {}),
  });
  if (all.length === 0) return result("complete");
  const expression = wordsExpression(all);
  let stop: SearchStop = "all-files";
  for (const path of input.paths) {
    if (done()) {
      stop = "complete";
      break;
    }
    if (visited >= bounds.files) {
      stop = "files";
      break;
    }
    if (bytes >= bounds.bytes) {
      stop = "bytes";
      break;
    }
    if (input.now() - started >= bounds.millis || (await work.checkpoint())) {
      stop = "time";
      break;
    }
    visited += 1;
    let lines = input.known?.get(path);
    if (lines === undefined) {
      if (input.tree.readNoFollow === undefined) break;
      let read: Awaited<ReturnType<NonNullable<TreeReader["readNoFollow"]>>>;
      try {
        read = await input.tree.readNoFollow(path, Math.min(bounds.fileBytes, bounds.bytes - bytes));
      } catch {
        // Gone, a symlink, not a regular file: nothing to show from it.
        continue;
      }
      bytes += read.bytes.byteLength;
      work.spend(read.bytes.byteLength);
      if (read.truncated) continue;
      lines = textLines(read.bytes);
      if (lines === undefined) continue;
    }
    let hit = false;
    const family = familyOf(path);
    for (let i = 0; i < lines.length; i += 1) {
      // The time bound holds inside a file too, and the event loop is let in while a large one is read.
      if (i % LINES_PER_LOOK === 0 && i > 0 && (await work.checkpoint())) {
        cut = { path, line: i, lines: lines.length };
        break;
      }
      const line = lines[i] as string;
      work.spend(line.length + 1);
      expression.lastIndex = 0;
      if (line.length > 2_000 || !expression.test(line)) continue;
      expression.lastIndex = 0;
      const defines = definedName(line);
      // A name in a comment is no use of it.
      const comment = /^\s*(?:\/\/|#|\*|\/\*|--)/.test(line);
      for (const m of line.matchAll(expression)) {
        const name = m[0];
        const place = { path, line: i + 1 };
        if (
          wantedFields.has(name) &&
          !fields.has(name) &&
          structureOf(lines, family, work) !== undefined &&
          fieldsDeclared(lines, i + 1, family).includes(name)
        ) {
          fields.set(name, place);
          hit = true;
          continue;
        }
        if (wantedMembers.has(name) && !comment && /(?:\.|->)\s*$/.test(line.slice(0, m.index))) {
          if (input.inDiff?.(path, i + 1) === true) {
            if (noted(membersInDiff, name, place, membersPerName)) hit = true;
          } else if (membersFound < membersTotal && noted(members, name, place, membersPerName)) {
            membersFound += 1;
            hit = true;
          }
        }
        if (defines === name) {
          if (wantedDefinitions.has(name) && !definitions.has(name)) {
            definitions.set(name, place);
            hit = true;
          }
          continue;
        }
        if (!wantedUses.has(name) || comment) continue;
        // One place a file: callers from several files say more than one caller's every line.
        if (input.inDiff?.(path, i + 1) === true) {
          if (noted(usesInDiff, name, place, request.usesPerName)) hit = true;
        } else if (usesFound < request.usesTotal && noted(uses, name, place, request.usesPerName)) {
          usesFound += 1;
          hit = true;
        }
      }
    }
    if (hit) texts.set(path, lines);
    if (cut !== undefined) {
      stop = "time";
      break;
    }
  }
  if (stop === "all-files" && done()) stop = "complete";
  return result(stop);
}
