// The bundled CLI's `init`: the starter files land in the repository, and a second run refuses.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { CONTRACT_PATH, WORKFLOW_PATH } from "../../src/cli/templates/project.js";
import { runBundledCli } from "../support/package-bundle.js";

it("the bundled `verdict-gate init` writes the starter files once, then refuses (exit 2)", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vg-init-bundle-"));
  try {
    const first = await runBundledCli(["init", "--provider", "anthropic"], { cwd: dir });
    expect(first.code, first.stderr).toBe(0);
    expect(existsSync(path.join(dir, WORKFLOW_PATH))).toBe(true);
    expect(existsSync(path.join(dir, CONTRACT_PATH))).toBe(true);
    const second = await runBundledCli(["init"], { cwd: dir });
    expect(second.code).toBe(2);
    expect(second.stderr).toContain("already exist");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
