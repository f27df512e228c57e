// The `command` provider: any CLI reviewer (`claude -p`, `codex exec`, a script) with the prompt on stdin
// and the reply on stdout. Exit 0 with text is a reply; anything else is a named failure.
//
// Why node:child_process and not @actions/exec: @actions/exec has no time limit and no way to kill
// what it started (its `delay` only bounds waiting for stdio after exit), so a hung reviewer would hang
// the job until GitHub's six-hour limit; it also echoes the full command line to the log. Here the
// child runs without a shell (argv from command-line.ts), in its own process group on POSIX so a
// timeout kills the reviewer and everything it spawned (an agent CLI starts helpers), with SIGTERM then
// SIGKILL after a grace period, and with an environment stripped of the GitHub token, the inputs and
// the runner's command files (command-env.ts).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { REAL_RUNTIME, type Reviewer, type ReviewerRuntime } from "../ports/reviewer.js";
import { defined } from "../util/defined.js";
import { describeError } from "../util/describe-error.js";
import { type Attempt, type AttemptOutcome, callReviewer } from "./call.js";
import { credentialValues, reviewerEnvironment } from "./command-env.js";
import { parseCommandLine } from "./command-line.js";
import { commandName } from "./command-program.js";
import { contextWindowFor, describeWindow } from "./context-window.js";
import { DEFAULT_RETRY_POLICY } from "./retry.js";
import { providerDetail } from "./sdk-error.js";

export interface CommandReviewerOptions {
  /** The command line, e.g. `claude -p --model claude-sonnet-5-5`. */
  readonly command: string;
  /** The model it runs, for the context-window table and the summary; defaults to the program name. */
  readonly model?: string;
  readonly contextWindow?: number;
  readonly timeoutMs: number;
  /** The environment to start from (default process.env); filtered by reviewerEnvironment. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Values no variable of the child may hold (the GitHub token); also redacted from messages. */
  readonly withheldSecrets?: readonly string[];
  readonly cwd?: string;
  /** Run each call in a fresh empty temporary directory (`verdict-gate-reviewer-*`), removed with all
   * an agent wrote there when the call ends, however it ends; `cwd` is then unused. Each call starts
   * clean: nothing one part of the diff's review leaves behind is there for the next. */
  readonly scratch?: boolean;
  /** Where those directories are made (default the system's temporary folder). */
  readonly scratchParent?: string;
  /** A reply larger than this is refused (and the process killed). Default 4 MiB. */
  readonly maxReplyBytes?: number;
  /** Between SIGTERM and SIGKILL. Default 2 s. */
  readonly killGraceMs?: number;
  readonly runtime?: ReviewerRuntime;
}

export const DEFAULT_MAX_REPLY_BYTES = 4 * 1024 * 1024;
/** The name every call's temporary directory starts with, in the system's temporary folder. */
export const SCRATCH_PREFIX = "verdict-gate-reviewer-";

function removeScratch(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
  } catch {
    // A file the agent made unremovable: the folder stays, the review does not change.
  }
}
const STDERR_TAIL = 1_000;
/** After the process exits, how long to wait for its output pipes to close. A helper it started may
 * hold them open; past this the group is killed and the run fails (the output may be partial). */
const DRAIN_MS = 1_000;

function killTree(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    if (process.platform === "win32") process.kill(pid, signal);
    else process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Runs the command once with `input` on stdin. Exported for the fixture tests. */
export function runCommandOnce(
  argv: readonly string[],
  input: string,
  signal: AbortSignal,
  options: {
    target: string;
    env: Record<string, string>;
    cwd?: string;
    maxReplyBytes: number;
    killGraceMs: number;
  },
): Promise<AttemptOutcome> {
  const { target } = options;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const fail = (message: string) =>
      settle({ ok: false, failure: "command-failed", message, retryable: false });
    const child = spawn(argv[0] as string, argv.slice(1), {
      env: options.env,
      ...defined({ cwd: options.cwd }),
      stdio: ["pipe", "pipe", "pipe"],
      shell: false,
      detached: process.platform !== "win32",
      windowsHide: true,
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = "";
    let overflow = false;
    const stop = () => {
      killTree(child.pid, "SIGTERM");
      setTimeout(() => killTree(child.pid, "SIGKILL"), options.killGraceMs).unref();
    };
    if (signal.aborted) stop();
    signal.addEventListener("abort", stop, { once: true });
    child.stdout.on("data", (data: Buffer) => {
      outBytes += data.length;
      if (outBytes > options.maxReplyBytes) {
        if (!overflow) {
          overflow = true;
          stop();
        }
        return;
      }
      out.push(data);
    });
    child.stderr.on("data", (data: Buffer) => {
      err = (err + data.toString("utf8")).slice(-STDERR_TAIL);
    });
    // A reviewer that exits without reading its stdin makes the write fail with EPIPE; its exit status
    // says what happened, so the write error itself is not the story.
    child.stdin.on("error", () => {});
    child.on("error", (error: NodeJS.ErrnoException) => {
      const where =
        error.code === "ENOENT"
          ? " (it runs in an empty temporary directory: name a script by its absolute path, or a program on PATH)"
          : "";
      fail(`${target}: could not start: ${describeError(error)}${where}`);
    });
    const finish = (code: number | null, sig: NodeJS.Signals | null, unended = false) => {
      signal.removeEventListener("abort", stop);
      const tail = err.trim() ? `: ${providerDetail(err.trim())}` : "";
      if (signal.aborted) return fail(`${target}: killed at the time limit`);
      if (overflow)
        return settle({
          ok: false,
          failure: "too-large",
          message: `${target}: wrote more than the ${options.maxReplyBytes} bytes the gate reads of a reply; killed, and nothing of it was read`,
          retryable: false,
        });
      if (unended) {
        // What was read so far may be half a reply (a helper still writing it, or one that would have
        // written REQUEST_CHANGES next): never a reply.
        const how = sig !== null ? `was killed by ${sig}` : `exited with code ${code}`;
        return fail(
          `${target}: the reviewer's output did not end: it ${how}, but a process it started still held ` +
            `its output open ${DRAIN_MS / 1000}s later; killed that process group, partial output discarded${tail}`,
        );
      }
      if (sig !== null) return fail(`${target}: killed by ${sig}${tail}`);
      if (code !== 0) return fail(`${target}: exited with code ${code}${tail}`);
      let text: string;
      try {
        // Not toString("utf8"), which turns bytes it cannot read into U+FFFD in silence: a byte
        // sequence that is not UTF-8 is output the gate cannot read as written, so none of it is read.
        text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(out));
      } catch {
        return fail(`${target}: its output is not valid UTF-8; the gate reads a reply whole or not at all`);
      }
      settle({ ok: true, text, usage: {} });
    };
    child.on("exit", (code, sig) => {
      const drain = setTimeout(() => {
        // A helper the reviewer started holds the pipes: kill the whole group (the leader is gone, the
        // group is not), and fail rather than read the output collected so far as the reply.
        stop();
        child.stdout.destroy();
        child.stderr.destroy();
        finish(code, sig, true);
      }, DRAIN_MS);
      drain.unref();
      child.on("close", () => {
        clearTimeout(drain);
        finish(code, sig);
      });
    });
    child.stdin.end(input, "utf8");
  });
}

export function commandReviewer(options: CommandReviewerOptions): Reviewer {
  const argv = parseCommandLine(options.command);
  // What the label and messages call it: the script an interpreter runs (`sh rev.sh` is `rev.sh`, not
  // `sh`), else the program.
  const program = commandName(argv);
  const target = `command reviewer \`${program}\``;
  const model = options.model?.trim() ? options.model.trim() : program;
  const window = contextWindowFor({
    model,
    program,
    ...defined({ configured: options.contextWindow }),
  });
  const withheld = options.withheldSecrets ?? [];
  const env = reviewerEnvironment(options.env ?? process.env, withheld);
  // Redacted from the reply at the source, before any caller (the action, the CLI, a library user)
  // prints it: the secrets kept from the command, and the credentials it was given, which a
  // prompt-injected agent may print back in disguise.
  const secrets = [...withheld, ...credentialValues(env)];
  const attempt: Attempt = async (prompt, signal) => {
    let scratch: string | undefined;
    if (options.scratch === true) {
      try {
        scratch = mkdtempSync(path.join(options.scratchParent ?? os.tmpdir(), SCRATCH_PREFIX));
      } catch (error) {
        return {
          ok: false,
          failure: "command-failed",
          message: `${target}: could not make its empty temporary directory: ${describeError(error)}`,
          retryable: false,
        };
      }
    }
    const cwd = scratch ?? options.cwd;
    // At the time limit the call is over before its process is: the directory goes at once (a process
    // still running in it can create nothing in a removed directory), not when the kill completes,
    // which a CLI that exits straight after the round would never wait for.
    const removeNow = () => {
      if (scratch !== undefined) removeScratch(scratch);
    };
    signal.addEventListener("abort", removeNow, { once: true });
    try {
      return await runCommandOnce(argv, `${prompt.system}\n\n${prompt.user}`, signal, {
        target,
        env,
        ...defined({ cwd }),
        maxReplyBytes: options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES,
        killGraceMs: options.killGraceMs ?? 2_000,
      });
    } finally {
      // Never a reason to fail the call: what is left is only litter in the temporary folder.
      signal.removeEventListener("abort", removeNow);
      removeNow();
    }
  };
  const reviewer: Reviewer = {
    provider: "command",
    model,
    // The program's name only: arguments may carry a key.
    label: options.model?.trim() ? `command ${program} (${model})` : `command ${program}`,
    contextWindow: window.tokens,
    contextWindowBasis: describeWindow(window),
    review: (prompt, call) =>
      callReviewer(attempt, prompt, {
        ...(call?.signal !== undefined ? { signal: call.signal } : {}),
        target,
        model,
        window,
        timeoutMs: options.timeoutMs,
        // A command's failures carry no retry-after and may have had side effects: never retried.
        policy: { ...DEFAULT_RETRY_POLICY, retries: 0 },
        runtime: options.runtime ?? REAL_RUNTIME,
        secrets,
      }),
  };
  return Object.freeze(reviewer);
}
