// What blocks: the contract's `policy`, read at the base like everything in the contract. A team says
// which severities of the reviewer's findings block (`block_on`) and whether the rest are posted as
// notes; the reviewer's word is a vote the policy reads, never the rule itself. Without a policy the
// gate decides exactly as before policies existed: every BLOCKING line blocks, the prompt is the one it
// always was, and a request for changes never approves. Pure.

/** A finding's severity, most severe first. */
export type Severity = "high" | "medium" | "low";

export const SEVERITIES: readonly Severity[] = Object.freeze(["high", "medium", "low"]);

/** The contract's policy. `blockOn` is a threshold: a severity blocks only with every more severe one
 * (the schema refuses `["low"]` alone), so "the lowest blocking severity" is always defined. */
export interface SeverityPolicy {
  readonly blockOn: readonly Severity[];
  /** Findings below the line: posted as review comments marked as notes (`post`), at most `max` a
   * round; asked of the reviewer only when they will be posted. */
  readonly notes: { readonly post: boolean; readonly max: number };
}

/** `block_on` when the contract's policy leaves it out, and what a reply is read under with no policy:
 * what the gate always blocked on (the default review task asks for MEDIUM and HIGH issues only, and
 * every one blocks). The prompt and the overrule of a request for changes are a policy's alone. */
export const DEFAULT_BLOCK_ON: readonly Severity[] = Object.freeze(["high", "medium"]);
export const DEFAULT_NOTES_MAX = 10;

const RANK: Readonly<Record<Severity, number>> = { high: 0, medium: 1, low: 2 };

/** Whether a finding of `severity` blocks under `policy` (without one: high and medium, as a
 * `BLOCKING:` line always did). */
export function blocksUnder(severity: Severity, policy: SeverityPolicy | undefined): boolean {
  return (policy?.blockOn ?? DEFAULT_BLOCK_ON).includes(severity);
}

/** The severity a `BLOCKING:` line is read as: the policy's lowest blocking severity, so a reviewer
 * or prompt that writes BLOCKING keeps blocking exactly as before. */
export function lowestBlocking(policy: SeverityPolicy | undefined): Severity {
  const on = [...(policy?.blockOn ?? DEFAULT_BLOCK_ON)].sort((a, b) => RANK[a] - RANK[b]);
  return on.at(-1) ?? "high";
}

/** The severities the prompt asks for: those that block, and the rest only when they will be posted
 * as notes (a finding nobody will read is a cost with no reader). */
export function askedSeverities(policy: SeverityPolicy): Severity[] {
  return SEVERITIES.filter((s) => policy.blockOn.includes(s) || policy.notes.post);
}

/** Whether `blockOn` is a threshold (non-empty, no repeats, each severity with every more severe one);
 * a message saying what to write otherwise. */
export function blockOnProblem(blockOn: readonly string[]): string | undefined {
  const known = blockOn.filter((s): s is Severity => (SEVERITIES as readonly string[]).includes(s));
  if (blockOn.length === 0) {
    return 'block_on needs at least "high": a policy under which nothing blocks would approve every request for changes';
  }
  if (known.length !== blockOn.length || new Set(blockOn).size !== blockOn.length) {
    return 'block_on lists each of "high", "medium", "low" at most once';
  }
  const lowest = Math.max(...known.map((s) => RANK[s]));
  const missing = SEVERITIES.filter((s) => RANK[s] < lowest && !known.includes(s));
  if (missing.length > 0) {
    return `block_on is a threshold: a policy that blocks on ${known.join(", ")} must block on ${missing.join(", ")} too`;
  }
  return undefined;
}

/** The policy in words, as the check run and the summary name it. */
export function describeSeverityPolicy(policy: SeverityPolicy): string {
  const on = [...policy.blockOn].sort((a, b) => RANK[a] - RANK[b]).join(", ");
  const notes = policy.notes.post
    ? `the rest posted as notes (at most ${policy.notes.max} a round)`
    : "the rest listed only in the check run";
  return `findings block at ${on}; ${notes}`;
}

/** The severities from most to least severe, as a reply writes them. */
export function severityWord(severity: Severity): "HIGH" | "MEDIUM" | "LOW" {
  return severity === "high" ? "HIGH" : severity === "medium" ? "MEDIUM" : "LOW";
}
