// The gate's own check runs on a head, besides the one a round uses: creating that one exactly once
// however GitHub answers, and completing the ones earlier rounds left in progress. Until issue 26 a
// create whose 201 was lost (a 502 after it took effect) was retried as it stood and left a second
// run spinning beside the verdict, and a killed job's run stayed "reviewing this commit…" for good.
import { randomBytes } from "node:crypto";
import type { Logger } from "../ports/github.js";
import { type CheckRunHandle, createCheckRun, updateCheckRun } from "./check-run.js";
import { type CheckRunSummary, listCheckRunsForRef } from "./check-runs-for-ref.js";
import type { GitHubClient } from "./client.js";
import { externalIdOf, type GateRunId } from "./external-id.js";
import { writeOnce } from "./idempotent-write.js";
import type { RepositoryRef } from "./repository-ref.js";

/** Abandoned runs completed in one round at most; the rest, by the rounds after it. */
export const MAX_SUPERSEDED = 10;

/** A new run, created once: a create GitHub answered with an error may have made the run anyway, so
 * the head's runs are read for this creation's own mark (external-id.ts) before creating again
 * (idempotent-write.ts). */
export async function createRunOnce(
  client: GitHubClient,
  repository: RepositoryRef,
  run: { headSha: string; name: string; title: string; id: Omit<GateRunId, "nonce"> },
): Promise<CheckRunHandle> {
  const { headSha, name, title } = run;
  const externalId = externalIdOf({ ...run.id, nonce: randomBytes(6).toString("hex") });
  return writeOnce({
    attempts: 3,
    pause: (attempt) => client.pause(attempt),
    write: () =>
      createCheckRun(client, repository, { name, headSha, title, summary: title, externalId, once: true }),
    look: async () => {
      const again = await listCheckRunsForRef(client, repository, headSha, {
        name,
        filter: "all",
        maxPages: 1,
      });
      const made = again.runs.find((r) => r.externalId === externalId);
      return made === undefined ? undefined : handleOf(made);
    },
  });
}

function handleOf(r: CheckRunSummary): CheckRunHandle {
  return {
    id: r.id,
    name: r.name,
    headSha: r.headSha,
    htmlUrl: r.htmlUrl,
    startedAt: r.startedAt,
    app: r.app === null || r.app.slug === null ? null : { id: r.app.id, slug: r.app.slug },
  };
}

/** Completes the gate's own runs of a pull request left in progress on the head (a killed job's; the
 * duplicate an older release's retried create left) as superseded, naming the run that replaced them.
 * Called before the round's own run is completed, so that the commit's newest run of the name is the
 * one with the verdict. A failure here is only logged: the round's own run is what the required check
 * reads. */
export async function supersede(
  { client, repository, log }: { client: GitHubClient; repository: RepositoryRef; log: Logger },
  abandoned: readonly { readonly id: number }[],
  by: CheckRunHandle,
): Promise<void> {
  const link = by.htmlUrl !== null ? `[check run ${by.id}](${by.htmlUrl})` : `check run ${by.id}`;
  for (const old of abandoned.slice(0, MAX_SUPERSEDED)) {
    try {
      await updateCheckRun(client, repository, old.id, {
        title: `Superseded by check run ${by.id}`,
        summary: `This run was left in progress by a round that did not finish (a cancelled or killed job, or a create GitHub answered with an error after it took effect). ${link} replaced it; this one judges nothing and was never a pass.`,
        conclusion: "cancelled",
      });
      log.info(`check run ${old.id}, left in progress on the head, completed as superseded by ${by.id}`);
    } catch (error) {
      log.warning(
        `check run ${old.id} could not be completed as superseded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  if (abandoned.length > MAX_SUPERSEDED)
    log.info(
      `${abandoned.length - MAX_SUPERSEDED} more abandoned run(s) on the head are left for the next round`,
    );
}
