// The eval cache on disk: one file per run of a case under a configuration, named by the hash of its
// claims (eval/configuration.ts), so an interrupted `verdict-gate eval` resumes where it stopped and a
// second invocation of the same configuration asks nobody again. Each file is written whole under a
// temporary name and then renamed, so an interruption leaves either the run or nothing, never half.
//
// A set cannot bring its own answers: a set directory that shipped `.verdict-gate/eval-cache/…` once
// decided its own results when run from inside it (`eval .`, the old default cache under the current
// directory). So the default is the user's cache directory, and a cache inside the set is refused.
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cachedRunText, readCachedRun } from "../eval/cached-run.js";
import { runKey } from "../eval/configuration.js";
import type { RunCache } from "../ports/eval.js";
import { describeError } from "../util/describe-error.js";

/** Where results are kept when --cache is not given, as the help says it. */
export const DEFAULT_CACHE_WORDS = "verdict-gate/eval-cache under $XDG_CACHE_HOME, else ~/.cache";

/** The default cache directory, from the environment; undefined when it names no home to keep it in. */
export function defaultCacheDir(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const usable = (dir: string | undefined) => dir !== undefined && dir !== "" && path.isAbsolute(dir);
  const root = usable(env.XDG_CACHE_HOME)
    ? (env.XDG_CACHE_HOME as string)
    : usable(env.HOME)
      ? path.join(env.HOME as string, ".cache")
      : usable(env.LOCALAPPDATA)
        ? (env.LOCALAPPDATA as string)
        : undefined;
  return root === undefined ? undefined : path.join(root, "verdict-gate", "eval-cache");
}

/** A path with every part that exists resolved through its links (the rest as written). */
function real(file: string): string {
  const resolved = path.resolve(file);
  if (existsSync(resolved)) return realpathSync(resolved);
  const parent = path.dirname(resolved);
  return parent === resolved ? resolved : path.join(real(parent), path.basename(resolved));
}

function within(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** The cache at `dir`, created now; or why it cannot be: a directory that cannot be made, or one
 * inside the set `set` (whose files would then decide its results), is said before any reviewer is
 * paid, not a run that silently cannot resume. */
export function openRunCache(dir: string, set: string): RunCache | { error: string } {
  if (within(real(dir), real(set)))
    return {
      error: `is inside the set ${set}: a set cannot bring its own answers; keep the cache outside it`,
    };
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    return { error: `cannot create it: ${describeError(error)}` };
  }
  const file = (key: string) => path.join(dir, `${key}.json`);
  return {
    read(claims) {
      try {
        return readCachedRun(readFileSync(file(runKey(claims)), "utf8"), claims);
      } catch {
        return undefined;
      }
    },
    write(claims, run) {
      const text = cachedRunText(claims, run);
      if (text === undefined) return undefined;
      const target = file(runKey(claims));
      const temporary = `${target}.${process.pid}.tmp`;
      try {
        writeFileSync(temporary, text);
        renameSync(temporary, target);
        return undefined;
      } catch (error) {
        return describeError(error);
      }
    },
  };
}
