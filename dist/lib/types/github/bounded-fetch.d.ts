export interface FetchCounters {
    /** HTTP requests sent, retries included. */
    requests: number;
}
export interface BoundedFetchOptions {
    readonly timeoutMs: number;
    readonly maxResponseBytes: number;
    readonly counters: FetchCounters;
}
/** GitHub's answer was larger than the gate accepts. Thrown from inside fetch, so Octokit wraps it
 * (as the `cause` of a RequestError with status 500): find it with `responseTooLarge`. */
export declare class ResponseTooLargeError extends Error {
    readonly limit: number;
    readonly name = "ResponseTooLargeError";
    constructor(limit: number);
}
/** The ResponseTooLargeError behind a thrown value (itself or a cause, a few levels deep), if any. */
export declare function responseTooLarge(error: unknown): ResponseTooLargeError | undefined;
export declare function boundedFetch(inner: typeof fetch, options: BoundedFetchOptions): typeof fetch;
