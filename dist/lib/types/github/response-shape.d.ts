import type { z } from "zod";
export declare function expectShape<T extends z.ZodType>(schema: T, data: unknown, operation: string): z.infer<T>;
