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
 * `pull-requests: write` alone would not say why the gate writes there. The pull request itself, its
 * files and the pull requests of a commit are read, and the reviewer's findings shown as a review
 * (`review-comments`, default true: POST /pulls/{n}/reviews and GraphQL's resolveReviewThread), with
 * `pull-requests: write`. A workflow that sets `review-comments: false` may grant `read` instead.
 */
export const GATE_PERMISSIONS: readonly GatePermission[] = [
  { scope: "contents", access: "read", why: "the contract at the base commit, and the checkout" },
  { scope: "checks", access: "write", why: "the check run on the head" },
  { scope: "issues", access: "write", why: "the round history, an issue comment on the pull request" },
  {
    scope: "pull-requests",
    access: "write",
    why: "the pull request and its files; the findings as a review (`review-comments`)",
  },
  { scope: "statuses", access: "read", why: "`status` dependencies" },
];

/**
 * The name of every job that runs the gate. Branch protection's list of checks to require shows the
 * job beside the check run it posts, and only the check run (`verdict-gate`) carries the four values:
 * the job passes or fails with its step (`fail-on`), and a job left failed by a `conditional-on` stays
 * failed after the dependency's event turns the check run into a pass. So the job says, in its name,
 * which one to pick. (A caller of the reusable workflow shows as `CALLER / <this name>`.)
 */
export function gateJobName(checkName = "verdict-gate"): string {
  return `runs the gate (require the check ${checkName}, not this job)`;
}

/** Where a job finds the pull request's number besides its event: a `pr` input of the workflow
 * (`workflow_dispatch` or `workflow_call`), and a matrix over pull requests. */
export interface PullRequestNumberSources {
  /** The workflow declares an input `pr`. */
  readonly input: boolean;
  /** The job has a matrix with `pr`. */
  readonly matrix: boolean;
}

/**
 * The one concurrency group of every job that runs the gate, in every workflow: the rounds of one pull
 * request share its history comment, so they must queue in one group whichever event started them —
 * a dispatch or a reusable-workflow call (`inputs.pr`), a matrix over pull requests (`matrix.pr`), a
 * pull_request(_target) event, a PR comment (`issue.number`), a workflow_run that names its pull
 * request. A merge group reads histories and writes none, so it has a group of its own (its ref); any
 * other event gets a group of its own run. It is a job-level group because only there can it read
 * `matrix`; `inputs.pr` is the number as digits (the gate refuses any other spelling, which would be
 * another group).
 *
 * A workflow names only the sources it has: `matrix.pr` in a job without a matrix, or `inputs.pr` in a
 * workflow without that input, is a property the workflow cannot have, and actionlint reports it (the
 * starter once carried both and had findings). Leaving out a term that is always empty there changes no
 * group's name: `a || b` is `b` when `a` is empty.
 */
export function roundConcurrencyGroup(has: PullRequestNumberSources): string {
  const terms = [
    ...(has.input ? ["inputs.pr"] : []),
    ...(has.matrix ? ["matrix.pr"] : []),
    "github.event.pull_request.number",
    "github.event.issue.number",
    "github.event.workflow_run.pull_requests[0].number",
    "github.event.merge_group.head_ref",
    "github.run_id",
  ];
  return `verdict-gate-\${{ ${terms.join(" || ")} }}`;
}

/** The group with every source, as docs/workflows.md explains it. */
export const ROUND_CONCURRENCY_GROUP = roundConcurrencyGroup({ input: true, matrix: true });

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
 * The job `if:` of a job that runs the gate and listens to `issue_comment`: every other event starts it
 * as before, a comment only when it is on a pull request and starts with `/verdict` (the action reads
 * the command itself and ignores anything else without a request: src/commands/). Without it, every
 * comment on every issue and pull request would start a job. A job skipped here leaves its `skipped`
 * check run on the default branch's commit (an `issue_comment` workflow's GITHUB_SHA), never on a pull
 * request's head, so it cannot stand in for a required check.
 */
export const COMMAND_JOB_IF =
  "github.event_name != 'issue_comment' || (github.event.issue.pull_request && startsWith(github.event.comment.body, '/verdict'))";

/**
 * Where a job installs a reviewer CLI: the runner's empty temporary directory, as the reusable workflow
 * does (`reviewer-setup`). Never the checkout: `npm install --global` there reads the pull request's
 * .npmrc, whose registry could serve another "claude-code", which the gate step then hands the key.
 */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template
export const REVIEWER_SETUP_DIRECTORY = "${{ runner.temp }}";
