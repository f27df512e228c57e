// Which changed files are in scope for review: include and exclude globs, plus default excludes. An
// excluded file is never reviewed and does not count against coverage, so an exclude is a decision that
// the file cannot change what the code does. The gate's own defaults must therefore be proven, never
// assumed: a default exclude names a format, and a file is withheld only when its content at the head
// is that format (excluded-content.ts). Every default, and why withholding it is safe:
// - source maps (`*.js.map`, `*.mjs.map`, `*.cjs.map`, `*.css.map`, `*.d.ts.map`): withheld only when
//   the content parses as a JSON source map, which cannot run as a script whatever loads it;
// - npm, pnpm and Yarn lockfiles (`package-lock.json`, `npm-shrinkwrap.json`, `pnpm-lock.yaml`,
//   `yarn.lock`): withheld only when the content parses as that lockfile, and then checked
//   deterministically against the base's by the lockfile part (src/lockfile/check.ts), because a
//   lockfile decides what code is installed.
// Other lockfiles (Cargo.lock, go.sum, poetry.lock, bun.lockb, …) are reviewed: the gate cannot check
// them, and withholding one would let a PR re-point a dependency unseen. A content check that fails,
// or content that cannot be had, sends the file to the reviewer and the summary says why. A removed
// file is withheld by name alone: nothing is left at the head to run.
// Not excluded by default, on purpose, though other tools do:
// - `dist/`, `build/`, `*.min.js`: they are what runs (a GitHub Action runs its committed dist/);
// - `vendor/`, `third_party/`, committed `node_modules/`: vendored code is compiled or loaded like the
//   project's own, so excluding it would let a PR hide a change there behind an approve;
// - generated sources (`*.pb.go`, `*_generated.*`): compiled into the program;
// - test snapshots (`*.snap`): Jest evaluates them as modules.
// A repository that wants any of those out says so in `exclude`; the user's globs match by name (the
// user chose them and owns the risk), and the summary lists every file they excluded. The globs are the
// contract's dialect (src/util/glob.ts: .gitignore's convention, linear-time, glob and name compared in NFC):
// an `include` of `docs/café/**` written precomposed once matched no file a diff names with e + U+0301,
// so that file left review without counting against coverage. Pure.
import type { DiffFile } from "../diff/types.js";
import { defined } from "../util/defined.js";
import { compileGlob } from "../util/glob.js";
import { type ContentKind, contentProblem, type HeadContent } from "./excluded-content.js";

export interface ExcludeRule {
  readonly glob: string;
  readonly reason: string;
  /** What the content must be for the rule to withhold the file. */
  readonly content: ContentKind;
}

const LOCKFILE = "lockfile: its content parses as one, and the lockfile part checks it against the base's";
const SOURCE_MAP = "source map: its content parses as a JSON source map, which nothing executes";

export const DEFAULT_EXCLUDES: readonly ExcludeRule[] = Object.freeze(
  (
    [
      ["package-lock.json", LOCKFILE, "lockfile"],
      ["npm-shrinkwrap.json", LOCKFILE, "lockfile"],
      ["yarn.lock", LOCKFILE, "lockfile"],
      ["pnpm-lock.yaml", LOCKFILE, "lockfile"],
      ["*.js.map", SOURCE_MAP, "source-map"],
      ["*.mjs.map", SOURCE_MAP, "source-map"],
      ["*.cjs.map", SOURCE_MAP, "source-map"],
      ["*.css.map", SOURCE_MAP, "source-map"],
      ["*.d.ts.map", SOURCE_MAP, "source-map"],
    ] as const
  ).map(([glob, reason, content]) => Object.freeze({ glob, reason, content })),
);

export interface ScopeOptions {
  /** Review only paths matching one of these; empty or absent means every path. */
  readonly include?: readonly string[];
  /** Never review paths matching one of these. */
  readonly exclude?: readonly string[];
  /** Also apply DEFAULT_EXCLUDES (default true). */
  readonly defaultExcludes?: boolean;
  /** The head content of the files a default exclude names (`defaultExcludeCandidates`). A file whose
   * content is not here, or does not prove its name, is reviewed. */
  readonly content?: ReadonlyMap<string, HeadContent>;
}

export interface ExcludedFile {
  readonly path: string;
  readonly previousPath?: string;
  /** The glob that excluded it, or `include` when no include glob matched. */
  readonly rule: string;
  readonly reason: string;
  /** Changed lines, for the summary. */
  readonly lines: number;
  /** Whose rule withheld it: the gate's defaults (proven by content) or the user's globs (by name). */
  readonly by: "default" | "exclude" | "include";
  /** For a default: the format its content was proven to be (absent for a removed file). */
  readonly content?: ContentKind;
}

/** A file a default exclude names that is reviewed after all: its content did not prove the name. */
export interface ReviewedDespiteName {
  readonly path: string;
  readonly rule: string;
  readonly why: string;
}

/** The first glob (as written) that matches a path. Each glob is one pattern of src/util/glob.ts's dialect;
 * a leading `!` is refused (the settings say so when the inputs are read): `include` and `exclude` are
 * already the two sides. */
function matcher(globs: readonly string[]): (path: string) => string | undefined {
  const compiled = globs.map((glob) => ({ glob, test: compileGlob(glob.trim()) }));
  return (path) => compiled.find((c) => c.test.matches(path))?.glob;
}

type Placement =
  | { readonly kind: "in" }
  | {
      readonly kind: "user";
      readonly rule: string;
      readonly reason: string;
      readonly by: "exclude" | "include";
    }
  | { readonly kind: "default"; readonly rule: ExcludeRule };

/** Where the globs put a file, before any content is looked at. A renamed file is excluded only when
 * both its names are, and included when either is: moving `src/auth.ts` to an excluded path must not
 * take a change to it out of review. A default rule applies by the head name, which is what runs. */
function placer(options: ScopeOptions): (file: DiffFile) => Placement {
  const include = (options.include ?? []).filter((g) => g.trim() !== "");
  const userExclude = (options.exclude ?? []).filter((g) => g.trim() !== "");
  const defaults = options.defaultExcludes === false ? [] : DEFAULT_EXCLUDES;
  const included = include.length > 0 ? matcher(include) : () => "**";
  const excludedBy = matcher(userExclude);
  const defaultBy = matcher(defaults.map((r) => r.glob));
  return (file) => {
    const names = file.previousPath !== undefined ? [file.path, file.previousPath] : [file.path];
    if (!names.some((name) => included(name) !== undefined)) {
      return { kind: "user", rule: "include", reason: "matches no `include` glob", by: "include" };
    }
    const user = names.map(excludedBy);
    if (user.every((g) => g !== undefined)) {
      return { kind: "user", rule: user[0] as string, reason: "matches an `exclude` glob", by: "exclude" };
    }
    if (!names.every((name) => excludedBy(name) !== undefined || defaultBy(name) !== undefined)) {
      return { kind: "in" };
    }
    const glob = defaultBy(file.path);
    const rule = defaults.find((r) => r.glob === glob);
    // The head name is the user's to exclude (the old name was a default's): the user's choice.
    if (rule === undefined) {
      return { kind: "user", rule: user[0] as string, reason: "matches an `exclude` glob", by: "exclude" };
    }
    return { kind: "default", rule };
  };
}

/** Whether the scope withholds a path by its name: outside `include`, matching an `exclude`, or named
 * like a default exclude (a lockfile, a source map). For what the reviewer is shown besides the diff
 * (src/context/), where a name is enough: withholding more context than needed costs nothing. */
export function withheldByName(options: ScopeOptions = {}): (path: string) => boolean {
  const place = placer(options);
  return (path) => place({ path } as DiffFile).kind !== "in";
}

/** The files whose head content the defaults need to see before they may withhold them. */
export function defaultExcludeCandidates(files: readonly DiffFile[], options: ScopeOptions = {}): DiffFile[] {
  const place = placer(options);
  return files.filter((file) => file.status !== "removed" && place(file).kind === "default");
}

/** Splits files into those in scope and those excluded, and names the files a default exclude named
 * whose content did not prove it (they are in scope). */
export function scopeFiles(
  files: readonly DiffFile[],
  options: ScopeOptions = {},
): { inScope: DiffFile[]; excluded: ExcludedFile[]; reviewedDespiteName: ReviewedDespiteName[] } {
  const place = placer(options);
  const inScope: DiffFile[] = [];
  const excluded: ExcludedFile[] = [];
  const reviewedDespiteName: ReviewedDespiteName[] = [];
  for (const file of files) {
    const placed = place(file);
    const base = {
      path: file.path,
      ...defined({ previousPath: file.previousPath }),
      lines: file.additions + file.deletions,
    };
    if (placed.kind === "in") {
      inScope.push(file);
    } else if (placed.kind === "user") {
      excluded.push({ ...base, rule: placed.rule, reason: placed.reason, by: placed.by });
    } else if (file.status === "removed") {
      const what = placed.rule.content === "lockfile" ? "lockfile" : "source map";
      excluded.push({
        ...base,
        rule: placed.rule.glob,
        reason: `${what}, removed: nothing is left at the head to run`,
        by: "default",
      });
    } else {
      const why = contentProblem(placed.rule.content, file.path, options.content?.get(file.path));
      if (why === undefined) {
        excluded.push({
          ...base,
          rule: placed.rule.glob,
          reason: placed.rule.reason,
          by: "default",
          content: placed.rule.content,
        });
      } else {
        inScope.push(file);
        reviewedDespiteName.push({ path: file.path, rule: placed.rule.glob, why });
      }
    }
  }
  return { inScope, excluded, reviewedDespiteName };
}
