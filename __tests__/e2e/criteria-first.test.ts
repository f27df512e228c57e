// Issue 35, item 8: a criterion already blocks, and the reviewer is still paid. `when-criteria-block`
// offers the choice: `ask-reviewer` (the default) asks it anyway, so the author gets every finding in
// one round; `skip-reviewer` checks the criteria first and makes no call when they block, saying so.
// Not asked never becomes an approve: the failed criterion blocks the round either way.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NOT_ASKED_WHY } from "../../src/gate/criteria-first.js";
import { GOOD_CHANGE, gateChecks, startWorld, type World } from "./world.js";

/** The change with a `debugger` line: the contract's `no-debugger` criterion fails on it. */
const DEBUGGER_CHANGE = {
  "src/greet.js": 'export function greet(name) {\n  debugger;\n  return "hello " + name;\n}\n',
};

let world: World;
afterEach(async () => {
  world.api.assertClean();
  await world.close();
});

describe("a criterion that blocks, and the reviewer (when-criteria-block)", () => {
  describe("on a change a criterion blocks", () => {
    beforeEach(async () => {
      world = await startWorld({ change: DEBUGGER_CHANGE });
    });

    it("ask-reviewer, the default: the reviewer is asked anyway, and the round is blocked", async () => {
      const run = await world.run({ inputs: {} });
      expect(run.outputs).toMatchObject({ status: "blocked", "reviewer-verdict": "APPROVE" });
      expect(world.openai.requests).toHaveLength(1);
      expect(run.summary).toContain("no-debugger");
      expect(run.summary).not.toContain(NOT_ASKED_WHY);
    });

    it("skip-reviewer: no reviewer call, blocked, and the summary says the reviewer was not asked", async () => {
      const run = await world.run({ inputs: { "when-criteria-block": "skip-reviewer" }, bundle: true });
      expect(world.openai.requests).toHaveLength(0);
      expect(run.code).not.toBe(0);
      expect(run.outputs).toMatchObject({ status: "blocked", "reviewer-verdict": "SKIPPED" });
      const [check] = gateChecks(world);
      expect(check?.conclusion).toBe("failure");
      expect(check?.output.title).toMatch(/^blocked: contract criterion no-debugger/);
      for (const text of [run.summary, check?.output.summary ?? ""]) {
        expect(text).toContain(`the reviewer was ${NOT_ASKED_WHY} (\`ask-reviewer\` asks it anyway`);
        expect(text).toContain(`| reviewer | ✋ MAYBE | ${NOT_ASKED_WHY} |`);
        expect(text).toContain("no-debugger");
      }
      // The criteria were known before the call that was not made.
      const groups = run.commands.filter((c) => c.startsWith("::group::"));
      expect(groups.indexOf("::group::Criteria")).toBeLessThan(groups.indexOf("::group::Reviewer"));
    });
  });

  it("skip-reviewer on a change the criteria pass: the reviewer is asked, and its approve stands", async () => {
    world = await startWorld({ change: GOOD_CHANGE });
    const run = await world.run({ inputs: { "when-criteria-block": "skip-reviewer" } });
    expect(world.openai.requests).toHaveLength(1);
    expect(run.outputs).toMatchObject({ status: "approve", "reviewer-verdict": "APPROVE" });
  });

  it("refuses another value, naming the input and what it accepts", async () => {
    world = await startWorld({ change: GOOD_CHANGE });
    const run = await world.run({ inputs: { "when-criteria-block": "skip" } });
    expect(run.code).not.toBe(0);
    expect(run.log).toContain("when-criteria-block");
    expect(run.log).toContain("expects ask-reviewer or skip-reviewer");
    expect(world.openai.requests).toHaveLength(0);
  });
});
