import os from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The files that take longest, longest first (measured on a quiet 2-core machine): started first,
 * the long ones overlap with everything else; left to vitest's default order on a fresh clone (largest
 * file first) a long file could start last and finish alone. A prefix names a folder. */
const SLOW_FIRST = [
  "__tests__/faults/github-reads.test.ts",
  "__tests__/faults/github-writes.test.ts",
  "__tests__/rounds/history-bound.test.ts",
  "__tests__/e2e/statuses.test.ts",
  // Each waits on processes (the bundled CLI, git, bash; tsc compiling a clone) and asks for a current
  // build/dist, which a stale one makes a minute longer: left in the last group either could start
  // last and finish alone.
  "__tests__/workflows/eval-workflows.test.ts",
  "__tests__/package/launcher.test.ts",
  "__tests__/faults/",
  "__tests__/verdict/enormous-replies.test.ts",
  "__tests__/e2e/",
  "__tests__/cli/",
  "__tests__/github/",
];

/** VERDICT_GATE_TEST_WORKERS, a whole number of worker processes, or two per core. */
function workers(): number {
  const raw = process.env.VERDICT_GATE_TEST_WORKERS;
  if (raw === undefined || raw === "") return 2 * os.availableParallelism();
  if (!/^[1-9][0-9]?$/.test(raw)) throw new Error(`VERDICT_GATE_TEST_WORKERS must be 1 to 99, not ${raw}`);
  return Number(raw);
}

class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // vitest's own order (failed first, then by the last run's duration or by size) within each group.
    const ordered = await super.sort(files);
    const group = (file: TestSpecification) => {
      const relative = path.relative(process.cwd(), file.moduleId).split(path.sep).join("/");
      const i = SLOW_FIRST.findIndex((prefix) => relative.startsWith(prefix));
      return i === -1 ? SLOW_FIRST.length : i;
    };
    return ordered
      .map((file, index) => ({ file, index, group: group(file) }))
      .sort((a, b) => a.group - b.group || a.index - b.index)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    // A hang guard, never a deadline a test asserts: a test that asserts one runs it on an injected
    // clock (support/deadlines.ts, the pacing's fake clock). The guard is wall-clock time, which a busy
    // machine stretches: on 2 cores shared with other suites and busy loops (load 30) the suite ran 11
    // times slower than on a quiet machine, and a 60 s guard failed tests that take 5 s there. Ten
    // minutes is past anything load has stretched a test to, and still ends a test that truly hangs
    // (harness.ts ends a hung step a minute sooner, with its log).
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: "forks",
    // Two workers per core. A worker waits as well as computes (a fault cell's deadline, a backoff, a
    // child process: git, the bundled action or CLI), and a second worker per core fills those waits:
    // on a quiet 2-core machine the whole suite took 165 s with two workers, 152 s with three and 140 s
    // with four, for the same CPU (about 280 s). VERDICT_GATE_TEST_WORKERS=N overrides it (1 to debug).
    maxWorkers: workers(),
    sequence: { sequencer: SlowFilesFirst },
    include: ["__tests__/**/*.test.ts"],
    exclude: [...configDefaults.exclude],
    // No isolation: a worker imports src/ and the large dependencies (zod, fast-check, the provider
    // SDKs, sql.js) once, transforms them once, and parses GitHub's 13 MB API description and compiles
    // the loopback API's validators once, for every file it runs, rather than once per file (isolated,
    // those were a third of the unit files' CPU, 211 s → 137 s, and 57 s → 17 s for the github/
    // folder). Safe because no test file mocks a module, stubs a global or changes the working
    // directory; src/ keeps no module state a test depends on (its caches, such as the SQLite engine
    // and compiled globs, are meant to be shared; the action's secrets are per run); the tests that
    // set a variable (review/openai, review/anthropic, github/secrets) undo it before the next test
    // starts; and each end-to-end test starts its own world (servers, repository, workspace). A file
    // that needs a fresh module graph belongs in a project of its own with `isolate: true`.
    isolate: false,
    // A test's timeout counts from its start, and the tests of a `describe.concurrent` block start
    // together: with sixteen at a time each cell's time was sixteen cells' CPU, and on a machine
    // shared with other suites (load 20 on 2 cores) the matrix's cells passed 60 s. A cell no longer
    // waits on a deadline or a backoff (hangs end on the test's clock, support/deadlines.ts; backoff
    // runs at a millisecond a second), so more at a time buys nothing: four keep a cell's time to
    // four cells' CPU, and the workers keep both cores busy.
    maxConcurrency: 4,
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      reporter: ["text-summary", "json-summary"],
    },
  },
});
