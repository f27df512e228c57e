// Who pushed to a pull request since its last approved round: like its author, they may not decide it
// or force a new answer on it (person-act.ts). "The author never decides" was checked against the login
// that opened the pull request; Mallory, with write access, pushed a commit to Alice's pull request, the
// reviewer blocked it, and Mallory's `/verdict approve` made it pass. GitHub's own rule ("approval of
// the most recent reviewable push") asks the same: someone other than whoever pushed approves.
//
// Two sources, each of what GitHub itself says:
// - the pusher: a `synchronize` event's sender, recorded with the round that judged the head it pushed
//   (`pushedBy`, history-schema.ts), since no later run can ask GitHub who pushed;
// - the commits: their authors and committers as GitHub users, from the comparison of the last approved
//   head (another head than this one) with this one, or of the base when none was approved. A commit's
//   author and committer are what its pusher wrote into it, so they can name anyone: a forged name
//   only refuses more people, and the sender, which cannot be forged, is there too.
// Since the last approve, not since the last round: Mallory's blocked commit under Alice's next push is
// still Mallory's code, unapproved, in the head being decided.
import type { CommitPeers, CommitsBetween, PullRequestInfo } from "../ports/github.js";
import type { Settings } from "../settings/settings.js";
import type { History } from "../verdict/history.js";

/** GitHub logins are case-insensitive: `Author-Dev` dispatching is `author-dev`. */
export function sameLogin(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** A person who pushed, and how the gate knows. */
export interface Pusher {
  login: string;
  how: string;
}

export interface Pushers {
  pushers: readonly Pusher[];
  /** Why the list may be missing someone (GitHub listed only part of the commits), when it may. */
  incomplete?: string;
}

const short = (sha: string) => sha.slice(0, 12);

/** The rounds since the last approve of another head than `head` (all kept rounds when none), and that
 * head. Pure. */
export function sinceApproved(history: History, head: string): { approvedHead?: string; from: number } {
  for (let i = history.rounds.length - 1; i >= 0; i -= 1) {
    const r = history.rounds[i];
    if (r !== undefined && r.status === "approve" && r.head !== head)
      return { approvedHead: r.head, from: i + 1 };
  }
  return { from: 0 };
}

/** The pushers the history records since the last approve of another head. Pure. */
export function recordedPushers(history: History, head: string): Pusher[] {
  const { from } = sinceApproved(history, head);
  return history.rounds
    .slice(from)
    .flatMap((r) =>
      r.pushedBy === undefined
        ? []
        : [{ login: r.pushedBy, how: `pushed ${short(r.head)} (round ${r.round})` }],
    );
}

/** The authors and committers of the commits in the pull request's head since its last approved head
 * (or its base). */
async function commitPeople(
  github: Pick<CommitPeers, "commitsBetween">,
  history: History,
  pr: PullRequestInfo,
): Promise<Pushers> {
  const { approvedHead } = sinceApproved(history, pr.headSha);
  let from = approvedHead ?? pr.baseSha;
  let commits: CommitsBetween | undefined = await github.commitsBetween(from, pr.headSha);
  if (commits === undefined && approvedHead !== undefined) {
    // The approved commit is gone (a force-push GitHub let go): every commit of the pull request.
    from = pr.baseSha;
    commits = await github.commitsBetween(from, pr.headSha);
  }
  if (commits === undefined)
    throw new Error(
      `GitHub knows no comparison ${short(from)}...${short(pr.headSha)}, so the gate cannot tell who wrote the pull request's commits; nothing was decided`,
    );
  const pushers: Pusher[] = [];
  for (const c of commits.commits) {
    if (c.author !== null) pushers.push({ login: c.author, how: `the author of ${c.sha.slice(0, 7)}` });
    if (c.committer !== null)
      pushers.push({ login: c.committer, how: `the committer of ${c.sha.slice(0, 7)}` });
  }
  return {
    pushers,
    ...(commits.complete
      ? {}
      : {
          incomplete: `GitHub lists only the newest ${commits.commits.length} commits since ${short(from)}, so the gate cannot tell who wrote the others`,
        }),
  };
}

/** Everyone who pushed to the pull request since its last approved round, as far as the gate can tell. */
export async function pushersOf(
  github: Pick<CommitPeers, "commitsBetween">,
  history: History,
  pr: PullRequestInfo,
): Promise<Pushers> {
  const people = await commitPeople(github, history, pr);
  return { ...people, pushers: [...recordedPushers(history, pr.headSha), ...people.pushers] };
}

/** How `actor` pushed, if they did. */
export function pushedBy(found: Pushers, actor: string): Pusher | undefined {
  return found.pushers.find((p) => sameLogin(p.login, actor));
}

/** Who a round records as having pushed its head: the `synchronize` sender, when the round judges the
 * head that push named (a later run of the same event judging another head records nobody). */
export function pushOf(settings: Settings, head: string): { pushedBy?: string } {
  const { target, pusher } = settings;
  if (pusher === undefined || target.kind !== "pull_request" || target.headSha !== head) return {};
  return { pushedBy: pusher };
}
