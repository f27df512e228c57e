// judge() on check runs: one name can have several latest runs (another workflow or app with the same
// job name). A success must never hide a failure beside it.
import { describe, expect, it } from "vitest";
import type { Requirement } from "../../src/criteria/requirement-schema.js";
import { judge } from "../../src/gate/dependencies-part.js";

const req: Requirement = {
  id: "ci",
  type: "check_run",
  description: "",
  name: "test",
  timeout_minutes: 60,
};
const run = (id: number, status: string, conclusion: string | null) => ({ id, status, conclusion });

describe("a check_run requirement", () => {
  it("holds only when every run of the name succeeded", () => {
    expect(judge(req, { kind: "check_run", runs: [run(2, "completed", "success")] }).state).toBe("holds");
    const both = judge(req, {
      kind: "check_run",
      runs: [run(3, "completed", "success"), run(2, "completed", "success")],
    });
    expect(both).toEqual({ state: "holds", detail: 'check run "test" succeeded (all 2 runs of that name)' });
  });

  it("fails when an older run of the same name failed, whatever the newest says", () => {
    const seen = judge(req, {
      kind: "check_run",
      runs: [run(9, "completed", "success"), run(4, "completed", "failure")],
    });
    expect(seen).toEqual({ state: "failed", detail: 'check run "test" concluded failure' });
  });

  it("never holds on neutral or skipped, beside a success or alone", () => {
    for (const conclusion of ["neutral", "skipped", "cancelled", "timed_out", "action_required", null]) {
      expect(judge(req, { kind: "check_run", runs: [run(1, "completed", conclusion)] }).state).toBe("failed");
      expect(
        judge(req, {
          kind: "check_run",
          runs: [run(2, "completed", "success"), run(1, "completed", conclusion)],
        }).state,
      ).toBe("failed");
    }
  });

  it("is pending while any run of the name is unfinished, or none has started", () => {
    expect(judge(req, { kind: "check_run", runs: [] }).state).toBe("pending");
    const seen = judge(req, {
      kind: "check_run",
      runs: [run(7, "completed", "success"), run(5, "in_progress", null)],
    });
    expect(seen).toEqual({ state: "pending", detail: 'check run "test" is in_progress' });
  });
});
