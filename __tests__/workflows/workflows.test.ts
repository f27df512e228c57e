// Every workflow a user might copy — the files in .github/workflows/ and every ```yaml block in the
// docs — parses, names only inputs the action (or the reusable workflow) declares, and keeps the rules
// docs/workflows.md states: the head checked out as data without credentials, nothing run in the
// checkout, the same least permissions everywhere, one concurrency group for every round of a pull
// request, `edited` among the events that start a round, and a checkout that is exactly the commit the
// gate judges (its expressions evaluated for real events, and the gate's own settings reader asked
// which commit that is). The reusable workflow mirrors action.yml, and runs the action from its own
// commit, so a caller's pin carries through.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import examples from "@octokit/webhooks-examples";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  COMMAND_JOB_IF,
  GATE_PERMISSIONS,
  gateJobName,
  ROUND_CONCURRENCY_GROUP,
  ROUND_PULL_REQUEST_TYPES,
  roundConcurrencyGroup,
} from "../../src/cli/templates/gate-job.js";
import { ACTION_REF } from "../../src/cli/templates/project.js";
import { starterWorkflow } from "../../src/cli/templates/workflow.js";
import type { InputName } from "../../src/settings/inputs.js";
import { readSettings } from "../../src/settings/settings.js";
import { type Contexts, evaluate, interpolate } from "./expression.js";

type Mapping = Record<string, unknown>;

/** The gate's permissions as a workflow's `permissions:` mapping, the form every workflow must carry. */
function gatePermissions(): Record<string, "read" | "write"> {
  return Object.fromEntries(GATE_PERMISSIONS.map((p) => [p.scope, p.access]));
}

interface ActionYml {
  inputs: Record<string, { default?: string; description: string }>;
  outputs: Record<string, unknown>;
  runs: { using: string; main: string };
}

const ACTION = parse(readFileSync("action.yml", "utf8")) as ActionYml;
const REUSABLE_PATH = ".github/workflows/verdict-gate.yml";
const REUSABLE_REF = "verdict-gate/verdict-gate/.github/workflows/verdict-gate.yml@v1";
/** Where the reusable workflow keeps the action it checks out from its own commit. */
const ACTION_DIR = ".verdict-gate-action";
/** Inputs the reusable workflow has that the action has not, each for a documented reason. */
const REUSABLE_ONLY_INPUTS = ["reviewer-setup"];
/** Action inputs the reusable workflow does not take as inputs: it passes its own token, and the key
 * is a secret so that no log shows it. */
const NOT_REUSABLE_INPUTS = ["github-token", "api-key"];

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

/** A workflow's `on:` as a mapping, whichever of its three spellings it uses. */
function triggers(w: Workflow): Mapping {
  const on = w.doc.on ?? w.doc.true ?? {};
  if (typeof on === "string") return { [on]: null };
  if (Array.isArray(on)) return Object.fromEntries(on.map((e) => [String(e), null]));
  return on as Mapping;
}
const isGateStep = (step: Mapping) =>
  typeof step.uses === "string" &&
  (/^(verdict-gate\/verdict-gate@|\.\/?$)/.test(step.uses) || step.uses === `./${ACTION_DIR}`);
const isCheckout = (step: Mapping) =>
  typeof step.uses === "string" && step.uses.startsWith("actions/checkout@");
const isReusableCall = (job: Job) =>
  typeof job.body.uses === "string" &&
  job.body.uses.startsWith("verdict-gate/verdict-gate/.github/workflows/verdict-gate.yml@");
/** The other reusable workflows a job may call (they measure the gate; they do not run it): the file
 * under .github/workflows, or undefined. */
const otherReusable = (job: Job): string | undefined => {
  const m = /^verdict-gate\/verdict-gate\/\.github\/workflows\/([\w.-]+)@/.exec(String(job.body.uses ?? ""));
  return m !== null && m[1] !== "verdict-gate.yml" ? m[1] : undefined;
};
const runsGate = (job: Job) => job.steps.some(isGateStep) || isReusableCall(job);
/** The documented workflows: docs/workflows.md, the README's starter, and the reusable workflow. */
const documented = (w: Workflow) =>
  w.source.startsWith("docs/workflows.md") || w.source.startsWith("README.md") || w.source === REUSABLE_PATH;

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
  // The reusable workflow runs the action from its own commit, checked out into ACTION_DIR; every
  // other workflow names it by its published name.
  const expectedUses = workflow.source === REUSABLE_PATH ? `./${ACTION_DIR}` : ACTION_REF;
  for (const job of jobs(workflow)) {
    for (const step of job.steps.filter(isGateStep)) {
      if (step.uses !== expectedUses)
        problems.push(`${job.id}: uses ${String(step.uses)}, not ${expectedUses}`);
      for (const name of Object.keys((step.with ?? {}) as Mapping))
        if (!declared.has(name)) problems.push(`${job.id}: the action has no input \`${name}\``);
    }
    const other = otherReusable(job);
    if (other !== undefined) {
      const file = path.join(".github/workflows", other);
      if (job.body.uses !== `verdict-gate/verdict-gate/${file}@v1`)
        problems.push(`${job.id}: calls ${String(job.body.uses)}, not verdict-gate/verdict-gate/${file}@v1`);
      if (!existsSync(file)) {
        problems.push(`${job.id}: calls ${file}, which does not exist`);
        continue;
      }
      const call = ((parse(readFileSync(file, "utf8")) as Mapping).on as Mapping).workflow_call as Mapping;
      for (const name of Object.keys((job.body.with ?? {}) as Mapping))
        if (!(name in ((call.inputs ?? {}) as Mapping)))
          problems.push(`${job.id}: ${other} has no input \`${name}\``);
      for (const name of Object.keys((job.body.secrets ?? {}) as Mapping))
        if (!(name in ((call.secrets ?? {}) as Mapping)))
          problems.push(`${job.id}: ${other} has no secret \`${name}\``);
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
    const events = new Set(inDocs.flatMap((w) => Object.keys(triggers(w))));
    for (const event of [
      "pull_request",
      "pull_request_target",
      "workflow_run",
      "workflow_dispatch",
      "schedule",
      "merge_group",
    ])
      expect(events, event).toContain(event);
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

/** The triggers that run with write access and secrets on a pull request's behalf; a called workflow
 * runs under whichever its caller has. */
const PRIVILEGED = ["pull_request_target", "workflow_run", "workflow_call"];
/** The one place a run step may run after a checkout: the runner's empty temporary directory. */
const RUNNER_TEMP = `\${{ runner.temp }}`;

/** Why a job breaks "nothing in the checkout runs": a checkout that keeps its credentials, or a `run`
 * step after a checkout that does not run in the empty runner.temp. */
function checkoutProblems(w: Workflow): string[] {
  const problems: string[] = [];
  const privileged = Object.keys(triggers(w)).some((e) => PRIVILEGED.includes(e));
  for (const job of jobs(w)) {
    let checkedOut = false;
    for (const step of job.steps) {
      if (isCheckout(step)) {
        if ((step.with as Mapping | undefined)?.["persist-credentials"] !== false)
          problems.push(`${job.id}: a checkout that keeps its credentials`);
        checkedOut = true;
      } else if (checkedOut && privileged && "run" in step && step["working-directory"] !== RUNNER_TEMP) {
        problems.push(`${job.id}: a run step in the checkout`);
      }
    }
  }
  return problems;
}

/** Run steps after a checkout that do not run from runner.temp, whatever the trigger: a reviewer CLI
 * installed in the checkout reads the pull request's .npmrc (its registry), and then gets the key. */
function runsInCheckout(w: Workflow): string[] {
  const problems: string[] = [];
  for (const job of jobs(w)) {
    let checkedOut = false;
    for (const step of job.steps) {
      if (isCheckout(step)) checkedOut = true;
      else if (checkedOut && "run" in step && step["working-directory"] !== RUNNER_TEMP)
        problems.push(`${job.id}: ${String(step.run).split("\n")[0]}`);
    }
  }
  return problems;
}

describe("the safety rules of docs/workflows.md", () => {
  const checked = allWorkflows().filter(documented);

  it("installs a reviewer CLI from runner.temp, never in the checkout, whatever the trigger (init's starter too)", () => {
    for (const w of checked) expect(runsInCheckout(w), w.source).toEqual([]);
    const starter = {
      source: "init --provider command",
      doc: parse(starterWorkflow({ provider: "command" })) as Mapping,
    };
    expect(jobs(starter)[0]?.steps.some((s) => "run" in s)).toBe(true);
    expect(runsInCheckout(starter)).toEqual([]);
  });

  it("checks out without credentials, and runs nothing in the checkout under a privileged trigger", () => {
    expect(checked.length).toBeGreaterThan(8);
    for (const w of checked) expect(checkoutProblems(w), w.source).toEqual([]);
    const bad: Workflow = {
      source: "example",
      doc: parse(`
on: workflow_call
jobs:
  a:
    steps:
      - uses: actions/checkout@v5
      - run: npm ci
`) as Mapping,
    };
    expect(checkoutProblems(bad)).toEqual([
      "a: a checkout that keeps its credentials",
      "a: a run step in the checkout",
    ]);
  });
});

/** The `scope: access` pairs a piece of prose names, e.g. "`issues: write`". */
function namedPermissions(text: string): Record<string, string> {
  return Object.fromEntries(
    [...text.matchAll(/`([a-z-]+): (read|write)`/g)].map((m) => [m[1] as string, m[2] as string]),
  );
}

describe("the job that runs the gate says which check to require (issue 35)", () => {
  it("every job that runs the gate in its own steps, and the reusable workflow's, is named so nobody requires it", () => {
    let count = 0;
    for (const w of allWorkflows().filter(documented)) {
      for (const job of jobs(w).filter((j) => j.steps.some(isGateStep))) {
        const expected =
          w.source === REUSABLE_PATH
            ? // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression
              gateJobName("${{ inputs.check-name }}")
            : gateJobName();
        expect(job.body.name, `${w.source} ${job.id}`).toBe(expected);
        count += 1;
      }
    }
    expect(count).toBeGreaterThan(6);
    const starter = parse(starterWorkflow({ provider: "openai" })) as Mapping;
    expect(((starter.jobs as Record<string, Mapping>).gate as Mapping).name).toBe(
      "runs the gate (require the check verdict-gate, not this job)",
    );
  });
});

describe("the permissions: one story everywhere", () => {
  const workflows = allWorkflows().filter(documented);

  it("every job that runs the gate, and every call of the reusable workflow, grants exactly the gate's five", () => {
    let count = 0;
    for (const w of workflows) {
      for (const job of jobs(w).filter(runsGate)) {
        const permissions = (job.body.permissions ?? w.doc.permissions) as Mapping;
        expect(permissions, `${w.source} ${job.id}`).toEqual(gatePermissions());
        count += 1;
      }
    }
    expect(count).toBeGreaterThan(8);
    expect(gatePermissions()).toEqual({
      contents: "read",
      checks: "write",
      issues: "write",
      "pull-requests": "write",
      statuses: "read",
    });
  });

  it("a job that only lists pull requests gets `pull-requests: read` alone", () => {
    let count = 0;
    for (const w of workflows)
      for (const job of jobs(w).filter((j) => j.id === "targets")) {
        expect(job.body.permissions, `${w.source} ${job.id}`).toEqual({ "pull-requests": "read" });
        count += 1;
      }
    expect(count).toBe(2);
  });

  it("the reusable workflow, its example caller, action.yml, docs/workflows.md and docs/security.md name the same five", () => {
    const { doc } = reusable();
    expect(doc.permissions).toEqual(gatePermissions());
    const header = readFileSync(REUSABLE_PATH, "utf8").split("\nname:")[0] as string;
    const example = /permissions: \{ ([^}]*) \}/.exec(header)?.[1];
    expect(example).toBe(GATE_PERMISSIONS.map((p) => `${p.scope}: ${p.access}`).join(", "));
    expect(namedPermissions(ACTION.inputs["github-token"]?.description ?? "")).toEqual(gatePermissions());
    const workflowsDoc = readFileSync("docs/workflows.md", "utf8");
    const table = workflowsDoc.slice(
      workflowsDoc.indexOf("| permission "),
      workflowsDoc.indexOf("\n\n", workflowsDoc.indexOf("| permission ")),
    );
    expect(namedPermissions(table)).toEqual(gatePermissions());
    const security = readFileSync("docs/security.md", "utf8");
    const leastPrivilege = /\*\*Least privilege\.\*\*[\s\S]*?nothing else/.exec(security)?.[0] ?? "";
    expect(namedPermissions(leastPrivilege)).toEqual(gatePermissions());
  });
});

// ---------------------------------------------------------------------------------------------------
// Real events, for evaluating the workflows' expressions and for the gate's settings reader.

const REPOSITORY = { full_name: "octo-org/octo-repo", name: "octo-repo", owner: { login: "octo-org" } };
const HEAD = "a".repeat(40);
const RUN_PR_HEAD = "b".repeat(40);
const RUN_COMMIT = "c".repeat(40);
const MAIN_COMMIT = "d".repeat(40);
const GROUP_HEAD = "e".repeat(40);

function example(name: string, action?: string): Mapping {
  const group = (examples as unknown as Array<{ name: string; examples: Mapping[] }>).find(
    (e) => e.name === name,
  );
  const found = group?.examples.find((e) => action === undefined || e.action === action);
  if (found === undefined) throw new Error(`no ${name} example with action ${action}`);
  return { ...structuredClone(found), repository: { ...(found.repository as Mapping), ...REPOSITORY } };
}

/** A pull_request(_target) event for PR `n` at HEAD. */
function pullRequestEvent(action: string, n: number): Mapping {
  const payload = example("pull_request", action === "edited" ? "opened" : action);
  payload.action = action;
  payload.number = n;
  const pr = payload.pull_request as Mapping;
  pr.number = n;
  (pr.head as Mapping).sha = HEAD;
  // A retarget: GitHub names the old base under `changes`.
  if (action === "edited")
    payload.changes = { base: { ref: { from: "release" }, sha: { from: MAIN_COMMIT } } };
  return payload;
}

/** A finished workflow run: for PR `n` (GitHub names it, with a head that is not the run's own commit,
 * as GitHub's own example payload has it), or for a push to main (no pull request). */
function workflowRunEvent(forPr: number | undefined): Mapping {
  const named = (examples as unknown as Array<{ name: string; examples: Mapping[] }>)
    .find((e) => e.name === "workflow_run")
    ?.examples.find((e) => ((e.workflow_run as Mapping).pull_requests as unknown[]).length > 0);
  const payload: Mapping = { ...structuredClone(named as Mapping), repository: REPOSITORY };
  const run = payload.workflow_run as Mapping;
  const prs = run.pull_requests as Mapping[];
  if (forPr === undefined) {
    run.event = "push";
    run.head_branch = "main";
    run.head_sha = MAIN_COMMIT;
    run.pull_requests = [];
  } else {
    run.head_sha = RUN_COMMIT;
    (prs[0] as Mapping).number = forPr;
    ((prs[0] as Mapping).head as Mapping).sha = RUN_PR_HEAD;
  }
  return payload;
}

function mergeGroupEvent(): Mapping {
  const payload = example("merge_group");
  const group = payload.merge_group as Mapping;
  group.head_sha = GROUP_HEAD;
  group.head_ref = "refs/heads/gh-readonly-queue/main/pr-57-0123456789abcdef0123456789abcdef01234567";
  return payload;
}

/** A comment on issue `n`: a pull request (GitHub adds `issue.pull_request`) or a plain issue. */
function issueCommentEvent(n: number, body: string, onPullRequest = true): Mapping {
  const payload = example("issue_comment", "created");
  const issue = payload.issue as Mapping;
  issue.number = n;
  if (onPullRequest)
    issue.pull_request = { url: `https://api.github.com/repos/octo-org/octo-repo/pulls/${n}` };
  (payload.comment as Mapping).body = body;
  return payload;
}

interface Scenario {
  /** What the test says happened. */
  name: string;
  event: string;
  payload: Mapping;
  /** The workflow_dispatch inputs a person typed. */
  dispatch?: Record<string, string>;
  /** The open pull requests with pending checks, were a `targets` job to list them. */
  pending?: number[];
}

const SCENARIOS: Scenario[] = [
  { name: "a push to PR 57", event: "pull_request", payload: pullRequestEvent("synchronize", 57) },
  { name: "PR 57 retargeted", event: "pull_request", payload: pullRequestEvent("edited", 57) },
  { name: "a label on PR 57", event: "pull_request", payload: pullRequestEvent("labeled", 57) },
  { name: "PR 57 from a fork", event: "pull_request_target", payload: pullRequestEvent("opened", 57) },
  {
    name: "a maintainer's dispatch for PR 57",
    event: "workflow_dispatch",
    payload: { ...example("workflow_dispatch"), inputs: { pr: "57" } },
    dispatch: { pr: "57", decision: "", reason: "", "force-review": "false" },
  },
  { name: "CI finished for PR 57", event: "workflow_run", payload: workflowRunEvent(57), pending: [57, 58] },
  {
    name: "CI finished for a push to main",
    event: "workflow_run",
    payload: workflowRunEvent(undefined),
    pending: [57, 58],
  },
  {
    name: "the schedule",
    event: "schedule",
    payload: { schedule: "*/30 * * * *", repository: REPOSITORY },
    pending: [57, 58],
  },
  { name: "a merge group", event: "merge_group", payload: mergeGroupEvent() },
  { name: "a comment on PR 57", event: "issue_comment", payload: issueCommentEvent(57, "/verdict review") },
  {
    name: "an ordinary comment on PR 57",
    event: "issue_comment",
    payload: issueCommentEvent(57, "Looks good to me"),
  },
  {
    name: "a /verdict comment on issue 57, no pull request",
    event: "issue_comment",
    payload: issueCommentEvent(57, "/verdict approve fine", false),
  },
];

function baseContexts(s: Scenario): Contexts {
  return {
    github: {
      event: s.payload,
      event_name: s.event,
      repository: REPOSITORY.full_name,
      run_id: "4242",
      token: "ghs_token",
    },
    inputs: s.dispatch ?? {},
    matrix: {},
    needs: {},
    job: { workflow_repository: "verdict-gate/verdict-gate", workflow_sha: "f".repeat(40) },
    runner: { temp: "/tmp/runner" },
    secrets: {},
  };
}

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** Evaluates every `${{ }}` in a `with:` or `env:` mapping. */
function evaluated(mapping: unknown, contexts: Contexts): Record<string, string> {
  return Object.fromEntries(
    Object.entries((mapping ?? {}) as Mapping).map(([k, v]) => [
      k,
      typeof v === "string" ? text(interpolate(v, contexts)) : text(v),
    ]),
  );
}

/** The `targets` job of a workflow, run as its script is written: the pull request the event names
 * (`NAMED`), or else the pending ones a `gh pr list` would find. */
function targets(w: Workflow, s: Scenario, contexts: Contexts): number[] {
  const job = jobs(w).find((j) => j.id === "targets");
  if (job === undefined) throw new Error(`${w.source}: no targets job`);
  const step = job.steps[0] as Mapping;
  expect(String(step.run)).toMatch(/if \[ -n "\$NAMED" \]; then\n\s+echo "prs=\[\$NAMED\]"/);
  const named = evaluated(step.env, contexts).NAMED;
  return named !== "" && named !== undefined ? [Number(named)] : (s.pending ?? []);
}

interface GateRun {
  /** The ref the gate job's checkout asks for. */
  ref: string;
  /** The inputs the gate step receives. */
  inputs: Record<string, string>;
  contexts: Contexts;
}

/** A job's `if:`, written with or without `\${{ }}`, as GitHub coerces it: truthy runs the job. */
function jobRuns(condition: unknown, contexts: Contexts): boolean {
  const source = String(condition)
    .trim()
    .replace(/^\$\{\{([\s\S]*)\}\}$/, "$1");
  return Boolean(evaluate(source, contexts));
}

/** Every gate job run a scenario starts in a workflow that runs the gate in its own steps, with the
 * reusable workflow's job standing in for a job that calls it. */
function gateRuns(w: Workflow, s: Scenario): GateRun[] {
  const runs: GateRun[] = [];
  for (const job of jobs(w).filter(runsGate)) {
    let contexts = baseContexts(s);
    let body = job.body;
    if (isReusableCall(job)) {
      // The called workflow's job, with the caller's `with:` as its inputs over their defaults.
      const { inputs, doc } = reusable();
      const defaults = Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, v.default ?? ""]));
      contexts = { ...contexts, inputs: { ...defaults, ...evaluated(job.body.with, contexts) } };
      body = (doc.jobs as Record<string, Mapping>).gate as Mapping;
    } else if (w.source === REUSABLE_PATH) {
      // Called with no `with:` at all: the defaults.
      const defaults = Object.fromEntries(
        Object.entries(reusable().inputs).map(([k, v]) => [k, v.default ?? ""]),
      );
      contexts = { ...contexts, inputs: { ...defaults } };
    }
    const matrixSource = ((body.strategy as Mapping | undefined)?.matrix as Mapping | undefined)?.pr;
    const matrix: Array<Record<string, unknown>> = [{}];
    if (matrixSource !== undefined) {
      const prs = targets(w, s, contexts);
      contexts = { ...contexts, needs: { targets: { outputs: { prs: JSON.stringify(prs) } } } };
      if (body.if !== undefined && !evaluate(String(body.if), contexts)) continue;
      matrix.splice(0, 1, ...(interpolate(String(matrixSource), contexts) as number[]).map((pr) => ({ pr })));
    } else if (body.if !== undefined && !jobRuns(body.if, contexts)) {
      continue;
    }
    for (const m of matrix) {
      const c = { ...contexts, matrix: m };
      const steps = (body.steps ?? []) as Mapping[];
      const checkout = steps
        .filter(isCheckout)
        .find((st) => (st.with as Mapping | undefined)?.path === undefined);
      const gate = steps.find(isGateStep);
      if (checkout === undefined || gate === undefined)
        throw new Error(`${w.source} ${job.id}: no checkout or gate`);
      runs.push({ ref: evaluated(checkout.with, c).ref ?? "", inputs: evaluated(gate.with, c), contexts: c });
    }
  }
  return runs;
}

/** The commit the gate judges for these inputs and this event, asked of its own settings reader: the
 * head the event names, or (a `pr` that is not the event's) that pull request's current head, which
 * `refs/pull/N/head` checks out. */
function judged(s: Scenario, inputs: Record<string, string>): string {
  const settings = readSettings(
    (name: InputName) =>
      inputs[name] ?? (name === "github-token" ? "ghs_token" : (ACTION.inputs[name]?.default ?? "")),
    {
      env: {
        GITHUB_REPOSITORY: REPOSITORY.full_name,
        GITHUB_EVENT_NAME: s.event,
        GITHUB_WORKSPACE: "/tmp/ws",
        GITHUB_ACTOR: "maintainer",
      },
      payload: s.payload,
    },
  );
  const t = settings.target;
  if (t.kind === "merge_group") return t.headSha;
  // A `/verdict` comment's round is at the pull request's current head (src/commands/run.ts).
  if (t.kind === "comment") return `refs/pull/${t.comment.issue}/head`;
  return t.headSha ?? `refs/pull/${t.number}/head`;
}

const listens = (w: Workflow, s: Scenario) => {
  const on = triggers(w);
  if (!(s.event in on)) return false;
  const types = ((on[s.event] ?? {}) as Mapping).types as string[] | undefined;
  const action = s.payload.action as string | undefined;
  return types === undefined || action === undefined || types.includes(action);
};

describe("every documented checkout is the commit the gate judges", () => {
  const workflows = allWorkflows().filter((w) => documented(w) && jobs(w).some(runsGate));

  it("for every event each documented workflow listens to, checks out exactly what the gate judges", () => {
    let runs = 0;
    for (const w of workflows) {
      for (const s of SCENARIOS.filter((sc) => listens(w, sc))) {
        for (const run of gateRuns(w, s)) {
          expect(run.ref, `${w.source}, ${s.name}, pr ${run.inputs.pr}`).toBe(judged(s, run.inputs));
          runs += 1;
        }
      }
    }
    expect(runs).toBeGreaterThan(20);
  });

  it("the dependency workflow checks out each pending pull request's own head after a push to main, never main's commit", () => {
    const w = workflows.find((x) => x.doc.name === "verdict-gate dependencies") as Workflow;
    const push = SCENARIOS.find((s) => s.name === "CI finished for a push to main") as Scenario;
    const runs = gateRuns(w, push);
    expect(runs.map((r) => [r.inputs.pr, r.ref])).toEqual([
      ["57", "refs/pull/57/head"],
      ["58", "refs/pull/58/head"],
    ]);
    const forPr = gateRuns(w, SCENARIOS.find((s) => s.name === "CI finished for PR 57") as Scenario);
    expect(forPr.map((r) => [r.inputs.pr, r.ref])).toEqual([["57", RUN_PR_HEAD]]);
  });

  it("the reusable workflow checks out what the gate judges for any `pr` its caller passes", () => {
    const w = workflows.find((x) => x.source === REUSABLE_PATH) as Workflow;
    const job = (w.doc.jobs as Record<string, Mapping>).gate as Mapping;
    const steps = job.steps as Mapping[];
    const checkout = steps.find(isCheckout) as Mapping;
    const defaults = Object.fromEntries(
      Object.entries(reusable().inputs).map(([k, v]) => [k, v.default ?? ""]),
    );
    let count = 0;
    for (const s of SCENARIOS) {
      for (const pr of ["", "57", "58"]) {
        if (pr === "" && ["workflow_dispatch", "schedule"].includes(s.event)) continue; // the gate refuses
        // A comment acts on its own pull request; a `pr` naming another is refused.
        if (s.event === "issue_comment" && (pr === "58" || s.name !== "a comment on PR 57")) continue;
        if (pr === "" && s.name === "CI finished for a push to main") continue; // names no pull request
        const inputs = { ...defaults, model: "gpt-test", pr };
        const contexts = { ...baseContexts(s), inputs };
        const ref = evaluated(checkout.with, contexts).ref ?? "";
        expect(ref, `${s.name}, pr "${pr}"`).toBe(judged(s, inputs));
        count += 1;
      }
    }
    expect(count).toBeGreaterThan(20);
  });
});

describe("one concurrency group for every round of a pull request", () => {
  const workflows = allWorkflows().filter(documented);

  /** Whether the workflow declares an input `pr` (dispatch or call), and the job a matrix over `pr`:
   * the sources of the number its group may name, and must, beside the event's own. */
  const sources = (w: Workflow, job: Job) => {
    const on = triggers(w);
    const declares = (event: string) =>
      ((((on[event] ?? {}) as Mapping).inputs ?? {}) as Mapping).pr !== undefined;
    const matrix = ((job.body.strategy ?? {}) as Mapping).matrix as Mapping | undefined;
    return {
      input: declares("workflow_dispatch") || declares("workflow_call"),
      matrix: matrix?.pr !== undefined,
    };
  };

  it("every job that runs the gate is in the one group, at job level, queued and never cancelled", () => {
    let count = 0;
    const kinds = new Set<string>();
    for (const w of workflows) {
      for (const job of jobs(w).filter((j) => j.steps.some(isGateStep))) {
        expect(w.doc.concurrency, `${w.source}: a workflow-level group cannot read matrix`).toBeUndefined();
        // Only the sources the workflow has: `matrix.pr` without a matrix is an actionlint finding.
        const has = sources(w, job);
        kinds.add(JSON.stringify(has));
        expect(job.body.concurrency, `${w.source} ${job.id}`).toEqual({
          group: roundConcurrencyGroup(has),
          "cancel-in-progress": false,
        });
        count += 1;
      }
    }
    expect(count).toBeGreaterThan(7);
    // Workflows with an input, with a matrix, and with neither are all among them.
    expect(kinds.size).toBe(3);
  });

  it("a group that leaves out a source names the same pull request as the whole group, for every event", () => {
    for (const s of SCENARIOS)
      for (const has of [
        { input: true, matrix: false },
        { input: false, matrix: true },
        { input: false, matrix: false },
      ]) {
        // What a workflow without the source evaluates: that context empty.
        const contexts = {
          ...baseContexts(s),
          ...(has.input ? {} : { inputs: {} }),
          matrix: has.matrix ? { pr: 58 } : {},
        };
        expect(text(interpolate(roundConcurrencyGroup(has), contexts)), s.name).toBe(
          text(interpolate(ROUND_CONCURRENCY_GROUP, contexts)),
        );
      }
  });

  it("no job that calls the reusable workflow holds a group (it would wait for its own called job)", () => {
    let count = 0;
    for (const w of allWorkflows())
      for (const job of jobs(w).filter(isReusableCall)) {
        expect(job.body.concurrency, `${w.source} ${job.id}`).toBeUndefined();
        expect(w.doc.concurrency, w.source).toBeUndefined();
        count += 1;
      }
    expect(count).toBeGreaterThan(1);
  });

  it("docs/workflows.md shows and explains the same group", () => {
    const doc = readFileSync("docs/workflows.md", "utf8");
    const section = doc.slice(
      doc.indexOf("## Concurrency"),
      doc.indexOf("\n## ", doc.indexOf("## Concurrency") + 3),
    );
    const block = parse(yamlBlocks(section)[0] ?? "") as { concurrency: Mapping };
    expect(block.concurrency).toEqual({ group: ROUND_CONCURRENCY_GROUP, "cancel-in-progress": false });
    for (const term of ["inputs.pr", "matrix.pr", "issue.number", "job-level", "merge group"])
      expect(section, term).toContain(term);
  });

  it("names one group per pull request, whichever event started the round", () => {
    const group = (s: Scenario, extra: Contexts = {}) =>
      text(interpolate(ROUND_CONCURRENCY_GROUP, { ...baseContexts(s), ...extra }));
    const byName = (name: string) => SCENARIOS.find((s) => s.name === name) as Scenario;
    const seen: string[] = [
      group(byName("a push to PR 57")),
      group(byName("PR 57 retargeted")),
      group(byName("a label on PR 57")),
      group(byName("PR 57 from a fork")),
      group(byName("a maintainer's dispatch for PR 57")),
      // the dependency workflow's matrix, and the reusable workflow called with `pr`
      group(byName("CI finished for PR 57")),
      group(byName("CI finished for a push to main"), { matrix: { pr: 57 } }),
      group(byName("the schedule"), { matrix: { pr: 57 } }),
      group(byName("a push to PR 57"), { inputs: { pr: "" } }),
      group(byName("the schedule"), { inputs: { pr: "57" } }),
      // a comment on the pull request (the PR commands)
      group(byName("a comment on PR 57")),
    ];
    expect(new Set(seen)).toEqual(new Set(["verdict-gate-57"]));
    expect(group(byName("CI finished for a push to main"), { matrix: { pr: 58 } })).toBe("verdict-gate-58");
    // A merge group reads histories and writes none: a group of its own, no pull request's.
    expect(group(byName("a merge group"))).toMatch(/^verdict-gate-refs\/heads\/gh-readonly-queue\//);
  });
});

describe("a retarget starts a round", () => {
  it("every documented workflow that starts rounds on pull request events lists `edited` among exactly the round's types", () => {
    let count = 0;
    for (const w of allWorkflows().filter(documented)) {
      for (const event of ["pull_request", "pull_request_target"]) {
        const types = ((triggers(w)[event] ?? {}) as Mapping).types as string[] | undefined;
        if (types === undefined) continue;
        if (!types.includes("synchronize") && w.doc.name === "verdict-gate dependencies") {
          expect(types).toEqual(["labeled", "unlabeled"]); // label re-evaluation only
          continue;
        }
        expect(types, `${w.source} ${event}`).toEqual([...ROUND_PULL_REQUEST_TYPES]);
        count += 1;
      }
    }
    expect(count).toBeGreaterThan(5);
    expect(ROUND_PULL_REQUEST_TYPES).toContain("edited");
  });
});

/** Runs a workflow step's `run:` script as the runner would (bash -e), with the given environment. */
function runScript(script: string, env: Record<string, string>): number {
  const result = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
  });
  return result.status ?? -1;
}

describe("the reusable workflow runs the action from its own commit, so a caller's pin carries through", () => {
  const { doc } = reusable();
  const steps = ((doc.jobs as Record<string, Mapping>).gate as Mapping).steps as Mapping[];
  const at = (pred: (s: Mapping) => boolean) => steps.findIndex(pred);
  const prCheckout = at((s) => isCheckout(s) && (s.with as Mapping).path === undefined);
  const actionCheckout = at((s) => isCheckout(s) && (s.with as Mapping).path === ACTION_DIR);
  const guard = at((s) => typeof s.run === "string" && s.run.includes(ACTION_DIR));
  const gate = at(isGateStep);

  it("checks out its own repository at its own commit into .verdict-gate-action, and runs the action from there", () => {
    expect(steps[actionCheckout]?.with).toEqual({
      repository: `\${{ job.workflow_repository }}`,
      ref: `\${{ job.workflow_sha }}`,
      path: ACTION_DIR,
      "persist-credentials": false,
    });
    expect(steps[gate]?.uses).toBe(`./${ACTION_DIR}`);
    expect(prCheckout).toBeGreaterThanOrEqual(0);
    expect(prCheckout < guard && guard < actionCheckout && actionCheckout < gate).toBe(true);
    // No moving tag anywhere in the job: a caller pinned to a SHA runs that SHA's action.
    expect(readFileSync(REUSABLE_PATH, "utf8")).not.toMatch(/uses: verdict-gate\/verdict-gate@/);
    // What `./.verdict-gate-action` runs: this repository's action.yml and its committed bundle.
    expect(ACTION.runs).toEqual({ using: "node24", main: "dist/index.js", post: "dist/post.js" });
  });

  it("pinned to a commit, it checks out that commit's action; GitHub's job context names the called workflow", () => {
    const pin = "0123456789abcdef0123456789abcdef01234567";
    const contexts = {
      ...baseContexts(SCENARIOS[0] as Scenario),
      job: { workflow_repository: "verdict-gate/verdict-gate", workflow_sha: pin },
    };
    expect(evaluated(steps[actionCheckout]?.with, contexts)).toMatchObject({
      repository: "verdict-gate/verdict-gate",
      ref: pin,
    });
    expect(evaluate(String(steps[0]?.if), contexts)).toBe(false);
  });

  it("without job.workflow_sha (GitHub Enterprise Server) it fails before checking anything out", () => {
    const first = steps[0] as Mapping;
    expect(at(isCheckout)).toBeGreaterThan(0);
    for (const job of [
      {},
      { workflow_repository: "verdict-gate/verdict-gate" },
      { workflow_sha: "f".repeat(40) },
    ]) {
      expect(evaluate(String(first.if), { ...baseContexts(SCENARIOS[0] as Scenario), job })).toBe(true);
    }
    expect(runScript(String(first.run), {})).toBe(1);
  });

  it("refuses a pull request that carries .verdict-gate-action (file, directory or symlink), from runner.temp", () => {
    const step = steps[guard] as Mapping;
    expect(step["working-directory"]).toBe(RUNNER_TEMP);
    const root = mkdtempSync(path.join(os.tmpdir(), "vg-guard-"));
    try {
      const cases: Array<[string, (ws: string) => void, number]> = [
        ["nothing there", () => {}, 0],
        ["a directory", (ws) => mkdirSync(path.join(ws, ACTION_DIR)), 1],
        ["a file", (ws) => writeFileSync(path.join(ws, ACTION_DIR), "x"), 1],
        ["a symlink to the PR's src", (ws) => symlinkSync("src", path.join(ws, ACTION_DIR)), 1],
        ["a dangling symlink", (ws) => symlinkSync("/nonexistent", path.join(ws, ACTION_DIR)), 1],
      ];
      for (const [name, make, code] of cases) {
        const ws = path.join(root, name.replace(/\W+/g, "-"));
        mkdirSync(ws);
        make(ws);
        expect(runScript(String(step.run), { GITHUB_WORKSPACE: ws }), name).toBe(code);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
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

  it("takes the reviewer's key as a secret and passes everything to the action", () => {
    expect(Object.keys(secrets)).toContain("api-key");
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
});

describe("`/verdict` comments start the gate only for a command on a pull request", () => {
  const listening = allWorkflows().filter(
    (w) => documented(w) && jobs(w).some(runsGate) && "issue_comment" in triggers(w),
  );
  const byName = (name: string) => SCENARIOS.find((s) => s.name === name) as Scenario;

  it("the starter workflow (init, docs/workflows.md) listens to created comments only, and checks out the comment's pull request head", () => {
    const starter: Workflow = {
      source: "init",
      doc: parse(starterWorkflow({ provider: "openai" })) as Mapping,
    };
    expect(triggers(starter).issue_comment).toEqual({ types: ["created"] });
    expect(gateRuns(starter, byName("a comment on PR 57")).map((r) => r.ref)).toEqual(["refs/pull/57/head"]);
    expect(listening.map((w) => w.source)).toContain("docs/workflows.md (yaml block 1)");
  });

  it("every documented workflow that listens to comments starts no job for an ordinary comment or an issue's", () => {
    expect(listening.length).toBeGreaterThan(0);
    for (const w of listening) {
      expect(gateRuns(w, byName("a comment on PR 57")), w.source).toHaveLength(1);
      expect(gateRuns(w, byName("an ordinary comment on PR 57")), w.source).toEqual([]);
      expect(gateRuns(w, byName("a /verdict comment on issue 57, no pull request")), w.source).toEqual([]);
    }
  });

  it("every gate job (or call) in a workflow that listens to comments carries the one command if:", () => {
    let count = 0;
    for (const w of [...listening, allWorkflows().find((x) => x.source === REUSABLE_PATH) as Workflow])
      for (const job of jobs(w).filter(runsGate)) {
        expect(job.body.if, `${w.source} ${job.id}`).toBe(`\${{ ${COMMAND_JOB_IF} }}`);
        count += 1;
      }
    expect(count).toBeGreaterThan(2);
  });

  it("the reusable workflow's job, called on a comment, checks out the comment's pull request and skips other comments", () => {
    const w = allWorkflows().find((x) => x.source === REUSABLE_PATH) as Workflow;
    expect(gateRuns(w, byName("a comment on PR 57")).map((r) => r.ref)).toEqual(["refs/pull/57/head"]);
    expect(gateRuns(w, byName("an ordinary comment on PR 57"))).toEqual([]);
  });
});
