// The criteria part of a round on absent inputs (issue 11): a diff that lists nothing, a tree that
// cannot be opened, a contract with nothing in it. Each must hold the round naming what was not
// evaluated; none may be a YES.
import { describe, expect, test } from "vitest";
import type { ContractInput } from "../../src/criteria/contract-schema.js";
import { checkCriteria } from "../../src/gate/criteria-part.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { contractOf, makeTree } from "../criteria/fixture-tree.js";

const DIFF_CRITERIA: ContractInput["success_criteria"] = [
  { id: "no-todo", type: "diff_added_absent", pattern: "TODO" },
  { id: "tests-with-code", type: "diff_requires_change", when_changed: ["src/**"], must_change: ["test/**"] },
  { id: "scope", type: "diff_paths_within", globs: ["src/**", "test/**"] },
  { id: "small", type: "diff_lines_max", max_lines: 400 },
];

describe("the criteria part on an absent input", () => {
  test("a merge-group round's empty diff holds, naming every diff criterion not evaluated", async () => {
    const { root } = makeTree({ "README.md": "hi\n" });
    const contract = contractOf([...DIFF_CRITERIA, { id: "readme", type: "file_exists", path: "README.md" }]);
    const outcome = await checkCriteria({
      contract,
      source: ".github/verdict-contract.json",
      tree: openTree(root),
      diff: { files: [], source: "unified", truncated: false },
    });
    expect(outcome.part.result.value).toBe("MAYBE");
    const needed = outcome.part.result.needed.join("\n");
    for (const c of DIFF_CRITERIA) {
      expect(needed).toContain(`contract criterion ${c.id} (${c.type}) could not be checked`);
    }
    expect(needed).toContain("lists no changed file");
    // The file criterion still ran: the hold is about the diff, not a blanket refusal.
    expect(outcome.checked?.checks.find((c) => c.id === "readme")?.status).toBe("pass");
  });

  test("a change that could not be read holds, each diff criterion saying why in the round's words", async () => {
    const { root } = makeTree({ "README.md": "hi\n" });
    const why = "the merge group's change 0123abcd...4567cdef could not be read (HTTP 502)";
    const outcome = await checkCriteria({
      contract: contractOf(DIFF_CRITERIA),
      source: ".github/verdict-contract.json",
      tree: openTree(root),
      changeUnavailable: why,
    });
    expect(outcome.part.result.value).toBe("MAYBE");
    for (const c of outcome.checked?.checks ?? []) {
      expect(c.status).toBe("error");
      expect(c.reason).toBe(`this criterion judges the change, and ${why}`);
    }
    // A round has no --diff to name: that is the CLI's word for its own missing input.
    expect(JSON.stringify(outcome)).not.toContain("--diff");
  });

  test("a tree that cannot be opened holds, never checks the criteria against nothing", async () => {
    const outcome = await checkCriteria({
      contract: contractOf([{ id: "gone", type: "path_absent", path: "secrets.env" }]),
      source: "c.json",
      tree: { error: "GITHUB_WORKSPACE is not set" },
      diff: { files: [], source: "unified", truncated: false },
    });
    expect(outcome.part.result.value).toBe("MAYBE");
    expect(outcome.part.result.needed[0]).toContain("GITHUB_WORKSPACE is not set");
  });

  test("a contract with no criteria holds: nothing checked is not a pass", async () => {
    const { root } = makeTree({});
    const outcome = await checkCriteria({
      contract: contractOf([]),
      source: "c.json",
      tree: openTree(root),
      diff: { files: [], source: "unified", truncated: false },
    });
    expect(outcome.part.result.value).toBe("MAYBE");
    expect(outcome.part.result.needed.join(" ")).toContain("no success criteria");
  });
});
