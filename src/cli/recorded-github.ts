// GitHub ports for rounds run from a terminal. `recordWrites` wraps the check-run and history roles of
// any GitHub so that the check run and the history comment are recorded — and, in a dry run, only
// recorded — which is how `pr --dry-run` shows the check run it would post and how `review` gets its
// report without a pull request.
// `localGitHub` is the pull request a local diff stands in for: reads come from the diff, the
// contract file on disk and (for lockfiles at the base) the local git repository; the head's files are
// the working tree's, read by the round itself. Everything only GitHub knows (other checks, statuses, labels, other PRs)
// is reported as not there yet, which the dependencies part reads as pending, never as holding.
import type { Diff } from "../diff/types.js";
import {
  CannotWriteChecksError,
  type CheckOutput,
  type CheckRunRef,
  type ContractFile,
  type GitHub,
  type HeadRuns,
  type PullRequestInfo,
} from "../ports/github.js";

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

export interface LocalChange {
  diff: Diff;
  contract: ContractFile;
  /** The path the round asks the contract for. */
  contractPath: string;
  /** The commit the change is, or LOCAL_HEAD for a diff of a working tree. */
  head: string;
  /** Another file as the diff's old side has it (local-base.ts), for the lockfile check. */
  readBase?: (path: string) => ContractFile | Promise<ContractFile>;
}

/** The head of a local diff, which is not a commit: reported as none (head_sha null). */
export const LOCAL_HEAD = "0".repeat(40);

/** The base "commit" of the stand-in pull request: a local diff names no commit, only blobs. Not a hex
 * id on purpose, so that it can never equal the head (LOCAL_HEAD) and a base file is never served as
 * the head's. */
export const LOCAL_BASE = "local-diff-base".padEnd(40, "-");

/** The number the local stand-in pull request carries; never shown (the CLI strips it). */
export const LOCAL_PR = 1;

function notOnGitHub(what: string): never {
  throw new Error(`a local review has no ${what}`);
}

/** A pull request made of a local diff. Writes must be recorded (wrap it in recordWrites). */
export function localGitHub(change: LocalChange): GitHub {
  const added = change.diff.files.reduce((n, f) => n + f.additions, 0);
  const deleted = change.diff.files.reduce((n, f) => n + f.deletions, 0);
  const pr: PullRequestInfo = {
    number: LOCAL_PR,
    headSha: change.head,
    baseSha: LOCAL_BASE,
    headRepo: "local",
    state: "open",
    merged: false,
    draft: false,
    mergeCommitSha: null,
    labels: [],
    title: "",
    body: "",
    author: "local",
    changedFiles: change.diff.files.length,
    additions: added,
    deletions: deleted,
  };
  const noRuns: HeadRuns = { head: change.head, name: "", runs: [], total: 0 };
  return {
    pulls: {
      pullRequest: async () => pr,
      diff: async () => change.diff,
      // The contract by its path; any other file only at the base (the head is the working tree, which the
      // round reads itself): a base lockfile served as the head's would pass the check on the wrong file.
      readFile: async (path, ref) => {
        if (path === change.contractPath) return change.contract;
        if (ref !== LOCAL_BASE) {
          return {
            kind: "unreadable",
            message: "a local review reads the head's files from the working tree only",
          };
        }
        return (
          (await change.readBase?.(path)) ?? {
            kind: "unreadable",
            message: "a local review has no base commit to read it from",
          }
        );
      },
    },
    checks: {
      onHead: async (head, name) => ({ ...noRuns, head, name }),
      startCheck: async () => notOnGitHub("check run"),
      finishCheck: async () => notOnGitHub("check run"),
    },
    history: {
      findComment: async () => undefined,
      saveComment: async () => notOnGitHub("history comment"),
    },
    dependencies: {
      checkRuns: async () => [],
      statuses: async () => [],
      labelAddedBy: async () => null,
      pullRequestState: async () => ({ state: "open", merged: false }),
    },
    peers: {
      // The stand-in pull request is the only one at its commit, and the gate judged no other there.
      openPullsAt: async () => [LOCAL_PR],
      judgedPullsAt: async () => [],
      mergeGroupPulls: async () => ({ pulls: [] }),
      // Nothing was pushed: the stand-in pull request has no commits.
      commitsBetween: async () => ({ commits: [], complete: true }),
    },
    people: {
      permission: async () => "none",
      actingApp: async () => notOnGitHub("app identity"),
      workflowRun: async () => notOnGitHub("workflow run"),
    },
    requestCount: () => 0,
  };
}
