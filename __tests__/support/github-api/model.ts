// The state behind the loopback GitHub API: repositories with commits and branches, pull requests
// with their heads and bases, check runs, commit statuses, issue comments, labels and collaborators.
// Mutable on purpose: a multi-round test pushes, force-pushes, labels, merges and completes other
// checks between two runs of the gate, exactly as people and other workflows do on github.com.
import identities from "../../data/github/identities.json" with { type: "json" };
import { blobSha, IdSource, sha1 } from "./ids.js";

export type Role = "admin" | "maintain" | "write" | "triage" | "read";

export interface UserRecord {
  readonly login: string;
  readonly id: number;
  readonly type: "User" | "Bot" | "Organization";
  /** For bots: the app they act for. */
  readonly nodeType: "User" | "Bot" | "Organization";
}

export interface AppRecord {
  readonly id: number;
  readonly slug: string;
  readonly nodeId: string;
  readonly clientId: string;
  readonly name: string;
  readonly description: string;
  readonly externalUrl: string;
  readonly htmlUrl: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly owner: UserRecord;
  readonly permissions: Record<string, string>;
  readonly events: readonly string[];
  /** The bot user that authors what the app creates (comments). */
  readonly bot: UserRecord;
}

export interface CommitRecord {
  readonly sha: string;
  readonly parents: readonly string[];
  readonly message: string;
  readonly author: string;
  /** Who committed it, when not its author (git's committer: whoever ran the commit, or a rebase). */
  readonly committer?: string;
  readonly date: string;
  /** Path → content. Directories are implied by the paths. */
  readonly tree: ReadonlyMap<string, Buffer>;
  /** Renames made by this commit relative to its first parent, new path → old path. */
  readonly renames: ReadonlyMap<string, string>;
}

/** One change a test makes to a tree. */
export type FileChange =
  | { readonly path: string; readonly content: string | Buffer }
  | { readonly path: string; readonly delete: true }
  | { readonly path: string; readonly renameFrom: string; readonly content?: string | Buffer };

export interface CheckRunRecord {
  readonly id: number;
  readonly repo: string;
  readonly headSha: string;
  name: string;
  status: "queued" | "in_progress" | "completed" | "waiting" | "requested" | "pending";
  conclusion: string | null;
  startedAt: string;
  completedAt: string | null;
  detailsUrl: string | null;
  externalId: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
  annotations: Record<string, unknown>[];
  readonly app: AppRecord;
  readonly checkSuiteId: number;
  /** Every PATCH body received, in order, for tests that inspect how the gate updated its check. */
  readonly updates: Record<string, unknown>[];
}

export interface StatusRecord {
  readonly id: number;
  readonly sha: string;
  readonly context: string;
  readonly state: "error" | "failure" | "pending" | "success";
  readonly description: string | null;
  readonly targetUrl: string | null;
  readonly creator: UserRecord;
  readonly createdAt: string;
}

export interface CommentRecord {
  readonly id: number;
  readonly issue: number;
  body: string;
  readonly author: UserRecord;
  /** Set when an app's installation token wrote it. */
  readonly app: AppRecord | null;
  readonly createdAt: string;
  updatedAt: string;
  /** Reactions on the comment, oldest first (one per person and content, as GitHub keeps them). */
  readonly reactions?: ReactionRecord[];
}

export type ReactionContent = "+1" | "-1" | "laugh" | "confused" | "heart" | "hooray" | "rocket" | "eyes";

export interface ReactionRecord {
  readonly id: number;
  readonly content: ReactionContent;
  readonly user: UserRecord;
  readonly createdAt: string;
}

/** A pull-request review (POST /pulls/{n}/reviews). */
export interface ReviewRecord {
  readonly id: number;
  readonly pull: number;
  readonly author: UserRecord;
  readonly body: string;
  readonly event: string;
  readonly commitId: string;
  readonly submittedAt: string;
}

/** One comment of a review thread: the first opens the thread on a line, the rest are replies. */
export interface ReviewCommentRecord {
  readonly id: number;
  readonly author: UserRecord;
  readonly body: string;
  /** The review it was posted with, when it opened the thread through one. */
  readonly review: number | null;
  readonly createdAt: string;
}

/** A review thread on a line of a pull request's diff, as GraphQL's `PullRequestReviewThread`. */
export interface ReviewThreadRecord {
  readonly id: number;
  readonly pull: number;
  readonly path: string;
  readonly line: number;
  readonly side: "LEFT" | "RIGHT";
  readonly commitId: string;
  resolved: boolean;
  resolvedBy: UserRecord | null;
  readonly comments: ReviewCommentRecord[];
}

export interface LabelRecord {
  readonly id: number;
  readonly name: string;
  readonly color: string;
  readonly description: string | null;
}

/** A `labeled` or `unlabeled` event on a pull request's issue timeline: who added or removed which
 * label, as `GET /issues/{n}/events` lists it (oldest first). */
export interface IssueEventRecord {
  readonly id: number;
  readonly event: "labeled" | "unlabeled";
  readonly label: { readonly name: string; readonly color: string };
  readonly actor: UserRecord;
  readonly createdAt: string;
}

/** One run of the repository's workflow, started by an event (or re-run: a later attempt, started by
 * whoever clicked "Re-run jobs", keeps the first attempt's `actor`). */
export interface WorkflowRunRecord {
  readonly id: number;
  readonly number: number;
  readonly event: string;
  readonly headSha: string;
  readonly headBranch: string | null;
  /** Who started the first attempt (GITHUB_ACTOR). */
  readonly actor: UserRecord;
  /** Who started the latest attempt (GITHUB_TRIGGERING_ACTOR). */
  triggeringActor: UserRecord;
  attempt: number;
  /** When the run was asked for (the event). */
  readonly createdAt: string;
  /** When the latest attempt started. */
  runStartedAt: string;
}

export interface PullRecord {
  readonly number: number;
  readonly id: number;
  title: string;
  body: string | null;
  readonly author: UserRecord;
  state: "open" | "closed";
  merged: boolean;
  mergedAt: string | null;
  mergedBy: UserRecord | null;
  closedAt: string | null;
  draft: boolean;
  labels: string[];
  baseRef: string;
  baseSha: string;
  readonly headRef: string;
  headSha: string;
  /** The repository the head branch lives in: this one, a fork, or null once the fork is deleted. */
  headRepo: RepoRecord | null;
  /** GitHub's test merge commit for `refs/pull/N/merge` (GITHUB_SHA under `pull_request`). */
  mergeCommitSha: string;
  /** The PR's commits, oldest first (base excluded). */
  commits: string[];
  /** Label events, oldest first. */
  readonly events: IssueEventRecord[];
  readonly createdAt: string;
  updatedAt: string;
}

export interface RepoRecord {
  readonly id: number;
  readonly owner: UserRecord;
  readonly name: string;
  readonly fullName: string;
  readonly private: boolean;
  readonly defaultBranch: string;
  /** The repository this one was forked from. */
  readonly parent: RepoRecord | null;
  readonly createdAt: string;
  readonly commits: Map<string, CommitRecord>;
  readonly branches: Map<string, string>;
  readonly pulls: Map<number, PullRecord>;
  readonly checkRuns: CheckRunRecord[];
  readonly statuses: StatusRecord[];
  readonly comments: CommentRecord[];
  readonly reviews: ReviewRecord[];
  readonly reviewThreads: ReviewThreadRecord[];
  readonly labels: Map<string, LabelRecord>;
  /** The workflow runs its events started (one per event file written), newest last. */
  readonly workflowRuns: WorkflowRunRecord[];
  readonly collaborators: Map<string, Role>;
  nextIssueNumber: number;
}

/** What a token may do, as GitHub decides from the token's kind and the workflow's `permissions:`. */
export interface TokenGrant {
  /** An app installation token (GITHUB_TOKEN) or a person's token. Only apps may write check runs. */
  readonly actor:
    | { readonly kind: "app"; readonly app: AppRecord }
    | { readonly kind: "user"; readonly user: UserRecord };
  /** `false` models a fork PR's read-only GITHUB_TOKEN: every write is refused with 403
   * "Resource not accessible by integration". */
  readonly canWrite: boolean;
}

function userFromJson(raw: { login: string; id: number; type: string }): UserRecord {
  const type = raw.type as UserRecord["type"];
  return { login: raw.login, id: raw.id, type, nodeType: type };
}

export class GitHubModel {
  readonly ids: IdSource;
  readonly users = new Map<string, UserRecord>();
  readonly repos = new Map<string, RepoRecord>();
  readonly tokens = new Map<string, TokenGrant>();
  readonly actionsApp: AppRecord;
  /** The clock every timestamp comes from; tests move it to cross a dependency's timeout. */
  now: () => Date = () => new Date();

  constructor(seed = "verdict-gate") {
    this.ids = new IdSource(seed);
    const app = identities.githubActionsApp;
    const owner = userFromJson(app.owner);
    const bot = userFromJson(identities.githubActionsBot);
    this.users.set(owner.login, owner);
    this.users.set(bot.login, bot);
    this.actionsApp = {
      id: app.id,
      slug: app.slug,
      nodeId: app.node_id,
      clientId: app.client_id,
      name: app.name,
      description: app.description,
      externalUrl: app.external_url,
      htmlUrl: app.html_url,
      createdAt: app.created_at,
      updatedAt: app.updated_at,
      owner,
      permissions: app.permissions,
      events: app.events,
      bot,
    };
  }

  timestamp(): string {
    return this.now()
      .toISOString()
      .replace(/\.\d{3}Z$/, "Z");
  }

  user(login: string, type: UserRecord["type"] = "User"): UserRecord {
    let user = this.users.get(login);
    if (user === undefined) {
      user = { login, id: this.ids.id("user"), type, nodeType: type };
      this.users.set(login, user);
    }
    return user;
  }

  createRepo(
    owner: string,
    name: string,
    options: { private?: boolean; defaultBranch?: string; parent?: RepoRecord } = {},
  ): RepoRecord {
    const fullName = `${owner}/${name}`;
    if (this.repos.has(fullName)) throw new Error(`repository ${fullName} exists`);
    const repo: RepoRecord = {
      id: this.ids.id("repo"),
      owner: this.user(owner, /^[a-z0-9-]+-org$/.test(owner) ? "Organization" : "User"),
      name,
      fullName,
      private: options.private ?? false,
      defaultBranch: options.defaultBranch ?? "main",
      parent: options.parent ?? null,
      createdAt: this.timestamp(),
      commits: options.parent?.commits ?? new Map(),
      branches: new Map(),
      pulls: new Map(),
      checkRuns: [],
      statuses: [],
      comments: [],
      reviews: [],
      reviewThreads: [],
      labels: new Map(),
      collaborators: new Map([[owner, "admin"]]),
      nextIssueNumber: 1,
      workflowRuns: [],
    };
    this.repos.set(fullName, repo);
    return repo;
  }

  /** A new commit on top of `parent` (or an empty tree), with the changes applied. */
  commit(
    repo: RepoRecord,
    parent: string | null,
    changes: readonly FileChange[],
    message: string,
    author: string,
    committer?: string,
  ): CommitRecord {
    const base = parent === null ? undefined : repo.commits.get(parent);
    if (parent !== null && base === undefined) throw new Error(`no commit ${parent} in ${repo.fullName}`);
    const tree = new Map(base?.tree ?? []);
    const renames = new Map<string, string>();
    for (const change of changes) {
      if ("delete" in change) {
        if (!tree.delete(change.path)) throw new Error(`cannot delete missing ${change.path}`);
      } else if ("renameFrom" in change) {
        const old = tree.get(change.renameFrom);
        if (old === undefined) throw new Error(`cannot rename missing ${change.renameFrom}`);
        tree.delete(change.renameFrom);
        tree.set(change.path, change.content === undefined ? old : Buffer.from(change.content));
        renames.set(change.path, change.renameFrom);
      } else {
        tree.set(change.path, Buffer.from(change.content));
      }
    }
    const record: CommitRecord = {
      sha: sha1(this.ids.commitSha(), ...[...tree].flatMap(([p, c]) => [p, blobSha(c)])),
      parents: parent === null ? [] : [parent],
      message,
      author,
      ...(committer !== undefined && committer !== author ? { committer } : {}),
      date: this.timestamp(),
      tree,
      renames,
    };
    repo.commits.set(record.sha, record);
    return record;
  }

  /** GitHub's test merge commit of a pull request (`refs/pull/N/merge`, GITHUB_SHA under
   * `pull_request`): parents base and head. A real commit, so a check run posted on it by mistake
   * lands somewhere a test can see instead of failing for an unrelated reason. */
  mergeCommit(repo: RepoRecord, base: string, head: string): CommitRecord {
    const headCommit = repo.commits.get(head);
    if (headCommit === undefined) throw new Error(`no commit ${head} in ${repo.fullName}`);
    const record: CommitRecord = {
      sha: sha1(this.ids.commitSha(), "merge", base, head),
      parents: [base, head],
      message: `Merge ${head} into ${base}`,
      author: "github",
      date: this.timestamp(),
      tree: headCommit.tree,
      renames: new Map(),
    };
    repo.commits.set(record.sha, record);
    return record;
  }

  /** A branch name, tag-less ref, or SHA → the commit SHA, as `?ref=` and `{ref}` accept them. */
  resolveRef(repo: RepoRecord, ref: string): string | undefined {
    const name = ref.replace(/^refs\/heads\//, "");
    const branch = repo.branches.get(name);
    if (branch !== undefined) return branch;
    if (repo.commits.has(ref)) return ref;
    if (/^[0-9a-f]{7,39}$/.test(ref)) {
      const matches = [...repo.commits.keys()].filter((sha) => sha.startsWith(ref));
      if (matches.length === 1) return matches[0];
    }
    return undefined;
  }

  /** Every commit reachable from `sha` (itself included), nearest first. */
  ancestors(repo: RepoRecord, sha: string): string[] {
    const seen = new Set<string>();
    const queue = [sha];
    while (queue.length > 0) {
      const next = queue.shift() as string;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(...(repo.commits.get(next)?.parents ?? []));
    }
    return [...seen];
  }

  /** The nearest common ancestor of two commits (what a three-dot comparison diffs from), or undefined
   * for unrelated histories. */
  mergeBase(repo: RepoRecord, a: string, b: string): string | undefined {
    const ofA = new Set(this.ancestors(repo, a));
    return this.ancestors(repo, b).find((sha) => ofA.has(sha));
  }

  /** Renames on the way from `base` to `head`, following first parents. */
  renamesBetween(repo: RepoRecord, base: string, head: string): Map<string, string> {
    const chain: CommitRecord[] = [];
    let cursor: string | undefined = head;
    while (cursor !== undefined && cursor !== base) {
      const commit = repo.commits.get(cursor);
      if (commit === undefined) break;
      chain.unshift(commit);
      cursor = commit.parents[0];
    }
    const renames = new Map<string, string>();
    for (const commit of chain) {
      for (const [to, from] of commit.renames) {
        const origin = renames.get(from) ?? from;
        renames.delete(from);
        renames.set(to, origin);
      }
    }
    return renames;
  }
}
