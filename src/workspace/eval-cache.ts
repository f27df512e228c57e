// The eval cache on disk: one file per run of a case under a configuration (eval/configuration.ts keys
// it), so an interrupted `verdict-gate eval` resumes where it stopped and a second invocation of the
// same configuration asks nobody again. Each file is written whole under a temporary name and then
// renamed, so an interruption leaves either the run or nothing, never half of one.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cachedRunText, readCachedRun } from "../eval/cached-run.js";
import type { RunCache } from "../ports/eval.js";
import { describeError } from "../util/describe-error.js";

/** Where results are kept when --cache is not given, under the current directory. */
export const DEFAULT_CACHE_DIR = path.join(".verdict-gate", "eval-cache");

/** The cache at `dir`, created now; or why it cannot be: a directory that cannot be made is said before
 * any reviewer is paid, not a run that silently cannot resume. */
export function openRunCache(dir: string): RunCache | { error: string } {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    return { error: `cannot create it: ${describeError(error)}` };
  }
  const file = (key: string) => path.join(dir, `${key}.json`);
  return {
    read(key) {
      try {
        return readCachedRun(readFileSync(file(key), "utf8"));
      } catch {
        return undefined;
      }
    },
    write(key, run) {
      const text = cachedRunText(run);
      if (text === undefined) return undefined;
      const temporary = `${file(key)}.${process.pid}.tmp`;
      try {
        writeFileSync(temporary, text);
        renameSync(temporary, file(key));
        return undefined;
      } catch (error) {
        return describeError(error);
      }
    },
  };
}
