// Which changed files are in scope for review: include and exclude globs, plus default excludes. An
// excluded file is never reviewed and does not count against coverage, so an exclude is a decision that
// the file cannot change what the code does. That is why the defaults are short: lockfiles and source
// maps, which nothing executes. Not excluded by default, on purpose, though other tools do:
// - `dist/`, `build/`, `*.min.js`: they are what runs (a GitHub Action runs its committed dist/);
// - `vendor/`, `third_party/`, committed `node_modules/`: vendored code is compiled or loaded like the
//   project's own, so excluding it would let a PR hide a change there behind an approve;
// - generated sources (`*.pb.go`, `*_generated.*`): compiled into the program;
// - test snapshots (`*.snap`): Jest evaluates them as modules.
// A repository that wants any of those out says so in `exclude`, and the summary lists every file it
// excluded with the rule that did it.
// Known gap: a lockfile change can point a dependency at another tarball ("lockfile injection"); the
// reviewer would not see it. Guard lockfiles with a diff criterion in the contract, not the reviewer.
// Pure.
import picomatch from "picomatch";
import type { DiffFile } from "../diff/types.js";

export interface ExcludeRule {
  readonly glob: string;
  readonly reason: string;
}

const LOCKFILE = "lockfile: resolved dependency versions and hashes, not executed";
const SOURCE_MAP = "source map: generated debugging data, not executed";

export const DEFAULT_EXCLUDES: readonly ExcludeRule[] = Object.freeze(
  [
    ["package-lock.json", LOCKFILE],
    ["npm-shrinkwrap.json", LOCKFILE],
    ["yarn.lock", LOCKFILE],
    ["pnpm-lock.yaml", LOCKFILE],
    ["bun.lock", LOCKFILE],
    ["bun.lockb", LOCKFILE],
    ["deno.lock", LOCKFILE],
    ["Cargo.lock", LOCKFILE],
    ["Gemfile.lock", LOCKFILE],
    ["poetry.lock", LOCKFILE],
    ["Pipfile.lock", LOCKFILE],
    ["pdm.lock", LOCKFILE],
    ["uv.lock", LOCKFILE],
    ["composer.lock", LOCKFILE],
    ["go.sum", LOCKFILE],
    ["go.work.sum", LOCKFILE],
    ["gradle.lockfile", LOCKFILE],
    ["packages.lock.json", LOCKFILE],
    ["Podfile.lock", LOCKFILE],
    ["Package.resolved", LOCKFILE],
    ["pubspec.lock", LOCKFILE],
    ["mix.lock", LOCKFILE],
    ["flake.lock", LOCKFILE],
    ["*.js.map", SOURCE_MAP],
    ["*.mjs.map", SOURCE_MAP],
    ["*.cjs.map", SOURCE_MAP],
    ["*.css.map", SOURCE_MAP],
    ["*.d.ts.map", SOURCE_MAP],
  ].map(([glob, reason]) => Object.freeze({ glob: glob as string, reason: reason as string })),
);

export interface ScopeOptions {
  /** Review only paths matching one of these; empty or absent means every path. */
  readonly include?: readonly string[];
  /** Never review paths matching one of these. */
  readonly exclude?: readonly string[];
  /** Also apply DEFAULT_EXCLUDES (default true). */
  readonly defaultExcludes?: boolean;
}

export interface ExcludedFile {
  readonly path: string;
  readonly previousPath?: string;
  /** The glob that excluded it, or `include` when no include glob matched. */
  readonly rule: string;
  readonly reason: string;
  /** Changed lines, for the summary. */
  readonly lines: number;
}

// Globs as users write them in .gitignore: a pattern without a slash matches the file name at any
// depth (`*.lock`), one with a slash matches from the repository root (`docs/**`, `/setup.py`), and a
// trailing slash means everything under a directory of that name (`generated/`); dotfiles match.
// picomatch's own `basename` option is not used: it stops `docs/**` from matching `docs/a/b.md`.
const MATCH_OPTIONS = { dot: true, windows: false } as const;

/** The glob picomatch is given for a user's pattern. */
export function anchoredGlob(glob: string): string {
  const g = glob.trim();
  if (g.startsWith("/")) return g.endsWith("/") ? `${g.slice(1)}**` : g.slice(1);
  if (g.endsWith("/")) {
    const dir = g.slice(0, -1);
    return dir.includes("/") ? `${dir}/**` : `**/${dir}/**`;
  }
  return g.includes("/") ? g : `**/${g}`;
}

function matcher(globs: readonly string[]): (path: string) => string | undefined {
  const compiled = globs.map((glob) => ({ glob, test: picomatch(anchoredGlob(glob), MATCH_OPTIONS) }));
  return (path) => compiled.find((c) => c.test(path))?.glob;
}

/** Splits files into those in scope and those excluded. A renamed file is excluded only when both its
 * names are, and included when either is: moving `src/auth.ts` to an excluded path must not take a
 * change to it out of review. */
export function scopeFiles(
  files: readonly DiffFile[],
  options: ScopeOptions = {},
): { inScope: DiffFile[]; excluded: ExcludedFile[] } {
  const include = (options.include ?? []).filter((g) => g.trim() !== "");
  const userExclude = (options.exclude ?? []).filter((g) => g.trim() !== "");
  const defaults = options.defaultExcludes === false ? [] : DEFAULT_EXCLUDES;
  const included = include.length > 0 ? matcher(include) : () => "**";
  const excludedBy = matcher(userExclude);
  const defaultBy = matcher(defaults.map((r) => r.glob));
  const inScope: DiffFile[] = [];
  const excluded: ExcludedFile[] = [];
  for (const file of files) {
    const names = file.previousPath !== undefined ? [file.path, file.previousPath] : [file.path];
    const lines = file.additions + file.deletions;
    const base = {
      path: file.path,
      ...(file.previousPath !== undefined ? { previousPath: file.previousPath } : {}),
      lines,
    };
    if (!names.some((name) => included(name) !== undefined)) {
      excluded.push({ ...base, rule: "include", reason: "matches no `include` glob" });
      continue;
    }
    const user = names.map(excludedBy);
    if (user.every((g) => g !== undefined)) {
      excluded.push({ ...base, rule: user[0] as string, reason: "matches an `exclude` glob" });
      continue;
    }
    const byDefault = names.map((name) => excludedBy(name) ?? defaultBy(name));
    if (byDefault.every((g) => g !== undefined)) {
      const glob = defaultBy(file.path) ?? (byDefault[0] as string);
      const rule = defaults.find((r) => r.glob === glob);
      excluded.push({ ...base, rule: glob, reason: rule?.reason ?? "matches an `exclude` glob" });
      continue;
    }
    inScope.push(file);
  }
  return { inScope, excluded };
}
