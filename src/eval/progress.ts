// The progress line `verdict-gate eval` keeps on a terminal's stderr: how many cases are done, the time
// so far and an estimate of the rest. The estimate counts only runs that asked a reviewer: a run read
// from the cache takes no time, and counting it would promise an interrupted run's remainder in
// seconds. Pure.

/** A duration as a person reads it: "0.4 s", "42 s", "3 min 05 s", "1 h 02 min". */
export function duration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "?";
  if (ms < 9_950) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min`;
}

export interface Progress {
  /** Cases whose every run is done. */
  readonly casesDone: number;
  readonly cases: number;
  /** Runs done, and of them the ones that asked a reviewer (not read from the cache). */
  readonly runsDone: number;
  readonly runsAsked: number;
  readonly runs: number;
  readonly elapsedMs: number;
  /** Time spent since the first run that asked a reviewer started. */
  readonly askingMs: number;
}

/** The remaining time at the pace of the runs that asked so far; undefined before the first. */
export function remainingMs(p: Progress): number | undefined {
  if (p.runsAsked === 0) return undefined;
  return (p.askingMs / p.runsAsked) * (p.runs - p.runsDone);
}

export function progressLine(p: Progress): string {
  const left = remainingMs(p);
  return [
    `case ${p.casesDone} of ${p.cases}`,
    `${duration(p.elapsedMs)} elapsed`,
    ...(left !== undefined && p.runsDone < p.runs ? [`about ${duration(left)} left`] : []),
  ].join(" · ");
}
