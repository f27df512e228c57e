// The five verdict vocabularies and every mapping between them, in one place. Each vocabulary is a
// published interface (a reply format, an action output, a check-run conclusion, a JSON report, an
// exit code), so none is renamed; what this module prevents is two files disagreeing on what a word
// means. Every table is a `satisfies Record<…>` or an exhaustive switch: a sixth word in any of them
// is a compile error here, not a silent default somewhere else. Pure.
//
//   four values (verdict4)      NO        YES       MAYBE            IFF
//   status (action output)      blocked   approve   hold-for-human   conditional-on
//   check-run conclusion        failure   success   action_required  (none: stays in progress)
//   exit code                   3         0         4                5
//   reply contract (reviewer)   REQUEST_CHANGES  APPROVE  AMBIGUOUS, or no verdict
//   rubric (contract verdict)   FAIL      PASS      FLAG
//   criterion status            fail      pass      error

/** NO: fails a named condition. YES: satisfies every condition. MAYBE: cannot be evaluated with the
 * evidence at hand. IFF: correct if and only if a named dependency holds. */
export type Value = "NO" | "YES" | "MAYBE" | "IFF";

/** The status a round reports: the value as users read it and wire it into workflows. */
export type Status = "approve" | "blocked" | "hold-for-human" | "conditional-on";

/** What a reviewer's reply says under the reply contract (reply-contract.ts reads it). */
export type ReplyVerdict = "APPROVE" | "REQUEST_CHANGES" | "AMBIGUOUS";

/** The `reviewer-verdict` output: the reply contract's word, or why there is none. NONE: a reply with
 * no verdict; ERROR: no usable reply (the provider failed); SKIPPED: the reviewer was not asked (a
 * person decided, the loop was exhausted, a merge group). */
export type ReviewerVerdict = ReplyVerdict | "NONE" | "ERROR" | "SKIPPED";

/** verdictkit's rubric over a contract's criteria: FAIL > FLAG > PASS. */
export type ContractVerdict = "PASS" | "FLAG" | "FAIL";

/** One criterion's outcome in a contract report. */
export type CheckStatus = "pass" | "fail" | "error";

/** A check run's conclusion; null leaves it in progress. */
export type Conclusion = "success" | "failure" | "action_required" | null;

const STATUS_OF = {
  YES: "approve",
  NO: "blocked",
  MAYBE: "hold-for-human",
  IFF: "conditional-on",
} as const satisfies Record<Value, Status>;

export function statusOf(value: Value): Status {
  return STATUS_OF[value];
}

export function valueOfStatus(status: Status): Value {
  switch (status) {
    case "approve":
      return "YES";
    case "blocked":
      return "NO";
    case "hold-for-human":
      return "MAYBE";
    case "conditional-on":
      return "IFF";
    default:
      throw new TypeError(`not a status: ${JSON.stringify(status satisfies never)}`);
  }
}

/** The check-run conclusion for a status. `neutral` and `skipped` are never used: GitHub counts both as
 * passing a required check, so a gate that used them would approve by omission. conditional-on has no
 * conclusion: the check run stays in progress, which holds a required check pending. */
export function conclusionOf(status: Status): Conclusion {
  switch (status) {
    case "approve":
      return "success";
    case "blocked":
      return "failure";
    case "hold-for-human":
      return "action_required";
    case "conditional-on":
      return null;
  }
}

/** Process exit codes, the same for every command: automation must never read "it printed something"
 * as "it passed", so only an approve exits 0. */
export const EXIT = Object.freeze({
  approve: 0,
  internal: 1,
  usage: 2,
  blocked: 3,
  hold: 4,
  conditional: 5,
});

export function exitCodeOf(status: Status): number {
  switch (status) {
    case "approve":
      return EXIT.approve;
    case "blocked":
      return EXIT.blocked;
    case "hold-for-human":
      return EXIT.hold;
    case "conditional-on":
      return EXIT.conditional;
  }
}

/** A reply verdict as a value; a reply with no verdict at all is a MAYBE like AMBIGUOUS. The reviewer
 * part applies more rules on top (findings beside an approve, an echo, coverage): this is the word's
 * meaning alone, which the CLI's `verdict` exit code reports. */
const VALUE_OF_REPLY = {
  APPROVE: "YES",
  REQUEST_CHANGES: "NO",
  AMBIGUOUS: "MAYBE",
} as const satisfies Record<ReplyVerdict, Value>;

export function valueOfReply(verdict: ReplyVerdict | null): Value {
  return verdict === null ? "MAYBE" : VALUE_OF_REPLY[verdict];
}

/** A rubric verdict as a value: PASS → YES, FAIL → NO, FLAG → MAYBE. A contract never yields IFF. */
const VALUE_OF_CONTRACT = {
  PASS: "YES",
  FAIL: "NO",
  FLAG: "MAYBE",
} as const satisfies Record<ContractVerdict, Value>;

export function valueOfContract(verdict: ContractVerdict): Value {
  return VALUE_OF_CONTRACT[verdict];
}

/** What one criterion's status makes of the whole contract by itself: a failure fails it, an error
 * flags it (absence of evidence is never evidence of success), only a pass passes. */
const CONTRACT_OF_CHECK = {
  pass: "PASS",
  fail: "FAIL",
  error: "FLAG",
} as const satisfies Record<CheckStatus, ContractVerdict>;

export function contractVerdictOfCheck(status: CheckStatus): ContractVerdict {
  return CONTRACT_OF_CHECK[status];
}

const REVIEWER_VERDICTS = {
  APPROVE: true,
  REQUEST_CHANGES: true,
  AMBIGUOUS: true,
  NONE: true,
  ERROR: true,
  SKIPPED: true,
} as const satisfies Record<ReviewerVerdict, true>;

/** A stored word read back (a round history): only the words above are a reviewer verdict. */
export function isReviewerVerdict(word: unknown): word is ReviewerVerdict {
  return typeof word === "string" && Object.hasOwn(REVIEWER_VERDICTS, word);
}

export function isContractVerdict(word: unknown): word is ContractVerdict {
  return typeof word === "string" && Object.hasOwn(VALUE_OF_CONTRACT, word);
}

/** A verdict that is the reviewer's real judgment of the diff (an approve or a block), the only kind
 * a later round may reuse: AMBIGUOUS, no verdict and no reply must be asked again. */
export function isJudgment(verdict: ReviewerVerdict): verdict is "APPROVE" | "REQUEST_CHANGES" {
  return verdict === "APPROVE" || verdict === "REQUEST_CHANGES";
}

/** Reviewer verdicts from the most blocking to the most approving: a failed call (ERROR) first, since
 * nothing it did not see may pass; then a block, an unclear reply, no verdict, an approve. SKIPPED is
 * not among them: a reviewer not asked has no word to combine. */
export const REVIEWER_VERDICT_ORDER = [
  "ERROR",
  "REQUEST_CHANGES",
  "AMBIGUOUS",
  "NONE",
  "APPROVE",
] as const satisfies readonly ReviewerVerdict[];

/** The combined word of several verdicts on parts of one diff (one reviewer's chunks): the most
 * blocking in REVIEWER_VERDICT_ORDER; NONE when there is none; ERROR for a word outside the order. */
export function mostBlockingVerdict(words: readonly ReviewerVerdict[]): ReviewerVerdict {
  if (words.length === 0) return "NONE";
  for (const w of REVIEWER_VERDICT_ORDER) if (words.includes(w)) return w;
  return "ERROR";
}

/** The panel's word from its reviewers' words: a block by any reviewer is the panel's block; an approve
 * needs `approvesNeeded` APPROVE words; otherwise the least approving of the rest (ERROR, AMBIGUOUS,
 * NONE), as one reviewer's chunks combine. */
export function panelVerdictWord(words: readonly ReviewerVerdict[], approvesNeeded: number): ReviewerVerdict {
  if (words.length === 0) return "NONE";
  if (words.includes("REQUEST_CHANGES")) return "REQUEST_CHANGES";
  if (words.filter((w) => w === "APPROVE").length >= approvesNeeded) return "APPROVE";
  return mostBlockingVerdict(words.filter((w) => w !== "APPROVE"));
}

/** The reviewer's verdict as a person reads it: the reply contract's own word, or what its absence
 * means. */
const REVIEWER_VERDICT_WORD = {
  APPROVE: "APPROVE",
  REQUEST_CHANGES: "REQUEST_CHANGES",
  AMBIGUOUS: "AMBIGUOUS",
  NONE: "no verdict",
  ERROR: "no reply",
  SKIPPED: "not asked",
} as const satisfies Record<ReviewerVerdict, string>;

export function reviewerVerdictWord(verdict: ReviewerVerdict): string {
  return REVIEWER_VERDICT_WORD[verdict];
}
