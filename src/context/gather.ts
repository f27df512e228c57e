// The round's context, gathered once before any reviewer call: for every changed file the reviewer may
// be shown, what it brings besides its patch (material.ts). Read from the checked-out head through the
// tree port, never following a symlink, never a file the excludes withhold, never past the byte, file
// and time bounds. A changed file whose copy in the tree does not say what the diff says (another
// commit, an edited working tree) brings nothing: its line numbers would lie. Pure but for the port.
import type { DiffFile } from "../diff/types.js";
import type { TreeReader } from "../ports/tree.js";
import { definitionRange, enclosingRanges, holderOf, type LineRange } from "./enclosing.js";
import { fieldsOfChange, membersOfChange, outerWrites, usePattern } from "./fields.js";
import { definedName, type Family, familyOf, notSource } from "./language.js";
import type { ContextCandidate, ContextMaterial, ContextMode, FileContext } from "./material.js";
import { definesMember, type Enclosing, namesOfChange } from "./names.js";
import {
  type Cut,
  DEFAULT_SEARCH_BOUNDS,
  type SearchBounds,
  type SearchStop,
  searchWords,
} from "./search.js";
import { structureOf } from "./structure.js";
import { meter, type Work } from "./work.js";

/** Lines of an enclosing function or class shown at most; a longer one is shown as its header and the
 * innermost block (or a window) around the change. */
export const ENCLOSING_LINES = 150;
/** Lines of a called definition shown at most, from its start. */
export const DEFINITION_LINES = 80;
/** Lines of the function a caller sits in shown at most; else a window of CALLER_WINDOW around it. */
export const CALLER_LINES = 40;
const CALLER_WINDOW = 5;
/** A changed file this small is shown whole (auto). */
export const SMALL_FILE_LINES = 200;
export const SMALL_FILE_BYTES = 12 * 1024;
/** Callers shown at most per name (each from another file), and in all. */
export const CALLERS_PER_NAME = 3;
export const CALLERS_TOTAL = 16;
/** Definitions shown at most per called name: where a name has several (a trait's no-op default and
 * the implementation, two methods of one name on different types), each the search finds, best first
 * (references.ts), the others after every name's first. */
export const DEFINITIONS_PER_NAME = 3;
/** A field's type shown whole when it is this short; else its header and the lines around the field. */
export const DECLARATION_LINES = 30;
const DECLARATION_WINDOW = 2;
/** Other places in a changed file that use state its hunks write, shown at most per name and per file;
 * and places elsewhere that use a field the diff declares or removes, per name and in all. */
export const STATE_USES_PER_NAME = 3;
export const STATE_USES_PER_FILE = 8;
export const FIELD_USES_PER_NAME = 3;
export const FIELD_USES_TOTAL = 12;
/** Tracked files listed at most. */
export const TRACKED_LIMIT = 250_000;
/** Characters of one line shown at most (a minified line is not context). */
const LINE_CHARS = 500;
/** Material one changed file brings at most, and the round at most (characters). */
const FILE_MATERIAL_CHARS = 96 * 1024;
const ROUND_MATERIAL_CHARS = 2 * 1024 * 1024;

export interface GatherInput {
  readonly mode: Exclude<ContextMode, "none">;
  /** The changed files the reviewer may be shown, in diff order. */
  readonly files: readonly DiffFile[];
  /** Every changed file of the diff: searched first, and their shown lines are not callers. */
  readonly changed: readonly DiffFile[];
  readonly tree: TreeReader;
  /** A path the excludes withhold from the reviewer: never read for context. */
  readonly withheld: (path: string) => boolean;
  /** Milliseconds, for the time bound (the round's clock). */
  readonly now: () => number;
  readonly bounds?: Partial<SearchBounds>;
  /** Lets the event loop in at each checkpoint of the work (work.ts); a timer's turn by default. */
  readonly pause?: () => Promise<void>;
}

/** What the gathering did, for the summary. */
export interface GatherReport {
  readonly mode: Exclude<ContextMode, "none">;
  /** Changed files that brought context. */
  readonly files: number;
  /** Changed files that could not, and why (the first few). */
  readonly skipped: readonly { readonly path: string; readonly why: string }[];
  readonly search?: {
    readonly tracked: number;
    readonly from: "index" | "walk" | "changed files only";
    readonly visited: number;
    readonly bytes: number;
    readonly stop: SearchStop;
    readonly definitions: number;
    readonly callers: number;
    /** Units of work the gathering and the search did (work.ts). */
    readonly work: number;
    /** The file the time bound ended the search inside, and how far it had read. */
    readonly cut?: Cut;
  };
}

export interface Gathered {
  readonly material: ContextMaterial;
  readonly report: GatherReport;
}

const SKIPPED_SHOWN = 10;

/** What one changed file brings, and the names its search asks about. */
interface PerFile {
  file: DiffFile;
  candidates: ContextCandidate[];
  touched: string[];
  called: string[];
  /** Of `touched`, methods and fields; of `called`, names called as `x.name(` (names.ts). */
  methods: string[];
  memberCalls: string[];
  /** Members its changed lines use: their declarations. */
  members: string[];
  /** Fields its changed lines declare or remove: their uses elsewhere. */
  fields: string[];
}

/** The new-side lines a file's diff shows (added and context lines). */
export function shownLines(file: DiffFile): Set<number> {
  const shown = new Set<number>();
  for (const hunk of file.hunks)
    for (const line of hunk.lines)
      if (line.newLine !== undefined && line.kind !== "del") shown.add(line.newLine);
  return shown;
}

/** The runs of changed lines of a file, as new-side ranges: added lines, and for lines only removed
 * the place they were removed from. */
export function changedRuns(file: DiffFile): LineRange[] {
  const runs: LineRange[] = [];
  for (const hunk of file.hunks) {
    let from: number | undefined;
    let to: number | undefined;
    let next = hunk.newStart;
    const close = () => {
      if (from !== undefined && to !== undefined) runs.push({ from, to });
      from = undefined;
      to = undefined;
    };
    for (const line of hunk.lines) {
      if (line.kind === "context") {
        close();
        next = (line.newLine ?? next) + 1;
      } else if (line.kind === "add") {
        const at = line.newLine ?? next;
        from ??= at;
        to = at;
        next = at + 1;
      } else if (line.kind === "del") {
        from ??= Math.max(1, next);
        to ??= Math.max(1, next);
      }
    }
    close();
  }
  return runs;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

type HeadText = { kind: "text"; lines: string[] } | { kind: "skipped"; why: string };

/** A changed file's text at the head, when it says what the diff says it does. */
async function headText(tree: TreeReader, file: DiffFile, maxBytes: number): Promise<HeadText> {
  if (tree.readNoFollow === undefined) return { kind: "skipped", why: "the tree cannot be read for context" };
  let read: Awaited<ReturnType<NonNullable<TreeReader["readNoFollow"]>>>;
  try {
    read = await tree.readNoFollow(file.path, maxBytes);
  } catch (error) {
    return { kind: "skipped", why: error instanceof Error ? error.message : String(error) };
  }
  if (read.truncated)
    return { kind: "skipped", why: `${read.size} bytes, more than the ${maxBytes} read for context` };
  if (read.bytes.subarray(0, 8_000).includes(0)) return { kind: "skipped", why: "not text" };
  let lines: string[];
  try {
    lines = utf8.decode(read.bytes).split(/\r?\n/);
  } catch {
    return { kind: "skipped", why: "not UTF-8 text" };
  }
  // A final newline ends the last line; it does not start another.
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  for (const hunk of file.hunks) {
    for (const line of hunk.lines) {
      if (line.kind === "del" || line.kind === "note" || line.newLine === undefined) continue;
      if ((lines[line.newLine - 1] ?? "").replace(/\r$/, "") !== line.text.replace(/\r$/, "")) {
        return {
          kind: "skipped",
          why: `the checked-out copy differs from the diff at line ${line.newLine}, so it is not the head's`,
        };
      }
    }
  }
  return { kind: "text", lines };
}

function clip(line: string): string {
  return line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line;
}

function candidate(
  kind: ContextCandidate["kind"],
  path: string,
  lines: readonly string[],
  range: LineRange,
  name?: string,
): ContextCandidate {
  return {
    kind,
    path,
    from: range.from,
    lines: lines.slice(range.from - 1, range.to).map(clip),
    ...(name !== undefined ? { name } : {}),
  };
}

/** The definition a range of code opens, if it opens one: its name, and whether it is a member. */
function openedDefinition(lines: readonly string[], range: LineRange): Enclosing | undefined {
  for (let n = range.from; n <= Math.min(range.to, range.from + 20); n += 1) {
    const text = lines[n - 1] ?? "";
    const name = definedName(text);
    if (name !== undefined) return { name, member: definesMember(text) };
  }
  return undefined;
}

/** The order the search opens files in: the changed files, then their directories' other files, then
 * files of their languages, then the rest as the index lists them. */
function searchOrder(tracked: readonly string[], changed: readonly string[]): string[] {
  const dirOf = (p: string) => p.slice(0, p.lastIndexOf("/") + 1);
  const extOf = (p: string) => {
    const name = p.slice(p.lastIndexOf("/") + 1);
    const dot = name.lastIndexOf(".");
    return dot <= 0 ? "" : name.slice(dot);
  };
  const dirs = new Set(changed.map(dirOf));
  const exts = new Set(changed.map(extOf).filter((e) => e !== ""));
  const first = new Set(changed);
  const near: string[] = [];
  const kin: string[] = [];
  const rest: string[] = [];
  for (const p of tracked) {
    if (first.has(p)) continue;
    if (dirs.has(dirOf(p))) near.push(p);
    else if (exts.has(extOf(p))) kin.push(p);
    else rest.push(p);
  }
  return [...changed, ...near, ...kin, ...rest];
}

/** Each file's candidates, with the material's bounds applied (most wanted first). */
function bounded(files: FileContext[]): FileContext[] {
  let round = 0;
  return files.map((f) => {
    let own = 0;
    const kept: ContextCandidate[] = [];
    for (const c of f.candidates) {
      const chars = c.lines.reduce((n, l) => n + l.length + 1, 0);
      if (own + chars > FILE_MATERIAL_CHARS || round + chars > ROUND_MATERIAL_CHARS) continue;
      own += chars;
      round += chars;
      kept.push(c);
    }
    return { file: f.file, candidates: kept };
  });
}

export async function gatherContext(input: GatherInput): Promise<Gathered> {
  const bounds: SearchBounds = { ...DEFAULT_SEARCH_BOUNDS, ...input.bounds };
  const started = input.now();
  const work = meter({
    now: input.now,
    millis: bounds.millis,
    started,
    ...(input.pause !== undefined ? { pause: input.pause } : {}),
  });
  const skipped: { path: string; why: string }[] = [];
  const texts = new Map<string, string[]>();
  const perFile: PerFile[] = [];
  let bytes = 0;
  for (const file of input.files) {
    if (file.status === "removed" || file.hunks.length === 0) continue;
    if (input.withheld(file.path)) continue;
    if (input.now() - started >= bounds.millis || bytes >= bounds.bytes || (await work.checkpoint())) {
      skipped.push({ path: file.path, why: "over the context's time or byte bound" });
      continue;
    }
    const head = await headText(input.tree, file, bounds.fileBytes);
    if (head.kind === "skipped") {
      skipped.push({ path: file.path, why: head.why });
      continue;
    }
    const { lines } = head;
    bytes += lines.reduce((n, l) => n + l.length + 1, 0);
    texts.set(file.path, lines);
    const family = familyOf(file.path);
    // The file's shape, once (structure.ts): every question below is a lookup in it.
    structureOf(lines, family, work);
    const candidates: ContextCandidate[] = [];
    const whole =
      lines.length <= SMALL_FILE_LINES && lines.reduce((n, l) => n + l.length + 1, 0) <= SMALL_FILE_BYTES;
    if (input.mode === "auto" && whole) {
      candidates.push(candidate("file", file.path, lines, { from: 1, to: lines.length }));
    }
    const seen = new Set<string>();
    const enclosingNames: Enclosing[] = [];
    for (const run of changedRuns(file)) {
      for (const range of enclosingRanges(lines, run, family, ENCLOSING_LINES)) {
        const key = `${range.from}-${range.to}`;
        if (seen.has(key)) continue;
        seen.add(key);
        candidates.push(candidate("enclosing", file.path, lines, range));
        const opened = openedDefinition(lines, range);
        if (opened !== undefined) enclosingNames.push(opened);
      }
    }
    const auto = input.mode === "auto";
    const names = auto
      ? namesOfChange(file, enclosingNames)
      : { touched: [], called: [], methods: [], memberCalls: [] };
    const members = auto ? membersOfChange(file) : { used: [], written: [] };
    if (auto) {
      const near = new Set(shownLines(file));
      for (const c of candidates) for (let n = c.from; n < c.from + c.lines.length; n += 1) near.add(n);
      const variables = outerWrites(file, lines, family);
      work.spend(lines.length * (members.written.length + variables.length));
      candidates.push(...stateUses(file.path, lines, near, members.written, variables));
    }
    perFile.push({
      file,
      candidates,
      touched: [...names.touched],
      called: [...names.called],
      methods: [...names.methods],
      memberCalls: [...names.memberCalls],
      members: [...members.used],
      fields: auto ? fieldsOfChange(file, lines, family) : [],
    });
  }
  let search: GatherReport["search"];
  if (
    input.mode === "auto" &&
    perFile.some((f) => f.touched.length + f.called.length + f.members.length + f.fields.length > 0)
  ) {
    search = await searchNames(input, perFile, texts, bounds, started, bytes, work);
  }
  // What a file's own diff shows whenever the file is shown is no context: a file added whole brings
  // nothing of its own.
  const own = (f: (typeof perFile)[number]) => {
    const shown = shownLines(f.file);
    return f.candidates.filter(
      (c) => c.path !== f.file.path || c.lines.some((_, i) => !shown.has(c.from + i)),
    );
  };
  const material: ContextMaterial = {
    mode: input.mode,
    changed: input.changed.map((f) => f.path),
    files: bounded(perFile.map((f) => ({ file: f.file.path, candidates: own(f) }))).filter(
      (f) => f.candidates.length > 0,
    ),
  };
  return {
    material,
    report: {
      mode: input.mode,
      files: material.files.length,
      skipped: skipped.slice(0, SKIPPED_SHOWN),
      ...(search !== undefined ? { search } : {}),
    },
  };
}

/** What is shown of a place that uses a name: the function it sits in when that is short, else a
 * window around it. */
function useRange(lines: readonly string[], line: number, path: string): LineRange {
  const ranges = enclosingRanges(lines, { from: line, to: line }, familyOf(path), CALLER_LINES);
  const fits = ranges.length === 1 && ranges[0] !== undefined && ranges[0].to - ranges[0].from < CALLER_LINES;
  return fits
    ? (ranges[0] as LineRange)
    : { from: Math.max(1, line - CALLER_WINDOW), to: Math.min(lines.length, line + CALLER_WINDOW) };
}

/** What is shown of a field's declaration: the type that declares it when short, else the type's
 * header and the lines around the field (for a Python attribute, the lines around it). */
function declarationRanges(lines: readonly string[], line: number, family: Family): LineRange[] {
  const around = {
    from: Math.max(1, line - DECLARATION_WINDOW),
    to: Math.min(lines.length, line + DECLARATION_WINDOW),
  };
  const holder = family === "indent" ? undefined : holderOf(lines, line, family);
  if (holder === undefined) return [around];
  if (holder.range.to - holder.range.from < DECLARATION_LINES) return [holder.range];
  const header = { from: holder.header, to: holder.header };
  return around.from > header.to ? [header, around] : [{ from: header.from, to: around.to }];
}

/** Other places in a changed file that use what its hunks write (members, and variables from outside
 * the changed function), each shown as the function it sits in or a window, one a function, none
 * already `near` (the diff's lines, the code around the hunks): a write is judged by who else reads
 * the state. */
function stateUses(
  path: string,
  lines: readonly string[],
  near: ReadonlySet<number>,
  members: readonly string[],
  variables: readonly string[],
): ContextCandidate[] {
  const found: ContextCandidate[] = [];
  const taken = new Set<string>();
  // Read in the file's code, strings and comments blanked (structure.ts), each name's pattern made once.
  const code = structureOf(lines, familyOf(path)).code;
  const wanted = [
    ...members.map((name) => ({ name, pattern: usePattern(name, false) })),
    ...variables.map((name) => ({ name, pattern: usePattern(name, true) })),
  ];
  for (const { name, pattern } of wanted) {
    let forName = 0;
    for (let n = 1; n <= lines.length && forName < STATE_USES_PER_NAME; n += 1) {
      if (found.length >= STATE_USES_PER_FILE) return found;
      const text = code[n - 1] as string;
      if (near.has(n) || text.length > 2_000 || !pattern.test(text)) continue;
      const range = useRange(lines, n, path);
      const key = `${range.from}-${range.to}`;
      if (taken.has(key)) continue;
      taken.add(key);
      forName += 1;
      found.push(candidate("use", path, lines, range, name));
    }
  }
  return found;
}

/** The search for the names the changed files call and touch, and the candidates it finds added to
 * each file that named them. */
async function searchNames(
  input: GatherInput,
  perFile: PerFile[],
  texts: ReadonlyMap<string, string[]>,
  bounds: SearchBounds,
  started: number,
  spent: number,
  work: Work,
): Promise<NonNullable<GatherReport["search"]>> {
  const changedPaths = input.changed.filter((f) => f.status !== "removed").map((f) => f.path);
  const listed =
    input.tree.trackedFiles !== undefined ? await input.tree.trackedFiles(TRACKED_LIMIT) : undefined;
  const searchable = (p: string) => !input.withheld(p) && !notSource(p);
  const paths = searchOrder(listed?.paths ?? [], changedPaths).filter(searchable);
  const shownBy = new Map(input.changed.map((f) => [f.path, shownLines(f)]));
  // A name is a method (called as one) only when no changed file has it as something else.
  const only = (of: (f: PerFile) => string[], among: (f: PerFile) => string[]) => {
    const yes = new Set(perFile.flatMap(of));
    for (const f of perFile) for (const n of among(f)) if (!of(f).includes(n)) yes.delete(n);
    return [...yes];
  };
  const result = await searchWords({
    tree: input.tree,
    paths,
    request: {
      definitions: [...new Set(perFile.flatMap((f) => f.called))],
      definitionsPerName: DEFINITIONS_PER_NAME,
      memberCalls: only(
        (f) => f.memberCalls,
        (f) => f.called,
      ),
      uses: [...new Set(perFile.flatMap((f) => f.touched))],
      methods: only(
        (f) => f.methods,
        (f) => f.touched,
      ),
      usesPerName: CALLERS_PER_NAME,
      usesTotal: CALLERS_TOTAL,
      fields: [...new Set(perFile.flatMap((f) => f.members))],
      members: [...new Set(perFile.flatMap((f) => f.fields))],
      membersPerName: FIELD_USES_PER_NAME,
      membersTotal: FIELD_USES_TOTAL,
    },
    // What is left of the bounds after reading the changed files.
    bounds: {
      ...bounds,
      bytes: Math.max(0, bounds.bytes - spent),
      millis: Math.max(0, bounds.millis - (input.now() - started)),
    },
    now: input.now,
    inDiff: (path, line) => shownBy.get(path)?.has(line) === true,
    known: texts,
    work,
  });
  // The files the places are in, shaped once each, on the meter.
  for (const [path, lines] of result.texts) structureOf(lines, familyOf(path), work);
  for (const f of perFile) {
    const also: ContextCandidate[] = [];
    for (const name of f.called) {
      // A definition another changed file's diff shows comes after those elsewhere (as a use does).
      const inOtherDiffs = (result.definitionsInDiff.get(name) ?? []).filter((p) => p.path !== f.file.path);
      [...(result.definitions.get(name) ?? []), ...inOtherDiffs].forEach((place, i) => {
        const lines = result.texts.get(place.path);
        if (lines === undefined) return;
        const range = definitionRange(lines, place.line, familyOf(place.path), DEFINITION_LINES);
        const found = candidate("definition", place.path, lines, range, name);
        if (i === 0) f.candidates.push(found);
        else also.push({ ...found, also: true });
      });
    }
    f.candidates.push(...also);
    // Uses on another changed file's diff lines last: a call that carries that file shows them in its
    // diff (select.ts leaves them out there); a call about this file alone must still see them.
    for (const name of f.touched) {
      const inOtherDiffs = (result.usesInDiff.get(name) ?? []).filter((p) => p.path !== f.file.path);
      for (const place of [...(result.uses.get(name) ?? []), ...inOtherDiffs]) {
        const lines = result.texts.get(place.path);
        if (lines === undefined) continue;
        f.candidates.push(
          candidate("caller", place.path, lines, useRange(lines, place.line, place.path), name),
        );
      }
    }
    for (const name of f.members) {
      const place = result.fields.get(name);
      const lines = place === undefined ? undefined : result.texts.get(place.path);
      if (place === undefined || lines === undefined) continue;
      for (const range of declarationRanges(lines, place.line, familyOf(place.path)))
        f.candidates.push(candidate("declaration", place.path, lines, range, name));
    }
    for (const name of f.fields) {
      const inOtherDiffs = (result.membersInDiff.get(name) ?? []).filter((p) => p.path !== f.file.path);
      for (const place of [...(result.members.get(name) ?? []), ...inOtherDiffs]) {
        const lines = result.texts.get(place.path);
        if (lines === undefined) continue;
        f.candidates.push(candidate("use", place.path, lines, useRange(lines, place.line, place.path), name));
      }
    }
  }
  return {
    tracked: listed?.paths.length ?? changedPaths.length,
    from: listed?.from ?? "changed files only",
    visited: result.visited,
    bytes: result.bytes + spent,
    stop: listed?.truncated === true && result.stop === "all-files" ? "files" : result.stop,
    // What the search found, on another changed file's diff lines too.
    definitions: new Set([...result.definitions.keys(), ...result.definitionsInDiff.keys()]).size,
    callers: [...result.uses.values(), ...result.usesInDiff.values()].reduce((n, l) => n + l.length, 0),
    work: work.spent,
    ...(result.cut !== undefined ? { cut: result.cut } : {}),
  };
}
