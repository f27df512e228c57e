// The CLI and the library as the npm package ships them. Only the action is committed (dist/); the
// CLI and the library are built at pack time, so tests run them from build/dist, which check-dist
// (part of `npm test`) has just built along with the action. A test file that imports this module
// waits for a current build/dist: when src/ or the pinned packages changed since the last build, it is
// rebuilt once, whichever test files ask at the same time (scripts/bundle.mjs --if-stale takes a lock
// and builds only when its record of the inputs is out of date). VERDICT_GATE_DIST names a private
// full build (`node scripts/bundle.mjs DIR`) to run as it is instead. runBundledCli starts the CLI as
// a user does, stdin piped in.
import { spawn } from "node:child_process";
import path from "node:path";

async function currentPackageBundle(): Promise<string> {
  const named = process.env.VERDICT_GATE_DIST;
  if (named !== undefined) return path.resolve(named);
  const dir = path.resolve("build", "dist");
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve("scripts", "bundle.mjs"), dir, "--if-stale"], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("close", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`building ${dir} failed (${signal ?? `exit ${code}`})`)),
    );
  });
  return dir;
}

/** A full build: the action (index.js), the CLI (cli/) and the library (lib/, with types/). */
export const packageBundleDir = await currentPackageBundle();

/** The CLI as package.json `bin` starts it. */
export function cliEntry(): string {
  return path.join(packageBundleDir, "cli", "index.js");
}

/** The library as package.json `exports` names it. */
export function libEntry(): string {
  return path.join(packageBundleDir, "lib", "index.js");
}

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
