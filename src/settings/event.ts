// The event that started the run → what the round is about (its Target), who pushed, the head a
// person named, and a person's decision or forced answer (only a dispatch is a person acting on
// purpose).
import { z } from "zod";
import { type ReasonedAct, reasonProblem } from "../verdict/person-reason.js";
import { fail, type InputReader, SettingsError } from "./input-values.js";
import { INPUT } from "./inputs.js";
import type { ActClaim, HumanDecision, Target } from "./settings.js";

const SUPPORTED_EVENTS =
  "pull_request, pull_request_target, workflow_dispatch (with `pr`), merge_group, workflow_run, issue_comment, " +
  "or a workflow_call from one of these";

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

export function target(
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

/** A dispatch's act: its decision, or the forced answer its person asked for, by the dispatching
 * person as the event names them (who started this attempt is read from GitHub before anything is
 * posted: src/gate/act-record.ts). On any other event `force-review` is the workflow's own setting,
 * which nobody in particular asked for, and a decision is refused (decision below). */
export function dispatchAct(
  decides: boolean,
  force: boolean,
  eventName: string,
  actor: string | undefined,
  dismisses = false,
): ActClaim | undefined {
  if (eventName !== "workflow_dispatch" || (!decides && !force && !dismisses)) return undefined;
  if (actor === undefined || actor === "")
    throw new SettingsError(
      `GITHUB_ACTOR is not set: cannot name who ${decides ? "decided" : dismisses ? "dismissed a finding" : "asked for force-review"}`,
    );
  return { kind: decides ? "decide" : dismisses ? "dismiss" : "force", by: actor };
}

/** This job's workflow run, as the runner names it: its id and which attempt this is. */
export function workflowRun(
  env: Readonly<Record<string, string | undefined>>,
): { id: number; attempt: number } | undefined {
  const id = env.GITHUB_RUN_ID ?? "";
  if (!/^[1-9]\d{0,15}$/.test(id)) return undefined;
  const attempt = env.GITHUB_RUN_ATTEMPT ?? "1";
  return { id: Number(id), attempt: /^[1-9]\d{0,5}$/.test(attempt) ? Number(attempt) : 1 };
}

/** The workflow file's name from GITHUB_WORKFLOW_REF (`owner/repo/.github/workflows/gate.yml@ref`).
 * A pull request can name a workflow file: one with more than letters, digits, `.`, `_` and `-` is not
 * put in the command the check run prints (the command then names no file). */
export function workflowFile(ref: string | undefined): string | undefined {
  const m = /\/\.github\/workflows\/([\w.-]+\.ya?ml)@/.exec(ref ?? "");
  return m?.[1];
}

/** A dispatch's dismissal of one finding (`dismiss: <key>` with a `reason`), as the decide workflow
 * dispatches it: the key the gate printed beside the finding (src/gate/dismissals.ts). */
export function dismissal(read: InputReader, eventName: string): { key: string; reason: string } | undefined {
  const raw = read(INPUT.dismiss).trim().toLowerCase();
  if (raw === "") return undefined;
  if (!/^[0-9a-f]{6}$/.test(raw))
    fail(INPUT.dismiss, "expects the finding's key, the 6 hex digits the gate printed beside it", raw);
  if (eventName !== "workflow_dispatch")
    throw new SettingsError(
      `input \`${INPUT.dismiss}\` is accepted only on workflow_dispatch, not ${eventName}`,
    );
  if (read(INPUT.decision).trim() !== "")
    throw new SettingsError(
      `inputs \`${INPUT.decision}\` and \`${INPUT.dismiss}\` are one act each: dispatch one`,
    );
  const reason = read(INPUT.reason).trim();
  if (reason === "")
    throw new SettingsError(`input \`${INPUT.reason}\` is required with \`${INPUT.dismiss}\``);
  return { key: raw, reason: recordable(reason, "dismissal") };
}

/** A dispatched reason under the same rule as a `/verdict` comment's (person-reason.ts): refused with
 * why, failing the step before anything is posted, never cut or stored altered. */
function recordable(reason: string, act: ReasonedAct): string {
  const problem = reasonProblem(reason, act);
  if (problem !== undefined)
    throw new SettingsError(
      `input \`${INPUT.reason}\` is refused: ${problem}; nothing was ${act === "dismissal" ? "dismissed" : "decided"}`,
    );
  return reason;
}

export function decision(read: InputReader, eventName: string): HumanDecision | undefined {
  const raw = read(INPUT.decision).trim();
  const reason = read(INPUT.reason).trim();
  if (raw === "") {
    if (reason !== "" && read(INPUT.dismiss).trim() === "")
      throw new SettingsError(
        `input \`${INPUT.reason}\` is only used with \`${INPUT.decision}\` or \`${INPUT.dismiss}\``,
      );
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
  return { decision: raw, reason: recordable(reason, "decision") };
}
