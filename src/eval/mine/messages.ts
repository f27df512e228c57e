// Reading a commit message for the earlier commit it says it fixes or reverts: the label of a mined
// defect comes from these words alone, so the rule is narrow and stated exactly (docs/eval.md).
// - git's own revert line, "This reverts commit <sha>."
// - a line holding one of the phrases that name a cause — "fixes", "fix", "fixed", "introduced in/by",
//   "regression from/in/since", "broke", "broken by/in", "caused by" — and a commit id on the same line
//   (7 to 64 hex digits, a whole word or the tail of a …/commit/<sha> link; never after `#`, which
//   names an issue or a pull request).
// A line's phrase and its id need not be adjacent ("Fixes: 1a2b3c4 (\"parser: …\")", "the regression
// 1a2b3c4 introduced in 2.1"), but both must be on one line: a message that mentions a commit in one
// paragraph and a fix in another names no cause. Pure.

export type ReferenceKind = "revert" | "fix-named";

export interface Reference {
  /** The id as written (abbreviated or whole). */
  readonly ref: string;
  readonly kind: ReferenceKind;
  /** The line it was read from, for the report. */
  readonly line: string;
}

const REVERT = /\bThis reverts commit ([0-9a-f]{7,64})\b/;
const PHRASE =
  /\b(?:fix(?:es|ed)?|introduced (?:in|by)|regression (?:from|in|since)|regressed (?:in|by)|broke|broken (?:by|in|since)|caused by)\b/i;
const COMMIT_ID = /(?<![\w#@.-])(?:[\w.-]+\/)*?([0-9a-f]{7,64})(?![\w-])/g;

/** The commits a message names as fixed or reverted, each once, in the order they appear. */
export function referencesIn(message: string): Reference[] {
  const found: Reference[] = [];
  const seen = new Set<string>();
  const add = (ref: string, kind: ReferenceKind, line: string) => {
    if (seen.has(ref)) return;
    seen.add(ref);
    found.push({ ref, kind, line: line.trim().slice(0, 200) });
  };
  for (const line of message.split("\n")) {
    const revert = REVERT.exec(line);
    if (revert) add(revert[1] as string, "revert", line);
    if (!PHRASE.test(line)) continue;
    for (const m of line.matchAll(COMMIT_ID)) {
      const id = m[1] as string;
      // A whole-word id, or the last segment of a commit link (…/commit/<sha>); not part of a
      // longer word, a version (v1.2.3), an e-mail, or a #number.
      const start = (m.index ?? 0) + m[0].length - id.length;
      const before = line.slice(0, start);
      if (m[0] !== id && !/\/commits?\/$/.test(before)) continue;
      add(id, "fix-named", line);
    }
  }
  return found;
}

/** Words of a later commit's message that make it a fix for the clean rule (a wider net than
 * referencesIn's: a clean change is one no such commit touched). */
export const FIX_WORDS =
  /\b(fix(es|ed|ing)?|bugs?|bugfix\w*|regress\w*|revert\w*|broke|broken|breaks?|hotfix\w*)\b/i;

/** Subjects of commits that are not source changes worth reviewing (conventional-commit types too). */
export const NOT_A_CHANGE =
  /^(revert|merge)\b|^(docs?|chore|style|ci|build|tests?)(\([^)]*\))?!?:|\b(release|bump|typo|reformat|format with|formatting|lint|flake8|changelog|docstring)\b/i;
