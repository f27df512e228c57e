// A plain word search over the tracked files, for the definitions and the callers the context shows.
// Bounded three ways, because a tree can hold 50,000 files and the round has a deadline: files opened,
// bytes read and wall time (on an injected clock, so a test proves the bound without waiting for it).
// It stops early once every name has what it needs, and says why it stopped: a bound met is context not
// found, which the summary reports, never an error. A match is a place only where it is code (never in
// a comment or a string) and never on an import or export line; uses are ranked, calls above mentions
// and a file that imports the name above one that does not, and a definition of a called name is
// ranked by what it can be (references.ts), so the best places are kept, not the first. Reads go through the tree port without following
// symlinks (TreeReader.readNoFollow); files the excludes withhold, or that are not source, are never
// opened. Pure but for the port.
import type { TreeReader } from "../ports/tree.js";
import { fieldsDeclared } from "./fields.js";
import { definedName, familyOf } from "./language.js";
import { definitionScore, importLines, useScore, useShape } from "./references.js";
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
  /** Names whose definitions are wanted: the best `definitionsPerName` (1 by default). */
  readonly definitions: readonly string[];
  readonly definitionsPerName?: number;
  /** Of `definitions`, names called only as members (`x.name(`): a variable is no definition of one. */
  readonly memberCalls?: readonly string[];
  /** Names whose uses are wanted: the best `usesPerName` each (one a file), `usesTotal` in all. */
  readonly uses: readonly string[];
  /** Of `uses`, methods and fields: a use of one is `x.name`, a bare word of that name is another. */
  readonly methods?: readonly string[];
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
  /** Each name's definitions, best first. */
  readonly definitions: ReadonlyMap<string, readonly Place[]>;
  readonly uses: ReadonlyMap<string, readonly Place[]>;
  readonly fields: ReadonlyMap<string, Place>;
  readonly members: ReadonlyMap<string, readonly Place[]>;
  /** Uses, member uses and definitions on lines a changed file's diff shows (`inDiff`), apart: shown
   * only to a call that does not carry that file, so they neither fill nor end the search for the
   * others. */
  readonly usesInDiff: ReadonlyMap<string, readonly Place[]>;
  readonly definitionsInDiff: ReadonlyMap<string, readonly Place[]>;
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

/** Files read after a name's first definition was found while a better or another one is looked for:
 * the search does not read the whole tree for a second definition that may not exist. */
export const DEFINITION_SETTLE = 200;

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

/** A place with its rank, and the order it was found in (earlier first among equals). */
interface Ranked extends Place {
  readonly score: number;
  readonly order: number;
}

/** Best places per name, at most `most` each, and the files their texts are kept for. */
class Ranking {
  readonly lists = new Map<string, Ranked[]>();
  constructor(
    private readonly most: number,
    private readonly held: Holding,
  ) {}

  /** Offers a place; whether it was kept. */
  offer(name: string, place: Ranked): boolean {
    const list = this.lists.get(name) ?? [];
    this.lists.set(name, list);
    if (list.length >= this.most) {
      const last = list[list.length - 1] as Ranked;
      if (last.score >= place.score) return false;
      list.pop();
      this.held.release(last.path);
    }
    list.push(place);
    list.sort((a, b) => b.score - a.score || a.order - b.order);
    this.held.hold(place.path);
    return true;
  }

  /** How many of `name`'s places rank at least `score`. */
  count(name: string, score = 0): number {
    return (this.lists.get(name) ?? []).filter((p) => p.score >= score).length;
  }

  places(name: string): Place[] {
    return (this.lists.get(name) ?? []).map(({ path, line }) => ({ path, line }));
  }
}

/** The texts of the files some place is in, held while a place refers to them. */
class Holding {
  readonly texts = new Map<string, readonly string[]>();
  private readonly refs = new Map<string, number>();
  private readonly pending = new Map<string, readonly string[]>();

  /** The file being read: its text is kept if a place comes to hold it. */
  reading(path: string, lines: readonly string[]): void {
    this.pending.clear();
    this.pending.set(path, lines);
  }

  hold(path: string): void {
    this.refs.set(path, (this.refs.get(path) ?? 0) + 1);
    const lines = this.pending.get(path);
    if (lines !== undefined) this.texts.set(path, lines);
  }

  release(path: string): void {
    const left = (this.refs.get(path) ?? 0) - 1;
    if (left > 0) this.refs.set(path, left);
    else {
      this.refs.delete(path);
      this.texts.delete(path);
    }
  }
}

/** Uses of a name that rank at least this are calls: what lets the search stop early. */
const CALL_SCORE = 3;

export async function searchWords(input: SearchInput): Promise<SearchResult> {
  const { request, bounds } = input;
  const wantedDefinitions = new Set(request.definitions);
  const wantedUses = new Set(request.uses);
  const wantedFields = new Set(request.fields ?? []);
  const wantedMembers = new Set(request.members ?? []);
  const memberCalls = new Set(request.memberCalls ?? []);
  const methods = new Set(request.methods ?? []);
  const definitionsPerName = request.definitionsPerName ?? 1;
  const membersPerName = request.membersPerName ?? 0;
  const membersTotal = request.membersTotal ?? 0;
  const held = new Holding();
  const definitions = new Ranking(definitionsPerName, held);
  const uses = new Ranking(request.usesPerName, held);
  const fields = new Map<string, Place>();
  const members = new Map<string, Place[]>();
  const usesInDiff = new Map<string, Place[]>();
  const membersInDiff = new Map<string, Place[]>();
  const definitionsInDiff = new Map<string, Place[]>();
  // When each name's first definition was found (files visited then), for DEFINITION_SETTLE.
  const firstDefinition = new Map<string, number>();
  let membersFound = 0;
  let visited = 0;
  let bytes = 0;
  let order = 0;
  let cut: Cut | undefined;
  const started = input.now();
  const work = input.work ?? meter({ now: input.now, millis: bounds.millis, started });
  const all = [...new Set([...request.definitions, ...request.uses, ...wantedFields, ...wantedMembers])];
  const settled = (name: string) =>
    definitions.count(name) >= definitionsPerName ||
    (firstDefinition.has(name) && visited - (firstDefinition.get(name) as number) >= DEFINITION_SETTLE);
  const callsFound = () => [...wantedUses].reduce((n, name) => n + uses.count(name, CALL_SCORE), 0);
  const done = () =>
    [...wantedDefinitions].every(settled) &&
    fields.size >= wantedFields.size &&
    (callsFound() >= request.usesTotal ||
      [...wantedUses].every((n) => uses.count(n, CALL_SCORE) >= request.usesPerName)) &&
    (membersFound >= membersTotal ||
      [...wantedMembers].every((n) => (members.get(n)?.length ?? 0) >= membersPerName));
  const result = (stop: SearchStop): SearchResult => ({
    definitions: new Map(
      request.definitions.map((n) => [n, definitions.places(n)] as const).filter(([, l]) => l.length > 0),
    ),
    uses: capped(request.uses, uses, request.usesTotal),
    fields,
    members,
    usesInDiff,
    membersInDiff,
    definitionsInDiff,
    texts: held.texts,
    visited,
    bytes,
    stop,
    work: work.spent,
    ...(cut !== undefined ? { cut } : {}),
  });
  const keep = (place: Place) => held.hold(place.path);
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
    held.reading(path, lines);
    // Every match of a wanted name, as a line and a column.
    const matches: { name: string; line: number; column: number }[] = [];
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
      for (const m of line.matchAll(expression)) matches.push({ name: m[0], line: i + 1, column: m.index });
    }
    if (cut !== undefined) {
      stop = "time";
      break;
    }
    if (matches.length === 0) continue;
    const family = familyOf(path);
    const code = structureOf(lines, family, work).code;
    work.spend(lines.length);
    const imports = importLines(code);
    // A match counts only where it is code: never in a comment or a string (a JSDoc example).
    const inCode = matches.filter((m) => (code[m.line - 1] as string).startsWith(m.name, m.column));
    const defines = (m: (typeof inCode)[number]) => definedName(lines[m.line - 1] as string) === m.name;
    const importedHere = new Set(inCode.filter((m) => imports.has(m.line)).map((m) => m.name));
    // A file with its own definition of a name, which it does not import, means its own by the word:
    // a test's local `text` is not the method a change calls `res.text()`. A changed file is the
    // name's home: its words are the name's.
    const ownHere = new Set(inCode.filter(defines).map((m) => m.name));
    const home = input.known?.has(path) === true;
    const bestUse = new Map<string, Ranked>();
    for (const m of inCode) {
      const { name } = m;
      const place = { path, line: m.line };
      const text = code[m.line - 1] as string;
      if (imports.has(m.line)) continue;
      if (
        wantedFields.has(name) &&
        !fields.has(name) &&
        fieldsDeclared(lines, m.line, family).includes(name)
      ) {
        fields.set(name, place);
        keep(place);
        continue;
      }
      const shape = useShape(text, m.column, name);
      if (wantedMembers.has(name) && shape.member) {
        if (input.inDiff?.(path, m.line) === true) {
          if (noted(membersInDiff, name, place, membersPerName)) keep(place);
        } else if (membersFound < membersTotal && noted(members, name, place, membersPerName)) {
          membersFound += 1;
          keep(place);
        }
      }
      if (defines(m)) {
        if (wantedDefinitions.has(name) && input.inDiff?.(path, m.line) === true) {
          if (noted(definitionsInDiff, name, place, definitionsPerName)) keep(place);
        } else if (wantedDefinitions.has(name) && !settled(name)) {
          const score = definitionScore(lines, m.line, memberCalls.has(name));
          if (score > 0 && definitions.offer(name, { ...place, score, order: order++ }))
            if (!firstDefinition.has(name)) firstDefinition.set(name, visited);
        }
        continue;
      }
      if (!wantedUses.has(name)) continue;
      if (methods.has(name) && !shape.member) continue;
      if (!shape.member && ownHere.has(name) && !importedHere.has(name) && !home) continue;
      // One place a file: callers from several files say more than one caller's every line.
      if (input.inDiff?.(path, m.line) === true) {
        if (noted(usesInDiff, name, place, request.usesPerName)) keep(place);
        continue;
      }
      const score = useScore(shape, importedHere.has(name));
      const best = bestUse.get(name);
      if (best === undefined || score > best.score) bestUse.set(name, { ...place, score, order });
    }
    for (const [name, place] of bestUse) uses.offer(name, { ...place, order: order++ });
  }
  if (stop === "all-files" && done()) stop = "complete";
  return result(stop);
}

/** Each name's best uses, at most `total` in all: taken in turns, the best of each name first, so
 * that one name's many callers do not crowd out another's first. */
function capped(names: readonly string[], ranking: Ranking, total: number): Map<string, Place[]> {
  const lists = names.map((n) => [n, ranking.places(n)] as const);
  const out = new Map<string, Place[]>();
  let taken = 0;
  for (let turn = 0; taken < total; turn += 1) {
    let any = false;
    for (const [name, places] of lists) {
      const place = places[turn];
      if (place === undefined || taken >= total) continue;
      any = true;
      taken += 1;
      out.set(name, [...(out.get(name) ?? []), place]);
    }
    if (!any) break;
  }
  return out;
}
