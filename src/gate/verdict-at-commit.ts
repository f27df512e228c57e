// What a pull request's own rounds say about one commit: the latest round the gate recorded in its
// history for that head. A merge group reads it for each pull request it carries; a pull request's
// round reads it for every other open pull request whose head is the same commit, before it posts a
// pass there. Read exactly as a round reads its own history: only the gate's own comment, only a
// history of that pull request and this check, and only when its chain audits.
import { isDigest, type RoundRecord, roundReasons } from "../verdict/history.js";
import type { RoundContext } from "./context.js";
import type { CheckRunRef } from "./ports.js";
import { loadHistory } from "./round-history.js";

export type VerdictAtCommit =
  | { kind: "approved"; record: RoundRecord }
  | { kind: "not-approved"; record: RoundRecord; why: string }
  | { kind: "no-round" }
  | { kind: "no-history" }
  | { kind: "untrusted"; problem: string };

export async function verdictAtCommit(
  ctx: RoundContext,
  number: number,
  head: string,
  check: CheckRunRef,
): Promise<VerdictAtCommit> {
  const loaded = await loadHistory(ctx, number, check);
  if (loaded.comment === undefined) return { kind: "no-history" };
  if (loaded.problem !== undefined) return { kind: "untrusted", problem: loaded.problem };
  const latest = [...loaded.history.rounds].reverse().find((r) => r.head === head);
  if (latest === undefined) return { kind: "no-round" };
  if (latest.status === "approve") return { kind: "approved", record: latest };
  const full = isDigest(latest) ? undefined : latest;
  const why =
    roundReasons(loaded.history, latest)[0] ?? full?.needed[0] ?? full?.dependencies[0] ?? latest.status;
  return { kind: "not-approved", record: latest, why: `${latest.status}: ${why}` };
}

/** "approved in round 3", "approved by @ada in round 4". */
export function approvedLine(record: RoundRecord): string {
  const who = record.decidedBy !== undefined ? ` by @${record.decidedBy}` : "";
  return `approved${who} in round ${record.round}`;
}
