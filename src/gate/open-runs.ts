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
// re-evaluates it) counts as finished: only a run no write of the round ever finished is open. The
// writes that finish them, through a client of their own, are src/github/interrupted-runs.ts.
import type { GitHub } from "../ports/github.js";
import { renderCheck } from "../report/round-report.js";
import { defined } from "../util/defined.js";
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

/** The same GitHub, its check runs telling `runs` which ones it starts and finishes. A finish that
 * throws leaves the run open: the post step finishes it. */
export function trackingOpenRuns(github: GitHub, runs: OpenRuns): GitHub {
  const { checks } = github;
  return {
    ...github,
    checks: {
      onHead: checks.onHead,
      async startCheck(start) {
        const ref = await checks.startCheck(start);
        runs.opened({ id: ref.id, head: start.head, ...defined({ pr: start.pr }) });
        return ref;
      },
      async finishCheck(check, output, conclusion, history) {
        await checks.finishCheck(check, output, conclusion, history);
        runs.finished(check.id);
      },
    },
  };
}

/** Why a run is being finished here rather than by its round. */
export type Interruption =
  | { kind: "signal"; signal: string }
  /** The post step found the run still open: the job ended (cancelled, timed out, the runner lost)
   * before the round or the signal handler could finish it. */
  | { kind: "post" };

/** What an interrupted run's report names: the check, and this workflow run for the "re-run" link. */
export interface RunsReport {
  readonly checkName: string;
  readonly runUrl?: string;
}

/** The hold an interrupted run is completed with: what happened, that nothing was approved, and how to
 * start a new round. */
export function interruptedReport(target: RunsReport, run: OpenRun, why: Interruption) {
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
    ...defined({ prNumber: run.pr }),
    checkName: target.checkName,
    history: [],
    notes: [
      "A job is cancelled when a person cancels it, when it runs past its `timeout-minutes`, or when a newer run replaces it (`cancel-in-progress`).",
      `Start a new round: re-run the job from ${rerun}, push a commit, or comment \`/verdict review\` on the pull request.`,
    ],
    version: VERSION,
    ...defined({ runUrl: target.runUrl }),
  });
}
