// A round history shown: the rows of the report's history table and the `exclusions` output. Pure: a
// local round shows its one round without loading anything that reads or writes a stored history.

import type { HistoryRow } from "../report/round-report.js";
import type { Status } from "../verdict/four-values.js";
import { type History, isDigest, type RoundRecord, repeats } from "../verdict/history.js";

/** What a round's row shows besides its reasons: a person's words, what a hold needs, what it waits
 * for. A digested round kept only its reasons. */
function extras(r: RoundRecord): { because: string[]; needed: string[]; dependencies: string[] } {
  if (isDigest(r)) return { because: [], needed: [], dependencies: [] };
  return {
    // A person's approve has no reasons; their own words are what the row must show.
    because: r.status === "approve" && r.decisionReason !== undefined ? [r.decisionReason] : [],
    needed: r.needed,
    dependencies: r.dependencies,
  };
}

/** One round as the `exclusions` output shows it (snake_case: it is read by other tools). */
export interface ExclusionRound {
  round: number;
  head: string;
  at: string;
  status: Status;
  reasons: { reason: string; repeated_from: number | null }[];
  reasons_not_stored?: number;
  needed: readonly string[];
  dependencies: readonly string[];
  digest?: true;
  decided_by?: string;
  decision_reason?: string;
}

/** The `exclusions` output: every stored round with its reasons, and the loop's budget. */
export interface Exclusions {
  pr: number;
  check: string;
  blocked_rounds: number;
  max_rounds: number | null;
  folded_rounds?: number;
  rounds: ExclusionRound[];
}

export function exclusionsJson(history: History): Exclusions {
  const last = history.rounds[history.rounds.length - 1]?.receipt.after ?? history.checkpoint?.after;
  return {
    pr: history.pr,
    check: history.check,
    blocked_rounds: last?.blockedRounds ?? 0,
    max_rounds: last?.maxRounds ?? null,
    ...(history.checkpoint !== undefined ? { folded_rounds: history.checkpoint.round } : {}),
    rounds: history.rounds.map((r) => {
      const full = isDigest(r) ? undefined : r;
      return {
        round: r.round,
        head: r.head,
        at: r.at,
        status: r.status,
        reasons: repeats(history, r).map((x) => ({ reason: x.reason, repeated_from: x.from ?? null })),
        ...(r.dropped !== undefined ? { reasons_not_stored: r.dropped.count } : {}),
        needed: full?.needed ?? [],
        dependencies: full?.dependencies ?? [],
        ...(isDigest(r) ? { digest: true as const } : {}),
        ...(r.decidedBy !== undefined ? { decided_by: r.decidedBy } : {}),
        ...(full?.decisionReason !== undefined ? { decision_reason: full.decisionReason } : {}),
        ...(full?.decisionUrl !== undefined ? { decision_url: full.decisionUrl } : {}),
      };
    }),
  };
}

export function historyRows(history: History): HistoryRow[] {
  return history.rounds.map((r) => {
    const marked = repeats(history, r);
    const { because, needed, dependencies } = extras(r);
    const notStored =
      r.dropped !== undefined ? [`…and ${r.dropped.count} more (in that round's check run)`] : [];
    return {
      round: r.round,
      head: r.head,
      status: r.status,
      reasons: [
        ...because,
        ...marked.map((m) => m.reason),
        ...notStored,
        ...needed,
        ...dependencies.map((d) => `waiting for ${d}`),
      ],
      repeatedFrom: [
        ...because.map(() => undefined),
        ...marked.map((m) => m.from),
        ...notStored.map(() => undefined),
        ...needed.map(() => undefined),
        ...dependencies.map(() => undefined),
      ],
      ...(r.decidedBy !== undefined ? { decidedBy: r.decidedBy } : {}),
      at: r.at,
      ...(!isDigest(r) && r.panel !== undefined
        ? {
            panel: r.panel.map((m) => ({
              label: m.label,
              verdict: m.verdict,
              coverage: m.coverage,
              ...(m.in !== undefined ? { inputTokens: m.in } : {}),
              ...(m.out !== undefined ? { outputTokens: m.out } : {}),
              ...(m.reused !== undefined ? { reusedFiles: m.reused } : {}),
            })),
          }
        : {}),
    };
  });
}
