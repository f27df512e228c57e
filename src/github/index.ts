// Everything that calls the GitHub API. The round uses it through createGitHubPort (src/gate/ports.ts);
// the functions are exported for the CLI and the library.

export {
  type CheckConclusion,
  type CheckOutputText,
  type CheckRunHandle,
  type CheckRunUpdate,
  type CheckRunUpdateResult,
  createCheckRun,
  gateBotLogin,
  updateCheckRun,
} from "./check-run.js";
export {
  ANNOTATIONS_PER_REQUEST,
  type ApiAnnotation,
  type CheckAnnotation,
  fitOutputText,
  OUTPUT_TEXT_LIMIT,
} from "./check-run-limits.js";
export { type CheckRunSummary, type CheckRunsForRef, listCheckRunsForRef } from "./check-runs-for-ref.js";
export {
  createGitHubClient,
  type GitHubClient,
  type GitHubClientOptions,
  type GitHubLog,
  type Octokit,
  type RequestStats,
} from "./client.js";
export { type CommitStatus, type CommitStatusLookup, getCommitStatus } from "./commit-status.js";
export { DEFAULT_MAX_FILE_BYTES, type FileAtRef, readFileAtRef } from "./contents.js";
export { GitHubError, type GitHubErrorKind, isGitHubError } from "./errors.js";
export {
  COMMENT_BODY_LIMIT,
  createIssueComment,
  type IssueComment,
  listIssueComments,
  updateIssueComment,
} from "./issue-comments.js";
export { listPullRequestLabels } from "./labels.js";
export {
  listMergeGroupPullRequests,
  type MergeGroupPullRequest,
  type MergeQueueRef,
  parseMergeQueueRef,
} from "./merge-group.js";
export { type CollaboratorPermission, getCollaboratorPermission, type RepositoryRole } from "./permission.js";
export { createGitHubPort, type GitHubPortOptions } from "./port.js";
export { getPullDiff, type PullDiff, type PullDiffOptions, type PullDiffTarget } from "./pull-diff.js";
export {
  getPullRequest,
  getPullRequestState,
  type PullRequest,
  type PullRequestState,
} from "./pull-request.js";
export { fullName, parseRepository, type RepositoryRef } from "./repository-ref.js";
export {
  findStickyComment,
  isTrustedAuthor,
  type StickyLookup,
  upsertStickyComment,
} from "./sticky-comment.js";
export { REDACTED, type Redact, redactor } from "./token-redaction.js";
