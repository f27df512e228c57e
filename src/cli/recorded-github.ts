// GitHub for `verdict-gate pr`: `recordWrites` wraps the check-run and history roles of any GitHub so
// that the check run and the history comment are recorded — and, in a dry run, only recorded — which
// is how `pr --dry-run` shows the check run it would post.
import { CannotWriteChecksError, type CheckOutput, type CheckRunRef, type GitHub } from "../ports/github.js";

export interface RecordedWrites {
  /** The check run as started (in progress). */
  started?: { headSha: string; name: string; title: string; ref: CheckRunRef };
  /** The check run as completed; a null conclusion leaves it in progress (conditional-on). */
  finished?: { output: CheckOutput; conclusion: "success" | "failure" | "action_required" | null };
  /** The history comment, as saved. */
  comment?: { prNumber: number; body: string; replaces?: number };
  /** GitHub refused to create the check run, with GitHub's words. */
  refused?: string;
}

export interface RecordOptions {
  /** Record only: nothing is sent. */
  dryRun: boolean;
  /** Whose history comment to trust in a dry run (the real one comes from the check run's app). */
  appSlug?: string;
}

export function recordWrites(base: GitHub, options: RecordOptions): { port: GitHub; writes: RecordedWrites } {
  const writes: RecordedWrites = {};
  // A dry run shows no findings on the pull request either: the review port is left out.
  const { reviews, ...reads } = base;
  const { checks, history } = base;
  const port: GitHub = {
    ...reads,
    ...(options.dryRun || reviews === undefined ? {} : { reviews }),
    checks: {
      onHead: checks.onHead,
      // The run is started as a run of no pull request: a terminal's run takes over none of the
      // gate's, and names no pull request for another's round to find.
      async startCheck({ head, name, title }) {
        let ref: CheckRunRef;
        if (options.dryRun) {
          ref = { id: 0, appSlug: options.appSlug ?? "github-actions", url: "" };
        } else {
          try {
            ref = await checks.startCheck({ head, name, title });
          } catch (error) {
            if (error instanceof CannotWriteChecksError) writes.refused = error.message;
            throw error;
          }
        }
        writes.started = { headSha: head, name, title, ref };
        return ref;
      },
      async finishCheck(check, output, conclusion, remembered) {
        if (!options.dryRun) await checks.finishCheck(check, output, conclusion, remembered);
        writes.finished = { output, conclusion };
      },
    },
    history: {
      findComment: history.findComment,
      async saveComment(prNumber, body, existing) {
        const saved = options.dryRun ? undefined : await history.saveComment(prNumber, body, existing);
        writes.comment = { prNumber, body, ...(existing !== undefined ? { replaces: existing.id } : {}) };
        return saved;
      },
    },
  };
  return { port, writes };
}
