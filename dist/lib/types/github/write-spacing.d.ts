type Job = (...args: unknown[]) => unknown;
export declare class WriteSpacing {
    private readonly spacingMs;
    private last;
    private queue;
    constructor(spacingMs: number);
    key(_id: string): {
        schedule: (options: unknown, job: Job, ...args: unknown[]) => Promise<unknown>;
    };
    private schedule;
}
export {};
