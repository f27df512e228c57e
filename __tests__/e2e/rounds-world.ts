// What the rounds tests share: pushing and re-running the gate as the next `synchronize` would, the
// reviewer's prompts, the `exclusions` output, contracts with `requires`, and the API cost of a run.
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

/** A `workflow_dispatch` run for this PR, by `sender`, with these inputs (as both the payload and the
 * action's inputs carry them). The workspace has the PR head checked out, as the documented workflow
 * does. */
export function dispatch(world: World, sender: string, inputs: Record<string, string>): Promise<ActionRun> {
  const all = { pr: String(world.pull.number), ...inputs };
  return world.run({
    event: world.event({ event: "workflow_dispatch", repo: world.repo, inputs: all, sender }),
    inputs: all,
  });
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

/** The newest gate check run on the current head. */
export function latestCheck(world: World) {
  const check = gateChecks(world)[0];
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
