// The command frame (src/cli/main.ts): global flags, dispatch, and the rule that every outcome is an
// exit code and a thrown error never ends in 0.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { CliIO } from "../../src/cli/io.js";
import { VERSION } from "../../src/version.js";
import { runCaptured } from "../support/cli-io.js";

async function run(argv: string[], overrides: Partial<CliIO> = {}) {
  return runCaptured(argv, overrides);
}

describe("the verdict-gate frame", () => {
  it("--version prints package.json's version (the bundle cannot read package.json at run time)", async () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    expect(VERSION).toBe(pkg.version);
    for (const flag of ["--version", "-V"])
      expect(await run([flag])).toEqual({ code: 0, out: `${pkg.version}\n`, err: "" });
  });

  it("--help lists every command and the exit codes", async () => {
    for (const flag of ["--help", "-h", "help"]) {
      const r = await run([flag]);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/verdict\s+read a reviewer's reply/);
      expect(r.out).toMatch(/prompt\s+print the reply contract/);
      expect(r.out).toMatch(/0 approve/);
    }
  });

  it("a command's --help prints its usage and exits 0 without running it", async () => {
    const r = await run(["verdict", "--help"], {
      readStdin: async () => {
        throw new Error("must not read");
      },
    });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^usage: verdict-gate verdict/);
    expect(r.out).toMatch(/--round-token TOKEN/);
  });

  it("--help after `--` is an operand, not a request for help: it never turns a run into exit 0", async () => {
    for (const flag of ["-h", "--help"]) {
      const r = await run(["check", "--", flag]);
      expect(r.code, r.out).toBe(2);
      expect(r.err).toContain(`cannot read the contract ${flag}`);
      expect(r.out).toBe("");
    }
  });

  it("--help before `--` still prints the usage: first, after the contract, or before a `--`", async () => {
    for (const argv of [
      ["check", "--help"],
      ["check", "contract.json", "--help"],
      ["check", "-h", "--", "x"],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^usage: verdict-gate check CONTRACT/);
    }
  });

  it("no command is a usage error: exit 2 with a usage line", async () => {
    const r = await run([]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^usage: verdict-gate <command>/);
  });

  it("an unknown command is a usage error: exit 2 with a usage line", async () => {
    const r = await run(["verdcit"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown command "verdcit"/);
    expect(r.err).toMatch(/usage: verdict-gate <command>/);
  });

  it("an unknown flag is a usage error: exit 2 with the command's usage", async () => {
    for (const argv of [
      ["verdict", "--jsno"],
      ["prompt", "--x"],
      ["verdict", "-q"],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/usage: verdict-gate (verdict|prompt)/);
      expect(r.out).toBe("");
    }
  });

  it.each([
    ["an Error", new Error("disk on fire")],
    ["a string", "just a string"],
    ["undefined", undefined],
    [
      "a circular object",
      (() => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      })(),
    ],
  ])("a command that throws %s ends in exit 1, never 0", async (_name, thrown) => {
    const r = await run(["verdict"], {
      readStdin: async () => {
        throw thrown;
      },
    });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/internal error/);
  });

  it("a command whose output throws ends in exit 1, even after an approve was computed", async () => {
    const r = await run(["verdict"], {
      readStdin: async () => Buffer.from("ok\n===VERDICT=== APPROVE"),
      out: () => {
        throw new Error("EPIPE");
      },
    });
    expect(r.code).toBe(1);
  });
});
