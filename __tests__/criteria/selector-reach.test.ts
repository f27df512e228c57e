// A diff criterion's glob that selects no file anywhere (a typo: `source/**` where the code is in
// `src/`) is an error naming the glob and the closest existing directory, never a pass that checked
// nothing; a glob that selects files in the tree but none in this change passes and says so. Binary
// files in a content criterion: an error by default, with the way to pass over them; passed over,
// and named, with `binary_files: "skip"`.
import { describe, expect, test } from "vitest";
import type { ContractInput } from "../../src/criteria/contract-schema.js";
import { checkCriterion } from "../../src/criteria/engine.js";
import type { CheckResult } from "../../src/criteria/report.js";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { contractOf, makeTree } from "./fixture-tree.js";

type CriterionInput = ContractInput["success_criteria"][number];

const TREE = {
  "src/api/handler.ts": "export {};\n",
  "src/entry/action.ts": "export {};\n",
  "docs/guide.md": "# Guide\n",
  "README.md": "# Readme\n",
};

/** A diff that changes README.md (and nothing under src/). */
const README_DIFF = `diff --git a/README.md b/README.md
--- a/README.md
+++ b/README.md
@@ -1 +1,2 @@
 # Readme
+More words.
`;

const IMAGE_DIFF = `diff --git a/assets/logo.png b/assets/logo.png
new file mode 100644
index 0000000..3b18e51
Binary files /dev/null and b/assets/logo.png differ
${README_DIFF}`;

async function run(criterion: CriterionInput, diffText = README_DIFF, nodes = TREE): Promise<CheckResult> {
  const { root } = makeTree(nodes);
  const [c] = contractOf([criterion]).success_criteria;
  if (c === undefined) throw new Error("no criterion");
  return checkCriterion(c, { tree: openTree(root), diff: parseUnifiedDiff(diffText) });
}

describe("a glob that selects nothing is not a silent pass", () => {
  test("diff_added_absent paths with a typo: an error naming the glob and the closest directory", async () => {
    const r = await run({
      id: "x",
      type: "diff_added_absent",
      pattern: "console\\.log",
      paths: ["source/**"],
    });
    expect(r.status).toBe("error");
    expect(r.reason).toBe(
      'paths glob "source/**" selects no file in the tree or the diff, so this criterion would check nothing (a typo?); the closest existing directory is src/',
    );
    expect(r.evidence).toMatchObject({ unmatched_glob: "source/**", closest_directory: "src/" });
  });

  test("a deeper typo names the directory beside it; one with no near name names where it stopped", async () => {
    const deeper = await run({ id: "x", type: "diff_lines_max", max_lines: 100, paths: ["src/apii/**"] });
    expect(deeper.status).toBe("error");
    expect(deeper.reason).toContain("the closest existing directory is src/api/");
    const far = await run({ id: "x", type: "diff_lines_max", max_lines: 100, paths: ["zzzzzzzz/**"] });
    expect(far.reason).toContain("the closest existing directory is the tree's root");
  });

  test("a directory that exists but holds nothing the glob selects names that directory", async () => {
    const r = await run({ id: "x", type: "diff_added_absent", pattern: "x", paths: ["src/**/*.tsx"] });
    expect(r.status).toBe("error");
    expect(r.reason).toContain('paths glob "src/**/*.tsx" selects no file');
    expect(r.reason).toContain("the closest existing directory is src/");
  });

  test("diff_requires_change: a when_changed typo would pass every change; it is an error", async () => {
    const r = await run({
      id: "x",
      type: "diff_requires_change",
      when_changed: ["scr/**"],
      must_change: ["docs/**"],
    });
    expect(r.status).toBe("error");
    expect(r.reason).toContain('when_changed glob "scr/**" selects no file');
    expect(r.reason).toContain("src/");
  });

  test("a glob that selects files in the tree but none in this change passes, and says so", async () => {
    const absent = await run({
      id: "x",
      type: "diff_added_absent",
      pattern: "console\\.log",
      paths: ["src/**"],
    });
    expect(absent.status).toBe("pass");
    expect(absent.reason).toBe(
      "none of 0 added lines match /console\\.log/; no changed file is selected by src/**, which select files in the tree: this change has nothing for this criterion",
    );
    const lines = await run({ id: "x", type: "diff_lines_max", max_lines: 1, paths: ["**/*.ts"] });
    expect(lines.status).toBe("pass");
    expect(lines.reason).toContain("no changed file is selected by **/*.ts, which select files in the tree");
    const requires = await run({
      id: "x",
      type: "diff_requires_change",
      when_changed: ["src/**"],
      must_change: ["test/**"],
    });
    expect(requires).toMatchObject({ status: "pass" });
    expect(requires.reason).toContain("nothing matching src/** changed (it selects files in the tree");
  });

  test("a glob that selects only what the diff adds is fine; exclusions are never checked", async () => {
    const r = await run({
      id: "x",
      type: "diff_added_absent",
      pattern: "x",
      paths: ["README.md", "!nothing-like-this/**"],
    });
    expect(r.status).toBe("pass");
    const added = await run(
      { id: "x", type: "diff_lines_max", max_lines: 10, paths: ["new-dir/**"] },
      README_DIFF.replaceAll("README.md", "new-dir/a.md"),
    );
    expect(added.status, added.reason).toBe("pass");
  });
});

describe("binary files in a content criterion", () => {
  test("by default an error, which says how to pass over them", async () => {
    const r = await run({ id: "k", type: "diff_added_absent", pattern: "PRIVATE KEY" }, IMAGE_DIFF);
    expect(r.status).toBe("error");
    expect(r.reason).toContain("1 binary file's added content cannot be read as lines (assets/logo.png)");
    expect(r.reason).toContain('add "binary_files": "skip" to the criterion, or leave them out with "paths"');
  });

  test('with "binary_files": "skip" they are passed over and named; a match elsewhere still fails', async () => {
    const skip = {
      id: "k",
      type: "diff_added_absent",
      pattern: "PRIVATE KEY",
      binary_files: "skip",
    } as const;
    const r = await run(skip, IMAGE_DIFF);
    expect(r.status).toBe("pass");
    expect(r.reason).toBe(
      'the 1 added line does not match /PRIVATE KEY/; 1 binary file passed over ("binary_files": "skip"): assets/logo.png',
    );
    expect(r.evidence).toMatchObject({ binary_skipped: ["assets/logo.png"] });
    expect((await run({ ...skip, pattern: "More" }, IMAGE_DIFF)).status).toBe("fail");
    const contains = await run(
      { id: "c", type: "diff_added_contains", pattern: "More", binary_files: "skip" },
      IMAGE_DIFF,
    );
    expect(contains.status).toBe("pass");
    expect(contains.reason).toContain("1 binary file passed over");
  });
});
