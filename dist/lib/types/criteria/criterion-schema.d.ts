import { z } from "zod";
export declare const FileExistsSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"file_exists">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
}, z.core.$strict>;
export declare const FileNonemptySchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"file_nonempty">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
}, z.core.$strict>;
export declare const FileContainsSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"file_contains">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
    pattern: z.ZodString;
}, z.core.$strict>;
export declare const PatternCountGteSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"pattern_count_gte">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
    pattern: z.ZodString;
    min_count: z.ZodInt;
}, z.core.$strict>;
export declare const DirExistsSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"dir_exists">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
}, z.core.$strict>;
export declare const JsonValidSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"json_valid">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
}, z.core.$strict>;
export declare const LineCountGteSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"line_count_gte">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
    min_count: z.ZodInt;
}, z.core.$strict>;
export declare const SqliteTableHasRowsSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"sqlite_table_has_rows">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
    table: z.ZodString;
}, z.core.$strict>;
export declare const PathAbsentSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"path_absent">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
}, z.core.$strict>;
export declare const DiffAddedAbsentSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"diff_added_absent">;
    description: z.ZodDefault<z.ZodString>;
    pattern: z.ZodString;
    paths: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strict>;
export declare const DiffAddedContainsSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"diff_added_contains">;
    description: z.ZodDefault<z.ZodString>;
    pattern: z.ZodString;
    min_count: z.ZodDefault<z.ZodInt>;
    paths: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strict>;
export declare const DiffPathsWithinSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"diff_paths_within">;
    description: z.ZodDefault<z.ZodString>;
    globs: z.ZodArray<z.ZodString>;
}, z.core.$strict>;
export declare const DiffLinesMaxSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"diff_lines_max">;
    description: z.ZodDefault<z.ZodString>;
    max_lines: z.ZodInt;
    paths: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strict>;
export declare const DiffRequiresChangeSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"diff_requires_change">;
    description: z.ZodDefault<z.ZodString>;
    when_changed: z.ZodArray<z.ZodString>;
    must_change: z.ZodArray<z.ZodString>;
}, z.core.$strict>;
export declare const CriterionSchema: z.ZodDiscriminatedUnion<[z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"file_exists">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"file_nonempty">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"file_contains">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
    pattern: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"pattern_count_gte">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
    pattern: z.ZodString;
    min_count: z.ZodInt;
}, z.core.$strict>, z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"dir_exists">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"json_valid">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"line_count_gte">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
    min_count: z.ZodInt;
}, z.core.$strict>, z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"sqlite_table_has_rows">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
    table: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"path_absent">;
    description: z.ZodDefault<z.ZodString>;
    path: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"diff_added_absent">;
    description: z.ZodDefault<z.ZodString>;
    pattern: z.ZodString;
    paths: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strict>, z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"diff_added_contains">;
    description: z.ZodDefault<z.ZodString>;
    pattern: z.ZodString;
    min_count: z.ZodDefault<z.ZodInt>;
    paths: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strict>, z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"diff_paths_within">;
    description: z.ZodDefault<z.ZodString>;
    globs: z.ZodArray<z.ZodString>;
}, z.core.$strict>, z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"diff_lines_max">;
    description: z.ZodDefault<z.ZodString>;
    max_lines: z.ZodInt;
    paths: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strict>, z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"diff_requires_change">;
    description: z.ZodDefault<z.ZodString>;
    when_changed: z.ZodArray<z.ZodString>;
    must_change: z.ZodArray<z.ZodString>;
}, z.core.$strict>], "type">;
export type Criterion = z.infer<typeof CriterionSchema>;
export type CriterionType = Criterion["type"];
export type CriterionOf<T extends CriterionType> = Extract<Criterion, {
    type: T;
}>;
/** Every criterion type, in the order documentation lists them. */
export declare const CRITERION_TYPES: readonly CriterionType[];
/** The fields each type accepts, for the loader's "unknown field" message. */
export declare const CRITERION_FIELDS: Readonly<Record<string, readonly string[]>>;
