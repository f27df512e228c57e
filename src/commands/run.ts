// A `/verdict` command in a pull request comment, carried out with the same guarantees as the
// `workflow_dispatch` path: the same permission rule (write, maintain or admin, asked of the API; never
// the PR's author deciding their own PR), the same decision (src/gate/human-decision.ts: for the head, base and
// contract the gate last judged, recorded in the hash-chained history), the same round
// (src/gate/round.ts), its check run on the PR's head commit, never on the default branch's commit an
// `issue_comment` workflow runs on.
//
// What is particular to a comment: anyone can write one, so
// - an ordinary comment (or an edited one, or one on an issue) is ignored before any request: the
//   workflow's `if:` already filters most, and this is the rule whatever the workflow says;
// - a command that is refused or malformed changes nothing, gets a reply that says why, and fails no
//   step (the person who typed it reads the reply; a red step on the default branch tells nobody);
// - the comment gets `eyes` when the gate takes the command and `+1` or `confused` when it is done.
// An error (the API failing, the round failing) still fails the step after saying so in a reply.

import { bindingChange, bindingOf } from "../gate/binding.js";
import type { RoundContext, RoundOutcome } from "../gate/context.js";
import { deciderRefusal } from "../gate/human-decision.js";
import { runPullRequestRound } from "../gate/round.js";
import { loadHistory } from "../gate/round-history.js";
import type { CommentPort } from "../ports/comments.js";
import type { GitHubPort, PullRequestInfo } from "../ports/github.js";
import type { PullRequestComment, Settings } from "../settings/settings.js";
import { describeError } from "../util/describe-error.js";
import { lastRound } from "../verdict/history.js";
import { COMMAND_USAGE, type CommentCommand, parseCommand } from "./parse.js";

export interface CommandOutcome {
  /** What became of the comment, for the log. */
  message: string;
  /** The round the command ran, when it ran one (its outputs are the step's). */
  round?: RoundOutcome;
}

/** Marks the gate's replies, so a person (or a later feature) can tell them from anyone else's. */
export const REPLY_MARKER = "<!-- verdict-gate:reply -->";

/** Why a comment is not acted on at all, or undefined when it carries a command. Pure: decided from
 * the event alone, before any request. */
export function ignoredBecause(comment: PullRequestComment, command: CommentCommand): string | undefined {
  if (comment.action !== "created")
    return `the comment was ${comment.action}, not created: an edited comment never replays a command`;
  if (!comment.onPullRequest) return `#${comment.issue} is an issue, not a pull request: nothing to gate`;
  if (command.kind === "none") return "the comment carries no /verdict command";
  return undefined;
}

export function usage(): string {
  return COMMAND_USAGE.map((c) => `- \`${c.usage}\` — ${c.what}`).join("\n");
}

function replyBody(text: string): string {
  return `${REPLY_MARKER}\n${text}`;
}

function named(command: CommentCommand): string {
  switch (command.kind) {
    case "review":
      return command.force ? "/verdict review --force" : "/verdict review";
    case "decide":
      return `/verdict ${command.decision}`;
    default:
      return "/verdict";
  }
}

/** Who may start a round from a comment: anyone who could push (the author included: a round is no
 * decision). A reader's `/verdict review --force` would otherwise spend the reviewer's budget at will. */
async function roundRefusal(github: GitHubPort, actor: string): Promise<string | undefined> {
  const permission = await github.permission(actor);
  if (["admin", "maintain", "write"].includes(permission)) return undefined;
  return `@${actor} has ${permission} permission; starting a round needs write access to the repository.`;
}

/** A decision is about the round the person read: the newest round the gate recorded must be on the
 * PR's current head and base. round.ts checks the same inside the round, after its check run exists,
 * and holds there; asked first here, a push that landed while the person read the hold gets a reply
 * and leaves the PR as it was. This can only refuse more than the round would, never accept more: the
 * round still checks against its own, trusted, history. */
async function unjudgedRefusal(ctx: RoundContext, pr: PullRequestInfo): Promise<string | undefined> {
  const { github, settings } = ctx;
  const head = pr.headSha;
  const wait = `Nothing was decided: wait for the gate's round on ${head.slice(0, 12)}, read it, then comment again.`;
  const runs = await github.checkRuns(head, settings.checkName);
  const judged = runs.find((r) => r.app !== null && r.app !== undefined);
  if (judged === undefined)
    return `the gate has not judged ${head.slice(0, 12)}, the pull request's head, yet. ${wait}`;
  const loaded = await loadHistory(ctx, pr.number, {
    id: judged.id,
    appSlug: judged.app ?? null,
    url: "",
  });
  // A history that does not audit: the round holds on it and leaves it as found, as for a dispatch.
  if (loaded.problem !== undefined) return undefined;
  const last = lastRound(loaded.history);
  if (last?.head !== head) {
    const since = last === undefined ? "has no round recorded" : `last judged ${last.head.slice(0, 12)}`;
    return `the gate ${since}, not ${head.slice(0, 12)}, the pull request's head; a decision applies only to the commit the gate last judged. ${wait}`;
  }
  const moved = bindingChange(last.binding, bindingOf(settings, pr.baseSha, "unread"), {
    base: true,
    settings: false,
  });
  if (moved !== undefined)
    return `the pull request is not on what round ${last.round} judged: ${moved}. Nothing was decided: comment \`/verdict review\`, read that round, then decide.`;
  return undefined;
}

/** The same port, with the pull request and the commenter's permission as this command already read
 * them: the round asks again, and both answers are the ones the command was checked against. */
function remembering(github: GitHubPort, pr: PullRequestInfo, permissions: Map<string, string>): GitHubPort {
  return {
    ...github,
    pullRequest: (n) => (n === pr.number ? Promise.resolve(pr) : github.pullRequest(n)),
    async permission(user) {
      const known = permissions.get(user);
      if (known !== undefined) return known;
      const asked = await github.permission(user);
      permissions.set(user, asked);
      return asked;
    },
  };
}

/** The round's settings for this command: the pull request the comment is on, at its current head (no
 * head named, so the round takes the API's), with the command's decision or `--force`. */
function roundSettings(
  settings: Settings,
  comment: PullRequestComment,
  command: Extract<CommentCommand, { kind: "review" | "decide" }>,
): Settings {
  return {
    ...settings,
    target: { kind: "pull_request", number: comment.issue },
    forceReview: settings.forceReview || (command.kind === "review" && command.force),
    ...(command.kind === "decide"
      ? {
          decision: {
            decision: command.decision,
            reason: command.reason,
            actor: comment.author,
            url: comment.url,
          },
        }
      : {}),
  };
}

export async function runCommentCommand(
  ctx: RoundContext,
  comments: CommentPort,
  comment: PullRequestComment,
): Promise<CommandOutcome> {
  const command = parseCommand(comment.body);
  const ignored = ignoredBecause(comment, command);
  if (ignored !== undefined) return { message: `ignored: ${ignored}` };

  await comments.react(comment.id, "eyes");
  const refuse = async (why: string, extra = ""): Promise<CommandOutcome> => {
    await comments.reply(
      comment.issue,
      replyBody(`❌ \`${named(command)}\` was not carried out: ${why}\n\nNothing was changed.${extra}`),
    );
    await comments.react(comment.id, "confused");
    return { message: `refused ${named(command)}: ${why}` };
  };

  if (command.kind === "malformed") return refuse(command.problem, `\n\nThe commands:\n${usage()}`);
  if (command.kind === "help") {
    await comments.reply(
      comment.issue,
      replyBody(
        `The \`/verdict\` commands, one per comment, on its first line:\n${usage()}\n\nDeciding and starting a round need write access; a pull request's author never decides it.`,
      ),
    );
    await comments.react(comment.id, "+1");
    return { message: "answered /verdict help" };
  }
  if (command.kind === "none") return { message: "ignored" };
  if (comment.author === "") return refuse("the comment has no author GitHub can name (a deleted account)");

  const pr = await ctx.github.pullRequest(comment.issue);
  if (pr.state === "closed")
    return refuse(
      `pull request #${pr.number} is ${pr.merged ? "merged" : "closed"}; there is nothing to gate.`,
    );
  const permissions = new Map<string, string>();
  const github = remembering(ctx.github, pr, permissions);
  const checked: RoundContext = { ...ctx, github };
  const refused =
    command.kind === "decide"
      ? ((await deciderRefusal(checked, comment.author, pr)) ?? (await unjudgedRefusal(checked, pr)))
      : await roundRefusal(github, comment.author);
  if (refused !== undefined) return refuse(refused);

  const settings = roundSettings(ctx.settings, comment, command);
  let round: RoundOutcome;
  try {
    round = await runPullRequestRound({ ...checked, settings }, pr.number);
  } catch (error) {
    await comments.reply(
      comment.issue,
      replyBody(
        `⚠️ \`${named(command)}\` could not finish: ${describeError(error)}\n\nNothing was approved; the job's log has the details.`,
      ),
    );
    await comments.react(comment.id, "confused");
    throw error;
  }
  await comments.react(comment.id, round.checkUnavailable === undefined ? "+1" : "confused");
  return { message: `${named(command)} by @${comment.author}: ${round.message}`, round };
}
