import type { ContractReport, ContractVerdict } from "../report.js";
export interface VerifyOptions {
    /** The bundle_hash recorded when the bundle was collected (lower-case hex). Given, a bundle that
     * hashes to anything else is not intact. */
    readonly expectedBundleHash?: string;
}
export interface EvidenceVerification {
    /** Every hash matched (the pinned bundle_hash too, when one was given) and the bundle has the
     * expected shape. */
    readonly intact: boolean;
    /** Whether the bundle was compared with a bundle_hash recorded elsewhere. Without that, an intact
     * bundle is only self-consistent: anyone who edits it can recompute its hashes. */
    readonly hashPinned: boolean;
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
export declare function verifyEvidence(input: unknown, options?: VerifyOptions): Promise<EvidenceVerification>;
