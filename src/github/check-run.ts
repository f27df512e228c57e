// The gate's one check run on the pull request's head commit. It is created in progress (so a
// required check is pending, never missing, while the round runs) and completed with a conclusion
// only at the end. The conclusions are typed and checked: `neutral` and `skipped` count as passing in
// GitHub's required checks, so the gate can never send them; `success` is the caller's approve.
import { z } from "zod";
import { defined } from "../util/defined.js";
import {
  type ApiAnnotation,
  annotationBatches,
  type CheckAnnotation,
  fitOutputText,
} from "./check-run-limits.js";
import type { GitHubClient } from "./client.js";
import { GitHubError } from "./errors.js";
import { fullName, type RepositoryRef } from "./repository-ref.js";
import { expectShape } from "./response-shape.js";

/** The conclusions the gate may send. `success` only for approve; the others never pass. */
export type CheckConclusion = "success" | "failure" | "action_required" | "cancelled" | "timed_out";
const ALLOWED: ReadonlySet<string> = new Set([
  "success",
  "failure",
  "action_required",
  "cancelled",
  "timed_out",
]);

const runShape = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  head_sha: z.string(),
  status: z.string(),
  conclusion: z.string().nullable(),
  html_url: z.string().nullable().optional(),
  started_at: z.string().nullable().optional(),
  app: z.object({ id: z.number(), slug: z.string().optional() }).nullable(),
});

export interface CheckRunHandle {
  readonly id: number;
  readonly name: string;
  readonly headSha: string;
  readonly htmlUrl: string | null;
  /** When GitHub started the run (its own clock), or null when it did not say. */
  readonly startedAt: string | null;
  /** The app the check belongs to (GitHub Actions for a workflow's token). Its bot,
   * `${slug}[bot]`, is the only author whose history comment the gate trusts. */
  readonly app: { readonly id: number; readonly slug: string } | null;
}

/** The login of the bot that authors the gate's comments: `${app.slug}[bot]`, or null when unknown. */
export function gateBotLogin(handle: CheckRunHandle): string | null {
  return handle.app === null ? null : `${handle.app.slug}[bot]`;
}

export interface CheckOutputText {
  readonly title: string;
  /** Markdown; cut with a visible mark past 65,535 characters. */
  readonly summary: string;
  /** Markdown; cut with a visible mark past 65,535 characters. */
  readonly text?: string;
}

/** The output as sent: the secrets the client knows (the token, the reviewer's key) replaced, so a
 * reviewer that echoed a key into its report cannot publish it on the pull request; then GitHub's
 * limits. */
function output(
  raw: CheckOutputText,
  redact: (text: string) => string,
): { title: string; summary: string; text?: string; truncated: boolean } {
  const o = {
    title: redact(raw.title),
    summary: redact(raw.summary),
    ...(raw.text !== undefined ? { text: redact(raw.text) } : {}),
  };
  const title = o.title.trim() === "" ? "verdict-gate" : o.title.replace(/\s+/g, " ").slice(0, 1000);
  const summary = fitOutputText(o.summary === "" ? title : o.summary);
  const text = o.text === undefined ? undefined : fitOutputText(o.text);
  return {
    title,
    summary: summary.text,
    ...(text !== undefined ? { text: text.text } : {}),
    truncated: summary.truncated || (text?.truncated ?? false),
  };
}

function handleFrom(data: unknown, operation: string): CheckRunHandle {
  const run = expectShape(runShape, data, operation);
  return {
    id: run.id,
    name: run.name,
    headSha: run.head_sha,
    htmlUrl: run.html_url ?? null,
    startedAt: run.started_at ?? null,
    app: run.app === null || run.app.slug === undefined ? null : { id: run.app.id, slug: run.app.slug },
  };
}

/** Creates the check run, in progress, on `headSha`. 1 request. A token that may not write checks (a
 * fork PR's) is a GitHubError `checks-not-writable` whose message explains the safe setups. */
export async function createCheckRun(
  client: GitHubClient,
  repository: RepositoryRef,
  input: CheckOutputText & {
    readonly name: string;
    readonly headSha: string;
    readonly detailsUrl?: string;
    readonly externalId?: string;
    /** Made without the client's retries (the caller looks before creating again). */
    readonly once?: boolean;
  },
): Promise<CheckRunHandle> {
  const operation = `create check run "${input.name}" on ${input.headSha.slice(0, 12)} in ${fullName(repository)}`;
  const { truncated: _truncated, ...out } = output(input, client.redact);
  const response = await client.run(
    operation,
    (octokit) =>
      octokit.rest.checks.create({
        owner: repository.owner,
        repo: repository.repo,
        name: input.name,
        head_sha: input.headSha,
        status: "in_progress",
        output: out,
        ...defined({ details_url: input.detailsUrl, external_id: input.externalId }),
        // A create GitHub applied but answered with an error would leave a second run if retried as
        // it stands: the caller looks for it first (adapter.ts, idempotent-write.ts).
        ...(input.once === true ? { request: { retries: 0 } } : {}),
      }),
    { writesChecks: true },
  );
  const handle = handleFrom(response.data, operation);
  if (handle.headSha !== input.headSha) {
    throw new GitHubError({
      kind: "malformed-response",
      operation,
      status: 201,
      hint: `GitHub created the check run on ${handle.headSha.slice(0, 12)}, not on the head commit. Re-run the job.`,
    });
  }
  return handle;
}

export interface CheckRunUpdate extends CheckOutputText {
  /** Completes the check run. Omitted: it stays in progress (conditional-on: pending, never passing). */
  readonly conclusion?: CheckConclusion;
  readonly annotations?: readonly CheckAnnotation[];
  /** Sent with the last request: what the run remembers for later rounds (external-id.ts). */
  readonly externalId?: string;
}

export interface CheckRunUpdateResult {
  /** API calls made: one per 50 annotations, at least one. */
  readonly requests: number;
  readonly annotationsSent: number;
  /** The summary or text was cut to fit GitHub's limit (the mark says so in the check itself). */
  readonly truncated: boolean;
}

/** Writes the round's output, annotations 50 a request, and the conclusion with the LAST request:
 * if any batch fails the check run stays in progress (pending), never completed on partial output.
 * 120 annotations → 3 requests. */
export async function updateCheckRun(
  client: GitHubClient,
  repository: RepositoryRef,
  checkRunId: number,
  update: CheckRunUpdate,
): Promise<CheckRunUpdateResult> {
  const conclusion = update.conclusion;
  if (conclusion !== undefined && !ALLOWED.has(conclusion)) {
    // `neutral` and `skipped` pass a required check: a gate that sent them could approve by accident.
    throw new GitHubError({
      kind: "refused",
      operation: `complete check run ${checkRunId}`,
      hint: `verdict-gate never sends the conclusion "${String(conclusion)}": it would count as passing. This is a bug; please report it.`,
    });
  }
  const { truncated, ...out } = output(update, client.redact);
  const batches = annotationBatches(
    (update.annotations ?? []).map((a) => ({
      ...a,
      message: client.redact(a.message),
      ...(a.title !== undefined ? { title: client.redact(a.title) } : {}),
      ...(a.rawDetails !== undefined ? { rawDetails: client.redact(a.rawDetails) } : {}),
    })),
  );
  let sent = 0;
  for (let i = 0; i < batches.length; i += 1) {
    const last = i === batches.length - 1;
    const batch = batches[i] as ApiAnnotation[];
    const operation = `update check run ${checkRunId} in ${fullName(repository)}${batches.length > 1 ? ` (batch ${i + 1} of ${batches.length})` : ""}`;
    const response = await client.run(
      operation,
      (octokit) =>
        octokit.rest.checks.update({
          owner: repository.owner,
          repo: repository.repo,
          check_run_id: checkRunId,
          output: { ...out, ...(batch.length > 0 ? { annotations: batch } : {}) },
          ...(last && conclusion !== undefined ? { conclusion } : {}),
          ...(last && conclusion === undefined ? { status: "in_progress" as const } : {}),
          ...(last && update.externalId !== undefined ? { external_id: update.externalId } : {}),
        }),
      { writesChecks: true },
    );
    const run = expectShape(runShape, response.data, operation);
    if (run.id !== checkRunId || (last && conclusion !== undefined && run.conclusion !== conclusion)) {
      throw new GitHubError({
        kind: "malformed-response",
        operation,
        status: 200,
        hint: `GitHub's answer does not show the update (check run ${run.id}, conclusion ${run.conclusion ?? "none"}). Re-run the job.`,
      });
    }
    sent += batch.length;
  }
  return { requests: batches.length, annotationsSent: sent, truncated };
}

/** A check run as it is now: whether it is still open, and whose it is. 1 request. */
export async function getCheckRun(
  client: GitHubClient,
  repository: RepositoryRef,
  checkRunId: number,
): Promise<CheckRunHandle & { readonly status: string; readonly conclusion: string | null }> {
  const operation = `get check run ${checkRunId} in ${fullName(repository)}`;
  const response = await client.run(operation, (octokit) =>
    octokit.rest.checks.get({ owner: repository.owner, repo: repository.repo, check_run_id: checkRunId }),
  );
  const run = expectShape(runShape, response.data, operation);
  return { ...handleFrom(response.data, operation), status: run.status, conclusion: run.conclusion };
}

/** Takes over a run of the gate's that is still in progress (a pending conditional-on, a killed
 * round's) for a new round on the same head: its output says it is reviewing again, and GitHub's clock
 * at this moment (the answer's date) stands in for the start GitHub stamped on it long ago. 1 request. */
export async function reopenCheckRun(
  client: GitHubClient,
  repository: RepositoryRef,
  checkRunId: number,
  input: CheckOutputText & { readonly externalId?: string },
): Promise<CheckRunHandle> {
  const operation = `take over check run ${checkRunId} in ${fullName(repository)}`;
  const { truncated: _truncated, ...out } = output(input, client.redact);
  const response = await client.run(
    operation,
    (octokit) =>
      octokit.rest.checks.update({
        owner: repository.owner,
        repo: repository.repo,
        check_run_id: checkRunId,
        status: "in_progress",
        output: out,
        ...defined({ external_id: input.externalId }),
      }),
    { writesChecks: true },
  );
  const run = expectShape(runShape, response.data, operation);
  if (run.id !== checkRunId || run.status === "completed") {
    throw new GitHubError({
      kind: "malformed-response",
      operation,
      status: 200,
      hint: `GitHub's answer does not show check run ${checkRunId} in progress (${run.status}).`,
    });
  }
  const date = Date.parse(String((response.headers as Record<string, unknown>).date ?? ""));
  const handle = handleFrom(response.data, operation);
  return { ...handle, startedAt: Number.isNaN(date) ? null : new Date(date).toISOString() };
}
