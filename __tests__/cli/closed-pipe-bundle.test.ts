// The bundled CLI writing into a pipe whose reader has gone (`verdict-gate … | head`): it ends quietly,
// with no stack trace, and still exits with its own code, so a pipeline with `pipefail` never reads a
// cut-off report as a pass.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { cliEntry } from "../support/package-bundle.js";

it("output into a closed pipe ends quietly, with the command's own exit code", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vg-pipe-"));
  try {
    // Far more than a pipe holds (64 KiB): the CLI is still writing when the reader goes.
    const findings = Array.from(
      { length: 2000 },
      (_, i) => `BLOCKING: src/f${i}.ts:${i + 1} — ${"x".repeat(80)}`,
    );
    const reply = `${findings.join("\n")}\n===VERDICT=== REQUEST_CHANGES\n`;
    const result = await new Promise<{ code: number | null; stderr: string; read: number }>((resolve) => {
      const child = spawn(process.execPath, [cliEntry(), "verdict", "--json"], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? "" },
        stdio: ["pipe", "pipe", "pipe"],
      });
      let stderr = "";
      let read = 0;
      child.stderr.on("data", (d) => {
        stderr += d;
      });
      // Like `head -c 100`: read one chunk, then close the pipe.
      child.stdout.once("data", (d: Buffer) => {
        read = d.length;
        child.stdout.destroy();
      });
      const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve({ code, stderr, read });
      });
      child.stdin.end(reply);
    });
    expect(result.read).toBeGreaterThan(0);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
