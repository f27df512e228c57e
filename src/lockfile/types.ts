// A lockfile as the checks read it, whatever wrote it: one entry per locked package, with where its
// code comes from and the hashes that pin it. The readers (npm.ts, pnpm.ts, yarn-classic.ts,
// yarn-berry.ts) fill it in; check.ts compares a base's with a head's. Pure data.

/** The lockfiles the gate can read. */
export type LockfileKind = "npm" | "pnpm" | "yarn-classic" | "yarn-berry";

/** Where a locked package's code comes from. */
export type Source =
  /** The package manager's configured registry, by name and version (pnpm, Yarn Berry's `npm:`, npm
   * without `resolved`). The registry is set in .npmrc / .yarnrc.yml, which the reviewer reads. */
  | { readonly kind: "registry" }
  /** An http(s) URL of a tarball: a registry's (checked by shape) or any other. */
  | { readonly kind: "url"; readonly url: string }
  /** A git repository, and the commit when the lockfile pins one. */
  | { readonly kind: "git"; readonly url: string; readonly commit?: string }
  /** A path on disk (link:, file:, workspace:, portal:, exec:, a patch file), relative to `base`. */
  | { readonly kind: "local"; readonly path: string; readonly base: string; readonly how: string }
  /** Shipped inside its parent's tarball (npm `inBundle` / `bundled`): pinned by the parent's hash. */
  | { readonly kind: "bundled" }
  /** A reference the reader does not know: the check cannot tell where the code comes from. */
  | { readonly kind: "unknown"; readonly spec: string };

export interface LockEntry {
  /** Where it is in the file, for reasons: `node_modules/lodash`, `lodash@^4.17.21`, `/lodash@4.17.21`. */
  readonly key: string;
  /** The package's real name (an alias's target). */
  readonly name: string;
  /** Its version, or "" when the lockfile does not say. */
  readonly version: string;
  readonly source: Source;
  /** The source exactly as written (a URL, a resolution), to tell an unchanged entry. */
  readonly spec: string;
  /** Hash algorithm → lower-case hex digest (SRI `sha512-…`, Yarn's `#sha1`, Berry's checksum). */
  readonly integrity: ReadonlyMap<string, string>;
  /** Other names a registry tarball of this entry may carry (the alias it is installed under). */
  readonly aliases?: readonly string[];
}

export interface ParsedLockfile {
  readonly kind: LockfileKind;
  /** The format's own version (`lockfileVersion`, `__metadata.version`), for the summary. */
  readonly version: string;
  readonly entries: readonly LockEntry[];
}
