// One round's parts → one status. Pure. The lattice (four-values.ts) does the combining; this file holds the
// rules that are about the gate rather than the lattice: what a part that did not run means, and that
// a reviewer approve counts only for the diff it actually saw.
import { combine, maybe, NO, no, type Result, type Status, statusOf, YES, yes } from "./four-values.js";

/** `pull-requests` stands in for the reviewer under a merge queue: the group is approved through the
 * approve rounds of the pull requests it carries. `commit` holds a pass unless every other open pull
 * request whose head is the same commit passed there (a check run belongs to the commit, not to one of them).
 * `lockfiles` is the deterministic check of changed lockfiles, which the reviewer does not read.
 * `decision` is a person's block that still stands (history-loop.ts standingBlock). */
export type PartName =
  | "reviewer"
  | "decision"
  | "pull-requests"
  | "lockfiles"
  | "criteria"
  | "dependencies"
  | "rounds"
  | "commit";

export interface Part {
  readonly name: PartName;
  readonly result: Result;
  /** One line for the parts table: what this part saw and concluded. */
  readonly summary: string;
  /** The part had nothing to judge (no contract file, no dependencies): YES, and the summary says so. */
  readonly skipped?: boolean;
}

export interface Decision {
  readonly status: Status;
  readonly result: Result;
  readonly parts: readonly Part[];
}

/** How much of the filtered diff the reviewer actually saw. */
export interface Coverage {
  readonly filesReviewed: number;
  readonly filesTotal: number;
  readonly linesReviewed: number;
  readonly linesTotal: number;
  /** Everything the filters kept was seen, and nothing was cut off upstream (406 caps, omitted patches). */
  readonly complete: boolean;
}

/** The reviewer's result under the coverage rule: an APPROVE about part of a diff says nothing about
 * the rest, so it is at most a hold ("cap" elsewhere means only a byte bound: stored-text.ts). A block stays a block (the findings are real), and also says what was
 * not seen. This is the rule that keeps "approve on a truncated diff" from ever happening. */
export function holdIfPartlySeen(reviewer: Result, coverage: Coverage, unseen: string): Result {
  if (coverage.complete) return reviewer;
  const needed = `the reviewer did not see all of the diff: ${unseen}`;
  if (reviewer.value === YES) return maybe(needed);
  return combine(reviewer, maybe(needed));
}

/** Combine the parts. An empty list is refused: "nothing was judged" is never an approve. */
export function decide(parts: readonly Part[]): Decision {
  if (parts.length === 0)
    throw new Error("decide() needs at least one part: nothing judged is not an approve");
  if (!parts.some((p) => p.name === "reviewer" || p.name === "pull-requests")) {
    throw new Error("decide() needs the reviewer part: a round without a review is not an approve");
  }
  const result = combine(...parts.map((p) => p.result));
  return Object.freeze({ status: statusOf(result.value), result, parts: Object.freeze([...parts]) });
}

/** A person's decision through workflow_dispatch is the round's whole outcome: it settles what the
 * gate could not, for this head commit only. */
export function humanDecision(decision: "approve" | "block", actor: string, reason: string): Decision {
  const result = decision === "approve" ? yes() : no(`blocked by @${actor}: ${reason}`);
  const part: Part = {
    name: "rounds",
    result,
    summary: `${decision === "approve" ? "approved" : "blocked"} by @${actor}: ${reason}`,
  };
  return Object.freeze({ status: statusOf(result.value), result, parts: Object.freeze([part]) });
}

/** Every reason of a decision in the order a person should read them: blocking reasons, then what is
 * needed, then dependencies. */
export function reasonsOf(result: Result): string[] {
  return [
    ...result.reasons,
    ...result.needed.map((n) => (result.value === NO ? `also: ${n}` : n)),
    ...result.dependencies.map((d) => `waiting for ${d}`),
  ];
}
