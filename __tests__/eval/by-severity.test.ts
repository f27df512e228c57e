// What each severity of finding did on a set (issue 33): per severity, the clean cases a finding of it
// would have blocked and the defects it caught, and the same for each `block_on` threshold — worked
// out here by hand from the cases, first on results written out, then end to end through
// `verdict-gate eval --policy` with a scripted reviewer that writes HIGH, MEDIUM and LOW lines, and
// `eval compare SET --policy A --policy B`, the comparison of two policies in one command.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bySeverity } from "../../src/eval/by-severity.js";
import type { CaseResult } from "../../src/eval/score.js";
import { evalCli, MIXED, scripted } from "./support.js";

const result = (
  id: string,
  label: "defect" | "clean",
  findings: CaseResult["findings"],
  notes: CaseResult["notes"] = [],
): CaseResult => ({
  id,
  label,
  status: findings.length > 0 ? "blocked" : "approve",
  statuses: [findings.length > 0 ? "blocked" : "approve"],
  at_defect: findings.some((f) => f.at_defect === true),
  correct: true,
  findings,
  ...(notes.length > 0 ? { notes } : {}),
  tokens: { in: 0, out: 0, estimated: { in: 0, out: 0 } },
  ms: 0,
  cached_runs: 0,
});

const counts = (r: { count: number; n: number }) => `${r.count}/${r.n}`;

describe("bySeverity", () => {
  it("counts each severity's clean cases and catches, notes with findings, and each threshold", () => {
    const figures = bySeverity([
      // A clean case with a MEDIUM finding and a LOW note: medium and low each stopped it once, and
      // every threshold from medium down stops it once, not twice.
      result(
        "c1",
        "clean",
        [{ severity: "medium", path: "a.js", line: 1 }],
        [{ severity: "low", path: "a.js", line: 2 }],
      ),
      result("c2", "clean", []),
      // A defect caught by a HIGH finding at it; another flagged by a LOW note that is not at it.
      result("d1", "defect", [{ severity: "high", path: "b.js", line: 4, at_defect: true }]),
      result("d2", "defect", [], [{ severity: "low", path: "c.js", line: 90 }]),
      // A finding written before findings had a severity is a BLOCKING line: medium.
      result("d3", "defect", [{ path: "d.js", line: 1, at_defect: true }]),
    ]);
    expect(Object.keys(figures)).toEqual(["high", "medium", "low"]);
    const row = (s: "high" | "medium" | "low") => [
      counts(figures[s].clean_blocked),
      counts(figures[s].defects_caught),
      counts(figures[s].defects_flagged),
      counts(figures[s].at_or_above.clean_blocked),
      counts(figures[s].at_or_above.defects_caught),
    ];
    expect(row("high")).toEqual(["0/2", "1/3", "1/3", "0/2", "1/3"]);
    expect(row("medium")).toEqual(["1/2", "1/3", "1/3", "1/2", "2/3"]);
    expect(row("low")).toEqual(["1/2", "0/3", "1/3", "1/2", "2/3"]);
    expect(figures.medium.clean_blocked.rate).toBe(0.5);
  });

  it("gives no rate for a class with no case", () => {
    const figures = bySeverity([result("c1", "clean", [])]);
    expect(figures.high.defects_caught).toEqual({ count: 0, n: 0, rate: null, low: null, high: null });
  });
});

/** A reviewer that writes severities: the range defect at MEDIUM (at the defect), the slug defect at
 * HIGH (at it), a MEDIUM on the clean CSV change, and an approve with a LOW on the clean format-bytes
 * change; everything else approved. */
const SCRIPT = {
  "lib/range.js": ["say REQUEST_CHANGES MEDIUM: lib/range.js:7 — the loop includes end"],
  "text/slugify.py": ["say REQUEST_CHANGES HIGH: text/slugify.py:6 — accents are dropped, not folded"],
  "io/csv_writer.py": ["say REQUEST_CHANGES MEDIUM: io/csv_writer.py:2 — a newline inside a field"],
  "lib/format-bytes.js": ["say APPROVE LOW: lib/format-bytes.js:1 — TB could be spelled TiB"],
  "retry/backoff.go": ["approve"],
  "src/config.js": ["approve"],
  "client/fetch.py": ["approve"],
  "cache/entry.go": ["approve"],
  "httpclient/request.go": ["approve"],
  "src/metrics.js": ["approve"],
};
const HIGH_ONLY = '{"block_on":["high"],"notes":{"post":true}}';
const HIGH_MEDIUM = '{"block_on":["high","medium"],"notes":{"post":true}}';

describe("eval --policy and by_severity, end to end", () => {
  it("reads every severity's figures from one run, whatever the policy, and prints them", async () => {
    const s = scripted(SCRIPT);
    // Kept in a cache, so the text report below prints this run's results rather than asking again.
    const run = await evalCli(
      [MIXED, "--command", s.command, "--cache", "cache", "--policy", HIGH_ONLY, "--json"],
      s.dir,
    );
    expect(run.code, run.err).toBe(0);
    const report = JSON.parse(run.out);
    const status = (id: string) => report.results.find((r: { id: string }) => r.id === id)?.status;
    // Under block_on [high] a request for changes whose finding is MEDIUM approves: the range defect
    // passes and the CSV change is not falsely blocked.
    expect(status("range-off-by-one")).toBe("approve");
    expect(status("csv-quote")).toBe("approve");
    expect(status("slug-unicode")).toBe("blocked");
    const fig = report.by_severity;
    expect([counts(fig.high.clean_blocked), counts(fig.high.defects_caught)]).toEqual(["0/5", "1/7"]);
    expect([counts(fig.medium.clean_blocked), counts(fig.medium.defects_caught)]).toEqual(["1/5", "1/7"]);
    expect([counts(fig.low.clean_blocked), counts(fig.low.defects_caught)]).toEqual(["1/5", "0/7"]);
    expect(counts(fig.medium.at_or_above.defects_caught)).toBe("2/7");
    expect(counts(fig.low.at_or_above.clean_blocked)).toBe("2/5");
    // The notes are kept with their severity, the one at the defect marked.
    const range = report.results.find((r: { id: string }) => r.id === "range-off-by-one");
    expect(range.notes).toEqual([{ severity: "medium", path: "lib/range.js", line: 7, at_defect: true }]);

    // The same reviewer under block_on [high, medium]: other statuses, the same figures.
    const other = await evalCli(
      [MIXED, "--command", s.command, "--cache", "cache", "--policy", HIGH_MEDIUM, "--json"],
      s.dir,
    );
    const b = JSON.parse(other.out);
    expect(b.by_severity).toEqual(report.by_severity);
    expect(b.results.find((r: { id: string }) => r.id === "csv-quote").status).toBe("blocked");

    // The text report shows the table, per severity and per threshold.
    const text = await evalCli(
      [MIXED, "--command", s.command, "--cache", "cache", "--policy", HIGH_ONLY],
      s.dir,
    );
    // Each policy's runs are its own: the second policy asked again, the text report asked nobody.
    expect(s.asked()).toHaveLength(2 * 10);
    expect(text.out).toMatch(/by severity/);
    expect(text.out).toMatch(/^ {2}high +0\/5 0\.0 % +1\/7 14\.3 % +0\/5 0\.0 % +1\/7 14\.3 %$/m);
    expect(text.out).toMatch(/^ {2}medium +1\/5 20\.0 % +1\/7 14\.3 % +1\/5 20\.0 % +2\/7 28\.6 %$/m);
    expect(text.out).toMatch(/^ {2}low +1\/5 20\.0 % +0\/7 0\.0 % +2\/5 40\.0 % +2\/7 28\.6 %$/m);
  });

  it("refuses a policy the contract's loader refuses, before anything is run", async () => {
    const s = scripted(SCRIPT);
    const bad = await evalCli([MIXED, "--command", s.command, "--policy", '{"block_on":["low"]}'], s.dir);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--policy: block_on/);
    const notJson = await evalCli([MIXED, "--command", s.command, "--policy", "high"], s.dir);
    expect(notJson.code).toBe(2);
    expect(notJson.err).toContain("--policy takes a contract's policy as JSON");
    // --gate reads the gate's own contract, its policy with it: the two are not mixed.
    const gated = await evalCli([MIXED, "--gate", s.dir, "--policy", HIGH_ONLY], s.dir);
    expect(gated.code).toBe(2);
    expect(gated.err).toContain("leave out --gate");
    expect(s.asked()).toEqual([]);
  });
});

describe("eval compare SET --policy A --policy B", () => {
  it("runs the set under each policy and pairs the two, in one command", async () => {
    const s = scripted(SCRIPT);
    const compare = ["compare", MIXED, "--command", s.command, "--cache", "cache"];
    const policies = ["--policy", HIGH_ONLY, "--policy", HIGH_MEDIUM];
    const run = await evalCli([...compare, ...policies, "--json"], s.dir);
    expect(run.code, run.err).toBe(0);
    const out = JSON.parse(run.out);
    // Correct under [high] only: the CSV change (approved, not falsely blocked); under [high, medium]
    // only: the range defect (blocked, not falsely approved).
    expect([out.b, out.c]).toEqual([1, 1]);
    expect(out.changed).toEqual(["csv-quote", "range-off-by-one"]);
    expect(out.policies).toEqual([JSON.parse(HIGH_ONLY), JSON.parse(HIGH_MEDIUM)]);
    expect(out.reports).toHaveLength(2);
    expect(out.reports[0].false_approve.count).toBe(out.reports[1].false_approve.count + 1);

    const text = await evalCli([...compare, ...policies], s.dir);
    expect(text.out).toContain(`A  ${HIGH_ONLY}: false approve`);
    expect(text.out).toMatch(/csv-quote +clean +approve → blocked +\(no longer correct\)/);
    expect(text.out).toMatch(/range-off-by-one +defect +approve → blocked +\(now correct\)/);
    // The second invocation read every run from the cache: each policy's are its own.
    expect(s.asked()).toHaveLength(2 * 10);
  });

  it("refuses one policy, naming what to give", async () => {
    const s = scripted(SCRIPT);
    const run = await evalCli(["compare", MIXED, "--command", s.command, "--policy", HIGH_ONLY], s.dir);
    expect(run.code).toBe(2);
    expect(run.err).toContain("give --policy twice (given 1)");
    expect(s.asked()).toEqual([]);
  });

  it("is documented in docs/eval.md as one command", () => {
    const doc = readFileSync(path.resolve("docs/eval.md"), "utf8").replace(/ \\\n\s*/g, " ");
    expect(doc).toMatch(/verdict-gate eval compare \S+ .*--policy '\{"block_on":\["high"\]/);
  });
});
