import type { CheckEvidence } from "../report.js";
import { type Entry } from "../tree.js";
import { type CriterionCheck } from "./outcome.js";
export declare function foundEvidence(path: string, entry: Entry): CheckEvidence;
/** Why an entry is not a regular file, as the second half of "X is …". */
export declare function notAFile(entry: Entry): string;
export declare const fileExists: CriterionCheck<"file_exists">;
export declare const fileNonempty: CriterionCheck<"file_nonempty">;
export declare const dirExists: CriterionCheck<"dir_exists">;
export declare const pathAbsent: CriterionCheck<"path_absent">;
