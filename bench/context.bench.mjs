// What the reviewer's context costs, measured (issue 25): the bundled CLI's `verdict-gate review` on a
// synthetic repository (JavaScript classes and functions that call each other across modules, and
// Python modules), for twelve changes of the kinds a pull request makes (a line inside a method, a call
// added, a function removed, a signature changed), each with `--context none`, `hunks` and `auto`. A
// command reviewer records every prompt it is sent and approves. Reported: prompt tokens (the gate's
// estimate, three bytes a token) per mode, per diff token, and as a ratio to `none` — the target is at
// most 2.5 times for `auto` — and the context each call carried. Then the same round on a 50,000-file
// tracked tree, timed with and without context: the word search's bounds in figures.
// Measures build/dist/cli/index.js (or BENCH_DIST's).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { log, median, packageBundleDir } from "./common.mjs";

const cli = path.join(packageBundleDir(), "cli", "index.js");
const MODES = ["none", "hunks", "auto"];
const TARGET = 2.5;

/** A deterministic generator, so every run measures the same repository. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const JS_MODULES = 60;
const PY_MODULES = 20;

function jsModule(i, rnd) {
  const next = (i + 1) % JS_MODULES;
  const far = (i + 7) % JS_MODULES;
  const lines = [
    `import { compute${next}, normalize${far} } from "./mod${next}.js";`,
    "",
    `// Module ${i}: accounts of kind ${i}.`,
    `export const LIMIT_${i} = ${100 + i};`,
    "",
    `export class Ledger${i} {`,
    "  constructor(entries) {",
    "    this.entries = entries;",
    "    this.closed = false;",
    "  }",
    "",
  ];
  for (let m = 0; m < 3; m += 1) {
    lines.push(`  // Method ${m} of ledger ${i}.`, `  method${m}(input) {`, "    let total = 0;");
    const body = 6 + Math.floor(rnd() * 10);
    for (let b = 0; b < body; b += 1) {
      lines.push(
        b % 3 === 0
          ? `    total += compute${next}(input, ${b});`
          : b % 3 === 1
            ? `    if (total > LIMIT_${i}) total = normalize${far}(total);`
            : `    total = Math.max(total, this.entries.length * ${b});`,
      );
    }
    lines.push("    return total;", "  }", "");
  }
  lines.push("}", "");
  lines.push(
    `/** Computes step ${i}. */`,
    `export function compute${i}(input, step) {`,
    "  const value = Number(input) + step;",
    `  return value > LIMIT_${i} ? LIMIT_${i} : value;`,
    "}",
    "",
    `export function normalize${i}(value) {`,
    `  return Math.round(value / ${i + 1}) * ${i + 1};`,
    "}",
    "",
  );
  for (let h = 0; h < 4; h += 1) {
    lines.push(`function helper${i}_${h}(x) {`, `  return x * ${h + 2} - ${i};`, "}", "");
  }
  return lines.join("\n");
}

function pyModule(i) {
  const next = (i + 1) % PY_MODULES;
  return [
    `from .pmod${next} import load_${next}`,
    "",
    "",
    `class Store${i}:`,
    `    """Store ${i}."""`,
    "",
    "    def __init__(self, path):",
    "        self.path = path",
    "",
    "    def read(self):",
    "        with open(self.path) as f:",
    "            data = f.read()",
    `        return load_${next}(data)`,
    "",
    "    def write(self, data):",
    "        with open(self.path, 'w') as f:",
    "            f.write(data)",
    "",
    "",
    `def load_${i}(text):`,
    "    rows = text.splitlines()",
    "    return [r.strip() for r in rows if r]",
    "",
  ].join("\n");
}

/** A repository with the synthetic modules committed; `extra` files are tracked too. */
function repository(extra = 0) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vg-bench-context-"));
  const rnd = random(25);
  mkdirSync(path.join(dir, "src"));
  mkdirSync(path.join(dir, "py"));
  mkdirSync(path.join(dir, ".github"));
  for (let i = 0; i < JS_MODULES; i += 1)
    writeFileSync(path.join(dir, "src", `mod${i}.js`), jsModule(i, rnd));
  for (let i = 0; i < PY_MODULES; i += 1) writeFileSync(path.join(dir, "py", `pmod${i}.py`), pyModule(i));
  for (let i = 0; i < extra; i += 1) {
    const sub = path.join(dir, "lib", `g${Math.floor(i / 500)}`);
    if (i % 500 === 0) mkdirSync(sub, { recursive: true });
    writeFileSync(path.join(sub, `f${i}.js`), `export const generated${i} = ${i};\n`);
  }
  writeFileSync(
    path.join(dir, ".github", "verdict-contract.json"),
    JSON.stringify({
      intended_action: "Change the ledgers",
      success_criteria: [{ id: "src", type: "dir_exists", path: "src", description: "the sources exist" }],
    }),
  );
  const git = (...args) =>
    execFileSync("git", ["-c", "user.email=b@example.com", "-c", "user.name=b", ...args], {
      cwd: dir,
      maxBuffer: 256 * 1024 * 1024,
    });
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-qm", "base");
  return { dir, git };
}

/** Twelve changes: each edits the working tree; `git diff` is then the change. */
const CHANGES = [
  [
    "a line inside a method",
    (t) => t.js(3, "    let total = 0;\n", "    let total = this.closed ? 0 : 1;\n", 1),
  ],
  ["a call added in a method", (t) => t.js(8, "    return total;\n", "    return normalize15(total);\n", 2)],
  [
    "a function's body changed",
    (t) => t.js(12, "  const value = Number(input) + step;\n", "  const value = Number(input) * step;\n"),
  ],
  ["a function removed", (t) => t.js(20, /export function normalize20\(value\) \{\n.*\n\}\n/, "")],
  [
    "a signature changed",
    (t) =>
      t.js(
        31,
        "export function compute31(input, step) {\n",
        "export function compute31(input, step, scale = 1) {\n",
      ),
  ],
  ["a constant changed", (t) => t.js(40, "export const LIMIT_40 = 140;\n", "export const LIMIT_40 = 40;\n")],
  [
    "two hunks in one file",
    (t) => {
      t.js(44, "    this.closed = false;\n", "    this.closed = entries.length === 0;\n");
      t.js(44, "  return Math.round(value / 45) * 45;\n", "  return Math.floor(value / 45) * 45;\n");
    },
  ],
  [
    "two files changed",
    (t) => {
      t.js(50, "    this.entries = entries;\n", "    this.entries = [...entries];\n");
      t.js(51, "  const value = Number(input) + step;\n", "  const value = Number(input ?? 0) + step;\n");
    },
  ],
  [
    "a helper rewritten",
    (t) =>
      t.js(
        55,
        "function helper55_2(x) {\n  return x * 4 - 55;\n}\n",
        "function helper55_2(x) {\n  if (x < 0) return 0;\n  return x * 4 - 55;\n}\n",
      ),
  ],
  [
    "a Python method changed",
    (t) => t.py(4, "            data = f.read()\n", "            data = f.read().strip()\n"),
  ],
  ["a Python call added", (t) => t.py(9, "    rows = text.splitlines()\n", "    rows = load_10(text)\n")],
  [
    "a new method",
    (t) =>
      t.js(
        58,
        "  // Method 2 of ledger 58.\n",
        "  close() {\n    this.closed = true;\n    return compute59(this.entries, 0);\n  }\n\n  // Method 2 of ledger 58.\n",
      ),
  ],
];

function editor(dir) {
  const edit = (file, from, to, count = 1) => {
    let text = readFileSync(file, "utf8");
    for (let n = 0; n < count; n += 1) {
      const next = text.replace(from, to);
      if (next === text) throw new Error(`bench: ${file}: ${from} not found`);
      text = next;
    }
    writeFileSync(file, text);
  };
  return {
    js: (i, from, to, count) => edit(path.join(dir, "src", `mod${i}.js`), from, to, count),
    py: (i, from, to) => edit(path.join(dir, "py", `pmod${i}.py`), from, to),
  };
}

const REVIEWER = `import { appendFileSync } from "node:fs";
const chunks = [];
process.stdin.on("data", (c) => chunks.push(c));
process.stdin.on("end", () => {
  const prompt = Buffer.concat(chunks).toString("utf8");
  appendFileSync(process.env.BENCH_PROMPTS, JSON.stringify({ prompt }) + "\\n");
  const token = /===VERDICT=== <value> ([0-9a-z]{26,128})/.exec(prompt)?.[1] ?? "";
  process.stdout.write("No blocking issues.\\n\\n===VERDICT=== APPROVE " + token + "\\n");
});
`;

const estimate = (text) => Math.ceil(Buffer.byteLength(text, "utf8") / 3);

/** The fenced diff of a prompt. */
function diffOf(prompt) {
  const open = /^<<<BEGIN UNTRUSTED DIFF ([0-9a-f]+)>>>$/m.exec(prompt);
  if (open === null) throw new Error("bench: a prompt without a diff");
  const start = prompt.indexOf(open[0]) + open[0].length + 1;
  return prompt.slice(start, prompt.indexOf(`<<<END UNTRUSTED DIFF ${open[1]}>>>`));
}

/** One `verdict-gate review` of the working tree's change in `mode`: its prompts and wall time. */
function review(dir, diff, mode, tmp) {
  const prompts = path.join(tmp, "prompts.jsonl");
  writeFileSync(prompts, "");
  const started = process.hrtime.bigint();
  const r = spawnSync(
    process.execPath,
    [
      cli,
      "review",
      "--command",
      `${process.execPath} ${path.join(tmp, "reviewer.mjs")}`,
      "--context",
      mode,
      "--json",
    ],
    {
      cwd: dir,
      input: diff,
      env: { PATH: process.env.PATH, BENCH_PROMPTS: prompts },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (r.status !== 0) throw new Error(`bench: review --context ${mode} exited ${r.status}: ${r.stderr}`);
  const json = JSON.parse(r.stdout.toString());
  const sent = readFileSync(prompts, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l).prompt);
  return {
    prompts: sent,
    calls: json.reviewer.calls,
    notes: json.notes,
    seconds,
    context: json.reviewer.context,
  };
}

const tmp = mkdtempSync(path.join(os.tmpdir(), "vg-bench-reviewer-"));
writeFileSync(path.join(tmp, "reviewer.mjs"), REVIEWER);

log(
  `context: a repository of ${JS_MODULES} JavaScript and ${PY_MODULES} Python modules, ${CHANGES.length} changes`,
);
const repo = repository();
const totals = Object.fromEntries(
  MODES.map((m) => [m, { promptTokens: 0, diffTokens: 0, calls: 0, contextBlocks: 0 }]),
);
const cases = [];
for (const [name, change] of CHANGES) {
  change(editor(repo.dir));
  const diff = repo.git("diff").toString();
  const row = { change: name };
  for (const mode of MODES) {
    const run = review(repo.dir, diff, mode, tmp);
    const promptTokens = run.prompts.reduce((n, p) => n + estimate(p), 0);
    const diffTokens = run.prompts.reduce((n, p) => n + estimate(diffOf(p)), 0);
    const blocks = run.calls.reduce((n, c) => n + (c.context?.blocks ?? 0), 0);
    totals[mode].promptTokens += promptTokens;
    totals[mode].diffTokens += diffTokens;
    totals[mode].calls += run.prompts.length;
    totals[mode].contextBlocks += blocks;
    row[mode] = { promptTokens, blocks };
  }
  row.autoToNone = Number((row.auto.promptTokens / row.none.promptTokens).toFixed(2));
  row.hunksToNone = Number((row.hunks.promptTokens / row.none.promptTokens).toFixed(2));
  log(
    `  ${name}: none ${row.none.promptTokens}, hunks ${row.hunks.promptTokens} (${row.hunksToNone}×), auto ${row.auto.promptTokens} (${row.autoToNone}×) tokens`,
  );
  cases.push(row);
  repo.git("checkout", "-q", "--", ".");
}
rmSync(repo.dir, { recursive: true, force: true });

const modes = {};
for (const mode of MODES) {
  const t = totals[mode];
  modes[mode] = {
    ...t,
    promptTokensPerDiffToken: Number((t.promptTokens / t.diffTokens).toFixed(2)),
    toNone: Number((t.promptTokens / totals.none.promptTokens).toFixed(2)),
  };
  log(
    `  ${mode}: ${t.promptTokens} prompt tokens for ${t.diffTokens} diff tokens (${modes[mode].promptTokensPerDiffToken} per diff token, ${modes[mode].toNone}× none)`,
  );
}

// The same kind of round on a tree of 50,000 tracked files: the search's bounds, in seconds.
const LARGE = 50_000;
log(
  `context: a tree of ${LARGE.toLocaleString("en-US")} tracked files (writing and adding them takes a while)`,
);
const large = repository(LARGE - JS_MODULES - PY_MODULES - 1);
editor(large.dir).js(8, "    return total;\n", "    return normalizeMissing(total);\n", 1);
const largeDiff = large.git("diff").toString();
const timed = {};
for (const mode of ["none", "auto"]) {
  const runs = [0, 1, 2].map(() => review(large.dir, largeDiff, mode, tmp));
  timed[mode] = {
    medianSeconds: Number(median(runs.map((r) => r.seconds)).toFixed(3)),
    ...(mode === "auto" ? { context: runs[0].context ?? null } : {}),
  };
  log(`  ${mode}: median ${timed[mode].medianSeconds} s${mode === "auto" ? ` — ${runs[0].context}` : ""}`);
}
// A git process may still be writing under .git as the tree goes: retried, as rm -rf would be.
rmSync(large.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
rmSync(tmp, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });

process.stdout.write(
  `${JSON.stringify({
    bundle: cli,
    loadAverageAtEnd: os.loadavg().map((x) => Number(x.toFixed(2))),
    repository: { javascriptModules: JS_MODULES, pythonModules: PY_MODULES, changes: CHANGES.length },
    target: { autoToNone: TARGET, met: modes.auto.toNone <= TARGET },
    modes,
    cases,
    largeTree: { trackedFiles: LARGE, ...timed },
  })}\n`,
);
