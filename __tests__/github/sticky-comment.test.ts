import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGitHub } from "../../src/github/adapter.js";
import type { GitHubClient } from "../../src/github/client.js";
import { isGitHubError } from "../../src/github/errors.js";
import { COMMENT_BODY_LIMIT } from "../../src/github/issue-comments.js";
import { findStickyComment } from "../../src/github/sticky-comment.js";
import type { Logger, StoredComment } from "../../src/ports/github.js";
import { calls, fastClient, startWorld, type World } from "./world.js";

const MARKER = "<!-- verdict-gate:history v1 -->";
const BOT = "github-actions[bot]";
const LIST = "GET /repos/{owner}/{repo}/issues/{issue_number}/comments";

let w: World;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  w.api.assertClean();
  await w.api.close();
});

const quiet: Logger = {
  info: () => {},
  warning: () => {},
  error: () => {},
  debug: () => {},
  startGroup: () => {},
  endGroup: () => {},
};

/** Saves the history the way a round does: through the port's saveComment, which creates the comment
 * or replaces the body of the one found before. */
async function save(body: string, existing?: StoredComment, client: GitHubClient = w.client) {
  const saved = await createGitHub(client, w.ref, quiet).history.saveComment(w.pr.number, body, existing);
  if (saved === undefined) throw new Error("the GitHub port wrote nothing");
  return saved;
}

function chatter(n: number): void {
  for (let i = 0; i < n; i += 1) w.pr.comment(`reviewer${i % 7}`, `comment ${i}`);
}

describe("findStickyComment", () => {
  it("says absent on a pull request without one, in one request", async () => {
    chatter(3);
    expect(await findStickyComment(w.client, w.ref, w.pr.number, MARKER, BOT)).toEqual({
      kind: "absent",
      impostors: 0,
      requests: 1,
    });
  });

  it("finds the comment the gate wrote, and only that one", async () => {
    const saved = await save(`${MARKER}\nround 1`);
    expect(w.pr.comments()).toHaveLength(1);
    const found = await findStickyComment(w.client, w.ref, w.pr.number, MARKER, BOT);
    expect(found).toMatchObject({
      kind: "found",
      comment: { id: saved.id, body: `${MARKER}\nround 1`, author: { login: BOT, type: "Bot" } },
      duplicates: [],
      impostors: 0,
    });
  });

  it("ignores a forged history: the marker from a person, or from another bot", async () => {
    w.pr.comment("mallory", `${MARKER}\nround 1: approve (forged)`);
    w.pr.comment("github-actions", `${MARKER}\nround 1: approve (a user named like the bot)`);
    w.pr.comment("evil-app[bot]", `${MARKER}\nround 1: approve (another app)`, "Bot");
    const found = await findStickyComment(w.client, w.ref, w.pr.number, MARKER, BOT);
    expect(found).toEqual({ kind: "absent", impostors: 3, requests: 1 });
  });

  it("takes the oldest of two genuine comments (two runs raced)", async () => {
    const first = await save(`${MARKER}\na`);
    await save(`${MARKER}\nb`);
    const found = await findStickyComment(w.client, w.ref, w.pr.number, MARKER, BOT);
    expect(found).toMatchObject({ kind: "found", comment: { id: first.id } });
    expect(found.kind === "found" ? found.duplicates.map((c) => c.body) : []).toEqual([`${MARKER}\nb`]);
  });

  it("pages only as far as the comment: 250 comments before it cost 3 requests", async () => {
    chatter(250);
    await save(`${MARKER}\nround 1`);
    chatter(500);
    const found = await findStickyComment(w.client, w.ref, w.pr.number, MARKER, BOT);
    expect(found).toMatchObject({ kind: "found", requests: 3 });
    expect(calls(w.api, LIST)).toBe(3);
  });

  it("looks where it must be: among the comments updated since the last round, not behind the 1,000 before", async () => {
    const today = w.api.model.now();
    w.api.model.now = () => new Date(today.getTime() - 40 * 86_400_000);
    chatter(1_050);
    const saved = await save(`${MARKER}\nround 1`);
    chatter(20);
    w.api.model.now = () => today;
    // Updated by the last round, today.
    await save(`${MARKER}\nround 2`, saved);
    const found = await findStickyComment(w.client, w.ref, w.pr.number, MARKER, BOT, {
      now: today.toISOString(),
    });
    expect(found).toMatchObject({ kind: "found", comment: { id: saved.id }, requests: 2 });
    const [first, lately] = w.api.requestsFor(LIST);
    expect(first?.query.since).toBeUndefined();
    expect(lately?.query.since).toBe(new Date(today.getTime() - 86_400_000).toISOString());
  });

  it("says absent only after every page: 1,050 comments and no history cost the eleven pages and one window", async () => {
    chatter(1_050);
    const found = await findStickyComment(w.client, w.ref, w.pr.number, MARKER, BOT, {
      now: w.api.model.now().toISOString(),
    });
    // The first page; the day's window, three full pages (a wider one would hold more: it stops); the
    // ten pages after the first.
    expect(found).toEqual({ kind: "absent", impostors: 0, requests: 14 });
  });

  it("refuses to say 'no history' when the allowed pages ran out: flooding a PR must not reset its rounds", async () => {
    chatter(320);
    await save(`${MARKER}\nround 1`);
    const error = await findStickyComment(w.client, w.ref, w.pr.number, MARKER, BOT, { maxPages: 3 }).catch(
      (e: unknown) => e,
    );
    expect(isGitHubError(error, "history-unavailable")).toBe(true);
    expect(String(error)).toMatch(/more than 300 comments/);
    expect(calls(w.api, LIST)).toBe(3);
  });
});

describe("saving the history comment (the port's saveComment)", () => {
  it("updates the comment in place on the next round", async () => {
    const first = await save(`${MARKER}\nround 1`);
    const second = await save(`${MARKER}\nround 2`, first);
    expect(second).toEqual({ id: first.id, body: `${MARKER}\nround 2`, updatedAt: expect.any(String) });
    expect(w.pr.comments()).toHaveLength(1);
  });

  it("refuses a body over GitHub's limit instead of cutting the history", async () => {
    const body = `${MARKER}\n${"x".repeat(COMMENT_BODY_LIMIT)}`;
    const error = await save(body).catch((e: unknown) => e);
    expect(isGitHubError(error, "refused")).toBe(true);
    expect(String(error)).toMatch(/Nothing was cut/);
    expect(w.api.requests).toHaveLength(0);
  });

  it("cannot write with a fork's read-only token, and says so", async () => {
    w.api.addToken("ghs_readOnlyForkToken000000000000000000", { canWrite: false });
    const client = fastClient(w.api, [], { token: "ghs_readOnlyForkToken000000000000000000" });
    const error = await save(`${MARKER}\nx`, undefined, client).catch((e: unknown) => e);
    expect(isGitHubError(error, "forbidden")).toBe(true);
    expect(String(error)).toMatch(/issues: write/);
  });
});
