// An eval set on disk (docs/eval.md): `set.json`, and one directory per case holding `case.json`,
// `change.diff` and `base/`. This file only reads bytes; what they mean is src/eval's to decide. Reads
// are bounded and confined: a symlink anywhere under a case is refused rather than followed (a set is
// data someone else may have written, and `base/link -> /etc` must not put a file of this machine in
// front of a criterion or a reviewer), and so is anything that is not a regular file or a directory.
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type CaseFiles, EvalSetError, type EvalSetSource } from "../ports/eval.js";
import { defined } from "../util/defined.js";

/** Bytes of one case's base/ read at most: the starter set's largest is 1.5 MB. */
export const MAX_BASE_BYTES = 64 * 1024 * 1024;
/** Files of one case's base/ read at most. */
export const MAX_BASE_FILES = 20_000;
/** Bytes of one change.diff read at most. */
export const MAX_CASE_DIFF_BYTES = 64 * 1024 * 1024;

export interface SetOnDisk {
  /** set.json's text, when there is one. */
  readonly setJson?: string;
  /** Each case directory's name, sorted. */
  readonly caseDirs: readonly string[];
}

function code(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : String(error);
}

/** The set's cases: every directory in it whose name does not start with a dot (each must be a case). */
export function listSet(dir: string): SetOnDisk {
  let names: string[];
  try {
    // The directory named on the command line is the user's own choice: followed if it is a link.
    if (!statSync(dir).isDirectory()) throw new EvalSetError(`${dir} is not a directory`);
    names = readdirSync(dir);
  } catch (error) {
    if (error instanceof EvalSetError) throw error;
    throw new EvalSetError(`${dir} cannot be read: ${code(error)}`);
  }
  // A symlink is refused, not skipped: a case left out in silence would leave its class's
  // denominator smaller than the set its author wrote.
  const caseDirs: string[] = [];
  let setJson: string | undefined;
  for (const name of [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (name.startsWith(".")) continue;
    const stats = lstatSync(path.join(dir, name));
    if (stats.isSymbolicLink())
      throw new EvalSetError(`${path.join(dir, name)} is a symlink; a set's files are read, never followed`);
    if (stats.isDirectory()) caseDirs.push(name);
    else if (name === "set.json" && stats.isFile()) setJson = readFileSync(path.join(dir, name), "utf8");
  }
  return { ...defined({ setJson }), caseDirs };
}

/** A case's case.json text; throws EvalSetError when it is missing or is not a regular file. */
export function readCaseJson(caseDir: string): string {
  const file = path.join(caseDir, "case.json");
  try {
    if (!lstatSync(file).isFile()) throw new EvalSetError(`${file} is not a regular file`);
    return readFileSync(file, "utf8");
  } catch (error) {
    if (error instanceof EvalSetError) throw error;
    throw new EvalSetError(`${file} cannot be read: ${code(error)}`);
  }
}

/** Reads base/ into `into`, refusing what is not a regular file or a directory. */
function readBase(root: string, rel: string, into: Map<string, Uint8Array>, budget: { bytes: number }): void {
  const dir = path.join(root, rel);
  for (const name of readdirSync(dir).sort()) {
    const relPath = rel === "" ? name : `${rel}/${name}`;
    const full = path.join(root, relPath);
    const stats = lstatSync(full);
    if (stats.isDirectory()) {
      readBase(root, relPath, into, budget);
    } else if (stats.isFile()) {
      budget.bytes += stats.size;
      if (budget.bytes > MAX_BASE_BYTES) throw new Error(`base/ holds more than ${MAX_BASE_BYTES} bytes`);
      if (into.size >= MAX_BASE_FILES) throw new Error(`base/ holds more than ${MAX_BASE_FILES} files`);
      into.set(relPath, new Uint8Array(readFileSync(full)));
    } else {
      throw new Error(
        `base/${relPath} is ${stats.isSymbolicLink() ? "a symlink" : "not a regular file"}; a case's files are read, never followed`,
      );
    }
  }
}

export function readCaseFiles(caseDir: string, caseJson: string): CaseFiles {
  const hash = createHash("sha256");
  const part = (name: string, bytes: Uint8Array | string) => {
    const data = typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes;
    hash.update(`${name}\0${data.length}\0`);
    hash.update(data);
  };
  part("case.json", caseJson);
  let diff: Uint8Array | undefined;
  let problem: string | undefined;
  const diffFile = path.join(caseDir, "change.diff");
  try {
    const stats = lstatSync(diffFile);
    if (!stats.isFile()) problem = "change.diff is not a regular file";
    else if (stats.size > MAX_CASE_DIFF_BYTES) problem = `change.diff is over ${MAX_CASE_DIFF_BYTES} bytes`;
    else diff = new Uint8Array(readFileSync(diffFile));
  } catch (error) {
    problem =
      code(error) === "ENOENT" ? "the case has no change.diff" : `change.diff cannot be read: ${code(error)}`;
  }
  if (diff !== undefined) part("change.diff", diff);
  const base = new Map<string, Uint8Array>();
  const baseDir = path.join(caseDir, "base");
  let hasBase = false;
  try {
    hasBase = lstatSync(baseDir).isDirectory();
    if (!hasBase) problem ??= "base is not a directory";
  } catch {
    // No base/: a change that only adds files needs none.
  }
  if (hasBase) {
    try {
      readBase(baseDir, "", base, { bytes: 0 });
    } catch (error) {
      problem ??= error instanceof Error ? error.message : String(error);
      base.clear();
    }
  }
  for (const [name, bytes] of base) part(`base/${name}`, bytes);
  return {
    ...defined({ diff }),
    base,
    ...defined({ problem }),
    hash: hash.digest("hex"),
  };
}

/** The set in directory `dir`, as the eval runner reads it. */
export function diskSet(dir: string): EvalSetSource {
  return {
    list: () => {
      const listed = listSet(dir);
      return { ...defined({ setJson: listed.setJson }), cases: listed.caseDirs };
    },
    caseJson: (name) => readCaseJson(path.join(dir, name)),
    caseFiles: (name, caseJson) => readCaseFiles(path.join(dir, name), caseJson),
    where: (file) => path.join(dir, file),
  };
}
