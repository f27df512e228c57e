// The contract engine's public surface: load a contract, check it against a tree (and a diff), turn the
// report into a four-valued result, and collect or verify evidence.

export {
  type Entry,
  type FileBytes,
  type JsonRead,
  LIST_CAP_ENTRIES,
  type Listing,
  READ_CAP_BYTES,
  type TableRows,
  TreeError,
  type TreeReader,
} from "../ports/tree.js";
export { ContractError, type ContractProblem } from "./contract-error.js";
export { contractResult } from "./contract-result.js";
export { type Contract, type ContractInput, ContractSchema } from "./contract-schema.js";
export {
  CRITERION_TYPES,
  type Criterion,
  type CriterionOf,
  CriterionSchema,
  type CriterionType,
} from "./criterion-schema.js";
export { checkContract, checkCriterion } from "./engine.js";
export {
  type Artifact,
  DEFAULT_CAPS,
  EVIDENCE_FORMAT,
  type EvidenceBundle,
  type EvidenceCaps,
} from "./evidence/bundle.js";
export { collectEvidence } from "./evidence/collect.js";
export { type EvidenceVerification, type VerifyOptions, verifyEvidence } from "./evidence/verify.js";
export { contractJsonSchema, contractJsonSchemaText } from "./json-schema.js";
export { CONTRACT_MAX_BYTES, loadContract, parseContract } from "./load.js";
export type { CheckEvidence, CheckResult, CheckStatus, ContractReport, ContractVerdict } from "./report.js";
export { type Paint, printable, reportTable, type Tone } from "./report-table.js";
export {
  REQUIREMENT_TYPES,
  type Requirement,
  RequirementSchema,
  type RequirementType,
} from "./requirement-schema.js";
export { verdictOf, worseVerdict } from "./rubric.js";
