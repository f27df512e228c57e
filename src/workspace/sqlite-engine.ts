/// <reference path="./sql-wasm-browser.d.ts" />
// Counting rows in a SQLite database that arrived as bytes, with SQLite compiled to WebAssembly
// (sql.js): the bundled action must run on any Node ≥ 20 runner without a native addon.
//
// Why the *browser* build of sql.js: the Node build reads `__dirname`, which does not exist in the ESM
// bundles ncc writes, so it crashes the moment it starts inside dist/. The browser build never touches
// the file system when it is handed the WebAssembly bytes, and `new URL(…, import.meta.url)` below is
// what ncc recognises as an asset: it copies the .wasm next to each bundle and rewrites the URL.
// Reading that one asset is the only file access here; the database itself arrives as bytes from the
// confined tree reader.

import { readFileSync } from "node:fs";
import initSqlJs from "sql.js/dist/sql-wasm-browser.js";
import { TABLE_NAME } from "../criteria/table-name.js";
import { type TableRows, TreeError } from "../ports/tree.js";
import { describeError } from "../util/describe-error.js";

type SqlJs = Awaited<ReturnType<typeof initSqlJs>>;

let engine: Promise<SqlJs> | undefined;

function sqlite(): Promise<SqlJs> {
  if (engine === undefined) {
    const bytes = readFileSync(
      new URL("../../node_modules/sql.js/dist/sql-wasm-browser.wasm", import.meta.url),
    );
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    engine = initSqlJs({ wasmBinary });
    // A failed start must not be cached forever as a rejected promise that hides the cause.
    engine.catch(() => {
      engine = undefined;
    });
  }
  return engine;
}

const HEADER = new TextEncoder().encode("SQLite format 3\0");

/** Rows in `table`, or `no-table`. Opens a private in-memory copy (nothing is ever written back),
 * refuses anything but an ordinary table (a view can hold a recursive query that never ends; a virtual
 * table calls into a module), and turns every SQLite error (corrupt pages, not a database) into a
 * TreeError, which the engine reports as an error: a corrupt database is never "has rows". */
export async function countTableRows(bytes: Uint8Array, table: string, path: string): Promise<TableRows> {
  if (!TABLE_NAME.test(table))
    throw new TreeError(`table name ${JSON.stringify(table)} is not an identifier`);
  if (bytes.length < HEADER.length || !HEADER.every((b, i) => bytes[i] === b)) {
    throw new TreeError(`${path} is not a SQLite database (no "SQLite format 3" header)`);
  }
  const SQL = await sqlite();
  let db: InstanceType<SqlJs["Database"]> | undefined;
  try {
    db = new SQL.Database(bytes);
    db.run("PRAGMA query_only = ON");
    const found = db.exec("SELECT type, sql FROM sqlite_schema WHERE name = ? COLLATE NOCASE", [table]);
    const row = found[0]?.values[0];
    if (row === undefined) return { kind: "no-table" };
    const [type, sql] = row;
    if (type !== "table") throw new TreeError(`${path}: ${table} is a ${String(type)}, not a table`);
    if (typeof sql === "string" && /^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(sql)) {
      throw new TreeError(`${path}: ${table} is a virtual table; only ordinary tables are counted`);
    }
    const counted = db.exec(`SELECT COUNT(*) FROM "${table}"`);
    const rows = counted[0]?.values[0]?.[0];
    if (typeof rows !== "number" || !Number.isSafeInteger(rows) || rows < 0) {
      throw new TreeError(`${path}: SQLite returned no row count for ${table}`);
    }
    return { kind: "rows", rows };
  } catch (error) {
    if (error instanceof TreeError) throw error;
    throw new TreeError(`${path}: SQLite could not read the database: ${describeError(error)}`);
  } finally {
    db?.close();
  }
}
