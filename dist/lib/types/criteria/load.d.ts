import { type Contract } from "./contract-schema.js";
/** A contract larger than this is not a hand-written rule set; refusing it bounds the work of loading. */
export declare const CONTRACT_MAX_BYTES: number;
/** Validates an already-parsed contract value. */
export declare function parseContract(value: unknown, source: string): Contract;
/** Reads a contract from its text. `source` names it in every error message (a path, or
 * `path@commit` when read from the PR's base). */
export declare function loadContract(text: string, source: string): Contract;
