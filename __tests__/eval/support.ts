// What the eval tests share: the fixture set (fixtures/mixed, written by fixtures/make-sets.mjs), the
// scripted reviewer that answers per case, and the two scripts two configurations answer by.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CliIO } from "../../src/cli/io.js";
import { runCaptured } from "../support/cli-io.js";

/** Twelve cases, every cell of the table: seven defects, five clean changes. */
export const MIXED = path.resolve("__tests__/eval/fixtures/mixed");

const REVIEWER = path.resolve("__tests__/eval/fixtures/scripted-reviewer.mjs");

/** How configuration A answers, by the file each case changes: one case caught at its line (3 below
 * it), one missed, one blocked 4 lines past its defect, one held, one flipping between repeats, one
 * false block, one reviewer that fails. */
export const SCRIPT_A: Readonly<Record<string, readonly string[]>> = {
  "lib/range.js": ["block lib/range.js:9 — the loop now includes end"],
  "text/slugify.py": ["approve"],
  "retry/backoff.go": ["block retry/backoff.go:11 — max is compared after the shift"],
  "src/config.js": ["approve"],
  "client/fetch.py": ["ambiguous"],
  "cache/entry.go": ["approve"],
  "lib/format-bytes.js": ["approve", "block lib/format-bytes.js:1 — TB is not a binary unit"],
  "io/csv_writer.py": ["block io/csv_writer.py:2 — a newline inside a field"],
  "httpclient/request.go": ["fail"],
  "src/metrics.js": ["approve"],
};

/** Configuration B: catches the slug and the timeout defects, stops blocking the CSV change, starts
 * blocking the user-agent change, and misses the range defect. */
export const SCRIPT_B: Readonly<Record<string, readonly string[]>> = {
  ...SCRIPT_A,
  "lib/range.js": ["approve"],
  "text/slugify.py": ["block text/slugify.py:6 — accents are dropped, not folded"],
  "client/fetch.py": ["block client/fetch.py:9 — milliseconds passed as seconds"],
  "lib/format-bytes.js": ["approve"],
  "io/csv_writer.py": ["approve"],
  "httpclient/request.go": ["block httpclient/request.go:12 — the version is hard-coded"],
};

export interface Scripted {
  /** The --command value. */
  readonly command: string;
  readonly dir: string;
  /** Paths the reviewer was asked about, in order. */
  asked(): string[];
  /** Every answered call's prompt and reply. */
  calls(): { file: string; prompt: string; reply: string }[];
  /** Replaces the answers (same script file, so the same command line and cache key). */
  rescript(script: Readonly<Record<string, readonly string[]>>): void;
}

/** A scripted reviewer with its own state directory. Its program is `node` found on PATH, not
 * process.execPath: the eval cache hashes a program named by its path (eval/configuration.ts), which
 * would read and hash node's 100 MB binary on every eval run. The script is still hashed by its bytes
 * (eval-cache-trust.test.ts names a program by its path where that is what it tests). */
export function scripted(script: Readonly<Record<string, readonly string[]>>): Scripted {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vg-eval-"));
  const file = path.join(dir, "script.json");
  writeFileSync(file, JSON.stringify(script));
  const read = (name: string) => {
    try {
      return readFileSync(path.join(dir, name), "utf8");
    } catch {
      return "";
    }
  };
  return {
    command: ["node", REVIEWER, file, dir].join(" "),
    dir,
    asked: () =>
      read("asked.log")
        .split("\n")
        .filter((l) => l !== ""),
    calls: () =>
      read("calls.jsonl")
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l)),
    rescript: (next) => writeFileSync(file, JSON.stringify(next)),
  };
}

/** `verdict-gate eval …` in-process, in `cwd`. */
export function evalCli(args: readonly string[], cwd: string, io: Partial<CliIO> = {}) {
  return runCaptured(["eval", ...args], { env: { PATH: process.env.PATH ?? "" }, cwd, ...io });
}

/** A checkout's workflow that runs verdict-gate in one step with these `with:` lines (YAML, as written),
 * for `eval --gate DIR` to read. */
export function writeGateWorkflow(dir: string, withLines: readonly string[], file = "gate.yml"): void {
  mkdirSync(path.join(dir, ".github", "workflows"), { recursive: true });
  writeFileSync(
    path.join(dir, ".github", "workflows", file),
    [
      "on: pull_request",
      "jobs:",
      "  gate:",
      "    runs-on: ubuntu-latest",
      "    steps:",
      "      - uses: verdict-gate/verdict-gate@v1",
      "        with:",
      ...withLines.map((line) => `          ${line}`),
      "",
    ].join("\n"),
  );
}
