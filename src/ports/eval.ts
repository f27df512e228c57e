// What `verdict-gate eval`'s runner (src/eval/run.ts) asks of the world: the set's files and a place
// to keep each run's result. On disk: src/workspace/eval-set.ts and src/workspace/eval-cache.ts.
import type { RunClaims } from "../eval/configuration.js";
import type { CaseRun } from "../eval/score.js";

/** What a case holds besides case.json, as bytes; `problem` says why it cannot be run. */
export interface CaseFiles {
  readonly diff?: Uint8Array;
  readonly base: ReadonlyMap<string, Uint8Array>;
  readonly problem?: string;
  /** A hash of every byte of the case (case.json, change.diff, base/ names and contents): a result
   * cached under it belongs to exactly this case. */
  readonly hash: string;
}

/** A set as stored: set.json, one case per directory. Every read throws EvalSetError when the set
 * cannot be read at all (exit 2). */
export interface EvalSetSource {
  /** set.json's text, when there is one, and each case's name, sorted. */
  list(): { readonly setJson?: string; readonly cases: readonly string[] };
  /** A case's case.json text. */
  caseJson(name: string): string;
  /** What the case holds besides case.json; a case that cannot be read says why in `problem`. */
  caseFiles(name: string, caseJson: string): CaseFiles;
  /** Where a file of the set is, for messages (`set.json`, `NAME/case.json`). */
  where(file: string): string;
}

/** A set that cannot be read at all. */
export class EvalSetError extends Error {
  override readonly name = "EvalSetError";
}

/** Where each run's result is kept, so an interrupted run resumes and a second asks nobody again. */
export interface RunCache {
  /** The run kept under exactly these claims, if one is. */
  read(claims: RunClaims): CaseRun | undefined;
  /** Keeps a run with its claims; returns why it could not, if it could not. */
  write(claims: RunClaims, run: CaseRun): string | undefined;
}

export const NO_CACHE: RunCache = { read: () => undefined, write: () => undefined };
