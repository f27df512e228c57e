// An interrupted `verdict-gate eval` resumes: the bundled CLI (package.json `bin`), started as a user
// starts it, is killed outright (SIGKILL, nothing to clean up with) by the reviewer of its fourth case;
// run again, it reads the three cases it finished from the cache and asks only about the rest, and its
// report is the one an uninterrupted run gives.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { EvalReport } from "../../src/eval/score.js";
import { runBundledCli } from "../support/package-bundle.js";
import { evalCli, MIXED, SCRIPT_A, scripted } from "./support.js";

const reviewer = scripted({ ...SCRIPT_A, "lib/format-bytes.js": ["kill-parent"] });
afterAll(() => rmSync(reviewer.dir, { recursive: true, force: true }));

describe("an interrupted eval", () => {
  it("resumes from the cache: the cases done are not asked again, and the report is whole", async () => {
    const args = ["eval", MIXED, "--command", reviewer.command, "--cache", "cache", "--json"];
    const killed = await runBundledCli(args, { cwd: reviewer.dir });
    expect(killed.code, killed.stderr).toBeNull();
    expect(killed.stdout).toBe("");
    // In the set's order: the fourth case's reviewer ended the run.
    expect(reviewer.asked()).toEqual([
      "cache/entry.go",
      "src/config.js",
      "io/csv_writer.py",
      "lib/format-bytes.js",
    ]);

    // The same command line (and so the same cache key); the fourth case now answers.
    reviewer.rescript({ ...SCRIPT_A, "lib/format-bytes.js": ["approve"] });
    const resumed = await evalCli(args.slice(1), reviewer.dir);
    expect(resumed.code, resumed.err).toBe(0);
    expect(reviewer.asked().slice(4)).toEqual([
      "lib/format-bytes.js",
      "httpclient/request.go",
      "src/metrics.js",
      "lib/range.js",
      "retry/backoff.go",
      "text/slugify.py",
      "client/fetch.py",
    ]);
    const report = JSON.parse(resumed.out) as EvalReport;
    expect(report.cached_runs).toBe(3);
    expect(report.results.filter((r) => r.cached_runs === 1).map((r) => r.id)).toEqual([
      "cache-ttl-label",
      "config-debug-log",
      "csv-quote",
    ]);
    expect(report.table).toEqual({
      defect: { approve: 1, blocked: 3, "hold-for-human": 1, "conditional-on": 1, error: 1 },
      clean: { approve: 1, blocked: 1, "hold-for-human": 1, "conditional-on": 1, error: 1 },
    });
  });
});
