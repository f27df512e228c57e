export declare function contractJsonSchema(): Record<string, unknown>;
/** The committed file's exact text. */
export declare function contractJsonSchemaText(): string;
