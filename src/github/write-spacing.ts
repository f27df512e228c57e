// GitHub's guidance for writes: "wait at least one second between each request" to the endpoints that
// create content, or risk a secondary rate limit. The throttling plugin enforces it through a limiter
// group; this is that group, with the spacing configurable so tests do not sleep a second per write.
// It implements the two methods the plugin calls (`key(id).schedule(options, fn, ...args)`).

type Job = (...args: unknown[]) => unknown;

export class WriteSpacing {
  private last = Number.NEGATIVE_INFINITY;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly spacingMs: number) {}

  key(_id: string): { schedule: (options: unknown, job: Job, ...args: unknown[]) => Promise<unknown> } {
    return { schedule: (_options, job, ...args) => this.schedule(job, args) };
  }

  private schedule(job: Job, args: unknown[]): Promise<unknown> {
    const run = this.queue.then(async () => {
      const wait = this.last + this.spacingMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.last = Date.now();
      return job(...args);
    });
    // One failing job must not wedge the queue for the writes after it.
    this.queue = run.catch(() => undefined);
    return run;
  }
}
