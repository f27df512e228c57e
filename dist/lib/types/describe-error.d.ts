/** Describes an error for a check run, a log line or a CLI message, whatever was thrown. */
export declare function describeError(error: unknown): string;
