// sqlite_table_has_rows against real SQLite files (written by SQLite itself, through sql.js): rows,
// no rows, no such table, and every way a database can be unusable, each an error, never a pass.
import initSqlJs from "sql.js";
import { describe, expect, test } from "vitest";
import { checkCriterion } from "../../src/criteria/engine.js";
import type { CheckResult } from "../../src/criteria/report.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { contractOf, makeTree, type Node } from "./fixture-tree.js";

async function database(sql: string): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(sql);
  const bytes = db.export();
  db.close();
  return bytes;
}

async function run(table: string, nodes: Record<string, Node>, path = "app.db"): Promise<CheckResult> {
  const { root } = makeTree(nodes, {
    "outside.db": await database("CREATE TABLE t(x); INSERT INTO t VALUES (1);"),
  });
  const [c] = contractOf([{ id: "rows", type: "sqlite_table_has_rows", path, table }]).success_criteria;
  if (c === undefined) throw new Error("no criterion");
  return checkCriterion(c, { tree: openTree(root) });
}

const schema = `
  CREATE TABLE events(id INTEGER PRIMARY KEY, name TEXT);
  INSERT INTO events(name) VALUES ('a'), ('b'), ('c');
  CREATE TABLE empty(x);
  CREATE VIEW forever AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n;
`;

describe("sqlite_table_has_rows", () => {
  test("passes for a table with rows and reports the count", async () => {
    const r = await run("events", { "app.db": await database(schema) });
    expect(r).toMatchObject({ status: "pass", evidence: { table: "events", count: 3 } });
  });
  test("table names are matched case-insensitively, as SQLite does", async () => {
    expect((await run("EVENTS", { "app.db": await database(schema) })).status).toBe("pass");
  });
  test("fails for an empty table", async () => {
    expect(await run("empty", { "app.db": await database(schema) })).toMatchObject({
      status: "fail",
      reason: "empty in app.db has 0 rows",
    });
  });
  test("fails when the table does not exist", async () => {
    expect(await run("nope", { "app.db": await database(schema) })).toMatchObject({
      status: "fail",
      reason: "app.db has no table nope",
    });
  });
  test("fails when the database file does not exist", async () => {
    expect((await run("events", {})).status).toBe("fail");
  });
  test("a view is an error: its query could run forever", async () => {
    const r = await run("forever", { "app.db": await database(schema) });
    expect(r.status).toBe("error");
    expect(r.reason).toContain("is a view, not a table");
  });
  test("a file that is not a database is an error", async () => {
    const r = await run("events", { "app.db": "just text\n" });
    expect(r).toMatchObject({ status: "error" });
    expect(r.reason).toContain("not a SQLite database");
  });
  test("a corrupt database is an error, never a pass", async () => {
    const bytes = await database(schema);
    const corrupt = new Uint8Array(bytes);
    // Keep the header, wreck every page after the first.
    for (let i = 4096; i < corrupt.length; i += 1) corrupt[i] = 0xa5;
    const r = await run("events", { "app.db": corrupt });
    expect(r.status).toBe("error");
    expect(r.reason).toContain("SQLite could not read the database");
  });
  test("a truncated database is an error", async () => {
    const bytes = await database(schema);
    expect((await run("events", { "app.db": bytes.subarray(0, 100) })).status).toBe("error");
  });
  test("a database outside the tree (through a symlink) is an error", async () => {
    expect((await run("t", { "app.db": { symlink: "../outside.db" } })).status).toBe("error");
  });
  test("the database file is never written", async () => {
    const bytes = await database(schema);
    const { root } = makeTree({ "app.db": bytes });
    const [c] = contractOf([
      { id: "r", type: "sqlite_table_has_rows", path: "app.db", table: "events" },
    ]).success_criteria;
    if (c === undefined) throw new Error("no criterion");
    await checkCriterion(c, { tree: openTree(root) });
    const { readFileSync } = await import("node:fs");
    expect(Buffer.from(readFileSync(`${root}/app.db`)).equals(Buffer.from(bytes))).toBe(true);
  });
});
