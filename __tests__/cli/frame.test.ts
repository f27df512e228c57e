// The command frame (src/cli/main.ts): global flags, dispatch, and the rule that every outcome is an
// exit code and a thrown error never ends in 0.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/commands.js";
import type { CliIO } from "../../src/cli/io.js";
import { VERSION } from "../../src/util/version.js";
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
    expect(r.out).toMatch(/--token TOKEN/);
  });

  it("every command's --help names every option it accepts (review once omitted --check-name and --max-rounds)", async () => {
    for (const entry of COMMANDS) {
      const help = await run([entry.name, "--help"]);
      // The parser lists what a command accepts when it meets an option it does not.
      const refused = await run([entry.name, "--no-such-option-at-all"]);
      const accepted = /its options: ([^)]*)\)/.exec(refused.err)?.[1]?.split(", ") ?? [];
      if (!refused.err.includes("it takes no options"))
        expect(accepted.length, entry.name).toBeGreaterThan(0);
      for (const flag of accepted)
        expect(help.out, `verdict-gate ${entry.name} --help: ${flag}`).toMatch(
          new RegExp(`${flag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![a-z-])`),
        );
    }
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
      expect(r.out).toMatch(/^usage: verdict-gate check \[CONTRACT \| --contract FILE\]/);
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

  it("an unknown command gets the nearest command and the list of commands", async () => {
    const r = await run(["reveiw"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      'unknown command "reveiw"; did you mean review? (commands: review, pr, verdict, prompt, check, audit, init, eval)',
    );
    const far = await run(["deploy"]);
    expect(far.err).not.toContain("did you mean");
    expect(far.err).toContain("(commands: review, pr, verdict, prompt, check, audit, init, eval)");
    const option = await run(["--json"]);
    expect(option.code).toBe(2);
    expect(option.err).toContain('a command comes first, before any option "--json"');
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

  it("an unknown option names the nearest option and lists the command's options, in our words", async () => {
    const r = await run(["verdict", "--jsno"]);
    expect(r.code).toBe(2);
    expect(r.err.split("\n")[0]).toBe(
      "verdict-gate verdict: unknown option --jsno; did you mean --json? (its options: --json, --round-token, --token)",
    );
    const check = await run(["check", "--base", "tree"]);
    expect(check.err).toContain("unknown option --base; did you mean --base-path?");
    const short = await run(["verdict", "-q"]);
    expect(short.err).toContain("unknown option -q (its options:");
  });

  it("argument errors never show node's parser text", async () => {
    const cases: [string[], string][] = [
      [["verdict", "--jsno"], "unknown option --jsno"],
      [["check", "c.json", "--diff"], "--diff needs a value (--diff VALUE, or --diff=VALUE)"],
      [["verdict", "--json=yes"], "--json takes no value"],
      [["check", "c.json", "--diff", "--json"], "--diff needs a value, and the word after it is an option"],
      [["prompt", "extra"], 'unexpected argument "extra": this command takes options only'],
      [["check", "a.json", "b.json"], 'unexpected argument "b.json": this command takes one argument'],
    ];
    for (const [argv, words] of cases) {
      const r = await run(argv);
      expect(r.code, argv.join(" ")).toBe(2);
      expect(r.err).toContain(words);
      expect(r.err).not.toMatch(/ERR_PARSE_ARGS|To specify a positional|Option '|argument missing|ambiguous/);
    }
  });

  it("an option's value is never echoed in an unknown-option message (it may be a key)", async () => {
    const r = await run(["check", "--api-keyy=sk-live-0123456789"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown option --api-keyy");
    expect(r.err).not.toContain("sk-live");
  });

  it("a key on the command line is refused with the reason in one line, without echoing it", async () => {
    for (const argv of [
      ["review", "--api-key", "sk-live-secret"],
      ["pr", "o/r#1", "--api-key=sk-live-secret"],
      ["pr", "o/r#1", "--github-token", "ghp_secret"],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.err.trimEnd().split("\n")).toHaveLength(1);
      expect(r.err).toMatch(/secrets are never taken as flags \(they end up in shell history/);
      expect(r.err).not.toMatch(/sk-live|ghp_secret|usage:/);
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
