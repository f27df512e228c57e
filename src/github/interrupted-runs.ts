// Completing the check runs a job left open when it is cut short (a signal, or the post step finding
// them open): the writes, through a client of their own. Which runs are open, and the hold they are
// completed with, are src/gate/open-runs.ts.
import { type Interruption, interruptedReport, type OpenRun, type RunsReport } from "../gate/open-runs.js";
import { defined } from "../util/defined.js";
import { VERSION } from "../util/version.js";
import { getCheckRun, updateCheckRun } from "./check-run.js";
import { createGitHubClient } from "./client.js";
import type { RepositoryRef } from "./repository-ref.js";

/** Where the job's runs live and how to reach them. */
export interface RunsTarget extends RunsReport {
  readonly token: string;
  readonly apiUrl: string;
  readonly repository: RepositoryRef;
  /** Other secrets to keep out of what is written (the reviewer's key). */
  readonly secrets?: readonly string[];
}

export interface FinishOptions {
  /** Per request (a signal handler has seconds, not minutes). */
  readonly timeoutMs: number;
  /** Retries after a 5xx or a dropped connection. */
  readonly retries: number;
  /** Longest rate-limit wait worth taking. */
  readonly maxRateLimitWaitSeconds: number;
  /** Milliseconds per second of backoff (the test knob; 1000 in production). */
  readonly backoffUnitMs?: number;
  /** Read each run first and leave a completed one alone (the post step: the round or the signal
   * handler may have finished it). */
  readonly onlyIfOpen: boolean;
  readonly log: (message: string) => void;
}

/** Completes each run as an interrupted hold, through a client of its own: the round's may be in the
 * middle of a write, and its write spacing would make this wait behind it. Returns the runs that could
 * not be completed. Never throws. */
export async function finishInterrupted(
  target: RunsTarget,
  runs: readonly OpenRun[],
  why: Interruption,
  options: FinishOptions,
): Promise<OpenRun[]> {
  if (runs.length === 0) return [];
  const client = createGitHubClient({
    token: target.token,
    baseUrl: target.apiUrl,
    userAgent: `verdict-gate/${VERSION}`,
    secrets: target.secrets ?? [],
    timeoutMs: options.timeoutMs,
    retries: options.retries,
    maxRateLimitWaitSeconds: options.maxRateLimitWaitSeconds,
    writeSpacingMs: 0,
    ...defined({ backoffUnitMs: options.backoffUnitMs }),
  });
  const left: OpenRun[] = [];
  // One at a time: a handful of runs at most, and GitHub asks for writes in turn.
  for (const run of runs) {
    try {
      if (options.onlyIfOpen) {
        const now = await getCheckRun(client, target.repository, run.id);
        if (now.status === "completed") {
          options.log(
            `check run ${run.id} is already completed (${now.conclusion ?? "no conclusion"}): left as it is`,
          );
          continue;
        }
      }
      const rendered = interruptedReport(target, run, why);
      await updateCheckRun(client, target.repository, run.id, {
        title: rendered.title,
        summary: rendered.summary,
        conclusion: "action_required",
      });
      options.log(
        `check run ${run.id} completed as hold-for-human: ${why.kind === "signal" ? `the job was cancelled (${why.signal})` : "the job ended before the round finished"}`,
      );
    } catch (error) {
      options.log(
        `could not complete check run ${run.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
      left.push(run);
    }
  }
  return left;
}
