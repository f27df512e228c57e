// The four values (verdict4): a gate that can only say pass or fail must turn "could not review" and
// "correct once X holds" into one of the two, and whichever it picks is wrong for somebody. A result
// carries its own consequence: NO names a reason, MAYBE names the evidence a person must supply, IFF
// names the dependency that must hold. Pure: no I/O. How the values map to the statuses, conclusions,
// exit codes and the other vocabularies is vocabulary.ts's; it is re-exported here for the callers
// that read a result and report it.
import { type Status, statusOf, type Value } from "./vocabulary.js";

export {
  type Conclusion,
  conclusionOf,
  EXIT,
  exitCodeOf,
  type Status,
  statusOf,
  type Value,
  valueOfStatus,
} from "./vocabulary.js";

export const NO = "NO" as const;
export const YES = "YES" as const;
export const MAYBE = "MAYBE" as const;
export const IFF = "IFF" as const;
export const VALUES: readonly Value[] = Object.freeze([NO, YES, MAYBE, IFF]);

export const STATUSES: readonly Status[] = Object.freeze([
  "approve",
  "blocked",
  "hold-for-human",
  "conditional-on",
]);

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

function text(kind: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new TypeError(`${kind} must be a non-empty string, got ${JSON.stringify(value)}`);
  }
  return value;
}

function build(value: Value, reasons: string[], needed: string[], dependencies: string[]): Result {
  return Object.freeze({
    value,
    reasons: Object.freeze(reasons),
    needed: Object.freeze(needed),
    dependencies: Object.freeze(dependencies),
  });
}

/** Reject, with at least one named reason. */
export function no(reason: string, ...more: string[]): Result {
  return build(
    NO,
    [reason, ...more].map((r) => text("a NO reason", r)),
    [],
    [],
  );
}

/** Accept. */
export function yes(): Result {
  return build(YES, [], [], []);
}

/** Hold: the evidence named is missing, so only a person can decide. */
export function maybe(needed: string, ...more: string[]): Result {
  return build(
    MAYBE,
    [],
    [needed, ...more].map((n) => text("what a MAYBE needs", n)),
    [],
  );
}

/** Conditional: correct if and only if the named dependency holds. */
export function iff(dependency: string, ...more: string[]): Result {
  return build(
    IFF,
    [],
    [],
    [dependency, ...more].map((d) => text("an IFF dependency", d)),
  );
}

/** The same result held for a person instead: its reasons, needs and dependencies stay visible, and
 * `needed` (first) says why nobody but a person may decide now (rounds exhausted, a contradiction). */
export function holdInstead(result: Result, needed: string): Result {
  return build(
    MAYBE,
    [...result.reasons],
    [text("what a MAYBE needs", needed), ...result.needed],
    [...result.dependencies],
  );
}

// NO dominates (a known defect outweighs anything unknown), then MAYBE (an unknown outweighs a
// condition that might hold), then IFF; YES only when every part is YES.
const RANK: Readonly<Record<Value, number>> = { NO: 3, MAYBE: 2, IFF: 1, YES: 0 };

/** The stronger of two values in the lattice NO > MAYBE > IFF > YES. */
export function dominant(a: Value, b: Value): Value {
  return RANK[a] >= RANK[b] ? a : b;
}

/** Combine parts into one result. No parts at all is YES (the identity), which is why callers must
 * never combine an empty list to mean "nothing was checked": that is a MAYBE they build themselves. */
export function combine(...parts: readonly Result[]): Result {
  let value: Value = YES;
  const reasons: string[] = [];
  const needed: string[] = [];
  const dependencies: string[] = [];
  for (const part of parts) {
    value = dominant(value, part.value);
    reasons.push(...part.reasons);
    needed.push(...part.needed);
    dependencies.push(...part.dependencies);
  }
  return build(value, reasons, needed, dependencies);
}

/** The lattice order as a number, for sorting: higher is stronger. */
export function rank(value: Value): number {
  return RANK[value];
}

/** The one-line summary of a result: its status and first reason, what a check-run title shows. */
export function headline(result: Result): string {
  const first =
    result.value === NO
      ? result.reasons[0]
      : result.value === MAYBE
        ? result.needed[0]
        : result.value === IFF
          ? result.dependencies[0]
          : undefined;
  return first === undefined ? statusOf(result.value) : `${statusOf(result.value)}: ${first}`;
}
