// The round's deadline and the documented workflows' job timeout agree (issue 26): every
// `timeout-minutes` a user copies leaves the default round-deadline-minutes, the minutes publishing
// takes, and a margin for the checkout and the post step. A job timeout under that would cancel the
// job before the round could hold by itself.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ACTION_DEFAULTS } from "../../src/cli/round-options.js";
import { PUBLISH_MINUTES } from "../../src/compose/github.js";

/** The checkout before the step and the post step after it. */
const MARGIN_MINUTES = 5;

const SOURCES = [
  "README.md",
  "docs/workflows.md",
  "src/cli/templates/workflow.ts",
  ".github/workflows/verdict-gate.yml",
];

describe("the round's deadline and the documented job timeout", () => {
  const deadline = Number(ACTION_DEFAULTS["round-deadline-minutes"]);

  it("is an input with the same default in action.yml, the reusable workflow and the CLI", () => {
    const action = parse(readFileSync("action.yml", "utf8")) as {
      inputs: Record<string, { default: string }>;
    };
    expect(action.inputs["round-deadline-minutes"]?.default).toBe(String(deadline));
    const reusable = parse(readFileSync(".github/workflows/verdict-gate.yml", "utf8")) as {
      on: { workflow_call: { inputs: Record<string, { default: string }> } };
    };
    expect(reusable.on.workflow_call.inputs["round-deadline-minutes"]?.default).toBe(String(deadline));
  });

  for (const file of SOURCES) {
    it(`leaves every job in ${file} the deadline, ${PUBLISH_MINUTES} minutes to publish and ${MARGIN_MINUTES} more`, () => {
      const timeouts = [...readFileSync(file, "utf8").matchAll(/timeout-minutes:\s*(\d+)/g)].map((m) =>
        Number(m[1]),
      );
      expect(timeouts.length, `${file} names no timeout-minutes`).toBeGreaterThan(0);
      for (const minutes of timeouts)
        expect(minutes).toBeGreaterThanOrEqual(deadline + PUBLISH_MINUTES + MARGIN_MINUTES);
    });
  }
});
