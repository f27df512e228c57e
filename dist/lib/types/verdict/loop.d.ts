import { type Result, type Status } from "./four.js";
import { type History, type RoundRecord } from "./history.js";
export interface RoundInput {
    history: History;
    maxRounds: number;
    head: string;
    /** ISO time the round ran. */
    at: string;
    /** The parts combined (decide()), before the loop rules. */
    outcome: Result;
    reviewer?: RoundRecord["reviewer"];
    coverage?: string;
    pendingSince?: Record<string, string>;
    /** A person's decision through workflow_dispatch: their outcome stands as given. */
    decidedBy?: string;
    /** The reason the person gave (kept for an approve too, which has no NO reasons). */
    decisionReason?: string;
}
export interface RoundConclusion {
    status: Status;
    result: Result;
    record: RoundRecord;
    /** This round found the budget spent and held instead of blocking. */
    exhausted: boolean;
}
/** Whether the gate should even evaluate: after an exhausted hold the loop is terminal. */
export declare function terminalNeed(history: History, maxRounds: number): string | undefined;
export declare function concludeRound(input: RoundInput): RoundConclusion;
/** Whether a round says nothing the last recorded round did not: the same head, status, reasons,
 * reviewer verdict, timers and loop state. Such a re-evaluation (a schedule, a label that changes
 * nothing) is posted as a check run but not recorded again: a PR waiting days on a dependency under a
 * 15-minute schedule would otherwise fill its one history comment (about 160 characters a round) and
 * then could not be gated at all. */
export declare function repeatsLast(history: History, record: RoundRecord): boolean;
