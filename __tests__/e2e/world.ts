// A repository with a contract on its default branch and a pull request, the loopback GitHub API that
// serves them, and loopback reviewers that answer under the round-bound reply contract. What most
// end-to-end tests start from.
import { rmSync } from "node:fs";
import {
  type EventFile,
  type EventSpec,
  type FakePullRequest,
  type FakeRepository,
  type GitHubApiFixture,
  type Role,
  startGitHubApi,
  writeEventFile,
} from "../support/github-api/index.js";
import {
  anthropicReply,
  openAIReply,
  type RecordedRequest,
  type ReviewerServer,
  type ScriptedReply,
  startAnthropicServer,
  startOpenAIServer,
} from "../support/reviewers.js";
import { type ActionRun, checkout, promptOf, type RunOptions, roundTokenIn, runAction } from "./harness.js";

export const REVIEWER_KEY = "sk-test-Reviewer0Key0That0Must0Never0Leak";

export const CONTRACT = {
  intended_action: "Add a greeting module with a test",
  success_criteria: [
    { id: "module", type: "file_exists", path: "src/greet.js", description: "the module exists" },
    {
      id: "no-debugger",
      type: "diff_added_absent",
      pattern: "\\bdebugger\\b",
      description: "no debugger statements",
    },
  ],
};

export const BASE_FILES = {
  "README.md": "# demo\n",
  ".github/verdict-contract.json": `${JSON.stringify(CONTRACT, null, 2)}\n`,
};

export const GOOD_CHANGE = {
  "src/greet.js": 'export function greet(name) {\n  return "hello " + name;\n}\n',
};

/** A reply a real reviewer would give: findings, then the marker with this round's token. */
export function approveFor(request: RecordedRequest, text = "No blocking issues."): string {
  return `${text}\n\n===VERDICT=== APPROVE ${roundTokenIn(promptOf(request.json))}`;
}

export function blockFor(request: RecordedRequest, findings: string[]): string {
  return `${findings.map((f) => `BLOCKING: ${f}`).join("\n")}\n\n===VERDICT=== REQUEST_CHANGES ${roundTokenIn(promptOf(request.json))}`;
}

export type Reply = (request: RecordedRequest, index: number) => ScriptedReply;

export const openAI = {
  approve: ((r) => openAIReply(approveFor(r))) as Reply,
  block:
    (findings: string[]): Reply =>
    (r) =>
      openAIReply(blockFor(r, findings)),
};

export const anthropic = {
  approve: ((r) => anthropicReply(approveFor(r))) as Reply,
  block:
    (findings: string[]): Reply =>
    (r) =>
      anthropicReply(blockFor(r, findings)),
};

export interface World {
  api: GitHubApiFixture;
  repo: FakeRepository;
  pull: FakePullRequest;
  openai: ReviewerServer;
  anthropic: ReviewerServer;
  workspaces: string[];
  /** Inputs for the OpenAI loopback reviewer. */
  openaiInputs(): Record<string, string>;
  anthropicInputs(): Record<string, string>;
  event(spec: EventSpec): EventFile;
  /** A workspace with the PR head checked out. */
  headWorkspace(extra?: Record<string, string>): string;
  run(options: {
    event?: EventFile;
    inputs?: Record<string, string>;
    workspace?: string | null;
    env?: Record<string, string>;
    token?: string;
    timings?: RunOptions["timings"];
    /** Start the bundled action as a process (default: the world's `bundle`, else in this process). */
    bundle?: boolean;
  }): Promise<ActionRun>;
  close(): Promise<void>;
}

export async function startWorld(
  options: {
    baseFiles?: Record<string, string>;
    change?: Record<string, string>;
    limits?: Parameters<typeof startGitHubApi>[0];
    /** Every run of this world starts the bundled action as a process (harness.ts says when). */
    bundle?: boolean;
    /** The people the tests' acts are by, each with their permission on the repository. */
    people?: Readonly<Record<string, Role>>;
  } = {},
): Promise<World> {
  const api = await startGitHubApi(options.limits ?? {});
  const repo = api.createRepo("octo-org", "demo", { files: options.baseFiles ?? BASE_FILES });
  for (const [login, role] of Object.entries(options.people ?? {})) repo.setPermission(login, role);
  const pull = repo.openPullRequest({
    author: "author-dev",
    changes: options.change ?? GOOD_CHANGE,
    title: "Add greet",
  });
  const openai = await startOpenAIServer({ apiKey: REVIEWER_KEY, replies: openAI.approve });
  const claude = await startAnthropicServer({ apiKey: REVIEWER_KEY, replies: anthropic.approve });
  const workspaces: string[] = [];
  const world: World = {
    api,
    repo,
    pull,
    openai,
    anthropic: claude,
    workspaces,
    openaiInputs: () => ({
      provider: "openai",
      model: "gpt-4o",
      "api-key": REVIEWER_KEY,
      "base-url": openai.baseUrl,
    }),
    anthropicInputs: () => ({
      provider: "anthropic",
      model: "claude-sonnet-5-5",
      "api-key": REVIEWER_KEY,
      "base-url": claude.baseUrl,
    }),
    event: (spec) => writeEventFile(api, spec),
    headWorkspace(extra = {}) {
      // world.pull, not the PR opened here: a test may point the world at another PR.
      const dir = checkout(api, repo.fullName, world.pull.headSha, extra);
      workspaces.push(dir);
      return dir;
    },
    async run(o) {
      const event = o.event ?? world.event({ event: "pull_request", action: "opened", pull: world.pull });
      const workspace = o.workspace === null ? undefined : (o.workspace ?? world.headWorkspace());
      return runAction({
        api,
        event,
        inputs: { ...world.openaiInputs(), ...o.inputs },
        ...(workspace !== undefined ? { workspace } : {}),
        ...(o.env !== undefined ? { env: o.env } : {}),
        ...(o.token !== undefined ? { token: o.token } : {}),
        ...(o.timings !== undefined ? { timings: o.timings } : {}),
        bundle: o.bundle ?? options.bundle ?? false,
      });
    },
    async close() {
      await Promise.all([openai.close(), claude.close(), api.close()]);
      for (const w of workspaces) rmSync(w, { recursive: true, force: true });
    },
  };
  return world;
}

/** The gate's check runs on a commit, newest first. */
export function gateChecks(world: World, sha = world.pull.headSha) {
  return world.pull.checkRuns({ name: "verdict-gate", sha });
}

/** The gate's history comment on the PR (written by github-actions[bot]). */
export function historyComment(world: World) {
  return world.pull.comments().find((c) => c.body.includes("<!-- verdict-gate:history:"));
}
