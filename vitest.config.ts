import os from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The files that take longest, longest first: each is mostly runs of the bundled action as a process
 * (one per case), so it waits on child processes far more than it computes. Started first, they
 * overlap with everything else; left to vitest's default order on a fresh clone (largest file first)
 * the short fault-matrix files would start last and finish alone. */
const SLOW_FIRST = ["__tests__/faults/", "__tests__/e2e/", "__tests__/cli/", "__tests__/github/"];

/** Test files run without isolation (see the project below). */
const LOOPBACK = [
  "__tests__/e2e/**/*.test.ts",
  "__tests__/faults/**/*.test.ts",
  "__tests__/github/**/*.test.ts",
];

/** VERDICT_GATE_TEST_WORKERS, a whole number of worker processes, or one per core. */
function workers(): number {
  const raw = process.env.VERDICT_GATE_TEST_WORKERS;
  if (raw === undefined || raw === "") return os.availableParallelism();
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
    // End-to-end tests start dist/ as child processes against loopback servers; give them room
    // without letting a hang go unnoticed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // vitest's default is one worker fewer than the cores: on a 2-core machine, one file at a time,
    // while that file mostly waited on a child process. One worker per core. Not more: a fault-matrix
    // file already runs five actions at once (describe.concurrent), and four workers on a shared 2-core
    // machine (load average 25 from other work) put 20 actions side by side, which then outlasted
    // their 45 s step limit. VERDICT_GATE_TEST_WORKERS=N overrides it (1 to debug, more on an idle or
    // bigger machine).
    maxWorkers: workers(),
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["__tests__/**/*.test.ts"],
          exclude: [...LOOPBACK, ...configDefaults.exclude],
          // Without isolation a worker imports src/ and the large dependencies (zod, fast-check, the
          // provider SDKs, sql.js) once for all the files it runs rather than once per file: isolated,
          // those imports and their transforms were a third of the project's CPU (211 s → 137 s of
          // CPU, measured side by side). Safe because no unit file mocks a module, stubs a global or
          // changes the working directory, src/ keeps no module state a test depends on (its only
          // caches, such as the SQLite engine, are meant to be shared), and the two tests that set a
          // provider's environment variables (review/openai, review/anthropic) delete them in a
          // `finally` before the next test starts. A file that needs a fresh module graph belongs in
          // a project of its own with `isolate: true`.
          isolate: false,
        },
      },
      {
        // These files talk to the loopback GitHub API, which validates every exchange against GitHub's
        // 13 MB description with validators compiled on first use: about 2 s of CPU for each file that
        // starts afresh, and on a loaded machine long enough to outlast a client's deadline. Run without
        // isolation, a worker parses and compiles once for all the files it runs (the github/ folder:
        // 57 s of CPU isolated, 17 s shared, on a loaded machine). They share nothing mutable but those
        // caches: none mocks a module, the one environment stub (github/secrets) is undone after its
        // test, and each test starts its own world (servers, repository, workspace).
        extends: true,
        // A fault-matrix cell run in the test process (harness.ts) mostly waits: on a deadline, a
        // backoff, a loopback answer. Sixteen at a time keep a core busy where vitest's default five
        // left it idle.
        test: { name: "loopback", include: LOOPBACK, isolate: false, maxConcurrency: 16 },
      },
    ],
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      reporter: ["text-summary", "json-summary"],
    },
  },
});
