// `eval --gate` reads the checked-out workflows, which a pull request writes; its errors are printed
// by the gate-change workflow inside a fence of the job summary. What the workflows say (an input's
// value, a job's id) reaches the error on one line, so no text of the pull request's closes the fence.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evalCli, writeGateWorkflow } from "./support.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "vg-gate-errors-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("eval --gate's errors", () => {
  it("carry a workflow's text on one line: a value that would close the summary's fence does not", async () => {
    writeGateWorkflow(dir, [`model: "x\\n\`\`\`\\n<img src=x onerror=alert(1)> $\{{ secrets.KEY }}"`]);
    const run = await evalCli([path.resolve("eval/sets/starter"), "--gate", "."], dir);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/input model is an expression/);
    expect(run.err).toContain("(x\\u000a```\\u000a<img");
    for (const line of run.err.split("\n")) expect(line).not.toMatch(/^\s*(```|<img)/);
  });
});
