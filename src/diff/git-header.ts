// The old and new name of one `diff --git` section, read with certainty or not at all. Pure.
//
// git writes each name behind a prefix: `a/` and `b/` by default, the mnemonic pairs of
// diff.mnemonicPrefix (`c/` commit, `i/` index, `w/` work tree, `o/` object, `1/` `2/` for
// --no-index; swapped by -R), or none at all (--no-prefix, diff.noprefix). Stripping `a/` and `b/`
// only left `i/src/x.ts` as the path under a mnemonic config (so `src/**` matched nothing and
// diff_added_absent passed over the added line it should have failed), and turned the file `b/x`
// of a --no-prefix diff into `x`. So every prefix pair git can write is tried, and a reading stands
// only when it is the one reading that agrees with every line of the section: the `diff --git` line,
// the `---`/`+++` labels and the rename or copy lines. A header no known pair reads (a custom
// --src-prefix, an edited diff), or that two readings fit, is refused: the caller holds or exits 2.

import { gitHeaderSplits } from "./git-path.js";

/** The prefix pairs git writes, source first. Each side is two characters or empty, and the sides of
 * a pair differ (or are both empty), which is what makes a section's reading unique. */
export const GIT_PREFIX_PAIRS: readonly (readonly [string, string])[] = [
  ["a/", "b/"],
  ["b/", "a/"],
  ["c/", "i/"],
  ["i/", "c/"],
  ["c/", "w/"],
  ["w/", "c/"],
  ["i/", "w/"],
  ["w/", "i/"],
  ["o/", "w/"],
  ["w/", "o/"],
  ["1/", "2/"],
  ["2/", "1/"],
  ["", ""],
];

/** What the rest of the section says about its names. `undefined`: the section has no such line. */
export interface SectionNames {
  /** `rename from`/`copy from` and `rename to`/`copy to`: names without prefixes. */
  readonly from?: string;
  readonly to?: string;
  /** The `---` and `+++` labels as git wrote them (prefix included); null for /dev/null. */
  readonly minus?: string | null;
  readonly plus?: string | null;
}

export interface HeaderReading {
  readonly from: string;
  readonly to: string;
  readonly prefixes: readonly [string, string];
}

/** Reads `diff --git …` (the whole line) against the rest of its section. */
export function readGitHeader(line: string, names: SectionNames): HeaderReading | { error: string } {
  const parsed = gitHeaderSplits(line.slice("diff --git ".length));
  if ("error" in parsed) return parsed;
  const readings: HeaderReading[] = [];
  for (const [left, right] of parsed.splits) {
    for (const prefixes of GIT_PREFIX_PAIRS) {
      const [src, dst] = prefixes;
      if (!left.startsWith(src) || !right.startsWith(dst)) continue;
      const from = left.slice(src.length);
      const to = right.slice(dst.length);
      if (from === "" || to === "") continue;
      if (names.from !== undefined || names.to !== undefined) {
        if (from !== names.from || to !== names.to) continue;
      } else if (from !== to) {
        // Without a rename or copy, both sides name the same file.
        continue;
      }
      if (typeof names.minus === "string" && names.minus !== src + from) continue;
      if (typeof names.plus === "string" && names.plus !== dst + to) continue;
      if (!readings.some((r) => r.from === from && r.to === to)) readings.push({ from, to, prefixes });
    }
  }
  if (readings.length === 1) return readings[0] as HeaderReading;
  if (readings.length === 0) {
    return {
      error:
        "no prefix git writes (a/ b/, the mnemonic c/ i/ w/ o/, 1/ 2/, or none) reads it consistently with the section's other lines",
    };
  }
  return {
    error: `it reads as ${readings
      .slice(0, 3)
      .map((r) => JSON.stringify(r.to))
      .join(" or ")}, and nothing in the section says which`,
  };
}
