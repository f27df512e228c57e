// The change a check is posted on, read by commit, and an honest account of how much of it arrived.
//
// Judge the commit, not the pull request number: reading `/pulls/{n}` (and checking the head before
// and after) let a force-push to a benign commit and back inside that window judge one diff and post
// on another. So the change is `GET /compare/{base}...{head}` of the two SHAs, which no push can alter.
// The three-dot comparison diffs from the merge base, as GitHub's pull request diff does.
//
// 1. The unified diff (`application/vnd.github.diff`), one request. It is not used when it is
//    malformed (a section the parser cannot read as git wrote it), when it shows fewer files or
//    changed lines than the pull request counts (cut: GitHub, a proxy, a connection that ended
//    cleanly too early), or when GitHub cannot produce it (406/422, or the 500/503 "this diff is
//    taking too long to generate" it answers for large comparisons) or it is over the client's size
//    cap. Without a pull request's counts (a merge group, or a head the pull request has moved on
//    from), the comparison's JSON is read as well and every file it lists must be in the diff with
//    the same counts; when it lists 300 (GitHub's most) the diff cannot be known whole and is marked
//    truncated.
// 2. Else the comparison's JSON `files`, one request. GitHub lists at most 300 files there. A list
//    shorter than that is the whole change. At 300 the change may be larger, and then:
//    - for a pull request whose head (as read with its counts) is this commit, its own file list
//      `/pulls/{n}/files` (100 a page, up to GitHub's 3,000) is read with the head verified just
//      before and just after, and each of the comparison's 300 files must be in it with the same
//      blob and counts. What is left is an ABA push within those seconds that changes only files
//      past the comparison's first 300: such a pull request has over 300 changed files, and the
//      summary says which list was read;
//    - otherwise (a merge group) the list is marked truncated: coverage is incomplete, diff criteria
//      are errors, and the round holds, saying GitHub lists at most 300 files of a comparison.
// A file listed without a patch is kept and counts as not seen (see fileFromPatch).
import { z } from "zod";
import { fileFromPatch, parseUnifiedDiff, shownPath } from "../diff/parse.js";
import type { Diff, DiffFile } from "../diff/types.js";
import { defined } from "../util/defined.js";
import { responseTooLarge } from "./bounded-fetch.js";
import type { GitHubClient } from "./client.js";
import { GitHubError, statusOf } from "./errors.js";
import { getPullRequest } from "./pull-request.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

/** GitHub lists at most 300 files of a comparison (on its first page). */
export const COMPARE_FILES_MAX = 300;
/** GitHub lists at most 3,000 files of a pull request, 100 a page. */
export const FILES_PER_PAGE = 100;
export const FILES_API_MAX_PAGES = 30;

/** A file as a comparison's (or a pull request's) JSON lists it. */
export const comparisonFileShape = z.object({
  filename: z.string().min(1),
  status: z.string(),
  additions: z.number().int().nonnegative(),
  deletions: z.number().int().nonnegative(),
  changes: z.number().int().nonnegative(),
  patch: z.string().exactOptional(),
  previous_filename: z.string().exactOptional(),
  sha: z.string().nullable().exactOptional(),
});
export type ComparisonFile = z.infer<typeof comparisonFileShape>;
type FileEntry = ComparisonFile;
const pageShape = z.array(comparisonFileShape);
const comparisonShape = z.object({ files: z.array(comparisonFileShape).optional() });

/** The pull request whose change this is, with GitHub's counts as read together with its head. */
export interface ChangePull {
  readonly number: number;
  /** The head these counts belong to. They check the diff only when it is the head being judged. */
  readonly headSha: string;
  readonly changedFiles: number;
  readonly additions: number;
  readonly deletions: number;
}

export interface ChangeTarget {
  readonly baseSha: string;
  /** The commit the check goes on: the change read is exactly this commit's. */
  readonly headSha: string;
  readonly pull?: ChangePull;
}

export interface ChangeDiffOptions {
  /** Pages of `/pulls/{n}/files` read past the comparison's 300 files (default 30: 3,000 files). */
  readonly maxPages?: number;
  /** The comparison's JSON `files` of exactly `baseSha...headSha` (its first page), when an earlier
   * request already read them (a merge group's commits come in the same answer): used instead of
   * reading them again. Only for these two SHAs: a list of another comparison would check nothing. */
  readonly comparisonFiles?: readonly ComparisonFile[];
}

export type FallbackWhy = "refused" | "too-large" | "cut" | "malformed" | "empty";

export interface ChangeDiff {
  readonly diff: Diff;
  /** API calls made (each may have been retried; the client's stats count HTTP requests). */
  readonly requests: number;
  /** Why the file list was read instead of the unified diff, when it was. */
  readonly fallback?: { readonly why: FallbackWhy; readonly reason: string };
  /** Which file list, when one was read: the comparison's, or the pull request's (past 300 files). */
  readonly list?: "comparison" | "pull-request";
  /** What a person should know about how the change was read (for the log and the summary). */
  readonly notes: readonly string[];
}

function messageOf(error: unknown): string | undefined {
  const data = (error as { response?: { data?: { message?: unknown } } } | null)?.response?.data;
  return typeof data?.message === "string" ? data.message : undefined;
}

/** Statuses with which GitHub says it cannot produce a comparison's diff (too large, or too slow to
 * render), after the client's retries: the file list is then read instead. Any other error fails. */
const CANNOT_RENDER = new Set([406, 422, 500, 503]);

const TOO_MANY_TO_VERIFY = `GitHub lists at most ${COMPARE_FILES_MAX} files of a comparison and this change may have more; with no pull request file list of this exact commit to read instead, the change cannot be known whole`;

type DiffAnswer = { kind: "text"; text: unknown } | { kind: "fallback"; why: FallbackWhy; reason: string };

/** Counts the parsed diff short of what the pull request reports, said as a sentence. */
function shortOfCounts(files: readonly DiffFile[], pull: ChangePull): string | undefined {
  const reported = pull.additions + pull.deletions;
  const shown = files.reduce((sum, f) => sum + f.additions + f.deletions, 0);
  if (shown < reported)
    return `the unified diff shows ${shown.toLocaleString("en-US")} of the ${reported.toLocaleString("en-US")} changed lines the pull request reports`;
  if (files.length < pull.changedFiles)
    return `the unified diff shows ${files.length.toLocaleString("en-US")} of the ${pull.changedFiles.toLocaleString("en-US")} changed files the pull request reports`;
  return undefined;
}

/** A listed file the unified diff does not hold as listed, said as a sentence. */
function missingFromDiff(files: readonly DiffFile[], listed: readonly FileEntry[]): string | undefined {
  const byPath = new Map(files.map((f) => [f.path, f]));
  for (const entry of listed) {
    const file = byPath.get(entry.filename);
    if (file === undefined)
      return `the unified diff has no section for ${shownPath(entry.filename)}, which the comparison lists`;
    if (!file.binary && (file.additions !== entry.additions || file.deletions !== entry.deletions)) {
      return `the unified diff shows +${file.additions}/-${file.deletions} for ${shownPath(entry.filename)}, the comparison +${entry.additions}/-${entry.deletions}`;
    }
  }
  if (listed.length < COMPARE_FILES_MAX && files.length !== listed.length)
    return `the unified diff has ${files.length} sections, the comparison lists ${listed.length} files`;
  return undefined;
}

/** Reads the change of `target` (see the file comment). Requests: 1 (a pull request's own head), 2 (a
 * merge group, or a head the pull request moved on from; 1 when `comparisonFiles` is given), or 2 + 2 +
 * the pages of `/pulls/{n}/files` past the comparison's 300 files. */
export async function getChangeDiff(
  client: GitHubClient,
  repository: RepositoryRef,
  target: ChangeTarget,
  options: ChangeDiffOptions = {},
): Promise<ChangeDiff> {
  const basehead = `${target.baseSha}...${target.headSha}`;
  const what = `${fullName(repository)} ${target.baseSha.slice(0, 12)}...${target.headSha.slice(0, 12)}`;
  const counts =
    target.pull !== undefined && target.pull.headSha === target.headSha ? target.pull : undefined;
  const notes: string[] = [];
  let requests = 1;
  const answer = await client.run<DiffAnswer>(`read the diff of ${what}`, async (octokit) => {
    try {
      const response = await octokit.rest.repos.compareCommitsWithBasehead({
        owner: repository.owner,
        repo: repository.repo,
        basehead,
        mediaType: { format: "diff" },
        // One retry, not the client's usual three: GitHub's 500 for a diff too large to render comes
        // back on every attempt, and each costs seconds of backoff before the file list is read.
        request: { retries: 1 },
      });
      return { kind: "text", text: response.data as unknown };
    } catch (error) {
      // Over the client's size cap first: Octokit reports that as a 500, and it is no refusal.
      const tooLarge = responseTooLarge(error);
      if (tooLarge !== undefined) {
        return {
          kind: "fallback",
          why: "too-large",
          reason: `the unified diff is larger than the ${tooLarge.limit.toLocaleString("en-US")} bytes the gate accepts in one response`,
        };
      }
      // Only GitHub's own answer: Octokit reports a failed connection as a 500 with no response.
      const answered = (error as { response?: unknown } | null)?.response !== undefined;
      const status = statusOf(error);
      if (answered && status !== undefined && CANNOT_RENDER.has(status)) {
        const said = messageOf(error);
        return {
          kind: "fallback",
          why: "refused",
          reason: `GitHub could not produce the whole diff (HTTP ${status}${said !== undefined ? `: ${client.redact(said)}` : ""})`,
        };
      }
      throw error;
    }
  });

  let fallback: ChangeDiff["fallback"] =
    answer.kind === "fallback" ? { why: answer.why, reason: answer.reason } : undefined;
  let parsed: Diff | undefined;
  if (answer.kind === "text") {
    if (typeof answer.text !== "string") {
      throw new GitHubError({
        kind: "malformed-response",
        operation: `read the diff of ${what}`,
        status: 200,
        hint: "GitHub answered with something that is not a diff. Re-run the job; nothing was approved.",
      });
    }
    parsed = parseUnifiedDiff(answer.text);
    const malformed = parsed.files.find((f) => f.malformed !== undefined)?.malformed;
    // An empty diff is read again as the list: "nothing changed" must be GitHub's word, not a silence.
    if (answer.text.trim() === "") fallback = { why: "empty", reason: "GitHub sent an empty diff" };
    else if (malformed !== undefined)
      fallback = { why: "malformed", reason: `the unified diff is malformed: ${malformed}` };
    else if (counts !== undefined) {
      const short = shortOfCounts(parsed.files, counts);
      if (short !== undefined) fallback = { why: "cut", reason: short };
    }
  }

  let listed: { files: FileEntry[] } | undefined;
  if (fallback !== undefined || counts === undefined) {
    if (options.comparisonFiles !== undefined) listed = { files: [...options.comparisonFiles] };
    else {
      requests += 1;
      listed = await compareFiles(client, repository, basehead, what);
    }
    if (fallback === undefined && parsed !== undefined) {
      const missing = missingFromDiff(parsed.files, listed.files);
      if (missing !== undefined) fallback = { why: "cut", reason: missing };
    }
  }

  if (fallback === undefined && parsed !== undefined) {
    // Without counts, a diff is known whole only against a comparison that lists every file.
    const unverified = counts === undefined && (listed?.files.length ?? 0) >= COMPARE_FILES_MAX;
    if (unverified) notes.push(TOO_MANY_TO_VERIFY);
    const diff: Diff = {
      ...parsed,
      ...(counts !== undefined ? { reportedFiles: counts.changedFiles } : {}),
      truncated: unverified,
    };
    return { diff, requests, notes };
  }
  notes.push(
    `${fallback?.reason ?? "the unified diff could not be used"}; read the comparison's file list instead`,
  );
  const entries = (listed as NonNullable<typeof listed>).files;
  if (entries.length < COMPARE_FILES_MAX) {
    return {
      diff: {
        files: entries.map(fileFromPatch),
        source: "files-api",
        truncated: false,
        ...(counts !== undefined ? { reportedFiles: counts.changedFiles } : {}),
      },
      requests,
      ...defined({ fallback }),
      list: "comparison",
      notes,
    };
  }
  if (counts === undefined) {
    notes.push(TOO_MANY_TO_VERIFY);
    return {
      diff: { files: entries.map(fileFromPatch), source: "files-api", truncated: true },
      requests,
      ...defined({ fallback }),
      list: "comparison",
      notes,
    };
  }
  const pulled = await pullRequestFiles(
    client,
    repository,
    counts,
    entries,
    options.maxPages ?? FILES_API_MAX_PAGES,
  );
  notes.push(
    `the comparison lists ${COMPARE_FILES_MAX} files, GitHub's most; read pull request #${counts.number}'s file list (${pulled.files.length.toLocaleString("en-US")} files), its head ${counts.headSha.slice(0, 12)} verified before and after, and matched against the comparison's files`,
  );
  return {
    diff: {
      files: pulled.files,
      source: "files-api",
      reportedFiles: counts.changedFiles,
      // Every page full means GitHub may hold more than was read, unless the count says it was all.
      truncated: pulled.morePages
        ? pulled.files.length !== counts.changedFiles
        : pulled.files.length < counts.changedFiles,
    },
    requests: requests + pulled.requests,
    ...defined({ fallback }),
    list: "pull-request",
    notes,
  };
}

/** The comparison's JSON files (at most 300). One page, one commit: the commits are
 * not needed and the files come only on the first page. */
async function compareFiles(
  client: GitHubClient,
  repository: RepositoryRef,
  basehead: string,
  what: string,
): Promise<{ files: FileEntry[] }> {
  const operation = `list the files of ${what}`;
  const response = await client.run(operation, (octokit) =>
    octokit.rest.repos.compareCommitsWithBasehead({
      owner: repository.owner,
      repo: repository.repo,
      basehead,
      per_page: 1,
      page: 1,
    }),
  );
  const data = expectShape(comparisonShape, response.data, operation);
  if (data.files === undefined) {
    throw new GitHubError({
      kind: "malformed-response",
      operation,
      status: 200,
      hint: "GitHub's comparison came without its list of files. Re-run the job; nothing was approved.",
    });
  }
  return { files: data.files };
}

/** The pull request's own file list, its head checked just before and just after, each file of the
 * comparison found in it unchanged. */
async function pullRequestFiles(
  client: GitHubClient,
  repository: RepositoryRef,
  pull: ChangePull,
  compared: readonly FileEntry[],
  maxPages: number,
): Promise<{ files: DiffFile[]; requests: number; morePages: boolean }> {
  const where = `${fullName(repository)}#${pull.number}`;
  const verify = async (when: string) => {
    const now = await getPullRequest(client, repository, pull.number);
    if (now.headSha !== pull.headSha) {
      throw new GitHubError({
        kind: "head-moved",
        operation: `read the file list of pull request ${where}`,
        hint: `The pull request moved from ${pull.headSha.slice(0, 12)} to ${now.headSha.slice(0, 12)} ${when} its file list was read, so the list may not be of the commit being judged. The push's own run will judge it; nothing was approved here.`,
      });
    }
  };
  await verify("before");
  const entries: FileEntry[] = [];
  let pages = 0;
  let morePages = true;
  for (let page = 1; page <= maxPages; page += 1) {
    const operation = `list the files of pull request ${where} (page ${page})`;
    const response = await client.run(operation, (octokit) =>
      octokit.rest.pulls.listFiles({
        owner: repository.owner,
        repo: repository.repo,
        pull_number: pull.number,
        per_page: FILES_PER_PAGE,
        page,
      }),
    );
    pages += 1;
    const list = expectShape(pageShape, response.data, operation);
    entries.push(...list);
    if (list.length < FILES_PER_PAGE) {
      morePages = false;
      break;
    }
  }
  await verify("while");
  const byName = new Map(entries.map((e) => [e.filename, e]));
  for (const c of compared) {
    const e = byName.get(c.filename);
    // A list cut short (pages left unread) is already not the whole change; only what it holds is checked.
    if (e === undefined && morePages) continue;
    if (
      e === undefined ||
      e.sha !== c.sha ||
      e.status !== c.status ||
      e.additions !== c.additions ||
      e.deletions !== c.deletions
    ) {
      throw new GitHubError({
        kind: "head-moved",
        operation: `read the file list of pull request ${where}`,
        hint: `Its file list does not match the comparison of ${pull.headSha.slice(0, 12)} at ${shownPath(c.filename)}, so it may be of another commit. Re-run the job; nothing was approved.`,
      });
    }
  }
  return { files: entries.map(fileFromPatch), requests: pages + 2, morePages };
}
