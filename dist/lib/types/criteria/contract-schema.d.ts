import { z } from "zod";
export declare const ContractSchema: z.ZodObject<{
    $schema: z.ZodOptional<z.ZodString>;
    task_id: z.ZodOptional<z.ZodString>;
    agent_id: z.ZodOptional<z.ZodString>;
    principal: z.ZodOptional<z.ZodString>;
    intended_action: z.ZodString;
    scope: z.ZodOptional<z.ZodJSONSchema>;
    success_criteria: z.ZodArray<z.ZodDiscriminatedUnion<[z.ZodObject<{
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
    }, z.core.$strict>], "type">>;
    unverifiable_claims: z.ZodDefault<z.ZodArray<z.ZodString>>;
    requires: z.ZodDefault<z.ZodArray<z.ZodDiscriminatedUnion<[z.ZodObject<{
        id: z.ZodString;
        type: z.ZodLiteral<"check_run">;
        description: z.ZodDefault<z.ZodString>;
        name: z.ZodString;
        timeout_minutes: z.ZodDefault<z.ZodInt>;
    }, z.core.$strict>, z.ZodObject<{
        id: z.ZodString;
        type: z.ZodLiteral<"status">;
        description: z.ZodDefault<z.ZodString>;
        context: z.ZodString;
        timeout_minutes: z.ZodDefault<z.ZodInt>;
    }, z.core.$strict>, z.ZodObject<{
        id: z.ZodString;
        type: z.ZodLiteral<"pr_merged">;
        description: z.ZodDefault<z.ZodString>;
        repo: z.ZodString;
        number: z.ZodInt;
        timeout_minutes: z.ZodDefault<z.ZodInt>;
    }, z.core.$strict>, z.ZodObject<{
        id: z.ZodString;
        type: z.ZodLiteral<"label">;
        description: z.ZodDefault<z.ZodString>;
        name: z.ZodString;
        timeout_minutes: z.ZodDefault<z.ZodInt>;
    }, z.core.$strict>], "type">>>;
}, z.core.$strict>;
export type Contract = z.infer<typeof ContractSchema>;
export type ContractInput = z.input<typeof ContractSchema>;
