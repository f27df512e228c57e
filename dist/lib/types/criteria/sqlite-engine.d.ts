import { type TableRows } from "./tree.js";
/** Rows in `table`, or `no-table`. Opens a private in-memory copy (nothing is ever written back),
 * refuses anything but an ordinary table (a view can hold a recursive query that never ends; a virtual
 * table calls into a module), and turns every SQLite error (corrupt pages, not a database) into a
 * TreeError, which the engine reports as an error: a corrupt database is never "has rows". */
export declare function countTableRows(bytes: Uint8Array, table: string, path: string): Promise<TableRows>;
