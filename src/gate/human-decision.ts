// A person's decision (workflow_dispatch or a `/verdict` comment): recorded as a round of its own for
// one head commit, and repeated when the same head is evaluated again. Who may decide, and on which
// round, is settled before anything is posted and again on the history the round trusts
// (person-act.ts, decision-target.ts); the person recorded is whoever started this attempt (act-record.ts).

import { type Result, valueOfStatus } from "../verdict/four-values.js";
import { append, lastRound, roundReasons } from "../verdict/history.js";
import { concludeRound } from "../verdict/loop-rules.js";
import { humanDecision } from "../verdict/round-decision.js";
import type { PersonAct } from "./act-record.js";
import type { OpenRound, RoundContext } from "./context.js";
import type { RoundEnding } from "./round-ending.js";

/** A person's decision, recorded as a round of its own for this head commit only. */
export function decideByPerson(ctx: RoundContext, round: OpenRound, act: PersonAct): RoundEnding {
  const decision = ctx.settings.decision;
  if (decision === undefined) throw new Error("decideByPerson without a decision");
  const decided = humanDecision(decision.decision, act.person, decision.reason);
  const { history } = round.loaded;
  // The decision is about the round the person read (round.ts checked it is the latest, on this head
  // and base): it is bound to what that round judged on, so it stands exactly where that round would.
  const decidedOn = lastRound(history)?.binding;
  const concluded = concludeRound({
    history,
    maxRounds: ctx.settings.maxRounds,
    head: round.head,
    at: ctx.now().toISOString(),
    outcome: decided.result,
    decidedBy: act.person,
    decisionReason: decision.reason,
    ...(act.comment !== undefined ? { decisionUrl: act.comment } : {}),
    ...(decidedOn !== undefined ? { binding: decidedOn } : {}),
  });
  return {
    round: concluded.record.round,
    status: concluded.status,
    result: decided.result,
    parts: decided.parts,
    history: append(history, concluded),
    saveHistory: true,
    notes: [
      `Decided by @${act.person} through ${act.comment !== undefined ? `a comment (${act.comment})` : "workflow_dispatch"}; the next push starts a fresh round.`,
    ],
    sections: { budget: { used: concluded.record.receipt.after.blockedRounds, max: ctx.settings.maxRounds } },
    reviewerVerdict: "SKIPPED",
    coverage: DECIDED_COVERAGE,
    message: `${concluded.status}: decided by @${act.person}`,
  };
}

/** The `coverage` output of a round a person decided: nothing was reviewed in it. */
const DECIDED_COVERAGE = "0% (decided by a person)";

/** A person already decided this head: re-evaluations (a label, a re-run) repeat their decision. */
export function repostDecision(round: OpenRound, decided: number): RoundEnding {
  const { history } = round.loaded;
  const record = lastRound(history);
  if (record === undefined || record.round !== decided || record.decidedBy === undefined)
    throw new Error(`round ${decided} is not the latest round, decided by a person`);
  const result: Result = {
    // A person's decision is an approve or a block, whose value the status names.
    value: valueOfStatus(record.status),
    reasons: roundReasons(history, record),
    needed: [],
    dependencies: [],
  };
  const because = record.decisionReason !== undefined ? `: ${record.decisionReason}` : "";
  return {
    round: decided,
    status: record.status,
    result,
    parts: [
      { name: "rounds", result, summary: `decided by @${record.decidedBy} in round ${decided}${because}` },
    ],
    history,
    saveHistory: false,
    notes: [
      `@${record.decidedBy} decided this commit in round ${decided}; the decision stands until the next push.`,
    ],
    reviewerVerdict: "SKIPPED",
    coverage: DECIDED_COVERAGE,
    message: `${record.status}: decided by @${record.decidedBy} in round ${decided}`,
  };
}
