// Turns whatever a request threw (an Octokit RequestError, a fetch failure, a timeout) into a
// GitHubError with a hint the user can act on. Octokit's error is read by shape, not by class, so a
// thrown value from any layer (plugins, fetch, our own fetch wrapper) is classified the same way.

import { defined } from "../util/defined.js";
import { plainNetworkWords } from "../util/describe-error.js";
import { responseTooLarge } from "./bounded-fetch.js";
import { GitHubError, type GitHubErrorKind } from "./errors.js";

interface Shaped {
  status?: unknown;
  message?: unknown;
  name?: unknown;
  cause?: unknown;
  response?: { headers?: Record<string, unknown>; data?: unknown };
}

export interface FailureContext {
  readonly operation: string;
  readonly redact: (text: string) => string;
  /** A check-run write: a refused write is the fork-PR case the action must explain. */
  readonly writesChecks?: boolean;
  /** The per-attempt timeout and the attempts made, for the message. */
  readonly timeoutMs?: number;
  readonly attempts?: number;
}

const CHECKS_NOT_WRITABLE_HINT =
  "This token cannot write check runs: under `pull_request`, a pull request from a fork gets a read-only token. " +
  "Gate fork pull requests with `pull_request_target` (the head is read as data, never run) or a `workflow_run` " +
  "workflow, and give the job `permissions: checks: write`.";

const PERMISSIONS_HINT =
  "Give the job the permissions the gate needs: `contents: read`, `pull-requests: write` (its findings as a " +
  "review; `read` with `review-comments: false`), `checks: write`, `issues: write` (for its history comment) " +
  "and `statuses: read`.";

function chainNames(error: unknown): string[] {
  const names: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const shaped = current as Shaped;
    if (typeof shaped.name === "string") names.push(shaped.name);
    if (typeof shaped.message === "string") names.push(shaped.message);
    current = shaped.cause;
  }
  return names;
}

function githubMessage(shaped: Shaped): string | undefined {
  const data = shaped.response?.data;
  if (
    typeof data === "object" &&
    data !== null &&
    typeof (data as { message?: unknown }).message === "string"
  ) {
    return (data as { message: string }).message;
  }
  if (typeof data === "string" && data.trim() !== "" && !data.trimStart().startsWith("<"))
    return data.slice(0, 300);
  return undefined;
}

function header(shaped: Shaped, name: string): string | undefined {
  const value = shaped.response?.headers?.[name];
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}

export function describeFailure(error: unknown, context: FailureContext): GitHubError {
  if (error instanceof GitHubError) return error;
  const shaped = (typeof error === "object" && error !== null ? error : { message: String(error) }) as Shaped;
  const redact = context.redact;
  const status = typeof shaped.status === "number" ? shaped.status : undefined;
  const said = githubMessage(shaped);
  const message = said === undefined ? undefined : redact(said);
  const requestId = header(shaped, "x-github-request-id");
  const retryAfter = header(shaped, "retry-after");
  const base = {
    operation: context.operation,
    ...defined({ githubMessage: message, requestId }),
  };
  const attempts = context.attempts !== undefined ? ` on ${context.attempts} attempt(s)` : "";
  const make = (kind: GitHubErrorKind, hint: string, withStatus = true) =>
    new GitHubError({
      ...base,
      kind,
      hint,
      ...(withStatus && status !== undefined ? { status } : {}),
      ...(retryAfter !== undefined && Number.isFinite(Number(retryAfter))
        ? { retryAfterSeconds: Number(retryAfter) }
        : {}),
    });

  const tooLarge = responseTooLarge(error);
  if (tooLarge !== undefined) {
    // Our own cap, not the network: Octokit reports it as a 500 without a response.
    return make(
      "too-large",
      `GitHub's answer is larger than the ${tooLarge.limit.toLocaleString("en-US")} bytes the gate reads; asking again would get the same answer. Nothing was approved.`,
      false,
    );
  }
  if (shaped.response === undefined) {
    // No answer at all: Octokit reports these as status 500 without a response.
    const chain = chainNames(error).join(" ");
    if (/TimeoutError|AbortError|aborted due to timeout|timed? ?out/i.test(chain)) {
      const ms = context.timeoutMs;
      const limit = ms === undefined ? "the timeout" : ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
      return make(
        "timeout",
        `GitHub did not answer within ${limit}${attempts}. Re-run the job; if it keeps happening, see https://www.githubstatus.com.`,
        false,
      );
    }
    // The cause's own words (`getaddrinfo ENOTFOUND …`) said plainly: the message is `fetch failed`.
    const plain = plainNetworkWords(chain);
    const detail = redact(
      plain !== chain ? plain : typeof shaped.message === "string" ? shaped.message : chain,
    );
    return new GitHubError({
      ...base,
      kind: "network",
      githubMessage: detail,
      hint: `The connection to GitHub failed${attempts}. Check GITHUB_API_URL and the runner's network, then re-run the job.`,
    });
  }
  const text = `${message ?? ""} ${typeof shaped.message === "string" ? redact(shaped.message) : ""}`;
  if (status === 401)
    return make(
      "unauthorized",
      "The token was refused: check the `github-token` input (invalid or expired).",
    );
  if (
    status === 429 ||
    (status === 403 && (/rate limit/i.test(text) || header(shaped, "x-ratelimit-remaining") === "0"))
  ) {
    const wait = retryAfter !== undefined ? ` (GitHub asked to wait ${retryAfter} s)` : "";
    return make(
      "rate-limited",
      `GitHub's rate limit was hit${wait} and the bounded retries ran out. Re-run the job later; nothing was approved.`,
    );
  }
  if (status === 403) {
    if (
      context.writesChecks === true &&
      /not accessible by integration|authenticate via a GitHub App/i.test(text)
    ) {
      return make("checks-not-writable", CHECKS_NOT_WRITABLE_HINT);
    }
    return make("forbidden", PERMISSIONS_HINT);
  }
  if (status === 404) {
    return make(
      "not-found",
      "It does not exist, or this token cannot see it (a private repository needs `contents: read`).",
    );
  }
  if (status === 406 || status === 413)
    return make("too-large", "GitHub refuses to produce a response this large.");
  if (status === 400 || status === 409 || status === 422) {
    return make(
      "invalid-request",
      "GitHub refused the request; this is a bug in verdict-gate, please report it with this message.",
    );
  }
  return make(
    "server-error",
    `GitHub kept failing${attempts}. Re-run the job; if it keeps happening, see https://www.githubstatus.com.`,
  );
}
