import { type History } from "../verdict/history.js";
/** GitHub's limit for an issue comment body. */
export declare const COMMENT_LIMIT = 65536;
/** The first line of the comment: how the gate finds its own comment for this check name. */
export declare function historyMarker(checkName: string): string;
/** The comment body: a heading, the rounds table (newest last), and the hidden state. When the table
 * would not fit, older rows are folded into a count; the state itself is never cut (the chain needs
 * every round), and a state too large to store is an error the round reports, not a silent loss. */
export declare function renderHistoryComment(history: History, options: {
    checkName: string;
    runUrl?: string;
}): string;
/** The history stored in a comment body, or why it cannot be read. */
export declare function readHistoryComment(body: string): {
    ok: true;
    history: History;
} | {
    ok: false;
    message: string;
};
