// What a test holds: the loopback GitHub API with a handle on its state. A test sets up a repository
// and a pull request, points the gate at `url` with `token`, and between rounds pushes, force-pushes,
// labels, merges or completes other checks; afterwards it reads the check runs and comments the gate
// wrote, the requests it made, and calls `assertClean()`.
import type { EventFile } from "./events.js";
import { FaultPlan } from "./faults.js";
import {
  type AppRecord,
  type CheckRunRecord,
  type CommentRecord,
  type FileChange,
  GitHubModel,
  type PullRecord,
  type RepoRecord,
  type ReviewRecord,
  type ReviewThreadRecord,
  type Role,
  type StatusRecord,
  type TokenGrant,
} from "./model.js";
import { type PullFile, pullRequestFiles } from "./pull-files.js";
import { defaultLimits, type GitHubLimits } from "./routes/context.js";
import { EMULATED_ROUTES, type RecordedRequest, startServer, warmUpValidators } from "./server.js";

/** The GITHUB_TOKEN a workflow gets: an installation token of the GitHub Actions app, with write
 * access. Shaped like a real one (`ghs_` + 36 characters) so redaction is tested on a realistic value. */
export const DEFAULT_TOKEN = "ghs_L00pbackInstallati0nT0ken0123456789";

export type FileTree = Readonly<Record<string, string | Buffer>>;

function changesFromTree(files: FileTree): FileChange[] {
  return Object.entries(files).map(([path, content]) => ({ path, content }));
}

export class FakePullRequest {
  constructor(
    private readonly api: GitHubApiFixture,
    readonly repo: FakeRepository,
    readonly record: PullRecord,
  ) {}

  get number(): number {
    return this.record.number;
  }
  get headSha(): string {
    return this.record.headSha;
  }
  get baseSha(): string {
    return this.record.baseSha;
  }
  get headRef(): string {
    return this.record.headRef;
  }
  get baseRef(): string {
    return this.record.baseRef;
  }
  get mergeCommitSha(): string {
    return this.record.mergeCommitSha;
  }

  /** The files GitHub would list for this PR now. */
  files(): PullFile[] {
    return pullRequestFiles(this.api.model, this.repo.record, this.record);
  }

  private moveHead(sha: string, commits: string[]): { before: string; after: string } {
    const before = this.record.headSha;
    this.record.headSha = sha;
    this.record.commits = commits;
    const headRepo = this.record.headRepo ?? this.repo.record;
    headRepo.branches.set(this.record.headRef, sha);
    this.record.mergeCommitSha = this.api.model.mergeCommit(this.repo.record, this.record.baseSha, sha).sha;
    this.record.updatedAt = this.api.model.timestamp();
    return { before, after: sha };
  }

  /** A new commit on the head branch (a `synchronize` event with `before`/`after`), written by the
   * pull request's author unless `by` names its author and committer (someone else pushing to it). */
  push(
    changes: readonly FileChange[] | FileTree,
    message = "Address review",
    by: { author?: string; committer?: string } = {},
  ): { before: string; after: string } {
    const list = Array.isArray(changes) ? changes : changesFromTree(changes as FileTree);
    const commit = this.api.model.commit(
      this.repo.record,
      this.record.headSha,
      list,
      message,
      by.author ?? this.record.author.login,
      by.committer,
    );
    return this.moveHead(commit.sha, [...this.record.commits, commit.sha]);
  }

  /** Force-pushes the head branch back to a commit it had before (`git push --force` of an old sha). */
  resetHead(sha: string): { before: string; after: string } {
    if (!(this.record.headRepo ?? this.repo.record).commits.has(sha)) throw new Error(`no commit ${sha}`);
    return this.moveHead(sha, [sha]);
  }

  /** Rewrites the head branch: one new commit on the base with these changes; earlier commits vanish. */
  forcePush(
    changes: readonly FileChange[] | FileTree,
    message = "Rewrite",
  ): { before: string; after: string } {
    const list = Array.isArray(changes) ? changes : changesFromTree(changes as FileTree);
    const commit = this.api.model.commit(
      this.repo.record,
      this.record.baseSha,
      list,
      message,
      this.record.author.login,
    );
    return this.moveHead(commit.sha, [commit.sha]);
  }

  /** Changes the base branch, as "Edit" → base on GitHub does (an `edited` event follows): the base
   * and its commit become that branch's, and the diff is computed afresh against it. */
  retarget(baseRef: string): { from: string } {
    const sha = this.repo.record.branches.get(baseRef);
    if (sha === undefined) throw new Error(`no branch ${baseRef}: commit to it first`);
    const from = this.record.baseRef;
    this.record.baseRef = baseRef;
    this.record.baseSha = sha;
    this.record.mergeCommitSha = this.api.model.mergeCommit(this.repo.record, sha, this.record.headSha).sha;
    this.record.updatedAt = this.api.model.timestamp();
    return { from };
  }

  /** The base branch moved on (another PR merged): GitHub reports its new tip as the PR's base. */
  followBase(): { before: string; after: string } {
    const before = this.record.baseSha;
    const after = this.repo.record.branches.get(this.record.baseRef) ?? before;
    this.record.baseSha = after;
    this.record.mergeCommitSha = this.api.model.mergeCommit(this.repo.record, after, this.record.headSha).sha;
    return { before, after };
  }

  /** Adds a label as `by` would (default: the repository's owner, an admin), recording the `labeled`
   * event GitHub keeps on the issue timeline with them as its actor. */
  addLabel(name: string, by: string = this.repo.owner): void {
    this.repo.ensureLabel(name);
    if (this.record.labels.includes(name)) return;
    this.record.labels.push(name);
    this.labelEvent("labeled", name, by);
  }

  removeLabel(name: string, by: string = this.repo.owner): void {
    if (!this.record.labels.includes(name)) return;
    this.record.labels = this.record.labels.filter((l) => l !== name);
    this.labelEvent("unlabeled", name, by);
  }

  private labelEvent(event: "labeled" | "unlabeled", name: string, by: string): void {
    const model = this.api.model;
    const color = this.repo.record.labels.get(name)?.color ?? "ededed";
    this.record.events.push({
      id: model.ids.id("event"),
      event,
      label: { name, color },
      actor: model.user(by, model.users.get(by)?.type ?? "User"),
      createdAt: model.timestamp(),
    });
  }

  close(): void {
    this.record.state = "closed";
    this.record.closedAt = this.api.model.timestamp();
  }

  reopen(): void {
    this.record.state = "open";
    this.record.closedAt = null;
  }

  merge(by = this.repo.record.owner.login): void {
    this.record.state = "closed";
    this.record.merged = true;
    this.record.mergedAt = this.api.model.timestamp();
    this.record.closedAt = this.record.mergedAt;
    this.record.mergedBy = this.api.model.user(by);
    this.repo.record.branches.set(this.record.baseRef, this.record.headSha);
  }

  /** A comment on the PR by someone other than the gate (a person, or another bot). */
  comment(author: string, body: string, type: "User" | "Bot" = "User"): CommentRecord {
    return this.repo.addComment(this.record.number, author, body, type);
  }

  /** The PR's comments, oldest first. */
  comments(): CommentRecord[] {
    return this.repo.record.comments.filter((c) => c.issue === this.record.number);
  }

  /** Check runs on the current head (or a given commit), newest first. */
  checkRuns(options: { name?: string; sha?: string } = {}): CheckRunRecord[] {
    return this.repo.checkRuns({ ...options, sha: options.sha ?? this.record.headSha });
  }

  /** The PR's reviews, oldest first. */
  reviews(): ReviewRecord[] {
    return this.repo.record.reviews.filter((r) => r.pull === this.record.number);
  }

  /** The PR's review threads, oldest first. */
  reviewThreads(): ReviewThreadRecord[] {
    return this.repo.record.reviewThreads.filter((t) => t.pull === this.record.number);
  }

  /** A person's (or another bot's) own comment on a line of the diff, opening a thread. */
  lineComment(
    author: string,
    at: { path: string; line: number; body: string },
    type: "User" | "Bot" = "User",
  ): ReviewThreadRecord {
    const model = this.api.model;
    const thread: ReviewThreadRecord = {
      id: model.ids.id("review-thread"),
      pull: this.record.number,
      path: at.path,
      line: at.line,
      side: "RIGHT",
      commitId: this.record.headSha,
      resolved: false,
      resolvedBy: null,
      comments: [
        {
          id: model.ids.id("review-comment"),
          author: model.user(author, type),
          body: at.body,
          review: null,
          createdAt: model.timestamp(),
        },
      ],
    };
    this.repo.record.reviewThreads.push(thread);
    return thread;
  }

  /** A reply in a review thread. */
  reply(thread: ReviewThreadRecord, author: string, body: string): void {
    const model = this.api.model;
    thread.comments.push({
      id: model.ids.id("review-comment"),
      author: model.user(author),
      body,
      review: null,
      createdAt: model.timestamp(),
    });
  }
}

export class FakeRepository {
  constructor(
    private readonly api: GitHubApiFixture,
    readonly record: RepoRecord,
  ) {}

  get owner(): string {
    return this.record.owner.login;
  }
  get name(): string {
    return this.record.name;
  }
  get fullName(): string {
    return this.record.fullName;
  }
  get defaultBranch(): string {
    return this.record.defaultBranch;
  }

  /** Commits on a branch (created from the default branch's head when new); returns the new SHA. */
  commit(
    files: readonly FileChange[] | FileTree,
    options: { branch?: string; message?: string; author?: string } = {},
  ): string {
    const branch = options.branch ?? this.record.defaultBranch;
    const parent =
      this.record.branches.get(branch) ?? this.record.branches.get(this.record.defaultBranch) ?? null;
    const list = Array.isArray(files) ? files : changesFromTree(files as FileTree);
    const commit = this.api.model.commit(
      this.record,
      parent,
      list,
      options.message ?? "Update",
      options.author ?? this.owner,
    );
    this.record.branches.set(branch, commit.sha);
    return commit.sha;
  }

  /** Opens a pull request from `head` (a new branch off `base` with `changes`) into `base`. With
   * `fork`, the head lives in a fork owned by that login, as for an outside contributor. */
  openPullRequest(options: {
    title?: string;
    body?: string | null;
    author?: string;
    base?: string;
    head?: string;
    changes: readonly FileChange[] | FileTree;
    fork?: string;
    draft?: boolean;
    labels?: readonly string[];
    message?: string;
    /** An existing commit as the head (no new commit): a second pull request of the same head, into
     * another base or the same one. */
    at?: string;
  }): FakePullRequest {
    const model = this.api.model;
    const baseRef = options.base ?? this.record.defaultBranch;
    const baseSha = this.record.branches.get(baseRef);
    if (baseSha === undefined) throw new Error(`no branch ${baseRef}: commit to it first`);
    const author = model.user(options.author ?? options.fork ?? "octocat");
    let headRepo: RepoRecord | null = null;
    if (options.fork !== undefined) {
      const forkName = `${options.fork}/${this.record.name}`;
      headRepo =
        model.repos.get(forkName) ??
        model.createRepo(options.fork, this.record.name, { parent: this.record });
    }
    const list = Array.isArray(options.changes)
      ? options.changes
      : changesFromTree(options.changes as FileTree);
    const existing = options.at === undefined ? undefined : this.record.commits.get(options.at);
    if (options.at !== undefined && existing === undefined) throw new Error(`no commit ${options.at}`);
    const commit =
      existing ?? model.commit(this.record, baseSha, list, options.message ?? "Change", author.login);
    const headRef = options.head ?? `feature-${this.record.nextIssueNumber}`;
    (headRepo ?? this.record).branches.set(headRef, commit.sha);
    const number = this.record.nextIssueNumber;
    this.record.nextIssueNumber += 1;
    const record: PullRecord = {
      number,
      id: model.ids.id("pull"),
      title: options.title ?? `Change ${number}`,
      body: options.body === undefined ? "Please review." : options.body,
      author,
      state: "open",
      merged: false,
      mergedAt: null,
      mergedBy: null,
      closedAt: null,
      draft: options.draft ?? false,
      labels: [],
      baseRef,
      baseSha,
      headRef,
      headSha: commit.sha,
      headRepo: headRepo ?? this.record,
      mergeCommitSha: model.mergeCommit(this.record, baseSha, commit.sha).sha,
      commits: [commit.sha],
      events: [],
      createdAt: model.timestamp(),
      updatedAt: model.timestamp(),
    };
    this.record.pulls.set(number, record);
    const pull = new FakePullRequest(this.api, this, record);
    for (const name of options.labels ?? []) pull.addLabel(name);
    return pull;
  }

  pull(number: number): FakePullRequest {
    const record = this.record.pulls.get(number);
    if (record === undefined) throw new Error(`no pull request #${number}`);
    return new FakePullRequest(this.api, this, record);
  }

  ensureLabel(name: string, color = "ededed"): void {
    if (!this.record.labels.has(name)) {
      // A description, always: `pull-request-simple` documents a label's description as a string.
      this.record.labels.set(name, {
        id: this.api.model.ids.id("label"),
        name,
        color,
        description: `The ${name} label`,
      });
    }
  }

  addComment(issue: number, author: string, body: string, type: "User" | "Bot" = "User"): CommentRecord {
    const model = this.api.model;
    const record: CommentRecord = {
      id: model.ids.id("comment"),
      issue,
      body,
      author: model.user(author, type),
      app: null,
      createdAt: model.timestamp(),
      updatedAt: model.timestamp(),
    };
    this.record.comments.push(record);
    return record;
  }
  /** Its author edits a comment (GitHub keeps the id, and stamps the edit). */
  editComment(record: CommentRecord, body: string): void {
    record.body = body;
    record.updatedAt = this.api.model.timestamp();
  }

  /** Its author deletes a comment: GitHub answers 404 for its id from then on. */
  deleteComment(record: CommentRecord): void {
    const at = this.record.comments.indexOf(record);
    if (at < 0) throw new Error(`no comment ${record.id}`);
    this.record.comments.splice(at, 1);
  }

  /** Another check run on a commit, by another app (another CI) unless `app` says "github-actions". */
  addCheckRun(options: {
    sha: string;
    name: string;
    status?: CheckRunRecord["status"];
    conclusion?: string | null;
    app?: "github-actions" | "other-ci";
  }): CheckRunRecord {
    const model = this.api.model;
    const app = options.app === "github-actions" ? model.actionsApp : this.api.otherCiApp();
    const completed = options.conclusion !== undefined && options.conclusion !== null;
    const run: CheckRunRecord = {
      id: model.ids.id("check-run"),
      repo: this.record.fullName,
      headSha: options.sha,
      name: options.name,
      status: options.status ?? (completed ? "completed" : "in_progress"),
      conclusion: options.conclusion ?? null,
      startedAt: model.timestamp(),
      completedAt: completed ? model.timestamp() : null,
      detailsUrl: null,
      externalId: null,
      output: { title: null, summary: null, text: null },
      annotations: [],
      app,
      checkSuiteId: model.ids.id("check-suite"),
      updates: [],
    };
    this.record.checkRuns.push(run);
    return run;
  }

  /** Completes (or changes) another check run, as its CI would. */
  completeCheckRun(run: CheckRunRecord, conclusion: string): void {
    run.status = "completed";
    run.conclusion = conclusion;
    run.completedAt = this.api.model.timestamp();
  }

  setStatus(options: {
    sha: string;
    context: string;
    state: StatusRecord["state"];
    description?: string;
    creator?: string;
  }): StatusRecord {
    const model = this.api.model;
    const record: StatusRecord = {
      id: model.ids.id("status"),
      sha: options.sha,
      context: options.context,
      state: options.state,
      description: options.description ?? null,
      targetUrl: null,
      creator: model.user(options.creator ?? "ci-bot", "Bot"),
      createdAt: model.timestamp(),
    };
    this.record.statuses.push(record);
    return record;
  }

  setPermission(login: string, role: Role): void {
    this.api.model.user(login);
    this.record.collaborators.set(login, role);
  }

  /** Check runs, newest first, optionally for one commit and name. */
  checkRuns(options: { sha?: string; name?: string } = {}): CheckRunRecord[] {
    return this.record.checkRuns
      .filter((r) => options.sha === undefined || r.headSha === options.sha)
      .filter((r) => options.name === undefined || r.name === options.name)
      .sort((a, b) => b.id - a.id);
  }

  /** A merge-queue group for one pull request, as GitHub builds it: a commit on
   * `gh-readonly-queue/<base>/pr-<n>-<head sha>` whose parent is the base (or the previous group). */
  createMergeGroup(
    pull: FakePullRequest,
    options: { after?: string } = {},
  ): { headSha: string; headRef: string; baseSha: string; baseRef: string } {
    const baseSha = options.after ?? this.record.branches.get(pull.baseRef);
    if (baseSha === undefined) throw new Error(`no branch ${pull.baseRef}`);
    // The pull request's own change applied to the queue's base, as a merge would: the PR's head
    // tree copied whole would revert whatever landed on the base since (a contract edited on main).
    const headTree = this.record.commits.get(pull.headSha)?.tree ?? new Map<string, Buffer>();
    const queueBase = this.record.commits.get(baseSha)?.tree ?? new Map<string, Buffer>();
    const changes: FileChange[] = pullRequestFiles(this.api.model, this.record, pull.record).flatMap(
      (f): FileChange[] => {
        const content = headTree.get(f.filename);
        if (f.status === "removed")
          return queueBase.has(f.filename) ? [{ path: f.filename, delete: true }] : [];
        if (content === undefined) return [];
        if (f.previousFilename !== undefined && queueBase.has(f.previousFilename))
          return [{ path: f.filename, renameFrom: f.previousFilename, content }];
        return [{ path: f.filename, content }];
      },
    );
    const branch = `gh-readonly-queue/${pull.baseRef}/pr-${pull.number}-${pull.headSha}`;
    const commit = this.api.model.commit(
      this.record,
      baseSha,
      changes,
      `Merge pull request #${pull.number}`,
      "github",
    );
    this.record.branches.set(branch, commit.sha);
    return {
      headSha: commit.sha,
      headRef: `refs/heads/${branch}`,
      baseSha,
      baseRef: `refs/heads/${pull.baseRef}`,
    };
  }
}

export interface GitHubApiFixture {
  /** The base URL for `GITHUB_API_URL` / the client's `baseUrl`. */
  readonly url: string;
  /** A write-capable GITHUB_TOKEN for the GitHub Actions app. */
  readonly token: string;
  readonly model: GitHubModel;
  /** GitHub's limits; change them to get a 406 or hit the file cap with a small fixture. */
  readonly limits: GitHubLimits;
  readonly faults: FaultPlan;
  /** Every request received, in order. */
  readonly requests: readonly RecordedRequest[];
  /** Every departure from GitHub's description, and every unemulated or unknown route. */
  readonly violations: readonly string[];
  readonly emulatedRoutes: readonly string[];
  createRepo(
    owner: string,
    name: string,
    options?: { private?: boolean; defaultBranch?: string; files?: FileTree },
  ): FakeRepository;
  repo(fullName: string): FakeRepository;
  /** Registers another token: a fork PR's read-only GITHUB_TOKEN (`canWrite: false`) or a person's. */
  addToken(token: string, grant: { canWrite?: boolean; user?: string }): void;
  /** "Re-run jobs" on the run of `event`, by `by`: its next attempt, which keeps the first attempt's
   * GITHUB_ACTOR and puts `by` in GITHUB_TRIGGERING_ACTOR, as GitHub does. Returns the event as the
   * runner hands it to that attempt. */
  rerun(event: EventFile, by: string): EventFile;
  /** Requests for one route (`"GET /repos/{owner}/{repo}/pulls/{pull_number}"`). */
  requestsFor(route: string): RecordedRequest[];
  /** Requests in which `secret` appears anywhere: path, query, any header, or body. */
  requestsContaining(secret: string): RecordedRequest[];
  /** Fails (throws) when any violation was recorded. Call it in afterEach. */
  assertClean(): void;
  /** Removes the violations a test provoked on purpose (e.g. an unknown token); returns how many. */
  forgive(pattern: RegExp): number;
  otherCiApp(): AppRecord;
  close(): Promise<void>;
}

export async function startGitHubApi(
  options: {
    limits?: Partial<GitHubLimits>;
    seed?: string;
    /** Compile every route's validators up front (about 2 s): for tests whose clients have deadlines
     * shorter than a first compile, which runs on the test's own event loop. */
    warmUp?: boolean;
  } = {},
): Promise<GitHubApiFixture> {
  if (options.warmUp === true) warmUpValidators();
  const model = new GitHubModel(options.seed);
  const limits: GitHubLimits = { ...defaultLimits(), ...options.limits };
  const faults = new FaultPlan();
  const server = await startServer({ model, limits, faults });
  model.tokens.set(DEFAULT_TOKEN, { actor: { kind: "app", app: model.actionsApp }, canWrite: true });
  let otherCi: AppRecord | undefined;

  const fixture: GitHubApiFixture = {
    url: server.url,
    token: DEFAULT_TOKEN,
    model,
    limits,
    faults,
    requests: server.requests,
    violations: server.violations,
    emulatedRoutes: EMULATED_ROUTES,
    createRepo(owner, name, repoOptions = {}) {
      const record = model.createRepo(owner, name, repoOptions);
      const repo = new FakeRepository(fixture, record);
      repo.commit(repoOptions.files ?? { "README.md": `# ${name}\n` }, { message: "Initial commit" });
      return repo;
    },
    repo(fullName) {
      const record = model.repos.get(fullName);
      if (record === undefined) throw new Error(`no repository ${fullName}`);
      return new FakeRepository(fixture, record);
    },
    addToken(token, grant) {
      const actor: TokenGrant["actor"] =
        grant.user === undefined
          ? { kind: "app", app: model.actionsApp }
          : { kind: "user", user: model.user(grant.user) };
      model.tokens.set(token, { actor, canWrite: grant.canWrite ?? true });
    },
    rerun(event, by) {
      const id = Number(event.env.GITHUB_RUN_ID);
      const run = [...model.repos.values()].flatMap((r) => r.workflowRuns).find((r) => r.id === id);
      if (run === undefined) throw new Error(`no workflow run ${event.env.GITHUB_RUN_ID}`);
      run.attempt += 1;
      run.triggeringActor = model.user(by);
      run.runStartedAt = model.timestamp();
      return {
        ...event,
        env: { ...event.env, GITHUB_RUN_ATTEMPT: String(run.attempt), GITHUB_TRIGGERING_ACTOR: by },
      };
    },
    requestsFor(route) {
      return server.requests.filter((r) => r.route === route);
    },
    requestsContaining(secret) {
      if (secret === "") throw new Error("an empty secret matches everything");
      return server.requests.filter(
        (r) =>
          r.path.includes(secret) ||
          decodeURIComponent(r.path).includes(secret) ||
          Object.values(r.query).some((v) => v.includes(secret)) ||
          Object.values(r.headers).some((v) => v.includes(secret)) ||
          r.body.includes(secret),
      );
    },
    assertClean() {
      if (server.violations.length > 0) {
        throw new Error(
          `the loopback GitHub API recorded ${server.violations.length} violation(s) of GitHub's REST description:\n- ${server.violations.join("\n- ")}`,
        );
      }
    },
    forgive(pattern) {
      const before = server.violations.length;
      const kept = server.violations.filter((v) => !pattern.test(v));
      server.violations.splice(0, server.violations.length, ...kept);
      return before - kept.length;
    },
    otherCiApp() {
      if (otherCi === undefined) {
        const owner = model.user("other-ci-org", "Organization");
        const bot = model.user("other-ci[bot]", "Bot");
        otherCi = {
          ...model.actionsApp,
          id: 900_001,
          slug: "other-ci",
          nodeId: "MDM6QXBwOTAwMDAx",
          clientId: "Iv1.0therc10000000",
          name: "Other CI",
          description: "Another continuous integration service",
          externalUrl: "https://ci.example.com",
          htmlUrl: "https://github.com/apps/other-ci",
          owner,
          bot,
        };
      }
      return otherCi;
    },
    close: () => server.close(),
  };
  return fixture;
}
