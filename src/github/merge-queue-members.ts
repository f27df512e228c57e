// Which pull requests a merge group carries, worked out from its commits. Pure.
//
// A merge queue builds one group per queued pull request, each on top of the one before it
// (`gh-readonly-queue/<base>/pr-<n>-<head sha>` branches), and runs the checks on a group's head: a
// group holds its own pull request and every one queued ahead of it that has not merged yet. Naming
// only the pull request in the group's branch name would pass a group whose earlier pull request was
// blocked. So the group's commits (those in its head and not in the base branch) are walked and every
// one must be accounted for:
// - the commits on the first-parent line from the head are the queue's own: each must be the head of a
//   queue branch (a squash or merge commit the queue made for that pull request), or one of a run of
//   commits under such a head that the adapter confirms are that pull request's commits, rebased;
// - every other commit (a merge commit's second-parent side) must be reachable from the head a member
//   was queued at: that pull request's own commits.
// A commit accounted for by nothing is a change no pull request's round judged: the group holds.

/** A commit of the group as compare lists it. */
export interface GroupCommit {
  readonly sha: string;
  readonly parents: readonly string[];
  readonly message: string;
}

/** A `gh-readonly-queue/<base>/pr-<n>-<head sha>` branch and the commit it points at. */
export interface QueueBranch {
  readonly number: number;
  /** The pull request's head when it was queued. */
  readonly queuedHeadSha: string;
  /** The group commit the branch points at. */
  readonly sha: string;
}

export interface QueueMember {
  readonly number: number;
  /** The head the queue took, when a branch names it; null when only a commit message names the pull
   * request (its current head is then asked for). */
  readonly queuedHeadSha: string | null;
}

/** First-parent commits under a member's group commit that are not group commits themselves: the
 * queue rebased that pull request's commits (oldest first, the group commit last). The adapter must
 * confirm they are the pull request's own, or they count as unaccounted. */
export interface RebasedRun {
  readonly number: number;
  readonly commits: readonly GroupCommit[];
}

export interface GroupMembership {
  /** Smallest number first. */
  readonly members: readonly QueueMember[];
  readonly rebased: readonly RebasedRun[];
  /** Commits no member accounts for. */
  readonly unaccounted: readonly GroupCommit[];
}

/** The pull request a queue commit's subject names in GitHub's own formats: `Merge pull request #N
 * from …` (merge) or `… (#N)` at the end of the subject (squash). A name only ever adds a member. */
export function namedPullRequest(message: string): number | null {
  const subject = message.split("\n", 1)[0] ?? "";
  const m = /^Merge pull request #(\d+) from \S/.exec(subject) ?? /\(#(\d+)\)\s*$/.exec(subject);
  return m === null ? null : Number(m[1]);
}

export function groupMembership(input: {
  /** The group's head commit. */
  readonly head: string;
  /** The group's own branch, parsed: it names the pull request the group was built for. */
  readonly own: { readonly number: number; readonly queuedHeadSha: string };
  /** The commits in the head and not in the base branch. */
  readonly commits: readonly GroupCommit[];
  /** Every queue branch of the base. */
  readonly branches: readonly QueueBranch[];
}): GroupMembership {
  const bySha = new Map(input.commits.map((c) => [c.sha, c]));
  const branchAt = new Map<string, QueueBranch>();
  for (const b of input.branches) branchAt.set(b.sha, b);
  // The group's own branch names its head, whatever the branch list said (it may lag).
  branchAt.set(input.head, { ...input.own, sha: input.head });

  const members = new Map<number, QueueMember>();
  const add = (number: number, queuedHeadSha: string | null) => {
    const known = members.get(number);
    if (known === undefined || (known.queuedHeadSha === null && queuedHeadSha !== null))
      members.set(number, { number, queuedHeadSha });
  };

  // The queue's line: first parents from the head, while they are the group's commits.
  const line: GroupCommit[] = [];
  for (let c = bySha.get(input.head); c !== undefined; c = bySha.get(c.parents[0] ?? "")) {
    if (line.includes(c)) break;
    line.push(c);
  }
  const accounted = new Set<string>();
  const rebased: RebasedRun[] = [];
  // Walk from the oldest: commits that are no group commit wait for the group commit above them.
  let pending: GroupCommit[] = [];
  for (const c of [...line].reverse()) {
    const named = namedPullRequest(c.message);
    if (named !== null) add(named, null);
    const branch = branchAt.get(c.sha);
    if (branch === undefined) {
      pending.push(c);
      continue;
    }
    add(branch.number, branch.queuedHeadSha);
    accounted.add(c.sha);
    if (pending.length > 0) rebased.push({ number: branch.number, commits: [...pending, c] });
    pending = [];
  }

  // Everything off the line must be a member's own commit: reachable from the head it was queued at.
  const own = new Set<string>();
  const stack = [...members.values()].flatMap((m) => (m.queuedHeadSha === null ? [] : [m.queuedHeadSha]));
  while (stack.length > 0) {
    const sha = stack.pop() as string;
    const c = bySha.get(sha);
    if (c === undefined || own.has(sha)) continue;
    own.add(sha);
    stack.push(...c.parents);
  }
  const onLine = new Set(line.map((c) => c.sha));
  const rebasedShas = new Set(rebased.flatMap((r) => r.commits.map((c) => c.sha)));
  const unaccounted = input.commits.filter(
    (c) => !accounted.has(c.sha) && !rebasedShas.has(c.sha) && !(own.has(c.sha) && !onLine.has(c.sha)),
  );
  return {
    members: [...members.values()].sort((a, b) => a.number - b.number),
    rebased,
    unaccounted,
  };
}
