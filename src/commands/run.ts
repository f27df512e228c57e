// A `/verdict` command in a pull request comment, carried out with the same guarantees as the
// `workflow_dispatch` path: the same rules for who may decide or force a new answer, and on which
// round (src/gate/person-act.ts: write access asked of the API; never the PR's author, nor anyone who
// pushed to it since its last approved round; only the round the gate had recorded when the comment
// was written), the same decision (src/gate/human-decision.ts, recorded in the hash-chained history),
// the same round (src/gate/round.ts), its check run on the PR's head commit, never on the default
// branch's commit an `issue_comment` workflow runs on.
//
// What is particular to a comment: anyone can write one, and edit or delete it, so
// - an ordinary comment (or an edited one, or one on an issue) is ignored before any request: the
//   workflow's `if:` already filters most, and this is the rule whatever the workflow says;
// - a command is re-read by id before it is carried out: one deleted or edited while its run waited
//   in the queue is a command withdrawn, and is not carried out (a reply says so);
// - a command that is refused or malformed changes nothing, gets a reply that says why, and fails no
//   step (the person who typed it reads the reply; a red step on the default branch tells nobody);
// - the comment gets `eyes` when the gate takes the command and `+1` or `confused` when it is done.
// An error (the API failing, the round failing) still fails the step after saying so in a reply.

import type { RoundContext, RoundOutcome } from "../gate/context.js";
import { ActRefused } from "../gate/person-act.js";
import { runPullRequestRound } from "../gate/round.js";
import type { CommentPort, CurrentComment } from "../ports/comments.js";
import type { People } from "../ports/github.js";
import type { PullRequestComment, Settings } from "../settings/settings.js";
import { describeError } from "../util/describe-error.js";
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
    case "dismiss":
      return `/verdict dismiss ${command.key}`;
    default:
      return "/verdict";
  }
}

/** Who may start a round from a comment: anyone who could push (the author included: a round that
 * reuses the answers given is no decision). A reader's `/verdict review` would otherwise spend the
 * reviewer's budget at will. A forced one is a maintainer's act besides (src/gate/person-act.ts). */
async function roundRefusal(people: People, actor: string): Promise<string | undefined> {
  const permission = await people.permission(actor);
  if (["admin", "maintain", "write"].includes(permission)) return undefined;
  return `@${actor} has ${permission} permission; starting a round needs write access to the repository.`;
}

/** The people role, answering each permission it was asked once: the command and the round it runs
 * ask about the same person, and both go by the one answer the command was checked against. */
function rememberingPermissions(people: People): People {
  const known = new Map<string, string>();
  return {
    ...people,
    async permission(user) {
      const remembered = known.get(user);
      if (remembered !== undefined) return remembered;
      const asked = await people.permission(user);
      known.set(user, asked);
      return asked;
    },
  };
}

/** The round's settings for this command: the pull request the comment is on, at its current head (no
 * head named, so the round takes the API's), with the command's decision or `--force` as the comment's
 * act: its author's, asked when the comment was written (src/gate/act-record.ts makes the record). */
function roundSettings(
  settings: Settings,
  comment: PullRequestComment,
  command: Extract<CommentCommand, { kind: "review" | "decide" | "dismiss" }>,
  writtenAt: string,
): Settings {
  const forceReview = settings.forceReview || (command.kind === "review" && command.force);
  const by = { by: comment.author, comment: { url: comment.url, writtenAt } };
  return {
    ...settings,
    target: { kind: "pull_request", number: comment.issue },
    forceReview,
    // Whoever's comment starts a forced round asked for it, be it `--force` or the workflow's setting.
    ...(command.kind === "review" && forceReview ? { act: { kind: "force" as const, ...by } } : {}),
    ...(command.kind === "decide"
      ? {
          decision: { decision: command.decision, reason: command.reason },
          act: { kind: "decide" as const, ...by },
        }
      : {}),
    ...(command.kind === "dismiss"
      ? {
          dismissal: { key: command.key, reason: command.reason },
          act: { kind: "dismiss" as const, ...by },
        }
      : {}),
  };
}

/** Why a command is no longer the one its author stands by, or undefined while it is: deleted, or
 * edited since the event (whose body the command was read from). */
export function withdrawnBecause(
  comment: PullRequestComment,
  now: CurrentComment | undefined,
): string | undefined {
  if (now === undefined) return "the comment was deleted before the gate got to it";
  if (now.body !== comment.body)
    return "the comment was edited after it was written; an edited command is never carried out (write a new comment)";
  return undefined;
}

export async function runCommentCommand(
  ctx: RoundContext,
  comments: CommentPort,
  comment: PullRequestComment,
): Promise<CommandOutcome> {
  const command = parseCommand(comment.body);
  const ignored = ignoredBecause(comment, command);
  if (ignored !== undefined || command.kind === "none") return { message: `ignored: ${ignored}` };
  if (command.kind === "malformed" || command.kind === "help") return answer(comments, comment, command);
  // A command is read again before it is carried out: one withdrawn while its run was queued is not.
  const current = await comments.read(comment.id);
  const withdrawn = withdrawnBecause(comment, current);
  if (withdrawn !== undefined || current === undefined) {
    const why = withdrawn ?? "the comment was deleted";
    await comments.reply(
      comment.issue,
      replyBody(`\`${named(command)}\` was not carried out: ${why}.\n\nNothing was changed.`),
    );
    return { message: `not carried out ${named(command)}: ${why}` };
  }
  return carryOut(ctx, comments, comment, command, current);
}

/** Says so under the comment, and marks it `confused`: a command refused changes nothing. */
function refuser(comments: CommentPort, comment: PullRequestComment, command: CommentCommand) {
  return async (why: string, extra = ""): Promise<CommandOutcome> => {
    await comments.reply(
      comment.issue,
      replyBody(`❌ \`${named(command)}\` was not carried out: ${why}\n\nNothing was changed.${extra}`),
    );
    await comments.react(comment.id, "confused");
    return { message: `refused ${named(command)}: ${why}` };
  };
}

/** `/verdict help`, or a command that is not one: a reply, and nothing else asked. */
async function answer(
  comments: CommentPort,
  comment: PullRequestComment,
  command: Extract<CommentCommand, { kind: "malformed" | "help" }>,
): Promise<CommandOutcome> {
  await comments.react(comment.id, "eyes");
  if (command.kind === "malformed")
    return refuser(comments, comment, command)(command.problem, `\n\nThe commands:\n${usage()}`);
  await comments.reply(
    comment.issue,
    replyBody(
      `The \`/verdict\` commands, one per comment, on its first line:\n${usage()}\n\nDeciding and starting a round need write access; a pull request's author, or anyone who pushed to it, never decides it or forces a new answer.`,
    ),
  );
  await comments.react(comment.id, "+1");
  return { message: "answered /verdict help" };
}

/** A round, or a decision, as the comment asks: taken (`eyes`), refused or carried out. */
async function carryOut(
  ctx: RoundContext,
  comments: CommentPort,
  comment: PullRequestComment,
  command: Extract<CommentCommand, { kind: "review" | "decide" | "dismiss" }>,
  current: CurrentComment,
): Promise<CommandOutcome> {
  await comments.react(comment.id, "eyes");
  const refuse = refuser(comments, comment, command);
  if (comment.author === "") return refuse("the comment has no author GitHub can name (a deleted account)");
  const pr = await ctx.github.pulls.pullRequest(comment.issue);
  if (pr.state === "closed")
    return refuse(
      `pull request #${pr.number} is ${pr.merged ? "merged" : "closed"}; there is nothing to gate.`,
    );
  const github = { ...ctx.github, people: rememberingPermissions(ctx.github.people) };
  // Who may decide or force, and on which round, the round settles before it posts anything
  // (src/gate/person-act.ts); a plain round needs write access alone.
  if (command.kind === "review") {
    const refused = await roundRefusal(github.people, comment.author);
    if (refused !== undefined) return refuse(refused);
  }
  const settings = roundSettings(ctx.settings, comment, command, current.createdAt);
  let round: RoundOutcome;
  try {
    // The round judges the pull request this command read and checked its person against.
    round = await runPullRequestRound({ ...ctx, github, settings }, pr.number, { pr });
  } catch (error) {
    if (error instanceof ActRefused) return refuse(error.message);
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
