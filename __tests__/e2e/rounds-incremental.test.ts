// Incremental rounds end to end, over the bundle: a push sends the reviewer only the files whose patch
// changed; the unchanged files keep their verdicts (an approve, or a block that stands without a call)
// under the same conditions, across pushes and force-pushes; force-review asks everything again; and
// max-round-tokens holds a round that would send more, before any call.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readHistoryComment } from "../../src/report/history-comment.js";
import { promptOf } from "./harness.js";
import { commentBody, pushAndRun } from "./rounds-world.js";
import { GOOD_CHANGE, openAI, startWorld, type World } from "./world.js";

const FILES = {
  ...GOOD_CHANGE,
  "src/a.js": "export const a = 1;\n",
  "src/b.js": "export const b = 2;\n",
  "src/c.js": "export const c = 3;\n",
};
const A_IS_WRONG = "src/a.js:1 — a must be computed, not a constant";

let world: World;
beforeEach(async () => {
  world = await startWorld({ change: FILES });
});
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

/** The diff headers of the reviewer's requests from `from` on: which files each call was shown. */
function filesSent(from: number): string[][] {
  return world.openai.requests
    .slice(from)
    .map((r) => [...promptOf(r.json).matchAll(/^diff --git a\/\S+ b\/(\S+)$/gm)].map((m) => m[1] as string));
}

function storedFiles() {
  const read = readHistoryComment(commentBody(world));
  if (!read.ok) throw new Error(read.message);
  return read.history.files;
}

describe("a push pays only for what changed", () => {
  it("sends round 2 only the changed file, approves on the whole diff, and survives a force-push", async () => {
    const first = await world.run({});
    expect(first.outputs.status).toBe("approve");
    expect(filesSent(0)).toEqual([["src/a.js", "src/b.js", "src/c.js", "src/greet.js"]]);
    expect(storedFiles()?.approved).toEqual([{ round: 1, keys: expect.stringMatching(/^[\w-]{88}$/) }]);

    const calls = world.openai.requests.length;
    const second = await pushAndRun(world, { "src/b.js": "export const b = 20;\n" });
    expect(second.outputs.status).toBe("approve");
    expect(second.outputs.coverage).toBe("100%");
    expect(filesSent(calls)).toEqual([["src/b.js"]]);
    expect(second.summary).toContain(
      "Incremental: 1 changed file asked in 1 call; 3 unchanged files reused (3 from round 1): 0 of 1 planned chunk reused whole.",
    );
    expect(second.summary).toMatch(/This pull request so far: [\d,]+ tokens in, [\d,]+ out/);

    // A force-push that rewrites the branch but leaves a.js, b.js and greet.js as they were: only c.js.
    const before = world.openai.requests.length;
    const third = await pushAndRun(
      world,
      { ...FILES, "src/b.js": "export const b = 20;\n", "src/c.js": "export const c = 30;\n" },
      { force: true },
    );
    expect(third.outputs.status).toBe("approve");
    expect(filesSent(before)).toEqual([["src/c.js"]]);
    expect(third.summary).toContain("(2 from round 1, 1 from round 2)");

    // force-review asks about everything again.
    const forced = world.openai.requests.length;
    const fourth = await pushAndRun(
      world,
      { "src/c.js": "export const c = 31;\n" },
      { inputs: { "force-review": "true" } },
    );
    expect(fourth.outputs.status).toBe("approve");
    expect(filesSent(forced)).toEqual([["src/a.js", "src/b.js", "src/c.js", "src/greet.js"]]);
  });

  it("keeps an unchanged file's block standing without a call, and asks about it once it changes", async () => {
    world.openai.script(openAI.block([A_IS_WRONG]));
    const first = await world.run({});
    expect(first.outputs.status).toBe("blocked");
    expect(storedFiles()?.blocked).toEqual([
      { round: 1, key: expect.stringMatching(/^[\w-]{22}$/), reasonIds: [expect.any(String)] },
    ]);

    // b.js changes; the reviewer would approve anything it is asked. a.js is not sent, and its block stands.
    world.openai.script(openAI.approve);
    const calls = world.openai.requests.length;
    const second = await pushAndRun(world, { "src/b.js": "export const b = 20;\n" });
    expect(filesSent(calls)).toEqual([["src/b.js", "src/c.js", "src/greet.js"]]);
    // a.js's reason is not shown with files that cannot address it (it would draw UNRESOLVED holds).
    expect(promptOf(world.openai.requests[calls]?.json)).not.toContain("a must be computed");
    expect(second.outputs.status).toBe("blocked");
    expect(JSON.parse(second.outputs.reasons ?? "[]")).toEqual([A_IS_WRONG]);

    // Nothing the block stands for changed: no call at all, still blocked.
    const none = world.openai.requests.length;
    const third = await pushAndRun(world, { "src/b.js": "export const b = 21;\n" });
    expect(filesSent(none)).toEqual([["src/b.js"]]);
    expect(third.outputs.status).toBe("blocked");

    // a.js changes: asked again (alone), and the approve now covers the whole diff.
    const fixed = world.openai.requests.length;
    const fourth = await pushAndRun(world, { "src/a.js": "export const a = compute();\n" });
    expect(filesSent(fixed)).toEqual([["src/a.js"]]);
    // Sent again, a.js comes with the reason it was blocked for, for the reviewer to check.
    expect(promptOf(world.openai.requests[fixed]?.json)).toContain("a must be computed");
    expect(fourth.outputs.status).toBe("approve");
  });
});

describe("max-round-tokens", () => {
  it("holds before any call when the round needs more, naming the input, the estimate and the limit", async () => {
    const run = await world.run({ inputs: { "max-round-tokens": "1000" } });
    expect(run.outputs.status).toBe("hold-for-human");
    expect(world.openai.requests).toEqual([]);
    expect(run.summary).toMatch(
      /the round needs about [\d,]+ prompt tokens \(estimated, 1 call\), over \\?`max-round-tokens\\?` \(1,000\): no reviewer call was made/,
    );
  });
});
