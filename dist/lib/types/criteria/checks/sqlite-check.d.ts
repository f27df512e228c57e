import { type CriterionCheck } from "./outcome.js";
export declare const sqliteTableHasRows: CriterionCheck<"sqlite_table_has_rows">;
