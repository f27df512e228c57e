// The work the context does inside files, counted in units (a character scanned, a line visited), so
// that its bounds hold inside a file and not only between files: every CHECKPOINT units the round's
// clock is read against the time bound, and the event loop is let in (a cancel signal, the round's
// deadline, a request's timeout are answered while a large file is read). Tests count the units and
// step the clock by them; no test waits. Pure but for the injected pause.

/** Units of work between two looks at the clock (and two pauses): about a millisecond of scanning. */
export const CHECKPOINT = 200_000;

export interface Work {
  /** Counts `units` of work done. */
  spend(units: number): void;
  /** Units counted so far. */
  readonly spent: number;
  /** At a checkpoint (CHECKPOINT units since the last): lets the event loop in, and says whether the
   * time bound is met. Between checkpoints it answers false at once. */
  checkpoint(): Promise<boolean>;
  /** Whether the time bound was met at the last look. */
  readonly over: boolean;
}

/** A meter for `millis` of the injected clock from `started` (now by default); `pause` lets the event
 * loop in. */
export function meter(input: {
  now: () => number;
  millis: number;
  started?: number;
  pause?: () => Promise<void>;
}): Work {
  const started = input.started ?? input.now();
  const pause = input.pause ?? (() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  let spent = 0;
  let looked = 0;
  let over = false;
  return {
    spend(units: number) {
      spent += units;
    },
    get spent() {
      return spent;
    },
    get over() {
      return over;
    },
    async checkpoint() {
      if (over) return true;
      if (spent - looked < CHECKPOINT) return false;
      looked = spent;
      await pause();
      over = input.now() - started >= input.millis;
      return over;
    },
  };
}
