// Who pushed to a pull request since its last approved round (src/gate/pushers.ts): the `synchronize`
// senders the rounds recorded, and the authors and committers of the commits since the last approved
// head. Issue 22, item 5: Mallory pushed to Alice's pull request and decided it.
import { describe, expect, it } from "vitest";
import { pushedBy, pushersOf, recordedPushers, sinceApproved } from "../../src/gate/pushers.js";
import type { CommitPeers, CommitsBetween, PullRequestInfo } from "../../src/ports/github.js";
import { maybe, no, type Result, yes } from "../../src/verdict/four-values.js";
import { append, emptyHistory, type History } from "../../src/verdict/history.js";
import { concludeRound } from "../../src/verdict/loop-rules.js";

const sha = (n: number) => String(n).repeat(40).slice(0, 40);
const BASE = "b".repeat(40);

function round(h: History, head: string, outcome: Result, pushed?: string, decidedBy?: string): History {
  const c = concludeRound({
    history: h,
    maxRounds: 10,
    head,
    at: "2026-03-02T10:00:00Z",
    outcome,
    ...(pushed !== undefined ? { pushedBy: pushed } : {}),
    ...(decidedBy !== undefined ? { decidedBy } : {}),
  });
  return append(h, c);
}

const PR = { number: 7, headSha: sha(3), baseSha: BASE, author: "alice" } as PullRequestInfo;

/** A GitHub that knows one comparison per base, and answers nothing else. */
function commits(known: Record<string, CommitsBetween>): {
  github: Pick<CommitPeers, "commitsBetween">;
  asked: string[];
} {
  const asked: string[] = [];
  const github = {
    commitsBetween: async (base: string, head: string) => {
      asked.push(`${base.slice(0, 4)}...${head.slice(0, 4)}`);
      if (head !== PR.headSha) throw new Error(`asked for ${head}, not the head`);
      return known[base];
    },
  };
  return { github, asked };
}

describe("since the last approved round", () => {
  it("starts after the newest approve of another head, and from the start when there is none", () => {
    let h = round(emptyHistory(7, "verdict-gate"), sha(1), yes(), "alice");
    h = round(h, sha(2), no("x"), "mallory");
    h = round(h, sha(3), maybe("held"), "alice");
    expect(sinceApproved(h, sha(3))).toEqual({ approvedHead: sha(1), from: 1 });
    expect(recordedPushers(h, sha(3)).map((p) => p.login)).toEqual(["mallory", "alice"]);
    // An approve of the head itself is no later start: the head is what is being decided.
    const approvedHere = round(h, sha(3), yes());
    expect(sinceApproved(approvedHere, sha(3)).approvedHead).toBe(sha(1));
    expect(sinceApproved(round(emptyHistory(7, "verdict-gate"), sha(2), no("x")), sha(3))).toEqual({
      from: 0,
    });
    // A person's approve counts as an approve.
    const decided = round(h, sha(3), yes(), undefined, "bob");
    expect(sinceApproved(round(decided, sha(4), no("y"), "carol"), sha(4))).toEqual({
      approvedHead: sha(3),
      from: 4,
    });
  });
});

describe("everyone who pushed", () => {
  it("names the senders and the commits' authors and committers since the last approved head, case aside", async () => {
    let h = round(emptyHistory(7, "verdict-gate"), sha(1), yes(), "alice");
    h = round(h, sha(2), no("x"), "Mallory");
    const { github, asked } = commits({
      [sha(1)]: {
        commits: [
          { sha: sha(2), author: "trent", committer: "web-flow" },
          { sha: sha(3), author: null, committer: "carol" },
        ],
        complete: true,
      },
    });
    const found = await pushersOf(github, h, PR);
    expect(asked).toEqual(["1111...3333"]);
    expect(found.incomplete).toBeUndefined();
    expect(pushedBy(found, "mallory")?.how).toBe("pushed 222222222222 (round 2)");
    expect(pushedBy(found, "TRENT")?.how).toBe("the author of 2222222");
    expect(pushedBy(found, "carol")?.how).toBe("the committer of 3333333");
    expect(pushedBy(found, "alice")).toBeUndefined();
    expect(pushedBy(found, "bob")).toBeUndefined();
  });

  it("reads every commit from the base when nothing was approved, or when the approved commit is gone", async () => {
    const never = commits({
      [BASE]: { commits: [{ sha: sha(3), author: "dave", committer: "dave" }], complete: true },
    });
    expect(
      pushedBy(await pushersOf(never.github, emptyHistory(7, "verdict-gate"), PR), "dave"),
    ).toBeDefined();
    expect(never.asked).toEqual(["bbbb...3333"]);
    const h = round(emptyHistory(7, "verdict-gate"), sha(1), yes());
    const gone = commits({
      [BASE]: { commits: [{ sha: sha(3), author: "erin", committer: null }], complete: true },
    });
    expect(pushedBy(await pushersOf(gone.github, h, PR), "erin")).toBeDefined();
    expect(gone.asked).toEqual(["1111...3333", "bbbb...3333"]);
  });

  it("says when GitHub listed only part of the commits, and fails when it knows none of them", async () => {
    const part = commits({
      [BASE]: { commits: [{ sha: sha(3), author: "dave", committer: "dave" }], complete: false },
    });
    expect((await pushersOf(part.github, emptyHistory(7, "verdict-gate"), PR)).incomplete).toMatch(
      /GitHub lists only the newest 1 commits since bbbbbbbbbbbb/,
    );
    const none = commits({});
    await expect(pushersOf(none.github, emptyHistory(7, "verdict-gate"), PR)).rejects.toThrow(
      /GitHub knows no comparison bbbbbbbbbbbb\.\.\.333333333333.*nothing was decided/,
    );
  });
});
