// The check runs this job started and has not finished, and how they are finished when the job is cut
// short. A check run created through the API is not tied to the job: cancel the job (a person, its
// `timeout-minutes`, a newer run under `cancel-in-progress`) and the run says "verdict-gate is
// reviewing this commit…" for ever, a required check stuck with nothing to explain it. So every run
// the round starts is remembered, in memory and in the runner's state for the post step; on a signal
// the action completes the open ones as a hold saying the job was cancelled and how to start a new
// round (src/entry/cancel.ts), and the post step (action.yml `runs.post`, which GitHub runs on a
// cancel too) completes whatever is still open (src/entry/post-step.ts).
//
// A run the round leaves in progress on purpose (conditional-on: pending until its dependency's event
// re-evaluates it) counts as finished: only a run no write of the round ever finished is open.
import { getCheckRun, updateCheckRun } from "../github/check-run.js";
import { createGitHubClient } from "../github/client.js";
import type { RepositoryRef } from "../github/repository-ref.js";
import type { GitHubPort } from "../ports/github.js";
import { renderCheck } from "../report/round-report.js";
import { VERSION } from "../util/version.js";
import { maybe } from "../verdict/four-values.js";

/** The state name the open runs are saved under (read back by the post step). */
export const OPEN_RUNS_STATE = "open-check-runs";

/** One check run the job started: where, and for which pull request. */
export interface OpenRun {
  readonly id: number;
  readonly head: string;
  readonly pr?: number;
}

/** The runs a step started and has not finished, saved again whenever the set changes. */
export class OpenRuns {
  private readonly runs = new Map<number, OpenRun>();

  constructor(private readonly save: (runs: readonly OpenRun[]) => void = () => {}) {}

  opened(run: OpenRun): void {
    this.runs.set(run.id, run);
    this.save(this.list());
  }

  finished(id: number): void {
    if (this.runs.delete(id)) this.save(this.list());
  }

  list(): OpenRun[] {
    return [...this.runs.values()];
  }
}

/** The state's text back as runs; anything unreadable is no run (the post step then does nothing). */
export function readOpenRuns(text: string): OpenRun[] {
  if (text.trim() === "") return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((r) => {
      if (typeof r !== "object" || r === null) return [];
      const { id, head, pr } = r as Record<string, unknown>;
      if (!Number.isSafeInteger(id) || (id as number) <= 0 || typeof head !== "string") return [];
      return [{ id: id as number, head, ...(Number.isSafeInteger(pr) ? { pr: pr as number } : {}) }];
    });
  } catch {
    return [];
  }
}

/** The same port, telling `runs` which check runs it starts and finishes. A finish that throws leaves
 * the run open: the post step finishes it. */
export function trackingOpenRuns(github: GitHubPort, runs: OpenRuns): GitHubPort {
  return {
    ...github,
    async startCheck(headSha, name, title, pr) {
      const ref = await github.startCheck(headSha, name, title, pr);
      runs.opened({ id: ref.id, head: headSha, ...(pr !== undefined ? { pr } : {}) });
      return ref;
    },
    async finishCheck(check, output, conclusion) {
      await github.finishCheck(check, output, conclusion);
      runs.finished(check.id);
    },
  };
}

/** Why a run is being finished here rather than by its round. */
export type Interruption =
  | { kind: "signal"; signal: string }
  /** The post step found the run still open: the job ended (cancelled, timed out, the runner lost)
   * before the round or the signal handler could finish it. */
  | { kind: "post" };

/** Where the job's runs live and how to reach them. */
export interface RunsTarget {
  readonly token: string;
  readonly apiUrl: string;
  readonly repository: RepositoryRef;
  readonly checkName: string;
  /** Other secrets to keep out of what is written (the reviewer's key). */
  readonly secrets?: readonly string[];
  /** This workflow run, for the "re-run" link. */
  readonly runUrl?: string;
}

/** The hold an interrupted run is completed with: what happened, that nothing was approved, and how to
 * start a new round. */
export function interruptedReport(target: RunsTarget, run: OpenRun, why: Interruption) {
  const what =
    why.kind === "signal"
      ? `the job was cancelled (${why.signal}) before this round finished`
      : "the job ended before this round finished, and left its check run open";
  const result = maybe(`${what}: nothing was judged and nothing was approved`);
  const rerun = target.runUrl !== undefined ? `[the workflow run](${target.runUrl})` : "the workflow run";
  return renderCheck({
    status: "hold-for-human",
    result,
    parts: [{ name: "rounds", result, summary: "the job stopped before the round could finish" }],
    round: 0,
    headSha: run.head,
    ...(run.pr !== undefined ? { prNumber: run.pr } : {}),
    checkName: target.checkName,
    history: [],
    notes: [
      "A job is cancelled when a person cancels it, when it runs past its `timeout-minutes`, or when a newer run replaces it (`cancel-in-progress`).",
      `Start a new round: re-run the job from ${rerun}, push a commit, or comment \`/verdict review\` on the pull request.`,
    ],
    version: VERSION,
    ...(target.runUrl !== undefined ? { runUrl: target.runUrl } : {}),
  });
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
    ...(options.backoffUnitMs !== undefined ? { backoffUnitMs: options.backoffUnitMs } : {}),
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
