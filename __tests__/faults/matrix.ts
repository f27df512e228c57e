// The fault matrix: every fault the network and GitHub can produce, injected into every GitHub
// request a round makes (and, in reviewers.test.ts, every reviewer call; in inputs.test.ts, every
// input), each cell one run of the action as a runner starts it (in the test process, or the bundle
// as a process for the points BUNDLED_POINTS names; e2e/harness.ts). A cell passes when the run
// ends, within a bounded time, in a posted non-passing check run or a failed step whose message names
// the fault, and nothing anywhere passed. The one exception is a cell the gate absorbs honestly — a
// retry that got a good answer, or the diff read again as the file list — which may approve only
// when the round really saw everything: `may recover` says which, and why.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { settingsFingerprint } from "../../src/gate/binding.js";
import { renderHistoryComment } from "../../src/report/history-comment.js";
import { append, emptyHistory } from "../../src/verdict/history.js";
import { concludeRound } from "../../src/verdict/loop-rules.js";
import { type ActionRun, checkout } from "../e2e/harness.js";
import { BASE_FILES, CONTRACT, type World } from "../e2e/world.js";
import type { EventFile, FakePullRequest, Fault } from "../support/github-api/index.js";
import { settingsFromInputs } from "../support/settings.js";
import { allCheckRuns, expectKeyKept, type WorldOptions } from "./support.js";

// ---- Faults ---------------------------------------------------------------------------------------

export interface GitHubFault {
  readonly name: string;
  readonly fault: Fault;
  /** What the step's error (or the posted hold) must say, so a person knows what went wrong. */
  readonly names: RegExp;
}

const RATE_LIMITED = /rate limit/i;

export const GITHUB_FAULTS: readonly GitHubFault[] = [
  { name: "500", fault: { kind: "status", status: 500 }, names: /HTTP 500\b/ },
  { name: "502", fault: { kind: "status", status: 502 }, names: /HTTP 502\b/ },
  { name: "503", fault: { kind: "status", status: 503 }, names: /HTTP 503\b/ },
  {
    name: "429 secondary, retry-after",
    fault: { kind: "rate-limit", status: 429, limit: "secondary", retryAfterSeconds: 1 },
    names: RATE_LIMITED,
  },
  {
    name: "403 secondary, retry-after",
    fault: { kind: "rate-limit", status: 403, limit: "secondary", retryAfterSeconds: 1 },
    names: RATE_LIMITED,
  },
  {
    name: "403 primary, reset",
    fault: { kind: "rate-limit", status: 403, limit: "primary", resetInSeconds: 1, retryAfterSeconds: 1 },
    names: RATE_LIMITED,
  },
  { name: "hang", fault: { kind: "hang" }, names: /did not answer within/ },
  { name: "reset", fault: { kind: "reset" }, names: /connection to GitHub failed/ },
  {
    name: "reset mid-body",
    fault: { kind: "reset-mid-body" },
    names: /connection to GitHub failed|did not answer/,
  },
  {
    name: "malformed JSON",
    fault: { kind: "malformed-json" },
    names: /not the JSON GitHub documents|not a diff/,
  },
  {
    name: "truncated JSON",
    fault: { kind: "truncated-json" },
    names: /not the JSON GitHub documents|without the expected fields|not a diff/,
  },
  { name: "empty body", fault: { kind: "empty-body" }, names: /an empty body|an empty diff|not a diff/ },
];

/** Per-attempt GitHub deadline for the bundle's hang cells, a timer there: the hang is on every
 * attempt of the round's first request, so no answer can race it. In the test process the deadline
 * runs on the test's clock instead (support/deadlines.ts): it passes when the loopback server holds a
 * request unanswered, so no load can turn a slow answer into a hang; those cells keep the production
 * 30 s, which only the test's clock can reach within a cell's time. */
export const HANG_DEADLINE_MS = 500;

// ---- Points: the requests a round makes, and the scenario that makes each one -------------------

export interface RunSpec {
  event: EventFile;
  workspace: string;
  inputs?: Record<string, string>;
  /** The commit the gate's check goes on. */
  head: string;
  /** Per-scenario sanity check after a clean run. */
  pull?: FakePullRequest;
}

export interface Point {
  readonly name: string;
  /** The description's template of the route. */
  readonly route: string;
  /** Narrows the route (e.g. the diff media type, or another PR than the gated one). */
  readonly when?: (
    world: World,
  ) => (r: {
    method: string;
    path: string;
    headers: Record<string, string>;
    query?: Readonly<Record<string, string>>;
  }) => boolean;
  readonly world?: WorldOptions;
  readonly prepare: (world: World) => RunSpec;
  /** Faults this point absorbs honestly, and how (the cell may then approve, and must be honest). */
  readonly mayRecover?: Readonly<Record<string, string>>;
}

const isDiff = (r: { headers: Record<string, string> }) => /diff/.test(r.headers.accept ?? "");

function pullRequestRun(world: World, pull: FakePullRequest = world.pull): RunSpec {
  const workspace = checkout(world.api, world.repo.fullName, pull.headSha);
  world.workspaces.push(workspace);
  return {
    event: world.event({ event: "pull_request", action: "opened", pull }),
    workspace,
    head: pull.headSha,
    pull,
  };
}

/** A genuine history comment of the gate (github-actions[bot]) with one earlier round. */
export function seedHistory(
  pull: FakePullRequest,
  round: { head: string; approve: boolean; settings?: string },
): void {
  const history = emptyHistory(pull.number, "verdict-gate");
  const concluded = concludeRound({
    history,
    maxRounds: 10,
    head: round.head,
    at: new Date(Date.now() - 60_000).toISOString(),
    outcome: round.approve
      ? { value: "YES", reasons: [], needed: [], dependencies: [] }
      : { value: "NO", reasons: ["src/greet.js:1 — an earlier reason"], needed: [], dependencies: [] },
    // What the gate records with every round: a decision is dispatched only on the base it judged.
    binding: { base: pull.baseSha, contract: "unread", settings: round.settings ?? "0".repeat(64) },
  });
  pull.comment(
    "github-actions[bot]",
    renderHistoryComment(append(history, concluded), { checkName: "verdict-gate" }),
    "Bot",
  );
}

function withRequires(requires: unknown[]): Record<string, string> {
  return {
    ...BASE_FILES,
    ".github/verdict-contract.json": `${JSON.stringify({ ...CONTRACT, requires }, null, 2)}\n`,
  };
}

/** A maintainer's dispatched approve of the head the gate blocked in an earlier round, whose check run
 * is on it (where a decision finds the gate's history before posting anything). */
function decisionRun(w: World): RunSpec {
  w.repo.setPermission("maintainer", "write");
  seedHistory(w.pull, { head: w.pull.headSha, approve: false });
  w.repo.addCheckRun({
    sha: w.pull.headSha,
    name: "verdict-gate",
    status: "completed",
    conclusion: "failure",
    app: "github-actions",
  });
  const workspace = checkout(w.api, w.repo.fullName, w.pull.headSha);
  w.workspaces.push(workspace);
  // The maintainer reads the round, then dispatches: a minute later by GitHub's clock, naming its head.
  const now = w.api.model.now;
  w.api.model.now = () => new Date(now().getTime() + 60_000);
  const inputs = {
    pr: String(w.pull.number),
    decision: "approve",
    reason: "read it myself",
    "head-sha": w.pull.headSha,
  };
  return {
    event: w.event({ event: "workflow_dispatch", repo: w.repo, inputs, sender: "maintainer" }),
    workspace,
    inputs,
    head: w.pull.headSha,
  };
}

const otherPull = new WeakMap<World, FakePullRequest>();

/** The settings fingerprint of the world's own runs: a queued PR's approve counts only under the
 * group run's settings (src/gate/verdict-at-commit.ts), so the seeded approve is bound to them. */
function runFingerprint(w: World): string {
  return settingsFingerprint(
    settingsFromInputs({ ...w.openaiInputs(), pr: String(w.pull.number) }, { repository: w.repo.fullName }),
  );
}

/** A merge group for the world's PR, whose head the gate approved (seeded history). */
function mergeGroupRun(w: World): RunSpec {
  seedHistory(w.pull, { head: w.pull.headSha, approve: true, settings: runFingerprint(w) });
  const group = w.repo.createMergeGroup(w.pull);
  const workspace = checkout(w.api, w.repo.fullName, group.headSha);
  w.workspaces.push(workspace);
  return { event: w.event({ event: "merge_group", repo: w.repo, group }), workspace, head: group.headSha };
}

/** Faults that spoil the answer to a create GitHub carried out (the run or the comment exists): the
 * round looks for what it made before making it again (src/github/idempotent-write.ts), finds it, and
 * goes on with that one, never a second. */
const LANDED =
  "the create took effect before its answer was spoiled: found by the round's look and used, never made twice";
const CREATE_LANDED: Readonly<Record<string, string>> = {
  "reset mid-body": LANDED,
  "malformed JSON": LANDED,
  "truncated JSON": LANDED,
  "empty body": LANDED,
};

export const POINTS: readonly Point[] = [
  {
    name: "GET pull request",
    route: "GET /repos/{owner}/{repo}/pulls/{pull_number}",
    when: () => (r) => !isDiff(r),
    prepare: (w) => pullRequestRun(w),
  },
  {
    name: "GET diff (comparison)",
    route: "GET /repos/{owner}/{repo}/compare/{basehead}",
    when: () => isDiff,
    prepare: (w) => pullRequestRun(w),
    mayRecover: {
      "500": "a 500 is how GitHub says it cannot render a comparison's diff: its file list is read instead",
      "503": "a 503 is how GitHub says it cannot render a comparison's diff: its file list is read instead",
      "malformed JSON":
        "a diff that shows fewer changed lines than the PR reports is read again as the file list",
      "truncated JSON":
        "a diff that shows fewer changed lines than the PR reports is read again as the file list",
      "empty body": "an empty diff of a change is read again as the file list",
    },
  },
  {
    name: "GET files (comparison, diff not rendered)",
    route: "GET /repos/{owner}/{repo}/compare/{basehead}",
    when: () => (r) => !isDiff(r),
    world: { limits: { limits: { diffMaxLines: 1 } } },
    prepare: (w) => pullRequestRun(w),
  },
  {
    name: "GET contract (contents)",
    route: "GET /repos/{owner}/{repo}/contents/{path}",
    prepare: (w) => pullRequestRun(w),
  },
  {
    name: "GET comments (history)",
    route: "GET /repos/{owner}/{repo}/issues/{issue_number}/comments",
    prepare: (w) => pullRequestRun(w),
  },
  {
    name: "POST check run",
    route: "POST /repos/{owner}/{repo}/check-runs",
    prepare: (w) => pullRequestRun(w),
    mayRecover: CREATE_LANDED,
  },
  {
    name: "PATCH check run",
    route: "PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}",
    prepare: (w) => pullRequestRun(w),
  },
  {
    name: "POST comment (history)",
    route: "POST /repos/{owner}/{repo}/issues/{issue_number}/comments",
    prepare: (w) => pullRequestRun(w),
    mayRecover: CREATE_LANDED,
  },
  {
    name: "PATCH comment (history)",
    route: "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}",
    prepare: (w) => {
      seedHistory(w.pull, { head: w.pull.baseSha, approve: false });
      return pullRequestRun(w);
    },
  },
  {
    name: "GET permission (decision)",
    route: "GET /repos/{owner}/{repo}/collaborators/{username}/permission",
    prepare: (w) => decisionRun(w),
  },
  {
    name: "GET workflow run (when a decision was dispatched)",
    route: "GET /repos/{owner}/{repo}/actions/runs/{run_id}",
    prepare: (w) => decisionRun(w),
  },
  {
    name: "GET commits (who pushed, decision)",
    route: "GET /repos/{owner}/{repo}/compare/{basehead}",
    when: () => (r) => !isDiff(r),
    prepare: (w) => decisionRun(w),
  },
  {
    name: "GET comment (a /verdict command, re-read)",
    route: "GET /repos/{owner}/{repo}/issues/comments/{comment_id}",
    prepare: (w) => {
      const spec = decisionRun(w);
      const said = w.pull.comment("maintainer", "/verdict approve read it myself");
      return {
        ...spec,
        event: w.event({
          event: "issue_comment",
          action: "created",
          repo: w.repo,
          pull: w.pull,
          comment: said,
        }),
        inputs: {},
      };
    },
  },
  {
    name: "GET check runs (requires)",
    route: "GET /repos/{owner}/{repo}/commits/{ref}/check-runs",
    // The gate's own runs on the commit are read first (shared verdicts): their own point, below.
    when: () => (r) => r.query?.check_name === "ci",
    world: { baseFiles: withRequires([{ id: "ci", type: "check_run", name: "ci" }]) },
    prepare: (w) => {
      w.repo.addCheckRun({ sha: w.pull.headSha, name: "ci", status: "completed", conclusion: "success" });
      return pullRequestRun(w);
    },
  },
  {
    name: "GET status (requires)",
    route: "GET /repos/{owner}/{repo}/commits/{ref}/status",
    world: { baseFiles: withRequires([{ id: "build", type: "status", context: "ci/build" }]) },
    prepare: (w) => {
      w.repo.setStatus({ sha: w.pull.headSha, context: "ci/build", state: "success" });
      return pullRequestRun(w);
    },
  },
  {
    name: "GET other PR (requires)",
    route: "GET /repos/{owner}/{repo}/pulls/{pull_number}",
    world: { baseFiles: withRequires([{ id: "api", type: "pr_merged", repo: "octo-org/demo", number: 1 }]) },
    when: (w) => (r) => !isDiff(r) && r.path.endsWith(`/pulls/${otherPull.get(w)?.number}`),
    prepare: (w) => {
      // The world's PR (#1) is the dependency, merged; the gated PR is #2.
      w.pull.merge();
      const gated = w.repo.openPullRequest({
        author: "author-dev",
        changes: { "src/greet.js": "export const greet = () => 2;\n" },
      });
      otherPull.set(w, w.pull);
      return pullRequestRun(w, gated);
    },
  },
  {
    name: "GET statuses by creator (requires)",
    route: "GET /repos/{owner}/{repo}/commits/{ref}/statuses",
    world: {
      baseFiles: withRequires([{ id: "build", type: "status", context: "ci/build", creator: "ci-bot" }]),
    },
    prepare: (w) => {
      w.repo.setStatus({ sha: w.pull.headSha, context: "ci/build", state: "success", creator: "ci-bot" });
      return pullRequestRun(w);
    },
  },
  {
    name: "GET label events (requires)",
    route: "GET /repos/{owner}/{repo}/issues/{issue_number}/events",
    world: { baseFiles: withRequires([{ id: "qa", type: "label", name: "qa-approved" }]) },
    prepare: (w) => {
      w.pull.addLabel("qa-approved");
      return pullRequestRun(w);
    },
  },
  {
    name: "GET the gate's check runs at the commit",
    route: "GET /repos/{owner}/{repo}/commits/{ref}/check-runs",
    when: () => (r) => r.query?.check_name === "verdict-gate",
    prepare: (w) => pullRequestRun(w),
  },
  {
    name: "GET pull requests at the commit (a pass)",
    route: "GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls",
    prepare: (w) => pullRequestRun(w),
  },
  {
    name: "GET open pull requests (a fork PR's pass)",
    route: "GET /repos/{owner}/{repo}/pulls",
    prepare: (w) => {
      const fork = w.repo.openPullRequest({
        fork: "mallory",
        changes: { "src/greet.js": "export function greet(name) {\n  return 'hello ' + name;\n}\n" },
      });
      const workspace = checkout(w.api, w.repo.fullName, fork.headSha);
      w.workspaces.push(workspace);
      return {
        event: w.event({ event: "pull_request_target", action: "opened", pull: fork }),
        workspace,
        head: fork.headSha,
        pull: fork,
      };
    },
  },
  {
    name: "GET compare (merge group)",
    route: "GET /repos/{owner}/{repo}/compare/{basehead}",
    prepare: (w) => mergeGroupRun(w),
  },
  {
    name: "GET queue branches (merge group)",
    route: "GET /repos/{owner}/{repo}/git/matching-refs/{ref}",
    prepare: (w) => mergeGroupRun(w),
  },
  {
    name: "GET merge group PRs",
    route: "GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls",
    prepare: (w) => {
      seedHistory(w.pull, { head: w.pull.headSha, approve: true, settings: runFingerprint(w) });
      const group = w.repo.createMergeGroup(w.pull);
      const workspace = checkout(w.api, w.repo.fullName, group.headSha);
      w.workspaces.push(workspace);
      return {
        event: w.event({ event: "merge_group", repo: w.repo, group }),
        workspace,
        head: group.headSha,
      };
    },
  },
];

// ---- One cell -------------------------------------------------------------------------------------

export type Persistence = "every attempt" | "first attempt";

export interface CellResult {
  readonly fault: string;
  readonly point: string;
  readonly persistence: Persistence;
  readonly outcome: string;
  readonly ms: number;
}

/** The gate's own check runs (a scenario may seed others, such as a passing `ci` dependency). */
export function gateRuns(world: World) {
  return allCheckRuns(world).filter((c) => c.name === "verdict-gate");
}

/** Where the gate's check runs ended, in a word. */
export function checkOutcome(world: World, head: string): string {
  const runs = gateRuns(world);
  if (runs.length === 0) return "no check";
  const on = runs.filter((c) => c.headSha === head);
  const words = on.map((c) =>
    c.status !== "completed"
      ? "check in progress"
      : c.conclusion === "action_required"
        ? "hold"
        : c.conclusion === "failure"
          ? "blocked"
          : c.conclusion === "success"
            ? "approve"
            : `check ${c.conclusion}`,
  );
  if (on.length !== runs.length) words.push("a check on another commit");
  return [...new Set(words)].join(" + ");
}

/** The step's failure message (the ::error:: line), else the check's title. */
export function failureMessage(world: World, run: ActionRun): string {
  const errors = run.commands.filter((c) => c.startsWith("::error::")).map((c) => c.slice(9));
  const checks = allCheckRuns(world).map((c) => `${c.output.title ?? ""}\n${c.output.summary ?? ""}`);
  return [...errors, ...checks].join("\n");
}

/** The assertions every non-recovering cell ends with; returns the outcome for the table. */
export function expectFailedClosed(world: World, run: ActionRun, head: string, names: RegExp): string {
  expect(run.code, `the step must end, and fail\n${run.log}`).toBe(1);
  expectKeyKept(world, run);
  const passing = gateRuns(world).filter((c) => c.conclusion === "success" || c.conclusion === "neutral");
  expect(passing, `a passing check run was posted\n${run.log}`).toEqual([]);
  expect(run.outputs.status, run.log).not.toBe("approve");
  const message = failureMessage(world, run);
  expect(message, `the failure must name the fault\n${run.log}`).toMatch(names);
  return `${checkOutcome(world, head)} · step failed`;
}

/** A recovered cell: it approved, and honestly — one passing check on the head, all of the diff seen. */
export function expectHonestApprove(world: World, run: ActionRun, head: string): string {
  expect(run.code, run.log).toBe(0);
  expectKeyKept(world, run);
  expect(run.outputs.status).toBe("approve");
  const passing = gateRuns(world).filter((c) => c.conclusion === "success");
  expect(passing.map((c) => c.headSha)).toEqual([head]);
  // All of the diff seen, or no review by design: a person's decision, a merge group (each of its
  // pull requests was reviewed in its own rounds).
  expect(run.outputs.coverage).toMatch(/^100%|^0% \((decided by a person|merge group)/);
  return `recovered: ${checkOutcome(world, head)} · step passed`;
}

// ---- The table ------------------------------------------------------------------------------------

/** Prints the matrix (fault × point × outcome) and writes it under the temp directory; returns the
 * file. Rows are sorted so the table reads the same however the cells were scheduled. */
export function printMatrix(title: string, rows: readonly CellResult[]): string {
  const sorted = [...rows].sort(
    (a, b) =>
      a.point.localeCompare(b.point) ||
      a.fault.localeCompare(b.fault) ||
      a.persistence.localeCompare(b.persistence),
  );
  const header = ["point", "fault", "attempts", "outcome", "s"];
  const body = sorted.map((r) => [r.point, r.fault, r.persistence, r.outcome, (r.ms / 1000).toFixed(1)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] as string).length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(" | ")} |`;
  const cells = rows.filter((r) => r.fault !== "(none)");
  const baselines = rows.length - cells.length;
  const faults = new Set(cells.map((r) => r.fault)).size;
  const points = new Set(cells.map((r) => r.point)).size;
  const recovered = cells.filter((r) => r.outcome.startsWith("recovered")).length;
  const text = [
    `## ${title}`,
    "",
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...body.map(line),
    "",
    `${cells.length} cells (${faults} faults × ${points} points${cells.length !== faults * points ? ", as listed" : ""}); ` +
      `${cells.length - recovered} failed closed, ${recovered} recovered honestly, 0 passed wrongly` +
      `${baselines > 0 ? `; ${baselines} fault-free baselines approved` : ""}.`,
    "",
  ].join("\n");
  const dir = path.join(os.tmpdir(), "verdict-gate-fault-matrix");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${title.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}.md`);
  writeFileSync(file, text);
  console.log(`${text}\n(written to ${file})`);
  return file;
}

// ---- Running a GitHub cell ------------------------------------------------------------------------

/** The point whose every cell with the fault on every attempt starts the bundled action as a
 * process, as a runner does: each fault class once, through the bundle's own @actions/core, client and
 * network stack. Every other cell runs the round in the test process (harness.ts), which is what keeps
 * the matrix fast: a process start costs about a second of CPU here, a warm in-process round a
 * twentieth of that. */
export const BUNDLED_POINTS: ReadonlySet<string> = new Set(["GET pull request"]);

/** Whether a cell starts the bundle: a bundled point's fault on every attempt. A first-attempt hang
 * in the bundle would leave the rest of the round's requests on the bundle's timer, raced against
 * the machine; in the test process they run on the test's clock. */
function bundled(point: Point, persistence: Persistence): boolean {
  return BUNDLED_POINTS.has(point.name) && persistence === "every attempt";
}

/** Backoffs shrunk to a millisecond a second, so a cell of retries takes a moment, not minutes. */
export const FAST = { VERDICT_GATE_BACKOFF_UNIT_MS: "1" };

export async function githubCell(
  point: Point,
  fault: GitHubFault,
  persistence: Persistence,
  inWorld: <T>(options: WorldOptions, body: (world: World) => Promise<T>) => Promise<T>,
  /** More to check of the world the cell left, whatever its outcome. */
  after?: (world: World, spec: RunSpec) => void,
): Promise<CellResult> {
  return inWorld(point.world ?? {}, async (world) => {
    const spec = point.prepare(world);
    world.api.faults.inject(point.route, fault.fault, {
      attempts: persistence === "every attempt" ? "every" : [1],
      ...(point.when !== undefined ? { when: point.when(world) } : {}),
    });
    const run = await world.run({
      event: spec.event,
      workspace: spec.workspace,
      inputs: spec.inputs ?? {},
      env: {
        ...FAST,
        // In the test process the production 30 s stays: only the test's clock can end a hang there
        // within the cell's time.
        ...(fault.fault.kind === "hang" && bundled(point, persistence)
          ? { VERDICT_GATE_GITHUB_TIMEOUT_MS: String(HANG_DEADLINE_MS) }
          : {}),
      },
      bundle: bundled(point, persistence),
    });
    expect(world.api.faults.hits[0]?.hits ?? 0, `the fault was never exercised\n${run.log}`).toBeGreaterThan(
      0,
    );
    after?.(world, spec);
    // A write that took effect before its error may let the round go on, honestly (item 7 of issue 26).
    const mayRecover =
      persistence === "first attempt" ||
      fault.fault.kind === "applied" ||
      point.mayRecover?.[fault.name] !== undefined;
    const outcome =
      mayRecover && run.outputs.status === "approve"
        ? expectHonestApprove(world, run, spec.head)
        : expectFailedClosed(world, run, spec.head, fault.names);
    return { fault: fault.name, point: point.name, persistence, outcome, ms: run.ms };
  });
}

/** The same scenario without a fault approves: the cells' non-passing outcomes are the faults' doing. */
export async function baselineCell(
  point: Point,
  inWorld: <T>(options: WorldOptions, body: (world: World) => Promise<T>) => Promise<T>,
): Promise<CellResult> {
  return inWorld(point.world ?? {}, async (world) => {
    const spec = point.prepare(world);
    const run = await world.run({
      event: spec.event,
      workspace: spec.workspace,
      inputs: spec.inputs ?? {},
      env: FAST,
      bundle: bundled(point, "every attempt"),
    });
    const hit = world.api.requests.filter(
      (r) => r.route === point.route && (point.when === undefined || point.when(world)(r)),
    );
    expect(hit.length, `the scenario never made the request\n${run.log}`).toBeGreaterThan(0);
    const outcome = expectHonestApprove(world, run, spec.head);
    return {
      fault: "(none)",
      point: point.name,
      persistence: "every attempt",
      outcome: outcome.replace("recovered: ", ""),
      ms: run.ms,
    };
  });
}
