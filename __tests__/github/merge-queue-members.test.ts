// Which pull requests a merge group carries, from its commits and the queue's branches: every commit
// accounted for by a member, or the group cannot be approved.
import { describe, expect, it } from "vitest";
import {
  type GroupCommit,
  groupMembership,
  namedPullRequest,
  type QueueBranch,
} from "../../src/github/merge-queue-members.js";

const sha = (n: number) => n.toString(16).padStart(40, "0");
const c = (n: number, parents: number[], message = `commit ${n}`): GroupCommit => ({
  sha: sha(n),
  parents: parents.map(sha),
  message,
});
const branch = (number: number, queued: number, at: number): QueueBranch => ({
  number,
  queuedHeadSha: sha(queued),
  sha: sha(at),
});

describe("groupMembership", () => {
  it("a chain of squash groups: every group commit names its pull request and queued head", () => {
    // main = 1; group for #7 (queued at 70) = 2; group for #8 (queued at 80) = 3 on top.
    const found = groupMembership({
      head: sha(3),
      own: { number: 8, queuedHeadSha: sha(80) },
      commits: [c(2, [1]), c(3, [2])],
      branches: [branch(7, 70, 2), branch(8, 80, 3)],
    });
    expect(found.members).toEqual([
      { number: 7, queuedHeadSha: sha(70) },
      { number: 8, queuedHeadSha: sha(80) },
    ]);
    expect(found.unaccounted).toEqual([]);
    expect(found.rebased).toEqual([]);
  });

  it("the merge method: a member's own commits off the queue's line are accounted for by its queued head", () => {
    // #7's commits 10 → 11 (its head); the queue's merge commit 2 has parents main (1) and 11.
    const found = groupMembership({
      head: sha(2),
      own: { number: 7, queuedHeadSha: sha(11) },
      commits: [c(10, [1]), c(11, [10]), c(2, [1, 11], "Merge pull request #7 from dev/feature")],
      branches: [],
    });
    expect(found.members).toEqual([{ number: 7, queuedHeadSha: sha(11) }]);
    expect(found.unaccounted).toEqual([]);
  });

  it("a commit off the line that no member's queued head reaches is unaccounted", () => {
    const found = groupMembership({
      head: sha(2),
      own: { number: 7, queuedHeadSha: sha(11) },
      commits: [c(11, [1]), c(12, [1], "sneaked in"), c(2, [1, 11, 12])],
      branches: [],
    });
    expect(found.unaccounted.map((u) => u.message)).toEqual(["sneaked in"]);
  });

  it("first-parent commits under a group commit are a rebased run the adapter must confirm", () => {
    const found = groupMembership({
      head: sha(3),
      own: { number: 7, queuedHeadSha: sha(70) },
      commits: [c(2, [1], "first"), c(3, [2], "second")],
      branches: [],
    });
    expect(found.rebased).toEqual([{ number: 7, commits: [c(2, [1], "first"), c(3, [2], "second")] }]);
    expect(found.unaccounted).toEqual([]);
  });

  it("a pull request a queue commit's message names is a member even without a branch", () => {
    const found = groupMembership({
      head: sha(3),
      own: { number: 8, queuedHeadSha: sha(80) },
      commits: [c(2, [1], "Fix the parser (#5)"), c(3, [2])],
      branches: [],
    });
    expect(found.members).toEqual([
      { number: 5, queuedHeadSha: null },
      { number: 8, queuedHeadSha: sha(80) },
    ]);
  });

  it("the group's own branch counts even when the branch list lags", () => {
    const found = groupMembership({
      head: sha(2),
      own: { number: 9, queuedHeadSha: sha(90) },
      commits: [c(2, [1])],
      branches: [],
    });
    expect(found.members).toEqual([{ number: 9, queuedHeadSha: sha(90) }]);
  });
});

describe("namedPullRequest", () => {
  it("reads GitHub's merge and squash subjects, and nothing else", () => {
    expect(namedPullRequest("Merge pull request #12 from octo/fix\n\nFix it")).toBe(12);
    expect(namedPullRequest("Fix the parser (#34)\n\n* a commit")).toBe(34);
    expect(namedPullRequest("Fix #12 in the parser")).toBeNull();
    expect(namedPullRequest("Body only\n\n(#12)")).toBeNull();
  });
});
