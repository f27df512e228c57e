// `eval --shard i/n` and `eval merge`: the twelve-case fixture set run once whole and once in three
// shards, with one scripted `command` reviewer (its state cleared between, so each case gets the same
// answers), asked twice per case and priced; the three shards' reports merged give the unsharded report
// field by field — table, every rate and interval, flips, tokens, cost, results — and to the byte, on a
// fixed clock. Shards that are not one run's are refused, each for its reason.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evalCommandWith } from "../../src/cli/eval.js";
import { MAX_SHARDS, parseShard, shardOf } from "../../src/eval/shard.js";
import { capturingIO } from "../support/cli-io.js";
import { evalCli, MIXED, SCRIPT_A, SCRIPT_B, type Scripted, scripted } from "./support.js";

let reviewer: Scripted;
let dir: string;
let whole: string;

/** `verdict-gate eval ARGS` in-process on a clock that never moves: every time in the report is 0. */
async function evalFixedClock(args: readonly string[], cwd: string) {
  const { io, captured } = capturingIO({ cwd, env: { PATH: process.env.PATH ?? "" } });
  const code = await evalCommandWith(() => 0).run(args, io);
  return { code, ...captured };
}

const common = (a: Scripted) => [
  "--command",
  a.command,
  "--repeat",
  "2",
  "--price-in",
  "3",
  "--price-out",
  "15",
  "--no-cache",
  "--json",
];

/** Forgets which answer each file got, so the next run is asked as the first was. */
function reset(a: Scripted) {
  for (const f of ["asked.log", "calls.jsonl"]) rmSync(path.join(a.dir, f), { force: true });
}

beforeAll(async () => {
  reviewer = scripted(SCRIPT_A);
  dir = reviewer.dir;
  const run = await evalFixedClock([MIXED, ...common(reviewer)], dir);
  expect(run.code, run.err).toBe(0);
  whole = run.out;
  for (const i of [1, 2, 3]) {
    reset(reviewer);
    const shard = await evalFixedClock(
      [MIXED, ...common(reviewer), "--shard", `${i}/3`, "--out", `shard-${i}.json`],
      dir,
    );
    expect(shard.code, shard.err).toBe(0);
  }
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const shardFile = (i: number) => path.join(dir, `shard-${i}.json`);
const shardReport = (i: number) => JSON.parse(readFileSync(shardFile(i), "utf8"));

describe("three shards merged", () => {
  it("split the set: every case in exactly one shard, each shard saying which it is", () => {
    const ids = JSON.parse(whole).results.map((r: { id: string }) => r.id);
    const inShards = [1, 2, 3].flatMap((i) => shardReport(i).results.map((r: { id: string }) => r.id));
    expect([...inShards].sort()).toEqual([...ids].sort());
    for (const i of [1, 2, 3]) {
      const r = shardReport(i);
      expect(r.shard).toEqual({ index: i, count: 3, set_cases: 12 });
      expect(r.results.length).toBeGreaterThan(0);
      expect(r.results.length).toBeLessThan(12);
      expect(r.set_digest).toBe(JSON.parse(whole).set_digest);
    }
  });

  it("give the unsharded report, field by field and to the byte", async () => {
    const merged = await evalCli(
      ["merge", shardFile(3), shardFile(1), shardFile(2), "--json", "--out", "merged.json"],
      dir,
    );
    expect(merged.code, merged.err).toBe(0);
    const a = JSON.parse(whole);
    const b = JSON.parse(merged.out);
    // Each field on its own first, so a difference names the field.
    for (const key of Object.keys(a)) expect(b[key], key).toEqual(a[key]);
    expect(Object.keys(b)).toEqual(Object.keys(a));
    expect(merged.out).toBe(whole);
    expect(readFileSync(path.join(dir, "merged.json"), "utf8")).toBe(whole);
    // The report is worth comparing: it has flips, a cost, holds, errors and catches.
    expect(a.flip.count).toBeGreaterThan(0);
    expect(a.cost.total).toBeGreaterThan(0);
    expect(a.table.defect.error + a.table.clean.error).toBeGreaterThan(0);
    expect(a.caught_at_defect.count).toBeGreaterThan(0);
    expect(a.shard).toBeUndefined();
  });

  it("prints the same table as the run", async () => {
    const text = await evalCli(["merge", shardFile(1), shardFile(2), shardFile(3)], dir);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^verdict-gate eval mixed: 12 case\(s\)/);
  });
});

describe("what merge refuses (exit 2)", () => {
  const write = (name: string, value: unknown) => {
    writeFileSync(path.join(dir, name), JSON.stringify(value));
    return path.join(dir, name);
  };

  it.each([
    ["a shard missing", () => [shardFile(1), shardFile(3)], /shard 2\/3 missing/],
    [
      "a shard twice",
      () => [shardFile(1), shardFile(1), shardFile(2), shardFile(3)],
      /shard 1\/3 is given twice/,
    ],
    [
      "an unsharded report with shards",
      () => [write("whole.json", JSON.parse(whole)), shardFile(1), shardFile(2)],
      /a sharded and an unsharded run/,
    ],
    [
      "another configuration",
      () => [
        write("other-config.json", {
          ...shardReport(2),
          configuration: { ...shardReport(2).configuration, key: "0".repeat(64) },
        }),
        shardFile(1),
        shardFile(3),
      ],
      /another configuration/,
    ],
    [
      "another set",
      () => [
        write("other-set.json", { ...shardReport(2), set_digest: "f".repeat(64) }),
        shardFile(1),
        shardFile(3),
      ],
      /another set/,
    ],
    [
      "other prices",
      () => [
        write("other-prices.json", { ...shardReport(2), cost: { ...shardReport(2).cost, price_in: 1 } }),
        shardFile(1),
        shardFile(3),
      ],
      /other prices \(1\/15, 3\/15\)/,
    ],
    [
      "a case moved to a shard it is not in",
      () => {
        const one = shardReport(1);
        const two = shardReport(2);
        return [
          write("moved-1.json", { ...one, results: [...one.results, two.results[0]] }),
          write("moved-2.json", { ...two, results: two.results.slice(1) }),
          shardFile(3),
        ];
      },
      /holds case .*, which is not in shard 1\/3/,
    ],
    [
      "a case dropped from its shard",
      () => [
        write("short.json", { ...shardReport(2), results: shardReport(2).results.slice(1) }),
        shardFile(1),
        shardFile(3),
      ],
      /the shards hold 11 cases, and the set 12/,
    ],
    [
      "not a report",
      () => [write("not-report.json", { results: [] })],
      /is not a report of verdict-gate eval --json/,
    ],
  ])("%s", async (_, files, message) => {
    const r = await evalCli(["merge", ...files()], dir);
    expect(r.code, r.out).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.out).toBe("");
  });

  it("shards of a run of another configuration (the command line differs)", async () => {
    const b = scripted(SCRIPT_B);
    try {
      const other = await evalFixedClock(
        [MIXED, ...common(b), "--shard", "2/3", "--out", path.join(dir, "b-2.json")],
        b.dir,
      );
      expect(other.code, other.err).toBe(0);
      const r = await evalCli(["merge", shardFile(1), path.join(dir, "b-2.json"), shardFile(3)], dir);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/are not shards of one run: another configuration/);
    } finally {
      rmSync(b.dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("shards of a set that changed in between", async () => {
    const grown = mkdtempSync(path.join(os.tmpdir(), "vg-shard-set-"));
    try {
      cpSync(MIXED, grown, { recursive: true });
      rmSync(path.join(grown, "csv-quote"), { recursive: true });
      reset(reviewer);
      const other = await evalFixedClock(
        [grown, ...common(reviewer), "--shard", "2/3", "--out", path.join(dir, "grown-2.json")],
        dir,
      );
      expect(other.code, other.err).toBe(0);
      const r = await evalCli(["merge", shardFile(1), path.join(dir, "grown-2.json"), shardFile(3)], dir);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/another set/);
    } finally {
      rmSync(grown, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("--shard", () => {
  it.each(["0/3", "4/3", "1/0", `1/${MAX_SHARDS + 1}`, "1", "a/b", "1/3/5"])("refuses %j", async (given) => {
    const r = await evalCli([MIXED, "--command", reviewer.command, "--shard", given], dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--shard takes i\/n, the i-th of n shards \(1 ≤ i ≤ n ≤ 256/);
  });

  it("refuses --shard with --reach", async () => {
    const r = await evalCli([MIXED, "--reach", "--shard", "1/2"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--shard has no meaning with --reach/);
  });

  it("puts each case in one shard, the same one however many cases the set holds", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,30}$/), { maxLength: 40 }),
        fc.integer({ min: 1, max: MAX_SHARDS }),
        (ids, n) => {
          for (const id of ids) {
            const s = shardOf(id, n);
            expect(s).toBeGreaterThanOrEqual(1);
            expect(s).toBeLessThanOrEqual(n);
            expect(shardOf(id, n)).toBe(s);
          }
        },
      ),
    );
    expect(parseShard("2/3")).toEqual({ index: 2, count: 3 });
    // Spread: 3,000 ids over 3 shards, each near a third.
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i += 1) (counts[shardOf(`case-${i}`, 3) - 1] as number) += 1;
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(120);
  });
});
