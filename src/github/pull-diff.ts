// The pull request's whole diff, and an honest account of how much of it the gate received. First the
// unified diff (`application/vnd.github.diff`, one request). When GitHub refuses it as too large (406:
// over 300 files or 20,000 lines), when it is larger than the client accepts, or when it shows fewer
// changed lines than the pull request counts (cut), the file list `/pulls/{n}/files`, 100 files a page,
// up to GitHub's own cap of 3,000 files; a file whose patch GitHub leaves out is kept and marked as not
// reviewed.
// Then the head is read again: a diff that might belong to a newer push than the commit the check goes
// on is refused, because approving commit A on the strength of commit B's diff is a false approve.
import { z } from "zod";
import { fileFromPatch, parseUnifiedDiff } from "../diff/parse.js";
import type { Diff, DiffFile } from "../diff/types.js";
import { responseTooLarge } from "./bounded-fetch.js";
import type { GitHubClient } from "./client.js";
import { GitHubError, statusOf } from "./errors.js";
import { getPullRequest } from "./pull-request.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

/** GitHub lists at most 3,000 files of a pull request, 100 a page. */
export const FILES_PER_PAGE = 100;
export const FILES_API_MAX_PAGES = 30;

const fileShape = z.object({
  filename: z.string().min(1),
  status: z.string(),
  additions: z.number().int().nonnegative(),
  deletions: z.number().int().nonnegative(),
  changes: z.number().int().nonnegative(),
  patch: z.string().optional(),
  previous_filename: z.string().optional(),
});
const pageShape = z.array(fileShape);

export interface PullDiffTarget {
  readonly number: number;
  /** The head the check run goes on; the diff must belong to it. */
  readonly headSha: string;
  /** GitHub's count of changed files (from the pull request): fewer received means truncated. */
  readonly changedFiles: number;
  /** GitHub's counts of added and deleted lines (from the pull request). A unified diff that shows
   * fewer was cut, even when every hunk it does show adds up (a cut between two hunks of one file). */
  readonly additions?: number;
  readonly deletions?: number;
}

/** Why a unified diff cannot be the whole change: it shows fewer changed lines than GitHub counts. */
function linesMissing(files: readonly DiffFile[], target: PullDiffTarget): string | undefined {
  if (target.additions === undefined || target.deletions === undefined) return undefined;
  const reported = target.additions + target.deletions;
  const shown = files.reduce((sum, f) => sum + f.additions + f.deletions, 0);
  if (shown >= reported) return undefined;
  return `the unified diff shows ${shown.toLocaleString("en-US")} of the ${reported.toLocaleString("en-US")} changed lines the pull request reports`;
}

export interface PullDiffOptions {
  /** Pages of `/files` read when the unified diff cannot be used (default 30, GitHub's 3,000-file cap). */
  readonly maxPages?: number;
  /** Read the head again afterwards and refuse a diff that may belong to another push (default true). */
  readonly verifyHead?: boolean;
}

export interface PullDiff {
  readonly diff: Diff;
  /** API calls made (each may have been retried; the client's stats count HTTP requests). */
  readonly requests: number;
  /** GitHub's reason for refusing the whole diff (its 406), when it did. */
  readonly refusal?: string;
  /** Why the file list was read instead of the unified diff, when it was: GitHub refused the diff
   * (406), it was larger than the client accepts, or the gate found it cut (fewer changed lines than
   * the pull request counts). */
  readonly fallback?: { readonly why: "refused" | "too-large" | "cut"; readonly reason: string };
}

type DiffAnswer =
  | { kind: "text"; text: unknown }
  | { kind: "fallback"; why: "refused" | "too-large"; reason: string };

function messageOf(error: unknown): string {
  const data = (error as { response?: { data?: { message?: unknown } } } | null)?.response?.data;
  return typeof data?.message === "string" ? data.message : "the diff is too large";
}

/** Reads the diff of `target` (see the file comment). Requests: 1 for the unified diff, or 1 + the
 * pages of `/files` when it cannot be used (at most 31), plus 1 to check the head. */
export async function getPullDiff(
  client: GitHubClient,
  repository: RepositoryRef,
  target: PullDiffTarget,
  options: PullDiffOptions = {},
): Promise<PullDiff> {
  const where = `${fullName(repository)}#${target.number}`;
  const operation = `read the diff of pull request ${where}`;
  let requests = 1;
  const answer = await client.run<DiffAnswer>(operation, async (octokit) => {
    try {
      const response = await octokit.rest.pulls.get({
        owner: repository.owner,
        repo: repository.repo,
        pull_number: target.number,
        mediaType: { format: "diff" },
      });
      return { kind: "text", text: response.data as unknown };
    } catch (error) {
      if (statusOf(error) === 406)
        return { kind: "fallback", why: "refused", reason: client.redact(messageOf(error)) };
      // Over the client's size cap: as unusable as GitHub's 406, and the file list comes in pages.
      const tooLarge = responseTooLarge(error);
      if (tooLarge !== undefined) {
        return {
          kind: "fallback",
          why: "too-large",
          reason: `the unified diff is larger than the ${tooLarge.limit.toLocaleString("en-US")} bytes the gate accepts in one response`,
        };
      }
      throw error;
    }
  });

  let diff: Diff | undefined;
  let fallback: PullDiff["fallback"] =
    answer.kind === "fallback" ? { why: answer.why, reason: answer.reason } : undefined;
  if (answer.kind === "text") {
    const text = typeof answer.text === "string" ? answer.text : undefined;
    // An empty or non-text diff for a PR that changes files is a failed read, not "nothing changed".
    if (text === undefined || (text.trim() === "" && target.changedFiles > 0)) {
      throw new GitHubError({
        kind: "malformed-response",
        operation,
        status: 200,
        hint: `GitHub answered with ${text === undefined ? "something that is not a diff" : "an empty diff"} for a pull request that changes ${target.changedFiles} file(s). Re-run the job; nothing was approved.`,
      });
    }
    const parsed = parseUnifiedDiff(text);
    // A diff cut short (by GitHub, a proxy, a dropped connection that still ended cleanly) is read
    // again as the file list, whose per-file counts expose a cut patch file by file.
    const missing = linesMissing(parsed.files, target);
    if (missing !== undefined) fallback = { why: "cut", reason: missing };
    else {
      diff = {
        ...parsed,
        reportedFiles: target.changedFiles,
        truncated: parsed.files.length < target.changedFiles,
      };
    }
  }
  if (diff === undefined) {
    const listed = await listAllFiles(client, repository, target, options.maxPages ?? FILES_API_MAX_PAGES);
    requests += listed.pages;
    diff = {
      files: listed.files,
      source: "files-api",
      reportedFiles: target.changedFiles,
      // Every page full means GitHub may hold more than was read, unless the count says it was all.
      truncated: listed.morePages
        ? listed.files.length !== target.changedFiles
        : listed.files.length < target.changedFiles,
    };
  }

  if (options.verifyHead ?? true) {
    requests += 1;
    const now = await getPullRequest(client, repository, target.number);
    if (now.headSha !== target.headSha) {
      throw new GitHubError({
        kind: "head-moved",
        operation,
        hint: `The pull request moved from ${target.headSha.slice(0, 12)} to ${now.headSha.slice(0, 12)} while the gate read it, so the diff may not be the one of the commit being judged. The push's own run will judge it; nothing was approved here.`,
      });
    }
  }
  return {
    diff,
    requests,
    ...(fallback?.why === "refused" ? { refusal: fallback.reason } : {}),
    ...(fallback !== undefined ? { fallback } : {}),
  };
}

async function listAllFiles(
  client: GitHubClient,
  repository: RepositoryRef,
  target: PullDiffTarget,
  maxPages: number,
): Promise<{ files: DiffFile[]; pages: number; morePages: boolean }> {
  const files: DiffFile[] = [];
  let pages = 0;
  for (let page = 1; page <= maxPages; page += 1) {
    const operation = `list the files of pull request ${fullName(repository)}#${target.number} (page ${page})`;
    const response = await client.run(operation, (octokit) =>
      octokit.rest.pulls.listFiles({
        owner: repository.owner,
        repo: repository.repo,
        pull_number: target.number,
        per_page: FILES_PER_PAGE,
        page,
      }),
    );
    pages += 1;
    const entries = expectShape(pageShape, response.data, operation);
    for (const entry of entries) files.push(fileFromPatch(entry));
    if (entries.length < FILES_PER_PAGE) return { files, pages, morePages: false };
  }
  // Every page was full: GitHub may have more than the pages read (its cap is 3,000 files).
  return { files, pages, morePages: true };
}
