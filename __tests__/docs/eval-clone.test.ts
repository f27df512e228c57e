// docs/eval.md's "From a clone to a measured configuration", run as it is written: its shell lines, in
// order, in a clone with known fixes and reverts (eval/mine-repo.ts), whose gate workflow runs a
// `command` reviewer, and with a `claude` on PATH that is a scripted reviewer too. A change to the
// commands, their flags or what they write that breaks the documented path fails here.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MinedRepo, makeMinedRepo } from "../eval/mine-repo.js";
import { writeGateWorkflow } from "../eval/support.js";
import { runCaptured } from "../support/cli-io.js";

/** The lines of the sh block under `heading` in docs/eval.md. */
function documentedLines(heading: string): string[] {
  const doc = readFileSync("docs/eval.md", "utf8");
  const at = doc.indexOf(`### ${heading}\n`);
  expect(at, `docs/eval.md has "${heading}"`).toBeGreaterThan(-1);
  const block = /```sh\n([\s\S]*?)```/.exec(doc.slice(at))?.[1] ?? "";
  return block.split("\n").filter((l) => l.trim() !== "");
}

/** A shell line's words: blanks split them, double quotes group them (all the docs use). */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? (m[2] as string));
}

/** A reviewer program: it reads the prompt, and blocks the first changed file's first line, or
 * approves; either way with the round's token. */
function reviewer(file: string, blocks: boolean): void {
  writeFileSync(
    file,
    [
      `#!${process.execPath}`,
      "let prompt = '';",
      "process.stdin.on('data', (d) => { prompt += d; });",
      "process.stdin.on('end', () => {",
      "  const token = /===VERDICT=== <value> ([0-9a-z]{26,128})/.exec(prompt)?.[1] ?? 'none';",
      "  const file = /^diff --git a\\/(\\S+) b\\/\\S+$/m.exec(prompt)?.[1] ?? 'x';",
      blocks
        ? "  process.stdout.write('BLOCKING: ' + file + ':1 — unsafe\\n\\n===VERDICT=== REQUEST_CHANGES ' + token + '\\n');"
        : "  process.stdout.write('No blocking issues.\\n\\n===VERDICT=== APPROVE ' + token + '\\n');",
      "});",
      "",
    ].join("\n"),
  );
  chmodSync(file, 0o755);
}

describe("docs/eval.md: from a clone to a measured configuration", () => {
  let repo: MinedRepo;
  const ran: { line: string; code: number; out: string; err: string }[] = [];

  beforeAll(async () => {
    repo = makeMinedRepo();
    const root = path.dirname(repo.dir);
    const bin = path.join(root, "bin");
    mkdirSync(bin);
    reviewer(path.join(bin, "careful-reviewer"), true);
    reviewer(path.join(bin, "claude"), false);
    // The team's gate, as its repository configures it (not committed: eval --gate reads the checkout).
    writeGateWorkflow(repo.dir, ["provider: command", "command: careful-reviewer"], "verdict-gate.yml");
    const env = { PATH: `${bin}:${process.env.PATH ?? ""}`, HOME: path.join(root, "home") };
    let cwd = root;
    for (const line of documentedLines("From a clone to a measured configuration")) {
      const argv = words(line);
      if (argv[0] === "cd") {
        expect(argv[1]).toBe("~/src/payments");
        cwd = repo.dir;
        continue;
      }
      expect(argv[0], line).toBe("verdict-gate");
      ran.push({ line, ...(await runCaptured(argv.slice(1), { cwd, env })) });
    }
  }, 240_000);
  afterAll(() => repo.cleanup());

  it("runs every documented line, each exiting 0", () => {
    expect(ran.map((r) => words(r.line).slice(1, 3).join(" "))).toEqual([
      "eval mine",
      "eval eval/sets/payments",
      "eval eval/sets/payments",
      "eval compare",
    ]);
    for (const r of ran) expect(r.code, `${r.line}\n${r.err}`).toBe(0);
  });

  it("mines the clone's fixes and reverts into the set, and measures the gate the clone configures", () => {
    const set = path.join(repo.dir, "eval", "sets", "payments");
    expect(existsSync(path.join(set, "picks.json"))).toBe(true);
    const ours = JSON.parse(readFileSync(path.join(repo.dir, "ours.json"), "utf8"));
    const claude = JSON.parse(readFileSync(path.join(repo.dir, "claude.json"), "utf8"));
    expect(ours.false_approve).toMatchObject({ count: 0, n: 2 });
    expect(claude.false_approve).toMatchObject({ count: 2, n: 2 });
    expect(ours.configuration.key).not.toBe(claude.configuration.key);
  });

  it("compares the two on the same cases, each kind of error each way", () => {
    const compare = ran.at(-1)?.out ?? "";
    expect(compare).toMatch(/false approves \(defect cases approved\): 0 under \S+ only, 2 under \S+ only/);
  });
});
