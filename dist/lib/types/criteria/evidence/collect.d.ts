import type { Diff } from "../../diff/types.js";
import type { Contract } from "../contract-schema.js";
import type { TreeReader } from "../tree.js";
import { type EvidenceBundle, type EvidenceCaps } from "./bundle.js";
/** Checks the contract against the tree and returns the bundle that lets anyone re-check it. */
export declare function collectEvidence(contract: Contract, ctx: {
    readonly tree: TreeReader;
    readonly diff?: Diff | undefined;
}, caps?: EvidenceCaps): Promise<EvidenceBundle>;
