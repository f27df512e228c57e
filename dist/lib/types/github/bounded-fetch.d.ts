export interface FetchCounters {
    /** HTTP requests sent, retries included. */
    requests: number;
}
export interface BoundedFetchOptions {
    readonly timeoutMs: number;
    readonly maxResponseBytes: number;
    readonly counters: FetchCounters;
}
export declare function boundedFetch(inner: typeof fetch, options: BoundedFetchOptions): typeof fetch;
