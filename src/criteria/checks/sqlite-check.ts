// sqlite_table_has_rows: a table in a SQLite database inside the tree holds at least one row. The
// database is opened by the tree reader (read-only, in memory, capped); a corrupt file or one that is not
// a database is a TreeError, so an error, never "has rows".
import { treePath } from "../../ports/tree.js";
import { type CriterionCheck, fail, pass } from "./outcome.js";
import { foundEvidence, notAFile } from "./path-checks.js";

export const sqliteTableHasRows: CriterionCheck<"sqlite_table_has_rows"> = async (criterion, { tree }) => {
  const path = treePath(criterion.path);
  const entry = await tree.entry(path);
  if (entry.kind !== "file") return fail(`${path} is ${notAFile(entry)}`, foundEvidence(path, entry));
  const result = await tree.tableRows(path, criterion.table);
  const evidence = { path, found: "file", size: entry.size, table: criterion.table };
  if (result.kind === "no-table") return fail(`${path} has no table ${criterion.table}`, evidence);
  const summary = `${criterion.table} in ${path} has ${result.rows} row${result.rows === 1 ? "" : "s"}`;
  return result.rows > 0
    ? pass(summary, { ...evidence, count: result.rows })
    : fail(summary, { ...evidence, count: 0 });
};
