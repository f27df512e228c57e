import { z } from "zod";
export declare const CheckRunRequirementSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"check_run">;
    description: z.ZodDefault<z.ZodString>;
    name: z.ZodString;
    timeout_minutes: z.ZodDefault<z.ZodInt>;
}, z.core.$strict>;
export declare const StatusRequirementSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"status">;
    description: z.ZodDefault<z.ZodString>;
    context: z.ZodString;
    timeout_minutes: z.ZodDefault<z.ZodInt>;
}, z.core.$strict>;
export declare const PrMergedRequirementSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"pr_merged">;
    description: z.ZodDefault<z.ZodString>;
    repo: z.ZodString;
    number: z.ZodInt;
    timeout_minutes: z.ZodDefault<z.ZodInt>;
}, z.core.$strict>;
export declare const LabelRequirementSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodLiteral<"label">;
    description: z.ZodDefault<z.ZodString>;
    name: z.ZodString;
    timeout_minutes: z.ZodDefault<z.ZodInt>;
}, z.core.$strict>;
export declare const RequirementSchema: z.ZodDiscriminatedUnion<[z.ZodObject<{
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
}, z.core.$strict>], "type">;
export type Requirement = z.infer<typeof RequirementSchema>;
export type RequirementType = Requirement["type"];
export declare const REQUIREMENT_TYPES: readonly RequirementType[];
export declare const REQUIREMENT_FIELDS: Readonly<Record<string, readonly string[]>>;
