// Which lockfiles the gate reads, by file name, and the reader for each. A yarn.lock is Yarn 1's
// format or Yarn 2+'s YAML; its content says which (Berry's always has `__metadata`). Pure.
import path from "node:path";
import { parseNpmLock } from "./npm.js";
import { parsePnpmLock } from "./pnpm.js";
import type { ParsedLockfile } from "./types.js";
import { parseYarnBerry } from "./yarn-berry.js";
import { parseYarnClassic } from "./yarn-classic.js";

/** The file names of the lockfiles the gate checks, and what each is called in reasons. */
export const CHECKED_LOCKFILES: Readonly<Record<string, string>> = Object.freeze({
  "package-lock.json": "an npm lockfile",
  "npm-shrinkwrap.json": "an npm lockfile",
  "pnpm-lock.yaml": "a pnpm lockfile",
  "yarn.lock": "a Yarn lockfile",
});

/** Whether the gate reads lockfiles of this path's name. */
export function isCheckedLockfile(file: string): boolean {
  return Object.hasOwn(CHECKED_LOCKFILES, path.posix.basename(file));
}

/** Reads the lockfile at `file` (a repository path: its name picks the reader, its directory is where
 * relative paths in it start). Throws LockfileSyntaxError when the text is not that lockfile. */
export function parseLockfile(file: string, text: string): ParsedLockfile {
  const name = path.posix.basename(file);
  const dir = path.posix.dirname(file);
  const base = dir === "." ? "" : dir;
  switch (name) {
    case "package-lock.json":
    case "npm-shrinkwrap.json":
      return parseNpmLock(text, base);
    case "pnpm-lock.yaml":
      return parsePnpmLock(text, base);
    case "yarn.lock":
      return /^__metadata:/m.test(text) ? parseYarnBerry(text, base) : parseYarnClassic(text, base);
    default:
      throw new Error(`${file} is not a lockfile the gate reads`);
  }
}
