// Shared by the hardening suites (the fault matrix, forgery, secrets, limits): a world per test so
// tests can run concurrently, and the one assertion every hostile case ends with — nothing passed.
import { expect } from "vitest";
import type { ActionRun } from "../e2e/harness.js";
import { REVIEWER_KEY, startWorld, type World } from "../e2e/world.js";
import type { FileChange } from "../support/github-api/index.js";
import type { RecordedRequest } from "../support/reviewers.js";

/** Runs `body` against a fresh world (its own loopback servers and ports) and closes it after, so
 * concurrent tests never share state. `assertClean` runs unless the test forgives violations itself. */
export type WorldOptions = Omit<NonNullable<Parameters<typeof startWorld>[0]>, "change"> & {
  /** The PR's changes: a tree, or a list that can also delete and rename (the world passes it on to
   * `openPullRequest`, which takes both). */
  change?: Record<string, string> | readonly FileChange[];
};

export async function inWorld<T>(options: WorldOptions, body: (world: World) => Promise<T>): Promise<T> {
  const world = await startWorld(options as Parameters<typeof startWorld>[0]);
  try {
    const result = await body(world);
    world.api.assertClean();
    return result;
  } finally {
    await world.close();
  }
}

let warmed: Promise<void> | undefined;

/** One fault-free round in the test process, once per worker (the module is shared by the files a
 * worker runs): the first round pays for loading the round's code, the provider SDK and the loopback
 * API's validators, about 2.5 s of CPU, which a busy machine stretches many times over. Paid in a
 * `beforeAll` hook, it is no cell's time; the cells then each take what their own round takes. */
export function warmUp(): Promise<void> {
  // Not a test: what it runs, the cells run again and assert. Whatever it ends in, the cells run.
  warmed ??= inWorld({}, async (world) => {
    await world.run({ env: { VERDICT_GATE_BACKOFF_UNIT_MS: "1" } });
  }).catch(() => undefined);
  return warmed;
}

/** Every check run on every commit of the world's repository. */
export function allCheckRuns(world: World) {
  return world.repo.checkRuns({});
}

/** The reviewer's key reached neither GitHub nor anything the author can read (checked in every
 * hostile case, error paths included). */
export function expectKeyKept(world: World, run: ActionRun): void {
  expect(world.api.requestsContaining(REVIEWER_KEY), "the reviewer's key reached GitHub").toEqual([]);
  expect(visibleToAuthor(world, run).includes(REVIEWER_KEY), "the reviewer's key is visible").toBe(false);
}

/** The property the gate exists for: no check run anywhere passed and the step did not report
 * approve. */
export function expectNothingPassed(world: World, run: ActionRun): void {
  expectKeyKept(world, run);
  const passing = allCheckRuns(world).filter((c) => c.conclusion === "success" || c.conclusion === "neutral");
  expect(passing, `a passing check run was posted\n${run.log}`).toEqual([]);
  expect(run.outputs.status, run.log).not.toBe("approve");
}

/** The diff exactly as the prompt fenced it. */
export function fencedDiff(prompt: string): { id: string; lines: string[] } {
  const open = /^<<<BEGIN UNTRUSTED DIFF ([0-9a-f]+)>>>$/m.exec(prompt);
  if (open === null) throw new Error("the prompt has no fenced diff");
  const id = open[1] as string;
  const start = prompt.indexOf(open[0]) + open[0].length + 1;
  const end = prompt.indexOf(`<<<END UNTRUSTED DIFF ${id}>>>`);
  if (end < start) throw new Error("the fenced diff is not closed");
  return { id, lines: prompt.slice(start, end).replace(/\n$/, "").split("\n") };
}

/** Every text a PR author can read after the round: check runs (title, summary, text, annotations),
 * comments, the job summary, the step outputs and the log the runner shows (mask lines removed). */
export function visibleToAuthor(world: World, run: ActionRun): string {
  const checks = allCheckRuns(world).map((c) =>
    JSON.stringify({ output: c.output, annotations: c.annotations }),
  );
  return [
    ...checks,
    ...world.pull.comments().map((c) => c.body),
    run.summary,
    JSON.stringify(run.outputs),
    run.log
      .split("\n")
      .filter((l) => !l.startsWith("::add-mask::"))
      .join("\n"),
  ].join("\n");
}

/** The prompt a loopback provider request carried. */
export { promptOf } from "../e2e/harness.js";
export type { RecordedRequest };
