// The engine: every criterion type is dispatched, anything a criterion throws becomes its error (never
// a pass), and the report carries the rubric's verdict.
import { describe, expect, test } from "vitest";
import { CRITERION_TYPES } from "../../src/criteria/criterion-schema.js";
import { checkContract } from "../../src/criteria/engine.js";
import type { TreeReader } from "../../src/ports/tree.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { contractOf, makeTree } from "./fixture-tree.js";

const exploding: TreeReader = {
  entry: () => Promise.reject(new RangeError("disk on fire")),
  read: () => Promise.reject("a string, not an Error"),
  list: () => Promise.reject(new Error("nope")),
  readJson: () => Promise.reject(new Error("nope")),
  tableRows: () => Promise.reject(new Error("nope")),
};

describe("checkContract", () => {
  test("checks each criterion in contract order and applies the rubric", async () => {
    const { root } = makeTree({ "a.md": "## Incident\n" });
    const contract = contractOf(
      [
        { id: "c1", type: "file_exists", path: "a.md", description: "written" },
        { id: "c2", type: "file_contains", path: "a.md", pattern: "^## Incident" },
      ],
      { task_id: "t-1", agent_id: "agent-7" },
    );
    const report = await checkContract(contract, { tree: openTree(root) });
    expect(report).toMatchObject({
      verdict: "PASS",
      reason: "all 2 criteria passed",
      intended_action: "test",
      task_id: "t-1",
      agent_id: "agent-7",
      unverifiable_claims: [],
    });
    expect(report.checks.map((c) => [c.id, c.type, c.description, c.status])).toEqual([
      ["c1", "file_exists", "written", "pass"],
      ["c2", "file_contains", "", "pass"],
    ]);
  });

  test("anything a criterion throws is that criterion's error, with the path as evidence", async () => {
    const contract = contractOf([
      { id: "a", type: "file_exists", path: "x" },
      { id: "b", type: "dir_exists", path: "y" },
    ]);
    const report = await checkContract(contract, { tree: exploding });
    expect(report.verdict).toBe("FLAG");
    expect(report.checks[0]).toMatchObject({
      status: "error",
      reason: "could not run: disk on fire",
      evidence: { path: "x" },
    });
  });

  test("a non-Error thrown value is still an error", async () => {
    const report = await checkContract(
      contractOf([{ id: "a", type: "file_contains", path: "x", pattern: "y" }]),
      {
        tree: { ...exploding, entry: () => Promise.resolve({ kind: "file", size: 1 }) },
      },
    );
    expect(report.checks[0]).toMatchObject({
      status: "error",
      reason: "could not run: a string, not an Error",
    });
  });

  test("every criterion type is dispatched (none falls through to a missing check)", async () => {
    const { root } = makeTree({});
    const samples = {
      file_exists: { path: "a" },
      file_nonempty: { path: "a" },
      file_contains: { path: "a", pattern: "x" },
      pattern_count_gte: { path: "a", pattern: "x", min_count: 1 },
      dir_exists: { path: "a" },
      json_valid: { path: "a" },
      line_count_gte: { path: "a", min_count: 1 },
      sqlite_table_has_rows: { path: "a", table: "t" },
      path_absent: { path: "a" },
      diff_added_absent: { pattern: "x" },
      diff_added_contains: { pattern: "x" },
      diff_paths_within: { globs: ["**"] },
      diff_lines_max: { max_lines: 1 },
      diff_requires_change: { when_changed: ["a"], must_change: ["b"] },
    } as const;
    expect(Object.keys(samples).sort()).toEqual([...CRITERION_TYPES].sort());
    const contract = contractOf(
      CRITERION_TYPES.map((type) => ({ id: type, type, ...samples[type] }) as never),
    );
    const report = await checkContract(contract, {
      tree: openTree(root),
      diff: { files: [], source: "unified", truncated: false },
    });
    for (const c of report.checks) expect(c.reason).not.toContain("no check for criterion type");
    expect(report.checks.find((c) => c.type === "path_absent")?.status).toBe("pass");
    expect(report.checks.find((c) => c.type === "file_exists")?.status).toBe("fail");
  });

  test("unverifiable claims hold an all-pass contract at FLAG", async () => {
    const { root } = makeTree({ a: "x" });
    const report = await checkContract(
      contractOf([{ id: "a", type: "file_exists", path: "a" }], {
        unverifiable_claims: ["the summary is accurate"],
      }),
      { tree: openTree(root) },
    );
    expect(report.verdict).toBe("FLAG");
    expect(report.unverifiable_claims).toEqual(["the summary is accurate"]);
  });
});
