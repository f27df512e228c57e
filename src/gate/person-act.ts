// What a person asks of the gate by hand that the people who wrote the change may not: a decision
// (approve or block), or a forced new answer (`force-review` dispatched, `/verdict review --force`).
// Who may, and on which commit, is settled here before anything is posted, so a refusal leaves the
// pull request exactly as it was: no check run started or finished, nothing recorded, no reviewer
// asked. The round (round.ts) asks this first, for a dispatch and a `/verdict` comment alike.
//
// - Never the pull request's author, whatever their permission: an author with write access (an
//   agent's app, a maintainer's own PR) could otherwise approve what the reviewer held — or ask again
//   until the answer changes, which is the same approve by attrition. The author is who the API says
//   opened the PR, not the event's word.
// - Never anyone who pushed to it since its last approved round (pushers.ts), for the same reasons.
// - A decision needs write, maintain or admin, as the API reports it now (not as the workflow's
//   trigger implied; a `workflow_call` can pass any actor's dispatch on).
// - A decision lands only on the round its author read (decision-target.ts); a dispatch that names a
//   `head-sha` acts only while that commit is the head.
import type { HeadRuns, PullRequestInfo } from "../ports/github.js";
import { emptyHistory, type History } from "../verdict/history.js";
import { bindingOf } from "./binding.js";
import type { RoundContext } from "./context.js";
import { type AskAgain, decisionTargetRefusal } from "./decision-target.js";
import { rememberedHistory } from "./head-runs.js";
import { pushedBy, pushersOf, sameLogin } from "./pushers.js";
import { loadHistory } from "./round-history.js";

/** A person's act refused: thrown before anything is posted. A dispatch fails its step with it; a
 * `/verdict` comment gets it as a reply (src/commands/run.ts). */
export class ActRefused extends Error {
  override readonly name = "ActRefused";
}

type PersonAct =
  | { kind: "decide"; actor: string; writtenAt?: string; byComment: boolean }
  | { kind: "force"; actor: string; byComment: boolean };

function actOf(ctx: RoundContext): PersonAct | undefined {
  const { decision, forcedBy } = ctx.settings;
  if (decision !== undefined)
    return {
      kind: "decide",
      actor: decision.actor,
      byComment: decision.url !== undefined,
      ...(decision.writtenAt !== undefined ? { writtenAt: decision.writtenAt } : {}),
    };
  if (forcedBy !== undefined)
    return { kind: "force", actor: forcedBy, byComment: ctx.settings.eventName === "issue_comment" };
  return undefined;
}

const short = (sha: string) => sha.slice(0, 12);

/** How a person asks again, in the medium they used. */
function askAgain(act: PersonAct, head: string): AskAgain {
  return act.byComment
    ? { again: "comment again", rejudge: "comment `/verdict review`" }
    : {
        again: `dispatch it again with \`head-sha: ${head}\``,
        rejudge: "let the gate judge it as it is now (re-run it, or dispatch without a decision)",
      };
}

/** What the act is, in the words of a refusal, and what a refusal leaves. */
function described(act: PersonAct): { doing: string; left: string } {
  return act.kind === "decide"
    ? {
        doing: "decide it",
        left: "Nothing was recorded and the check was left as it was: another maintainer decides.",
      }
    : {
        doing: "force a new answer on it",
        left: "Nothing was asked and the check was left as it was: `/verdict review` reuses the answers given, and another maintainer may force a new one.",
      };
}

/** Refuses the run's act, if it has one, when its person or its commit is not the one it must be.
 * Throws ActRefused before anything is posted; an API error throws as it is. Returns the head's runs
 * when it read them (the round's start takes them: they are read once). */
export async function confirmAct(ctx: RoundContext, pr: PullRequestInfo): Promise<HeadRuns | undefined> {
  const act = actOf(ctx);
  const checked = act === undefined ? { refused: namedHeadRefusal(ctx, pr) } : await actRefusal(ctx, pr, act);
  if (checked.refused !== undefined) throw new ActRefused(checked.refused);
  return checked.runs;
}

/** Why an act is refused (undefined: it is not), and the head's runs when they were read. */
interface Checked {
  refused?: string | undefined;
  runs?: HeadRuns;
}

/** A dispatch names the head its person read; acting on another would act on a commit nobody read. */
function namedHeadRefusal(ctx: RoundContext, pr: PullRequestInfo): string | undefined {
  const { target } = ctx.settings;
  const named = target.kind === "pull_request" ? target.namedHead : undefined;
  if (named === undefined || named === pr.headSha) return undefined;
  return `pull request #${pr.number} is at ${short(pr.headSha)}, not ${short(named)}, the \`head-sha\` this dispatch names: it moved after that commit was read. Nothing was decided or reviewed: read the gate's round on ${short(pr.headSha)}, then dispatch again with \`head-sha: ${pr.headSha}\`.`;
}

async function actRefusal(ctx: RoundContext, pr: PullRequestInfo, act: PersonAct): Promise<Checked> {
  const { doing, left } = described(act);
  if (sameLogin(act.actor, pr.author))
    return {
      refused: `@${act.actor} opened pull request #${pr.number}; its author may not ${doing}, whatever their permission${act.kind === "force" ? " (asking again until the answer changes is shopping for an approve)" : ""}. ${left}`,
    };
  const named = namedHeadRefusal(ctx, pr);
  if (named !== undefined) return { refused: named };
  if (act.kind === "decide") {
    const permission = await ctx.github.people.permission(act.actor);
    if (!["admin", "maintain", "write"].includes(permission))
      return {
        refused: `@${act.actor} has ${permission} permission; recording a decision needs write access to the repository. Nothing was posted.`,
      };
  }
  const runs = await ctx.github.checks.onHead(pr.headSha, ctx.settings.checkName);
  const read = await judgedHistory(ctx, pr, act, runs);
  if (typeof read === "string") return { refused: read, runs };
  const found = await pushersOf(ctx.github.peers, read, pr);
  const pushed = pushedBy(found, act.actor);
  if (pushed !== undefined)
    return {
      refused: `@${act.actor} pushed to pull request #${pr.number} since its last approved round (${pushed.how}); whoever pushed may not ${doing}, like its author. ${left}`,
      runs,
    };
  if (found.incomplete !== undefined)
    return {
      refused: `${found.incomplete}, so it cannot tell that @${act.actor} pushed none of them; nobody may ${doing} until the gate can. ${left}`,
      runs,
    };
  return { runs };
}

/** The history the gate's own runs on the head name, for the pushers it records and (a decision) the
 * round the person read; or why a decision may not land. A history that does not audit decides nothing
 * here: the round holds on it and leaves it as found. */
async function judgedHistory(
  ctx: RoundContext,
  pr: PullRequestInfo,
  act: PersonAct,
  runs: HeadRuns,
): Promise<History | string> {
  const { settings } = ctx;
  const none = emptyHistory(pr.number, settings.checkName);
  const judged = runs.runs.find((r) => r.app !== null && r.app !== undefined);
  const ask = askAgain(act, pr.headSha);
  if (judged === undefined)
    return act.kind === "decide"
      ? `the gate has not judged ${short(pr.headSha)}, the pull request's head, yet; a decision applies only to the commit the gate last judged. Nothing was decided: wait for the gate's round on ${short(pr.headSha)}, read it, then ${ask.again}.`
      : none;
  const app = judged.app ?? null;
  const loaded = await loadHistory(
    ctx,
    pr.number,
    { id: judged.id, appSlug: app, url: "" },
    rememberedHistory(runs, pr.number, app),
  );
  if (loaded.problem !== undefined) return none;
  const refused = decisionTarget(ctx, loaded.history, pr);
  return refused ?? loaded.history;
}

/** Why the run's decision may not land on the pull request as it is, on this history (undefined: it
 * may, or the run decides nothing). Asked before anything is posted (above) and by the round on the
 * history it trusts (round.ts): one rule, one wording. */
export function decisionTarget(ctx: RoundContext, history: History, pr: PullRequestInfo): string | undefined {
  const act = actOf(ctx);
  if (act?.kind !== "decide") return undefined;
  return decisionTargetRefusal(
    history,
    pr,
    bindingOf(ctx.settings, pr.baseSha, "unread"),
    askAgain(act, pr.headSha),
    act.writtenAt,
  );
}
