// `verdict-gate eval` end to end, in-process through the command frame: the twelve-case fixture set
// (every cell of the table) through the real local round, with a `command` reviewer whose answers are
// scripted per case. One run of configuration A (asked twice, priced, kept in --out) is read by most
// tests; configuration B is run once for `eval compare`. Every figure is checked against its
// definition worked out here from the cases, never against the command's own arithmetic.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import type { EvalReport } from "../../src/eval/score.js";
import { wilson } from "../../src/eval/stats.js";
import { fileTokens } from "../../src/review/plan.js";
import { estimateTokens } from "../../src/review/tokens.js";
import { openAIReply, startOpenAIServer } from "../support/reviewers.js";
import { evalCli, MIXED, SCRIPT_A, SCRIPT_B, type Scripted, scripted } from "./support.js";

let a: Scripted;
let report: EvalReport;
let out: { code: number; out: string; err: string };

beforeAll(async () => {
  a = scripted(SCRIPT_A);
  out = await evalCli(
    [
      MIXED,
      "--command",
      a.command,
      "--repeat",
      "2",
      "--price-in",
      "3",
      "--price-out",
      "15",
      "--json",
      "--out",
      "a.json",
      "--cache",
      "cache",
    ],
    a.dir,
  );
  report = JSON.parse(out.out);
});

const result = (id: string) => {
  const r = report.results.find((x) => x.id === id);
  if (r === undefined) throw new Error(`no result for ${id}`);
  return r;
};

/** The interval's closed form, written out again here. */
function closedForm(count: number, n: number) {
  const z = 1.959963984540054;
  const p = count / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z / d) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return { count, n, rate: p, low: count === 0 ? 0 : centre - half, high: count === n ? 1 : centre + half };
}

function expectRate(actual: unknown, count: number, n: number) {
  const want = closedForm(count, n);
  expect(actual).toMatchObject({ count, n });
  const got = actual as typeof want;
  expect(got.rate).toBeCloseTo(want.rate, 12);
  expect(got.low).toBeCloseTo(want.low, 12);
  expect(got.high).toBeCloseTo(want.high, 12);
  expect(wilson(count, n).high).toBeCloseTo(want.high, 12);
}

describe("the table and the rates", () => {
  it("completes with exit 0 and one JSON object with every field the issue names", () => {
    expect(out.code, out.err).toBe(0);
    for (const field of [
      "cases",
      "table",
      "false_approve",
      "false_block",
      "hold",
      "caught_at_defect",
      "flip",
      "tokens",
      "results",
    ])
      expect(report, field).toHaveProperty(field);
    expect(report.cases).toBe(12);
    for (const r of report.results) {
      expect(Object.keys(r)).toEqual(
        expect.arrayContaining(["id", "label", "status", "statuses", "at_defect"]),
      );
    }
  });

  it("counts every case in one cell by its first run's status, each class's errors included", () => {
    expect(report.table).toEqual({
      defect: { approve: 1, blocked: 3, "hold-for-human": 1, "conditional-on": 1, error: 1 },
      clean: { approve: 1, blocked: 1, "hold-for-human": 1, "conditional-on": 1, error: 1 },
    });
    expect(result("slug-unicode").status).toBe("approve");
    expect(result("timeout-units").status).toBe("hold-for-human");
    expect(result("http-user-agent").status).toBe("hold-for-human");
    expect(result("cache-ttl-label").status).toBe("conditional-on");
    expect(result("metrics-labels").status).toBe("conditional-on");
    // A failed criterion blocks as a reviewer finding does.
    expect(result("config-debug-log").status).toBe("blocked");
    expect(result("csv-quote").status).toBe("blocked");
  });

  it("gives each rate over all of its class's cases, errors in the denominator, with the Wilson interval's closed form", () => {
    expectRate(report.false_approve, 1, 7);
    expectRate(report.false_block, 1, 5);
    expectRate(report.hold.defect, 1, 7);
    expectRate(report.hold.clean, 1, 5);
  });

  it("treats a hold as an abstention: the error among decided cases, and the share decided", () => {
    // Defect cases decided: range, retry, config (blocked) and slug (approved).
    expectRate(report.decided.defect.share, 4, 7);
    expectRate(report.decided.defect.error, 1, 4);
    // Clean cases decided: format-bytes (approved) and csv (blocked).
    expectRate(report.decided.clean.share, 2, 5);
    expectRate(report.decided.clean.error, 1, 2);
  });

  it("reports a case that cannot be run as an error with its reason, never dropping it", () => {
    expect(result("parse-stale-base")).toMatchObject({
      label: "defect",
      status: "error",
      statuses: ["error", "error"],
      reason: expect.stringMatching(/change\.diff does not apply to base\/: src\/version\.js: .*line 2/),
    });
    expect(result("notes-no-diff")).toMatchObject({
      label: "clean",
      status: "error",
      reason: "the case has no change.diff",
    });
    expect(a.asked().some((p) => p.includes("version.js") || p.includes("count.py"))).toBe(false);
  });
});

describe("caught at the defect", () => {
  it("counts a block whose finding is 3 lines from a labelled line, in the labelled file", () => {
    expect(result("range-off-by-one")).toMatchObject({ status: "blocked", at_defect: true });
    expect(result("range-off-by-one").findings).toEqual([{ path: "lib/range.js", line: 9 }]);
  });

  it("counts apart a block whose finding is 4 lines away, and one a criterion made", () => {
    expect(result("retry-backoff")).toMatchObject({ status: "blocked", at_defect: false });
    expect(result("retry-backoff").findings).toEqual([{ path: "retry/backoff.go", line: 11 }]);
    expect(result("config-debug-log")).toMatchObject({ status: "blocked", at_defect: false, findings: [] });
    expect(result("config-debug-log").reason).toMatch(/no-console/);
    expectRate(report.caught_at_defect, 1, 7);
    expectRate(report.blocked_elsewhere, 2, 7);
    // A clean case is never "at the defect", even when blocked.
    expect(result("csv-quote").at_defect).toBe(false);
  });
});

describe("repeats", () => {
  it("asks each case K times and counts the cases whose runs did not all end alike", () => {
    expect(result("format-bytes").statuses).toEqual(["approve", "blocked"]);
    // The table and the rates are the first run's.
    expect(result("format-bytes").status).toBe("approve");
    for (const r of report.results)
      if (r.id !== "format-bytes") expect(new Set(r.statuses).size, r.id).toBe(1);
    expect(report.flip).toEqual({ count: 1, n: 12, rate: 1 / 12 });
    // Ten cases ask the reviewer, twice each; the two errors ask nobody.
    expect(a.asked()).toHaveLength(20);
  });
});

describe("tokens, cost and time", () => {
  it("counts the gate's estimate of each prompt and reply when the reviewer reports none, marked as estimated", () => {
    const calls = a.calls();
    const prompts = calls.reduce((s, c) => s + estimateTokens(c.prompt), 0);
    const replies = calls.reduce((s, c) => s + estimateTokens(c.reply), 0);
    expect(report.tokens.in).toBe(prompts);
    expect(report.tokens.out).toBe(replies);
    expect(report.tokens.estimated).toEqual({ in: prompts, out: replies });
  });

  it("prices tokens per million with --price-in and --price-out", () => {
    expect(report.cost?.in).toBeCloseTo((report.tokens.in * 3) / 1e6, 12);
    expect(report.cost?.out).toBeCloseTo((report.tokens.out * 15) / 1e6, 12);
    expect(report.cost?.total).toBeCloseTo((report.tokens.in * 3 + report.tokens.out * 15) / 1e6, 12);
  });

  it("takes the provider's own token figures where it reports them, none of them estimated", async () => {
    const server = await startOpenAIServer({
      apiKey: "sk-eval",
      replies: (request) => {
        const body = JSON.stringify(request.json);
        const token = /===VERDICT=== <value> ([0-9a-z]{26,128})/.exec(
          JSON.parse(body).messages.at(-1).content,
        )?.[1];
        return openAIReply(`No blocking issues.\n\n===VERDICT=== APPROVE ${token}`, {
          promptTokens: 2_000,
          completionTokens: 40,
        });
      },
    });
    try {
      const r = await evalCli(
        [
          MIXED,
          "--base-url",
          server.baseUrl,
          "--model",
          "gpt-4o",
          "--api-key-env",
          "EVAL_KEY",
          "--no-cache",
          "--json",
        ],
        a.dir,
        { env: { PATH: process.env.PATH ?? "", EVAL_KEY: "sk-eval" } },
      );
      expect(r.code, r.err).toBe(0);
      const json = JSON.parse(r.out) as EvalReport;
      expect(server.requests).toHaveLength(10);
      expect(json.tokens).toEqual({ in: 20_000, out: 400, estimated: { in: 0, out: 0 } });
      expect(json.configuration.reviewer).toMatch(/gpt-4o/);
    } finally {
      await server.close();
    }
  });

  it("reports wall time in total and per case", () => {
    expect(report.ms.total).toBeGreaterThan(0);
    expect(report.ms.per_case).toBeCloseTo(report.results.reduce((s, r) => s + r.ms, 0) / 12, 6);
    expect(result("range-off-by-one").ms).toBeGreaterThan(0);
  });
});

describe("the output", () => {
  it("has every top-level field docs/eval.md lists, and no field it does not", () => {
    const doc = readFileSync("docs/eval.md", "utf8");
    const table = doc.slice(doc.indexOf("`--json` prints one object:"), doc.indexOf("## Reach"));
    const documented = new Set(
      [...table.matchAll(/^\| (`[^|]+`) +\|/gm)].flatMap((m) =>
        [...(m[1] as string).matchAll(/`([a-z_]+)(?:\.[a-z_]+)?`/g)].map((f) => f[1] as string),
      ),
    );
    // `shard` is there only with --shard (shard.test.ts reads it); this run is whole.
    expect([...documented].filter((f) => f !== "shard").sort()).toEqual(Object.keys(report).sort());
    expect(documented.has("shard")).toBe(true);
  });

  it("writes to --out the report --json prints", () => {
    expect(JSON.parse(readFileSync(path.join(a.dir, "a.json"), "utf8"))).toEqual(report);
  });

  it("prints the table, each rate with its interval, what counts as correct, and every case with its status", async () => {
    const text = await evalCli([MIXED, "--command", a.command, "--repeat", "2", "--cache", "cache"], a.dir);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toMatch(/approve +blocked +hold-for-human +conditional-on +error/);
    expect(text.out).toMatch(/defect \(7\) +1 +3 +1 +1 +1/);
    expect(text.out).toMatch(/clean \(5\) +1 +1 +1 +1 +1/);
    expect(text.out).toMatch(/false approve .* 1\/7 {2}14\.3 % {2}\(95 % CI 2\.6–51\.3 %\)/);
    expect(text.out).toMatch(/flips .* 1\/12/);
    expect(text.out).toMatch(/a hold is correct for neither/);
    expect(text.out).toMatch(/range-off-by-one +defect +blocked \(at the defect\)/);
    expect(text.out).toMatch(/parse-stale-base +defect +error \[error, error\]: change\.diff does not apply/);
    expect(text.out).toMatch(/tokens: in [\d,]+ \(estimated: the reviewer reported none\)/);
    // Everything came from the cache this time: nobody was asked again.
    expect(text.out).toMatch(/20 run\(s\) read from the cache/);
    expect(a.asked()).toHaveLength(20);
    // Not a terminal: no progress line.
    expect(text.err).toBe("");
  });
});

describe("eval compare", () => {
  let b: Scripted;
  beforeAll(async () => {
    b = scripted(SCRIPT_B);
    const run = await evalCli([MIXED, "--command", b.command, "--no-cache", "--out", "b.json"], b.dir);
    expect(run.code, run.err).toBe(0);
  });
  afterAll(() => undefined);

  it("pairs two reports of one set: b, c and the exact two-sided McNemar p, with the cases that changed", async () => {
    const r = await evalCli(
      ["compare", path.join(a.dir, "a.json"), path.join(b.dir, "b.json"), "--json"],
      a.dir,
    );
    expect(r.code, r.err).toBe(0);
    // Correct under A only: range (blocked → approve). Under B only: slug and timeout (now blocked),
    // csv (now approved). The user-agent change moved from hold to block: changed, wrong both times.
    // p = 2 · P(X ≤ 1), X ~ Binomial(4, ½) = 2 · (1 + 4) / 16.
    expect(JSON.parse(r.out)).toEqual({
      b: 1,
      c: 3,
      p: 0.625,
      changed: ["csv-quote", "http-user-agent", "range-off-by-one", "slug-unicode", "timeout-units"],
      // Each kind of error each way: A approves the slug defect and B the range one; A blocks the CSV
      // change and B the user-agent one. One each way is p = 1: neither is worse.
      false_approve: { a_only: ["slug-unicode"], b_only: ["range-off-by-one"], p: 1 },
      false_block: { a_only: ["csv-quote"], b_only: ["http-user-agent"], p: 1 },
      worse_on_false_approves: false,
    });
  });

  it("says which way each changed case went, and what counts as correct", async () => {
    const r = await evalCli(["compare", path.join(a.dir, "a.json"), path.join(b.dir, "b.json")], a.dir);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/range-off-by-one +defect +blocked → approve {2}\(no longer correct\)/);
    expect(r.out).toMatch(/csv-quote +clean +blocked → approve {2}\(now correct\)/);
    expect(r.out).toMatch(/http-user-agent +clean +hold-for-human → blocked\n/);
    expect(r.out).toMatch(/p = 0\.6250/);
    expect(r.out).toMatch(/a hold is correct for neither/);
  });

  it("refuses reports of different sets (exit 2), naming the cases", async () => {
    const half = { ...report, results: report.results.slice(1) };
    const file = path.join(b.dir, "half.json");
    (await import("node:fs")).writeFileSync(file, JSON.stringify(half));
    const r = await evalCli(["compare", path.join(a.dir, "a.json"), file], a.dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/not of one set: 1 case\(s\) only in .*a\.json \(cache-ttl-label\)/);
    const notReport = await evalCli(
      ["compare", path.join(a.dir, "a.json"), path.join(a.dir, "script.json")],
      a.dir,
    );
    expect(notReport.code).toBe(2);
    expect(notReport.err).toMatch(/is not a report of verdict-gate eval --json/);
  });
});

describe("eval --reach", () => {
  it("reaches a defect case only when every evidence text is among what the reviewer is shown, asking nobody", async () => {
    const asked = a.asked().length;
    // Exactly the diff (`context: none`); the default's context is the next test's.
    const r = await evalCli([MIXED, "--reach", "--context", "none", "--command", a.command, "--json"], a.dir);
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(r.out);
    expect(a.asked()).toHaveLength(asked);
    expect(Object.keys(json).sort()).toEqual([
      "configuration",
      "context",
      "diff_tokens",
      "prompt_tokens",
      "reach",
      "results",
      "set",
      "tokens_per_diff_token",
      "version",
      "without_evidence",
    ]);
    expect(json.reach).toMatchObject({ count: 4, n: 7 });
    expect(json.reach.high).toBeCloseTo(closedForm(4, 7).high, 12);
    const reached = Object.fromEntries(
      json.results.map((x: { id: string; reached: boolean }) => [x.id, x.reached]),
    );
    expect(reached).toEqual({
      "cache-ttl-label": true,
      // The logged secret's line is 4 lines above the hunk's first.
      "config-debug-log": false,
      // Cannot be built: counted, not reached.
      "parse-stale-base": false,
      "range-off-by-one": true,
      // The evidence is in the caller, a file the change does not touch.
      "retry-backoff": false,
      "slug-unicode": true,
      "timeout-units": true,
    });
    expect(json.results.find((x: { id: string }) => x.id === "retry-backoff").missing).toEqual([
      { path: "retry/retry.go", text: "\t\tcase <-time.After(Delay(n, base, max)):" },
    ]);
  });

  it("reaches with the default context (auto) what lies beside the hunks and in a caller, at more tokens", async () => {
    const none = JSON.parse(
      (await evalCli([MIXED, "--reach", "--context", "none", "--command", a.command, "--json"], a.dir)).out,
    );
    const r = await evalCli([MIXED, "--reach", "--command", a.command, "--json"], a.dir);
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.reach).toMatchObject({ count: 6, n: 7 });
    const reached = (id: string) => json.results.find((x: { id: string }) => x.id === id).reached;
    // The logged secret's line, 4 above the hunk, is in the function around it; the caller of the
    // changed Delay is found in retry/retry.go, which the change does not touch.
    expect(reached("config-debug-log")).toBe(true);
    expect(reached("retry-backoff")).toBe(true);
    expect(reached("parse-stale-base")).toBe(false);
    expect(json.prompt_tokens).toBeGreaterThan(none.prompt_tokens);
    expect(json.diff_tokens).toBe(none.diff_tokens);
    // What the context costs and how much of it is to the point; `none` shows none.
    expect(none.context).toMatchObject({ lines: 0, tokens: 0, precision: null, share: 0 });
    expect(json.context.lines).toBeGreaterThan(0);
    expect(json.context.precision).toBe(json.context.relevant / json.context.lines);
    expect(json.context.share).toBeCloseTo(json.context.tokens / json.prompt_tokens, 12);
    expect(json.context.tokens).toBe(
      Object.values(json.context.by_kind as Record<string, { tokens: number }>).reduce(
        (n, k) => n + k.tokens,
        0,
      ),
    );
  });

  it("gives the prompt tokens per diff token: the prompts a round sends over the diff's patches, both estimated", async () => {
    const r = await evalCli([MIXED, "--reach", "--command", a.command, "--json"], a.dir);
    const json = JSON.parse(r.out);
    // The same prompts as the defect cases' runs above sent (once per run, twice each).
    const defects = report.results.filter((x) => x.label === "defect");
    expect(json.prompt_tokens).toBe(defects.reduce((s, x) => s + x.tokens.in, 0) / 2);
    const diffTokens = defects
      .filter((x) => x.id !== "parse-stale-base")
      .reduce((s, x) => {
        const diff = parseUnifiedDiff(readFileSync(path.join(MIXED, x.id, "change.diff"), "utf8"));
        return s + diff.files.reduce((t, f) => t + fileTokens(f), 0);
      }, 0);
    expect(json.diff_tokens).toBe(diffTokens);
    expect(json.tokens_per_diff_token).toBeCloseTo(json.prompt_tokens / diffTokens, 12);
    expect(json.tokens_per_diff_token).toBeGreaterThan(1);
  });

  it("shows nothing of a file over the budget, as the round would not", async () => {
    const r = await evalCli([MIXED, "--reach", "--context-window", "1000", "--json"], a.dir);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).reach).toMatchObject({ count: 0, n: 7 });
  });

  it("measures the gate's default budget when no reviewer is named, and says so", async () => {
    const r = await evalCli([MIXED, "--reach"], a.dir);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/reach \(defect cases whose every evidence text is shown\) +6\/7 {2}85\.7 %/);
    expect(r.out).toMatch(/no reviewer \(a 200,000-token window\)/);
    expect(r.out).toMatch(/retry-backoff +reached\n/);
    expect(r.out).toMatch(/parse-stale-base +not reached \(change\.diff does not apply to base\/: /);
    expect(r.out).toMatch(/prompt tokens per diff token: \d+\.\d\d/);
    expect(r.out).toMatch(
      /context precision \(lines that hold evidence or a name the change defines or calls\): \d+\.\d %/,
    );
    expect(r.out).toMatch(/ {2}small files whole +\d+\.\d % of the context's tokens, precision \d+\.\d %/);
  });
});
