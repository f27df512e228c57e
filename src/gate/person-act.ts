// The one rule for who acts and when, asked by every path that carries a person's act (a `/verdict`
// comment, a dispatched decision, a forced review, a re-run of any of them: act-record.ts makes them
// one record) before anything is posted, and again by the round on the history it trusts (round.ts).
// A refusal leaves the pull request exactly as it was: no check run started or finished, nothing
// recorded, no reviewer asked.
//
// - Never the pull request's author, whatever their permission: an author with write access (an
//   agent's app, a maintainer's own PR) could otherwise approve what the reviewer held — or ask again
//   until the answer changes, which is the same approve by attrition. The author is who the API says
//   opened the PR, not the event's word.
// - Write, maintain or admin, as the API reports it now for whoever started this attempt (not as the
//   workflow's trigger implied: a `workflow_call` can pass any actor's dispatch on).
// - Never anyone who pushed to it since its last approved round (pushers.ts), read from the ONE history
//   the round trusts: this app's (the token's own identity), never the history of whichever app
//   posted the newest run of the check's name — a foreign app's run and a resealed history once
//   dropped Mallory from the pushers.
// - Only on the round its person read: the latest round, on the current head and base, published
//   before the act was asked (decision-target.ts); a dispatched decision names that head.
import type { HeadRuns, PullRequestInfo, StoredComment } from "../ports/github.js";
import { emptyHistory, type History } from "../verdict/history.js";
import { ACT_WORDS, actRecord, type PersonAct } from "./act-record.js";
import { bindingOf } from "./binding.js";
import type { OpenRound, RoundContext } from "./context.js";
import { type AskAgain, actTargetRefusal } from "./decision-target.js";
import { dismissTarget } from "./dismissals.js";
import { rememberedHistory } from "./head-runs.js";
import { pushedBy, pushersOf, sameLogin } from "./pushers.js";
import { type LoadedHistory, loadHistory } from "./round-history.js";

/** A person's act refused. Before anything is posted, a dispatch fails its step with it and a
 * `/verdict` comment gets it as a reply (src/commands/run.ts); the round's own re-check on the history
 * it trusts throws it too (then the check run it started holds, naming it). */
export class ActRefused extends Error {
  override readonly name = "ActRefused";
}

/** An act checked before anything was posted: the record, the app whose history it was checked on
 * and that history as read, so the round checks again only what changed. */
export interface ConfirmedAct {
  readonly act: PersonAct;
  readonly app: string;
  readonly comment: StoredComment | undefined;
}

const short = (sha: string) => sha.slice(0, 12);

/** How a person asks again, in the medium they used. */
function askAgain(act: PersonAct, head: string): AskAgain {
  return act.comment !== undefined
    ? { again: "comment again", rejudge: "comment `/verdict review`" }
    : {
        again: `dispatch it again with \`head-sha: ${head}\``,
        rejudge: "let the gate judge it as it is now (re-run it, or dispatch without a decision)",
      };
}

/** Refuses the run's act, if it has one, when its person, its time or its commit is not the one it
 * must be. Throws ActRefused before anything is posted; an API error throws as it is. Returns the act
 * as checked and the head's runs when it read them (the round's start takes them: read once). */
export async function confirmAct(
  ctx: RoundContext,
  pr: PullRequestInfo,
): Promise<{ act?: ConfirmedAct; runs?: HeadRuns }> {
  const claim = ctx.settings.act;
  const named = namedHead(ctx);
  if (claim === undefined) {
    const refused = namedHeadRefusal(pr, named);
    if (refused !== undefined) throw new ActRefused(refused);
    return {};
  }
  const act = await actRecord(ctx, claim, named);
  if ("refused" in act) throw new ActRefused(act.refused);
  const person = await personRefusal(ctx, pr, act);
  if (person !== undefined) throw new ActRefused(person);
  // The one history every check reads: this app's, as the round trusts it.
  const app = await ctx.github.people.actingApp();
  const runs = await ctx.github.checks.onHead(pr.headSha, ctx.settings.checkName);
  const loaded = await loadHistory(
    ctx,
    pr.number,
    { id: 0, appSlug: app, url: "" },
    rememberedHistory(runs, pr.number, app),
  );
  const refused = await historyRefusal(ctx, pr, act, loaded, { readPushers: true, posted: false });
  if (refused !== undefined) throw new ActRefused(refused);
  return { act: { act, app, comment: loaded.comment }, runs };
}

/** The round's own check, on the history it trusts (its check run's app): who pushed, read again
 * unless it is the very history the act was checked on, and the round the act applies to. */
export async function recheckAct(ctx: RoundContext, round: OpenRound): Promise<string | undefined> {
  const confirmed = round.act;
  if (confirmed === undefined) return undefined;
  const same =
    round.check.appSlug === confirmed.app &&
    round.loaded.comment?.id === confirmed.comment?.id &&
    round.loaded.comment?.body === confirmed.comment?.body;
  return historyRefusal(ctx, { ...round.pr, headSha: round.head }, confirmed.act, round.loaded, {
    readPushers: !same,
    posted: true,
  });
}

/** The head a dispatch named (`head-sha`): the commit its person read. */
function namedHead(ctx: RoundContext): string | undefined {
  const { target } = ctx.settings;
  return target.kind === "pull_request" ? target.namedHead : undefined;
}

/** A dispatch names the head its person read; acting on another would act on a commit nobody read. */
function namedHeadRefusal(pr: PullRequestInfo, named: string | undefined): string | undefined {
  if (named === undefined || named === pr.headSha) return undefined;
  return `pull request #${pr.number} is at ${short(pr.headSha)}, not ${short(named)}, the \`head-sha\` this dispatch names: it moved after that commit was read. Nothing was decided or reviewed: read the gate's round on ${short(pr.headSha)}, then dispatch again with \`head-sha: ${pr.headSha}\`.`;
}

const NEEDS_WRITE: Readonly<Record<PersonAct["kind"], string>> = {
  decide: "recording a decision",
  force: "forcing a new answer",
  dismiss: "dismissing a finding",
};

/** Who may act at all: not the author, and with write access. */
async function personRefusal(
  ctx: RoundContext,
  pr: PullRequestInfo,
  act: PersonAct,
): Promise<string | undefined> {
  const { doing, left } = ACT_WORDS[act.kind];
  if (sameLogin(act.person, pr.author))
    return `@${act.person} opened pull request #${pr.number}; its author may not ${doing}, whatever their permission${act.kind === "force" ? " (asking again until the answer changes is shopping for an approve)" : ""}. ${left}`;
  const permission = await ctx.github.people.permission(act.person);
  if (!["admin", "maintain", "write"].includes(permission))
    return `@${act.person} has ${permission} permission; ${NEEDS_WRITE[act.kind]} needs write access to the repository. Nothing was posted.`;
  return undefined;
}

/** The commit the act is about, as its person named it: a dispatched decision must name the head its
 * person read, and acts only while that commit is the head. */
function readHeadRefusal(pr: PullRequestInfo, act: PersonAct): string | undefined {
  if (act.kind === "dismiss" && act.comment === undefined && act.readHead === undefined)
    return `a dispatched dismissal must name the head its person read in \`head-sha\`: the pull request may have moved on since. Nothing was dismissed: the gate's check run on the commit you read prints the command.`;
  if (act.kind === "decide" && act.comment === undefined && act.readHead === undefined)
    return `a dispatched decision must name the head its person read in \`head-sha\`: the pull request may have moved on since. Nothing was decided: the gate's check run on the commit you read prints the command, \`gh workflow run … -f pr=${pr.number} -f head-sha=<that commit> -f decision=…\`.`;
  return namedHeadRefusal(pr, act.readHead);
}

/** On one history: whoever pushed may not act, and the act applies only to the round its person read.
 * `readPushers`: ask GitHub who wrote the commits (false when this history was just asked that);
 * `posted`: the round's own check, its check run already started (a refusal holds it). */
async function historyRefusal(
  ctx: RoundContext,
  pr: PullRequestInfo,
  act: PersonAct,
  loaded: LoadedHistory,
  how: { readPushers: boolean; posted: boolean },
): Promise<string | undefined> {
  const words = ACT_WORDS[act.kind];
  const doing = words.doing;
  const left = how.posted ? words.held : words.left;
  const readPushers = how.readPushers;
  // A history that does not audit decides nothing here: the round holds on it and leaves it as found.
  const history: History =
    loaded.problem === undefined ? loaded.history : emptyHistory(pr.number, ctx.settings.checkName);
  if (readPushers) {
    const found = await pushersOf(ctx.github.peers, history, pr);
    const pushed = pushedBy(found, act.person);
    if (pushed !== undefined)
      return `@${act.person} pushed to pull request #${pr.number} since its last approved round (${pushed.how}); whoever pushed may not ${doing}, like its author. ${left}`;
    if (found.incomplete !== undefined)
      return `${found.incomplete}, so it cannot tell that @${act.person} pushed none of them; nobody may ${doing} until the gate can. ${left}`;
  }
  const named = readHeadRefusal(pr, act);
  if (named !== undefined || loaded.problem !== undefined) return named;
  const target = actTargetRefusal(
    history,
    loaded.comment?.updatedAt,
    pr,
    bindingOf(ctx.settings, pr.baseSha, "unread"),
    askAgain(act, pr.headSha),
    act,
  );
  if (target !== undefined || act.kind !== "dismiss") return target;
  // A dismissal names one finding of the round its person read, by the key the gate printed.
  const dismissal = ctx.settings.dismissal;
  if (dismissal === undefined) return "a dismissal without a finding to dismiss. Nothing was dismissed.";
  const found = dismissTarget(history, dismissal.key);
  return "refused" in found ? found.refused : undefined;
}
