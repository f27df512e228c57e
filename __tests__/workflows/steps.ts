// A workflow's jobs run locally, step by step, as a runner would: each `run:` through bash with the
// runner's flags (`bash --noprofile --norc -eo pipefail`), in its `working-directory`, with its `env:`
// evaluated and GITHUB_WORKSPACE, RUNNER_TEMP, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY set; `if:`s and
// `${{ }}`s evaluated by expression.ts (a step without a status function runs only while the job
// succeeds); step outputs read back from GITHUB_OUTPUT, job outputs from the job's `outputs:`. The
// actions a workflow `uses:` are stood in for by the test (`actions`): a checkout clones a local
// repository, an artifact is a directory, the cache keeps directories by key and restores by key or
// restore-keys prefix as actions/cache does. Nothing reaches the network. A step the test must
// replace (building the CLI needs `npm ci`) is named, and its script is handed to the test, which
// checks it and does the same offline.
import { spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { asString, type Contexts, evaluate, interpolate, RUN_STATUS } from "./expression.js";

type Mapping = Record<string, unknown>;

export interface Runner {
  /** Where artifacts and caches are kept between the jobs of one run (and, for the cache, runs). */
  readonly store: string;
  /** `uses:` stand-ins by action name (before the @). */
  readonly actions: Readonly<
    Record<string, (input: { with: Mapping; job: JobDirs; contexts: Contexts }) => void>
  >;
  /** Steps done by the test instead of by bash, by name; given the script they would have run. */
  readonly replace?: Readonly<
    Record<string, (script: string, job: JobDirs, env: Record<string, string>) => void>
  >;
  /** The environment every step gets besides the runner's variables (PATH). */
  readonly env: Readonly<Record<string, string>>;
}

export interface JobDirs {
  readonly workspace: string;
  readonly temp: string;
}

export interface JobResult {
  readonly result: "success" | "failure";
  readonly outputs: Record<string, string>;
  readonly summary: string;
  /** Each step's name (or run's first line) and how it ended, in order. */
  readonly steps: {
    name: string;
    outcome: "success" | "failure" | "skipped";
    stdout: string;
    stderr: string;
  }[];
  readonly dirs: JobDirs;
}

const hasStatusFunction = (cond: string) => /\b(success|failure|cancelled|always)\s*\(/.test(cond);

function condition(value: unknown, contexts: Contexts): boolean {
  if (value === undefined) return contexts[RUN_STATUS] === "success";
  const text = String(value).trim();
  const expr = /^\$\{\{([\s\S]*)\}\}$/.exec(text)?.[1] ?? text;
  const result = evaluate(expr, contexts);
  const truthy = !(result === false || result === null || result === "" || result === 0);
  return hasStatusFunction(expr) ? truthy : contexts[RUN_STATUS] === "success" && truthy;
}

/** Every value of a mapping with its `${{ }}` evaluated. */
export function evaluated(value: unknown, contexts: Contexts): Mapping {
  const out: Mapping = {};
  for (const [k, v] of Object.entries((value ?? {}) as Mapping))
    out[k] = typeof v === "string" ? interpolate(v, contexts) : v;
  return out;
}

function stepName(step: Mapping): string {
  if (typeof step.name === "string") return step.name;
  if (typeof step.uses === "string") return step.uses;
  return String(step.run ?? "").split("\n")[0] ?? "";
}

function readOutputs(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const eq = line.indexOf("=");
    if (eq > 0) out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

/** Runs a script as the runner does, without blocking this process (a loopback reviewer in it must
 * answer the script's calls). */
function bash(
  scriptFile: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", scriptFile], { cwd, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** Runs one job of `workflow` (its matrix already chosen, in `contexts.matrix`). */
export async function runJob(
  workflow: Mapping,
  jobId: string,
  contexts: Contexts,
  runner: Runner,
): Promise<JobResult> {
  const job = (workflow.jobs as Record<string, Mapping>)[jobId] as Mapping;
  const root = mkdtempSync(path.join(os.tmpdir(), `vg-job-${jobId}-`));
  const dirs = { workspace: path.join(root, "workspace"), temp: path.join(root, "temp") };
  mkdirSync(dirs.workspace);
  mkdirSync(dirs.temp);
  const ctx: Contexts = {
    ...contexts,
    runner: { temp: dirs.temp, os: "Linux" },
    github: { ...(contexts.github as Mapping), workspace: dirs.workspace },
    steps: {},
    [RUN_STATUS]: "success",
  };
  const steps: JobResult["steps"] = [];
  const summaryFile = path.join(root, "summary.md");
  writeFileSync(summaryFile, "");
  const saves: { key: string; path: string }[] = [];
  for (const step of (job.steps ?? []) as Mapping[]) {
    const name = stepName(step);
    if (!condition(step.if, ctx)) {
      steps.push({ name, outcome: "skipped", stdout: "", stderr: "" });
      continue;
    }
    const withs = evaluated(step.with, ctx);
    let outcome: "success" | "failure" = "success";
    let stdout = "";
    let stderr = "";
    if (typeof step.uses === "string") {
      const action = step.uses.split("@")[0] as string;
      if (action === "actions/cache") saves.push({ key: asString(withs.key), path: asString(withs.path) });
      const stand =
        action === "actions/cache" || action === "actions/cache/restore"
          ? restoreCache(runner)
          : action === "actions/cache/save"
            ? () => saveCache(runner, asString(withs.key), asString(withs.path))
            : runner.actions[action];
      if (stand === undefined) throw new Error(`${jobId}: no stand-in for ${step.uses}`);
      stand({ with: withs, job: dirs, contexts: ctx });
    } else {
      const outputFile = path.join(root, `output-${steps.length}`);
      writeFileSync(outputFile, "");
      const env: Record<string, string> = {
        ...runner.env,
        HOME: path.join(root, "home"),
        CI: "true",
        GITHUB_WORKSPACE: dirs.workspace,
        RUNNER_TEMP: dirs.temp,
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        ...Object.fromEntries(Object.entries(evaluated(step.env, ctx)).map(([k, v]) => [k, asString(v)])),
      };
      const cwd =
        step["working-directory"] === undefined
          ? dirs.workspace
          : asString(interpolate(String(step["working-directory"]), ctx));
      const script = asString(interpolate(String(step.run), ctx));
      const replaced = runner.replace?.[name];
      if (replaced !== undefined) replaced(script, dirs, env);
      else {
        const scriptFile = path.join(root, `step-${steps.length}.sh`);
        writeFileSync(scriptFile, script);
        const r = await bash(scriptFile, cwd, env);
        stdout = r.stdout;
        stderr = r.stderr;
        if (r.status !== 0) outcome = "failure";
      }
      if (typeof step.id === "string")
        (ctx.steps as Mapping)[step.id] = { outputs: readOutputs(outputFile), outcome, conclusion: outcome };
    }
    steps.push({ name, outcome, stdout, stderr });
    if (outcome === "failure") ctx[RUN_STATUS] = "failure";
  }
  const result = ctx[RUN_STATUS] === "success" ? "success" : "failure";
  // actions/cache saves in its post step, when the job succeeded and the key is new.
  if (result === "success") for (const s of saves) saveCache(runner, s.key, s.path);
  const outputs = Object.fromEntries(
    Object.entries(evaluated(job.outputs, ctx)).map(([k, v]) => [k, asString(v)]),
  );
  return { result, outputs, summary: readFileSync(summaryFile, "utf8"), steps, dirs };
}

/** The jobs a matrix makes: one context per value of each of its lists (one list is enough here). */
export function matrixOf(job: Mapping, contexts: Contexts): Mapping[] {
  const strategy = (job.strategy ?? {}) as Mapping;
  const matrix = evaluated(strategy.matrix, contexts);
  const entries = Object.entries(matrix);
  if (entries.length === 0) return [{}];
  if (entries.length > 1) throw new Error("a matrix of one list only");
  const [name, values] = entries[0] as [string, unknown];
  if (!Array.isArray(values)) throw new Error(`matrix ${name} is not a list`);
  return values.map((v) => ({ [name]: v }));
}

// ---- artifacts and the cache --------------------------------------------------------------------

function copyInto(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  if (statSync(from).isDirectory()) cpSync(from, to, { recursive: true });
  else cpSync(from, path.join(to, path.basename(from)));
}

export function uploadArtifact(runner: Runner) {
  return ({ with: w }: { with: Mapping }) => {
    const dir = path.join(runner.store, "artifacts", asString(w.name));
    if (existsSync(dir)) throw new Error(`artifact ${asString(w.name)} uploaded twice`);
    copyInto(asString(w.path), dir);
  };
}

export function downloadArtifact(runner: Runner) {
  return ({ with: w }: { with: Mapping }) => {
    const all = path.join(runner.store, "artifacts");
    const to = asString(w.path);
    if (w.name !== undefined && w.name !== "") {
      const dir = path.join(all, asString(w.name));
      if (!existsSync(dir)) throw new Error(`no artifact ${asString(w.name)}`);
      copyInto(dir, to);
      return;
    }
    const pattern = new RegExp(
      `^${asString(w.pattern)
        .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, ".*")}$`,
    );
    for (const name of existsSync(all) ? readdirSync(all).sort() : []) {
      if (!pattern.test(name)) continue;
      copyInto(path.join(all, name), w["merge-multiple"] === true ? to : path.join(to, name));
    }
  };
}

function cacheDir(runner: Runner, key: string): string {
  return path.join(runner.store, "cache", Buffer.from(key).toString("hex"));
}

function restoreCache(runner: Runner) {
  return ({ with: w }: { with: Mapping }) => {
    const all = path.join(runner.store, "cache");
    const keys = existsSync(all) ? readdirSync(all).map((h) => Buffer.from(h, "hex").toString()) : [];
    const prefixes = asString(w["restore-keys"])
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "");
    const exact = keys.find((k) => k === asString(w.key));
    // actions/cache: the newest entry whose key starts with the first prefix that matches any.
    const byAge = (k: string) => statSync(cacheDir(runner, k)).mtimeMs;
    const hit =
      exact ??
      prefixes
        .map((p) => keys.filter((k) => k.startsWith(p)).sort((a, b) => byAge(b) - byAge(a))[0])
        .find((k) => k !== undefined);
    if (hit !== undefined) copyInto(cacheDir(runner, hit), asString(w.path));
  };
}

function saveCache(runner: Runner, key: string, from: string): void {
  const dir = cacheDir(runner, key);
  if (existsSync(dir) || !existsSync(from)) return;
  copyInto(from, dir);
}

export function cleanupJob(result: JobResult): void {
  rmSync(path.dirname(result.dirs.workspace), { recursive: true, force: true });
}
