// The diff criteria on hand-built Diff objects (and one parsed from a real unified diff): pass, fail and
// error for each, and the rule that an unseen part of the change turns a would-be pass into an error.
import { describe, expect, test } from "vitest";
import type { ContractInput } from "../../src/criteria/contract-schema.js";
import { checkCriterion } from "../../src/criteria/engine.js";
import type { CheckResult } from "../../src/criteria/report.js";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import type { Diff, DiffFile, DiffLine } from "../../src/diff/types.js";
import type { TreeReader } from "../../src/ports/tree.js";
import { contractOf } from "./fixture-tree.js";

type CriterionInput = ContractInput["success_criteria"][number];

// Diff criteria judge the diff; the tree is asked only whether a glob selects anything at all
// (selector-reach.ts), and a tree that refuses every question answers "cannot tell", which leaves the
// criterion as the diff alone decides it. selector-reach.test.ts asks a real tree.
const noTree: TreeReader = new Proxy({} as TreeReader, {
  get: () => () => Promise.reject(new Error("diff criteria judge the diff, not the tree")),
});

function file(path: string, added: string[], more: Partial<DiffFile> = {}): DiffFile {
  const lines: DiffLine[] = added.map((text, i) => ({ kind: "add", text, newLine: i + 1 }));
  return {
    path,
    status: "modified",
    binary: false,
    additions: added.length,
    deletions: 0,
    hunks: [{ header: "@@", oldStart: 1, oldLines: 0, newStart: 1, newLines: added.length, lines }],
    patchOmitted: false,
    patch: "",
    ...more,
  };
}

function diff(files: DiffFile[], more: Partial<Diff> = {}): Diff {
  return { files, source: "unified", truncated: false, ...more };
}

async function run(
  criterion: CriterionInput | Readonly<Record<string, unknown>>,
  d: Diff | undefined,
): Promise<CheckResult> {
  const [c] = contractOf([criterion as CriterionInput]).success_criteria;
  if (c === undefined) throw new Error("no criterion");
  return checkCriterion(c, { tree: noTree, diff: d });
}

describe("every diff criterion", () => {
  const all: CriterionInput[] = [
    { id: "a", type: "diff_added_absent", pattern: "x" },
    { id: "b", type: "diff_added_contains", pattern: "x" },
    { id: "c", type: "diff_paths_within", globs: ["**"] },
    { id: "d", type: "diff_lines_max", max_lines: 10 },
    { id: "e", type: "diff_requires_change", when_changed: ["src/**"], must_change: ["test/**"] },
  ];
  test.each(all)("$type errors without a diff", async (c) => {
    const r = await run(c, undefined);
    expect(r.status).toBe("error");
    expect(r.reason).toContain("no diff was given");
  });
  // Issue 11: a merge-group round handed every diff criterion `{ files: [] }`, and diff_added_absent,
  // diff_requires_change (and diff_paths_within, diff_lines_max) passed having looked at nothing.
  test.each(all)("$type errors on a diff that lists no file, even one claiming 0 files", async (c) => {
    for (const empty of [diff([]), diff([], { reportedFiles: 0 }), diff([], { source: "files-api" })]) {
      const r = await run(c, empty);
      expect(r.status).toBe("error");
      expect(r.reason).toContain("lists no changed file");
    }
  });
  test.each(all)("$type errors when a file's path could not be read (and nothing failed)", async (c) => {
    const nameless = file("", ["x"], { patchOmitted: true });
    // Scoped to src/**: a section whose path was lost may be in src/, so it is never skipped.
    const scoped = ["diff_added_absent", "diff_added_contains", "diff_lines_max"].includes(c.type)
      ? { ...c, paths: ["src/**"] }
      : c;
    const r = await run(scoped, diff([file("docs/a.md", ["ok"]), nameless]));
    expect(r.status).toBe("error");
    expect(r.reason).toContain("the path of 1 changed file could not be read");
  });
  test.each(all)("$type errors when the file list was cut short (and nothing failed)", async (c) => {
    const r = await run(c, diff([file("docs/a.md", ["ok"])], { truncated: true }));
    expect(r.status).toBe("error");
  });
  test.each(all)("$type errors when files were never received", async (c) => {
    const r = await run(c, diff([file("docs/a.md", ["ok"])], { reportedFiles: 3 }));
    expect(r.status).toBe("error");
  });
});

describe("diff_added_absent", () => {
  const c = { id: "todo", type: "diff_added_absent", pattern: "\\b(TODO|FIXME)\\b" } as const;
  test("passes when no added line matches", async () => {
    const r = await run(c, diff([file("a.ts", ["const a = 1;", "// done"])]));
    expect(r).toMatchObject({ status: "pass", evidence: { lines_checked: 2, files_checked: 1, count: 0 } });
  });
  test("fails on the first matching added line, naming path and line", async () => {
    const r = await run(c, diff([file("a.ts", ["ok", "// TODO later"]), file("b.ts", ["FIXME"])]));
    expect(r).toMatchObject({
      status: "fail",
      evidence: { count: 2, first_match: { path: "a.ts", line: 2, column: 4, text: "// TODO later" } },
    });
    expect(r.reason).toBe("2 added lines match /\\b(TODO|FIXME)\\b/, first a.ts:2");
  });
  test("one matching line is said in the singular: 1 added line matches", async () => {
    const r = await run(c, diff([file("a.ts", ["ok", "// TODO later"])]));
    expect(r.reason).toBe("1 added line matches /\\b(TODO|FIXME)\\b/, first a.ts:2");
    const contains = await run(
      { id: "t", type: "diff_added_contains", pattern: "TODO", min_count: 2 },
      diff([file("a.ts", ["// TODO later"])]),
    );
    expect(contains.reason).toBe("1 added line matches /TODO/ (needs 2)");
  });
  test("deleted and context lines do not count", async () => {
    const f = file("a.ts", []);
    const withOld: DiffFile = {
      ...f,
      hunks: [
        {
          ...(f.hunks[0] as DiffFile["hunks"][number]),
          lines: [
            { kind: "del", text: "// TODO old", oldLine: 1 },
            { kind: "context", text: "// TODO kept", oldLine: 2, newLine: 1 },
          ],
        },
      ],
    };
    expect((await run(c, diff([withOld]))).status).toBe("pass");
  });
  test("paths narrow the files checked; ! excludes", async () => {
    const d = diff([file("src/a.ts", ["ok"]), file("docs/x.md", ["TODO"]), file("src/gen/b.ts", ["TODO"])]);
    expect((await run({ ...c, paths: ["src/**"] }, d)).status).toBe("fail");
    expect((await run({ ...c, paths: ["src/**", "!src/gen/**"] }, d)).status).toBe("pass");
    expect((await run({ ...c, paths: ["!docs/**", "!src/gen/**"] }, d)).status).toBe("pass");
  });
  test("a patch showing fewer added lines than the file reports is unseen, not clean", async () => {
    // GitHub's file list gives `additions` and `patch` apart: 2 lines shown of 40 added.
    const short = file("src/a.ts", ["ok", "fine"], { additions: 40 });
    const r = await run(c, diff([short], { source: "files-api" }));
    expect(r).toMatchObject({ status: "error", evidence: { unseen: ["src/a.ts"], files_checked: 0 } });
    expect((await run(c, diff([file("src/a.ts", ["ok", "fine"])], { source: "files-api" }))).status).toBe(
      "pass",
    );
  });
  test("a selected file whose patch was omitted is an error, unless a match was found elsewhere", async () => {
    const omitted = file("big.ts", [], { patchOmitted: true, additions: 5000 });
    const clean = await run(c, diff([file("a.ts", ["ok"]), omitted]));
    expect(clean).toMatchObject({ status: "error", evidence: { unseen: ["big.ts"] } });
    expect(clean.reason).toContain("patch of 1 file was not available (big.ts)");
    expect((await run(c, diff([file("a.ts", ["TODO"]), omitted]))).status).toBe("fail");
  });
  test("an omitted patch outside the selected paths does not matter", async () => {
    const d = diff([file("a.ts", ["ok"]), file("vendor/x.js", [], { patchOmitted: true })]);
    expect((await run({ ...c, paths: ["*.ts"] }, d)).status).toBe("pass");
  });
  test("binary files have no lines; they are listed as skipped", async () => {
    // Was `status: "pass"`: a binary file's added content was never seen, so it cannot pass.
    const r = await run(c, diff([file("logo.png", [], { binary: true })]));
    expect(r).toMatchObject({ status: "error", evidence: { binary_skipped: ["logo.png"] } });
  });
  test("a selected binary file is unseen: an error, naming it, unless a match was found elsewhere", async () => {
    const binary = file("dist/app.wasm", [], { binary: true, status: "added" });
    const r = await run(c, diff([file("a.ts", ["ok"]), binary]));
    expect(r).toMatchObject({ status: "error", evidence: { unseen: ["dist/app.wasm"] } });
    expect(r.reason).toContain("1 binary file's added content cannot be read as lines (dist/app.wasm)");
    expect((await run(c, diff([file("a.ts", ["TODO"]), binary]))).status).toBe("fail");
    expect((await run({ ...c, paths: ["*.ts"] }, diff([file("a.ts", ["ok"]), binary]))).status).toBe("pass");
    expect((await run(c, diff([{ ...binary, status: "removed" }]))).status).toBe("pass");
  });
  test("a binary file in a parsed git diff is an error, not a pass", async () => {
    const text = [
      "diff --git a/logo.png b/logo.png",
      "new file mode 100644",
      "index 0000000..1111111",
      "Binary files /dev/null and b/logo.png differ",
      "",
    ].join("\n");
    const r = await run(c, parseUnifiedDiff(text));
    expect(r).toMatchObject({ status: "error", evidence: { binary_skipped: ["logo.png"] } });
  });
  test("a file with no readable path is named as such, never as ()", async () => {
    const r = await run(c, diff([file("", [], { patchOmitted: true })]));
    expect(r.status).toBe("error");
    expect(r.reason).toContain("the path of 1 changed file could not be read");
    expect(r.reason).not.toContain("()");
  });
  test("a trailing carriage return (CRLF file) does not hide a $-anchored match", async () => {
    expect((await run({ ...c, pattern: "debugger;$" }, diff([file("a.js", ["debugger;\r"])]))).status).toBe(
      "fail",
    );
  });
});

describe("diff_added_contains", () => {
  const c = {
    id: "log",
    type: "diff_added_contains",
    pattern: "^## \\[\\d",
    paths: ["CHANGELOG.md"],
  } as const;
  test("passes when enough added lines match", async () => {
    expect(await run(c, diff([file("CHANGELOG.md", ["## [1.2.0]"])]))).toMatchObject({
      status: "pass",
      evidence: { count: 1, required: 1 },
    });
  });
  test("fails when too few match", async () => {
    const r = await run({ ...c, min_count: 2 }, diff([file("CHANGELOG.md", ["## [1.2.0]", "text"])]));
    expect(r).toMatchObject({ status: "fail", evidence: { count: 1, required: 2 } });
  });
  test("fails when the selected file did not change", async () => {
    expect((await run(c, diff([file("src/a.ts", ["## [1.2.0]"])]))).status).toBe("fail");
  });
  test("an omitted selected patch makes too few matches an error", async () => {
    const r = await run(c, diff([file("CHANGELOG.md", [], { patchOmitted: true })]));
    expect(r.status).toBe("error");
  });
  test("a selected binary file makes too few matches an error, never a plain fail or a pass", async () => {
    const r = await run(c, diff([file("CHANGELOG.md", [], { binary: true })]));
    expect(r).toMatchObject({
      status: "error",
      evidence: { unseen: ["CHANGELOG.md"], binary_skipped: ["CHANGELOG.md"] },
    });
    expect(r.reason).toContain("binary file's added content cannot be read");
  });
  test("a match found passes even when another patch was omitted", async () => {
    const r = await run(
      { ...c, paths: undefined },
      diff([file("CHANGELOG.md", ["## [2]"]), file("x", [], { patchOmitted: true })]),
    );
    expect(r.status).toBe("pass");
  });
});

describe("diff_paths_within", () => {
  const c = { id: "scope", type: "diff_paths_within", globs: ["src/**", "README.md"] } as const;
  test("passes when every changed path is in scope", async () => {
    expect(await run(c, diff([file("src/a/b.ts", []), file("README.md", [])]))).toMatchObject({
      status: "pass",
      evidence: { count: 2 },
    });
  });
  test("fails naming the paths outside", async () => {
    const r = await run(c, diff([file("src/a.ts", []), file(".github/workflows/ci.yml", [])]));
    expect(r).toMatchObject({ status: "fail", evidence: { outside: [".github/workflows/ci.yml"] } });
  });
  test("the old name of a rename counts: moving a file out of scope is a change outside it", async () => {
    const r = await run(
      c,
      diff([file("src/secret.ts", [], { status: "renamed", previousPath: "config/secret.ts" })]),
    );
    expect(r).toMatchObject({ status: "fail", evidence: { outside: ["config/secret.ts"] } });
  });
  test("removed files count", async () => {
    expect((await run(c, diff([file("LICENSE", [], { status: "removed" })]))).status).toBe("fail");
  });
  test("a violation is a fail even when the list was cut short", async () => {
    expect((await run(c, diff([file("etc/x", [])], { truncated: true }))).status).toBe("fail");
  });
  test("an empty change is an error, not within every scope (it is what an unfetched diff looks like)", async () => {
    // Was `pass`: the merge-group round's `{ files: [] }` passed every diff_paths_within.
    expect((await run(c, diff([]))).status).toBe("error");
  });
});

describe("diff_lines_max", () => {
  const c = { id: "size", type: "diff_lines_max", max_lines: 10 } as const;
  test("passes at the limit", async () => {
    expect(await run(c, diff([file("a", [], { additions: 6, deletions: 4 })]))).toMatchObject({
      status: "pass",
      evidence: { count: 10, required: 10 },
    });
  });
  test("fails over it", async () => {
    expect((await run(c, diff([file("a", [], { additions: 6, deletions: 5 })]))).status).toBe("fail");
  });
  test("counts omitted patches by their reported line counts", async () => {
    expect((await run(c, diff([file("a", [], { patchOmitted: true, additions: 500 })]))).status).toBe("fail");
  });
  test("an omitted patch under the limit is an error (its lines may not all be counted), naming it", async () => {
    const r = await run(c, diff([file("a", [], { additions: 2 }), file("big", [], { patchOmitted: true })]));
    expect(r).toMatchObject({ status: "error", evidence: { count: 2, unseen: ["big"] } });
    expect(r.reason).toContain("the patch of 1 file was not available (big)");
  });
  test("GitHub's file list counts the lines of a patch it omits: those counts stand", async () => {
    const listed = diff(
      [file("a", [], { additions: 2 }), file("big", [], { patchOmitted: true, additions: 7 })],
      {
        source: "files-api",
      },
    );
    expect(await run(c, listed)).toMatchObject({ status: "pass", evidence: { count: 9 } });
  });
  test("an omitted patch outside the selected paths does not matter", async () => {
    const d = diff([file("a", [], { additions: 2 }), file("vendor/x", [], { patchOmitted: true })]);
    expect((await run({ ...c, paths: ["!vendor/**"] }, d)).status).toBe("pass");
  });
  test("an unreadable section of a parsed diff (no path) is an error, named, never ()", async () => {
    const text = ['diff --git "a/unterminated b/x', "stray", ""].join("\n");
    const r = await run(c, parseUnifiedDiff(text));
    expect(r.status).toBe("error");
    expect(r.reason).toContain("the path of 1 changed file could not be read");
    expect(r.reason).not.toContain("()");
  });
  test("paths limit what is counted", async () => {
    const d = diff([file("src/a", [], { additions: 5 }), file("package-lock.json", [], { additions: 5000 })]);
    expect((await run({ ...c, paths: ["!package-lock.json"] }, d)).status).toBe("pass");
  });
  test("a binary file's lines are unknown, not 0: under the limit it is an error, naming it", async () => {
    // As git writes it: no hunk, and numstat's "-" for its lines.
    const text = [
      "diff --git a/bin/helper b/bin/helper",
      "new file mode 100755",
      "index 0000000..3b18e51",
      "Binary files /dev/null and b/bin/helper differ",
      "",
    ].join("\n");
    const parsed = parseUnifiedDiff(text);
    expect(parsed.files[0]).toMatchObject({ binary: true, additions: 0, deletions: 0 });
    const r = await run(c, parsed);
    expect(r).toMatchObject({ status: "error", evidence: { count: 0, unseen: ["bin/helper"] } });
    expect(r.reason).toContain('git counts no lines for 1 binary file ("-", unknown)');
    expect(r.reason).toContain("bin/helper");
    // GitHub's file list shows one with no patch and 0 lines: counted nothing, so nothing stands.
    const listed = diff([file("bin/helper", [], { patchOmitted: true, additions: 0, hunks: [] })], {
      source: "files-api",
    });
    expect(await run(c, listed)).toMatchObject({ status: "error", evidence: { unseen: ["bin/helper"] } });
    // Over the limit on the lines it can count, it fails whatever the binary holds.
    const over = diff([...parsed.files, file("a", [], { additions: 11 })]);
    expect((await run(c, over)).status).toBe("fail");
  });
  test("over the limit is a fail even when the list was cut short", async () => {
    expect((await run(c, diff([file("a", [], { additions: 11 })], { truncated: true }))).status).toBe("fail");
  });
});

describe("diff_requires_change", () => {
  const c = {
    id: "tests",
    type: "diff_requires_change",
    when_changed: ["src/**"],
    must_change: ["**/*.test.ts"],
  } as const;
  test("passes when source and tests changed together", async () => {
    const r = await run(c, diff([file("src/a.ts", []), file("__tests__/a.test.ts", [])]));
    expect(r).toMatchObject({
      status: "pass",
      evidence: { triggered_by: "src/a.ts", satisfied_by: "__tests__/a.test.ts" },
    });
  });
  test("fails when source changed without tests", async () => {
    const r = await run(c, diff([file("src/a.ts", []), file("README.md", [])]));
    expect(r).toMatchObject({
      status: "fail",
      reason: "src/a.ts changed but nothing matching **/*.test.ts did",
    });
  });
  test("passes when nothing in when_changed changed", async () => {
    expect((await run(c, diff([file("README.md", [])]))).status).toBe("pass");
  });
});

describe("with a parsed unified diff", () => {
  const text = [
    "diff --git a/src/app.ts b/src/app.ts",
    "index 1111111..2222222 100644",
    "--- a/src/app.ts",
    "+++ b/src/app.ts",
    "@@ -1,2 +1,3 @@",
    " export const a = 1;",
    "-export const b = 2;",
    "+export const b = 3; // TODO: revisit",
    "+console.log(b);",
    "",
  ].join("\n");
  test("finds the added TODO at its line in the new file", async () => {
    const r = await run({ id: "t", type: "diff_added_absent", pattern: "TODO" }, parseUnifiedDiff(text));
    expect(r).toMatchObject({ status: "fail", evidence: { first_match: { path: "src/app.ts", line: 2 } } });
  });
  test("counts added plus deleted lines", async () => {
    const r = await run({ id: "n", type: "diff_lines_max", max_lines: 3 }, parseUnifiedDiff(text));
    expect(r).toMatchObject({ status: "pass", evidence: { count: 3 } });
  });
});

describe("one name, one file (issue 18): paths meet globs in NFC", () => {
  const nfc = "config/caf\u00e9.yml";
  const nfd = "config/cafe\u0301.yml";
  test("diff_added_absent scoped to the NFC name sees an NFD-named file, and names it as the diff does", async () => {
    const r = await run(
      { id: "no-debug", type: "diff_added_absent", pattern: "debug: true", paths: [nfc] },
      diff([file(nfd, ["debug: true"])]),
    );
    expect(r).toMatchObject({ status: "fail", evidence: { first_match: { path: nfd } } });
  });
  test("diff_paths_within and diff_requires_change treat either form as the same path", async () => {
    const d = diff([file(nfd, ["x"])]);
    expect((await run({ id: "w", type: "diff_paths_within", globs: ["config/caf\u00e9.*"] }, d)).status).toBe(
      "pass",
    );
    expect((await run({ id: "w", type: "diff_paths_within", globs: ["**", `!${nfc}`] }, d)).status).toBe(
      "fail",
    );
    const req = {
      id: "r",
      type: "diff_requires_change",
      when_changed: [nfc],
      must_change: ["docs/**"],
    } as const;
    expect((await run(req, d)).status).toBe("fail");
  });
});
