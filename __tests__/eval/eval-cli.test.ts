// `verdict-gate eval` as a command: what it refuses (exit 2, before any reviewer is paid), what a set
// can hold that must not be followed (a symlink in base/, a diff naming a path outside the tree), the
// progress line a terminal gets, and the cache that lets a run resume (the interrupted run itself is
// eval-resume.test.ts).
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCachedRun } from "../../src/eval/cached-run.js";
import { progressLine } from "../../src/eval/progress.js";
import { estimateTokens } from "../../src/review/tokens.js";
import { runCaptured } from "../support/cli-io.js";
import { evalCli, MIXED, SCRIPT_A, SCRIPT_B, type Scripted, scripted } from "./support.js";

let dir: string;
let set: string;
let reviewer: Scripted;

/** A small set: one defect caught by the scripted reviewer, one clean case that cannot be run. */
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "vg-eval-cli-"));
  set = path.join(dir, "set");
  for (const id of ["range-off-by-one", "notes-no-diff"])
    cpSync(path.join(MIXED, id), path.join(set, id), { recursive: true });
  reviewer = scripted(SCRIPT_A);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("what eval refuses (exit 2)", () => {
  it.each([
    [[], /name the set/],
    [["missing-set"], /invalid set: .*missing-set cannot be read: ENOENT/],
    [["set", "--reach", "--repeat", "2"], /--repeat has no meaning with --reach/],
    [["set", "--price-in", "3"], /give both --price-in and --price-out/],
    [["set", "--price-in", "three", "--price-out", "1"], /--price-in takes a price per million tokens/],
    [["set", "--repeat", "0"], /--repeat takes a whole number from 1 to 100/],
    [["set", "--concurrency", "99"], /--concurrency takes a whole number from 1 to 16/],
    [["set", "--cache", "c", "--no-cache"], /choose --cache DIR or --no-cache/],
    [["set", "--contract", "c.json"], /unknown option --contract/],
    [["set", "--api-key", "sk-x"], /secrets are never taken as flags/],
    [
      ["set", "--out", "nowhere/r.json", "--command", "x"],
      /--out nowhere\/r\.json: the directory .* does not exist/,
    ],
    [["set", "--provider", "openai", "--model", "gpt-4o"], /no API key: set OPENAI_API_KEY/],
  ])("eval %j", async (args, message) => {
    const r = await evalCli(args as string[], dir);
    expect(r.code, r.out).toBe(2);
    expect(r.err).toMatch(message);
    expect(reviewer.asked()).toEqual([]);
  });

  it("refuses a set with a case.json that is not a case, naming the file and the field", async () => {
    const bad = path.join(dir, "bad-set");
    cpSync(path.join(MIXED, "csv-quote"), path.join(bad, "csv-quote"), { recursive: true });
    writeFileSync(
      path.join(bad, "csv-quote", "case.json"),
      JSON.stringify({
        id: "csv-quote",
        label: "defect",
        source: { repository: "r", base: "b", head: "h", license: "MIT" },
      }),
    );
    const r = await evalCli([bad, "--command", reviewer.command], dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/invalid set: .*csv-quote\/case\.json: defects: /);
    const empty = path.join(dir, "empty-set");
    mkdirSync(empty);
    const none = await evalCli([empty, "--command", reviewer.command], dir);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/holds no case/);
    // A case behind a symlink is refused, not skipped: its class would be one case short in silence.
    const linked = path.join(dir, "linked-set");
    mkdirSync(linked);
    symlinkSync(path.join(MIXED, "csv-quote"), path.join(linked, "csv-quote"));
    const link = await evalCli([linked, "--command", reviewer.command], dir);
    expect(link.code).toBe(2);
    expect(link.err).toMatch(/invalid set: .*csv-quote is a symlink/);
    // So is a directory that is not a case.
    mkdirSync(path.join(empty, "notes"));
    const notCase = await evalCli([empty, "--command", reviewer.command], dir);
    expect(notCase.code).toBe(2);
    expect(notCase.err).toMatch(/invalid set: .*notes\/case\.json cannot be read: ENOENT/);
    expect(reviewer.asked()).toEqual([]);
  });

  it("says where results are kept by default, in --help", async () => {
    const r = await runCaptured(["eval", "--help"]);
    expect(r.code).toBe(0);
    // Outside any set (issue 31: a set cannot bring its own answers), so no longer the current directory.
    expect(r.out).toMatch(
      /--cache DIR[\s\S]*verdict-gate\/eval-cache under \$XDG_CACHE_HOME, else ~\/\.cache; never inside the set/,
    );
    expect(r.out).toMatch(/verdict-gate eval compare A\.json B\.json/);
    expect(r.out).toMatch(
      /exit: 0 the run completed \(whatever the rates\) · 2 bad options or an invalid set · 1 internal error/,
    );
  });
});

describe("what a case cannot make eval read", () => {
  it("makes a case whose base/ holds a symlink, or whose diff names a path outside the tree, an error, asking nobody", async () => {
    const hostile = path.join(dir, "hostile");
    cpSync(path.join(MIXED, "range-off-by-one"), path.join(hostile, "linked"), { recursive: true });
    writeFileSync(
      path.join(hostile, "linked", "case.json"),
      JSON.stringify({
        id: "linked",
        label: "clean",
        source: { repository: "r", base: "b", head: "h", license: "MIT" },
      }),
    );
    symlinkSync("/etc/passwd", path.join(hostile, "linked", "base", "passwd"));
    mkdirSync(path.join(hostile, "escape"));
    writeFileSync(
      path.join(hostile, "escape", "case.json"),
      JSON.stringify({
        id: "escape",
        label: "clean",
        source: { repository: "r", base: "b", head: "h", license: "MIT" },
      }),
    );
    writeFileSync(
      path.join(hostile, "escape", "change.diff"),
      "diff --git a/../outside.txt b/../outside.txt\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/../outside.txt\n@@ -0,0 +1 @@\n+written outside\n",
    );
    const r = await evalCli([hostile, "--command", reviewer.command, "--no-cache", "--json"], dir);
    expect(r.code, r.err).toBe(0);
    const results = JSON.parse(r.out).results;
    expect(results).toEqual([
      expect.objectContaining({ id: "escape", status: "error", reason: expect.stringMatching(/"\.\."/) }),
      expect.objectContaining({
        id: "linked",
        status: "error",
        reason: "base/passwd is a symlink; a case's files are read, never followed",
      }),
    ]);
    expect(reviewer.asked()).toEqual([]);
  });
});

describe("progress and the cache", () => {
  it("keeps a progress line on a terminal's stderr, and none under --json or when stderr is not a terminal", async () => {
    const shown = await evalCli([set, "--command", reviewer.command, "--cache", "cache"], dir, {
      stderrIsTTY: true,
    });
    expect(shown.code, shown.err).toBe(0);
    expect(shown.err).toMatch(/\r\u001b\[2Kverdict-gate eval: case 0 of 2 · \d+\.\d s elapsed/);
    expect(shown.err).toMatch(/case 2 of 2 · /);
    // The line is cleared at the end, so the report starts on a clean line.
    expect(shown.err.endsWith("\r\u001b[2K")).toBe(true);
    expect(shown.out).not.toContain("\r");
    const quiet = await evalCli([set, "--command", reviewer.command, "--cache", "cache", "--json"], dir, {
      stderrIsTTY: true,
    });
    expect(quiet.err).toBe("");
    const piped = await evalCli([set, "--command", reviewer.command, "--cache", "cache"], dir);
    expect(piped.err).toBe("");
    // One case asked once: the later runs read it from the cache.
    expect(reviewer.asked()).toEqual(["lib/range.js"]);
  });

  it("estimates what is left at the pace of the runs that asked, not of those read from the cache", () => {
    expect(
      progressLine({
        casesDone: 3,
        cases: 12,
        runsDone: 3,
        runsAsked: 2,
        runs: 12,
        elapsedMs: 65_000,
        askingMs: 60_000,
      }),
    ).toBe("case 3 of 12 · 1 min 05 s elapsed · about 4 min 30 s left");
    expect(
      progressLine({
        casesDone: 5,
        cases: 12,
        runsDone: 5,
        runsAsked: 0,
        runs: 12,
        elapsedMs: 400,
        askingMs: 0,
      }),
    ).toBe("case 5 of 12 · 0.4 s elapsed");
  });

  it("asks again for a case whose cached result is cut short or edited, and never caches an error", async () => {
    const cache = path.join(dir, "cache");
    const files = readdirSync(cache).filter((f) => f.endsWith(".json"));
    // One run kept: the defect case. The clean case is an error, tried again each time.
    expect(files).toHaveLength(1);
    const file = path.join(cache, files[0] as string);
    const text = (await import("node:fs")).readFileSync(file, "utf8");
    // Read back under the claims it was written with (eval-cache-trust.test.ts: and under no other).
    const claims = JSON.parse(text).claims;
    expect(readCachedRun(text, claims)).toMatchObject({ status: "blocked", cached: true });
    expect(readCachedRun(text.slice(0, text.length / 2), claims)).toBeUndefined();
    expect(readCachedRun(text.replace('"blocked"', '"passed"'), claims)).toBeUndefined();
    expect(readCachedRun(text, { ...claims, run: 1 })).toBeUndefined();
    writeFileSync(file, text.slice(0, 20));
    const again = await evalCli([set, "--command", reviewer.command, "--cache", "cache", "--json"], dir);
    expect(JSON.parse(again.out).results[1]).toMatchObject({
      id: "range-off-by-one",
      status: "blocked",
      cached_runs: 0,
    });
    expect(reviewer.asked()).toEqual(["lib/range.js", "lib/range.js"]);
  });

  it("asks again under another configuration: the cache is keyed by the settings too", async () => {
    const r = await evalCli(
      [set, "--command", reviewer.command, "--cache", "cache", "--max-diff-tokens", "5000", "--json"],
      dir,
    );
    expect(JSON.parse(r.out).cached_runs).toBe(0);
    expect(reviewer.asked()).toEqual(["lib/range.js", "lib/range.js", "lib/range.js"]);
  });
});

describe("the report file", () => {
  it("prints the report and fails (exit 1) when --out cannot be written, never a quiet 0", async () => {
    const r = await evalCli(
      [set, "--command", reviewer.command, "--cache", "cache", "--json", "--out", "set"],
      dir,
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).cases).toBe(2);
    expect(r.err).toMatch(/--out .*set: cannot write it: .*it is a directory, not a file/);
  });
});

describe("evidence the head does not hold (issue 35)", () => {
  it("is an invalid set (exit 2) naming the text and the file, for --reach and a run, before anyone is asked", async () => {
    const wrong = path.join(dir, "wrong-evidence");
    cpSync(path.join(MIXED, "range-off-by-one"), path.join(wrong, "range-off-by-one"), { recursive: true });
    const file = path.join(wrong, "range-off-by-one", "case.json");
    const c = JSON.parse(readFileSync(file, "utf8"));
    c.defects[0].evidence[0].text = "    for (let i = start; i < end; i += step) {\n";
    writeFileSync(file, JSON.stringify(c));
    const asked = scripted(SCRIPT_A);
    const message = `${path.join("range-off-by-one", "case.json")}: defects.0.evidence.0: the text "    for (let i = start; i < end; i += step) {\\n" is not in the head's lib/range.js (evidence is code as it reads at the head, after change.diff)`;
    for (const args of [["--reach"], ["--no-cache"]]) {
      const r = await evalCli([wrong, ...args, "--command", asked.command], dir);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toContain(message);
      expect(r.err).not.toContain("not reached");
    }
    expect(asked.calls()).toEqual([]);
  });
});

describe("a panel", () => {
  it("asks every reviewer of the panel for each case, and counts every reviewer's tokens", async () => {
    const alpha = scripted(SCRIPT_A);
    const beta = scripted(SCRIPT_B);
    const panel = path.join(dir, "panel.json");
    writeFileSync(
      panel,
      JSON.stringify([
        { label: "alpha", provider: "command", command: alpha.command },
        { label: "beta", provider: "command", command: beta.command },
      ]),
    );
    const r = await evalCli([set, "--reviewers", panel, "--no-cache", "--json"], dir);
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.configuration.reviewer).toBe("a panel of 2 (alpha, beta)");
    // alpha blocks at the defect, beta approves: unanimous blocks, on alpha's finding.
    expect(report.results[1]).toMatchObject({ id: "range-off-by-one", status: "blocked", at_defect: true });
    expect(alpha.asked()).toEqual(["lib/range.js"]);
    expect(beta.asked()).toEqual(["lib/range.js"]);
    const prompts = [...alpha.calls(), ...beta.calls()].reduce((n, c) => n + estimateTokens(c.prompt), 0);
    expect(report.tokens.in).toBe(prompts);
  });

  it("reaches a case for --reach when any reviewer of the panel is shown all of its evidence", async () => {
    const panel = path.join(dir, "reach-panel.json");
    const entry = (label: string, window: number) => ({
      label,
      provider: "command",
      command: reviewer.command,
      "context-window": window,
    });
    writeFileSync(panel, JSON.stringify([entry("small", 1000), entry("large", 200_000)]));
    const both = await evalCli([set, "--reach", "--reviewers", panel, "--json"], dir);
    expect(both.code, both.err).toBe(0);
    expect(JSON.parse(both.out).reach).toMatchObject({ count: 1, n: 1 });
    writeFileSync(panel, JSON.stringify([entry("small", 1000), entry("tiny", 1000)]));
    const neither = await evalCli([set, "--reach", "--reviewers", panel, "--json"], dir);
    expect(JSON.parse(neither.out).reach).toMatchObject({ count: 0, n: 1 });
  });
});
