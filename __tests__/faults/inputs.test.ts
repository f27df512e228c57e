// The fault matrix, inputs: the contract file missing (at a path the workflow names), invalid or huge;
// the workspace missing; the event payload malformed, missing, or for another repository; the pull
// request gone. Each ends in a posted hold naming the problem, or (when nothing can be posted yet) a
// failed step that names it, and never in a pass. The one documented exception: no contract at the
// default path is a repository gated by the reviewer alone, and the summary says so.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ActionRun, runAction } from "../e2e/harness.js";
import { BASE_FILES, CONTRACT, type World } from "../e2e/world.js";
import {
  type CellResult,
  checkOutcome,
  expectFailedClosed,
  expectHonestApprove,
  FAST,
  printMatrix,
} from "./matrix.js";
import { inWorld, warmUp } from "./support.js";

// The first in-process round of a worker loads and compiles what every cell uses (support.ts).
beforeAll(warmUp);

const rows: CellResult[] = [];
afterAll(() => {
  printMatrix("Inputs", rows);
});

function record(fault: string, point: string, outcome: string, run: ActionRun): void {
  rows.push({ fault, point, persistence: "every attempt", outcome, ms: run.ms });
}

/** A raw event file with the world's runner variables. */
function rawEvent(world: World, text: string) {
  const good = world.event({ event: "pull_request", action: "opened", pull: world.pull });
  const dir = mkdtempSync(path.join(os.tmpdir(), "vg-event-"));
  const file = path.join(dir, "event.json");
  writeFileSync(file, text);
  return { ...good, path: file, env: { ...good.env, GITHUB_EVENT_PATH: file } };
}

describe.concurrent("the contract file", () => {
  it("missing at a path the workflow names: holds", async () =>
    inWorld({}, async (world) => {
      const run = await world.run({ inputs: { contract: "ci/verdict-contract.json" }, env: FAST });
      const outcome = expectFailedClosed(
        world,
        run,
        world.pull.headSha,
        /ci\/verdict-contract\.json .*does not exist/,
      );
      expect(checkOutcome(world, world.pull.headSha)).toBe("hold");
      record("missing (named path)", "contract", outcome, run);
    }));

  it("missing at the default path: the reviewer alone gates, and the summary says so", async () =>
    inWorld({ baseFiles: { "README.md": "# demo\n" } }, async (world) => {
      const run = await world.run({ env: FAST });
      const outcome = expectHonestApprove(world, run, world.pull.headSha);
      expect(run.summary).toMatch(/no contract at \.github\/verdict-contract\.json/);
      record("missing (default path)", "contract", `${outcome} (documented: no contract)`, run);
    }));

  it.each([
    ["not JSON", "{ intended_action: oops", /contract is invalid|not valid JSON|JSON/],
    ["JSON of the wrong shape", JSON.stringify({ success_criteria: "all of them" }), /contract is invalid/],
    [
      "an unknown criterion type",
      JSON.stringify({ ...CONTRACT, success_criteria: [{ id: "x", type: "run_tests", description: "d" }] }),
      /contract is invalid/,
    ],
  ])("invalid (%s): holds", async (name, text, names) =>
    inWorld({ baseFiles: { ...BASE_FILES, ".github/verdict-contract.json": text } }, async (world) => {
      const run = await world.run({ env: FAST });
      const outcome = expectFailedClosed(world, run, world.pull.headSha, names);
      expect(checkOutcome(world, world.pull.headSha)).toBe("hold");
      record(`invalid: ${name}`, "contract", outcome, run);
    }),
  );

  it("huge (6 MiB, over the 5 MiB the gate reads): holds", async () =>
    inWorld(
      {
        baseFiles: {
          ...BASE_FILES,
          ".github/verdict-contract.json": JSON.stringify({
            ...CONTRACT,
            padding: "x".repeat(6 * 1024 * 1024),
          }),
        },
      },
      async (world) => {
        const run = await world.run({ env: FAST });
        const outcome = expectFailedClosed(world, run, world.pull.headSha, /could not be read: .*bytes/);
        expect(checkOutcome(world, world.pull.headSha)).toBe("hold");
        record("huge (6 MiB)", "contract", outcome, run);
      },
    ));
});

describe.concurrent("the workspace", () => {
  it("not set: holds, naming it", async () =>
    inWorld({}, async (world) => {
      const run = await world.run({ workspace: null, env: FAST });
      const outcome = expectFailedClosed(world, run, world.pull.headSha, /GITHUB_WORKSPACE is not set/);
      record("not set", "workspace", outcome, run);
    }));

  it("a directory that does not exist: holds, naming it", async () =>
    inWorld({}, async (world) => {
      const run = await world.run({ workspace: "/nonexistent/verdict-gate/workspace", env: FAST });
      const outcome = expectFailedClosed(
        world,
        run,
        world.pull.headSha,
        /workspace .*cannot be read|nonexistent/,
      );
      record("does not exist", "workspace", outcome, run);
    }));

  it("the base commit checked out instead of the head: holds, naming it", async () =>
    inWorld({}, async (world) => {
      const { checkout } = await import("../e2e/harness.js");
      const workspace = checkout(world.api, world.repo.fullName, world.pull.baseSha);
      world.workspaces.push(workspace);
      const run = await world.run({ workspace, env: FAST });
      const outcome = expectFailedClosed(world, run, world.pull.headSha, /the workspace has the base commit/);
      record("base checked out", "workspace", outcome, run);
    }));
});

/** The event files no JSON parser can read. */
const UNREADABLE_EVENTS = ["not JSON", "empty file", "missing file"];

describe.concurrent("the event", () => {
  const cases: [string, (w: World) => ReturnType<typeof rawEvent>, RegExp][] = [
    ["not JSON", (w) => rawEvent(w, "{ not json"), /could not be read as JSON/],
    ["empty file", (w) => rawEvent(w, ""), /could not be read as JSON/],
    [
      "JSON without a pull request",
      (w) => rawEvent(w, JSON.stringify({ action: "opened" })),
      /payload is malformed/,
    ],
    [
      "a head SHA that is not one",
      (w) => {
        const good = w.event({ event: "pull_request", action: "opened", pull: w.pull });
        const payload = structuredClone(good.payload) as { pull_request: { head: { sha: string } } };
        payload.pull_request.head.sha = "HEAD";
        return rawEvent(w, JSON.stringify(payload));
      },
      /payload is malformed at `pull_request.head.sha`/,
    ],
    [
      "for another repository",
      (w) => {
        const good = w.event({ event: "pull_request", action: "opened", pull: w.pull });
        const payload = structuredClone(good.payload) as { repository: { full_name: string } };
        payload.repository.full_name = "someone-else/demo";
        return rawEvent(w, JSON.stringify(payload));
      },
      /event is for someone-else\/demo.*refusing to gate another repository/,
    ],
    [
      "missing file",
      (w) => {
        const good = w.event({ event: "pull_request", action: "opened", pull: w.pull });
        return {
          ...good,
          path: "/nonexistent/event.json",
          env: { ...good.env, GITHUB_EVENT_PATH: "/nonexistent/event.json" },
        };
      },
      /could not be read as JSON/,
    ],
  ];

  it.each(cases)("%s: the step fails, naming it, and nothing is posted", async (name, event, names) =>
    inWorld({}, async (world) => {
      // An event file that is not JSON is met first by the bundle's event guard (src/entry/event-guard.ts),
      // before @actions/github reads it: those cases run the bundled action as a process.
      const bundle = UNREADABLE_EVENTS.includes(name);
      const run = await world.run({ event: event(world), env: FAST, bundle });
      const outcome = expectFailedClosed(world, run, world.pull.headSha, names);
      expect(world.repo.checkRuns({})).toEqual([]);
      record(name, "event", outcome, run);
    }),
  );

  it("names a pull request that does not exist: the step fails with GitHub's 404", async () =>
    inWorld({}, async (world) => {
      const event = world.event({ event: "pull_request", action: "opened", pull: world.pull });
      const payload = structuredClone(event.payload) as { pull_request: { number: number }; number: number };
      payload.pull_request.number = 999;
      payload.number = 999;
      const raw = rawEvent(world, JSON.stringify(payload));
      const run = await runAction({
        api: world.api,
        event: raw,
        inputs: world.openaiInputs(),
        workspace: world.headWorkspace(),
        env: FAST,
      });
      const outcome = expectFailedClosed(world, run, world.pull.headSha, /HTTP 404/);
      record("a PR that does not exist", "event", outcome, run);
    }));
});
