import { z } from "zod";
import { type Status } from "./four.js";
declare const stateSchema: z.ZodObject<{
    blockedRounds: z.ZodNumber;
    maxRounds: z.ZodNumber;
    rank: z.ZodNumber;
    exclusions: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
/** What the loop carries from round to round: the receipt-visible state. `rank` is the units left
 * (maxRounds - blockedRounds, never below zero); `exclusions` every distinct NO reason so far,
 * normalised, in first-seen order; `blockedRounds` counts distinct head commits that ended blocked. */
export type LoopState = z.infer<typeof stateSchema>;
export declare const roundRecordSchema: z.ZodObject<{
    round: z.ZodNumber;
    head: z.ZodString;
    at: z.ZodString;
    status: z.ZodEnum<{
        approve: "approve";
        blocked: "blocked";
        "hold-for-human": "hold-for-human";
        "conditional-on": "conditional-on";
    }>;
    reasons: z.ZodArray<z.ZodString>;
    needed: z.ZodArray<z.ZodString>;
    dependencies: z.ZodArray<z.ZodString>;
    decidedBy: z.ZodOptional<z.ZodString>;
    decisionReason: z.ZodOptional<z.ZodString>;
    reviewer: z.ZodOptional<z.ZodObject<{
        verdict: z.ZodString;
        fingerprint: z.ZodString;
        result: z.ZodObject<{
            value: z.ZodEnum<{
                NO: "NO";
                YES: "YES";
                MAYBE: "MAYBE";
                IFF: "IFF";
            }>;
            reasons: z.ZodArray<z.ZodString>;
            needed: z.ZodArray<z.ZodString>;
            dependencies: z.ZodArray<z.ZodString>;
        }, z.core.$strip>;
    }, z.core.$strip>>;
    coverage: z.ZodOptional<z.ZodString>;
    pendingSince: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
    exhausted: z.ZodOptional<z.ZodBoolean>;
    receipt: z.ZodObject<{
        before: z.ZodObject<{
            blockedRounds: z.ZodNumber;
            maxRounds: z.ZodNumber;
            rank: z.ZodNumber;
            exclusions: z.ZodArray<z.ZodString>;
        }, z.core.$strip>;
        after: z.ZodObject<{
            blockedRounds: z.ZodNumber;
            maxRounds: z.ZodNumber;
            rank: z.ZodNumber;
            exclusions: z.ZodArray<z.ZodString>;
        }, z.core.$strip>;
        prev: z.ZodString;
        hash: z.ZodString;
    }, z.core.$strip>;
}, z.core.$strip>;
export type RoundRecord = z.infer<typeof roundRecordSchema>;
export declare const historySchema: z.ZodObject<{
    version: z.ZodLiteral<1>;
    pr: z.ZodNumber;
    check: z.ZodString;
    rounds: z.ZodArray<z.ZodObject<{
        round: z.ZodNumber;
        head: z.ZodString;
        at: z.ZodString;
        status: z.ZodEnum<{
            approve: "approve";
            blocked: "blocked";
            "hold-for-human": "hold-for-human";
            "conditional-on": "conditional-on";
        }>;
        reasons: z.ZodArray<z.ZodString>;
        needed: z.ZodArray<z.ZodString>;
        dependencies: z.ZodArray<z.ZodString>;
        decidedBy: z.ZodOptional<z.ZodString>;
        decisionReason: z.ZodOptional<z.ZodString>;
        reviewer: z.ZodOptional<z.ZodObject<{
            verdict: z.ZodString;
            fingerprint: z.ZodString;
            result: z.ZodObject<{
                value: z.ZodEnum<{
                    NO: "NO";
                    YES: "YES";
                    MAYBE: "MAYBE";
                    IFF: "IFF";
                }>;
                reasons: z.ZodArray<z.ZodString>;
                needed: z.ZodArray<z.ZodString>;
                dependencies: z.ZodArray<z.ZodString>;
            }, z.core.$strip>;
        }, z.core.$strip>>;
        coverage: z.ZodOptional<z.ZodString>;
        pendingSince: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
        exhausted: z.ZodOptional<z.ZodBoolean>;
        receipt: z.ZodObject<{
            before: z.ZodObject<{
                blockedRounds: z.ZodNumber;
                maxRounds: z.ZodNumber;
                rank: z.ZodNumber;
                exclusions: z.ZodArray<z.ZodString>;
            }, z.core.$strip>;
            after: z.ZodObject<{
                blockedRounds: z.ZodNumber;
                maxRounds: z.ZodNumber;
                rank: z.ZodNumber;
                exclusions: z.ZodArray<z.ZodString>;
            }, z.core.$strip>;
            prev: z.ZodString;
            hash: z.ZodString;
        }, z.core.$strip>;
    }, z.core.$strip>>;
}, z.core.$strip>;
export type History = z.infer<typeof historySchema>;
export declare function emptyHistory(pr: number, check: string): History;
export declare function initialState(maxRounds: number): LoopState;
/** The state the next round starts from. A changed max-rounds re-bases the rank on the new budget,
 * which is how a maintainer grants an exhausted PR more rounds. */
export declare function currentState(history: History, maxRounds: number): LoopState;
/** Reasons compared across rounds: case, punctuation and spacing differences are not new reasons. */
export declare function normaliseReason(reason: string): string;
/** Whether the loop is terminal: no budget left and the gate already held the PR as exhausted. Then
 * the gate stops evaluating (no reviewer call) until a person decides or max-rounds is raised. */
export declare function isTerminal(history: History, state: LoopState): boolean;
/** Whether the gate itself (not a person) already blocked this head in an earlier round. */
export declare function gateBlocked(history: History, head: string): boolean;
/** Whether this round spends a unit: the gate (not a person) blocked a head that it had not blocked
 * before. A person's block is their call, not another try the loop granted. */
export declare function spendsUnit(history: History, head: string, status: Status, decidedBy?: string): boolean;
/** The state after a round with this status and these NO reasons. */
export declare function nextState(before: LoopState, spends: boolean, reasons: readonly string[]): LoopState;
/** Canonical JSON: object keys sorted, no whitespace, so the same record always hashes the same. */
export declare function canonicalJson(value: unknown): string;
export declare function sha256(text: string): string;
export declare function recordHash(record: RoundRecord): string;
/** Seal a record: link it to the previous round and fill in its own hash. */
export declare function seal(history: History, record: Omit<RoundRecord, "receipt"> & {
    receipt: Omit<RoundRecord["receipt"], "prev" | "hash">;
}): RoundRecord;
export declare function append(history: History, record: RoundRecord): History;
export interface RepeatedReason {
    reason: string;
    /** The earliest earlier round that gave the same (normalised) reason. */
    from: number | undefined;
}
/** Marks each reason of a round that an earlier round already gave. */
export declare function repeats(history: History, round: number, reasons: readonly string[]): RepeatedReason[];
/** The reasons the reviewer is asked about: every distinct reason (normalised) of the rounds at other
 * commits, with the round that first gave it. A reason repeated in three rounds is asked about once, or
 * the reviewer answers the same question three times and the prompt grows with every round. Rounds at
 * `head` itself are left out: a re-evaluation must build the same prompt as the round it re-evaluates,
 * or the recorded verdict could never be reused. */
export declare function earlierReasons(history: History, head: string): {
    round: number;
    reason: string;
}[];
export interface Contradiction {
    earlier: {
        round: number;
        reason: string;
    };
    now: string;
}
/** A reason of this round that negates one from an earlier round: only a person can settle which of
 * the two asks the author should follow, so the loop must stop rather than oscillate. */
export declare function contradictions(history: History, reasons: readonly string[]): Contradiction[];
export interface AuditReport {
    valid: boolean;
    errors: string[];
    rounds: number;
    blockedRounds: number;
    maxRounds: number;
}
/** Replays the chain: every hash, every link, every state transition, and the bound. */
export declare function audit(history: History): AuditReport;
/** Parse stored history; anything malformed is reported, never half-read. */
export declare function parseHistory(json: unknown): {
    ok: true;
    history: History;
} | {
    ok: false;
    message: string;
};
export {};
