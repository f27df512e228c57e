// What every job that runs the gate shares, written once: the token's permissions, the concurrency
// group that keeps one round per pull request at a time, and the pull request events that start a
// round. The starter workflow (`init`, the README) is built from these; the reusable workflow and every
// workflow in docs/workflows.md must carry exactly the same (__tests__/workflows checks each one).

/** One scope of the job's token, and why the gate needs it. */
export interface GatePermission {
  readonly scope: string;
  readonly access: "read" | "write";
  readonly why: string;
}

/**
 * The least the gate's token needs. The round history is an issue comment on the pull request
 * (POST/PATCH /repos/{o}/{r}/issues/…/comments), which GitHub documents as needing "Issues" (write)
 * **or** "Pull requests" (write); `issues: write` is the smaller grant for a gate, because
 * `pull-requests: write` would also let its token edit, close or review pull requests. The
 * pull request itself, its files and the pull requests of a commit are read with `pull-requests: read`.
 * A later feature that posts review comments needs `pull-requests: write`, and only where it is used.
 */
export const GATE_PERMISSIONS: readonly GatePermission[] = [
  { scope: "contents", access: "read", why: "the contract at the base commit, and the checkout" },
  { scope: "checks", access: "write", why: "the check run on the head" },
  { scope: "issues", access: "write", why: "the round history, an issue comment on the pull request" },
  { scope: "pull-requests", access: "read", why: "the pull request and its files" },
  { scope: "statuses", access: "read", why: "`status` dependencies" },
];

/**
 * The one concurrency group of every job that runs the gate, in every workflow: the rounds of one pull
 * request share its history comment, so they must queue in one group whichever event started them —
 * a dispatch or a reusable-workflow call (`inputs.pr`), a matrix over pull requests (`matrix.pr`), a
 * pull_request(_target) event, a PR comment (`issue.number`), a workflow_run that names its pull
 * request. A merge group reads histories and writes none, so it has a group of its own (its ref); any
 * other event gets a group of its own run. It is a job-level group because only there can it read
 * `matrix`; `inputs.pr` is the number as digits (the gate refuses any other spelling, which would be
 * another group).
 */
export const ROUND_CONCURRENCY_GROUP =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template
  "verdict-gate-${{ inputs.pr || matrix.pr || github.event.pull_request.number || github.event.issue.number || github.event.workflow_run.pull_requests[0].number || github.event.merge_group.head_ref || github.run_id }}";

/**
 * The pull_request activity types that start a round. `edited` is there for a retarget: a change of
 * the base branch changes the contract the pull request is judged by, so a decision or verdict made
 * for the old base must not stand. It also fires on every title or body edit: a job each time, which
 * reuses the recorded reviewer verdict for the head (no reviewer call) unless the PR description is
 * part of the prompt (`include-pr-description: true`) or the recorded call failed. They are not
 * filtered out with a job `if:`: a skipped job leaves a `skipped` check run of its own on the head,
 * which GitHub counts as passing wherever that job's check is the required one.
 */
export const ROUND_PULL_REQUEST_TYPES = [
  "opened",
  "synchronize",
  "reopened",
  "ready_for_review",
  "edited",
  "labeled",
  "unlabeled",
] as const;

/**
 * Where a job installs a reviewer CLI: the runner's empty temporary directory, as the reusable workflow
 * does (`reviewer-setup`). Never the checkout: `npm install --global` there reads the pull request's
 * .npmrc, whose registry could serve another "claude-code", which the gate step then hands the key.
 */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template
export const REVIEWER_SETUP_DIRECTORY = "${{ runner.temp }}";
