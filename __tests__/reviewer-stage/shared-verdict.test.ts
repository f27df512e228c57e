// Verdicts shared across the pull requests of one commit (the histories read as the round reads them,
// otherPullHistories, then matched by the reviewer stage): a block given to the same change stands
// whatever earlier reasons its round showed; an approve is reused only for exactly the same question,
// so a duplicate pull request cannot launder the reasons another one's rounds gave.
import { describe, expect, it } from "vitest";
import type { RoundContext } from "../../src/gate/context.js";
import { otherPullHistories } from "../../src/gate/round-history.js";
import type { GitHub } from "../../src/ports/github.js";
import { renderHistoryComment } from "../../src/report/history-comment.js";
import { chooseReuse, sharedVerdict } from "../../src/reviewer-stage/whole-reuse.js";
import { append, earlierReasons, emptyHistory, type History } from "../../src/verdict/history.js";
import { concludeRound } from "../../src/verdict/loop-rules.js";
import type { ReviewerVerdict } from "../../src/verdict/vocabulary.js";

const HEAD = "a".repeat(40);
const OTHER_HEAD = "b".repeat(40);
const CHECK = { id: 1, appSlug: "github-actions", url: "" };

/** A fingerprint that is the question: the earlier reasons shown, joined. */
const question = (shown: ReturnType<typeof earlierReasons>) => `q[${shown.map((r) => r.reason).join("|")}]`;

function round(
  history: History,
  head: string,
  verdict: "APPROVE" | "REQUEST_CHANGES",
  fingerprint: string,
  overruled = false,
) {
  // `overruled`: a request for changes the contract's policy read as an approve (every finding below
  // the line): an approve, whatever the reviewer's word.
  const result =
    verdict === "APPROVE" || overruled
      ? { value: "YES" as const, reasons: [], needed: [], dependencies: [] }
      : { value: "NO" as const, reasons: [`src/a.ts:1 — ${fingerprint}`], needed: [], dependencies: [] };
  const concluded = concludeRound({
    history,
    maxRounds: 10,
    head,
    at: new Date(Date.UTC(2026, 0, history.rounds.length + 1)).toISOString(),
    outcome: result,
    reviewer: { verdict, fingerprint, result },
  });
  return append(history, concluded);
}

function context(histories: Record<number, History>): RoundContext {
  const github: Pick<GitHub, "peers" | "history"> = {
    peers: { judgedPullsAt: async () => Object.keys(histories).map(Number) } as unknown as GitHub["peers"],
    history: {
      findComment: async (pr) => {
        const history = histories[pr];
        return history === undefined
          ? undefined
          : { id: pr, body: renderHistoryComment(history, { checkName: "verdict-gate" }) };
      },
      saveComment: async () => undefined,
    },
  };
  return { settings: { checkName: "verdict-gate" }, github } as unknown as RoundContext;
}

describe("sharedVerdict", () => {
  it("a block given to the same change stands, though that round showed reasons this one does not", async () => {
    // PR #7: blocked at another head, then blocked at HEAD with that earlier reason shown.
    let seven = round(emptyHistory(7, "verdict-gate"), OTHER_HEAD, "REQUEST_CHANGES", "first");
    seven = round(seven, HEAD, "REQUEST_CHANGES", question(earlierReasons(seven, HEAD)));
    const shared = await sharedVerdict(
      await otherPullHistories(context({ 7: seven }), 8, HEAD, CHECK),
      HEAD,
      {
        own: question([]),
        with: question,
      },
    );
    expect(shared).toMatchObject({ pr: 7, round: 2, verdict: "REQUEST_CHANGES" });
  });

  it("an approve is reused only when the other round asked exactly this round's question", async () => {
    const seven = round(emptyHistory(7, "verdict-gate"), HEAD, "APPROVE", question([]));
    const ctx = context({ 7: seven });
    expect(
      await sharedVerdict(await otherPullHistories(ctx, 8, HEAD, CHECK), HEAD, {
        own: question([]),
        with: question,
      }),
    ).toMatchObject({
      pr: 7,
      verdict: "APPROVE",
    });
    // This pull request's rounds gave a reason the other round's reviewer never saw: ask again.
    const withReason = question([{ round: 1, reason: "src/a.ts:1 — still wrong" }]);
    expect(
      await sharedVerdict(await otherPullHistories(ctx, 8, HEAD, CHECK), HEAD, {
        own: withReason,
        with: question,
      }),
    ).toBeUndefined();
  });

  it("a block anywhere wins over an approve anywhere; its own pull request's rounds are not 'shared'", async () => {
    const seven = round(emptyHistory(7, "verdict-gate"), HEAD, "APPROVE", question([]));
    const nine = round(emptyHistory(9, "verdict-gate"), HEAD, "REQUEST_CHANGES", question([]));
    const eight = round(emptyHistory(8, "verdict-gate"), HEAD, "APPROVE", question([]));
    const shared = await sharedVerdict(
      await otherPullHistories(context({ 7: seven, 8: eight, 9: nine }), 8, HEAD, CHECK),
      HEAD,
      {
        own: question([]),
        with: question,
      },
    );
    expect(shared).toMatchObject({ pr: 9, verdict: "REQUEST_CHANGES" });
  });

  it("a request for changes a policy overruled travels as an approve, never as a block", async () => {
    // PR #7's reviewer asked for changes with only notes, at a question with an earlier reason shown:
    // the round approved. Reused as a block it would stand for this pull request's other question.
    let seven = round(emptyHistory(7, "verdict-gate"), OTHER_HEAD, "REQUEST_CHANGES", "first");
    seven = round(seven, HEAD, "REQUEST_CHANGES", question(earlierReasons(seven, HEAD)), true);
    const histories = await otherPullHistories(context({ 7: seven }), 8, HEAD, CHECK);
    expect(await sharedVerdict(histories, HEAD, { own: question([]), with: question })).toBeUndefined();
    // Asked exactly this question, it is reused, as an approve is.
    const same = round(emptyHistory(7, "verdict-gate"), HEAD, "REQUEST_CHANGES", question([]), true);
    expect(
      await sharedVerdict(await otherPullHistories(context({ 7: same }), 8, HEAD, CHECK), HEAD, {
        own: question([]),
        with: question,
      }),
    ).toMatchObject({ verdict: "REQUEST_CHANGES", result: { value: "YES" } });
  });

  it("a real block beats another pull request's overruled request", async () => {
    const seven = round(emptyHistory(7, "verdict-gate"), HEAD, "REQUEST_CHANGES", question([]), true);
    const nine = round(emptyHistory(9, "verdict-gate"), HEAD, "REQUEST_CHANGES", question([]));
    const shared = await sharedVerdict(
      await otherPullHistories(context({ 7: seven, 9: nine }), 8, HEAD, CHECK),
      HEAD,
      { own: question([]), with: question },
    );
    expect(shared).toMatchObject({ pr: 9, result: { value: "NO" } });
  });

  it("ignores other heads, and histories it cannot trust", async () => {
    const seven = round(emptyHistory(7, "verdict-gate"), OTHER_HEAD, "REQUEST_CHANGES", question([]));
    const forged = {
      ...round(emptyHistory(9, "verdict-gate"), HEAD, "REQUEST_CHANGES", question([])),
      pr: 4,
    };
    expect(
      await sharedVerdict(await otherPullHistories(context({ 7: seven, 9: forged }), 8, HEAD, CHECK), HEAD, {
        own: question([]),
        with: question,
      }),
    ).toBeUndefined();
  });
});

describe("chooseReuse", () => {
  const yes = { value: "YES" as const, reasons: [], needed: [], dependencies: [] };
  const no = { value: "NO" as const, reasons: ["x"], needed: [], dependencies: [] };
  const resultOf = (verdict: ReviewerVerdict) => (verdict === "REQUEST_CHANGES" ? no : yes);
  const own = (verdict: ReviewerVerdict, result = resultOf(verdict)) => ({ round: 3, verdict, result });
  const other = (verdict: ReviewerVerdict, result = resultOf(verdict)) => ({
    round: 1,
    verdict,
    result,
    pr: 7,
  });

  it("a block is a request for changes that blocked: one a policy overruled is an approve", () => {
    expect(chooseReuse(own("REQUEST_CHANGES", yes), other("REQUEST_CHANGES"))).toEqual(
      other("REQUEST_CHANGES"),
    );
    expect(chooseReuse(own("APPROVE"), other("REQUEST_CHANGES", yes))).toEqual(own("APPROVE"));
  });

  it("its own block stands; another's block beats its own approve; its own approve beats another's", () => {
    expect(chooseReuse(own("REQUEST_CHANGES"), other("APPROVE"))).toEqual(own("REQUEST_CHANGES"));
    expect(chooseReuse(own("APPROVE"), other("REQUEST_CHANGES"))).toEqual(other("REQUEST_CHANGES"));
    expect(chooseReuse(own("APPROVE"), other("APPROVE"))).toEqual(own("APPROVE"));
    expect(chooseReuse(undefined, other("APPROVE"))).toEqual(other("APPROVE"));
    expect(chooseReuse(undefined, undefined)).toBeUndefined();
  });
});
