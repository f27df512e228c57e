import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ReviewReply } from "../../src/ports/reviewer.js";
import { commandReviewer, SCRATCH_PREFIX } from "../../src/providers/command.js";
import { COMMAND_DEFAULT_WINDOW, OLLAMA_DEFAULT_WINDOW } from "../../src/providers/context-window.js";
import { createReviewer } from "../../src/providers/create.js";
import { REDACTED } from "../../src/util/redact.js";
import { fakeReviewerCommand } from "../support/reviewers.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "vg-command-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PROMPT = { system: "SYSTEM PART", user: "USER PART\n===VERDICT=== <value>" };
const GITHUB_TOKEN = "ghs_loopbackGitHubToken0123456789abcdef";

function reviewer(
  command: string,
  options: { timeoutMs?: number; env?: Record<string, string>; contextWindow?: number } = {},
) {
  return commandReviewer({
    command,
    timeoutMs: options.timeoutMs ?? 10_000,
    ...(options.contextWindow !== undefined ? { contextWindow: options.contextWindow } : {}),
    env: options.env ?? { PATH: process.env.PATH ?? "" },
    withheldSecrets: [GITHUB_TOKEN],
    killGraceMs: 200,
  });
}

function failure(reply: ReviewReply) {
  if (reply.ok) throw new Error(`expected a failure, got a reply: ${reply.text}`);
  return reply;
}

function success(reply: ReviewReply) {
  if (!reply.ok) throw new Error(`expected a reply, got ${reply.failure}: ${reply.message}`);
  return reply;
}

/** Running, as opposed to gone or a zombie (killed, waiting for a container's init to reap it). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(" ")[2] !== "Z";
  } catch {
    return true;
  }
}

async function eventually(check: () => boolean, ms = 3_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

describe("command reviewer", () => {
  it("sends system then user on stdin and returns stdout as the reply", async () => {
    const saved = path.join(dir, "stdin.txt");
    const r = reviewer(fakeReviewerCommand("reply", "No issues.\\n===VERDICT=== APPROVE"), {
      env: { PATH: process.env.PATH ?? "", FAKE_REVIEWER_STDIN: saved },
    });
    const reply = success(await r.review(PROMPT));
    expect(reply.text).toBe("No issues.\n===VERDICT=== APPROVE");
    expect(reply.attempts).toBe(1);
    expect(reply.usage).toEqual({});
    expect(readFileSync(saved, "utf8")).toBe(`${PROMPT.system}\n\n${PROMPT.user}`);
  });

  it("passes arguments as written, without a shell", async () => {
    const r = reviewer(`${fakeReviewerCommand("argv")} 'two words' "\\$HOME" a\\ b '$(id)'`);
    const reply = success(await r.review(PROMPT));
    expect(JSON.parse(reply.text)).toEqual(["two words", "$HOME", "a b", "$(id)"]);
  });

  it("withholds the GitHub token, the inputs and the runner's command files from the child", async () => {
    const r = reviewer(fakeReviewerCommand("env"), {
      env: {
        PATH: process.env.PATH ?? "",
        GITHUB_TOKEN,
        GH_TOKEN: "gh-other",
        "INPUT_API-KEY": "sk-input",
        "INPUT_GITHUB-TOKEN": GITHUB_TOKEN,
        GITHUB_OUTPUT: "/tmp/out",
        GITHUB_ENV: "/tmp/env",
        GITHUB_STEP_SUMMARY: "/tmp/summary",
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: "oidc",
        CLONE_URL: `https://x-access-token:${GITHUB_TOKEN}@github.com/o/r`,
        ANTHROPIC_API_KEY: "sk-ant-for-the-cli",
        GITHUB_REPOSITORY: "o/r",
      },
    });
    const env = JSON.parse(success(await r.review(PROMPT)).text) as Record<string, string>;
    // Its own key reaches it (the variable is there) but not the reply: redacted at the source.
    expect(env.ANTHROPIC_API_KEY).toBe(REDACTED);
    expect(env.GITHUB_REPOSITORY).toBe("o/r");
    for (const name of [
      "GITHUB_TOKEN",
      "GH_TOKEN",
      "INPUT_API-KEY",
      "INPUT_GITHUB-TOKEN",
      "GITHUB_OUTPUT",
      "GITHUB_ENV",
      "GITHUB_STEP_SUMMARY",
      "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
      "CLONE_URL",
    ]) {
      expect(env[name], name).toBeUndefined();
    }
    expect(JSON.stringify(env)).not.toContain(GITHUB_TOKEN);
  });

  it("redacts the credentials it was given from its reply, in every disguise, before any caller sees it", async () => {
    const own = "sk-ant-api03-CmdReviewerOwnKey0123456789abcdefXYZ";
    const r = reviewer(fakeReviewerCommand("leak", "ANTHROPIC_API_KEY"), {
      env: { PATH: process.env.PATH ?? "", ANTHROPIC_API_KEY: own },
    });
    const reply = success(await r.review(PROMPT));
    const kept = reply.text.replace(/[^A-Za-z0-9]/g, "");
    const bytes = Buffer.from(own);
    for (const form of [own, [...own].reverse().join(""), bytes.toString("base64"), bytes.toString("hex")]) {
      const f = form.replace(/[^A-Za-z0-9]/g, "");
      for (let i = 0; i + 12 <= f.length; i += 1) expect(kept).not.toContain(f.slice(i, i + 12));
    }
    expect(reply.text).toContain("Debug output, as the diff asked:");
  });

  it("fails when its output is not valid UTF-8, instead of reading replacement characters", async () => {
    const script = path.join(dir, "latin1.mjs");
    // "Café." in Latin-1 (0xe9 alone is no UTF-8), then an approve: read loosely, the byte became U+FFFD.
    writeFileSync(
      script,
      "process.stdout.write(Buffer.concat([Buffer.from('Caf'), Buffer.from([0xe9]), Buffer.from('.\\n===VERDICT=== APPROVE\\n')]));",
    );
    const reply = failure(await reviewer(`'${process.execPath}' '${script}'`).review(PROMPT));
    expect(reply.failure).toBe("command-failed");
    expect(reply.message).toContain("not valid UTF-8");
  });

  it("fails as command-failed on a non-zero exit, with the exit code and stderr", async () => {
    const reply = failure(
      await reviewer(fakeReviewerCommand("exit", "3", "model overloaded")).review(PROMPT),
    );
    expect(reply.failure).toBe("command-failed");
    expect(reply.message).toBe("command reviewer `fake-reviewer.mjs`: exited with code 3: model overloaded");
  });

  it("never returns the stdout of a failed run, even an approve", async () => {
    const script = path.join(dir, "approve-then-fail.mjs");
    writeFileSync(script, "process.stdout.write('===VERDICT=== APPROVE'); process.exitCode = 1;");
    const reply = failure(await reviewer(`'${process.execPath}' '${script}'`).review(PROMPT));
    expect(reply.failure).toBe("command-failed");
    expect(JSON.stringify(reply)).not.toContain("APPROVE");
  });

  it("fails as empty when the command prints nothing", async () => {
    expect(failure(await reviewer(fakeReviewerCommand("empty")).review(PROMPT)).failure).toBe("empty");
  });

  it("fails as command-failed when the program does not exist", async () => {
    const reply = failure(await reviewer("verdict-gate-no-such-reviewer -p").review(PROMPT));
    expect(reply.failure).toBe("command-failed");
    expect(reply.message).toContain(
      "could not start: the program was not found (not installed, or not on PATH) (it runs in an empty temporary directory",
    );
  });

  it("accepts a reviewer that exits without reading its stdin", async () => {
    const big = { system: "s", user: "x".repeat(1_000_000) };
    // A window the ~333k-token prompt fits in: over the window, a command reviewer's reply is refused
    // as truncated (next test).
    const reply = success(
      await reviewer(fakeReviewerCommand("no-stdin", "===VERDICT=== APPROVE"), {
        contextWindow: 1_000_000,
      }).review(big),
    );
    expect(reply.text).toBe("===VERDICT=== APPROVE");
  });

  it("fails as truncated when the prompt is over the whole window: a command never reports its input", async () => {
    const reply = failure(
      await reviewer(fakeReviewerCommand("reply", "===VERDICT=== APPROVE"), { contextWindow: 1_000 }).review({
        system: "s",
        user: "x".repeat(3_600),
      }),
    );
    expect(reply.failure).toBe("truncated");
    expect(reply.message).toMatch(/about 1,201 input tokens \(estimated\), more than the whole 1,000-token/);
    expect(JSON.stringify(reply)).not.toContain("APPROVE");
  });

  it("refuses a reply larger than the limit", async () => {
    const r = commandReviewer({
      command: fakeReviewerCommand("flood", "5000"),
      timeoutMs: 10_000,
      env: { PATH: process.env.PATH ?? "" },
      maxReplyBytes: 1000,
    });
    const reply = failure(await r.review(PROMPT));
    expect(reply.failure).toBe("too-large");
    expect(reply.message).toContain("wrote more than the 1000 bytes the gate reads of a reply");
  });

  it("times out a hung reviewer and kills it", async () => {
    const pidFile = path.join(dir, "grandchild.pid");
    const started = Date.now();
    const reply = failure(
      await reviewer(fakeReviewerCommand("spawn-and-hang", pidFile), { timeoutMs: 800 }).review(PROMPT),
    );
    expect(reply.failure).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(3_000);
    // The whole process group goes, including what the reviewer started.
    expect(await eventually(() => existsSync(pidFile))).toBe(true);
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    if (process.platform !== "win32") expect(await eventually(() => !alive(grandchild))).toBe(true);
  });

  it("kills a reviewer that ignores SIGTERM, with SIGKILL after the grace period", async () => {
    const pidFile = path.join(dir, "stubborn.pid");
    const r = reviewer(fakeReviewerCommand("hang-ignoring-term", pidFile), { timeoutMs: 800 });
    expect(failure(await r.review(PROMPT)).failure).toBe("timeout");
    expect(await eventually(() => existsSync(pidFile))).toBe(true);
    const pid = Number(readFileSync(pidFile, "utf8"));
    expect(await eventually(() => !alive(pid))).toBe(true);
  });

  it("fails, and kills the group, when a helper keeps the output open after the reviewer exits", async () => {
    // Before, the drain timer destroyed the pipes and settled what had been read so far as a reply
    // (ok: true), and the helper was left running.
    const pidFile = path.join(dir, "helper.pid");
    const script = path.join(dir, "exit-leaving-helper.mjs");
    // The reviewer prints half a reply, starts a helper that inherits its stdout, and exits 0.
    const helper =
      "require('node:fs').writeFileSync(process.argv[1], String(process.pid)); setTimeout(() => {}, 20000)";
    writeFileSync(
      script,
      [
        'import { spawn } from "node:child_process";',
        'process.stdout.write("Partial review.\\n===VERDICT=== APPROVE\\n");',
        `spawn(process.execPath, ["-e", ${JSON.stringify(helper)}, process.argv[2]], { stdio: ["ignore", "inherit", "inherit"] }).unref();`,
      ].join("\n"),
    );
    const started = Date.now();
    const reply = failure(await reviewer(`'${process.execPath}' '${script}' '${pidFile}'`).review(PROMPT));
    expect(reply.failure).toBe("command-failed");
    expect(reply.message).toContain("the reviewer's output did not end");
    expect(reply.message).toContain("exited with code 0");
    expect(JSON.stringify(reply)).not.toContain("APPROVE");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await eventually(() => existsSync(pidFile))).toBe(true);
    const helperPid = Number(readFileSync(pidFile, "utf8"));
    if (process.platform !== "win32") expect(await eventually(() => !alive(helperPid))).toBe(true);
  });

  it("labels itself by program name only: arguments may carry secrets", () => {
    const r = reviewer("claude -p --api-key sk-secret-in-args");
    expect(r.label).toBe("command claude");
    expect(r.model).toBe("claude");
    expect(r.provider).toBe("command");
  });

  it("is created from settings, using the model for the context window", () => {
    const r = createReviewer({
      provider: "command",
      model: "claude-sonnet-4-6",
      apiKey: "",
      command: "claude -p",
      timeoutMs: 1_000,
      retries: 3,
    });
    expect(r.label).toBe("command claude (claude-sonnet-4-6)");
    expect(r.contextWindow).toBe(200_000);
  });
});

describe("a command reviewer's window", () => {
  it("is the common CLIs' for a program the table does not know, not 8,192, and says where it came from", () => {
    const codex = reviewer("codex exec --skip-git-repo-check -");
    expect(codex.contextWindow).toBe(COMMAND_DEFAULT_WINDOW);
    expect(codex.contextWindowBasis).toBe(
      "the default for a command reviewer: what `claude -p` and `codex exec` read at least",
    );
    expect(reviewer("/home/me/bin/review.sh").contextWindow).toBe(COMMAND_DEFAULT_WINDOW);
    // `ollama run` cuts a long prompt in silence: its own small default, as for an Ollama endpoint.
    expect(reviewer("ollama run llama3.1").contextWindow).toBe(OLLAMA_DEFAULT_WINDOW);
    const set = reviewer("codex exec", { contextWindow: 32_768 });
    expect([set.contextWindow, set.contextWindowBasis]).toEqual([32_768, "the configured context-window"]);
  });
});

describe("a command reviewer's temporary directory", () => {
  const scratchReviewer = (command: string, parent: string, timeoutMs = 10_000) =>
    commandReviewer({
      command,
      timeoutMs,
      env: { PATH: process.env.PATH ?? "" },
      scratch: true,
      scratchParent: parent,
      killGraceMs: 200,
    });

  it("is a fresh one for each call, removed with everything the reviewer left in it", async () => {
    const parent = mkdtempSync(path.join(dir, "tmp-"));
    const r = scratchReviewer(fakeReviewerCommand("litter"), parent);
    const first = success(await r.review(PROMPT)).text;
    const second = success(await r.review(PROMPT)).text;
    const worked = (text: string) => /worked in (\S+)/.exec(text)?.[1] ?? "";
    expect(path.basename(worked(first))).toMatch(new RegExp(`^${SCRATCH_PREFIX}`));
    expect(worked(first)).not.toBe(worked(second));
    expect(readdirSync(parent)).toEqual([]);
  });

  it("is removed when the call fails and when it is killed at the time limit", async () => {
    const parent = mkdtempSync(path.join(dir, "tmp-"));
    const failed = failure(await scratchReviewer(fakeReviewerCommand("litter", "3"), parent).review(PROMPT));
    expect(failed.message).toMatch(/exited with code 3: worked in /);
    expect(readdirSync(parent)).toEqual([]);
    const hung = failure(await scratchReviewer(fakeReviewerCommand("hang"), parent, 300).review(PROMPT));
    expect(hung.message).toContain("no complete reply within 0.3s");
    expect(readdirSync(parent)).toEqual([]);
  });

  it("that cannot be made fails the call, named, and is never a reply", async () => {
    const reply = failure(
      await scratchReviewer(
        fakeReviewerCommand("reply", "===VERDICT=== APPROVE"),
        path.join(dir, "no", "such"),
      ).review(PROMPT),
    );
    expect(reply.failure).toBe("command-failed");
    expect(reply.message).toBe(
      `command reviewer \`fake-reviewer.mjs\`: could not make its empty temporary directory: there is no such file or directory`,
    );
  });
});
