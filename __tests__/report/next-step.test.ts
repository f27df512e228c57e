// The "Next:" line of a report: who acts, and for a waiting round, which event will look again.
import { describe, expect, it } from "vitest";
import { DOCS_URL } from "../../src/cli/templates/project.js";
import { DEPENDENCIES_DOC, nextStep, type RoundReport } from "../../src/report/round-report.js";
import { iff } from "../../src/verdict/four-values.js";

function waiting(types: string[]): RoundReport {
  return {
    status: "conditional-on",
    result: iff('x (label): label "x" is not on the pull request'),
    parts: [],
    round: 1,
    headSha: "a".repeat(40),
    checkName: "verdict-gate",
    history: [],
    notes: [],
    version: "0.0.0",
    waitingOn: types,
  };
}

describe("conditional-on: which event re-evaluates the dependency", () => {
  it("a label: the pull request's own `labeled` event, which the starter workflow has", () => {
    const next = nextStep(waiting(["label"]));
    expect(next).toContain(
      "a `label` dependency is re-evaluated when the label is added (`pull_request: labeled`)",
    );
    expect(next).not.toContain("dependencies workflow");
  });

  it("a check run, a status, another PR: the dependencies workflow's triggers, with where to find it", () => {
    const next = nextStep(waiting(["check_run", "status", "pr_merged", "check_run"]));
    expect(next).toContain("`workflow_run` in the dependencies workflow");
    expect(next).toContain("a `status` dependency is re-evaluated by the dependencies workflow's `schedule`");
    expect(next).toContain(
      "a `pr_merged` dependency is re-evaluated by the dependencies workflow's `schedule`",
    );
    expect(next).toContain(`add the one in ${DOCS_URL}/workflows.md#re-evaluating-dependencies`);
    expect(DEPENDENCIES_DOC).toBe(`${DOCS_URL}/workflows.md#re-evaluating-dependencies`);
    expect(next.match(/`check_run` dependency/g)).toHaveLength(1);
    expect(next).toContain("Past its timeout the round becomes a hold.");
  });
});
