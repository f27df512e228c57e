// Runs the action the way a GitHub runner starts it: every input as INPUT_<NAME> (action.yml's defaults
// applied, as the runner does), the event in GITHUB_EVENT_PATH, GITHUB_API_URL pointing at the loopback
// GitHub API, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY as files, and a workspace holding the commit the
// workflow checked out. Two ways, one environment:
// - `bundle: true`: `node dist/index.js` as a process, @actions/core and all — for the tests about the
//   bundle itself (statuses, masking, write spacing, an unreadable event file, each fault class once);
// - otherwise in this process: src/entry/run-action.ts's `run` on an in-memory runner that writes the log, outputs
//   and summary as @actions/core would. A process start costs about a second of CPU on these machines
//   (compiling the 2.8 MB bundle, then every module and schema cold); in-process the round's code is
//   warm, which is what keeps some 500 end-to-end runs within the suite's time.
// VERDICT_GATE_E2E_BUNDLE=1 runs every case as a process (a slow full-fidelity run).
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { EOL } from "node:os";
import path from "node:path";
import { parse } from "yaml";
import type { Runner } from "../../src/ports/runner.js";
import { hangDeadlines } from "../support/deadlines.js";
import type { EventFile, GitHubApiFixture } from "../support/github-api/index.js";

const ACTION = parse(readFileSync("action.yml", "utf8")) as {
  inputs: Record<string, { default?: string }>;
};

/** action.yml's default for github-token, which the runner replaces with the job's token. */
const TOKEN_EXPRESSION = `$${"{{"} github.token }}`;

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Step outputs as written to GITHUB_OUTPUT. */
  outputs: Record<string, string>;
  /** The job summary as written to GITHUB_STEP_SUMMARY. */
  summary: string;
  /** Every line the step logged (stdout and stderr), for secret searches. */
  log: string;
  /** What the step saved for the post step (GITHUB_STATE), by name: the last value saved wins. */
  state: Record<string, string>;
  /** Workflow commands the step issued (::error::, ::warning::, ::add-mask::). */
  commands: string[];
  ms: number;
}

/** Parses the GITHUB_OUTPUT file format: `name<<DELIM\nvalue\nDELIM`. */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    const m = /^([^<=]+)<<(.+)$/.exec(lines[i] as string);
    if (m === null) continue;
    const [, name, delim] = m as unknown as [string, string, string];
    const value: string[] = [];
    for (i += 1; i < lines.length && lines[i] !== delim; i += 1) value.push(lines[i] as string);
    out[name] = value.join("\n");
  }
  return out;
}

/** Writes the tree of a commit of the fake repository into a fresh directory, with a .git/HEAD that
 * names the commit, as actions/checkout leaves it (detached). */
export function checkout(
  api: GitHubApiFixture,
  repoFullName: string,
  sha: string,
  extra: Record<string, string> = {},
): string {
  const repo = api.repo(repoFullName).record;
  const commit = repo.commits.get(sha);
  if (commit === undefined) throw new Error(`no commit ${sha} in ${repoFullName}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "vg-workspace-"));
  for (const [file, content] of commit.tree) {
    const full = path.join(dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  for (const [file, content] of Object.entries(extra)) {
    const full = path.join(dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  mkdirSync(path.join(dir, ".git"), { recursive: true });
  writeFileSync(path.join(dir, ".git", "HEAD"), `${sha}\n`);
  return dir;
}

/** The action under test: dist/ (what action.yml runs, the only bundle the repository commits), or
 * a private bundle built with `node scripts/bundle.mjs DIR` and named by VERDICT_GATE_DIST, so that one
 * developer rebuilding never pulls the bundle out from under another's test run. The CLI and the
 * library are not committed: tests find them through ../support/package-bundle.ts. */
export function bundleDir(): string {
  return path.resolve(process.env.VERDICT_GATE_DIST ?? "dist");
}

export function actionEntry(file: "index.js" | "post.js" = "index.js"): string {
  return path.join(bundleDir(), file);
}

export interface RunOptions {
  api: GitHubApiFixture;
  event: EventFile;
  /** Inputs by their action.yml name; unset ones take action.yml's default. */
  inputs?: Record<string, string>;
  /** The checked-out tree (GITHUB_WORKSPACE); omit to run without one. */
  workspace?: string;
  /** More environment (e.g. VERDICT_GATE_BACKOFF_UNIT_MS). */
  env?: Record<string, string>;
  /** "fast" (the default): backoff, retry-after and write spacing run at 5 ms a second, so a round's
   * writes are 5 ms apart instead of GitHub's second. "production": the action's own timings, for the
   * tests about spacing. VERDICT_GATE_FULL_FIDELITY=1 makes "production" the default for every run. */
  timings?: "fast" | "production";
  /** Kill the step after this long (a hang is a failure, never a pass). */
  timeoutMs?: number;
  token?: string;
  /** Start the bundled action as a process, as a runner does (see the top of this file). */
  bundle?: boolean;
  /** The state the main step saved, as the runner hands it to the post step (`STATE_<name>`). */
  state?: Record<string, string>;
  /** Which step of the action: the main one (index.js, the default) or the post step (post.js). */
  entry?: "index.js" | "post.js";
}

/** "production" under VERDICT_GATE_FULL_FIDELITY=1 (a slow run at the action's real timings), else "fast". */
export function defaultTimings(): "fast" | "production" {
  return process.env.VERDICT_GATE_FULL_FIDELITY === "1" ? "production" : "fast";
}

/** Whether this run starts the bundle as a process: asked for, or every run under VERDICT_GATE_E2E_BUNDLE=1. */
export function asProcess(options: Pick<RunOptions, "bundle">): boolean {
  return options.bundle === true || process.env.VERDICT_GATE_E2E_BUNDLE === "1";
}

/** The step's environment and the files the runner would give it. */
function prepareStep(options: RunOptions): {
  env: Record<string, string>;
  dir: string;
  outputFile: string;
  summaryFile: string;
  stateFile: string;
} {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vg-runner-"));
  const outputFile = path.join(dir, "output");
  const summaryFile = path.join(dir, "summary");
  const stateFile = path.join(dir, "state");
  writeFileSync(outputFile, "");
  writeFileSync(summaryFile, "");
  writeFileSync(stateFile, "");
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(ACTION.inputs)) {
    const d = spec.default === TOKEN_EXPRESSION ? (options.token ?? options.api.token) : (spec.default ?? "");
    inputs[name] = d;
  }
  Object.assign(inputs, options.inputs ?? {});
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? dir,
    RUNNER_TEMP: dir,
    RUNNER_OS: "Linux",
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_STATE: stateFile,
    ...((options.timings ?? defaultTimings()) === "fast" ? { VERDICT_GATE_BACKOFF_UNIT_MS: "5" } : {}),
    ...options.event.env,
    GITHUB_EVENT_PATH: options.event.path,
    ...(options.workspace !== undefined ? { GITHUB_WORKSPACE: options.workspace } : {}),
    ...options.env,
  };
  for (const [name, value] of Object.entries(inputs))
    env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] = value;
  for (const [name, value] of Object.entries(options.state ?? {})) env[`STATE_${name}`] = value;
  return { env, dir, outputFile, summaryFile, stateFile };
}

/** What a finished step left behind, read from the runner's files; the directory is removed. */
function collect(
  prepared: ReturnType<typeof prepareStep>,
  step: StepResult,
  bundled: boolean,
  started: number,
): ActionRun {
  // A process writes its outputs to GITHUB_OUTPUT; the in-process runner keeps them.
  const outputs = bundled ? parseOutputFile(readFileSync(prepared.outputFile, "utf8")) : step.outputs;
  const summary = readFileSync(prepared.summaryFile, "utf8");
  const state = parseOutputFile(readFileSync(prepared.stateFile, "utf8"));
  rmSync(prepared.dir, { recursive: true, force: true });
  const log = `${step.stdout}\n${step.stderr}`;
  return {
    code: step.code,
    stdout: step.stdout,
    stderr: step.stderr,
    outputs,
    summary,
    log,
    state,
    commands: log.split("\n").filter((l) => l.startsWith("::")),
    ms: Date.now() - started,
  };
}

export async function runAction(options: RunOptions): Promise<ActionRun> {
  const prepared = prepareStep(options);
  const started = Date.now();
  // A hang guard below vitest's (vitest.config.ts), so that a hung step ends with its log.
  const timeoutMs = options.timeoutMs ?? 540_000;
  const bundled = asProcess(options);
  const entry = options.entry ?? "index.js";
  const step = bundled
    ? await startProcess(prepared.env, timeoutMs, entry).done
    : await runInProcess(prepared.env, timeoutMs, options.api, entry);
  return collect(prepared, step, bundled, started);
}

/** The bundled action started as a process and left running, for a test that signals it mid-round as
 * a runner cancelling the job does; `entry` "post.js" is the post step. */
export function startAction(options: RunOptions & { entry?: "index.js" | "post.js" }): {
  child: ChildProcess;
  done: Promise<ActionRun>;
} {
  const prepared = prepareStep(options);
  const started = Date.now();
  const step = startProcess(prepared.env, options.timeoutMs ?? 540_000, options.entry ?? "index.js");
  return { child: step.child, done: step.done.then((result) => collect(prepared, result, true, started)) };
}

interface StepResult {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

function startProcess(
  env: Record<string, string>,
  timeoutMs: number,
  entry: "index.js" | "post.js" = "index.js",
): { child: ChildProcess; done: Promise<StepResult> } {
  const child = spawn(process.execPath, [actionEntry(entry)], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => {
    stdout += d;
  });
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  const timeout = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const done = new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c))).then((code) => {
    clearTimeout(timeout);
    return { code, stdout, stderr, outputs: {} };
  });
  return { child, done };
}

/** A workflow command's data as @actions/core escapes it (command.ts `escapeData`). */
function escapeData(value: string): string {
  return value.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** The action's `run` on a runner held in memory: the same environment as a process would get (read
 * from the runner, never from this process's), each log line as @actions/core prints it, the summary
 * appended to GITHUB_STEP_SUMMARY's file as core.summary does, exit code 1 after a failure. A step that
 * outlasts `timeoutMs` ends with code null, as a killed process does (a hang is a failure, never a
 * pass). */
async function runInProcess(
  env: Record<string, string>,
  timeoutMs: number,
  api: GitHubApiFixture,
  entry: "index.js" | "post.js" = "index.js",
): Promise<StepResult> {
  const { run } = await import("../../src/entry/run-action.js");
  const { runPost } = await import("../../src/entry/post-step.js");
  const lines: string[] = [];
  const outputs: Record<string, string> = {};
  let code: number | null = 0;
  const command = (name: string, value: string) => lines.push(`::${name}::${escapeData(value)}`);
  const runner: Runner = {
    env,
    input: (name) => (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim(),
    mask: (secret) => command("add-mask", secret),
    output: (name, value) => {
      outputs[name] = value;
    },
    summary: async (markdown) => {
      const file = env.GITHUB_STEP_SUMMARY;
      if (file === undefined) throw new Error("GITHUB_STEP_SUMMARY is not set");
      appendFileSync(file, `${markdown}${EOL}`);
    },
    log: {
      info: (m) => lines.push(m),
      warning: (m) => command("warning", m),
      error: (m) => command("error", m),
      debug: (m) => command("debug", m),
      startGroup: (name) => command("group", name),
      endGroup: () => command("endgroup", ""),
    },
    fail: (message) => {
      code = 1;
      command("error", message);
    },
    // As @actions/core writes it: one `name<<DELIMITER` entry appended to the GITHUB_STATE file.
    state: {
      save: (name, value) => {
        const file = env.GITHUB_STATE;
        if (file === undefined) throw new Error("GITHUB_STATE is not set");
        const delimiter = `ghadelimiter_${Math.random().toString(36).slice(2)}`;
        appendFileSync(file, `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`);
      },
      read: (name) => env[`STATE_${name}`] ?? "",
    },
  };
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  // Each GitHub attempt's deadline on the test's clock: it passes when the loopback server holds the
  // request unanswered (a hang), never because a busy machine answered late (support/deadlines.ts).
  // A process (startProcess) keeps the bundle's own timer: its hang cells hang on every attempt, so
  // no answer can race it.
  const { deadlines, stop } = hangDeadlines(api);
  const step = entry === "post.js" ? runPost(runner) : run(runner, undefined, { githubDeadline: deadlines });
  const ended = await Promise.race([step.then(() => "ended" as const), timedOut]).finally(stop);
  clearTimeout(timer);
  if (ended === "timeout") code = null;
  return { code, stdout: lines.map((l) => `${l}${EOL}`).join(""), stderr: "", outputs };
}

/** The round token the gate put in a reviewer prompt (the bound reply rule names it). */
export function roundTokenIn(prompt: string): string {
  const m = /===VERDICT=== <value> ([0-9a-z]{26,128})/.exec(prompt);
  if (m === null) throw new Error("the prompt carries no round token");
  return m[1] as string;
}

/** The text a provider request carried (OpenAI messages or Anthropic system + messages). */
export function promptOf(json: unknown): string {
  const body = json as { system?: unknown; messages?: Array<{ content: unknown }> };
  const parts: string[] = [];
  const add = (c: unknown) => {
    if (typeof c === "string") parts.push(c);
    else if (Array.isArray(c))
      for (const p of c)
        if (p && typeof p === "object" && "text" in p) parts.push(String((p as { text: unknown }).text));
  };
  add(body.system);
  for (const m of body.messages ?? []) add(m.content);
  return parts.join("\n");
}
