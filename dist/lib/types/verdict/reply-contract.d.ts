export declare const APPROVE: "APPROVE";
export declare const REQUEST_CHANGES: "REQUEST_CHANGES";
export declare const AMBIGUOUS: "AMBIGUOUS";
/** What a reply says. findVerdict returns null instead when nothing verdict-like was found at all. */
export type ReplyVerdict = typeof APPROVE | typeof REQUEST_CHANGES | typeof AMBIGUOUS;
/** Options shared by every reader of a reply. */
export interface ContractOptions {
    /** This round's secret token (see promptRule). When given, only `APPROVE <token>` approves, so an
     * approve marker copied from the diff or the prompt cannot approve the round. */
    readonly roundToken?: string | undefined;
}
/** The reply contract every review prompt ends with. Import it; never retype it. */
export declare const PROMPT_RULE: string;
/** The round-bound rule: the marker line carries this round's token after the value. The token is
 * written only on the placeholder line, which the bound parser skips, so an echo of this rule is inert
 * in a bound round (and junk, never an approve, to the plain parser). */
export declare function promptRule(roundToken?: string): string;
/** A round token: 26 to 128 characters of 0-9 and a-z (128 random bits are 26 characters of base32
 * or 32 of hex). Lowercase letters and digits only, so a token can never contain the decoration,
 * spacing or `=` the parser strips or splits on. */
export declare function isRoundToken(value: unknown): value is string;
/** Encodes random bytes (at least 16: 128 bits) as a round token, in lowercase hex. The caller supplies
 * the randomness (crypto.randomBytes), which keeps this module pure. A token the PR author could guess
 * would let a planted marker approve, so fewer than 16 bytes is refused. */
export declare function roundTokenFrom(randomBytes: Uint8Array): string;
/** Visits each line of `text` exactly as Python's `str.splitlines()` cuts it (no trailing empty line;
 * `\r\n` is one break). `visit(start, end, index)` gets the line's bounds; returning `false` stops. */
export declare function eachReplyLine(text: string, visit: (start: number, end: number, index: number) => boolean | undefined): void;
/** The lines of `text` as Python's `str.splitlines()` returns them. */
export declare function replyLines(text: string): string[];
/** `s.strip()` with Python's whitespace set (not JavaScript's trim()). */
export declare function stripPythonSpace(s: string): string;
/** A verdict with the evidence for it, so a hold can say what the reviewer did wrong. */
export interface VerdictReading {
    readonly verdict: ReplyVerdict | null;
    /** Which layer decided: the marker line ("strict"), old-style prose ("weak"), or neither. */
    readonly layer: "strict" | "weak" | null;
    /** The 1-based line (as Python's splitlines numbers them) that decided, when one did. */
    readonly line: number | null;
    /** Why, in a sentence a maintainer can act on. */
    readonly why: string;
    /** Whether this reading required this round's token for an approve. */
    readonly roundBound: boolean;
}
/** Reads a reviewer's reply under the contract and says why. See findVerdict for the rules. */
export declare function readVerdict(text: string, options?: ContractOptions): VerdictReading;
/** The reviewer's verdict: APPROVE | REQUEST_CHANGES | AMBIGUOUS, or null for nothing verdict-like.
 *
 * AMBIGUOUS means the reviewer did mark a verdict but broke the contract: a value outside the enum,
 * contradicting or repeated markers, an approve that is not the final non-blank line, an approve in
 * prose only, or (in a bound round) an approve without this round's token. AMBIGUOUS and null both
 * hold the gate (exitCode 4); neither is ever a quiet pass. */
export declare function findVerdict(text: string, options?: ContractOptions): ReplyVerdict | null;
/** One printable line for a verdict. Anything but a clean verdict is loud, so an operator skimming a
 * log can never mistake a broken contract or a missing verdict for a normal result. */
export declare function renderVerdict(verdict: ReplyVerdict | null): string;
/** findVerdict, rendered by renderVerdict. */
export declare function verdictLine(text: string, options?: ContractOptions): string;
/** The process exit status for a verdict: 0 APPROVE, 3 REQUEST_CHANGES, 4 anything else (AMBIGUOUS,
 * none, or a value this module never returns). A gate whose verdict lives only in its output is a log
 * line: automation reads exit statuses, so only an approve may exit 0. */
export declare function exitCode(verdict: ReplyVerdict | string | null | undefined): 0 | 3 | 4;
