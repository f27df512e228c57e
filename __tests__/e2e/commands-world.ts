// What the `/verdict` command tests share: a person commenting on the pull request and the workflow
// running on that `issue_comment` event (GitHub's example payload, checked against its webhook schema),
// the gate's reactions and replies, and what a refused command must leave behind.
import { readFileSync, writeFileSync } from "node:fs";
import { expect } from "vitest";
import type { EventFile } from "../support/github-api/index.js";
import type { CommentRecord } from "../support/github-api/model.js";
import type { Script } from "../support/reviewers.js";
import type { ActionRun } from "./harness.js";
import { advanceClock, counted } from "./rounds-world.js";
import { gateChecks, type World } from "./world.js";

export const REPLY = "<!-- verdict-gate:reply -->";

export const EYES = "POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions";
export const REPLY_ROUTE = "POST /repos/{owner}/{repo}/issues/{issue_number}/comments";
export const PR = "GET /repos/{owner}/{repo}/pulls/{pull_number}";
export const PERMISSION = "GET /repos/{owner}/{repo}/collaborators/{username}/permission";
/** The command re-read by id before it is carried out. */
export const REREAD = "GET /repos/{owner}/{repo}/issues/comments/{comment_id}";

export interface Commented {
  run: ActionRun;
  comment: CommentRecord;
  /** The event its run started on (a re-run starts on it again). */
  event: EventFile;
  /** The GitHub requests the run made, by route. */
  routes: string[];
}

/** `author` writes `body` on the pull request, a minute after whatever the gate posted last (GitHub's
 * clock: the person reads it first; a decision applies only to a round recorded before it). */
export function write(world: World, author: string, body: string): CommentRecord {
  advanceClock(world, 1);
  return world.pull.comment(author, body);
}

/** The workflow runs on the `issue_comment` event of `record` (written now, or earlier and queued),
 * with the PR head checked out as the documented workflow does. `meanwhile`: what happens between
 * the event and its run (the run waits in the workflow's queue). */
export async function runOn(
  world: World,
  record: CommentRecord,
  options: {
    action?: "created" | "edited";
    edit?: (payload: Record<string, unknown>) => void;
    meanwhile?: () => void;
  } = {},
): Promise<Commented> {
  const event = world.event({
    event: "issue_comment",
    action: options.action ?? "created",
    repo: world.repo,
    pull: world.pull,
    comment: record,
  });
  if (options.edit !== undefined) {
    const payload = JSON.parse(readFileSync(event.path, "utf8")) as Record<string, unknown>;
    options.edit(payload);
    writeFileSync(event.path, JSON.stringify(payload));
  }
  options.meanwhile?.();
  const { result, routes } = await counted(world, () => world.run({ event }));
  return { run: result, comment: record, routes, event };
}

/** "Re-run jobs" on the run of a comment, by `by`, a minute later: the same event, GITHUB_ACTOR still
 * the comment's author, `by` its triggering actor. */
export async function rerunComment(world: World, commented: Commented, by: string): Promise<Commented> {
  advanceClock(world, 1);
  const event = world.api.rerun(commented.event, by);
  const { result, routes } = await counted(world, () => world.run({ event }));
  return { run: result, comment: commented.comment, routes, event };
}

/** `author` comments `body` and the workflow runs on that event at once. */
export function commentAs(
  world: World,
  author: string,
  body: string,
  options: Parameters<typeof runOn>[2] = {},
): Promise<Commented> {
  return runOn(world, write(world, author, body), options);
}

/** The gate's reactions on a comment, oldest first. */
export function reactions(record: CommentRecord): string[] {
  return (record.reactions ?? []).filter((r) => r.user.login === "github-actions[bot]").map((r) => r.content);
}

/** The gate's replies on the pull request, oldest first. */
export function replies(world: World): string[] {
  return world.pull
    .comments()
    .filter((c) => c.body.startsWith(REPLY))
    .map((c) => c.body);
}

function historyBody(world: World): string | undefined {
  return world.pull.comments().find((c) => c.body.includes("verdict-gate:history"))?.body;
}

/** What a refusal leaves: the eyes and a confused reaction, one new reply saying why, a passing step,
 * no check run started or finished, the history as it was, and no reviewer asked. */
export async function expectRefused(
  world: World,
  act: () => Promise<Commented>,
  why: RegExp,
): Promise<Commented> {
  const checks = gateChecks(world).map((c) => [c.id, c.status, c.conclusion]);
  const history = historyBody(world);
  const calls = world.openai.requests.length;
  const before = replies(world).length;
  const done = await act();
  expect(done.run.code, done.run.log).toBe(0);
  expect(done.run.outputs.status).toBeUndefined();
  expect(reactions(done.comment)).toEqual(["eyes", "confused"]);
  const added = replies(world).slice(before);
  expect(added).toHaveLength(1);
  expect(added[0]).toMatch(why);
  expect(added[0]).toMatch(/Nothing was changed\./);
  expect(gateChecks(world).map((c) => [c.id, c.status, c.conclusion])).toEqual(checks);
  expect(historyBody(world)).toBe(history);
  expect(world.openai.requests.length).toBe(calls);
  expect(done.routes).not.toContain("POST /repos/{owner}/{repo}/check-runs");
  return done;
}

/** Mallory (write access) pushes `files` to the pull request, `by` naming the commit's author and
 * committer (default: Mallory), and the `synchronize` run judges it on `reply`, which blocks. */
export async function malloryPushes(
  world: World,
  reply: Script,
  by: { author?: string; committer?: string } = {},
  files: Readonly<Record<string, string>> = { "src/greet.js": "export const greet = (n) => n;\n" },
): Promise<void> {
  const author = by.author ?? "mallory";
  const pushed = world.pull.push({ ...files }, "Simplify", { author, committer: by.committer ?? author });
  world.openai.script(reply);
  const run = await world.run({
    event: world.event({
      event: "pull_request",
      action: "synchronize",
      pull: world.pull,
      before: pushed.before,
      sender: "mallory",
    }),
  });
  expect(run.outputs.status, run.log).toBe("blocked");
}
