// The round history as the round uses it: read from the gate's own comment and audited before it is
// trusted, saved only over the comment it was read from, and push notes (loop-rules.ts bounds what a
// round stores; history-rows.ts shows it as rows and exclusions).

import type { CheckRunRef, CommentHint, HeadRuns, StoredComment } from "../ports/github.js";
import { historyMarker, readHistoryComment } from "../report/history-comment.js";
import type { OtherHistory } from "../reviewer-stage/whole-reuse.js";
import type { Settings } from "../settings/settings.js";
import { audit, emptyHistory, type History } from "../verdict/history.js";
import type { RoundContext } from "./context.js";
import { judgedIn, rememberedHistory } from "./head-runs.js";

export interface LoadedHistory {
  history: History;
  comment: StoredComment | undefined;
  /** The stored history cannot be trusted (unreadable, or its chain does not audit). */
  problem?: string;
  /** What a reader of the round should know about how the history was found (a duplicate tidied). */
  notes?: readonly string[];
}

/** The note for copies of the history found beside the one used. */
function duplicateNote(comment: StoredComment): string[] {
  const copies = comment.duplicates ?? [];
  if (copies.length === 0) return [];
  return [
    `The pull request had ${copies.length + 1} copies of the gate's round history (two rounds recorded a first round at once): the oldest, comment ${comment.id}, is the history; ${copies.length === 1 ? "the other" : "the others"} (${copies.join(", ")}) no longer carry its marker. What a lost copy recorded is in its round's check run.`,
  ];
}

/** The only author whose history comment counts: the bot of the app that owns this round's check run.
 * Anyone can comment on a PR, and a forged history could claim a person's approve. When GitHub did
 * not name the app there is no one to trust, and no default: the round stops (and holds). */
export function historyAuthor(check: CheckRunRef): string {
  if (check.appSlug === null) {
    throw new Error(
      `GitHub did not say which app owns check run ${check.id}, so the gate cannot tell its own round history from anyone else's; nothing was approved`,
    );
  }
  return `${check.appSlug}[bot]`;
}

/** Where the history comment is looked for first: the id the caller knows (from the head's runs, or an
 * earlier read), and GitHub's clock as it stamped this round's check run. */
function hintFor(check: CheckRunRef, id: number | undefined): CommentHint {
  return {
    ...(id !== undefined ? { id } : {}),
    ...(check.startedAt !== undefined ? { now: check.startedAt } : {}),
  };
}

/** The PR's stored history for this check, read from the gate's own comment and trusted only when it
 * is this PR's and this check's and its chain audits. Shared by the pull request and merge group
 * rounds. `known`: the comment's id, when a run or an earlier read names it. */
export async function loadHistory(
  ctx: RoundContext,
  pr: number,
  check: CheckRunRef,
  known?: number,
): Promise<LoadedHistory> {
  const { settings, github } = ctx;
  const found = await github.history.findComment(
    pr,
    historyMarker(settings.checkName),
    historyAuthor(check),
    hintFor(check, known),
  );
  if (found === undefined) return { history: emptyHistory(pr, settings.checkName), comment: found };
  // What is compared before and after a write is the comment itself; the note goes with the round.
  const comment: StoredComment = {
    id: found.id,
    body: found.body,
    ...(found.updatedAt !== undefined ? { updatedAt: found.updatedAt } : {}),
  };
  const notes = duplicateNote(found);
  const noted = notes.length > 0 ? { notes } : {};
  const read = readHistoryComment(comment.body);
  if (!read.ok)
    return { history: emptyHistory(pr, settings.checkName), comment, problem: read.message, ...noted };
  if (read.history.pr !== pr || read.history.check !== settings.checkName) {
    return {
      history: emptyHistory(pr, settings.checkName),
      comment,
      problem: "the stored round history belongs to another pull request or check",
      ...noted,
    };
  }
  const report = audit(read.history);
  if (!report.valid) {
    return {
      history: read.history,
      comment,
      problem: `the stored round history does not audit: ${report.errors.slice(0, 3).join("; ")}`,
      ...noted,
    };
  }
  return { history: read.history, comment, ...noted };
}

/** What a `synchronize` push replaced (its `before`). The history belongs to the pull request, so it
 * carries over a force-push that removed the earlier commits from the branch; without this note a
 * reader could not tell which commit the earlier rounds judged, nor that a push skipped the gate. */
export function pushNote(history: History, target: Settings["target"], head: string): string | undefined {
  if (target.kind !== "pull_request" || target.before === undefined || target.before === head)
    return undefined;
  const gated = [...history.rounds].reverse().find((r) => r.head === target.before);
  const what = gated !== undefined ? `round ${gated.round}, ${gated.status}` : "never gated";
  return `Pushed over ${target.before.slice(0, 12)} (${what}); the round history carries over, force-pushes included.`;
}

/** The history comment changed between this round's read and its write (another run of the gate, or
 * a person, wrote it): what the round concluded rests on a history that is no longer the one there.
 * The round is judged again on the new history (round.ts), never written or posted over it. */
export class HistoryChanged extends Error {
  override readonly name = "HistoryChanged";

  /** `seen`: the id of the history comment as it is now, where the next reading looks first. */
  constructor(
    message: string,
    readonly seen?: number,
  ) {
    super(message);
  }
}

function sameComment(a: StoredComment | undefined, b: StoredComment | undefined): boolean {
  // Ids and bodies only: a note about copies found beside it is no change of the history.
  return a?.id === b?.id && a?.body === b?.body;
}

/** Re-reads the history comment: it must be exactly the one this round read. Before posting a check
 * that no history write accompanies (a repeated decision, a re-evaluation that changed nothing): a
 * dispatched `block` recorded meanwhile must not be answered by a pass computed without it. */
export async function confirmHistoryUnchanged(
  ctx: RoundContext,
  pr: number,
  check: CheckRunRef,
  read: StoredComment | undefined,
): Promise<void> {
  const now = await ctx.github.history.findComment(
    pr,
    historyMarker(ctx.settings.checkName),
    historyAuthor(check),
    hintFor(check, read?.id),
  );
  if (!sameComment(now, read))
    throw new HistoryChanged(
      "the round history changed while this round ran (another run wrote it)",
      now?.id,
    );
}

/** GitHub has no conditional update for a comment, so this is the closest compare-and-swap: re-read
 * just before the write and refuse when the comment is not the one this round read; write; re-read
 * just after and refuse when what is there is neither what was written nor a history that carries
 * this round (`round`: its receipt hash). What remains is a window of one request: another run that
 * reads, writes and re-reads entirely between this run's re-read and its write is overwritten
 * unseen; the one concurrency group every documented workflow uses (docs/workflows.md) serialises
 * the gate's runs per pull request, so no two runs are in that window. Returns the id of the comment
 * the history now is (undefined from a port that writes nothing), for the check run to remember. */
export async function saveHistoryChecked(
  ctx: RoundContext,
  pr: number,
  check: CheckRunRef,
  read: StoredComment | undefined,
  body: string,
  round: string,
): Promise<number | undefined> {
  const { history } = ctx.github;
  const marker = historyMarker(ctx.settings.checkName);
  const author = historyAuthor(check);
  await confirmHistoryUnchanged(ctx, pr, check, read);
  const saved = await history.saveComment(pr, body, read);
  if (saved === undefined) return undefined; // a port that writes nothing: nothing to lose
  // After a create, looked for as a first read is, not by id: the history is the oldest comment there
  // (another round's, created at the same time), not necessarily this one.
  const now = await history.findComment(
    pr,
    marker,
    author,
    hintFor(check, read !== undefined ? saved.id : undefined),
  );
  if (sameComment(now, saved)) return saved.id;
  if (now !== undefined && now.id !== saved.id && read === undefined) {
    // Two first rounds each created a comment; the oldest is the history and this one lost. Take the
    // marker off ours, so it is no second history anyone could mistake for the first.
    await history.saveComment(
      pr,
      `<!-- verdict-gate:superseded -->\nThis copy of the round history lost a race with an earlier one and is not used; the history is in the gate's earlier comment.`,
      saved,
    );
  }
  if (now !== undefined) {
    const there = readHistoryComment(now.body);
    if (there.ok && there.history.rounds.some((r) => r.receipt.hash === round)) return now.id;
  }
  throw new HistoryChanged(
    "the round history was written over by another run just after this round wrote it",
    now?.id,
  );
}

/** The histories of the other pull requests whose gate check runs judged `head` (a verdict belongs to
 * the change, not to the pull request that asked: reviewer-stage/whole-reuse.ts); those that cannot be
 * trusted are left out (they hold their own pull request). `runs`: the head's runs as the round's start
 * read them, which answer without another request when that one page was all of them. */
export async function otherPullHistories(
  ctx: RoundContext,
  prNumber: number,
  head: string,
  check: CheckRunRef,
  runs?: HeadRuns,
): Promise<OtherHistory[]> {
  const judged = judgedIn(runs, head) ?? (await ctx.github.peers.judgedPullsAt(head, ctx.settings.checkName));
  const others = judged.filter((n) => n !== prNumber);
  const found: OtherHistory[] = [];
  for (const pr of others) {
    const loaded = await loadHistory(ctx, pr, check, rememberedHistory(runs, pr, check.appSlug));
    if (loaded.comment === undefined || loaded.problem !== undefined) continue;
    found.push({ pr, history: loaded.history });
  }
  return found;
}
