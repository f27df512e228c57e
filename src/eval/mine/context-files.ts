// The other files a case's base/ holds, so that `--reach` and the reviewer's context search the case
// as they would a checkout: up to 30 text files of the base commit that mention, as a whole word, one
// of up to 25 names the diff defines (weight 3), changes inside (its hunk headers' enclosing code, 2)
// or calls (1); files in a folder the change touches first, then those that mention more of the
// names. Left out: files over 100 KB, binaries, symlinks and submodules, vendored, generated, lock and
// hidden files (`.github/`), names found in more than 120 files (they say nothing about where the
// change's code lives), and anything past 150 KB of such files. Pure, through the History port.
import path from "node:path";
import type { Diff } from "../../diff/types.js";
import { byPath, GENERATED_TEXT, isVendored, quotedByGit, unsafePath } from "./files.js";
import type { History } from "./history.js";

export const MAX_CONTEXT_FILES = 30;
export const MAX_CONTEXT_FILE_BYTES = 100 * 1024;
/** Context files together: enough to show callers and definitions, small enough for a set of MBs. */
export const MAX_CONTEXT_BYTES = 150 * 1024;
const MAX_NAMES = 25;
const MAX_FILES_PER_NAME = 120;

const KEYWORDS = new Set(
  (
    "if else for while switch case return break continue func function def class type const let var new " +
    "delete typeof instanceof await async yield import from export default struct interface enum impl fn " +
    "match loop where self super this true false null nil None True False undefined print println printf " +
    "sprintf errorf len cap make append panic recover copy close string int bool float error range map " +
    "list dict set tuple str bytes isinstance getattr setattr hasattr super raise assert expect describe " +
    "test it require Some Ok Err Box Vec Option Result String format write unwrap clone into from_str " +
    "with not and or in is lambda pass try catch finally throw throws defer go select chan package " +
    "public private protected static void main init Error Errorf Println Printf Sprintf New Fatal Fatalf"
  ).split(" "),
);

const DEFINITIONS = [
  /\bfunc\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)/g,
  /\btype\s+([A-Za-z_]\w*)\s+(?:struct|interface|func|map|\[|[A-Za-z_*])/g,
  /\b(?:def|class)\s+([A-Za-z_]\w*)/g,
  /\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)/g,
  /\b(?:interface|enum|trait|struct)\s+([A-Za-z_$][\w$]*)/g,
  /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*[:=]/g,
  /\bfn\s+([A-Za-z_]\w*)/g,
  /^\s*(?:(?:public|private|protected|static|async|get|set|override|readonly)\s+)*([A-Za-z_$][\w$]*)\s*\([^)]*\)\s*(?::[^{]*)?\{\s*$/g,
];
const CALL = /([A-Za-z_$][\w$]*)\s*(?:::<[^>]*>)?\(/g;

/** The hunk header's trailing text: git's guess at the enclosing function. */
const hunkContext = (header: string) => /^@@ [^@]* @@(.*)$/.exec(header)?.[1]?.trim() ?? "";

/** Names the diff defines (3), changes inside (2) or calls (1), best first. */
export function namesOfDiff(diff: Diff): { name: string; weight: number }[] {
  const weights = new Map<string, number>();
  const order: string[] = [];
  const add = (name: string | undefined, w: number) => {
    if (name === undefined || name.length < 4 || KEYWORDS.has(name) || KEYWORDS.has(name.toLowerCase()))
      return;
    if (!weights.has(name)) order.push(name);
    weights.set(name, Math.max(weights.get(name) ?? 0, w));
  };
  for (const f of diff.files)
    for (const h of f.hunks) {
      const context = hunkContext(h.header);
      for (const re of DEFINITIONS) for (const m of context.matchAll(re)) add(m[1], 2);
      for (const l of h.lines) {
        if (l.kind !== "add" && l.kind !== "del") continue;
        for (const re of DEFINITIONS) for (const m of l.text.matchAll(re)) add(m[1], 3);
      }
    }
  for (const f of diff.files)
    for (const h of f.hunks)
      for (const l of h.lines)
        if (l.kind === "add" || l.kind === "del") for (const m of l.text.matchAll(CALL)) add(m[1], 1);
  return order
    .map((name, i) => ({ name, weight: weights.get(name) as number, i }))
    .sort((a, b) => b.weight - a.weight || a.i - b.i)
    .slice(0, MAX_NAMES)
    .map(({ name, weight }) => ({ name, weight }));
}

/** Up to MAX_CONTEXT_FILES files of `base` that mention the diff's names, within `budget` bytes. */
export function contextFiles(
  history: History,
  base: string,
  diff: Diff,
  taken: ReadonlySet<string>,
  budget: number,
): string[] {
  const dirs = new Set(
    diff.files
      .flatMap((f) => [f.previousPath, f.path])
      .filter((p): p is string => p !== undefined)
      .map((p) => path.posix.dirname(p)),
  );
  const score = new Map<string, number>();
  for (const { name, weight } of namesOfDiff(diff)) {
    const hits = history.grepFiles(base, name);
    if (hits.length > MAX_FILES_PER_NAME) continue;
    for (const p of hits) score.set(p, (score.get(p) ?? 0) + weight);
  }
  const ranked = [...score]
    // Not vendored, generated or hidden (.github/, .changeset/): the repository's own code and tests.
    .filter(
      ([p]) =>
        !taken.has(p) &&
        !isVendored(p) &&
        !quotedByGit(p) &&
        unsafePath(p) === undefined &&
        !/(^|\/)\./.test(p),
    )
    .map(([p, s]) => ({ p, s, near: dirs.has(path.posix.dirname(p)) ? 1 : 0 }))
    .sort((a, b) => b.near - a.near || b.s - a.s || byPath(a.p, b.p));
  const chosen: string[] = [];
  let used = 0;
  for (const { p } of ranked) {
    if (chosen.length >= MAX_CONTEXT_FILES) break;
    const size = history.blobSize(base, p);
    if (size === undefined || size > MAX_CONTEXT_FILE_BYTES || used + size > budget) continue;
    const mode = history.mode(base, p);
    if (mode !== "100644" && mode !== "100755") continue; // a symlink or a submodule
    const start = new TextDecoder().decode((history.blob(base, p) ?? new Uint8Array()).subarray(0, 2000));
    if (GENERATED_TEXT.test(start)) continue;
    chosen.push(p);
    used += size;
  }
  return chosen;
}
