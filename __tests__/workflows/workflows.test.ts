// Every workflow a user might copy — the files in .github/workflows/ and every ```yaml block in the
// docs — parses, names only inputs the action (or the reusable workflow) declares, and keeps the rules
// docs/workflows.md states: the head checked out as data without credentials, nothing run after it
// under a privileged trigger, the permissions the gate needs, and one round per pull request at a
// time. The reusable workflow mirrors action.yml: a renamed or added input cannot leave it behind.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ACTION_REF } from "../../src/cli/templates/project.js";

type Mapping = Record<string, unknown>;

interface ActionYml {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, unknown>;
}

const ACTION = parse(readFileSync("action.yml", "utf8")) as ActionYml;
const REUSABLE_PATH = ".github/workflows/verdict-gate.yml";
const REUSABLE_REF = "verdict-gate/verdict-gate/.github/workflows/verdict-gate.yml@v1";
/** Inputs the reusable workflow has that the action has not, each for a documented reason. */
const REUSABLE_ONLY_INPUTS = ["reviewer-setup"];
/** Action inputs the reusable workflow does not take as inputs: it passes its own token, and the key
 * is a secret so that no log shows it. */
const NOT_REUSABLE_INPUTS = ["github-token", "api-key"];
const GATE_PERMISSIONS = {
  contents: "read",
  checks: "write",
  "pull-requests": "write",
  statuses: "read",
};

interface Workflow {
  source: string;
  doc: Mapping;
}

function yamlBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
}

function docFiles(): string[] {
  return [
    "README.md",
    ...readdirSync("docs")
      .filter((f) => f.endsWith(".md"))
      .map((f) => path.join("docs", f)),
  ];
}

/** Every workflow: the repository's own, and every YAML block in the docs that is one (has `jobs`). */
function allWorkflows(): Workflow[] {
  const found: Workflow[] = [];
  for (const file of readdirSync(".github/workflows").filter((f) => /\.ya?ml$/.test(f))) {
    const source = path.join(".github/workflows", file);
    found.push({ source, doc: parse(readFileSync(source, "utf8")) as Mapping });
  }
  for (const file of docFiles()) {
    for (const [i, block] of yamlBlocks(readFileSync(file, "utf8")).entries()) {
      const doc = parse(block) as unknown;
      if (doc !== null && typeof doc === "object" && "jobs" in doc)
        found.push({ source: `${file} (yaml block ${i + 1})`, doc: doc as Mapping });
    }
  }
  return found;
}

interface Job {
  id: string;
  body: Mapping;
  steps: Mapping[];
}

function jobs(workflow: Workflow): Job[] {
  const all = (workflow.doc.jobs ?? {}) as Record<string, Mapping>;
  return Object.entries(all).map(([id, body]) => ({
    id,
    body,
    steps: (body.steps ?? []) as Mapping[],
  }));
}

const isGateStep = (step: Mapping) =>
  typeof step.uses === "string" && /^(verdict-gate\/verdict-gate@|\.\/?$)/.test(step.uses);
const isReusableCall = (job: Job) =>
  typeof job.body.uses === "string" &&
  job.body.uses.startsWith("verdict-gate/verdict-gate/.github/workflows/");
const runsGate = (job: Job) => job.steps.some(isGateStep) || isReusableCall(job);

function reusable(): {
  inputs: Record<string, { default?: string; type?: string }>;
  secrets: Record<string, unknown>;
  outputs: Record<string, { value: string }>;
  doc: Mapping;
} {
  const doc = parse(readFileSync(REUSABLE_PATH, "utf8")) as Mapping;
  const call = (doc.on as Mapping).workflow_call as Mapping;
  return {
    inputs: call.inputs as Record<string, { default?: string; type?: string }>,
    secrets: call.secrets as Record<string, unknown>,
    outputs: call.outputs as Record<string, { value: string }>,
    doc,
  };
}

/** What is wrong with one workflow's use of the gate: `with:` names the callee does not declare. */
function inputProblems(workflow: Workflow): string[] {
  const problems: string[] = [];
  const declared = new Set(Object.keys(ACTION.inputs));
  const { inputs, secrets } = reusable();
  for (const job of jobs(workflow)) {
    for (const step of job.steps.filter(isGateStep)) {
      if (step.uses !== ACTION_REF) problems.push(`${job.id}: uses ${String(step.uses)}, not ${ACTION_REF}`);
      for (const name of Object.keys((step.with ?? {}) as Mapping))
        if (!declared.has(name)) problems.push(`${job.id}: the action has no input \`${name}\``);
    }
    if (isReusableCall(job)) {
      if (job.body.uses !== REUSABLE_REF)
        problems.push(`${job.id}: calls ${String(job.body.uses)}, not ${REUSABLE_REF}`);
      for (const name of Object.keys((job.body.with ?? {}) as Mapping))
        if (!(name in inputs)) problems.push(`${job.id}: the reusable workflow has no input \`${name}\``);
      const passed = job.body.secrets;
      if (passed !== "inherit")
        for (const name of Object.keys((passed ?? {}) as Mapping))
          if (!(name in secrets)) problems.push(`${job.id}: the reusable workflow has no secret \`${name}\``);
    }
  }
  return problems;
}

describe("every workflow in .github/workflows and the docs", () => {
  const workflows = allWorkflows();

  it("parses, and the docs have the workflows docs/workflows.md promises", () => {
    for (const w of workflows) {
      expect(w.doc.on ?? w.doc.true, `${w.source}: no trigger`).toBeDefined();
      expect(Object.keys((w.doc.jobs ?? {}) as Mapping).length, w.source).toBeGreaterThan(0);
    }
    const inDocs = workflows.filter((w) => w.source.startsWith("docs/workflows.md"));
    const triggers = new Set(inDocs.flatMap((w) => Object.keys(w.doc.on as Mapping)));
    for (const event of [
      "pull_request",
      "pull_request_target",
      "workflow_run",
      "workflow_dispatch",
      "schedule",
      "merge_group",
    ])
      expect(triggers, event).toContain(event);
    expect(inDocs.some((w) => jobs(w).some(isReusableCall))).toBe(true);
  });

  it("names only inputs the action declares, and only the reusable workflow's inputs and secrets", () => {
    const gated = workflows.filter((w) => jobs(w).some(runsGate));
    expect(gated.length).toBeGreaterThan(8);
    for (const w of gated) expect(inputProblems(w), w.source).toEqual([]);
  });

  it("catches a misspelt input, a `uses: ./` and an undeclared secret (the check can fail)", () => {
    const bad: Workflow = {
      source: "example",
      doc: parse(`
on: pull_request
jobs:
  a:
    runs-on: ubuntu-latest
    steps:
      - uses: ${ACTION_REF}
        with:
          max_rounds: "3"
      - uses: ./
  b:
    uses: ${REUSABLE_REF}
    with:
      api-key: leaked
    secrets:
      OPENAI_API_KEY: x
`) as Mapping,
    };
    expect(inputProblems(bad)).toEqual([
      "a: the action has no input `max_rounds`",
      `a: uses ./, not ${ACTION_REF}`,
      "b: the reusable workflow has no input `api-key`",
      "b: the reusable workflow has no secret `OPENAI_API_KEY`",
    ]);
  });
});

/** The triggers that run with write access and secrets on a pull request's behalf. */
const PRIVILEGED = ["pull_request_target", "workflow_run"];

describe("the safety rules of docs/workflows.md", () => {
  const checked = allWorkflows().filter(
    (w) => w.source.startsWith("docs/workflows.md") || w.source === REUSABLE_PATH,
  );

  it("checks out without credentials, and runs nothing after the checkout under a privileged trigger", () => {
    for (const w of checked) {
      const privileged = Object.keys(w.doc.on as Mapping).some((e) => PRIVILEGED.includes(e));
      for (const job of jobs(w)) {
        let checkedOut = false;
        for (const step of job.steps) {
          if (typeof step.uses === "string" && step.uses.startsWith("actions/checkout@")) {
            expect((step.with as Mapping | undefined)?.["persist-credentials"], `${w.source} ${job.id}`).toBe(
              false,
            );
            checkedOut = true;
          } else if (checkedOut && privileged && "run" in step) {
            expect.fail(`${w.source} ${job.id}: a run step after the checkout under ${PRIVILEGED.join("/")}`);
          }
        }
      }
    }
  });

  it("grants the gate's permissions and runs one round per pull request at a time", () => {
    for (const w of checked) {
      for (const job of jobs(w).filter(runsGate)) {
        const permissions = (job.body.permissions ?? w.doc.permissions) as Mapping;
        expect(permissions, `${w.source} ${job.id}`).toMatchObject(GATE_PERMISSIONS);
        if (isReusableCall(job)) continue; // the reusable workflow brings its own group
        const concurrency = (job.body.concurrency ?? w.doc.concurrency) as Mapping | undefined;
        expect(concurrency, `${w.source} ${job.id}: no concurrency group`).toBeDefined();
        expect(String(concurrency?.group), w.source).toMatch(/^verdict-gate-(round-)?\$\{\{/);
        expect(concurrency?.["cancel-in-progress"], w.source).toBe(false);
      }
    }
  });
});

describe("the reusable workflow mirrors action.yml", () => {
  const { inputs, secrets, outputs, doc } = reusable();
  const job = (doc.jobs as Record<string, Mapping>).gate as Mapping;
  const steps = job.steps as Mapping[];
  const gate = steps.find(isGateStep) as Mapping;

  it("takes every action input but the token and the key, with the same defaults", () => {
    const expected = Object.keys(ACTION.inputs).filter((n) => !NOT_REUSABLE_INPUTS.includes(n));
    expect(Object.keys(inputs).sort()).toEqual([...expected, ...REUSABLE_ONLY_INPUTS].sort());
    for (const name of expected) {
      expect(inputs[name]?.default, name).toBe(ACTION.inputs[name]?.default ?? "");
      expect(inputs[name]?.type, name).toBe("string");
    }
  });

  it("takes the reviewer's key as a secret and passes everything to the action by its published name", () => {
    expect(Object.keys(secrets)).toContain("api-key");
    expect(gate.uses).toBe(ACTION_REF);
    const withs = gate.with as Record<string, string>;
    expect(withs["github-token"]).toBe(`\${{ github.token }}`);
    expect(withs["api-key"]).toBe(`\${{ secrets.api-key }}`);
    for (const name of Object.keys(inputs).filter((n) => !REUSABLE_ONLY_INPUTS.includes(n)))
      expect(withs[name], name).toBe(`\${{ inputs.${name} }}`);
    expect(Object.keys(withs).sort()).toEqual(
      [
        ...Object.keys(inputs).filter((n) => !REUSABLE_ONLY_INPUTS.includes(n)),
        ...NOT_REUSABLE_INPUTS,
      ].sort(),
    );
  });

  it("gives back every action output", () => {
    expect(Object.keys(outputs).sort()).toEqual(Object.keys(ACTION.outputs).sort());
    const jobOutputs = job.outputs as Record<string, string>;
    for (const name of Object.keys(ACTION.outputs)) {
      expect(outputs[name]?.value).toBe(`\${{ jobs.gate.outputs.${name} }}`);
      expect(jobOutputs[name]).toBe(`\${{ steps.${String(gate.id)}.outputs.${name} }}`);
    }
  });

  it("writes down exactly the permissions the gate needs", () => {
    expect(doc.permissions).toEqual(GATE_PERMISSIONS);
  });
});
