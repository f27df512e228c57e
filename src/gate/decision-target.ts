// The one rule for where a person's decision may land: on the round they read. That is the newest
// round the gate recorded, which must be on the pull request's current head and base, and — for a
// `/verdict` comment, which says when it was written — already recorded when the comment was written.
// Asked twice with the same words: before anything is posted (person-act.ts, on the history as the
// gate's runs on the head name it), and by the round itself on the history it trusts (round.ts).
//
// The counterexample for the time: H1 is held; the author pushes H2; the maintainer, still reading H1,
// comments `/verdict approve` at 10:06:00; H2's round runs at 10:06:30 and blocks; the comment's run,
// queued behind it, finds H2 judged and on the head, and recorded the approve on H2, a commit the
// maintainer never read. A round recorded after the comment was written is a round its author did not
// read, whatever commit it is on (a re-review of the same head can change the answer too).
//
// Pushes need no clock of their own here: a decision lands only on the head the gate last judged, so a
// push the gate has not judged is refused whenever it happened, and one it has judged is a round with
// its time. (A force-push back to a commit the person read, judged again, is that round.)
import type { Binding, History } from "../verdict/history.js";
import { lastRound } from "../verdict/history.js";
import { bindingChange } from "./binding.js";

/** How the person asks again, in their own medium: a comment or a dispatch. */
export interface AskAgain {
  /** What to do once they read the round to look at ("comment again"). */
  again: string;
  /** How to have the gate judge the pull request as it is now ("comment `/verdict review`"). */
  rejudge: string;
}

const short = (sha: string) => sha.slice(0, 12);

/** Why a decision may not be recorded on the pull request as it is now, or undefined when it may.
 * `now`: the binding the round would record against (the base from the API; the contract "unread", as
 * it is not read for a decision). `writtenAt`: when the decision was written (a comment's created_at). */
export function decisionTargetRefusal(
  history: History,
  pr: { number: number; headSha: string },
  now: Binding,
  ask: AskAgain,
  writtenAt?: string,
): string | undefined {
  const head = pr.headSha;
  const last = lastRound(history);
  if (last?.head !== head) {
    const since =
      last === undefined ? "the gate has recorded no round yet" : `the gate last judged ${short(last.head)}`;
    return `pull request #${pr.number} is at ${short(head)} and ${since}; a decision applies only to the commit the gate last judged. Nothing was decided: wait for the gate's round on ${short(head)}, read it, then ${ask.again}.`;
  }
  const moved = bindingChange(last.binding, now, { base: true, settings: false });
  if (moved !== undefined)
    return `pull request #${pr.number} is not on what round ${last.round} judged: ${moved}. Nothing was decided: ${ask.rejudge}, read that round, then ${ask.again}.`;
  if (writtenAt === undefined) return undefined;
  const read = readWhenWritten(history, writtenAt);
  if (read?.round === last.round) return undefined;
  const then =
    read === undefined
      ? "when the gate had recorded no round it keeps"
      : `when the gate's latest round was round ${read.round}, on ${short(read.head)}${read.head === head ? "" : ": the head has moved since"}`;
  return `round ${last.round} judged ${short(head)} at ${last.at}, after the decision was written (${writtenAt}, ${then}); a decision applies only to the round its author read. Nothing was decided: read round ${last.round} on ${short(head)}, then ${ask.again}.`;
}

/** The newest round recorded before `writtenAt`: the one a person writing then could have read. A time
 * that does not parse reads as later than anything (never read). */
function readWhenWritten(history: History, writtenAt: string): { round: number; head: string } | undefined {
  const written = Date.parse(writtenAt);
  if (Number.isNaN(written)) return undefined;
  for (let i = history.rounds.length - 1; i >= 0; i -= 1) {
    const r = history.rounds[i];
    if (r === undefined) continue;
    const at = Date.parse(r.at);
    if (!Number.isNaN(at) && at < written) return { round: r.round, head: r.head };
  }
  return undefined;
}
