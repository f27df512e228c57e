// `eval --gate DIR` reads the contract where DIR's workflow says the gate reads it (its `contract`
// input), and a case's round names it there: a broken contract is reported at the path a person opens.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evalCli, MIXED, SCRIPT_A, scripted, writeGateWorkflow } from "./support.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "vg-gate-contract-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("eval --gate with the contract at a path of the workflow's choosing", () => {
  it("reads it there, and a case without a contract of its own is judged by it, named by that path", async () => {
    // One case of the mixed set, without its own contract: the gate's applies.
    const set = path.join(dir, "set");
    cpSync(path.join(MIXED, "config-debug-log"), path.join(set, "config-debug-log"), { recursive: true });
    const caseFile = path.join(set, "config-debug-log", "case.json");
    const { contract: _own, ...bare } = JSON.parse(readFileSync(caseFile, "utf8")) as Record<string, unknown>;
    writeFileSync(caseFile, JSON.stringify(bare));
    const reviewer = scripted(SCRIPT_A);
    const gate = path.join(dir, "gate");
    mkdirSync(path.join(gate, "ci"), { recursive: true });
    // Valid JSON that is not a contract: the round holds, and says which file is wrong.
    writeFileSync(path.join(gate, "ci", "gate-contract.json"), '{"intended_action": 7}\n');
    writeGateWorkflow(gate, [
      "provider: command",
      `command: ${reviewer.command}`,
      "contract: ci/gate-contract.json",
    ]);
    const run = await evalCli([set, "--gate", gate, "--no-cache", "--json"], dir);
    expect(run.code, run.err).toBe(0);
    const [result] = JSON.parse(run.out).results as { id: string; status: string; reason?: string }[];
    expect(result).toMatchObject({ id: "config-debug-log", status: "hold-for-human" });
    expect(result?.reason).toContain("ci/gate-contract.json");
    expect(result?.reason).not.toContain(".github/verdict-contract.json");
  });
});
