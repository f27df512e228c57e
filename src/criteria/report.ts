// What checking a contract produces: one result per criterion, each with its evidence, and the rubric's
// verdict over them. The JSON form (`verdict-gate check --json`) is exactly this object.
import type { CriterionType } from "./criterion-schema.js";

export type { CheckStatus, ContractVerdict } from "../verdict/vocabulary.js";

import type { CheckStatus, ContractVerdict } from "../verdict/vocabulary.js";

/** What a criterion looked at, in snake_case for the JSON report. Only the fields that apply are set. */
export interface CheckEvidence {
  /** The path the criterion read (as the contract spelled it, normalised). */
  readonly path?: string;
  /** What was found there: file, dir, absent, other. */
  readonly found?: string;
  /** The file's size in bytes. */
  readonly size?: number;
  /** Bytes actually read (less than size when the read was capped). */
  readonly bytes_read?: number;
  /** The read was capped: only a prefix of the file was seen. */
  readonly truncated?: boolean;
  /** The pattern (or globs) applied. */
  readonly pattern?: string;
  /** Matches, lines, rows or files counted. */
  readonly count?: number;
  /** The number the criterion needed. */
  readonly required?: number;
  /** The first match: its line (1-based), column and text. */
  readonly first_match?: {
    readonly path?: string;
    readonly line: number;
    readonly column?: number;
    readonly text: string;
  };
  /** Anything else worth a reader's eye (the entries of a directory, the table, the offending paths). */
  readonly [detail: string]: unknown;
}

export interface CheckResult {
  readonly id: string;
  readonly type: CriterionType;
  readonly description: string;
  readonly status: CheckStatus;
  /** One sentence a person reads: what passed, what failed, or why it could not run. */
  readonly reason: string;
  readonly evidence: CheckEvidence;
}

export interface ContractReport {
  readonly verdict: ContractVerdict;
  /** Why, in one line: which criteria failed, errored, or what is unverifiable. */
  readonly reason: string;
  readonly intended_action: string;
  readonly checks: readonly CheckResult[];
  readonly unverifiable_claims: readonly string[];
  readonly task_id?: string;
  readonly agent_id?: string;
}
