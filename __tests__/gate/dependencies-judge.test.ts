// judge() on check runs: one name can have several latest runs (another workflow or app with the same
// job name). A success must never hide a failure beside it.
import { describe, expect, it } from "vitest";
import type { Requirement } from "../../src/criteria/requirement-schema.js";
import { dependenciesResult, judge } from "../../src/gate/dependencies-part.js";

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

describe("a check_run requirement pinned to an app", () => {
  const pinned: Requirement = { ...req, app: "other-ci" } as Requirement;
  const by = (id: number, conclusion: string, app: string | null) => ({
    id,
    status: "completed",
    conclusion,
    app,
  });

  it("counts only that app's runs: another app's success is not the dependency", () => {
    const seen = judge(pinned, { kind: "check_run", runs: [by(3, "success", "github-actions")] });
    expect(seen).toEqual({
      state: "pending",
      detail: 'check run "test" has not started (1 run(s) of that name by other apps do not count)',
    });
    expect(judge(pinned, { kind: "check_run", runs: [by(4, "success", "Other-CI")] }).state).toBe("holds");
  });

  it("another app's failure does not fail it either, and a run whose app GitHub did not name never counts", () => {
    expect(
      judge(pinned, {
        kind: "check_run",
        runs: [by(5, "failure", "github-actions"), by(4, "success", "other-ci")],
      }).state,
    ).toBe("holds");
    expect(judge(pinned, { kind: "check_run", runs: [by(6, "success", null)] }).state).toBe("pending");
  });
});

describe("a label requirement", () => {
  const label: Requirement = {
    id: "qa",
    type: "label",
    description: "",
    name: "qa-approved",
    added_by: "writer",
    timeout_minutes: 60,
  };
  const added = (login: string | null, permission: string | null) => ({
    kind: "label" as const,
    present: true,
    addedBy: { login, permission },
    author: "Author-Dev",
  });

  it("holds only when someone with write access who is not the author added it", () => {
    for (const role of ["admin", "maintain", "write"])
      expect(judge(label, added("mo", role))).toEqual({
        state: "holds",
        detail: `label "qa-approved" was added by @mo (${role})`,
      });
  });

  it("is pending when the author added it (any case), whatever their permission", () => {
    const seen = judge(label, added("author-dev", null));
    expect(seen.state).toBe("pending");
    expect(seen.detail).toMatch(/added by @author-dev, the pull request's author/);
  });

  it("is pending when the adder cannot write, or no event names anyone", () => {
    for (const role of ["triage", "read", "none", null])
      expect(judge(label, added("tim", role)).state).toBe("pending");
    expect(judge(label, added(null, null)).detail).toMatch(/no event says who added it/);
    expect(judge(label, { kind: "label", present: true }).state).toBe("pending");
  });

  it("with added_by anyone, holds on presence alone; absent is pending either way", () => {
    const anyone = { ...label, added_by: "anyone" } as Requirement;
    expect(judge(anyone, { kind: "label", present: true }).state).toBe("holds");
    expect(judge(anyone, { kind: "label", present: false }).state).toBe("pending");
    expect(judge(label, { kind: "label", present: false }).state).toBe("pending");
  });
});

describe("a pending requirement's timer", () => {
  // A contract's ids are keys of the history's timers: an id a plain object treats as its prototype
  // must keep its timer like any other, or it is never timed out.
  it("is kept and read for any id, __proto__ and constructor included", () => {
    const now = new Date("2026-12-07T12:00:00Z");
    const since = "2026-12-07T10:00:00Z";
    for (const id of ["__proto__", "constructor", "toString", "ci"]) {
      const pending: Requirement = { ...label(id), timeout_minutes: 60 };
      const first = dependenciesResult(
        [{ req: pending, state: "pending", detail: "waiting" }],
        "abc",
        {},
        now,
      );
      expect(Object.hasOwn(first.pendingSince, id), id).toBe(true);
      expect(first.pendingSince[id]).toBe(now.toISOString());
      const before = JSON.parse(`{${JSON.stringify(id)}: ${JSON.stringify(since)}}`) as Record<
        string,
        string
      >;
      const later = dependenciesResult(
        [{ req: pending, state: "pending", detail: "waiting" }],
        "abc",
        before,
        now,
      );
      expect(later.items[0]?.state, id).toBe("timed-out");
      expect(later.pendingSince[id]).toBe(since);
    }
  });
});

function label(id: string): Requirement {
  return { id, type: "label", description: "", name: "qa-approved", added_by: "writer", timeout_minutes: 60 };
}
