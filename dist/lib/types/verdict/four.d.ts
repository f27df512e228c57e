/** NO: fails a named condition. YES: satisfies every condition. MAYBE: cannot be evaluated with the
 * evidence at hand. IFF: correct if and only if a named dependency holds. */
export type Value = "NO" | "YES" | "MAYBE" | "IFF";
export declare const NO: "NO";
export declare const YES: "YES";
export declare const MAYBE: "MAYBE";
export declare const IFF: "IFF";
export declare const VALUES: readonly Value[];
/** The status a round reports: the value as users read it and wire it into workflows. */
export type Status = "approve" | "blocked" | "hold-for-human" | "conditional-on";
export declare const STATUSES: readonly Status[];
/** A frozen four-valued result. The constructors below are the only way to build one, so a NO without
 * a reason, a MAYBE without what is needed, or an IFF without its dependency cannot exist: a failure
 * that is anonymous is a failure nobody can act on. Combined results keep every part's reasons, so a
 * blocked round can still say that the reviewer also missed part of the diff. */
export interface Result {
    readonly value: Value;
    /** Why it is NO: each a named reason (a reviewer finding, a failed criterion, a failed dependency). */
    readonly reasons: readonly string[];
    /** What a person must supply or look at before this can be judged (MAYBE). */
    readonly needed: readonly string[];
    /** What must hold for this to be correct (IFF). */
    readonly dependencies: readonly string[];
}
/** Reject, with at least one named reason. */
export declare function no(reason: string, ...more: string[]): Result;
/** Accept. */
export declare function yes(): Result;
/** Hold: the evidence named is missing, so only a person can decide. */
export declare function maybe(needed: string, ...more: string[]): Result;
/** Conditional: correct if and only if the named dependency holds. */
export declare function iff(dependency: string, ...more: string[]): Result;
/** The same result held for a person instead: its reasons, needs and dependencies stay visible, and
 * `needed` (first) says why nobody but a person may decide now (rounds exhausted, a contradiction). */
export declare function holdInstead(result: Result, needed: string): Result;
/** The stronger of two values in the lattice NO > MAYBE > IFF > YES. */
export declare function dominant(a: Value, b: Value): Value;
/** Combine parts into one result. No parts at all is YES (the identity), which is why callers must
 * never combine an empty list to mean "nothing was checked": that is a MAYBE they build themselves. */
export declare function combine(...parts: readonly Result[]): Result;
/** The lattice order as a number, for sorting: higher is stronger. */
export declare function rank(value: Value): number;
export declare function statusOf(value: Value): Status;
export declare function valueOfStatus(status: Status): Value;
/** The check-run conclusion for a status. `neutral` and `skipped` are never used: GitHub counts both as
 * passing a required check, so a gate that used them would approve by omission. conditional-on has no
 * conclusion: the check run stays in progress, which holds a required check pending. */
export declare function conclusionOf(status: Status): "success" | "failure" | "action_required" | null;
/** Process exit codes, the same for every command: automation must never read "it printed something"
 * as "it passed", so only an approve exits 0. */
export declare const EXIT: Readonly<{
    approve: 0;
    internal: 1;
    usage: 2;
    blocked: 3;
    hold: 4;
    conditional: 5;
}>;
export declare function exitCodeOf(status: Status): number;
/** The one-line summary of a result: its status and first reason, what a check-run title shows. */
export declare function headline(result: Result): string;
