// A reviewer command that cannot start is a configuration mistake named before the round (exit 2 in a
// terminal, a failed step in the action), and the label names the script an interpreter runs.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeReviewer } from "../../src/compose/reviewer.js";
import { CommandLineError } from "../../src/providers/command-line.js";
import { commandName, commandNotFound, scriptOf } from "../../src/providers/command-program.js";
import { createReviewer } from "../../src/providers/create.js";

let dir: string;
let empty: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "vg-program-"));
  empty = path.join(dir, "empty");
  mkdirSync(empty);
  writeFileSync(path.join(dir, "rev.sh"), "#!/bin/sh\necho '===VERDICT=== APPROVE'\n");
  chmodSync(path.join(dir, "rev.sh"), 0o755);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const env = { PATH: process.env.PATH ?? "" };

describe("what the command is called", () => {
  it("names the script an interpreter runs, else the program", () => {
    expect(commandName(["sh", "rev.sh"])).toBe("rev.sh");
    expect(commandName(["/bin/bash", "-x", "/opt/review/run.sh", "--fast"])).toBe("run.sh");
    expect(commandName(["python3", "-u", "tools/review.py"])).toBe("review.py");
    expect(commandName(["claude", "-p"])).toBe("claude");
    expect(commandName(["/usr/local/bin/codex", "exec", "-"])).toBe("codex");
  });

  it("inline code and option values are never taken for a script", () => {
    expect(scriptOf(["sh", "-c", "echo hi"])).toBeUndefined();
    expect(scriptOf(["bash", "-lc", "run.sh"])).toBeUndefined();
    expect(scriptOf(["node", "-e", "x.js"])).toBeUndefined();
    expect(scriptOf(["python", "-m", "reviewer"])).toBeUndefined();
    expect(scriptOf(["python", "-W", "ignore", "r.py"])).toBeUndefined();
    expect(commandName(["sh", "-c", "echo hi"])).toBe("sh");
  });

  it("the reviewer's label is `command rev.sh`, not `command sh`", () => {
    const r = createReviewer({
      provider: "command",
      model: "",
      apiKey: "",
      command: `sh ${path.join(dir, "rev.sh")}`,
      timeoutMs: 1_000,
      retries: 0,
    });
    expect(r.label).toBe("command rev.sh");
  });
});

describe("a command that cannot start", () => {
  it("a relative program: the command runs in an empty directory; from a terminal, its absolute path", () => {
    const why = commandNotFound(["./rev.sh"], { cwd: empty, env, callerCwd: dir });
    expect(why).toBe(
      `the reviewer command runs in an empty temporary directory, so the relative path ./rev.sh finds nothing there: give its absolute path: ${path.join(dir, "rev.sh")}`,
    );
  });

  it("a relative script after an interpreter, the same", () => {
    const why = commandNotFound(["sh", "rev.sh"], { cwd: empty, env, callerCwd: dir });
    expect(why).toContain("so the script rev.sh that `sh` would run is not there");
    expect(why).toContain(`give its absolute path: ${path.join(dir, "rev.sh")}`);
  });

  it("in the action, never a path into the checkout: install it outside, by absolute path or PATH", () => {
    const why = commandNotFound(["sh", "scripts/review.sh"], { cwd: empty, env });
    expect(why).toContain("install the reviewer in an earlier step, outside the checkout");
    expect(why).toContain("a script in the checkout is the pull request's code, which the gate never runs");
  });

  it("a program not on PATH names how to install the usual ones", () => {
    const why = commandNotFound(["no-such-reviewer-7f3a", "-p"], { cwd: empty, env });
    expect(why).toMatch(/^the reviewer program `no-such-reviewer-7f3a` is not on PATH: install it/);
  });

  it("an absolute path that does not exist, or is not executable", () => {
    expect(commandNotFound([path.join(dir, "nope.sh")], { cwd: empty, env })).toContain("does not exist");
    writeFileSync(path.join(dir, "plain.sh"), "echo\n");
    chmodSync(path.join(dir, "plain.sh"), 0o644);
    if (process.platform !== "win32") {
      expect(commandNotFound([path.join(dir, "plain.sh")], { cwd: empty, env })).toContain(
        "is not executable",
      );
    }
  });

  it("what can start passes: a program on PATH, an absolute script, inline code", () => {
    expect(commandNotFound(["node", "--version"], { cwd: empty, env })).toBeUndefined();
    expect(commandNotFound(["sh", path.join(dir, "rev.sh")], { cwd: empty, env })).toBeUndefined();
    expect(commandNotFound([path.join(dir, "rev.sh")], { cwd: empty, env })).toBeUndefined();
    expect(commandNotFound(["sh", "-c", "echo hi"], { cwd: empty, env })).toBeUndefined();
  });

  it("makeReviewer refuses it with a CommandLineError (exit 2 from a terminal; a failed step in the action)", () => {
    const settings = {
      provider: "command" as const,
      model: "",
      apiKey: "",
      baseUrl: undefined,
      command: "sh rev.sh",
      timeoutMs: 1_000,
      retries: 0,
    };
    expect(() => makeReviewer(settings as never, "", env)).toThrow(CommandLineError);
    expect(() => makeReviewer(settings as never, "", env, { callerCwd: dir })).toThrow(
      `give its absolute path: ${path.join(dir, "rev.sh")}`,
    );
  });
});

describe("a command that would run the pull request's checkout", () => {
  // The workflow names the command, but a path into $GITHUB_WORKSPACE is the pull request's code: it
  // would run with the reviewer's key in its environment. Refused before the round, like a typo.
  const settingsFor = (command: string) => ({
    provider: "command" as const,
    model: "",
    apiKey: "",
    baseUrl: undefined,
    command,
    timeoutMs: 1_000,
    retries: 0,
  });

  it("refuses a program inside the checkout, named by its absolute path", () => {
    const program = path.join(dir, "rev.sh");
    expect(commandNotFound([program], { cwd: empty, env })).toBeUndefined();
    const why = commandNotFound([program], { cwd: empty, env, checkout: dir });
    expect(why).toContain(`names ${program}, inside the pull request's checkout`);
    expect(() => makeReviewer(settingsFor(program) as never, "", env, { checkout: dir })).toThrow(
      CommandLineError,
    );
  });

  it("refuses a script an interpreter would run from the checkout, and an option's value there", () => {
    const script = path.join(dir, "rev.sh");
    expect(commandNotFound(["sh", script], { cwd: empty, env, checkout: dir })).toContain("checkout");
    expect(
      commandNotFound(["node", `--require=${path.join(dir, "hook.js")}`, "-e", "1"], {
        cwd: empty,
        env,
        checkout: dir,
      }),
    ).toContain("hook.js, inside the pull request's checkout");
  });

  it("refuses a program that PATH finds in the checkout (its node_modules/.bin)", () => {
    const bin = path.join(dir, "node_modules", ".bin");
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(bin, "reviewer"), "#!/bin/sh\necho hi\n");
    chmodSync(path.join(bin, "reviewer"), 0o755);
    const why = commandNotFound(["reviewer"], {
      cwd: empty,
      env: { PATH: `${bin}${path.delimiter}${env.PATH}` },
      checkout: dir,
    });
    expect(why).toContain("is found on PATH at");
    expect(why).toContain("inside the pull request's checkout");
  });

  it("refuses a path that reaches the checkout through a symlink", () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), "vg-link-"));
    try {
      const link = path.join(outside, "rev.sh");
      symlinkSync(path.join(dir, "rev.sh"), link);
      expect(commandNotFound([link], { cwd: empty, env, checkout: dir })).toContain("checkout");
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("accepts a reviewer installed outside the checkout", () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), "vg-tools-"));
    try {
      const tool = path.join(outside, "rev.sh");
      writeFileSync(tool, "#!/bin/sh\necho hi\n");
      chmodSync(tool, 0o755);
      expect(commandNotFound([tool], { cwd: empty, env, checkout: dir })).toBeUndefined();
      expect(commandNotFound(["sh", "-c", "true"], { cwd: empty, env, checkout: dir })).toBeUndefined();
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
