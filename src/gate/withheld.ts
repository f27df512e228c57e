// What the gate itself withholds from the reviewer, decided by content: the round reads, before it
// plans the review, the head content of every file a default exclude names and of every changed
// lockfile, so that scope.ts can withhold only what its content proves harmless and the lockfile part
// can check the rest. Reading is I/O (tree, contents API); deciding stays pure (scope.ts,
// excluded-content.ts, src/lockfile).

import type { Diff } from "../diff/types.js";
import type { ChangeSource } from "../ports/change.js";
import { READ_CAP_BYTES } from "../ports/tree.js";
import type { HeadContent } from "../review/excluded-content.js";
import { defaultExcludeCandidates, type ReviewedDespiteName, type ScopeOptions } from "../review/scope.js";
import { defined } from "../util/defined.js";
import type { JudgeContext } from "./context.js";
import { readHeadContents } from "./head-content.js";
import { lockfilesToCheck } from "./lockfile-part.js";

export interface WithheldScope extends ScopeOptions {
  readonly content: ReadonlyMap<string, HeadContent>;
}

/** The scope options of a round, with the head content the defaults and the lockfile part need.
 * `treeIsHead`: the checked-out tree holds the pull request's code (otherwise it is not read). */
export async function withheldScope(
  ctx: JudgeContext,
  diff: Diff,
  source: Pick<ChangeSource, "atHead">,
  treeIsHead: boolean,
): Promise<WithheldScope> {
  const options: ScopeOptions = {
    include: ctx.settings.diff.include,
    exclude: ctx.settings.diff.exclude,
    defaultExcludes: ctx.settings.diff.defaultExcludes,
  };
  const needed = [...defaultExcludeCandidates(diff.files, options), ...lockfilesToCheck(diff.files)];
  if (needed.length === 0) return { ...options, content: new Map() };
  const opened = treeIsHead ? ctx.openTree() : undefined;
  const tree = opened !== undefined && !("error" in opened) ? opened : undefined;
  const content = await readHeadContents(needed, {
    ...defined({ tree }),
    // As large as the tree reads: lockfiles and bundled source maps run to several MB.
    readAtHead: (path) => source.atHead(path, { maxBytes: READ_CAP_BYTES }),
  });
  ctx.log.info(`withheld files: read ${content.size} file(s) at the head to check what their names claim`);
  return { ...options, content };
}

/** Notes for the summary: files a default exclude named that the reviewer saw instead, and why. */
export function reviewedDespiteNameNotes(files: readonly ReviewedDespiteName[]): string[] {
  const notes = files
    .slice(0, 10)
    .map(
      (f) =>
        `${f.path} matches the default exclude \`${f.rule}\` but was reviewed: ${f.why.slice(0, 240)}. A file of any name runs as code when something loads it as code.`,
    );
  if (files.length > 10)
    notes.push(`…and ${files.length - 10} more files named like default excludes were reviewed.`);
  return notes;
}
