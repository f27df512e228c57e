// What the CLI tests share: a diff as `git diff main` prints it, and the bundled CLI started as a
// user starts it, with stdin piped in.
import { spawn } from "node:child_process";
import { cliEntry } from "../e2e/harness.js";

/** A diff as `git diff main` prints it: one new file. */
export const GREET_DIFF = `diff --git a/src/greet.js b/src/greet.js
new file mode 100644
index 0000000..3b18e51
--- /dev/null
+++ b/src/greet.js
@@ -0,0 +1,3 @@
+export function greet(name) {
+  return "hello " + name;
+}
`;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the bundled CLI with `stdin` piped in, as a shell pipeline would. */
export function runBundledCli(
  args: readonly string[],
  options: { cwd: string; stdin?: string; env?: Record<string, string> },
): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliEntry(), ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? "", HOME: options.cwd, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.stdin ?? "");
  });
}
