// file_exists, file_nonempty, dir_exists, path_absent: pass, fail, and error (an escape) for each.
import { describe, expect, test } from "vitest";
import type { ContractInput } from "../../src/criteria/contract-schema.js";
import { checkCriterion } from "../../src/criteria/engine.js";
import type { CheckResult } from "../../src/criteria/report.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { contractOf, makeTree, type Node } from "./fixture-tree.js";

type CriterionInput = ContractInput["success_criteria"][number];

async function run(criterion: CriterionInput, nodes: Record<string, Node>): Promise<CheckResult> {
  const { root } = makeTree(nodes, { "outside.txt": "secret" });
  const [c] = contractOf([criterion]).success_criteria;
  if (c === undefined) throw new Error("no criterion");
  return checkCriterion(c, { tree: openTree(root) });
}

describe("file_exists", () => {
  const c = { id: "c", type: "file_exists", path: "a.txt" } as const;
  test("passes for a regular file and says its size", async () => {
    const r = await run(c, { "a.txt": "abc" });
    expect(r).toMatchObject({ status: "pass", evidence: { path: "a.txt", found: "file", size: 3 } });
  });
  test("fails when absent", async () => {
    expect(await run(c, {})).toMatchObject({ status: "fail", reason: "a.txt is absent" });
  });
  test("fails for a directory", async () => {
    expect(await run(c, { "a.txt": { dir: true } })).toMatchObject({
      status: "fail",
      evidence: { found: "dir" },
    });
  });
  test("errors for a symlink out of the tree", async () => {
    const r = await run(c, { "a.txt": { symlink: "../outside.txt" } });
    expect(r.status).toBe("error");
    expect(r.reason).toContain("outside the tree");
  });
  test("errors for an absolute path", async () => {
    const r = await run({ ...c, path: "/etc/passwd" }, {});
    expect(r).toMatchObject({ status: "error", evidence: { path: "/etc/passwd" } });
  });
});

describe("file_nonempty", () => {
  const c = { id: "c", type: "file_nonempty", path: "a.txt" } as const;
  test("passes for a file with bytes", async () => {
    expect((await run(c, { "a.txt": "x" })).status).toBe("pass");
  });
  test("fails for an empty file", async () => {
    expect(await run(c, { "a.txt": "" })).toMatchObject({ status: "fail", reason: "a.txt is empty" });
  });
  test("fails when absent", async () => {
    expect((await run(c, {})).status).toBe("fail");
  });
  test("errors on `..`", async () => {
    expect((await run({ ...c, path: "../outside.txt" }, {})).status).toBe("error");
  });
});

describe("dir_exists", () => {
  const c = { id: "c", type: "dir_exists", path: "docs" } as const;
  test("passes for a directory and lists some of it as evidence", async () => {
    const r = await run(c, { "docs/a.md": "", "docs/sub/b.md": "" });
    expect(r).toMatchObject({
      status: "pass",
      evidence: { found: "dir", count: 2, entries: ["a.md", "sub/"] },
    });
  });
  test("passes through a symlink to a directory inside the tree", async () => {
    expect((await run(c, { real: { dir: true }, docs: { symlink: "real" } })).status).toBe("pass");
  });
  test("fails for a file", async () => {
    expect(await run(c, { docs: "x" })).toMatchObject({
      status: "fail",
      reason: "docs is a file, not a directory",
    });
  });
  test("fails when absent", async () => {
    expect((await run(c, {})).status).toBe("fail");
  });
  test("errors for a symlink to a directory outside the tree", async () => {
    expect((await run(c, { docs: { symlink: ".." } })).status).toBe("error");
  });
  test("errors, never passes, for the tree root, which always exists (a criterion that cannot fail)", async () => {
    for (const path of [".", "./", ".//."]) {
      const r = await run({ ...c, path }, {});
      expect(r.status).toBe("error");
      expect(r.reason).toContain("names the tree root, which always exists");
    }
  });
});

describe("path_absent", () => {
  const c = { id: "c", type: "path_absent", path: "secrets.env" } as const;
  test("passes when nothing is there", async () => {
    expect((await run(c, {})).status).toBe("pass");
  });
  test("fails when a file is there", async () => {
    expect(await run(c, { "secrets.env": "K=V" })).toMatchObject({
      status: "fail",
      reason: "secrets.env exists: a file",
    });
  });
  test("fails when a directory is there", async () => {
    expect((await run(c, { "secrets.env": { dir: true } })).status).toBe("fail");
  });
  test("fails for a dangling symlink: the name is there", async () => {
    const r = await run(c, { "secrets.env": { symlink: "nowhere" } });
    expect(r).toMatchObject({ status: "fail", evidence: { found: "dangling symlink" } });
  });
  test("errors (never passes) for a symlink pointing out of the tree", async () => {
    expect((await run(c, { "secrets.env": { symlink: "../nothing-here" } })).status).toBe("error");
  });
  test("errors (never passes) for a `..` path, even one that does not exist", async () => {
    expect((await run({ ...c, path: "../no-such-thing" }, {})).status).toBe("error");
  });
  test("errors (never passes) for a symlink loop", async () => {
    expect((await run(c, { "secrets.env": { symlink: "secrets.env" } })).status).toBe("error");
  });
  test("fails for the tree root itself", async () => {
    expect((await run({ ...c, path: "." }, {})).status).toBe("fail");
  });
});

describe("one name, one file (issue 18)", () => {
  const nfc = "config/caf\u00e9.yml";
  const nfd = "config/cafe\u0301.yml";
  test("path_absent written in NFC fails while the tree holds the NFD spelling (macOS opens it)", async () => {
    const r = await run({ id: "p", type: "path_absent", path: nfc }, { [nfd]: "debug: true\n" });
    expect(r).toMatchObject({ status: "fail", evidence: { found: "file", spelled: nfd } });
    expect(r.reason).toContain("the same name in another Unicode form");
    // And the other way round.
    const back = await run({ id: "p", type: "path_absent", path: nfd }, { [nfc]: "" });
    expect(back.status).toBe("fail");
  });
  test("path_absent fails on a case-twin, which a case-insensitive file system opens as the path", async () => {
    const r = await run({ id: "p", type: "path_absent", path: "secrets.env" }, { "Secrets.env": "KEY=1" });
    expect(r).toMatchObject({ status: "fail", evidence: { found: "absent", case_twin: "Secrets.env" } });
    expect(r.reason).toBe(
      "secrets.env is absent as written, but Secrets.env exists, which a case-insensitive file system (macOS, Windows) opens as secrets.env",
    );
  });
  test("file criteria find a file by its name in either form; case is not folded for them", async () => {
    expect(await run({ id: "e", type: "file_exists", path: nfc }, { [nfd]: "x" })).toMatchObject({
      status: "pass",
      evidence: { spelled: nfd },
    });
    expect(
      await run({ id: "c", type: "file_contains", path: nfc, pattern: "^debug" }, { [nfd]: "debug: 1\n" }),
    ).toMatchObject({ status: "pass", evidence: { spelled: nfd } });
    const r = await run({ id: "e", type: "file_exists", path: "LICENSE" }, { License: "MIT" });
    expect(r).toMatchObject({ status: "fail", evidence: { case_twin: "License" } });
    expect(r.reason).toBe("LICENSE is absent (License differs only in case; names are case-sensitive)");
  });
});
