import type { ContractReport, ContractVerdict } from "../report.js";
export interface EvidenceVerification {
    /** Every hash matched and the bundle has the expected shape. */
    readonly intact: boolean;
    /** What was wrong with the bundle (tampering, a malformed part). Empty when intact. */
    readonly problems: readonly string[];
    /** FAIL when not intact; otherwise the worse of the recorded and the re-run verdict. */
    readonly verdict: ContractVerdict;
    readonly reason: string;
    /** The report the bundle carries, as recorded against the tree. */
    readonly recorded?: ContractReport;
    /** The report re-run against the bundle alone. */
    readonly report?: ContractReport;
    /** Criteria whose re-run status differs from the recorded one (e.g. decided by bytes the bundle did
     * not keep). */
    readonly differences: readonly string[];
}
/** Verifies a bundle read from JSON (any value: a bundle from elsewhere is untrusted input). */
export declare function verifyEvidence(input: unknown): Promise<EvidenceVerification>;
