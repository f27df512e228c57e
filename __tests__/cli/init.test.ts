// `verdict-gate init`, in-process: it writes a starter workflow whose gate step uses only real action
// inputs and a starter contract that loads (and passes on an empty change), for each reviewer choice,
// and it never overwrites — either both files are written or neither is.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { REVIEWER_SETUP_DIRECTORY, roundConcurrencyGroup } from "../../src/cli/templates/gate-job.js";
import {
  ACTION_REF,
  CONTRACT_PATH,
  DOCS_URL,
  SCHEMA_URL,
  WORKFLOW_PATH,
} from "../../src/cli/templates/project.js";
import { loadContract } from "../../src/criteria/index.js";
import { COMMAND_DEFAULT_WINDOW } from "../../src/providers/context-window.js";
import { INPUT } from "../../src/settings/inputs.js";
import { DEFAULT_MODEL } from "../../src/settings/models.js";
import { runCaptured } from "../support/cli-io.js";
import { blobId } from "../support/local-diff.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "vg-init-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function init(args: string[]) {
  return runCaptured(["init", ...args], { cwd: dir });
}

/** A workflow expression naming a repository secret, as the starter workflow writes it. */
const secret = (name: string) => `$${"{{"} secrets.${name} }}`;

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

function gateStep(): Step {
  const workflow = parseYaml(readFileSync(path.join(dir, WORKFLOW_PATH), "utf8")) as {
    jobs: { gate: { steps: Step[] } };
  };
  const step = workflow.jobs.gate.steps.find((s) => s.uses === ACTION_REF);
  if (step === undefined) throw new Error("no verdict-gate step");
  return step;
}

describe("init, issue 35: where it writes, and .gitignore", () => {
  it("--help says it writes at the repository's top level, which is where it writes from a subdirectory", async () => {
    const help = await init(["--help"]);
    expect(help.out).toContain(
      `writes ${WORKFLOW_PATH} and ${CONTRACT_PATH} at the top level of the git repository that holds\n  DIR (default: the current directory)`,
    );
    expect(help.out).not.toContain("into DIR (default: the current directory)");
    mkdirSync(path.join(dir, ".git"));
    mkdirSync(path.join(dir, "src"));
    const r = await runCaptured(["init"], { cwd: path.join(dir, "src") });
    expect(r.code, r.err).toBe(0);
    expect(existsSync(path.join(dir, WORKFLOW_PATH))).toBe(true);
    expect(existsSync(path.join(dir, "src", WORKFLOW_PATH))).toBe(false);
    expect(r.err).toContain(`writing at the repository's top level ${dir}`);
  });

  it("creates .gitignore ignoring .verdict-gate/ when there is none, and says so", async () => {
    const r = await init([]);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(path.join(dir, ".gitignore"), "utf8")).toBe(
      "# verdict-gate's local files (eval caches, mined sets): never committed\n.verdict-gate/\n",
    );
    expect(r.out).toContain("wrote .gitignore (ignoring .verdict-gate/)\n");
  });

  it("appends to an existing .gitignore once, after a last line without a newline, keeping what it had", async () => {
    writeFileSync(path.join(dir, ".gitignore"), "node_modules/\ndist");
    const r = await init([]);
    expect(r.out).toContain("added .verdict-gate/ to .gitignore\n");
    const once = readFileSync(path.join(dir, ".gitignore"), "utf8");
    expect(once).toBe(
      "node_modules/\ndist\n# verdict-gate's local files (eval caches, mined sets): never committed\n.verdict-gate/\n",
    );
    // Again (the starter files moved aside): nothing is added twice.
    rmSync(path.join(dir, ".github"), { recursive: true });
    const again = await init([]);
    expect(again.code).toBe(0);
    expect(again.out).not.toContain(".gitignore");
    expect(readFileSync(path.join(dir, ".gitignore"), "utf8")).toBe(once);
  });

  it.each([".verdict-gate", "/.verdict-gate/", "  .verdict-gate/  ", ".verdict-gate/**"])(
    "leaves a .gitignore that already ignores it (%j) as it is",
    async (line) => {
      writeFileSync(path.join(dir, ".gitignore"), `build/\n${line}\n`);
      const r = await init([]);
      expect(r.code).toBe(0);
      expect(readFileSync(path.join(dir, ".gitignore"), "utf8")).toBe(`build/\n${line}\n`);
      expect(r.out).not.toContain(".gitignore");
    },
  );

  it("writes no .gitignore when it refuses (a starter file exists)", async () => {
    mkdirSync(path.join(dir, ".github"), { recursive: true });
    writeFileSync(path.join(dir, CONTRACT_PATH), "{}");
    expect((await init([])).code).toBe(2);
    expect(existsSync(path.join(dir, ".gitignore"))).toBe(false);
  });
});

describe("init", () => {
  it("writes a workflow and a contract, and says what to do next", async () => {
    const r = await init([]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`wrote ${WORKFLOW_PATH}`);
    expect(r.out).toContain("gh secret set OPENAI_API_KEY");
    expect(gateStep().with).toMatchObject({
      provider: "openai",
      model: DEFAULT_MODEL.openai,
      "api-key": secret("OPENAI_API_KEY"),
    });
    const contract = loadContract(readFileSync(path.join(dir, CONTRACT_PATH), "utf8"), CONTRACT_PATH);
    expect(contract.$schema).toBe(SCHEMA_URL);
    expect(contract.success_criteria.length).toBeGreaterThan(0);
  });

  it.each([
    [["--provider", "anthropic"], { provider: "anthropic", model: DEFAULT_MODEL.anthropic }],
    [
      ["--provider", "anthropic", "--model", "claude-opus-5-5"],
      { provider: "anthropic", model: "claude-opus-5-5" },
    ],
    // A command reviewer's window is said, not assumed (the 8,192 once assumed held ordinary PRs).
    [
      ["--provider", "command"],
      { provider: "command", command: "claude -p", "context-window": COMMAND_DEFAULT_WINDOW },
    ],
    [
      ["--command", "codex exec --skip-git-repo-check -"],
      {
        provider: "command",
        command: "codex exec --skip-git-repo-check -",
        "context-window": 400_000,
      },
    ],
  ])("%j writes a gate step with %j", async (args, expected) => {
    const r = await init(args);
    expect(r.code, r.err).toBe(0);
    expect(gateStep().with).toMatchObject(expected);
  });

  it("installs the reviewer CLI as the reusable workflow does: from runner.temp, never in the checkout", async () => {
    await init(["--provider", "command"]);
    const workflow = parseYaml(readFileSync(path.join(dir, WORKFLOW_PATH), "utf8")) as {
      jobs: { gate: { steps: (Step & { "working-directory"?: string })[] } };
    };
    const steps = workflow.jobs.gate.steps;
    const install = steps.find((s) => s.run?.includes("npm install --global @anthropic-ai/claude-code"));
    const reusable = parseYaml(readFileSync(".github/workflows/verdict-gate.yml", "utf8")) as {
      jobs: { gate: { steps: { run?: string; "working-directory"?: string }[] } };
    };
    const setup = reusable.jobs.gate.steps.find((s) => s.run?.includes("REVIEWER_SETUP"));
    expect(install?.["working-directory"]).toBe(REVIEWER_SETUP_DIRECTORY);
    expect(install?.["working-directory"]).toBe(setup?.["working-directory"]);
    // After the checkout, before the gate.
    const checkout = steps.findIndex((s) => s.uses?.startsWith("actions/checkout"));
    expect(steps.indexOf(install as never)).toBeGreaterThan(checkout);
    expect(steps.indexOf(install as never)).toBeLessThan(steps.findIndex((s) => s.uses === ACTION_REF));
  });

  it("says which dependencies the workflow re-evaluates, and links the dependencies workflow for the rest", async () => {
    const r = await init([]);
    expect(r.out).toContain("A `label` in `requires` is re-evaluated by this workflow's");
    expect(r.out).toContain("`labeled` event");
    expect(r.out).toContain(`${DOCS_URL}/workflows.md#re-evaluating-dependencies`);
    const workflow = parseYaml(readFileSync(path.join(dir, WORKFLOW_PATH), "utf8")) as {
      on: { pull_request: { types: string[] } };
    };
    expect(workflow.on.pull_request.types).toEqual(expect.arrayContaining(["labeled", "unlabeled"]));
    // The starter contract needs no other trigger: it requires nothing.
    const contract = loadContract(readFileSync(path.join(dir, CONTRACT_PATH), "utf8"), CONTRACT_PATH);
    expect(contract.requires).toEqual([]);
  });

  it("the starter contract passes on a change that adds an image, naming the image", async () => {
    await init([]);
    const logo = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "assets", "logo.png"), logo);
    const diff = [
      "diff --git a/assets/logo.png b/assets/logo.png",
      "new file mode 100644",
      `index 0000000..${blobId(logo).slice(0, 7)}`,
      "Binary files /dev/null and b/assets/logo.png differ",
      "diff --git a/README.md b/README.md",
      "--- a/README.md",
      "+++ b/README.md",
      "@@ -1 +1,2 @@",
      " # Readme",
      "+The logo.",
      "",
    ].join("\n");
    writeFileSync(path.join(dir, "README.md"), "# Readme\nThe logo.\n");
    writeFileSync(path.join(dir, "change.diff"), diff);
    const r = await runCaptured(["check", "--base-path", ".", "--diff", "change.diff", "--json"], {
      cwd: dir,
    });
    expect(r.code, r.out + r.err).toBe(0);
    const checks = JSON.parse(r.out).checks as { id: string; status: string; reason: string }[];
    expect(checks.find((c) => c.id === "no-private-keys")?.reason).toContain(
      '1 binary file passed over ("binary_files": "skip"): assets/logo.png',
    );
  });

  it("the starter contract means what it meant before a glob without / matched at any depth", async () => {
    await init([]);
    const contract = JSON.parse(readFileSync(path.join(dir, CONTRACT_PATH), "utf8")) as {
      success_criteria: Record<string, unknown>[];
    };
    // Its diff criteria read every file (no `paths`) and its path criterion names one literal path, so
    // the glob dialect's change (docs/contract.md, "Changed in this release") moves none of its verdicts.
    const globs = contract.success_criteria.flatMap((c) =>
      ["paths", "globs", "when_changed", "must_change"].flatMap((k) => (c[k] as string[] | undefined) ?? []),
    );
    expect(globs).toEqual([]);
    expect(contract.success_criteria.map((c) => `${c.type} ${c.path ?? ""}`.trim())).toEqual([
      "diff_added_absent",
      "diff_added_absent",
      "path_absent .env",
    ]);
  });

  it("passes a command reviewer its own key, and installs claude only when it is the reviewer", async () => {
    await init(["--provider", "command"]);
    const text = readFileSync(path.join(dir, WORKFLOW_PATH), "utf8");
    expect(text).toContain("npm install --global @anthropic-ai/claude-code");
    expect(gateStep().env).toEqual({ ANTHROPIC_API_KEY: secret("ANTHROPIC_API_KEY") });
    rmSync(path.join(dir, ".github"), { recursive: true });
    await init(["--command", "codex exec -"]);
    expect(readFileSync(path.join(dir, WORKFLOW_PATH), "utf8")).not.toContain("claude-code");
  });

  it("uses only inputs action.yml declares, the least permissions, and one round per PR at a time", async () => {
    for (const provider of ["openai", "anthropic", "command"]) {
      rmSync(path.join(dir, ".github"), { recursive: true, force: true });
      await init(["--provider", provider]);
      const inputs = new Set<string>(Object.values(INPUT));
      for (const name of Object.keys(gateStep().with ?? {})) expect(inputs, name).toContain(name);
      const workflow = parseYaml(readFileSync(path.join(dir, WORKFLOW_PATH), "utf8")) as {
        on: { pull_request: { types: string[] } };
        permissions: Record<string, string>;
        concurrency?: unknown;
        jobs: { gate: { concurrency: Record<string, unknown> } };
      };
      // Rounds of one PR share its history comment: queued in the one group every documented
      // workflow uses, never run at once, never cancelled. Job-level, where the name can read `matrix`.
      expect(workflow.concurrency).toBeUndefined();
      // The starter has a `pr` input and no matrix: `matrix.pr` there is a finding of actionlint's.
      expect(workflow.jobs.gate.concurrency).toEqual({
        group: roundConcurrencyGroup({ input: true, matrix: false }),
        "cancel-in-progress": false,
      });
      expect(workflow.permissions).toEqual({
        contents: "read",
        checks: "write",
        issues: "write",
        "pull-requests": "write",
        statuses: "read",
      });
      // A retarget (`edited`) starts a round: the new base brings its own contract.
      expect(workflow.on.pull_request.types).toContain("edited");
    }
  });

  it("refuses to overwrite either file, names it, and writes nothing (exit 2)", async () => {
    mkdirSync(path.join(dir, ".github"));
    writeFileSync(path.join(dir, CONTRACT_PATH), "{}\n");
    const r = await init([]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${CONTRACT_PATH} already exists`);
    expect(existsSync(path.join(dir, WORKFLOW_PATH))).toBe(false);
    expect(readFileSync(path.join(dir, CONTRACT_PATH), "utf8")).toBe("{}\n");
    const again = await init(["--dir", "."]);
    expect(again.code).toBe(2);
  });

  it("run from a subdirectory of a repository, writes at its top level, where GitHub reads workflows", async () => {
    mkdirSync(path.join(dir, ".git"));
    mkdirSync(path.join(dir, "src", "lib"), { recursive: true });
    const r = await runCaptured(["init"], { cwd: path.join(dir, "src", "lib") });
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe(
      `verdict-gate init: writing at the repository's top level ${dir}: GitHub reads workflows only from .github/workflows there\n`,
    );
    expect(r.out).toContain(`wrote ${path.join("..", "..", WORKFLOW_PATH)}\n`);
    expect(existsSync(path.join(dir, WORKFLOW_PATH))).toBe(true);
    expect(existsSync(path.join(dir, "src", "lib", ".github"))).toBe(false);
  });

  it("refuses (exit 2) a --dir below a repository's top level: a workflow there would never run", async () => {
    mkdirSync(path.join(dir, ".git"));
    mkdirSync(path.join(dir, "src"));
    const r = await init(["--dir", "src"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `verdict-gate init: --dir src: ${path.join(dir, "src")} is inside the git repository ${dir}, below its top level; GitHub reads workflows only from .github/workflows at the top level, so one written here would never run (--dir . writes it there)\n`,
    );
    expect(existsSync(path.join(dir, "src", ".github"))).toBe(false);
  });

  it("says in words why a file cannot be written (exit 2, never an internal error), and leaves nothing half-written", async () => {
    // A file where the .github directory should be: as root, a read-only directory is writable, but
    // this fails the same way, through the same path (EACCES reads "permission denied" there).
    writeFileSync(path.join(dir, ".github"), "not a directory\n");
    const r = await init([]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `verdict-gate init: cannot write ${WORKFLOW_PATH} in ${dir}: a part of the path is a file, not a directory; nothing was written\n`,
    );
    expect(r.err).not.toMatch(/ENOTDIR|EEXIST|internal error/);
  });

  it("writes into --dir, and refuses what it cannot use (exit 2)", async () => {
    mkdirSync(path.join(dir, "repo"));
    expect((await init(["--dir", "repo"])).code).toBe(0);
    expect(existsSync(path.join(dir, "repo", WORKFLOW_PATH))).toBe(true);
    expect((await init(["--dir", "missing"])).code).toBe(2);
    expect((await init(["--provider", "gemini"])).err).toContain(
      '--provider: expects openai, anthropic, command; got "gemini" (Gemini, Ollama, OpenRouter and Azure OpenAI are reached through openai with their base-url: write the openai starter and change its step as docs/reviewers.md shows)',
    );
    expect((await init(["--provider", "anthropc"])).err).toContain("; did you mean anthropic?");
    expect((await init(["--provider", "openai", "--command", "claude -p"])).code).toBe(2);
    expect((await init(["--model", "line\nbreak"])).code).toBe(2);
  });
});
