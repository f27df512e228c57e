// The GitHub port as a read-only token sees it: every write turned into nothing, every read passed
// through. A fork PR under `pull_request` gets such a token; its round is still judged (the job
// summary carries the verdict) and the step fails saying no check could be posted (round.ts).

import type { GitHubPort } from "../ports/github.js";

/** The same GitHub with every write turned into nothing: reads still work with a read-only token. */
export function readOnlyGitHub(g: GitHubPort): GitHubPort {
  return {
    pullRequest: (n) => g.pullRequest(n),
    diff: (change) => g.diff(change),
    readFile: (p, ref, options) => g.readFile(p, ref, options),
    startCheck: (sha, name, title, pr) => g.startCheck(sha, name, title, pr),
    finishCheck: async () => {},
    findComment: (pr, marker, login) => g.findComment(pr, marker, login),
    saveComment: async () => undefined,
    permission: (user) => g.permission(user),
    checkRuns: (ref, name) => g.checkRuns(ref, name),
    ...(g.gateRuns !== undefined
      ? {
          gateRuns: (sha: string, name: string, pr: number) =>
            g.gateRuns?.(sha, name, pr) ?? g.checkRuns(sha, name),
        }
      : {}),
    statuses: (ref, context, creator) => g.statuses(ref, context, creator),
    labelAddedBy: (pr, label) => g.labelAddedBy(pr, label),
    openPullsAt: (sha, gated) => g.openPullsAt(sha, gated),
    judgedPullsAt: (sha, checkName) => g.judgedPullsAt(sha, checkName),
    pullRequestState: (repo, n) => g.pullRequestState(repo, n),
    mergeGroupPulls: (sha, ref) => g.mergeGroupPulls(sha, ref),
    commitsBetween: (base, head) => g.commitsBetween(base, head),
    requestCount: () => g.requestCount(),
  };
}
