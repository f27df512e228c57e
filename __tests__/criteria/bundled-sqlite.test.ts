// SQLite in the shipped bundles: copy a full build (build/dist, whose action check-dist proves equal
// to the committed dist/, or VERDICT_GATE_DIST) into a temporary directory outside the repository, so
// nothing can resolve from node_modules, then run the bundled CLI and library on a real SQLite file. The WebAssembly build must
// travel with each bundle, and no native addon may be needed.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { packageBundleDir } from "../support/package-bundle.js";

let work: string;
let dist: string;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(path.join(dir, d.name)) : [path.join(dir, d.name)],
  );
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "vg-bundled-"));
  dist = path.join(work, "dist");
  cpSync(packageBundleDir, dist, { recursive: true });
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(
    "CREATE TABLE events(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO events(name) VALUES ('a'), ('b');",
  );
  mkdirSync(path.join(work, "tree"));
  writeFileSync(path.join(work, "tree", "app.db"), db.export());
  db.close();
  writeFileSync(
    path.join(work, "contract.json"),
    JSON.stringify({
      intended_action: "record events",
      success_criteria: [{ id: "rows", type: "sqlite_table_has_rows", path: "app.db", table: "events" }],
    }),
  );
});

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe("the bundles", () => {
  test("each bundle carries the SQLite WebAssembly and no native addon", () => {
    for (const dir of [dist, path.join(dist, "cli"), path.join(dist, "lib")]) {
      expect(existsSync(path.join(dir, "sql-wasm-browser.wasm"))).toBe(true);
    }
    expect(files(dist).filter((f) => f.endsWith(".node"))).toEqual([]);
  });

  test("the bundled CLI counts rows in a real SQLite file", () => {
    const run = spawnSync(
      process.execPath,
      [path.join(dist, "cli", "index.js"), "check", "contract.json", "--base-path", "tree", "--json"],
      { cwd: work, encoding: "utf8" },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      verdict: "PASS",
      checks: [{ id: "rows", status: "pass", evidence: { table: "events", count: 2 } }],
    });
  });

  test("the bundled CLI collects and verifies evidence with the row count", () => {
    const cli = path.join(dist, "cli", "index.js");
    const collect = spawnSync(
      process.execPath,
      [cli, "check", "contract.json", "--base-path", "tree", "--evidence", "e.json"],
      {
        cwd: work,
        encoding: "utf8",
      },
    );
    expect(collect.status).toBe(0);
    const verify = spawnSync(process.execPath, [cli, "check", "--verify-evidence", "e.json", "--json"], {
      cwd: work,
      encoding: "utf8",
    });
    expect(verify.status).toBe(0);
    expect(JSON.parse(verify.stdout)).toMatchObject({ intact: true, verdict: "PASS" });
  });

  test("the bundled library checks the same contract", async () => {
    const lib = await import(pathToFileURL(path.join(dist, "lib", "index.js")).href);
    const contract = lib.loadContract(
      JSON.stringify({
        intended_action: "record events",
        success_criteria: [{ id: "rows", type: "sqlite_table_has_rows", path: "app.db", table: "events" }],
      }),
      "contract.json",
    );
    const report = await lib.checkContract(contract, { tree: lib.openTree(path.join(work, "tree")) });
    expect(report).toMatchObject({ verdict: "PASS", checks: [{ evidence: { count: 2 } }] });
    expect(lib.contractResult(report).value).toBe("YES");
  });
});
