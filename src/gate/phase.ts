// A phase of a round as one foldable section of the log (actions/checkout's "Fetching the repository"):
// a person reading a long run opens the phase that went wrong, and the others stay folded.
import type { Logger } from "../ports/github.js";

/** Runs one phase inside its log section; the section ends however the phase ends, so an error is
 * reported outside it, where a reader sees it first. Phases run one after another, never nested:
 * the runner's log does not nest sections. */
export async function phase<T>(log: Logger, name: string, step: () => T | Promise<T>): Promise<T> {
  log.startGroup(name);
  try {
    return await step();
  } finally {
    log.endGroup();
  }
}

/** A step of `phasesTogether`: its section's name, and its work given the log it must write to. */
export type TogetherStep<T> = readonly [name: string, run: (log: Logger) => Promise<T>];

/** Phases that run at the same time, each still one section of the log, in the order given. The first
 * writes to the log as it runs; each other one's lines are held until the sections before it have
 * ended, then shown in its own section (and written directly from then on). The error reported is that
 * of the first failing step in the order given, as if they had run one after another; later steps may
 * still be running when it is thrown (their results are dropped, their failures handled). */
export async function phasesTogether<T extends unknown[]>(
  log: Logger,
  ...steps: { [K in keyof T]: TogetherStep<T[K]> }
): Promise<T> {
  const list = steps as readonly TogetherStep<unknown>[];
  const logs = list.map((_, i) => (i === 0 ? undefined : heldLog(log)));
  log.startGroup((list[0] as TogetherStep<unknown>)[0]);
  const running = list.map(([, run], i) => Promise.resolve().then(() => run(logs[i]?.log ?? log)));
  for (const r of running) r.catch(() => {});
  const results: unknown[] = [];
  for (const [i, r] of running.entries()) {
    if (i > 0) {
      log.startGroup((list[i] as TogetherStep<unknown>)[0]);
      logs[i]?.release();
    }
    try {
      results.push(await r);
    } finally {
      log.endGroup();
    }
  }
  return results as T;
}

type Line = { [M in "info" | "warning" | "error" | "debug"]: readonly [M, string] }[
  | "info"
  | "warning"
  | "error"
  | "debug"];

/** A log whose lines wait until `release`, then go to `log` in their order, and every later line
 * straight there. Sections are not held: a step run together with others opens none. */
function heldLog(log: Logger): { log: Logger; release: () => void } {
  let held: Line[] | undefined = [];
  const write = (line: Line) => {
    if (held !== undefined) held.push(line);
    else log[line[0]](line[1]);
  };
  return {
    log: {
      info: (m) => write(["info", m]),
      warning: (m) => write(["warning", m]),
      error: (m) => write(["error", m]),
      debug: (m) => write(["debug", m]),
      startGroup: () => {},
      endGroup: () => {},
    },
    release: () => {
      const lines = held ?? [];
      held = undefined;
      for (const [level, message] of lines) log[level](message);
    },
  };
}
