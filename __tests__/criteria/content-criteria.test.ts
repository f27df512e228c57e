// file_contains, pattern_count_gte, line_count_gte, json_valid: pass, fail and error for each, the
// line semantics (universal newlines, per-line matching), and capped reads (a prefix may prove a
// criterion, never disprove it).
import { describe, expect, test } from "vitest";
import type { ContractInput } from "../../src/criteria/contract-schema.js";
import { checkCriterion } from "../../src/criteria/engine.js";
import type { CheckResult } from "../../src/criteria/report.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { contractOf, makeTree, type Node } from "./fixture-tree.js";

type CriterionInput = ContractInput["success_criteria"][number];

async function run(
  criterion: CriterionInput,
  nodes: Record<string, Node>,
  readCapBytes?: number,
): Promise<CheckResult> {
  const { root } = makeTree(nodes, { "outside.md": "## Incident" });
  const [c] = contractOf([criterion]).success_criteria;
  if (c === undefined) throw new Error("no criterion");
  return checkCriterion(c, { tree: openTree(root, readCapBytes === undefined ? {} : { readCapBytes }) });
}

const incidents = "# Q3\n\n## Incident 1\ntext\n## Incident 2\n## Incident 3\n";

describe("file_contains", () => {
  const c = { id: "c", type: "file_contains", path: "f.md", pattern: "^## Incident \\d$" } as const;
  test("passes and gives the first match's line, column and text", async () => {
    const r = await run(c, { "f.md": incidents });
    expect(r).toMatchObject({
      status: "pass",
      evidence: {
        path: "f.md",
        size: incidents.length,
        first_match: { line: 3, column: 1, text: "## Incident 1" },
      },
    });
  });
  test("fails when no line matches", async () => {
    const r = await run(c, { "f.md": "# nothing\n" });
    expect(r).toMatchObject({ status: "fail", reason: "no line of f.md matches /^## Incident \\d$/" });
  });
  test("fails when the file is absent", async () => {
    expect(await run(c, {})).toMatchObject({ status: "fail", reason: "f.md is absent" });
  });
  test("errors for a symlink out of the tree", async () => {
    expect((await run(c, { "f.md": { symlink: "../outside.md" } })).status).toBe("error");
  });
  test("errors for a file that is not UTF-8", async () => {
    const r = await run(c, { "f.md": new Uint8Array([0x23, 0xff, 0xfe, 0x0a]) });
    expect(r).toMatchObject({ status: "error", reason: "could not run: f.md is not UTF-8 text" });
  });
  test("a match never spans a line break", async () => {
    expect((await run({ ...c, pattern: "a\\sb" }, { "f.md": "a\nb\n" })).status).toBe("fail");
    expect((await run({ ...c, pattern: "a[^x]b" }, { "f.md": "a\nb\n" })).status).toBe("fail");
  });
  test("$ anchors at the end of each line, CRLF and CR line endings included", async () => {
    expect((await run({ ...c, pattern: "^two$" }, { "f.md": "one\r\ntwo\r\nthree" })).status).toBe("pass");
    expect((await run({ ...c, pattern: "^two$" }, { "f.md": "one\rtwo\rthree" })).status).toBe("pass");
  });
  test("a byte order mark is not part of the first line", async () => {
    expect((await run({ ...c, pattern: "^# Q3$" }, { "f.md": `\uFEFF${incidents}` })).status).toBe("pass");
  });
  test("\\A anchors at each line's start (the whole-text shortcut is not taken for it)", async () => {
    expect((await run({ ...c, pattern: "\\Asecond" }, { "f.md": "first\nsecond\n" })).status).toBe("pass");
  });
  test("(?-m) does not defeat per-line matching", async () => {
    expect((await run({ ...c, pattern: "(?-m)^second$" }, { "f.md": "first\nsecond\n" })).status).toBe(
      "pass",
    );
  });
  test("a capped read passes when the prefix holds a match", async () => {
    const r = await run(c, { "f.md": `## Incident 1\n${"x".repeat(200)}\n` }, 64);
    expect(r).toMatchObject({ status: "pass", evidence: { truncated: true, bytes_read: 64 } });
  });
  test("a capped read without a match is an error, not a fail", async () => {
    const r = await run(c, { "f.md": `${"x".repeat(200)}\n## Incident 1\n` }, 64);
    expect(r.status).toBe("error");
    expect(r.reason).toContain("larger than the read cap");
  });
  test("a line cut by the cap is never matched", async () => {
    // The prefix ends in "## Incident 1" but the line is "## Incident 12": `$` must not match there.
    const text = `header\n## Incident 12\n`;
    const r = await run(c, { "f.md": text }, "header\n## Incident 1".length);
    expect(r.status).toBe("error");
  });
});

describe("pattern_count_gte", () => {
  const c = {
    id: "c",
    type: "pattern_count_gte",
    path: "f.md",
    pattern: "^## Incident",
    min_count: 3,
  } as const;
  test("passes with enough matches and reports the count", async () => {
    const r = await run(c, { "f.md": incidents });
    expect(r).toMatchObject({
      status: "pass",
      evidence: { count: 3, required: 3, first_match: { line: 3 } },
    });
  });
  test("fails with too few", async () => {
    const r = await run({ ...c, min_count: 4 }, { "f.md": incidents });
    expect(r).toMatchObject({ status: "fail", evidence: { count: 3, required: 4 } });
    expect(r.reason).toBe("/^## Incident/ matches 3 times in f.md (needs 4)");
  });
  test("counts non-overlapping matches, several per line", async () => {
    const r = await run({ ...c, pattern: "ab", min_count: 3 }, { "f.md": "abab\nxab\n" });
    expect(r).toMatchObject({ status: "pass", evidence: { count: 3 } });
  });
  test("counts empty matches the way Python's findall does", async () => {
    const r = await run({ ...c, pattern: "x*", min_count: 4 }, { "f.md": "axxb" });
    expect(r).toMatchObject({ status: "pass", evidence: { count: 4 } });
  });
  test("fails when absent", async () => {
    expect((await run(c, {})).status).toBe("fail");
  });
  test("errors on `..`", async () => {
    expect((await run({ ...c, path: "../outside.md" }, {})).status).toBe("error");
  });
  test("a capped read with too few matches so far is an error", async () => {
    expect((await run(c, { "f.md": `${incidents}${"x".repeat(200)}\n## Incident 4\n` }, 30)).status).toBe(
      "error",
    );
  });
  test("a capped read with enough matches in the prefix passes", async () => {
    const r = await run(
      { ...c, min_count: 2 },
      { "f.md": `## Incident\n## Incident\n${"x".repeat(200)}\n` },
      30,
    );
    expect(r).toMatchObject({ status: "pass", evidence: { truncated: true, count: 2 } });
  });
});

describe("line_count_gte", () => {
  const c = { id: "c", type: "line_count_gte", path: "f.txt", min_count: 3 } as const;
  test("passes with enough lines (a final line without a newline counts)", async () => {
    expect(await run(c, { "f.txt": "a\nb\nc" })).toMatchObject({ status: "pass", evidence: { count: 3 } });
  });
  test("the empty string after a final newline is not a line", async () => {
    expect(await run(c, { "f.txt": "a\nb\n" })).toMatchObject({ status: "fail", evidence: { count: 2 } });
  });
  test("CRLF and CR are line endings", async () => {
    expect(await run(c, { "f.txt": "a\r\nb\r\nc\r\n" })).toMatchObject({
      status: "pass",
      evidence: { count: 3 },
    });
    expect(await run(c, { "f.txt": "a\rb\rc" })).toMatchObject({ status: "pass", evidence: { count: 3 } });
  });
  test("an empty file has no lines", async () => {
    expect(await run(c, { "f.txt": "" })).toMatchObject({ status: "fail", evidence: { count: 0 } });
  });
  test("fails when absent", async () => {
    expect((await run(c, {})).status).toBe("fail");
  });
  test("errors for a binary file", async () => {
    expect((await run(c, { "f.txt": new Uint8Array([0xc3, 0x28, 0x0a]) })).status).toBe("error");
  });
  test("a capped read counts only complete lines and cannot fail", async () => {
    const r = await run({ ...c, min_count: 50 }, { "f.txt": "line\n".repeat(40) }, 52);
    expect(r).toMatchObject({ status: "error", evidence: { count: 10, truncated: true } });
    const ok = await run(c, { "f.txt": "line\n".repeat(40) }, 52);
    expect(ok).toMatchObject({ status: "pass", evidence: { count: 10 } });
  });
});

describe("json_valid", () => {
  const c = { id: "c", type: "json_valid", path: "a.json" } as const;
  test("passes for JSON and says what it holds", async () => {
    expect(await run(c, { "a.json": '{"a": [1, 2], "b": null}' })).toMatchObject({
      status: "pass",
      evidence: { json_type: "object", count: 2 },
    });
  });
  test("fails for a repeated key, naming it and where: JSON.parse would keep the last one silently", async () => {
    const r = await run(c, { "a.json": '{\n  "strict": true,\n  "strict": false\n}\n' });
    expect(r.status).toBe("fail");
    expect(r.reason).toMatch(
      /^a\.json is ambiguous JSON: duplicate key "strict" at \/strict \(line 3, column 3\)/,
    );
    expect(r.evidence).toMatchObject({ json_error: expect.stringContaining('duplicate key "strict"') });
  });
  test("fails for invalid JSON with the parser's message", async () => {
    const r = await run(c, { "a.json": "{'a': 1}" });
    expect(r.status).toBe("fail");
    expect(r.reason).toMatch(/^a\.json is not valid JSON: /);
  });
  test("fails for JSON5-isms JavaScript would not accept either (NaN, trailing comma)", async () => {
    expect((await run(c, { "a.json": "[NaN]" })).status).toBe("fail");
    expect((await run(c, { "a.json": "[1,]" })).status).toBe("fail");
  });
  test("fails for bytes that are not UTF-8", async () => {
    expect(await run(c, { "a.json": new Uint8Array([0x22, 0xff, 0x22]) })).toMatchObject({
      status: "fail",
      evidence: { json_error: "not UTF-8 text" },
    });
  });
  test("fails when absent", async () => {
    expect((await run(c, {})).status).toBe("fail");
  });
  test("errors when the file is over the read cap", async () => {
    expect((await run(c, { "a.json": `[${"1,".repeat(100)}1]` }, 50)).status).toBe("error");
  });
  test("errors for a symlink out of the tree", async () => {
    expect((await run(c, { "a.json": { symlink: "../outside.md" } })).status).toBe("error");
  });
});
