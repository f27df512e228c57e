// A phase of a round as one foldable section of the log (actions/checkout's "Fetching the repository"):
// a person reading a long run opens the phase that went wrong, and the others stay folded.
import type { Logger } from "./ports.js";

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
