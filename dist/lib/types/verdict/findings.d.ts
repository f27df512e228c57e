import { type Result } from "./four.js";
import { type ContractOptions } from "./reply-contract.js";
/** One BLOCKING line from a reviewer's reply. */
export interface Finding {
    /** The file, as the reviewer wrote it; "" when the line names no location. */
    readonly path: string;
    /** The first line the finding points at, when given. */
    readonly line?: number;
    /** The last line of a range (`12-15`), when given. */
    readonly endLine?: number;
    /** What is wrong, as the reviewer wrote it ("" when it wrote nothing after the location). */
    readonly reason: string;
    /** The whole line, stripped. */
    readonly raw: string;
}
/** The BLOCKING lines of a reply, up to `limit`, with how many there are in all. Lines are cut as the
 * reply contract cuts them (Python's splitlines), so a finding and a marker agree on line numbers. */
export declare function readFindings(reply: string, limit?: number): {
    findings: Finding[];
    total: number;
};
/** How many lines of a reply say an earlier reason is still unresolved. */
export declare function countUnresolved(reply: string): number;
/** Every BLOCKING line of a reply. */
export declare function parseFindings(reply: string): Finding[];
/** A finding as one reason: `path:12-15 — reason`. Never empty, because a Result refuses an empty
 * reason, and a finding that could not be described must still block. */
export declare function describeFinding(finding: Finding): string;
/** Options for reviewerResult. */
export interface ReviewerOptions extends ContractOptions {
    /** At most this many findings become reasons; the rest are counted in one more. Default 50. */
    readonly maxReasons?: number;
}
/** The reviewer's part of a round, as a four-valued Result:
 * - APPROVE with no BLOCKING line → YES;
 * - APPROVE that also lists BLOCKING lines, or UNRESOLVED earlier reasons → MAYBE: the reply
 *   contradicts itself, and approving past a blocking finding is the expensive mistake, so a person
 *   decides;
 * - REQUEST_CHANGES → NO, one reason per BLOCKING line (or one saying there was none);
 * - AMBIGUOUS → MAYBE naming how the contract was broken; no verdict → MAYBE saying so.
 * Findings in a held reply ride along as context, so nothing the reviewer wrote is lost. */
export declare function reviewerResult(reply: string, options?: ReviewerOptions): Result;
