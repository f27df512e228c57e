// Issue 35, item 6, as a person types it: `git diff HEAD~1 | verdict-gate check --contract real.json`
// said "no diff was given" while `review` read the same pipe. The bundled CLI (what the npm package
// ships), started by a shell, with a real pipe, a redirect and /dev/null.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliEntry } from "../support/package-bundle.js";

const repo = mkdtempSync(path.join(os.tmpdir(), "vg-check-pipe-"));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], {
    cwd: repo,
    encoding: "utf8",
  });
mkdirSync(path.join(repo, "source"));
writeFileSync(
  path.join(repo, "real.json"),
  JSON.stringify({
    intended_action: "Change the app",
    success_criteria: [
      {
        id: "tests-with-code",
        type: "diff_requires_change",
        when_changed: ["source/**"],
        must_change: ["test/**"],
      },
    ],
  }),
);
git("init", "-q");
writeFileSync(path.join(repo, "source", "app.js"), "export const a = 1;\n");
git("add", ".");
git("commit", "-q", "-m", "start");
writeFileSync(path.join(repo, "source", "app.js"), "export const a = 2;\n");
git("commit", "-q", "-am", "change the app, no test");

/** `script` run by sh in the repository, `$VG` the bundled CLI. */
function shell(script: string) {
  const r = spawnSync("sh", ["-c", script], {
    cwd: repo,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: repo, VG: `${process.execPath} ${cliEntry()}` },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("the bundled `verdict-gate check` reads a piped diff as `review` does (issue 35)", () => {
  it("`git diff HEAD~1 | verdict-gate check --contract real.json` judges the diff: FAIL (exit 3)", () => {
    const r = shell("git diff HEAD~1 | $VG check --contract real.json");
    expect(r.code, r.err).toBe(3);
    expect(r.out).toMatch(/^FAIL {2}/);
    expect(r.out).toContain("tests-with-code");
    expect(r.out).not.toContain("no diff was given");
  });

  it("a redirected file is read too", () => {
    writeFileSync(path.join(repo, "change.patch"), git("diff", "HEAD~1"));
    expect(shell("$VG check real.json < change.patch").code).toBe(3);
  });

  it("nothing piped (/dev/null): no diff, and the criterion says how to give one (FLAG, exit 4)", () => {
    const r = shell("$VG check real.json < /dev/null");
    expect(r.code).toBe(4);
    expect(r.out).toContain("no diff was given (pipe one in, or use --diff FILE)");
  });
});
