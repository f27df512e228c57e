// Instant fakes for the action benchmarks (action.bench.mjs, large-pr.bench.mjs), in plain JavaScript.
//
// Why not the test suite's loopback servers: they are TypeScript (Node 20 cannot run them without a
// build step), and they validate every request and answer against GitHub's OpenAPI description, which
// for a 3,000-file pull request costs more time in the fake than the gate spends — a benchmark of the
// fake, not of the gate. These fakes answer the few routes one round uses with the fields the gate
// reads, at once, and count what they were asked; the end-to-end tests prove the gate against the
// validated fakes, these only time it. The bundle is started exactly as a runner starts it (INPUT_*
// with action.yml's defaults, GITHUB_EVENT_PATH, GITHUB_OUTPUT/STEP_SUMMARY files, a workspace).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO = "bench-org/bench";
const TOKEN = "ghs_BenchToken0000000000000000000000000";
const KEY = "sk-bench-0000000000000000000000000000";
const HEAD = "a".repeat(40);
const BASE = "b".repeat(40);
const MERGE = "c".repeat(40);

/** The bundle to measure: BENCH_DIST or VERDICT_GATE_DIST (a private build), else dist/. */
export function bundleDir() {
  return path.resolve(
    process.env.BENCH_DIST ?? process.env.VERDICT_GATE_DIST ?? path.join(here, "..", "dist"),
  );
}

/** A pull request of `files` new files and `lines` added lines in all, `patchOmitted` of whose patches
 * GitHub leaves out of the file list (as it does for large files). */
export function syntheticPull({ files, lines, patchOmitted = [], changed = [], head }) {
  const entries = [];
  const per = Math.floor(lines / files);
  let extra = lines - per * files;
  for (let i = 0; i < files; i += 1) {
    const n = per + (extra > 0 ? 1 : 0);
    if (extra > 0) extra -= 1;
    const name = `src/module${String(i).padStart(4, "0")}/file.js`;
    // A file in `changed` has one line that differs: the push of an incremental round.
    const body = Array.from(
      { length: n },
      (_, j) =>
        `+export const value${j} = ${i} * ${j}; // line ${j + 1} of ${name}${changed.includes(i) && j === 0 ? " (changed)" : ""}`,
    );
    const patch = `@@ -0,0 +1,${n} @@\n${body.join("\n")}`;
    entries.push({ name, n, patch, omitted: patchOmitted.includes(i), sha: String(i).padStart(40, "0") });
  }
  const diff = entries
    .map(
      (e) =>
        `diff --git a/${e.name} b/${e.name}\nnew file mode 100644\nindex 0000000..${"1".repeat(7)}\n--- /dev/null\n+++ b/${e.name}\n${e.patch}\n`,
    )
    .join("");
  return { entries, diff, additions: lines, files, ...(head !== undefined ? { head } : {}) };
}

function pullJson(pull, apiUrl) {
  return {
    number: 1,
    state: "open",
    title: "A large change",
    body: "Please review.",
    draft: false,
    merged: false,
    merge_commit_sha: MERGE,
    html_url: `https://github.com/${REPO}/pull/1`,
    url: `${apiUrl}/repos/${REPO}/pulls/1`,
    user: { login: "author-dev", type: "User" },
    labels: [],
    head: { sha: pull.head ?? HEAD, ref: "feature", repo: { full_name: REPO } },
    base: { sha: BASE, ref: "main", repo: { full_name: REPO } },
    changed_files: pull.files,
    additions: pull.additions,
    deletions: 0,
  };
}

const CONTRACT = JSON.stringify({
  intended_action: "Add the generated modules",
  success_criteria: [
    { id: "readme", type: "file_exists", path: "README.md", description: "the readme stays" },
    { id: "no-debugger", type: "diff_added_absent", pattern: "\\bdebugger\\b", description: "no debugger" },
  ],
});

/** File list entries as GitHub lists them; the blob id is the file's, so two lists agree. */
function fileEntries(entries) {
  return entries.map((e) => ({
    sha: e.sha,
    filename: e.name,
    status: "added",
    additions: e.n,
    deletions: 0,
    changes: e.n,
    blob_url: "",
    raw_url: "",
    contents_url: "",
    ...(e.omitted ? {} : { patch: e.patch }),
  }));
}

/** GitHub's REST API for one repository and one pull request, answering at once. GitHub's own limits
 * apply: the diff media type is refused past 300 files or 20,000 lines (406 for the pull request, 500
 * for the comparison of its two commits), a comparison lists 300 files, the file list stops at 3,000
 * files. */
export async function startGitHub(first) {
  const counts = { requests: 0, byRoute: {} };
  // The pull request as it is now: a push replaces it (setPull), the history comment stays.
  let pull = first;
  const head = () => pull.head ?? HEAD;
  const checks = [];
  let comment = null;
  let nextId = 1000;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      counts.requests += 1;
      const url = new URL(req.url ?? "/", "http://x");
      const route = `${req.method} ${url.pathname.replace(/\/\d+(?=\/|$)/g, "/N")}`;
      counts.byRoute[route] = (counts.byRoute[route] ?? 0) + 1;
      const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
      const json = (status, value) => {
        const text = JSON.stringify(value);
        res.writeHead(status, {
          "content-type": "application/json; charset=utf-8",
          "content-length": Buffer.byteLength(text),
        });
        res.end(text);
      };
      const p = url.pathname;
      const prefix = `/repos/${REPO}`;
      if (req.method === "GET" && p === `${prefix}/pulls/1`) {
        if (/diff/.test(req.headers.accept ?? "")) {
          if (pull.files > 300 || pull.additions > 20_000) {
            return json(406, {
              message: "Sorry, the diff exceeded the maximum number of files (300).",
              documentation_url: "https://docs.github.com/rest/pulls/pulls#get-a-pull-request",
              status: "406",
            });
          }
          res.writeHead(200, {
            "content-type": "application/vnd.github.diff; charset=utf-8",
            "content-length": Buffer.byteLength(pull.diff),
          });
          return res.end(pull.diff);
        }
        return json(200, pullJson(pull, `http://${req.headers.host}`));
      }
      // The change by commit (three-dot): GitHub's 500 for a diff too large to render, else the diff;
      // as JSON, at most 300 files.
      if (req.method === "GET" && p === `${prefix}/compare/${BASE}...${head()}`) {
        if (/diff/.test(req.headers.accept ?? "")) {
          if (pull.files > 300 || pull.additions > 20_000) {
            return json(500, { message: "Server Error: Sorry, this diff is taking too long to generate." });
          }
          res.writeHead(200, {
            "content-type": "application/vnd.github.diff; charset=utf-8",
            "content-length": Buffer.byteLength(pull.diff),
          });
          return res.end(pull.diff);
        }
        return json(200, {
          merge_base_commit: { sha: BASE },
          files: fileEntries(pull.entries.slice(0, 300)),
        });
      }
      if (req.method === "GET" && p === `${prefix}/pulls/1/files`) {
        const per = Number(url.searchParams.get("per_page") ?? 30);
        const page = Number(url.searchParams.get("page") ?? 1);
        const listed = pull.entries.slice(0, 3000).slice((page - 1) * per, page * per);
        return json(200, fileEntries(listed));
      }
      if (req.method === "GET" && p.startsWith(`${prefix}/contents/`)) {
        const content = Buffer.from(CONTRACT).toString("base64");
        return json(200, {
          type: "file",
          size: CONTRACT.length,
          sha: "d".repeat(40),
          name: "verdict-contract.json",
          path: ".github/verdict-contract.json",
          content,
          encoding: "base64",
        });
      }
      if (req.method === "POST" && p === `${prefix}/check-runs`) {
        nextId += 1;
        const run = {
          id: nextId,
          name: body.name,
          head_sha: body.head_sha,
          status: body.status ?? "in_progress",
          conclusion: null,
          html_url: "",
          started_at: new Date().toISOString(),
          app: { id: 15368, slug: "github-actions" },
          external_id: body.external_id ?? null,
          completed_at: null,
          output: body.output,
        };
        checks.push(run);
        return json(201, run);
      }
      const patchCheck = new RegExp(`^${prefix}/check-runs/(\\d+)$`).exec(p);
      if (req.method === "PATCH" && patchCheck) {
        const run = checks.find((c) => c.id === Number(patchCheck[1]));
        Object.assign(run, body, {
          conclusion: body.conclusion ?? run.conclusion,
          status: body.conclusion ? "completed" : run.status,
        });
        run.annotations = [...(run.annotations ?? []), ...(body.output?.annotations ?? [])];
        return json(200, run);
      }
      // The gate's own runs on the commit (which PRs it judged there) and the PRs whose head it is.
      if (req.method === "GET" && p === `${prefix}/commits/${head()}/check-runs`) {
        const named = checks.filter(
          (c) => c.name === url.searchParams.get("check_name") && c.head_sha === head(),
        );
        return json(200, {
          total_count: named.length,
          check_runs: named.map((c) => ({ ...c, external_id: c.external_id ?? null })),
        });
      }
      if (req.method === "GET" && p === `${prefix}/commits/${head()}/pulls`) {
        return json(200, [
          {
            number: 1,
            state: "open",
            head: { sha: head() },
            base: { ref: "main", repo: { full_name: REPO } },
          },
        ]);
      }
      const commentJson = (c) => ({
        id: c.id,
        body: c.body,
        html_url: "",
        created_at: c.at,
        updated_at: c.at,
        user: { login: "github-actions[bot]", type: "Bot" },
      });
      if (req.method === "GET" && p === `${prefix}/issues/1/comments`)
        return json(200, comment ? [commentJson(comment)] : []);
      if (req.method === "POST" && p === `${prefix}/issues/1/comments`) {
        nextId += 1;
        comment = { id: nextId, body: body.body, at: new Date().toISOString() };
        return json(201, commentJson(comment));
      }
      if (req.method === "PATCH" && p.startsWith(`${prefix}/issues/comments/`)) {
        comment.body = body.body;
        return json(200, commentJson(comment));
      }
      json(404, { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" });
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    counts,
    checks,
    /** A push: the pull request now has these files at `pull.head`. */
    setPull: (next) => {
      pull = next;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** An OpenAI-compatible reviewer that approves every call with the round's token (at once, or after
 * `delayMs`, a reviewer that takes its time), or blocks a call whose prompt shows the file `blockFile`,
 * and counts the prompt bytes it was sent. */
export async function startReviewer({ delayMs = 0, blockFile } = {}) {
  // `spans`: when each call arrived and when its answer was sent (performance.now(), milliseconds).
  // `blockShown`: the calls whose prompt showed `blockFile`.
  const counts = { calls: 0, promptBytes: 0, blockShown: 0, spans: [] };
  const server = http.createServer((req, res) => {
    const arrived = performance.now();
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const request = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const prompt = request.messages.map((m) => m.content).join("\n");
      counts.calls += 1;
      counts.promptBytes += Buffer.byteLength(prompt);
      const token = /===VERDICT=== <value> ([0-9a-z]{26,128})/.exec(prompt)?.[1] ?? "none";
      const blocks = blockFile !== undefined && prompt.includes(`diff --git a/${blockFile} `);
      if (blocks) counts.blockShown += 1;
      const content = blocks
        ? `BLOCKING: ${blockFile}:1 — the value must not be exported\n\n===VERDICT=== REQUEST_CHANGES ${token}`
        : `No blocking issues.\n\n===VERDICT=== APPROVE ${token}`;
      const text = JSON.stringify({
        id: "chatcmpl-bench",
        object: "chat.completion",
        created: 1_700_000_000,
        model: "gpt-4o",
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content,
              refusal: null,
            },
            logprobs: null,
            finish_reason: "stop",
          },
        ],
        usage: {
          prompt_tokens: Math.ceil(Buffer.byteLength(prompt) / 4),
          completion_tokens: 20,
          total_tokens: 0,
        },
      });
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
        res.end(text);
        counts.spans.push({ arrived, answered: performance.now() });
      }, delayMs);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    counts,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const ACTION = parse(readFileSync(path.join(here, "..", "action.yml"), "utf8"));

/** Runs the bundled action once as a runner would; returns wall seconds, the child's peak RSS (from a
 * preloaded exit hook: `process.resourceUsage().maxRSS`), its outputs and exit code. */
export async function runAction({ github, reviewer, env = {}, inputs = {}, head = HEAD }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vg-bench-"));
  const workspace = path.join(dir, "workspace");
  mkdirSync(path.join(workspace, ".git"), { recursive: true });
  writeFileSync(path.join(workspace, ".git", "HEAD"), `${head}\n`);
  writeFileSync(path.join(workspace, "README.md"), "# bench\n");
  const event = path.join(dir, "event.json");
  writeFileSync(
    event,
    JSON.stringify({
      action: "opened",
      number: 1,
      pull_request: { number: 1, head: { sha: head }, base: { sha: BASE } },
      repository: { full_name: REPO, name: "bench", owner: { login: "bench-org" } },
    }),
  );
  const output = path.join(dir, "output");
  const summary = path.join(dir, "summary");
  const usage = path.join(dir, "usage.json");
  const preload = path.join(dir, "usage.cjs");
  writeFileSync(output, "");
  writeFileSync(summary, "");
  writeFileSync(
    preload,
    `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(usage)}, JSON.stringify(process.resourceUsage())));\n`,
  );
  const all = {};
  for (const [name, spec] of Object.entries(ACTION.inputs)) all[name] = String(spec.default ?? "");
  Object.assign(
    all,
    {
      "github-token": TOKEN,
      provider: "openai",
      model: "gpt-4o",
      "api-key": KEY,
      "base-url": reviewer.baseUrl,
    },
    inputs,
  );
  const childEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? dir,
    RUNNER_TEMP: dir,
    GITHUB_ACTIONS: "true",
    GITHUB_EVENT_NAME: "pull_request",
    GITHUB_EVENT_PATH: event,
    GITHUB_REPOSITORY: REPO,
    GITHUB_SHA: MERGE,
    GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_RUN_ID: "1",
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
    ...env,
  };
  for (const [name, value] of Object.entries(all))
    childEnv[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] = value;
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ["--require", preload, path.join(bundleDir(), "index.js")], {
    env: childEnv,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const [code] = await once(child, "exit");
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const outputs = {};
  const lines = readFileSync(output, "utf8").split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    const m = /^([^<=]+)<<(.+)$/.exec(lines[i]);
    if (!m) continue;
    const value = [];
    for (i += 1; i < lines.length && lines[i] !== m[2]; i += 1) value.push(lines[i]);
    outputs[m[1]] = value.join("\n");
  }
  const summaryChars = readFileSync(summary, "utf8").length;
  let maxRssMiB = null;
  try {
    maxRssMiB = Number((JSON.parse(readFileSync(usage, "utf8")).maxRSS / 1024).toFixed(1));
  } catch {
    // The child died before its exit hook ran.
  }
  rmSync(dir, { recursive: true, force: true });
  return { code, seconds, maxRssMiB, outputs, summaryChars, stderr: stderr.slice(-2000) };
}
