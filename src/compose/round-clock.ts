// The real clock a round's deadline runs on (src/gate/reviewer-guard.ts): monotonic, so a runner whose
// wall clock is set back mid-round cannot stretch the deadline, and a wait an abort ends at once.
import type { RoundClock } from "../gate/reviewer-guard.js";

export const REAL_ROUND_CLOCK: RoundClock = Object.freeze({
  now: () => performance.now(),
  sleep: (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      if (signal.aborted) done();
      else signal.addEventListener("abort", done, { once: true });
    }),
});
