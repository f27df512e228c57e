// `commit-comparison`: what `GET /repos/{owner}/{repo}/compare/{base}...{head}` answers in JSON.
import type { CommitRecord, GitHubModel, RepoRecord } from "../model.js";
import type { PullFile } from "../pull-files.js";
import { commit } from "./commit.js";
import { diffEntry } from "./content.js";
import type { Hosts } from "./urls.js";

export interface Comparison {
  readonly base: CommitRecord;
  readonly head: CommitRecord;
  readonly mergeBase: CommitRecord;
  /** `basehead` as the request spelled it. */
  readonly basehead: string;
  readonly aheadBy: number;
  readonly behindBy: number;
  /** The commits shown (already paged), oldest first. */
  readonly commits: readonly CommitRecord[];
  /** The files shown (already capped), or undefined past page 1. */
  readonly files?: readonly PullFile[];
}

export function commitComparison(
  hosts: Hosts,
  model: GitHubModel,
  repo: RepoRecord,
  c: Comparison,
  includePatch: (file: PullFile) => boolean,
): Record<string, unknown> {
  const web = `${hosts.web}/${repo.fullName}`;
  const status =
    c.aheadBy === 0 && c.behindBy === 0
      ? "identical"
      : c.behindBy === 0
        ? "ahead"
        : c.aheadBy === 0
          ? "behind"
          : "diverged";
  const shown = (record: CommitRecord) =>
    commit(hosts, repo, record, model.user(record.author), model.user(record.committer ?? record.author));
  return {
    url: `${hosts.api}/repos/${repo.fullName}/compare/${c.basehead}`,
    html_url: `${web}/compare/${c.basehead}`,
    permalink_url: `${web}/compare/${repo.owner.login}:${c.base.sha}...${repo.owner.login}:${c.head.sha}`,
    diff_url: `${web}/compare/${c.basehead}.diff`,
    patch_url: `${web}/compare/${c.basehead}.patch`,
    base_commit: shown(c.base),
    merge_base_commit: shown(c.mergeBase),
    status,
    ahead_by: c.aheadBy,
    behind_by: c.behindBy,
    total_commits: c.aheadBy,
    commits: c.commits.map(shown),
    ...(c.files !== undefined
      ? { files: c.files.map((f) => diffEntry(hosts, repo, c.head.sha, f, includePatch(f))) }
      : {}),
  };
}
