// What the rounds tests share: pushing and re-running the gate as the next `synchronize` would, the
// reviewer's prompts, the `exclusions` output, contracts with `requires`, and the API cost of a run.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import type { History } from "../../src/verdict/history.js";
import type { EventFile } from "../support/github-api/index.js";
import type { RecordedRequest } from "../support/reviewers.js";
import { type ActionRun, checkout, promptOf } from "./harness.js";
import { BASE_FILES, CONTRACT, gateChecks, historyComment, type Reply, type World } from "./world.js";

/** The base files with the contract's `requires` set (dependencies tests). */
export function baseFilesRequiring(requires: readonly Record<string, unknown>[]): Record<string, string> {
  return {
    ...BASE_FILES,
    ".github/verdict-contract.json": `${JSON.stringify({ ...CONTRACT, requires }, null, 2)}\n`,
  };
}

/** A push (or force-push) to the PR's head branch followed by the `synchronize` run on the new head. */
export async function pushAndRun(
  world: World,
  changes: Record<string, string>,
  options: { force?: boolean; reply?: Reply; inputs?: Record<string, string> } = {},
): Promise<ActionRun> {
  const moved = options.force === true ? world.pull.forcePush(changes) : world.pull.push(changes);
  if (options.reply !== undefined) world.openai.script(options.reply);
  return world.run({
    event: synchronize(world, moved.before),
    ...(options.inputs !== undefined ? { inputs: options.inputs } : {}),
  });
}

export function synchronize(world: World, before: string): EventFile {
  return world.event({ event: "pull_request", action: "synchronize", pull: world.pull, before });
}

/** A person's `workflow_dispatch` for this PR, asked for now: its workflow run is created (GitHub
 * records when), to run now or after whatever the queue runs first. */
export interface Dispatched {
  readonly event: EventFile;
  /** As both the payload and the action's inputs carry them. */
  readonly inputs: Record<string, string>;
}

/** `sender` dispatches, a minute after whatever the gate posted last (GitHub's clock: the person read
 * it first; an act applies only to a round published before it was asked). */
export function dispatchEvent(world: World, sender: string, inputs: Record<string, string>): Dispatched {
  advanceClock(world, 1);
  // A decision names the head its person read: by default the one the gate's round is on now, as the
  // check run's command prints it (`"head-sha": ""` dispatches one that names none).
  const read =
    inputs.decision !== undefined && !("head-sha" in inputs) ? { "head-sha": world.pull.headSha } : {};
  const all = { pr: String(world.pull.number), ...read, ...inputs };
  return {
    event: world.event({ event: "workflow_dispatch", repo: world.repo, inputs: all, sender }),
    inputs: all,
  };
}

/** The run of a dispatch, as the runner starts it. The workspace has the PR head checked out, as the
 * documented workflow does. */
export function runDispatch(world: World, dispatched: Dispatched): Promise<ActionRun> {
  return world.run({ event: dispatched.event, inputs: dispatched.inputs });
}

/** A `workflow_dispatch` run for this PR, by `sender`, with these inputs, run at once. */
export function dispatch(world: World, sender: string, inputs: Record<string, string>): Promise<ActionRun> {
  return runDispatch(world, dispatchEvent(world, sender, inputs));
}

/** "Re-run jobs" on a dispatch's run by `by`, a minute later: the next attempt of the same run, its
 * inputs and GITHUB_ACTOR unchanged, `by` its triggering actor. */
export function rerunDispatch(world: World, dispatched: Dispatched, by: string): Promise<ActionRun> {
  advanceClock(world, 1);
  return world.run({ event: world.api.rerun(dispatched.event, by), inputs: dispatched.inputs });
}

export interface ExclusionRound {
  round: number;
  head: string;
  at: string;
  status: string;
  reasons: { reason: string; repeated_from: number | null }[];
  needed: string[];
  dependencies: string[];
  decided_by?: string;
}

export interface Exclusions {
  pr: number;
  check: string;
  blocked_rounds: number;
  max_rounds: number | null;
  rounds: ExclusionRound[];
}

export function exclusionsOf(run: ActionRun): Exclusions {
  return JSON.parse(run.outputs.exclusions ?? "null") as Exclusions;
}

/** The prompt of the reviewer's last request. */
export function lastPrompt(world: World): string {
  const request: RecordedRequest | undefined = world.openai.requests[world.openai.requests.length - 1];
  if (request === undefined) throw new Error("the reviewer was never called");
  return promptOf(request.json);
}

/** The "Earlier rounds" block of a prompt: the lines between its heading and the diff. */
export function earlierSection(prompt: string): string {
  const start = prompt.indexOf("## Earlier rounds");
  if (start < 0) return "";
  const end = prompt.indexOf("## ", start + 3);
  return prompt.slice(start, end < 0 ? undefined : end);
}

/** Runs `act` and returns its result with the GitHub API requests it made, by route. */
export async function counted<T>(
  world: World,
  act: () => Promise<T>,
): Promise<{ result: T; requests: number; routes: string[] }> {
  const before = world.api.requests.length;
  const result = await act();
  const made = world.api.requests.slice(before);
  return { result, requests: made.length, routes: made.map((r) => r.route ?? `${r.method} ${r.path}`) };
}

/** Requests by route and how many of each: what a run asked GitHub, in no particular order (the cost
 * tests assert what was asked and how often, never the order the round happened to ask in). */
export function tally(routes: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const route of [...routes].sort()) counts[route] = (counts[route] ?? 0) + 1;
  return counts;
}

/** The gate's own newest check run on the current head (a run another app posts under the same name,
 * as a test may, is not the gate's). */
export function latestCheck(world: World) {
  const check = gateChecks(world).filter((c) => c.app.slug === "github-actions")[0];
  if (check === undefined) throw new Error("no verdict-gate check run on the head");
  return check;
}

export function commentBody(world: World): string {
  const comment = historyComment(world);
  if (comment === undefined) throw new Error("no history comment on the PR");
  return comment.body;
}

/** A workspace with a given commit checked out (a re-evaluation of an older head). */
export function workspaceAt(world: World, sha: string): string {
  const dir = checkout(world.api, world.repo.fullName, sha);
  world.workspaces.push(dir);
  return dir;
}

/** An event the loopback's event writer does not make, built like a runner would hand it over: the
 * runner variables of a default-branch run, this event's name, and `payload` in GITHUB_EVENT_PATH. */
function otherEvent(world: World, name: string, payload: Record<string, unknown>): EventFile {
  const base = world.event({ event: "workflow_dispatch", repo: world.repo, inputs: {} });
  const dir = mkdtempSync(path.join(os.tmpdir(), "vg-event-"));
  world.workspaces.push(dir);
  const file = path.join(dir, "event.json");
  const full = { ...payload, repository: base.payload.repository, sender: base.payload.sender };
  writeFileSync(file, JSON.stringify(full));
  return {
    path: file,
    payload: full,
    env: { ...base.env, GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: file },
  };
}

/** `workflow_run: completed` for a CI workflow that ran on the PR's head (GitHub's real payload from
 * @octokit/webhooks-examples, with this PR in `pull_requests`, as GitHub fills it for same-repo PRs). */
export function workflowRunCompleted(world: World, conclusion = "success"): EventFile {
  const examples = createRequire(import.meta.url)("@octokit/webhooks-examples") as {
    name: string;
    examples: Record<string, unknown>[];
  }[];
  const found = examples
    .find((d) => d.name === "workflow_run")
    ?.examples.find((e) => e.action === "completed");
  if (found === undefined) throw new Error("@octokit/webhooks-examples has no workflow_run.completed");
  const example = structuredClone(found) as { workflow_run: Record<string, unknown> };
  const { pull } = world;
  const ref = (branch: string, sha: string) => ({
    ref: branch,
    sha,
    repo: {
      id: pull.repo.record.id,
      url: `${world.api.url}/repos/${pull.repo.fullName}`,
      name: pull.repo.name,
    },
  });
  return otherEvent(world, "workflow_run", {
    action: "completed",
    workflow: (example as Record<string, unknown>).workflow,
    workflow_run: {
      ...example.workflow_run,
      event: "pull_request",
      status: "completed",
      conclusion,
      head_sha: pull.headSha,
      head_branch: pull.headRef,
      pull_requests: [
        {
          url: `${world.api.url}/repos/${pull.repo.fullName}/pulls/${pull.number}`,
          id: pull.record.id,
          number: pull.number,
          head: ref(pull.headRef, pull.headSha),
          base: ref(pull.baseRef, pull.baseSha),
        },
      ],
    },
  });
}

/** A `schedule` run: no pull request in the payload, so the workflow passes `pr` (docs/workflows.md). */
export function scheduled(world: World): EventFile {
  return otherEvent(world, "schedule", { schedule: "*/15 * * * *", workflow: ".github/workflows/gate.yml" });
}

/** Moves GitHub's clock (check runs, statuses, comments are stamped with it) by `minutes`. */
export function advanceClock(world: World, minutes: number): void {
  const now = world.api.model.now;
  world.api.model.now = () => new Date(now().getTime() + minutes * 60_000);
}

/** Replaces the stored state of the gate's comment, as an edit through the bot's identity (or by an
 * account with write access) would; returns the body before and after. */
export function tamperStoredState(
  world: World,
  edit: (history: History) => History,
): { before: string; after: string } {
  const comment = world.pull.comments().find((c) => c.body.includes("verdict-gate:history"));
  if (comment === undefined) throw new Error("no history comment");
  const before = comment.body;
  const m = /<!-- verdict-gate:state:v2:([A-Za-z0-9+/=]+) -->/.exec(before);
  if (m === null) throw new Error("no state in the comment");
  const history = JSON.parse(gunzipSync(Buffer.from(m[1] as string, "base64")).toString("utf8")) as History;
  const encoded = gzipSync(Buffer.from(JSON.stringify(edit(history)))).toString("base64");
  comment.body = before.replace(m[1] as string, encoded);
  return { before, after: comment.body };
}
