import { type CriterionCheck } from "./outcome.js";
export declare const fileContains: CriterionCheck<"file_contains">;
export declare const patternCountGte: CriterionCheck<"pattern_count_gte">;
export declare const lineCountGte: CriterionCheck<"line_count_gte">;
export declare const jsonValid: CriterionCheck<"json_valid">;
