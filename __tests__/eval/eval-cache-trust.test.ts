// A cached eval result stands only for the run that would produce it (issue 31, items 9 and 10): every
// setting a result depends on is in its key (the reviewer's time limit and retries, the round's
// deadline, the contents of a command reviewer's script), and a set cannot bring its own answers (a
// cache inside the set is never read, the default cache is outside it, and an entry whose claimed
// configuration is not this one is never trusted).
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAIReply, startOpenAIServer } from "../support/reviewers.js";
import { evalCli, MIXED, type Scripted, scripted } from "./support.js";

const REVIEWER = path.resolve("__tests__/eval/fixtures/scripted-reviewer.mjs");

let dir: string;
/** Two defect cases the scripts below block or approve. */
let set: string;
const BLOCK = {
  "lib/range.js": ["block lib/range.js:9 — the loop now includes end"],
  "retry/backoff.go": ["block retry/backoff.go:11 — max is compared after the shift"],
};
const APPROVE = { "lib/range.js": ["approve"], "retry/backoff.go": ["approve"] };

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "vg-eval-trust-"));
  set = path.join(dir, "set");
  for (const id of ["range-off-by-one", "retry-backoff"])
    cpSync(path.join(MIXED, id), path.join(set, id), { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh directory under the test's own. */
function fresh(name: string): string {
  const d = path.join(dir, name);
  mkdirSync(d, { recursive: true });
  return d;
}

function json(r: { code: number; out: string; err: string }) {
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out) as { cached_runs: number; results: { id: string; status: string }[] };
}

describe("everything a cached result depends on is in its key", () => {
  let reviewer: Scripted;
  const cache = () => path.join(dir, "keyed-cache");
  const run = (...more: string[]) =>
    evalCli([set, "--command", reviewer.command, "--cache", cache(), "--json", ...more], dir);

  beforeAll(async () => {
    reviewer = scripted(BLOCK);
    expect(json(await run()).cached_runs).toBe(0);
    expect(json(await run()).cached_runs).toBe(2);
  });

  it.each([
    [["--reviewer-timeout-seconds", "60"]],
    [["--reviewer-retries", "1"]],
    [["--round-deadline-minutes", "30"]],
  ])("asks again under %j: a hold on a 1-second timeout is not a 60-second run's answer", async (flags) => {
    const before = reviewer.asked().length;
    expect(json(await run(...flags)).cached_runs).toBe(0);
    expect(reviewer.asked().length).toBe(before + 2);
  });

  it("asks again when the command reviewer's script changed, though its command line did not", async () => {
    const own = fresh("own-script");
    const script = path.join(own, "review.mjs");
    copyFileSync(REVIEWER, script);
    const state = scripted(BLOCK);
    // `node` from PATH, as support.ts's scripted reviewer: the key holds the script's bytes either way.
    const command = ["node", script, path.join(state.dir, "script.json"), state.dir].join(" ");
    const go = () => evalCli([set, "--command", command, "--cache", cache(), "--json"], dir);
    expect(json(await go()).cached_runs).toBe(0);
    expect(json(await go()).cached_runs).toBe(2);
    // A person iterating on the script: the next run reads what the edited script says.
    writeFileSync(script, `${readFileSync(script, "utf8")}\n// edited\n`);
    expect(json(await go()).cached_runs).toBe(0);
    expect(state.asked()).toHaveLength(4);
  });
});

describe("a set cannot bring its own answers", () => {
  it("never reads a cache the set ships, when run from inside it (`eval .`), and keeps its own outside", async () => {
    // The set's author ran it once with a reviewer that approves everything and shipped the cache.
    const reviewer = scripted(APPROVE);
    const author = fresh("author");
    const planted = path.join(author, "cache");
    const first = json(
      await evalCli([set, "--command", reviewer.command, "--cache", planted, "--json"], author),
    );
    expect(first.results.map((r) => r.status)).toEqual(["approve", "approve"]);
    const shipped = fresh("shipped");
    cpSync(set, shipped, { recursive: true });
    cpSync(planted, path.join(shipped, ".verdict-gate", "eval-cache"), { recursive: true });

    // Someone else runs the shipped set from inside it, with a reviewer that blocks both defects.
    reviewer.rescript(BLOCK);
    const home = fresh("home");
    const r = await evalCli([".", "--command", reviewer.command, "--json"], shipped, {
      env: { PATH: process.env.PATH ?? "", HOME: home },
    });
    const report = json(r);
    expect(report.cached_runs).toBe(0);
    expect(report.results.map((x) => x.status)).toEqual(["blocked", "blocked"]);
    expect(reviewer.asked()).toHaveLength(4);
    // What it keeps, it keeps outside the set: the set is as it was shipped.
    expect(readdirSync(path.join(shipped, ".verdict-gate", "eval-cache")).sort()).toEqual(
      readdirSync(planted).sort(),
    );
  });

  it("refuses a --cache inside the set (exit 2), before anyone is asked", async () => {
    const reviewer = scripted(BLOCK);
    for (const inside of [
      path.join(set, ".verdict-gate", "eval-cache"),
      set,
      path.join(set, "range-off-by-one"),
    ]) {
      const r = await evalCli([set, "--command", reviewer.command, "--cache", inside, "--json"], dir);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/inside the set/);
    }
    expect(reviewer.asked()).toEqual([]);
  });

  it("never trusts an entry whose claimed configuration is not this one, whatever its file is named", async () => {
    const reviewer = scripted(APPROVE);
    const lenient = fresh("lenient-cache");
    const strict = fresh("strict-cache");
    // The same set under two configurations: their entries are named by their keys.
    json(await evalCli([set, "--command", reviewer.command, "--cache", lenient, "--json"], dir));
    reviewer.rescript(BLOCK);
    json(
      await evalCli(
        [set, "--command", reviewer.command, "--cache", strict, "--max-diff-tokens", "5000", "--json"],
        dir,
      ),
    );
    // Each strict entry overwritten with a lenient one's approve, under the strict entry's name.
    const approves = readdirSync(lenient).map((f) => readFileSync(path.join(lenient, f), "utf8"));
    const names = readdirSync(strict);
    expect(names).toHaveLength(2);
    for (const [i, name] of names.entries()) writeFileSync(path.join(strict, name), approves[i] ?? "");
    const before = reviewer.asked().length;
    const r = json(
      await evalCli(
        [set, "--command", reviewer.command, "--cache", strict, "--max-diff-tokens", "5000", "--json"],
        dir,
      ),
    );
    expect(r.cached_runs).toBe(0);
    expect(r.results.map((x) => x.status)).toEqual(["blocked", "blocked"]);
    expect(reviewer.asked().length).toBe(before + 2);
  });

  it("writes no key into what each entry claims", async () => {
    const KEY = "sk-eval-cache-Key0Never0Written0000000";
    const server = await startOpenAIServer({
      apiKey: KEY,
      replies: (request) => {
        const prompt = JSON.stringify(request.json);
        const token = /===VERDICT=== <value> ([0-9a-z]{26,128})/.exec(prompt)?.[1];
        return openAIReply(`No blocking issues.\n\n===VERDICT=== APPROVE ${token}`);
      },
    });
    try {
      const cache = fresh("keyed-by-settings");
      const args = [set, "--base-url", server.baseUrl, "--model", "gpt-4o", "--api-key-env", "EVAL_KEY"];
      const r = await evalCli([...args, "--cache", cache, "--json"], dir, {
        env: { PATH: process.env.PATH ?? "", EVAL_KEY: KEY },
      });
      expect(json(r).cached_runs).toBe(0);
      const kept = readdirSync(cache).map((f) => readFileSync(path.join(cache, f), "utf8"));
      expect(kept).toHaveLength(2);
      for (const text of kept) {
        expect(JSON.parse(text).claims.configuration.settings.reviewers.members[0].model).toBe("gpt-4o");
        expect(text).not.toContain(KEY);
      }
    } finally {
      await server.close();
    }
  });
});
