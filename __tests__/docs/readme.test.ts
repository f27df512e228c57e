// The README against the code it describes: the inputs and outputs tables are what
// `scripts/docs.mjs` generates from action.yml (and the script notices when they are not), the
// copyable workflow is exactly what `verdict-gate init` writes, every command is documented, and the
// exit codes are the ones the CLI returns.
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/commands.js";
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
  it("has inputs and outputs tables that match action.yml (node scripts/docs.mjs --write regenerates them)", () => {
    const run = spawnSync(process.execPath, ["scripts/docs.mjs"], { encoding: "utf8" });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  });

  it("the docs script fails on a stale table and fixes it with --write", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "vg-docs-"));
    try {
      const readme = path.join(dir, "README.md");
      writeFileSync(readme, README.replace(/(\| `check-name` +\| )`verdict-gate`/, "$1`gate`        "));
      copyFileSync("action.yml", path.join(dir, "action.yml"));
      const args = ["scripts/docs.mjs", "--readme", readme, "--action", path.join(dir, "action.yml")];
      const stale = spawnSync(process.execPath, args, { encoding: "utf8" });
      expect(stale.status).toBe(1);
      expect(stale.stderr).toMatch(/run `node scripts\/docs\.mjs --write`/);
      execFileSync(process.execPath, [...args, "--write"]);
      expect(spawnSync(process.execPath, args).status).toBe(0);
      expect(readFileSync(readme, "utf8")).toMatch(/\| `check-name` +\| `verdict-gate` +\|/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("shows as the copyable workflow exactly what `verdict-gate init` writes", () => {
    expect(between(README, "workflow").trim()).toBe(
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

  it("gives the two commands for working on the project", () => {
    expect(README).toContain("```sh\nnpm ci\nnpm test\n```");
  });
});
