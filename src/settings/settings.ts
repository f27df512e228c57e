// Inputs and the event → one typed, validated Settings object. This is the only place that interprets
// action inputs; everything downstream gets Settings. A bad input throws a SettingsError that names
// the input and says what it accepts, and the step fails: a gate that guesses what a user meant can
// guess its way to an approve.
import { z } from "zod";
import { CONTEXT_MODES, type ContextMode } from "../context/material.js";
import { globProblem } from "../util/glob.js";
import { STATUSES, type Status } from "../verdict/four-values.js";
import { INPUT, type InputName } from "./inputs.js";
import { DEFAULT_MODEL } from "./models.js";
import { type PanelSettings, PanelSettingsError, readPanel } from "./panel.js";

export class SettingsError extends Error {
  override readonly name = "SettingsError";
}

export type Provider = "openai" | "anthropic" | "command";

export interface ReviewerSettings {
  /** Which wire format and client to use. */
  provider: Provider;
  /** Model name as the provider expects it (empty for `command`). */
  model: string;
  /** Secret; masked before anything else runs. Empty for keyless local endpoints. */
  apiKey: string;
  /** API base URL; undefined uses the provider's default. */
  baseUrl?: string;
  /** For `command`: the reviewer's command line, run without a shell. */
  command?: string;
  /** Per-call time limit. */
  timeoutMs: number;
  /** Retries after 429, 5xx and network errors. */
  retries: number;
  /** Most tokens the reviewer may write; a reply cut off there is a hold. */
  maxOutputTokens: number;
  /** Context window for the 80% warning; undefined uses the built-in table. */
  contextWindow?: number;
  /** Reviewer calls in flight at once when the diff is split. */
  concurrency: number;
  /** The most prompt tokens one round may send, estimated before any call; undefined: no limit. A
   * round that needs more holds without a call. */
  maxRoundTokens?: number;
}

/** What the round is about. The check run always goes on a pull request's head commit (or the merge
 * group's head), never on a merge commit or the default branch. */
export type Target =
  | {
      kind: "pull_request";
      number: number;
      /** The head commit named by the event, when it names one (re-checked against the API). */
      headSha?: string;
      /** The previous head of a `synchronize` push (force-pushes included). */
      before?: string;
      /** The head a person named (workflow_dispatch `head-sha`): the commit they read. When the pull
       * request's head is another, nothing is done (src/gate/person-act.ts). */
      namedHead?: string;
    }
  | { kind: "merge_group"; headSha: string; baseSha: string; headRef: string }
  /** An `issue_comment` event: what the comment asks is decided by src/commands/, which turns a
   * command into a pull_request round (or nothing). */
  | { kind: "comment"; comment: PullRequestComment };

/** A comment from an `issue_comment` event, as the payload gives it. Nothing here is trusted for a
 * permission: who may act is asked of the API (src/commands/run.ts). */
export interface PullRequestComment {
  /** The webhook's action: only `created` is acted on (an edit never replays a command). */
  action: string;
  /** The issue or pull request the comment is on. */
  issue: number;
  /** Whether that issue is a pull request (the payload's `issue.pull_request`). */
  onPullRequest: boolean;
  id: number;
  body: string;
  /** The comment's web address, recorded with a decision it carries. */
  url: string;
  /** Who wrote it (`comment.user.login`). */
  author: string;
}

/** A person's decision recorded through workflow_dispatch or a `/verdict` comment. */
export interface HumanDecision {
  decision: "approve" | "block";
  reason: string;
  /** The dispatching (or commenting) user, whose write permission is verified through the API. */
  actor: string;
  /** The comment that carried it, when one did: recorded with the decision. */
  url?: string;
  /** When that comment was written, by GitHub's clock (as GitHub has it when the command is carried
   * out): the decision is about the round the gate had recorded by then (src/gate/decision-target.ts). */
  writtenAt?: string;
}

export interface Settings {
  /** Token for the GitHub API (masked). */
  token: string;
  /** REST API base, from GITHUB_API_URL (GitHub Enterprise Server and the test servers differ). */
  apiUrl: string;
  /** Web base, from GITHUB_SERVER_URL, for links in the summary. */
  serverUrl: string;
  owner: string;
  repo: string;
  /** The event that started the run (for workflow_call, the caller's event). */
  eventName: string;
  /** GITHUB_SHA: for pull_request, the test merge commit the workflow checks out by default. */
  eventSha?: string;
  target: Target;
  /** The pull request event's action (opened, synchronize, labeled, …), when there is one. */
  eventAction?: string;
  /** The single reviewer; with a panel, its first reviewer (what reads one reviewer's settings, like
   * the command-reviewer checks, reads a real one). */
  reviewer: ReviewerSettings;
  /** The `reviewers` panel, when that input is set; absent, the round asks `reviewer` alone. */
  panel?: PanelSettings;
  /** Path of the contract file, read at the base commit. Relative, inside the repository. */
  contractPath: string;
  /** Name of the check run (the required status check). */
  checkName: string;
  /** Blocked rounds before the gate holds the PR as exhausted. */
  maxRounds: number;
  /** Minutes from the step's start after which the round asks its reviewers nothing more and holds with
   * what it has (src/gate/reviewer-guard.ts); GitHub rate-limit waits end by then too, plus the few
   * minutes publishing takes (src/compose/github.ts). */
  roundDeadlineMinutes: number;
  /** Statuses that fail the step. */
  failOn: readonly Status[];
  diff: {
    include: readonly string[];
    exclude: readonly string[];
    defaultExcludes: boolean;
    maxDiffTokens: number;
  };
  prompt: {
    /** Replaces the default review task. */
    task?: string;
    /** Appended to the review task. */
    instructions?: string;
    /** Show the reviewer the PR title, body and commit messages. */
    includePrDescription: boolean;
    /** What the reviewer is shown besides the diff, from the head (src/context/). */
    context: ContextMode;
  };
  decision?: HumanDecision;
  /** Call the reviewer even when the recorded verdict could be reused. */
  forceReview: boolean;
  /** The person who asked for the forced answer (a dispatch's GITHUB_ACTOR, a `/verdict review --force`
   * comment's author): refused when they opened or pushed to the pull request (src/gate/person-act.ts).
   * Absent when force-review is the workflow's own setting. */
  forcedBy?: string;
  /** Who pushed the head this `synchronize` event is about (its sender), recorded with the round that
   * judges it: they may not decide or force it (src/gate/pushers.ts). */
  pusher?: string;
  /** Post the reviewer's findings as one `COMMENT` review per round and resolve the gate's own threads
   * whose finding is gone (src/gate/review-comments.ts). Never changes the status. */
  reviewComments: boolean;
  /** The checked-out tree the criteria read (GITHUB_WORKSPACE). */
  workspace: string;
  /** Link to this workflow run, for the summary. */
  runUrl?: string;
}

/** Reads one input as the runner provides it (INPUT_<NAME> with action.yml's default applied). */
export type InputReader = (name: InputName) => string;

const SUPPORTED_EVENTS =
  "pull_request, pull_request_target, workflow_dispatch (with `pr`), merge_group, workflow_run, issue_comment, " +
  "or a workflow_call from one of these";

function fail(input: InputName, accepts: string, got: string): never {
  throw new SettingsError(`input \`${input}\`: ${accepts}; got ${JSON.stringify(got)}`);
}

function integer(read: InputReader, input: InputName, min: number, max: number): number {
  const raw = read(input).trim();
  if (!/^\d+$/.test(raw)) fail(input, `expects a whole number from ${min} to ${max}`, raw);
  const value = Number(raw);
  if (value < min || value > max) fail(input, `expects a whole number from ${min} to ${max}`, raw);
  return value;
}

function optionalInteger(read: InputReader, input: InputName, min: number, max: number): number | undefined {
  return read(input).trim() === "" ? undefined : integer(read, input, min, max);
}

// The YAML 1.2 core schema booleans, as @actions/core's getBooleanInput accepts them.
function boolean(read: InputReader, input: InputName): boolean {
  const raw = read(input).trim();
  if (["true", "True", "TRUE"].includes(raw)) return true;
  if (["false", "False", "FALSE"].includes(raw)) return false;
  return fail(input, "expects true or false", raw);
}

/** Where one line of a list input ends its current item: the index of each top-level comma. A comma
 * inside `{…}` (a brace alternative) or a closed `[…]` (a character class), or escaped as `\,`, belongs
 * to the glob: `exclude: "{dist,build}/**"` split on every comma became `{dist` and `build}/**`, and
 * excluded nothing while the user believed both were out. Throws for a brace that does not close on its
 * line, because no split of it is the one the user meant. */
function topLevelCommas(line: string): number[] {
  const commas: number[] = [];
  let depth = 0;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (ch === "\\") i += 1;
    else if (ch === "[") {
      // A class only when it closes on this line; a lone `[` is a literal to every glob reader.
      const close = line.indexOf("]", i + 2);
      if (close !== -1) i = close;
    } else if (ch === "{") depth += 1;
    else if (ch === "}") {
      if (depth === 0) throw new Error("a } has no opening {");
      depth -= 1;
    } else if (ch === "," && depth === 0) commas.push(i);
  }
  if (depth > 0) throw new Error("a { has no closing } on its line");
  return commas;
}

/** Splits a list as written, for every list input and the CLI flags that feed them (the CLI joins
 * repeated flags with newlines and passes them through here): items are separated by newlines and by
 * commas outside braces and classes; each is trimmed; empty ones are dropped. Throws an Error naming the
 * item that cannot be split with certainty. */
export function splitList(raw: string): string[] {
  const items: string[] = [];
  for (const line of raw.split(/\r?\n/)) {
    let commas: number[];
    try {
      commas = topLevelCommas(line);
    } catch (error) {
      throw new Error(
        `${JSON.stringify(line.trim())}: ${error instanceof Error ? error.message : String(error)} (a comma inside {…} belongs to the glob; write \\{ for a literal brace)`,
      );
    }
    let start = 0;
    for (const at of [...commas, line.length]) {
      items.push(line.slice(start, at).trim());
      start = at + 1;
    }
  }
  return items.filter((s) => s !== "");
}

function list(read: InputReader, input: InputName): string[] {
  try {
    return splitList(read(input));
  } catch (error) {
    throw new SettingsError(`input \`${input}\`: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A list of globs (src/util/glob.ts's dialect), each checked now: a glob the matcher would refuse fails
 * the step here, naming the input, instead of mid-round. No negation: `include` and `exclude` are
 * already the two sides of the scope. */
function globList(read: InputReader, input: InputName): string[] {
  const globs = list(read, input);
  for (const glob of globs) {
    const problem = globProblem(glob);
    if (problem !== undefined) {
      const hint = glob.startsWith("!")
        ? " (list the files to review in `include` and the files to leave out in `exclude`)"
        : "";
      throw new SettingsError(`input \`${input}\`: ${problem}${hint}`);
    }
  }
  return globs;
}

function optionalText(read: InputReader, input: InputName): string | undefined {
  const value = read(input).trim();
  return value === "" ? undefined : value;
}

/** A repository-relative path that cannot name anything outside the repository. */
function repositoryPath(read: InputReader, input: InputName): string {
  const raw = read(input).trim();
  const accepts = "expects a relative path inside the repository, like .github/verdict-contract.json";
  if (raw === "" || raw.startsWith("/") || raw.includes("\\") || raw.includes("\0"))
    fail(input, accepts, raw);
  const parts = raw.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.length === 0 || parts.includes("..")) fail(input, accepts, raw);
  return parts.join("/");
}

function httpUrl(input: InputName, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(input, "expects an http(s) URL", raw);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") fail(input, "expects an http(s) URL", raw);
  if (url.username !== "" || url.password !== "") {
    // A URL with credentials would print them in every error message that names the host.
    throw new SettingsError(`input \`${input}\`: must not contain credentials; pass the key in \`api-key\``);
  }
  return raw.replace(/\/+$/, "");
}

function reviewerSettings(read: InputReader): ReviewerSettings {
  const provider = read(INPUT.provider).trim();
  if (provider !== "openai" && provider !== "anthropic" && provider !== "command") {
    fail(INPUT.provider, "expects openai, anthropic or command", provider);
  }
  const model = read(INPUT.model).trim();
  const command = optionalText(read, INPUT.command);
  if (provider !== "command" && model === "") {
    throw new SettingsError(
      `input \`${INPUT.model}\`: required for provider ${provider} (for example \`${DEFAULT_MODEL[provider]}\`)`,
    );
  }
  if (provider === "command" && command === undefined) {
    throw new SettingsError(
      `input \`${INPUT.command}\`: required for provider command (for example \`claude -p\` or \`codex exec\`)`,
    );
  }
  const baseUrlRaw = optionalText(read, INPUT.baseUrl);
  const contextWindow = optionalInteger(read, INPUT.contextWindow, 1_000, 100_000_000);
  const maxRoundTokens = optionalInteger(read, INPUT.maxRoundTokens, 1_000, 1_000_000_000);
  return {
    provider,
    model,
    apiKey: read(INPUT.apiKey).trim(),
    ...(baseUrlRaw !== undefined ? { baseUrl: httpUrl(INPUT.baseUrl, baseUrlRaw) } : {}),
    ...(command !== undefined ? { command } : {}),
    timeoutMs: integer(read, INPUT.reviewerTimeoutSeconds, 1, 3_600) * 1000,
    retries: integer(read, INPUT.reviewerRetries, 0, 10),
    maxOutputTokens: integer(read, INPUT.maxOutputTokens, 256, 1_000_000),
    ...(contextWindow !== undefined ? { contextWindow } : {}),
    concurrency: integer(read, INPUT.reviewerConcurrency, 1, 16),
    ...(maxRoundTokens !== undefined ? { maxRoundTokens } : {}),
  };
}

/** The single-reviewer inputs a panel replaces: set beside `reviewers`, one of them would be ignored
 * and the user would believe it applied. `provider` is not among them: it has a default. */
const SINGLE_REVIEWER_INPUTS = [INPUT.model, INPUT.apiKey, INPUT.baseUrl, INPUT.command] as const;

/** The reviewer, or the panel when `reviewers` is set (then `reviewer` is its first). */
function reviewersOf(
  read: InputReader,
  keys: Readonly<Record<string, string | undefined>>,
): { reviewer: ReviewerSettings; panel?: PanelSettings } {
  const list = read(INPUT.reviewers).trim();
  const policy = read(INPUT.panelPolicy).trim();
  if (list === "") {
    // One reviewer: unanimous and quorum:1 are the same policy; quorum:2 could never be met.
    if (policy !== "" && policy !== "unanimous" && policy !== "quorum:1") {
      fail(INPUT.panelPolicy, "needs a `reviewers` panel for anything but unanimous or quorum:1", policy);
    }
    return { reviewer: reviewerSettings(read) };
  }
  for (const input of SINGLE_REVIEWER_INPUTS) {
    if (read(input).trim() !== "") {
      throw new SettingsError(
        `input \`${input}\` must be empty when \`${INPUT.reviewers}\` is set: each reviewer of the panel names its own ${input === INPUT.apiKey ? "key variable (api-key-env)" : input} in its entry`,
      );
    }
  }
  const contextWindow = optionalInteger(read, INPUT.contextWindow, 1_000, 100_000_000);
  let panel: PanelSettings;
  try {
    panel = readPanel(
      list,
      policy,
      {
        timeoutMs: integer(read, INPUT.reviewerTimeoutSeconds, 1, 3_600) * 1000,
        retries: integer(read, INPUT.reviewerRetries, 0, 10),
        maxOutputTokens: integer(read, INPUT.maxOutputTokens, 256, 1_000_000),
        ...(contextWindow !== undefined ? { contextWindow } : {}),
        concurrency: integer(read, INPUT.reviewerConcurrency, 1, 16),
      },
      keys,
    );
  } catch (error) {
    if (!(error instanceof PanelSettingsError)) throw error;
    throw new SettingsError(`input \`${error.input}\`: ${error.message}`);
  }
  return { reviewer: panel.reviewers[0] as ReviewerSettings, panel };
}

function failOn(read: InputReader): Status[] {
  const values = list(read, INPUT.failOn);
  for (const v of values) {
    if (!(STATUSES as readonly string[]).includes(v)) {
      fail(INPUT.failOn, `expects a comma-separated list of ${STATUSES.join(", ")}`, v);
    }
  }
  return [...new Set(values as Status[])];
}

// The parts of webhook payloads the gate reads. Validated, because a malformed or hand-made event must
// fail the step with a message, not crash later or, worse, gate the wrong commit.
const sha = z.string().regex(/^[0-9a-f]{40}$/, "a 40-hex commit SHA");
const repositoryShape = z.object({
  full_name: z.string(),
  name: z.string(),
  owner: z.object({ login: z.string() }),
});
const pullRequestEvent = z.object({
  action: z.string().optional(),
  sender: z.object({ login: z.string() }).optional(),
  number: z.number().int().positive().optional(),
  before: sha.optional(),
  pull_request: z.object({
    number: z.number().int().positive(),
    head: z.object({ sha }),
    base: z.object({ sha }),
  }),
  repository: repositoryShape,
});
const mergeGroupEvent = z.object({
  merge_group: z.object({ head_sha: sha, base_sha: sha, head_ref: z.string() }),
  repository: repositoryShape,
});
const workflowRunEvent = z.object({
  workflow_run: z.object({
    pull_requests: z.array(
      z.object({ number: z.number().int().positive(), head: z.object({ sha }).optional() }),
    ),
  }),
  repository: repositoryShape,
});
const issueCommentEvent = z.object({
  action: z.string(),
  issue: z.object({ number: z.number().int().positive(), pull_request: z.object({}).loose().optional() }),
  comment: z.object({
    id: z.number().int().positive(),
    body: z.string().nullable().optional(),
    html_url: z.string(),
    user: z.object({ login: z.string() }).nullable(),
  }),
  repository: repositoryShape,
});
const anyEvent = z.object({ repository: repositoryShape.optional() }).loose();

function parsePayload<T>(schema: z.ZodType<T>, payload: unknown, eventName: string): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "(root)";
    throw new SettingsError(
      `the ${eventName} event payload is malformed at \`${where}\`: ${issue?.message ?? "invalid"}`,
    );
  }
  return parsed.data;
}

/** The `pr` input: the number as digits and nothing else. The workflows' one concurrency group is
 * named after this text (docs/workflows.md), so `#57`, ` 57` or `057` would put a round of PR 57 in
 * another group than its pull_request rounds, free to race them over the history comment. */
function prNumberInput(read: InputReader): number | undefined {
  const raw = read(INPUT.pr);
  if (raw === "") return undefined;
  if (!/^[1-9]\d{0,8}$/.test(raw))
    fail(INPUT.pr, "expects a pull request number written as digits alone (e.g. 57)", raw);
  return Number(raw);
}

export interface Environment {
  /** process.env as the runner sets it. */
  env: Readonly<Record<string, string | undefined>>;
  /** Where a panel entry's `api-key-env` is looked up (default `env`; the CLI passes its own). */
  keys?: Readonly<Record<string, string | undefined>>;
  /** The parsed contents of GITHUB_EVENT_PATH (undefined when unreadable). */
  payload: unknown;
}

function required(env: Environment["env"], name: string): string {
  const value = env[name];
  if (value === undefined || value === "") {
    throw new SettingsError(`${name} is not set: verdict-gate must run inside a GitHub Actions job`);
  }
  return value;
}

function target(
  read: InputReader,
  eventName: string,
  payload: unknown,
  repository: string,
): {
  target: Target;
  eventAction?: string;
  pusher?: string;
} {
  const pr = prNumberInput(read);
  const named = namedHead(read, eventName);
  const sameRepository = (r: { full_name: string } | undefined) => {
    if (r !== undefined && r.full_name.toLowerCase() !== repository.toLowerCase()) {
      // An event for another repository would gate (and post checks on) the wrong pull request.
      throw new SettingsError(
        `the event is for ${r.full_name}, but this job runs in ${repository}; refusing to gate another repository`,
      );
    }
  };
  switch (eventName) {
    case "pull_request":
    case "pull_request_target": {
      const event = parsePayload(pullRequestEvent, payload, eventName);
      sameRepository(event.repository);
      const number = pr ?? event.pull_request.number;
      const own = number === event.pull_request.number;
      // The sender of a `synchronize` is who pushed the head it names (a force-push too).
      const pusher = own && event.action === "synchronize" ? event.sender?.login : undefined;
      return {
        target: {
          kind: "pull_request",
          number,
          ...(own ? { headSha: event.pull_request.head.sha } : {}),
          ...(own && event.before !== undefined ? { before: event.before } : {}),
        },
        ...(event.action !== undefined ? { eventAction: event.action } : {}),
        ...(pusher !== undefined && pusher !== "" ? { pusher } : {}),
      };
    }
    case "merge_group": {
      const event = parsePayload(mergeGroupEvent, payload, eventName);
      sameRepository(event.repository);
      return {
        target: {
          kind: "merge_group",
          headSha: event.merge_group.head_sha,
          baseSha: event.merge_group.base_sha,
          headRef: event.merge_group.head_ref,
        },
      };
    }
    case "workflow_run": {
      const event = parsePayload(workflowRunEvent, payload, eventName);
      sameRepository(event.repository);
      const named = event.workflow_run.pull_requests[0];
      const number = pr ?? named?.number;
      if (number === undefined) {
        throw new SettingsError(
          "the workflow_run event names no pull request (GitHub leaves `pull_requests` empty for fork PRs); set the `pr` input",
        );
      }
      // The commit the finished workflow ran on, as for a pull_request event: a late workflow_run of
      // an older head must not re-judge (and hold) the newer head, whose tree the job did not check out.
      const headSha = number === named?.number ? named.head?.sha : undefined;
      return { target: { kind: "pull_request", number, ...(headSha !== undefined ? { headSha } : {}) } };
    }
    case "issue_comment": {
      const event = parsePayload(issueCommentEvent, payload, eventName);
      sameRepository(event.repository);
      // The comment names its pull request; a `pr` input naming another would act on a pull request
      // nobody commented on.
      if (pr !== undefined && pr !== event.issue.number) {
        throw new SettingsError(
          `input \`${INPUT.pr}\` names #${pr}, but the comment is on #${event.issue.number}; leave \`${INPUT.pr}\` empty for issue_comment`,
        );
      }
      return {
        target: {
          kind: "comment",
          comment: {
            action: event.action,
            issue: event.issue.number,
            onPullRequest: event.issue.pull_request !== undefined,
            id: event.comment.id,
            body: event.comment.body ?? "",
            url: event.comment.html_url,
            // A deleted account's comment has no user: nobody who could be asked for a permission.
            author: event.comment.user?.login ?? "",
          },
        },
        eventAction: event.action,
      };
    }
    default: {
      const event = parsePayload(anyEvent, payload, eventName);
      sameRepository(event.repository);
      if (pr !== undefined)
        return {
          target: { kind: "pull_request", number: pr, ...(named !== undefined ? { namedHead: named } : {}) },
        };
      if (eventName === "workflow_dispatch") {
        throw new SettingsError(
          `workflow_dispatch needs the \`${INPUT.pr}\` input: the pull request to gate`,
        );
      }
      throw new SettingsError(
        `verdict-gate does not gate \`${eventName}\` events without a \`${INPUT.pr}\` input; run it on ${SUPPORTED_EVENTS}`,
      );
    }
  }
}

/** The `head-sha` input: the commit a person dispatching read, as 40 hex digits. Only a dispatch names
 * one: every other event names its own head. */
function namedHead(read: InputReader, eventName: string): string | undefined {
  const raw = read(INPUT.headSha).trim();
  if (raw === "") return undefined;
  if (eventName !== "workflow_dispatch")
    throw new SettingsError(
      `input \`${INPUT.headSha}\` is accepted only on workflow_dispatch, not ${eventName}: the event names its own head`,
    );
  if (!/^[0-9a-fA-F]{40}$/.test(raw)) fail(INPUT.headSha, "expects a full commit SHA (40 hex digits)", raw);
  return raw.toLowerCase();
}

/** Who asked for a forced answer: the dispatching person (a dispatch is a person's act). On any other
 * event `force-review` is the workflow's own setting, which nobody in particular asked for. */
function forcedBy(force: boolean, eventName: string, actor: string | undefined): string | undefined {
  if (!force || eventName !== "workflow_dispatch") return undefined;
  if (actor === undefined || actor === "")
    throw new SettingsError("GITHUB_ACTOR is not set: cannot name who asked for force-review");
  return actor;
}

function decision(
  read: InputReader,
  eventName: string,
  actor: string | undefined,
): HumanDecision | undefined {
  const raw = read(INPUT.decision).trim();
  const reason = read(INPUT.reason).trim();
  if (raw === "") {
    if (reason !== "")
      throw new SettingsError(`input \`${INPUT.reason}\` is only used with \`${INPUT.decision}\``);
    return undefined;
  }
  if (raw !== "approve" && raw !== "block") fail(INPUT.decision, "expects approve or block (or empty)", raw);
  if (eventName !== "workflow_dispatch") {
    // Only a dispatch is a person acting on purpose; any other event could be triggered by the author.
    throw new SettingsError(
      `input \`${INPUT.decision}\` is accepted only on workflow_dispatch, not ${eventName}`,
    );
  }
  if (reason === "")
    throw new SettingsError(`input \`${INPUT.reason}\` is required with \`${INPUT.decision}\``);
  if (actor === undefined || actor === "")
    throw new SettingsError("GITHUB_ACTOR is not set: cannot name who decided");
  return { decision: raw, reason, actor };
}

/** Reads every input and the event. Throws SettingsError for anything a user must fix. */
export function readSettings(read: InputReader, environment: Environment): Settings {
  const { env, payload } = environment;
  const token = read(INPUT.githubToken).trim();
  if (token === "") {
    throw new SettingsError(
      `input \`${INPUT.githubToken}\`: empty; the gate needs a token to post its check run`,
    );
  }
  const repository = required(env, "GITHUB_REPOSITORY");
  const [owner, repo, ...extra] = repository.split("/");
  if (owner === undefined || repo === undefined || owner === "" || repo === "" || extra.length > 0) {
    throw new SettingsError(`GITHUB_REPOSITORY must be OWNER/REPO, got ${JSON.stringify(repository)}`);
  }
  const eventName = required(env, "GITHUB_EVENT_NAME");
  if (payload === undefined) {
    throw new SettingsError("the event payload (GITHUB_EVENT_PATH) could not be read as JSON");
  }
  const apiUrl = httpUrlFromEnv(env.GITHUB_API_URL ?? "https://api.github.com", "GITHUB_API_URL");
  const serverUrl = httpUrlFromEnv(env.GITHUB_SERVER_URL ?? "https://github.com", "GITHUB_SERVER_URL");
  const { target: t, eventAction, pusher } = target(read, eventName, payload, repository);
  const human = decision(read, eventName, env.GITHUB_ACTOR);
  if (human !== undefined && t.kind !== "pull_request") {
    throw new SettingsError(`input \`${INPUT.decision}\` needs a pull request (\`${INPUT.pr}\`)`);
  }
  const runId = env.GITHUB_RUN_ID;
  const forceReview = boolean(read, INPUT.forceReview);
  const forcer = forcedBy(forceReview, eventName, env.GITHUB_ACTOR);
  const settings: Settings = {
    token,
    apiUrl,
    serverUrl,
    owner,
    repo,
    eventName,
    ...(env.GITHUB_SHA !== undefined && /^[0-9a-f]{40}$/.test(env.GITHUB_SHA)
      ? { eventSha: env.GITHUB_SHA }
      : {}),
    target: t,
    ...(eventAction !== undefined ? { eventAction } : {}),
    ...reviewersOf(read, environment.keys ?? env),
    contractPath: repositoryPath(read, INPUT.contract),
    checkName: checkName(read),
    maxRounds: integer(read, INPUT.maxRounds, 1, 1_000),
    roundDeadlineMinutes: integer(read, INPUT.roundDeadlineMinutes, 1, 360),
    failOn: failOn(read),
    diff: {
      include: globList(read, INPUT.include),
      exclude: globList(read, INPUT.exclude),
      defaultExcludes: boolean(read, INPUT.defaultExcludes),
      maxDiffTokens: integer(read, INPUT.maxDiffTokens, 1_000, 10_000_000),
    },
    prompt: {
      ...optionalEntry("task", optionalText(read, INPUT.reviewTask)),
      ...optionalEntry("instructions", optionalText(read, INPUT.reviewInstructions)),
      includePrDescription: boolean(read, INPUT.includePrDescription),
      context: contextMode(read),
    },
    ...(human !== undefined ? { decision: human } : {}),
    forceReview,
    ...(forcer !== undefined ? { forcedBy: forcer } : {}),
    ...(pusher !== undefined ? { pusher } : {}),
    reviewComments: boolean(read, INPUT.reviewComments),
    workspace: env.GITHUB_WORKSPACE ?? "",
    ...(runId !== undefined && runId !== ""
      ? { runUrl: `${serverUrl}/${owner}/${repo}/actions/runs/${runId}` }
      : {}),
  };
  return settings;
}

function optionalEntry<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

function contextMode(read: InputReader): ContextMode {
  const raw = read(INPUT.context).trim();
  if (!(CONTEXT_MODES as readonly string[]).includes(raw))
    fail(INPUT.context, "expects none, hunks or auto", raw);
  return raw as ContextMode;
}

function checkName(read: InputReader): string {
  const raw = read(INPUT.checkName).trim();
  if (raw === "" || raw.length > 100) fail(INPUT.checkName, "expects a name of 1 to 100 characters", raw);
  return raw;
}

function httpUrlFromEnv(raw: string, name: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SettingsError(`${name} is not a URL: ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new SettingsError(`${name} is not an http(s) URL: ${JSON.stringify(raw)}`);
  }
  return raw.replace(/\/+$/, "");
}
