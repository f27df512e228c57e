// The eval workflows run, step by step, as a runner would (steps.ts): every `run:` of
// .github/workflows/eval.yml and gate-change.yml through bash, against local git repositories and a
// loopback OpenAI-compatible reviewer, with the bundled CLI standing in for the one it builds (the
// build step's script is checked, then done offline). eval.yml's shards, merged, give the report of
// one run; gate-change.yml fails, in words, on a head that approves significantly more defects (on the
// base's set, whatever the head does to it), passes a head that does not, refuses a head that would
// send the key elsewhere, and asks nothing again when it runs a second time.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { MIXED } from "../eval/support.js";
import { packageBundleDir } from "../support/package-bundle.js";
import {
  openAIReply,
  type RecordedRequest,
  type ReviewerServer,
  startOpenAIServer,
} from "../support/reviewers.js";
import {
  cleanupJob,
  downloadArtifact,
  type JobResult,
  matrixOf,
  type Runner,
  runJob,
  uploadArtifact,
} from "./steps.js";

type Mapping = Record<string, unknown>;
const KEY = "sk-loopback-0123456789abcdefghij";
const WORKFLOW_SHA = "f".repeat(40);

const gitEnv = {
  PATH: process.env.PATH ?? "",
  HOME: os.tmpdir(),
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: os.devNull,
  GIT_AUTHOR_NAME: "A",
  GIT_AUTHOR_EMAIL: "a@example.com",
  GIT_COMMITTER_NAME: "A",
  GIT_COMMITTER_EMAIL: "a@example.com",
};
const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-C", dir, ...args], {
    env: gitEnv,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  }).trim();

/** The reviewer: by model, `careful` blocks every file named defect-* at its line 2 and approves the
 * rest; `lenient` approves everything. Every reply carries the round's token, as the contract asks. */
function answer(request: RecordedRequest) {
  const body = request.json as { model: string; messages: { content: string }[] };
  const prompt = body.messages.map((m) => m.content).join("\n");
  const token = /===VERDICT=== <value> ([0-9a-z]{26,128})/.exec(prompt)?.[1] ?? "none";
  const file = /^diff --git a\/(\S+) b\/\S+$/m.exec(prompt)?.[1] ?? "";
  const blocks = body.model === "careful" && /(^|\/)(defect-|range|backoff|csv_writer)/.test(file);
  return openAIReply(
    blocks
      ? `BLOCKING: ${file}:2 — divides by zero\n\n===VERDICT=== REQUEST_CHANGES ${token}\n`
      : `No blocking issues.\n\n===VERDICT=== APPROVE ${token}\n`,
  );
}

let server: ReviewerServer;
let store: string;
const jobs: JobResult[] = [];

function workflow(file: string): Mapping {
  return parse(readFileSync(path.join(".github/workflows", file), "utf8")) as Mapping;
}

/** The inputs a caller's `with:` gives, over the workflow_call inputs' defaults. */
function inputsOf(doc: Mapping, given: Mapping): Mapping {
  const declared = ((doc.on as Mapping).workflow_call as Mapping).inputs as Record<
    string,
    { default?: unknown }
  >;
  return { ...Object.fromEntries(Object.entries(declared).map(([k, v]) => [k, v.default ?? ""])), ...given };
}

/** A runner whose checkouts clone `repo` (the caller's), or stand in for verdict-gate's own commit. */
function runnerFor(repo: string): Runner {
  const runner: Runner = {
    store,
    env: { PATH: process.env.PATH ?? "" },
    actions: {
      "actions/checkout": ({ with: w, job }) => {
        const into = path.join(job.workspace, String(w.path ?? ""));
        expect(w["persist-credentials"]).toBe(false);
        if (w.repository === "verdict-gate/verdict-gate") {
          expect(w.ref).toBe(WORKFLOW_SHA);
          mkdirSync(into, { recursive: true });
          return;
        }
        execFileSync("git", ["clone", "-q", repo, into], { env: gitEnv });
        if (w.ref !== undefined && w.ref !== "") git(into, "checkout", "-q", String(w.ref));
      },
      "actions/setup-node": () => undefined,
      "actions/upload-artifact": (input) => uploadArtifact(runner)(input),
      "actions/download-artifact": (input) => downloadArtifact(runner)(input),
    },
    replace: {
      // `npm ci` needs the network: the script is checked, then the bundle the tests built is put where
      // the script would have put it.
      "build the CLI": (script, _job, env) => {
        expect(script).toBe(
          'npm ci --prefix "$GITHUB_WORKSPACE/.verdict-gate-cli" --no-audit --no-fund\nnode "$GITHUB_WORKSPACE/.verdict-gate-cli/scripts/bundle.mjs" "$RUNNER_TEMP/verdict-gate" cli\n',
        );
        cpSync(
          path.join(packageBundleDir, "cli"),
          path.join(env.RUNNER_TEMP as string, "verdict-gate", "cli"),
          {
            recursive: true,
          },
        );
      },
    },
  };
  return runner;
}

async function run(doc: Mapping, id: string, contexts: Mapping, runner: Runner): Promise<JobResult> {
  const result = await runJob(doc, id, contexts, runner);
  jobs.push(result);
  return result;
}

/** The bundled CLI, started without blocking this process (the loopback reviewer must answer it). */
function bundledCli(args: string[], options: { cwd: string; env: Record<string, string> }) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(packageBundleDir, "cli", "index.js"), ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? "", HOME: options.cwd, ...options.env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Everything a job wrote where a person or a log could read it. */
const printed = (j: JobResult) => [j.summary, ...j.steps.flatMap((s) => [s.stdout, s.stderr])].join("\n");

beforeAll(async () => {
  server = await startOpenAIServer({ replies: (request) => answer(request), apiKey: KEY });
  store = mkdtempSync(path.join(os.tmpdir(), "vg-actions-store-"));
}, 60_000);
afterAll(async () => {
  await server.close();
  for (const j of jobs) cleanupJob(j);
  rmSync(store, { recursive: true, force: true });
});

describe("eval.yml: shards on a matrix, merged into one run's report", () => {
  let caller: string;
  beforeAll(() => {
    caller = mkdtempSync(path.join(os.tmpdir(), "vg-eval-caller-"));
    git(caller, "init", "-q", "-b", "main");
    cpSync(MIXED, path.join(caller, "eval", "sets", "mixed"), { recursive: true });
    git(caller, "add", "-A");
    git(caller, "commit", "-q", "-m", "a set");
  });
  afterAll(() => rmSync(caller, { recursive: true, force: true }));

  it("runs three shards and merges them into the report an unsharded run gives", async () => {
    const doc = workflow("eval.yml");
    const runner = runnerFor(caller);
    const base: Mapping = {
      inputs: inputsOf(doc, {
        set: "eval/sets/mixed",
        shards: 3,
        "max-parallel": 2,
        model: "careful",
        "base-url": server.baseUrl,
      }),
      secrets: { "api-key": KEY },
      github: { run_id: "101", run_attempt: "1", event_name: "workflow_call" },
      job: { workflow_sha: WORKFLOW_SHA, workflow_repository: "verdict-gate/verdict-gate" },
    };
    const cli = await run(doc, "cli", base, runner);
    expect(cli.result, JSON.stringify(cli.steps)).toBe("success");
    expect(cli.outputs.shards).toBe("[1,2,3]");
    const needs = { cli: { result: "success", outputs: cli.outputs } };
    const shardJob = (doc.jobs as Record<string, Mapping>).shard as Mapping;
    const matrix = matrixOf(shardJob, { ...base, needs });
    expect(matrix).toEqual([{ shard: 1 }, { shard: 2 }, { shard: 3 }]);
    for (const m of matrix) {
      const shard = await run(doc, "shard", { ...base, needs, matrix: m }, runner);
      expect(shard.result, JSON.stringify(shard.steps)).toBe("success");
    }
    const merge = await run(
      doc,
      "merge",
      { ...base, needs: { ...needs, shard: { result: "success", outputs: {} } } },
      runner,
    );
    expect(merge.result, JSON.stringify(merge.steps)).toBe("success");
    expect(merge.outputs.artifact).toBe("verdict-gate-eval-report");
    expect(merge.summary).toMatch(/^## verdict-gate eval\n\n```text\nverdict-gate eval mixed: 12 case\(s\)/);
    const merged = JSON.parse(
      readFileSync(path.join(store, "artifacts", "verdict-gate-eval-report", "report.json"), "utf8"),
    );
    // The same configuration run whole, by the same CLI: every figure but the wall time agrees.
    const whole = await bundledCli(
      [
        "eval",
        path.join(caller, "eval/sets/mixed"),
        "--provider",
        "openai",
        "--model",
        "careful",
        "--base-url",
        server.baseUrl,
        "--api-key-env",
        "K",
        "--no-cache",
        "--json",
      ],
      { cwd: store, env: { K: KEY } },
    );
    expect(whole.code, whole.stderr).toBe(0);
    const one = JSON.parse(whole.stdout);
    const timeless = (r: Mapping) => ({
      ...r,
      ms: null,
      results: (r.results as Mapping[]).map((x) => ({ ...x, ms: null })),
    });
    expect(timeless(merged)).toEqual(timeless(one));
    expect(one.false_block.count).toBeGreaterThan(0);
    for (const j of [cli, merge]) expect(printed(j)).not.toContain(KEY);
  }, 300_000);

  it("refuses more shards than a matrix runs, before anything is built", async () => {
    const doc = workflow("eval.yml");
    const cli = await run(
      doc,
      "cli",
      {
        inputs: inputsOf(doc, { set: "eval/sets/mixed", shards: 257 }),
        secrets: {},
        github: { run_id: "102", run_attempt: "1" },
        job: { workflow_sha: WORKFLOW_SHA, workflow_repository: "verdict-gate/verdict-gate" },
      },
      runnerFor(caller),
    );
    expect(cli.result).toBe("failure");
    expect(cli.steps.find((s) => s.name === "plan the shards")?.stdout).toMatch(
      /shards takes a whole number from 1 to 256/,
    );
    expect(cli.steps.find((s) => s.name === "build the CLI")?.outcome).toBe("skipped");
  });
});

/** A set of eight defects and four clean changes, each adding one small file. */
function syntheticSet(dir: string): void {
  const add = (id: string, label: "defect" | "clean") => {
    const file = `src/${id}.js`;
    mkdirSync(path.join(dir, id), { recursive: true });
    writeFileSync(
      path.join(dir, id, "change.diff"),
      [
        `diff --git a/${file} b/${file}`,
        "new file mode 100644",
        "index 0000000..1234567",
        "--- /dev/null",
        `+++ b/${file}`,
        "@@ -0,0 +1,2 @@",
        "+export const limit = 0;",
        "+export const share = (x) => x / limit;",
        "",
      ].join("\n"),
    );
    const source = { repository: "octo/repo", base: "a".repeat(40), head: "b".repeat(40), license: "MIT" };
    const defects = label === "defect" ? [{ path: file, lines: [2, 2], description: "divides by zero" }] : [];
    writeFileSync(path.join(dir, id, "case.json"), JSON.stringify({ id, label, source, defects }, null, 2));
  };
  for (let i = 1; i <= 8; i += 1) add(`defect-${i}`, "defect");
  for (let i = 1; i <= 4; i += 1) add(`clean-${i}`, "clean");
}

describe("gate-change.yml: a pull request that changes the gate, measured against its base", () => {
  let repo: string;
  const gateWorkflow = (model: string, extra = "") =>
    [
      "on: pull_request",
      "jobs:",
      "  gate:",
      "    runs-on: ubuntu-latest",
      "    steps:",
      "      - uses: verdict-gate/verdict-gate@v1",
      "        with:",
      "          provider: openai",
      `          base-url: ${server.baseUrl}`,
      `          model: ${model}`,
      `          api-key: \${{ secrets.OPENAI_API_KEY }}`,
      extra,
      "",
    ].join("\n");
  const heads: Record<string, string> = {};

  beforeAll(() => {
    repo = mkdtempSync(path.join(os.tmpdir(), "vg-gate-change-"));
    git(repo, "init", "-q", "-b", "main");
    mkdirSync(path.join(repo, ".github", "workflows"), { recursive: true });
    writeFileSync(path.join(repo, ".github/workflows/verdict-gate.yml"), gateWorkflow("careful"));
    writeFileSync(
      path.join(repo, ".github/verdict-contract.json"),
      JSON.stringify({
        intended_action: "Keep the library correct.",
        success_criteria: [
          { id: "no-dotenv", type: "path_absent", path: ".env", description: "No .env file is committed." },
        ],
        review_guidelines: ["AGENTS.md"],
      }),
    );
    writeFileSync(path.join(repo, "AGENTS.md"), "Never divide by a constant zero.\n");
    syntheticSet(path.join(repo, "eval", "sets", "ours"));
    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "the gate and its set");
    heads.base = git(repo, "rev-parse", "HEAD");
    const branch = (name: string, edit: () => void) => {
      git(repo, "checkout", "-q", "-b", name, heads.base as string);
      edit();
      git(repo, "commit", "-q", "-am", name);
      heads[name] = git(repo, "rev-parse", "HEAD");
    };
    // The lenient head also tries to move the set: it is the base's that is measured.
    branch("lenient", () => {
      writeFileSync(path.join(repo, ".github/workflows/verdict-gate.yml"), gateWorkflow("lenient"));
      git(repo, "rm", "-q", "-r", "eval/sets/ours/defect-1", "eval/sets/ours/defect-2");
    });
    branch("instructions", () =>
      writeFileSync(
        path.join(repo, ".github/workflows/verdict-gate.yml"),
        gateWorkflow("careful", "          review-instructions: Read AGENTS.md first."),
      ),
    );
    branch("elsewhere", () =>
      writeFileSync(
        path.join(repo, ".github/workflows/verdict-gate.yml"),
        gateWorkflow("careful").replace(server.baseUrl, "https://collector.example/v1"),
      ),
    );
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  function pullRequest(head: string, runId: string): Promise<JobResult> {
    const doc = workflow("gate-change.yml");
    return run(
      doc,
      "eval",
      {
        inputs: inputsOf(doc, { set: "eval/sets/ours" }),
        secrets: { "api-key": KEY },
        github: {
          run_id: runId,
          run_attempt: "1",
          event_name: "pull_request_target",
          event: {
            pull_request: {
              number: 7,
              base: { sha: heads.base },
              head: { sha: heads[head], repo: { full_name: "octo/repo" } },
            },
          },
        },
        job: { workflow_sha: WORKFLOW_SHA, workflow_repository: "verdict-gate/verdict-gate" },
      },
      runnerFor(repo),
    );
  }

  it("names its own check, and is a job the gate's check never is", () => {
    const job = (workflow("gate-change.yml").jobs as Record<string, Mapping>).eval as Mapping;
    expect(job.name).toBe("verdict-gate eval");
    expect(JSON.stringify(job)).not.toMatch(/check-name|checks: write|\.\/\.verdict-gate-action/);
  });

  it("fails, in words, when the head approves significantly more defects than the base (on the base's set)", async () => {
    const before = server.requests.length;
    const j = await pullRequest("lenient", "201");
    expect(j.result).toBe("failure");
    expect(j.summary).toMatch(
      /\*\*verdict-gate eval compare: the head is significantly worse than the base on false approves: it approves 8 defect case\(s\) that the base does not, and the base approves 0 that the head does not \(exact McNemar p = 0\.00781[23] < 0\.05\)\.\*\*/,
    );
    expect(j.summary).toMatch(
      /### compare\n\n```text\nverdict-gate eval compare: 12 case\(s\); 8 changed status/,
    );
    expect(j.summary).toMatch(
      /false approves \(defect cases approved\): 0 under the base only, 8 under the head only/,
    );
    expect(j.summary).toMatch(/### base\n[\s\S]*false approve .* 0\/8/);
    expect(j.summary).toMatch(/### head\n[\s\S]*false approve .* 8\/8/);
    // Each configuration asked each case once; the guidelines of the contract were in the prompt.
    const asked = server.requests.slice(before);
    expect(asked).toHaveLength(24);
    expect(asked.every((r) => r.body.includes("Never divide by a constant zero."))).toBe(true);
    expect(printed(j)).not.toContain(KEY);
  }, 300_000);

  it("asks nothing again when it runs a second time: each case under each configuration is cached", async () => {
    const before = server.requests.length;
    const j = await pullRequest("lenient", "202");
    expect(j.result).toBe("failure");
    expect(server.requests.length).toBe(before);
    expect(j.summary).toMatch(/significantly worse/);
  }, 300_000);

  it("passes a head that changes the gate without approving more defects, and says so", async () => {
    const before = server.requests.length;
    const j = await pullRequest("instructions", "203");
    expect(j.result, j.summary).toBe("success");
    expect(j.summary).toMatch(/The head is not significantly worse than the base on false approves\./);
    expect(j.summary).toMatch(/0 changed status/);
    // The instructions changed the configuration: the head was asked, the base read from the cache.
    expect(server.requests.length - before).toBe(12);
  }, 300_000);

  it("refuses a head that would send the key elsewhere, before any key is used with it", async () => {
    const j = await pullRequest("elsewhere", "204");
    expect(j.result).toBe("failure");
    expect(j.summary).toMatch(/\*\*The change could not be measured\*\*/);
    expect(j.summary).toMatch(/the pull request changes base-url: where the reviewer's key is sent/);
    expect(printed(j)).not.toContain(KEY);
  }, 300_000);
});
