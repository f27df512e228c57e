// What a pull request's own rounds say about one commit: the latest round the gate recorded in its
// history for that head. A merge group reads it for each pull request it carries; a pull request's
// round reads it for every other open pull request whose head is the same commit, before it posts a
// pass there. Read exactly as a round reads its own history: only the gate's own comment, only a
// history of that pull request and this check, and only when its chain audits.
//
// An approve counts only under what it was given on (its binding, src/gate/binding.ts). A sibling's
// approve given before it was retargeted, or before its base moved, says nothing about the change it
// is now: its base must be the one it has. A queued pull request's approve given under settings the
// group's run does not have (another reviewer, model, include or exclude, task) was not this gate's
// judgement: its settings must be the group's. Its base and contract may differ: the queue moves the
// base, and the group judges the contract's criteria itself, on its own tree and change.

import type { CheckRunRef } from "../ports/github.js";
import { isDigest, type RoundRecord, roundReasons } from "../verdict/history.js";
import { bindingChange } from "./binding.js";
import type { RoundContext } from "./context.js";
import { loadHistory } from "./round-history.js";

export type VerdictAtCommit =
  | { kind: "approved"; record: RoundRecord }
  | { kind: "not-approved"; record: RoundRecord; why: string }
  | { kind: "stale"; record: RoundRecord; why: string }
  | { kind: "no-round" }
  | { kind: "no-history" }
  | { kind: "untrusted"; problem: string };

/** What an approve must still hold under: the sibling's current base, or the group's contract and
 * settings. Only the fields given are compared. */
export type ApproveExpectation = { kind: "base"; base: string } | { kind: "settings"; settings: string };

export async function verdictAtCommit(
  ctx: RoundContext,
  number: number,
  head: string,
  check: CheckRunRef,
  expect: ApproveExpectation,
): Promise<VerdictAtCommit> {
  const loaded = await loadHistory(ctx, number, check);
  if (loaded.comment === undefined) return { kind: "no-history" };
  if (loaded.problem !== undefined) return { kind: "untrusted", problem: loaded.problem };
  const latest = [...loaded.history.rounds].reverse().find((r) => r.head === head);
  if (latest === undefined) return { kind: "no-round" };
  if (latest.status === "approve") {
    const why = staleness(latest, expect);
    return why === undefined ? { kind: "approved", record: latest } : { kind: "stale", record: latest, why };
  }
  const full = isDigest(latest) ? undefined : latest;
  const why =
    roundReasons(loaded.history, latest)[0] ?? full?.needed[0] ?? full?.dependencies[0] ?? latest.status;
  return { kind: "not-approved", record: latest, why: `${latest.status}: ${why}` };
}

/** Why an approve no longer holds under `expect`, or undefined when it does. */
function staleness(record: RoundRecord, expect: ApproveExpectation): string | undefined {
  const was = isDigest(record) ? undefined : record.binding;
  if (was === undefined) return `its approve in round ${record.round} records no base, contract or settings`;
  const changed =
    expect.kind === "base"
      ? bindingChange(was, { ...was, base: expect.base }, { settings: false })
      : bindingChange(was, { ...was, settings: expect.settings }, { base: false });
  return changed === undefined ? undefined : `since its approve in round ${record.round}, ${changed}`;
}

/** "approved in round 3", "approved by @ada in round 4". */
export function approvedLine(record: RoundRecord): string {
  const who = record.decidedBy !== undefined ? ` by @${record.decidedBy}` : "";
  return `approved${who} in round ${record.round}`;
}
