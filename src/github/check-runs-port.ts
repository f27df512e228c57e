// The gate's check runs, as the round's CheckRunSink (src/ports/github.ts): the head's runs read as one
// value, the round's own run started on it (one still in progress taken over, abandoned ones
// superseded: head-runs.ts) and finished with what it remembers for the next round (external-id.ts).
// Nothing is kept between calls: what a call needs from an earlier read comes in as a value.
import {
  CannotWriteChecksError,
  type CheckOutput,
  type CheckRunRef,
  type CheckRunSink,
  type CheckStart,
  type GateRun,
  type HeadRuns,
  type Logger,
} from "../ports/github.js";
import { defined } from "../util/defined.js";
import { type CheckRunHandle, gateBotLogin, reopenCheckRun, updateCheckRun } from "./check-run.js";
import { type CheckRunSummary, listCheckRunsForRef } from "./check-runs-for-ref.js";
import type { GitHubClient } from "./client.js";
import { isGitHubError } from "./errors.js";
import { externalIdOf, parseExternalId } from "./external-id.js";
import { createRunOnce, supersede } from "./head-runs.js";
import type { RepositoryRef } from "./repository-ref.js";

interface Bound {
  readonly client: GitHubClient;
  readonly repository: RepositoryRef;
  readonly log: Logger;
}

export function checkRunSink(client: GitHubClient, repository: RepositoryRef, log: Logger): CheckRunSink {
  const bound: Bound = { client, repository, log };
  return {
    onHead: (head, name) => headRuns(bound, head, name),
    startCheck: (start) => writingChecks(() => startCheck(bound, start)),
    finishCheck: (check, output, conclusion, history) =>
      writingChecks(() => finishCheck(bound, check, output, conclusion, history)),
  };
}

/** A token that may not write checks is its own error, which the round turns into a hold it reports. */
async function writingChecks<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isGitHubError(error, "checks-not-writable")) throw new CannotWriteChecksError(error.message);
    throw error;
  }
}

/** The head's runs of a name, newest first, one page: what a round's start reads. */
async function headRuns(bound: Bound, head: string, name: string): Promise<HeadRuns> {
  const read = await listCheckRunsForRef(bound.client, bound.repository, head, {
    name,
    filter: "all",
    maxPages: 1,
  });
  return { head, name, runs: read.runs.map(gateRunOf), total: read.total };
}

function gateRunOf(r: CheckRunSummary): GateRun {
  const id = parseExternalId(r.externalId);
  return {
    id: r.id,
    status: r.status,
    conclusion: r.conclusion,
    app: r.app?.slug ?? null,
    completedAt: r.completedAt,
    ...(id?.pr !== undefined ? { pr: id.pr } : {}),
    ...(id?.history !== undefined ? { history: id.history } : {}),
  };
}

/** The round's check run on the head, in progress: the pull request's own run there taken over when
 * one is still in progress (a conditional-on waiting for its dependency, a killed round's), so that
 * re-evaluations of a head do not pile up runs; else a new one, created once however GitHub answers.
 * Runs of the gate's left in progress beside it are completed as superseded. A merge group's run names
 * no pull request, so nothing of the head's runs is its own. */
async function startCheck(bound: Bound, start: CheckStart): Promise<CheckRunRef> {
  const { client, repository, log } = bound;
  const { head, name, title, pr } = start;
  const own = (start.runs?.head === head ? start.runs.runs : []).filter(
    (r) => pr !== undefined && r.pr === pr,
  );
  const open = own.filter((r) => r.status !== "completed");
  const taken = open[0];
  let run: CheckRunHandle | undefined;
  if (taken !== undefined) {
    try {
      run = await reopenCheckRun(client, repository, taken.id, { title, summary: title });
      log.info(
        `check run ${taken.id} of #${pr}, still in progress on ${head.slice(0, 12)}, taken over for this round`,
      );
    } catch (error) {
      // Not this app's run, or gone: a new one. (A token that cannot write checks fails there too.)
      log.info(
        `check run ${taken.id} could not be taken over (${error instanceof Error ? error.message : String(error)}); starting a new one`,
      );
    }
  }
  run ??= await createRunOnce(client, repository, {
    headSha: head,
    name,
    title,
    id: pr !== undefined ? { pr } : {},
  });
  const made = run;
  await supersede(
    bound,
    open.filter((r) => r.id !== made.id && r.app === made.app?.slug),
    made,
  );
  // The history is trusted only from the bot of the app that owns this check run. When GitHub
  // does not name the app there is no such bot, and no default either (github-actions[bot] is
  // every workflow's): the round finds appSlug null and holds.
  if (gateBotLogin(made) === null) {
    log.warning(
      `GitHub did not say which app owns check run ${made.id}: no round history can be trusted, so this round holds`,
    );
  }
  return {
    id: made.id,
    appSlug: made.app?.slug ?? null,
    url: made.htmlUrl ?? "",
    ...(made.startedAt !== null ? { startedAt: made.startedAt } : {}),
    ...defined({ pr }),
  };
}

/** The round's output written and the conclusion set; the run remembers its pull request and where
 * that pull request's history is, for the next round on this head. */
async function finishCheck(
  { client, repository }: Bound,
  check: CheckRunRef,
  output: CheckOutput,
  conclusion: "success" | "failure" | "action_required" | null,
  history: number | undefined,
): Promise<void> {
  const { pr } = check;
  await updateCheckRun(client, repository, check.id, {
    ...(pr !== undefined ? { externalId: externalIdOf({ pr, ...defined({ history }) }) } : {}),
    title: output.title,
    summary: output.summary,
    ...defined({ text: output.text }),
    annotations: output.annotations.map((a) => ({
      path: a.path,
      startLine: a.startLine,
      endLine: a.endLine,
      level: a.level,
      title: a.title,
      message: a.message,
    })),
    ...(conclusion !== null ? { conclusion } : {}),
  });
}
