import { type CriterionCheck } from "./outcome.js";
export declare const diffAddedAbsent: CriterionCheck<"diff_added_absent">;
export declare const diffAddedContains: CriterionCheck<"diff_added_contains">;
export declare const diffPathsWithin: CriterionCheck<"diff_paths_within">;
export declare const diffLinesMax: CriterionCheck<"diff_lines_max">;
export declare const diffRequiresChange: CriterionCheck<"diff_requires_change">;
