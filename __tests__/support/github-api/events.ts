// Event files for GITHUB_EVENT_PATH, built from GitHub's real webhook payloads
// (`@octokit/webhooks-examples`) with the repository, pull request, numbers and SHAs replaced by the
// fake's, so the action reads exactly the shape a runner hands it. Also returns the runner variables
// that go with each event (GITHUB_SHA is the test merge commit under `pull_request`, the base branch
// under `pull_request_target`: the gate must never post its check there).
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { FakePullRequest, FakeRepository, GitHubApiFixture } from "./fixture.js";
import type { CommentRecord } from "./model.js";
import { validateComponent } from "./openapi-validator.js";
import { pullRequestFiles } from "./pull-files.js";
import { issueComment } from "./representations/comment.js";
import { label as labelJson } from "./representations/label.js";
import { pullRequest } from "./representations/pull-request.js";
import { repository } from "./representations/repository.js";
import { WEB } from "./representations/urls.js";
import { simpleUser } from "./representations/users.js";

interface WebhookDefinition {
  name: string;
  examples: Record<string, unknown>[];
}

let definitions: WebhookDefinition[] | undefined;

function example(
  name: string,
  action?: string,
  which: (e: Record<string, unknown>) => boolean = () => true,
): Record<string, unknown> {
  if (definitions === undefined) {
    definitions = createRequire(import.meta.url)("@octokit/webhooks-examples") as WebhookDefinition[];
  }
  const entry = definitions.find((d) => d.name === name);
  const found = entry?.examples.find((e) => (action === undefined || e.action === action) && which(e));
  if (found === undefined)
    throw new Error(`@octokit/webhooks-examples has no ${name}${action ? `.${action}` : ""}`);
  return structuredClone(found);
}

export type EventSpec =
  | {
      readonly event: "pull_request" | "pull_request_target";
      readonly action:
        | "opened"
        | "synchronize"
        | "labeled"
        | "unlabeled"
        | "reopened"
        | "edited"
        | "ready_for_review";
      readonly pull: FakePullRequest;
      /** `synchronize`: the head before the push (from `push()`'s or `forcePush()`'s result). */
      readonly before?: string;
      /** `labeled`/`unlabeled`: the label. */
      readonly label?: string;
      readonly sender?: string;
    }
  | {
      readonly event: "workflow_dispatch";
      readonly repo: FakeRepository;
      readonly inputs: Readonly<Record<string, string>>;
      /** The branch the workflow runs on (default: the default branch). */
      readonly ref?: string;
      readonly sender?: string;
    }
  | {
      readonly event: "merge_group";
      readonly repo: FakeRepository;
      readonly group: { headSha: string; headRef: string; baseSha: string; baseRef: string };
      readonly sender?: string;
    }
  | {
      /** A comment created (or edited) on a pull request, or on an issue that is none. */
      readonly event: "issue_comment";
      readonly action: "created" | "edited";
      readonly repo: FakeRepository;
      /** The pull request commented on; omit for an issue that is not a pull request (`issue`). */
      readonly pull?: FakePullRequest;
      readonly issue?: number;
      /** The comment as the fake stores it (\`pull.comment(author, body)\`). */
      readonly comment: CommentRecord;
      readonly sender?: string;
    }
  | {
      readonly event: "push";
      readonly repo: FakeRepository;
      /** A branch name. */
      readonly branch: string;
      readonly before: string;
      readonly after: string;
      readonly sender?: string;
    };

export interface EventFile {
  readonly path: string;
  readonly payload: Record<string, unknown>;
  /** The runner's variables for this event: GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_SHA, … */
  readonly env: Record<string, string>;
}

/** The runner's variables of a new run of the workflow, which the fake records (its `created_at` is
 * when the event asked for it: GitHub's clock now). */
function runnerEnv(
  api: GitHubApiFixture,
  repo: FakeRepository,
  event: string,
  sha: string,
  ref: string,
  actor: string,
): Record<string, string> {
  const person = api.model.user(actor);
  const at = api.model.timestamp();
  const run = {
    id: api.model.ids.id("workflow-run"),
    number: repo.record.workflowRuns.length + 1,
    event,
    headSha: sha,
    headBranch: ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : null,
    actor: person,
    triggeringActor: person,
    attempt: 1,
    createdAt: at,
    runStartedAt: at,
  };
  repo.record.workflowRuns.push(run);
  return {
    GITHUB_ACTIONS: "true",
    CI: "true",
    GITHUB_EVENT_NAME: event,
    GITHUB_REPOSITORY: repo.fullName,
    GITHUB_REPOSITORY_OWNER: repo.owner,
    GITHUB_REPOSITORY_ID: String(repo.record.id),
    GITHUB_SHA: sha,
    GITHUB_REF: ref,
    GITHUB_REF_NAME: ref.replace(/^refs\/(heads|tags|pull)\//, ""),
    GITHUB_ACTOR: actor,
    GITHUB_TRIGGERING_ACTOR: actor,
    GITHUB_API_URL: api.url,
    GITHUB_SERVER_URL: WEB,
    GITHUB_GRAPHQL_URL: `${api.url}/graphql`,
    GITHUB_WORKFLOW: "verdict-gate",
    GITHUB_WORKFLOW_REF: `${repo.fullName}/.github/workflows/verdict-gate.yml@${ref}`,
    GITHUB_RUN_ID: String(run.id),
    GITHUB_RUN_NUMBER: String(run.number),
    GITHUB_RUN_ATTEMPT: "1",
    GITHUB_JOB: "gate",
  };
}

/** `issue_comment`: GitHub's example payload with this comment, on this pull request (or plain issue),
 * checked against GitHub's webhook schema so a hand-made field cannot slip in. The runner's variables
 * are a default-branch run's: GITHUB_SHA is the default branch's head, never the PR's. */
function issueCommentEvent(
  api: GitHubApiFixture,
  spec: Extract<EventSpec, { event: "issue_comment" }>,
  sender: Record<string, unknown>,
  senderLogin: string,
): { payload: Record<string, unknown>; env: Record<string, string> } {
  const hosts = { api: api.url, web: WEB };
  const { repo, pull } = spec;
  // The newer examples: the oldest one predates fields GitHub's schema now requires of an issue.
  const payload = example(
    "issue_comment",
    spec.action,
    (e) => "reactions" in (e.issue as Record<string, unknown>),
  );
  const number = pull?.number ?? spec.issue;
  if (number === undefined) throw new Error("an issue_comment event needs a pull request or an issue");
  const issue = payload.issue as Record<string, unknown>;
  const author = pull?.record.author ?? api.model.user("octocat");
  const apiBase = `${api.url}/repos/${repo.fullName}`;
  const web = `${WEB}/${repo.fullName}`;
  Object.assign(issue, {
    url: `${apiBase}/issues/${number}`,
    repository_url: apiBase,
    labels_url: `${apiBase}/issues/${number}/labels{/name}`,
    comments_url: `${apiBase}/issues/${number}/comments`,
    events_url: `${apiBase}/issues/${number}/events`,
    html_url: `${web}/${pull !== undefined ? "pull" : "issues"}/${number}`,
    number,
    title: pull?.record.title ?? `Issue ${number}`,
    user: simpleUser(hosts, author),
    labels: [],
    state: pull?.record.state ?? "open",
    closed_at: pull?.record.closedAt ?? null,
    body: pull?.record.body ?? "An issue",
  });
  if (pull !== undefined) {
    issue.pull_request = {
      url: `${apiBase}/pulls/${number}`,
      html_url: `${web}/pull/${number}`,
      diff_url: `${web}/pull/${number}.diff`,
      patch_url: `${web}/pull/${number}.patch`,
      merged_at: pull.record.mergedAt,
    };
  } else {
    delete issue.pull_request;
  }
  const comment = issueComment(hosts, repo.record, spec.comment);
  payload.comment = comment;
  if (spec.action === "edited") payload.changes = { body: { from: "(the body before the edit)" } };
  payload.repository = repository(hosts, repo.record);
  payload.sender = sender;
  delete payload.organization;
  delete payload.installation;
  const problems = validateComponent(`webhook-issue-comment-${spec.action}`, payload);
  if (problems.length > 0)
    throw new Error(`the issue_comment payload breaks GitHub's schema: ${problems.join("; ")}`);
  const head = repo.record.branches.get(repo.defaultBranch) ?? "";
  const env = runnerEnv(api, repo, "issue_comment", head, `refs/heads/${repo.defaultBranch}`, senderLogin);
  return { payload, env };
}

/** Writes the event file (into `dir`, or a fresh temporary directory) and returns it with its env. */
export function writeEventFile(api: GitHubApiFixture, spec: EventSpec, dir?: string): EventFile {
  const hosts = { api: api.url, web: WEB };
  let payload: Record<string, unknown>;
  let env: Record<string, string>;
  const senderLogin =
    spec.sender ??
    (spec.event === "issue_comment"
      ? spec.comment.author.login
      : "pull" in spec
        ? spec.pull.record.author.login
        : "octocat");
  const sender = simpleUser(hosts, api.model.user(senderLogin));
  if (spec.event === "issue_comment") {
    ({ payload, env } = issueCommentEvent(api, spec, sender, senderLogin));
  } else if ("pull" in spec) {
    const { pull } = spec;
    const repo = pull.repo;
    const files = pullRequestFiles(api.model, repo.record, pull.record);
    payload = example("pull_request", spec.action === "unlabeled" ? "unlabeled" : spec.action);
    payload.action = spec.action;
    payload.number = pull.number;
    payload.pull_request = pullRequest(hosts, repo.record, pull.record, files);
    payload.repository = repository(hosts, repo.record);
    payload.sender = sender;
    if (spec.action === "synchronize") {
      payload.before = spec.before ?? pull.record.commits[pull.record.commits.length - 2] ?? pull.baseSha;
      payload.after = pull.headSha;
    }
    if (spec.action === "labeled" || spec.action === "unlabeled") {
      const name = spec.label ?? pull.record.labels[0];
      if (name === undefined) throw new Error("a labeled event needs a label");
      repo.ensureLabel(name);
      const record = repo.record.labels.get(name);
      if (record !== undefined) payload.label = labelJson(hosts, repo.record, record);
    }
    const target = spec.event === "pull_request_target";
    env = {
      ...runnerEnv(
        api,
        repo,
        spec.event,
        target ? (repo.record.branches.get(pull.baseRef) ?? pull.baseSha) : pull.mergeCommitSha,
        target ? `refs/heads/${pull.baseRef}` : `refs/pull/${pull.number}/merge`,
        senderLogin,
      ),
      GITHUB_HEAD_REF: pull.headRef,
      GITHUB_BASE_REF: pull.baseRef,
    };
  } else if (spec.event === "workflow_dispatch") {
    const { repo } = spec;
    const branch = spec.ref ?? repo.defaultBranch;
    const sha = repo.record.branches.get(branch);
    if (sha === undefined) throw new Error(`no branch ${branch}`);
    payload = example("workflow_dispatch");
    payload.inputs = { ...spec.inputs };
    payload.ref = `refs/heads/${branch}`;
    payload.repository = repository(hosts, repo.record);
    payload.sender = sender;
    payload.workflow = ".github/workflows/verdict-gate.yml";
    delete payload.organization;
    env = runnerEnv(api, repo, "workflow_dispatch", sha, `refs/heads/${branch}`, senderLogin);
  } else if (spec.event === "merge_group") {
    const { repo, group } = spec;
    payload = example("merge_group", "checks_requested");
    const commit = repo.record.commits.get(group.headSha);
    const original = (payload.merge_group as { head_commit: Record<string, unknown> }).head_commit;
    payload.merge_group = {
      head_sha: group.headSha,
      head_ref: group.headRef,
      base_sha: group.baseSha,
      base_ref: group.baseRef,
      head_commit: {
        ...original,
        id: group.headSha,
        tree_id: group.headSha.split("").reverse().join(""),
        message: commit?.message ?? "Merge",
        timestamp: commit?.date ?? api.model.timestamp(),
      },
    };
    payload.repository = repository(hosts, repo.record);
    payload.sender = sender;
    delete payload.organization;
    env = runnerEnv(api, repo, "merge_group", group.headSha, group.headRef, senderLogin);
  } else {
    const { repo } = spec;
    payload = example("push");
    payload.ref = `refs/heads/${spec.branch}`;
    payload.before = spec.before;
    payload.after = spec.after;
    payload.created = false;
    payload.deleted = false;
    payload.forced = false;
    payload.base_ref = null;
    payload.compare = `${WEB}/${repo.fullName}/compare/${spec.before.slice(0, 12)}...${spec.after.slice(0, 12)}`;
    const commit = repo.record.commits.get(spec.after);
    const person = {
      name: senderLogin,
      email: `${senderLogin}@users.noreply.github.com`,
      username: senderLogin,
    };
    const headCommit = {
      id: spec.after,
      tree_id: spec.after.split("").reverse().join(""),
      distinct: true,
      message: commit?.message ?? "Update",
      timestamp: commit?.date ?? api.model.timestamp(),
      url: `${WEB}/${repo.fullName}/commit/${spec.after}`,
      author: person,
      committer: person,
      added: [],
      removed: [],
      modified: [],
    };
    payload.commits = [headCommit];
    payload.head_commit = headCommit;
    payload.repository = repository(hosts, repo.record);
    payload.pusher = { name: senderLogin, email: person.email };
    payload.sender = sender;
    env = runnerEnv(api, repo, "push", spec.after, `refs/heads/${spec.branch}`, senderLogin);
  }
  const directory = dir ?? mkdtempSync(path.join(os.tmpdir(), "vg-event-"));
  const file = path.join(directory, `${spec.event}.json`);
  writeFileSync(file, `${JSON.stringify(payload, null, 2)}\n`);
  env.GITHUB_EVENT_PATH = file;
  return { path: file, payload, env };
}
