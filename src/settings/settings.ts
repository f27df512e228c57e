// Inputs and the event → one typed, validated Settings object. This is the only place that interprets
// action inputs; everything downstream gets Settings. A bad input throws a SettingsError that names
// the input and says what it accepts, and the step fails: a gate that guesses what a user meant can
// guess its way to an approve.
import { CONTEXT_MODES, type ContextMode } from "../context/material.js";
import { STATUSES, type Status } from "../verdict/four-values.js";
import type { PanelPolicy } from "../verdict/panel.js";
import { type CostSettings, readCost } from "./cost-inputs.js";
import { decision, dismissal, dispatchAct, target, workflowFile, workflowRun } from "./event.js";
import {
  boolean,
  fail,
  globList,
  type InputReader,
  integer,
  list,
  optionalText,
  repositoryPath,
  SettingsError,
} from "./input-values.js";
import { INPUT } from "./inputs.js";
import { reviewersOf } from "./reviewer-inputs.js";

// How one input's text becomes a value (input-values.ts), the reviewer and panel inputs
// (reviewer-inputs.ts, panel.ts) and the event (event.ts) each have their own file; this one holds
// the Settings every later step reads, and reads them.
export { type InputReader, SettingsError, splitList } from "./input-values.js";

export type Provider = "openai" | "anthropic" | "command";

export interface ReviewerSettings {
  /** The name its reasons and its row of the agreement table carry, unique in its set. Absent for the
   * single-reviewer inputs: it is then called by the label its provider gives it (provider, model and
   * host, or the command's name). */
  label?: string;
  /** Which wire format and client to use. */
  provider: Provider;
  /** Model name as the provider expects it (empty for `command`). */
  model: string;
  /** Secret; masked before anything else runs. Empty for keyless local endpoints. */
  apiKey: string;
  /** The variable a `reviewers` entry's key was read from (empty key: none named), for messages. */
  apiKeyEnv?: string;
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
}

/** Who reviews: the single-reviewer inputs are a set of one, the `reviewers` list a set of its entries;
 * every round asks a set. Where one and many differ (a panel's section of the settings fingerprint,
 * its agreement table, the keys a verdict is kept under), it is by the number of members. */
export interface ReviewerSet {
  /** How the members' answers combine (one reviewer: unanimous). */
  policy: PanelPolicy;
  /** At least one, each with its own key, endpoint, window and output limit. */
  members: readonly ReviewerSettings[];
  /** Reviewer calls in flight at once when the diff is split. */
  concurrency: number;
  /** The most prompt tokens one round may send, all members' together, estimated before any call;
   * undefined: no limit. A round that needs more holds without a call. */
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

/** A person's decision recorded through workflow_dispatch or a `/verdict` comment: what they decided
 * and why. Who decided, and when, is the act's (`act`). */
export interface HumanDecision {
  decision: "approve" | "block";
  reason: string;
}

/** A person's act this run carries, as its event names it: a decision, or a forced answer, by the
 * dispatching person (GITHUB_ACTOR) or a `/verdict` comment's author. Who started this attempt and
 * when it was asked are read from GitHub before anything is posted, and every check is made on that
 * record (src/gate/act-record.ts, person-act.ts). */
export interface ActClaim {
  kind: "decide" | "force" | "dismiss";
  /** The person the event names. */
  by: string;
  /** The `/verdict` comment that carries it: its address, and when it was written (GitHub's clock, as
   * the comment re-read says). Absent: a dispatch. */
  comment?: { url: string; writtenAt: string };
}

/** What the action's inputs say about a round, wherever it runs: who reviews, which contract, what is
 * in the review and asked, and the round's limits. The action reads it from its inputs, the CLI from
 * its flags (named alike, with the same rules: readRoundSettings). */
export interface RoundSettings {
  /** Who reviews: the single-reviewer inputs, or the `reviewers` panel (settings/reviewer-inputs.ts). */
  reviewers: ReviewerSet;
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
  /** When a contract criterion already blocks: ask the reviewer anyway, so the author gets every
   * finding in one round, or skip the call (src/gate/criteria-first.ts). */
  whenCriteriaBlock: WhenCriteriaBlock;
  /** What is in the review: in the settings fingerprint whole, like `prompt`. */
  diff: {
    include: readonly string[];
    exclude: readonly string[];
    defaultExcludes: boolean;
    maxDiffTokens: number;
  };
  /** What the reviewer is shown and asked: in the settings fingerprint whole (settings/judgement.ts),
   * so each field is always there (null when not set). */
  prompt: {
    /** Replaces the default review task. */
    task: string | null;
    /** Appended to the review task. */
    instructions: string | null;
    /** Show the reviewer the PR title, body and commit messages. */
    includePrDescription: boolean;
    /** What the reviewer is shown besides the diff, from the head (src/context/). */
    context: ContextMode;
  };
  /** Prices and the pull request's cost cap (settings/cost-inputs.ts): never in the fingerprint, since
   * what a call costs changes nothing it says. */
  cost: CostSettings;
}

/** A pull request's round: its settings, and where GitHub is, what started the run and who acts. */
export interface Settings extends RoundSettings {
  /** Token for the GitHub API (masked). */
  token: string;
  /** REST API base, from GITHUB_API_URL (GitHub Enterprise Server and the test servers differ). */
  apiUrl: string;
  /** Web base, from GITHUB_SERVER_URL, for links in the summary. */
  serverUrl: string;
  owner: string;
  repo: string;
  /** The event that started the run (for workflow_call, the caller's event); absent outside Actions
   * (`verdict-gate pr`). */
  eventName?: string;
  /** GITHUB_SHA: for pull_request, the test merge commit the workflow checks out by default. */
  eventSha?: string;
  target: Target;
  /** The pull request event's action (opened, synchronize, labeled, …), when there is one. */
  eventAction?: string;
  decision?: HumanDecision;
  /** A maintainer's dismissal of one finding of the round they read: its short key as the gate printed
   * it, and why (src/gate/dismissals.ts). */
  dismissal?: { key: string; reason: string };
  /** Call the reviewer even when the recorded verdict could be reused. */
  forceReview: boolean;
  /** The person's act the run carries (a decision, or a forced answer someone asked for); absent when
   * force-review is the workflow's own setting, which nobody in particular asked for. */
  act?: ActClaim;
  /** This job's workflow run (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT): a person's act reads from GitHub who
   * started this attempt and when it was asked for. */
  run?: { id: number; attempt: number };
  /** The workflow file this run is of (from GITHUB_WORKFLOW_REF), for the dispatch a hold prints. */
  workflowFile?: string;
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

function failOn(read: InputReader): Status[] {
  const values = list(read, INPUT.failOn);
  for (const v of values) {
    if (!(STATUSES as readonly string[]).includes(v)) {
      fail(INPUT.failOn, `expects a comma-separated list of ${STATUSES.join(", ")}`, v);
    }
  }
  return [...new Set(values as Status[])];
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
  const human = decision(read, eventName);
  if (human !== undefined && t.kind !== "pull_request") {
    throw new SettingsError(`input \`${INPUT.decision}\` needs a pull request (\`${INPUT.pr}\`)`);
  }
  const dismissed = dismissal(read, eventName);
  if (dismissed !== undefined && t.kind !== "pull_request") {
    throw new SettingsError(`input \`${INPUT.dismiss}\` needs a pull request (\`${INPUT.pr}\`)`);
  }
  const runId = env.GITHUB_RUN_ID;
  const forceReview = boolean(read, INPUT.forceReview);
  // A dismissal concludes the answer its person read: forcing a new one beside it is another act.
  if (dismissed !== undefined && forceReview)
    throw new SettingsError(
      `inputs \`${INPUT.forceReview}\` and \`${INPUT.dismiss}\` are one act each: dispatch one`,
    );
  const act = dispatchAct(
    human !== undefined,
    forceReview,
    eventName,
    env.GITHUB_ACTOR,
    dismissed !== undefined,
  );
  const run = workflowRun(env);
  const file = workflowFile(env.GITHUB_WORKFLOW_REF);
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
    ...readRoundSettings(read, environment.keys ?? env),
    ...(human !== undefined ? { decision: human } : {}),
    ...(dismissed !== undefined ? { dismissal: dismissed } : {}),
    forceReview,
    ...(act !== undefined ? { act } : {}),
    ...(run !== undefined ? { run } : {}),
    ...(file !== undefined ? { workflowFile: file } : {}),
    ...(pusher !== undefined ? { pusher } : {}),
    reviewComments: boolean(read, INPUT.reviewComments),
    workspace: env.GITHUB_WORKSPACE ?? "",
    ...(runId !== undefined && runId !== ""
      ? { runUrl: `${serverUrl}/${owner}/${repo}/actions/runs/${runId}` }
      : {}),
  };
  return settings;
}

/** The round's inputs; `keys` is where a panel entry's `api-key-env` is looked up. Throws SettingsError
 * for anything a user must fix. */
export function readRoundSettings(
  read: InputReader,
  keys: Readonly<Record<string, string | undefined>>,
): RoundSettings {
  const reviewers = reviewersOf(read, keys);
  return {
    reviewers,
    contractPath: repositoryPath(read, INPUT.contract),
    checkName: checkName(read),
    maxRounds: integer(read, INPUT.maxRounds, 1, 1_000),
    roundDeadlineMinutes: integer(read, INPUT.roundDeadlineMinutes, 1, 360),
    failOn: failOn(read),
    whenCriteriaBlock: whenCriteriaBlock(read),
    diff: {
      include: globList(read, INPUT.include),
      exclude: globList(read, INPUT.exclude),
      defaultExcludes: boolean(read, INPUT.defaultExcludes),
      maxDiffTokens: integer(read, INPUT.maxDiffTokens, 1_000, 10_000_000),
    },
    prompt: {
      task: optionalText(read, INPUT.reviewTask) ?? null,
      instructions: optionalText(read, INPUT.reviewInstructions) ?? null,
      includePrDescription: boolean(read, INPUT.includePrDescription),
      context: contextMode(read),
    },
    cost: readCost(
      read,
      reviewers.members.map((m, i) => ({ label: m.label ?? `reviewer ${i + 1}`, model: m.model })),
    ),
  };
}

export const WHEN_CRITERIA_BLOCK = ["ask-reviewer", "skip-reviewer"] as const;
export type WhenCriteriaBlock = (typeof WHEN_CRITERIA_BLOCK)[number];

function whenCriteriaBlock(read: InputReader): WhenCriteriaBlock {
  const raw = read(INPUT.whenCriteriaBlock).trim();
  if (!(WHEN_CRITERIA_BLOCK as readonly string[]).includes(raw))
    fail(INPUT.whenCriteriaBlock, "expects ask-reviewer or skip-reviewer", raw);
  return raw as WhenCriteriaBlock;
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
