// What the action does when its job is cancelled. GitHub stops a step with SIGINT, then SIGTERM 7.5 s
// later, then SIGKILL 2.5 s after that (a person cancelling, `timeout-minutes`, `cancel-in-progress`).
// Node's default is to die at the first signal, which left the round's check run in progress for
// ever. Here the first signal completes the runs the round left open as a hold that says the job was
// cancelled and how to start a new round (src/gate/open-runs.ts, src/github/interrupted-runs.ts), within the grace, and then
// ends the step failed. A second signal changes nothing: the write already under way is the best
// chance; whatever SIGKILL cuts short, the post step finishes (src/entry/post-step.ts).
import type { Runner } from "../ports/runner.js";

/** How long the first signal's writes may take: under the 7.5 s before SIGTERM. */
export const CANCEL_BUDGET_MS = 7_000;

/** What the step tells the handler once it can finish its own runs. */
export interface StepLifecycle {
  /** `finish(signal)` completes the step's open check runs as a cancelled hold. */
  ready(finish: (signal: string) => Promise<void>): void;
}

/** Installs the handler on this process; `exit` ends it (injected for tests). */
export function handleCancel(
  runner: Runner,
  exit: (code: number) => void = (code) => process.exit(code),
): StepLifecycle {
  let finish: ((signal: string) => Promise<void>) | undefined;
  let cancelled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (cancelled) {
      runner.log.info(`verdict-gate: ${signal} again; still completing the check run`);
      return;
    }
    cancelled = true;
    runner.log.warning(
      `verdict-gate: the job was cancelled (${signal}); completing this round's check run as a hold`,
    );
    const work = finish === undefined ? Promise.resolve() : finish(signal).catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const budget = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CANCEL_BUDGET_MS);
    });
    void Promise.race([work, budget]).then(() => {
      clearTimeout(timer);
      runner.fail(
        `verdict-gate: the job was cancelled (${signal}) before the round finished; nothing was approved`,
      );
      exit(1);
    });
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    ready: (f) => {
      finish = f;
    },
  };
}
