// The one rule for which round a person's act applies to: the round they read. That is the newest
// round the gate recorded, which must be on the pull request's current head and base, and published —
// visible to people — before the act was asked. Asked twice with the same words: before anything is
// posted (person-act.ts, on this app's history) and by the round itself on the history it trusts.
//
// The counterexamples:
// - Time. H1 is held; the author pushes H2; the maintainer, still reading H1, comments `/verdict
//   approve` at 10:06:00; H2's round runs at 10:06:30 and blocks; the comment's run, queued behind it,
//   finds H2 judged and on the head, and recorded the approve on H2, a commit the maintainer never
//   read. A dispatch is bound the same way, to when its workflow run was created.
// - Published, not concluded. A round's own time is set when it concludes, before its history comment
//   and check run are written; a write held back by a rate limit left a window in which a comment,
//   written while the page still showed round 1 and the check said "in progress", landed on round 2.
//   The round counts as read from GitHub's own time for the written history comment (its updated_at,
//   as GitHub returned it; a later write only makes it later), never from the round's.
//
// Pushes need no clock of their own here: an act applies only to the head the gate last judged, so a
// push the gate has not judged is refused whenever it happened, and one it has judged is a round with
// its time. (A force-push back to a commit the person read, judged again, is that round.)
import type { Binding, History } from "../verdict/history.js";
import { lastRound } from "../verdict/history.js";
import { ACT_WORDS, type PersonAct } from "./act-record.js";
import { bindingChange } from "./binding.js";

/** How the person asks again, in their own medium: a comment or a dispatch. */
export interface AskAgain {
  /** What to do once they read the round to look at ("comment again"). */
  again: string;
  /** How to have the gate judge the pull request as it is now ("comment `/verdict review`"). */
  rejudge: string;
}

const short = (sha: string) => sha.slice(0, 12);

/** Why the act may not apply to the pull request as it is now, on this history, or undefined when it
 * may. `publishedAt`: when GitHub last wrote the history comment (undefined: it does not say, and no
 * round counts as read). `now`: the binding the round would record against (the base from the API;
 * the contract "unread", as it is not read for an act). */
export function actTargetRefusal(
  history: History,
  publishedAt: string | undefined,
  pr: { number: number; headSha: string },
  now: Binding,
  ask: AskAgain,
  act: Pick<PersonAct, "kind" | "askedAt">,
): string | undefined {
  const words = ACT_WORDS[act.kind];
  const head = pr.headSha;
  const last = lastRound(history);
  if (last?.head !== head) {
    const since =
      last === undefined ? "the gate has recorded no round yet" : `the gate last judged ${short(last.head)}`;
    return `pull request #${pr.number} is at ${short(head)} and ${since}; ${words.a} applies only to the commit the gate last judged. Nothing was ${words.done}: wait for the gate's round on ${short(head)}, read it, then ${ask.again}.`;
  }
  const moved = bindingChange(last.binding, now, { base: true, settings: false });
  if (moved !== undefined)
    return `pull request #${pr.number} is not on what round ${last.round} judged: ${moved}. Nothing was ${words.done}: ${ask.rejudge}, read that round, then ${ask.again}.`;
  if (publishedBefore(publishedAt, act.askedAt)) return undefined;
  const published =
    publishedAt === undefined
      ? "GitHub does not say when it was published"
      : `was published at ${publishedAt}`;
  const before = history.rounds.at(-2);
  const read =
    before === undefined
      ? "its author had read no round of the gate's"
      : `its author read round ${before.round} on ${short(before.head)} at the latest${before.head === head ? "" : ": the head has moved since"}`;
  return `round ${last.round} judged ${short(head)} at ${last.at} and ${published}, after ${words.the} was asked (${act.askedAt}): ${read}; ${words.a} applies only to the round its author read. Nothing was ${words.done}: read round ${last.round} on ${short(head)}, then ${ask.again}.`;
}

/** Whether GitHub wrote the history strictly before the act was asked. GitHub's times are whole
 * seconds: the same second cannot tell which came first, and is not before. A time that does not
 * parse is never before. */
function publishedBefore(publishedAt: string | undefined, askedAt: string): boolean {
  if (publishedAt === undefined) return false;
  const published = Date.parse(publishedAt);
  const asked = Date.parse(askedAt);
  return !Number.isNaN(published) && !Number.isNaN(asked) && published < asked;
}
