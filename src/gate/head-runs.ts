// What the head's runs (HeadRuns, read once when a round starts) answer without another request: which
// pull requests the gate judged at the head, and where a pull request's history comment is, as its own
// runs of the app the round trusts remember it.
import type { HeadRuns } from "../ports/github.js";

/** The pull requests the gate's runs of the head name, smallest first; undefined when the one page
 * read is not all of them (the caller reads the rest). */
export function judgedIn(runs: HeadRuns | undefined, head: string): readonly number[] | undefined {
  if (runs === undefined || runs.head !== head || runs.runs.length < runs.total) return undefined;
  const numbers = runs.runs.flatMap((r) => (r.pr === undefined ? [] : [r.pr]));
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** The history comment's id as a pull request's own runs of one app remember it (the newest that names
 * one). Only that app's: its bot is the only author the history is trusted from, and another app's run
 * could name any comment. No app (GitHub named none): nothing is remembered. */
export function rememberedHistory(
  runs: HeadRuns | undefined,
  pr: number,
  app: string | null,
): number | undefined {
  if (runs === undefined || app === null) return undefined;
  return runs.runs.find((r) => r.pr === pr && r.app === app && r.history !== undefined)?.history;
}
