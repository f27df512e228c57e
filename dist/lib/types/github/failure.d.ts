import { GitHubError } from "./errors.js";
export interface FailureContext {
    readonly operation: string;
    readonly redact: (text: string) => string;
    /** A check-run write: a refused write is the fork-PR case the action must explain. */
    readonly writesChecks?: boolean;
    /** The per-attempt timeout and the attempts made, for the message. */
    readonly timeoutMs?: number;
    readonly attempts?: number;
}
export declare function describeFailure(error: unknown, context: FailureContext): GitHubError;
