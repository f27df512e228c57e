// The README against the code it describes, and against its reader: it is for adopters (what the gate
// is, the four values, the starter, the CLI), short enough to read (under 1,500 words; the rest is in
// docs/ and CONTRIBUTING.md); its copyable workflow is exactly what `verdict-gate init` writes, every
// command is shown, and the exit codes are the ones the CLI returns. The inputs and outputs tables in
// docs/inputs.md are what `scripts/docs.mjs` generates from action.yml (and the script notices when
// they are not).
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { COMMANDS } from "../../src/cli/commands.js";
import { GATE_PERMISSIONS, gateJobName, ROUND_PULL_REQUEST_TYPES } from "../../src/cli/templates/gate-job.js";
import { starterWorkflow } from "../../src/cli/templates/workflow.js";
import { EXIT } from "../../src/verdict/four-values.js";
import { loaded } from "./commands.js";

const README = readFileSync("README.md", "utf8");

function between(text: string, name: string): string {
  const start = text.indexOf(`<!-- ${name}:start -->`);
  const end = text.indexOf(`<!-- ${name}:end -->`);
  if (start < 0 || end < start) throw new Error(`no ${name} markers`);
  return text.slice(start + `<!-- ${name}:start -->`.length, end);
}

describe("README.md", () => {
  it("is for adopters: under 1,500 words, its first screen the gate and the ten-line start", () => {
    const words = README.split(/\s+/).filter((w) => w !== "").length;
    expect(words).toBeLessThan(1_500);
    const headings = [...README.matchAll(/^## (.*)$/gm)].map((m) => m[1]);
    expect(headings.slice(0, 3)).toEqual(["Start", "Four values, measured", "The contract"]);
    // Issue 35: the start was 70 lines of YAML. The first screen (40 lines) holds the whole setup.
    const firstScreen = README.split("\n").slice(0, 40).join("\n");
    expect(firstScreen).toContain(between(README, "caller"));
    expect(firstScreen).toContain("<!-- caller:end -->");
    const beforeContract = README.slice(0, README.indexOf("## The contract"));
    for (const status of ["approve", "blocked", "hold-for-human", "conditional-on"])
      expect(beforeContract).toContain(`\`${status}\``);
    // Contributors' material lives in CONTRIBUTING.md, which the README points to.
    for (const gone of ["Keeping the suite fast", "Test knobs", "VERDICT_GATE_BACKOFF_UNIT_MS"])
      expect(README).not.toContain(gone);
    const contributing = readFileSync("CONTRIBUTING.md", "utf8");
    for (const kept of ["## Keeping the suite fast", "## Test knobs", "VERDICT_GATE_BACKOFF_UNIT_MS"])
      expect(contributing).toContain(kept);
    expect(README).toContain("[CONTRIBUTING.md](CONTRIBUTING.md)");
  });

  it("says how to get the CLI from a clone: npm ci, then npm link", () => {
    expect(README).toMatch(/`npm ci`, then `npm link` puts `verdict-gate` on your PATH/);
    expect(readFileSync("docs/cli.md", "utf8")).toMatch(
      /npm ci\n\s*npm link +# puts verdict-gate on your PATH/,
    );
  });

  it("has inputs and outputs tables in docs/inputs.md that match action.yml (node scripts/docs.mjs --write regenerates them)", () => {
    const run = spawnSync(process.execPath, ["scripts/docs.mjs"], { encoding: "utf8" });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  });

  it("the docs script fails on a stale table and fixes it with --write", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "vg-docs-"));
    try {
      const readme = path.join(dir, "inputs.md");
      const inputs = readFileSync("docs/inputs.md", "utf8");
      const stale = inputs.replace(/(\| `check-name` +\| )`verdict-gate`/, "$1`gate`        ");
      expect(stale).not.toBe(inputs);
      writeFileSync(readme, stale);
      copyFileSync("action.yml", path.join(dir, "action.yml"));
      const args = ["scripts/docs.mjs", "--inputs", readme, "--action", path.join(dir, "action.yml")];
      const checked = spawnSync(process.execPath, args, { encoding: "utf8" });
      expect(checked.status).toBe(1);
      expect(checked.stderr).toMatch(/run `node scripts\/docs\.mjs --write`/);
      execFileSync(process.execPath, [...args, "--write"]);
      expect(spawnSync(process.execPath, args).status).toBe(0);
      expect(readFileSync(readme, "utf8")).toMatch(/\| `check-name` +\| `verdict-gate` +\|/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("starts with a caller of the reusable workflow in ten lines, granting the gate's five permissions", () => {
    const block = between(README, "caller").trim();
    const yaml = block.replace(/^```yaml\n/, "").replace(/\n```$/, "");
    expect(yaml.split("\n")).toHaveLength(10);
    const doc = parseYaml(yaml) as {
      on: { pull_request: { types: string[] } };
      jobs: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.jobs)).toEqual(["gate"]);
    const gate = doc.jobs.gate as Record<string, unknown>;
    expect(gate.uses).toBe("verdict-gate/verdict-gate/.github/workflows/verdict-gate.yml@v1");
    expect(gate.permissions).toEqual(Object.fromEntries(GATE_PERMISSIONS.map((p) => [p.scope, p.access])));
    expect(doc.on.pull_request.types).toEqual([...ROUND_PULL_REQUEST_TYPES]);
    // The reusable workflow declares what the caller passes.
    const reusable = parseYaml(readFileSync(".github/workflows/verdict-gate.yml", "utf8")) as {
      on: { workflow_call: { inputs: Record<string, unknown>; secrets: Record<string, unknown> } };
    };
    for (const input of Object.keys(gate.with as object))
      expect(reusable.on.workflow_call.inputs).toHaveProperty(input);
    for (const secret of Object.keys(gate.secrets as object))
      expect(reusable.on.workflow_call.secrets).toHaveProperty(secret);
  });

  it("says which check to require, by the name of the job it must not be mistaken for", () => {
    const flat = README.replace(/\s+/g, " ").replaceAll("**", "");
    expect(flat).toContain(
      `Require the check, not the job. Branch protection lists two names: the check run \`verdict-gate\`, which carries the four values, and the job that posts it, \`gate / ${gateJobName()}\``,
    );
    const workflows = readFileSync("docs/workflows.md", "utf8").replace(/\s+/g, " ");
    expect(workflows).toContain(`named \`${gateJobName()}\``);
  });

  it("says how to use the action before the first release: a commit SHA in place of v1", () => {
    const flat = README.replace(/\s+/g, " ").replaceAll("**", "");
    expect(flat).toContain(
      "Before the first release there is no `v1` tag yet: put a full commit SHA of this repository in place of `v1`",
    );
  });

  it("the full workflow, in docs/workflows.md, is exactly what `verdict-gate init` writes", () => {
    expect(between(readFileSync("docs/workflows.md", "utf8"), "workflow").trim()).toBe(
      `\`\`\`yaml\n${starterWorkflow({ provider: "openai" })}\`\`\``,
    );
  });

  it("documents every command the CLI has, with an example", async () => {
    for (const entry of COMMANDS) {
      const command = await loaded(entry);
      if (command.summary.includes("not implemented")) continue;
      expect(README, command.name).toContain(`verdict-gate ${command.name}`);
    }
  });

  it("lists the exit codes the CLI returns", () => {
    const table = README.slice(README.search(/\| exit +\| meaning +\|/));
    for (const [name, code] of Object.entries(EXIT))
      expect(table, name).toMatch(new RegExp(`^\\| ${code} +\\|`, "m"));
  });

  it("says how long the first CLI run from a clone compiles, as bench/results/cli-build.json measured it", () => {
    const bench = JSON.parse(readFileSync("bench/results/cli-build.json", "utf8")) as {
      result: { builds: Record<string, { medianCpuSeconds: number }> };
    };
    const cpu = (prefix: string) =>
      Math.round(
        Object.entries(bench.result.builds).find(([name]) => name.startsWith(prefix))?.[1].medianCpuSeconds ??
          Number.NaN,
      );
    const [local, bundle, full] = [cpu("clone CLI, transpiled"), cpu("CLI bundle"), cpu("full build")];
    const flat = (text: string) => text.replace(/\s+/g, " ");
    expect(flat(README)).toContain(
      `about ${local} s of CPU, against ${full} s for the bundle it used to build`,
    );
    expect(flat(readFileSync("CONTRIBUTING.md", "utf8"))).toContain(
      `about ${local} s of CPU where the ncc bundle it used to build took ${full} s (one CLI bundle alone ${bundle} s)`,
    );
    expect(flat(readFileSync("docs/cli.md", "utf8"))).toContain(`about ${local} s of CPU`);
    // Issue 35: well under 20 s on two cores. The compile runs on one core, so on an idle machine its
    // wall time is about its CPU time (a busy one stretches both builds alike).
    expect(local).toBeLessThan(20);
  });

  it("gives the two commands for working on the project", () => {
    expect(README).toContain("```sh\nnpm ci\nnpm test\n```");
  });
});
