// GitHub's limits, end to end: a pull request of 3,000 files and 100,000 changed lines (GitHub refuses
// its unified diff with a 406, lists its files 100 a page up to its 3,000-file cap, leaves some patches
// out), a pull request past the cap, and a reply so long that the check run's summary and annotations
// hit GitHub's own limits. The round must complete, report its coverage honestly (what was not seen
// holds the round) and stay inside every limit GitHub enforces. Time and memory figures are measured
// by bench/large-pr.bench.mjs, never here.
import { beforeAll, describe, expect, it } from "vitest";
import { expectNothingPassed, fencedDiff, inWorld, warmUp } from "../faults/support.js";
import { openAIReply } from "../support/reviewers.js";
import { promptOf, roundTokenIn } from "./harness.js";
import { approveFor, gateChecks } from "./world.js";

// The first in-process round of a worker loads and compiles what every cell uses (support.ts).
beforeAll(warmUp);

const FILES_ROUTE = "GET /repos/{owner}/{repo}/pulls/{pull_number}/files";
const SUMMARY_LIMIT = 65_535;

/** `files` new files with `lines` added lines in all. */
function bigChange(files: number, lines: number): Record<string, string> {
  const change: Record<string, string> = { "src/greet.js": "export const greet = () => 'hi';\n" };
  const per = Math.floor((lines - 1) / (files - 1));
  let left = lines - 1 - per * (files - 1);
  for (let i = 0; i < files - 1; i += 1) {
    const n = per + (left > 0 ? 1 : 0);
    if (left > 0) left -= 1;
    const body = Array.from({ length: n }, (_, j) => `export const v${j} = ${i} + ${j};`);
    change[`src/m${String(i).padStart(4, "0")}.js`] = `${body.join("\n")}\n`;
  }
  return change;
}

describe("a 3,000-file, 100,000-line pull request", () => {
  it("is read through the file list to GitHub's cap, reviewed in bounded calls, and holds for the patches GitHub left out", async () => {
    const omitted = new Set(["src/m0007.js", "src/m1500.js", "src/m2998.js"]);
    await inWorld(
      { change: bigChange(3000, 100_000), limits: { limits: { omitPatch: (f) => omitted.has(f) } } },
      async (world) => {
        // A reviewer that reports reading the whole prompt (the loopback default of 1,200 tokens would
        // read, rightly, as a prompt cut on the way in).
        world.openai.script((r) =>
          openAIReply(approveFor(r), { promptTokens: Math.ceil(promptOf(r.json).length / 3) }),
        );
        const run = await world.run({ inputs: { "reviewer-timeout-seconds": "60" } });
        expectNothingPassed(world, run);
        expect(run.code).toBe(1);
        expect(run.outputs.status).toBe("hold-for-human");
        // Coverage says exactly what was not seen.
        const seenLines =
          100_000 -
          [...omitted].reduce(
            (sum, f) => sum + (world.pull.files().find((x) => x.filename === f)?.additions ?? 0),
            0,
          );
        expect(run.outputs.coverage, run.log).toBe(
          `99% (2997/3000 files, ${seenLines}/100000 lines; not seen: 3 files without a patch)`,
        );
        const check = gateChecks(world)[0];
        expect(check?.output.title).toMatch(/^hold-for-human/);
        for (const f of omitted) expect(check?.output.summary).toContain(f);
        // GitHub could not render the comparison's diff, and its file list stops at 300: the gate paged
        // the pull request's own list, 100 files a page, 30 pages, its head checked before and after.
        const pages = world.api.requestsFor(FILES_ROUTE);
        expect(pages.map((r) => Number(r.query.page))).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
        for (const r of pages) expect(r.query.per_page).toBe("100");
        expect(world.api.requests.length).toBeLessThan(45);
        // Every file with a patch reached the reviewer exactly once, each call inside its budget.
        const shown = new Map<string, number>();
        for (const r of world.openai.requests) {
          const lines = fencedDiff(promptOf(r.json)).lines;
          for (const l of lines) {
            const m = /^\+\+\+ b\/(.+)$/.exec(l);
            if (m?.[1] !== undefined) shown.set(m[1], (shown.get(m[1]) ?? 0) + 1);
          }
          expect(r.body.length).toBeLessThan(60_000 * 5);
        }
        const reviewedFiles = world.pull.files().filter((f) => !omitted.has(f.filename)).length;
        expect(world.openai.requests.length).toBeGreaterThan(1);
        expect(shown.size).toBe(reviewedFiles);
        expect([...shown.values()].every((n) => n === 1)).toBe(true);
        for (const f of omitted) expect(shown.has(f)).toBe(false);
        // Inside GitHub's limits.
        expect(check?.output.summary?.length ?? 0).toBeLessThanOrEqual(SUMMARY_LIMIT);
        expect(check?.output.title?.length ?? 0).toBeLessThanOrEqual(255);
      },
    );
  });
});

describe.concurrent("GitHub's limits on what it lists and what it accepts", () => {
  it("more files than GitHub lists: the round says so and holds", async () =>
    inWorld(
      // Past the comparison's 300 files, the pull request's own list is read: here it stops at 320.
      { change: bigChange(350, 700), limits: { limits: { diffMaxFiles: 10, filesListMax: 320 } } },
      async (world) => {
        const run = await world.run({});
        expectNothingPassed(world, run);
        expect(run.outputs.status).toBe("hold-for-human");
        expect(gateChecks(world)[0]?.output.summary).toMatch(
          /reports 350 changed files, the gate received 320/,
        );
      },
    ));

  it("five calls of 100 findings each: the summary fits 65,535 characters with a visible mark, annotations go 50 a request, the job summary keeps everything", async () =>
    inWorld({ change: bigChange(5, 400) }, async (world) => {
      world.openai.script((r) => {
        const prompt = promptOf(r.json);
        const path = /^\+\+\+ b\/(.+)$/m.exec(fencedDiff(prompt).lines.join("\n"))?.[1] ?? "src/greet.js";
        const findings = Array.from(
          { length: 100 },
          (_, i) =>
            `BLOCKING: ${path}:${(i % 50) + 1} — finding ${i + 1} in ${path}: ${"the value is never validated; ".repeat(8)}`,
        );
        return openAIReply(
          `${findings.join("\n")}\n\n===VERDICT=== REQUEST_CHANGES ${roundTokenIn(prompt)}`,
          {
            promptTokens: Math.ceil(prompt.length / 3),
          },
        );
      });
      const run = await world.run({ inputs: { "max-diff-tokens": "1000" } });
      expectNothingPassed(world, run);
      expect(world.openai.requests.length).toBeGreaterThanOrEqual(4);
      expect(run.outputs.status).toBe("blocked");
      const check = gateChecks(world)[0];
      const summary = check?.output.summary ?? "";
      expect(summary.length).toBeLessThanOrEqual(SUMMARY_LIMIT);
      expect(summary).toMatch(
        /limited to 65,535 characters; the job summary has the full report|Truncated by verdict-gate/,
      );
      const batches = (check?.updates ?? []).map(
        (u) => ((u.output as { annotations?: unknown[] } | undefined)?.annotations ?? []).length,
      );
      for (const n of batches) expect(n).toBeLessThanOrEqual(50);
      expect(check?.annotations.length).toBeGreaterThan(50);
      expect(check?.annotations.length).toBeLessThanOrEqual(200);
      // The job summary carries the whole report: every call's last finding is there.
      expect(run.summary.length).toBeGreaterThan(SUMMARY_LIMIT);
      expect(run.summary.match(/finding 100 in /g)?.length).toBe(world.openai.requests.length);
    }));

  it("a pull request whose files GitHub lists without any patch is never approved", async () =>
    inWorld(
      { change: bigChange(5, 50), limits: { limits: { diffMaxFiles: 1, omitPatch: () => true } } },
      async (world) => {
        const run = await world.run({});
        expectNothingPassed(world, run);
        expect(run.outputs.status).toBe("hold-for-human");
        expect(run.outputs.coverage).toMatch(/^0%/);
      },
    ));
});
