// The in-process runner (harness.ts) stands in for @actions/core in most end-to-end tests, so it must
// write what the bundled action writes: the same exit code, outputs, workflow commands in the same
// order, and job summary, for a round that approves, one that blocks and one that cannot start.
import { describe, expect, it } from "vitest";
import type { ActionRun } from "./harness.js";
import { openAI, startWorld } from "./world.js";

/** What a run shows, with what differs between two worlds (round tokens, ids, times) blanked. */
function shown(run: ActionRun) {
  const blank = (text: string) =>
    text
      .replace(/\b[0-9a-z]{26,128}\b/g, "<token>")
      .replace(/\b[0-9a-f]{7,64}\b/g, "<hex>")
      .replace(/\b\d+(\.\d+)? ?(ms|s)\b/g, "<time>")
      .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<at>")
      .replace(/127\.0\.0\.1:\d+/g, "<host>")
      .replace(/\/tmp\/[^\s"'`)]+/g, "<dir>");
  return {
    code: run.code,
    outputs: Object.fromEntries(Object.entries(run.outputs).map(([k, v]) => [k, blank(v)])),
    commands: run.commands.map((c) => blank(c.replace(/^(::add-mask::).*/, "$1<secret>"))),
    summary: blank(run.summary),
  };
}

async function bothWays(
  setUp: (world: Awaited<ReturnType<typeof startWorld>>) => void,
  inputs: Record<string, string> = {},
) {
  const runs: ActionRun[] = [];
  for (const bundle of [true, false]) {
    const world = await startWorld();
    try {
      setUp(world);
      runs.push(await world.run({ inputs, bundle }));
      world.api.assertClean();
    } finally {
      await world.close();
    }
  }
  return runs.map(shown);
}

describe("the in-process runner writes what the bundled action writes", () => {
  it("for an approve", async () => {
    const [bundled, inProcess] = await bothWays(() => {});
    expect(bundled?.outputs.status).toBe("approve");
    expect(inProcess).toEqual(bundled);
  });

  it("for a block that fails the step", async () => {
    const [bundled, inProcess] = await bothWays(
      (w) => w.openai.script(openAI.block(["src/greet.js:1 — no"])),
      {
        "fail-on": "blocked",
      },
    );
    expect(bundled?.code).toBe(1);
    expect(inProcess).toEqual(bundled);
  });

  it("for inputs that cannot start a round", async () => {
    const [bundled, inProcess] = await bothWays(() => {}, { "max-rounds": "lots" });
    expect(bundled?.code).toBe(1);
    expect(bundled?.commands.some((c) => c.startsWith("::error::"))).toBe(true);
    expect(inProcess).toEqual(bundled);
  });
});
