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

/** VERDICT_GATE_TEST_WORKERS, a whole number of worker processes, or 4. */
function workers(): number {
  const raw = process.env.VERDICT_GATE_TEST_WORKERS;
  if (raw === undefined || raw === "") return 4;
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
    // vitest's default on a 2-core machine is one worker (cores - 1), so the suite ran one file at a
    // time while that file mostly waited on a child process. Four workers keep both cores busy; more
    // only add memory (each worker parses GitHub's 13 MB API description) and contention.
    // VERDICT_GATE_TEST_WORKERS overrides it (e.g. 1 to debug, or more on a bigger machine).
    maxWorkers: workers(),
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["__tests__/**/*.test.ts"],
          exclude: [...LOOPBACK, ...configDefaults.exclude],
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
        test: { name: "loopback", include: LOOPBACK, isolate: false },
      },
    ],
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      reporter: ["text-summary", "json-summary"],
    },
  },
});
