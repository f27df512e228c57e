// The mappings between the five verdict vocabularies, stated once as the table a person reads in
// docs/statuses.md and checked against src/verdict/vocabulary.ts, which every other file goes through.
import { describe, expect, it } from "vitest";
import { exitCode } from "../../src/verdict/reply-contract.js";
import {
  conclusionOf,
  contractVerdictOfCheck,
  exitCodeOf,
  isContractVerdict,
  isJudgment,
  isReviewerVerdict,
  mostBlockingVerdict,
  panelVerdictWord,
  reviewerVerdictWord,
  statusOf,
  type Value,
  valueOfContract,
  valueOfReply,
  valueOfStatus,
} from "../../src/verdict/vocabulary.js";

const TABLE: readonly {
  value: Value;
  status: string;
  conclusion: string | null;
  exit: number;
  reply: string | undefined;
  contract: string | undefined;
}[] = [
  { value: "YES", status: "approve", conclusion: "success", exit: 0, reply: "APPROVE", contract: "PASS" },
  {
    value: "NO",
    status: "blocked",
    conclusion: "failure",
    exit: 3,
    reply: "REQUEST_CHANGES",
    contract: "FAIL",
  },
  {
    value: "MAYBE",
    status: "hold-for-human",
    conclusion: "action_required",
    exit: 4,
    reply: "AMBIGUOUS",
    contract: "FLAG",
  },
  {
    value: "IFF",
    status: "conditional-on",
    conclusion: null,
    exit: 5,
    reply: undefined,
    contract: undefined,
  },
];

describe("the verdict vocabularies", () => {
  it("map each value to one status, conclusion and exit code, and back", () => {
    for (const row of TABLE) {
      const status = statusOf(row.value);
      expect(status).toBe(row.status);
      expect(valueOfStatus(status)).toBe(row.value);
      expect(conclusionOf(status)).toBe(row.conclusion);
      expect(exitCodeOf(status)).toBe(row.exit);
    }
  });

  it("give only approve a passing conclusion and exit 0", () => {
    for (const row of TABLE.filter((r) => r.value !== "YES")) {
      expect(conclusionOf(statusOf(row.value))).not.toBe("success");
      expect(exitCodeOf(statusOf(row.value))).not.toBe(0);
    }
  });

  it("read the reply contract's words and the rubric's as the same values", () => {
    for (const row of TABLE) {
      if (row.reply !== undefined) expect(valueOfReply(row.reply as "APPROVE")).toBe(row.value);
      if (row.contract !== undefined) expect(valueOfContract(row.contract as "PASS")).toBe(row.value);
    }
    // No verdict at all is a hold, like AMBIGUOUS, and so is any word outside the contract.
    expect(valueOfReply(null)).toBe("MAYBE");
    expect(exitCode(null)).toBe(4);
    expect(exitCode("approve")).toBe(4);
    expect(exitCode("APPROVE")).toBe(0);
    expect(exitCode("REQUEST_CHANGES")).toBe(3);
  });

  it("make one criterion's error a FLAG, never a PASS", () => {
    expect(contractVerdictOfCheck("pass")).toBe("PASS");
    expect(contractVerdictOfCheck("fail")).toBe("FAIL");
    expect(contractVerdictOfCheck("error")).toBe("FLAG");
  });

  it("recognise only their own words when reading stored text back", () => {
    for (const word of ["APPROVE", "REQUEST_CHANGES", "AMBIGUOUS", "NONE", "ERROR", "SKIPPED"])
      expect(isReviewerVerdict(word), word).toBe(true);
    for (const word of ["approve", "PASS", "", "toString", "__proto__", "constructor", null, 1])
      expect(isReviewerVerdict(word), String(word)).toBe(false);
    expect(isContractVerdict("FLAG")).toBe(true);
    expect(isContractVerdict("flag")).toBe(false);
    expect(isContractVerdict("hasOwnProperty")).toBe(false);
  });

  it("count only an approve or a block as the reviewer's judgment, and say what the other words mean", () => {
    expect(isJudgment("APPROVE")).toBe(true);
    expect(isJudgment("REQUEST_CHANGES")).toBe(true);
    for (const word of ["AMBIGUOUS", "NONE", "ERROR", "SKIPPED"] as const)
      expect(isJudgment(word)).toBe(false);
    expect(reviewerVerdictWord("NONE")).toBe("no verdict");
    expect(reviewerVerdictWord("ERROR")).toBe("no reply");
    expect(reviewerVerdictWord("SKIPPED")).toBe("not asked");
    expect(reviewerVerdictWord("APPROVE")).toBe("APPROVE");
  });

  it("combine one reviewer's chunk words and a panel's words by the same order, a failure before a block", () => {
    expect(mostBlockingVerdict([])).toBe("NONE");
    expect(mostBlockingVerdict(["APPROVE", "REQUEST_CHANGES", "ERROR"])).toBe("ERROR");
    expect(mostBlockingVerdict(["APPROVE", "AMBIGUOUS", "REQUEST_CHANGES"])).toBe("REQUEST_CHANGES");
    expect(mostBlockingVerdict(["APPROVE", "NONE"])).toBe("NONE");
    expect(mostBlockingVerdict(["APPROVE", "APPROVE"])).toBe("APPROVE");
    // A word outside the order (a reviewer not asked) is never read as an approve.
    expect(mostBlockingVerdict(["SKIPPED"])).toBe("ERROR");
    // A panel: any block blocks, even beside a failure; an approve needs its count; else the least
    // approving of the rest.
    expect(panelVerdictWord(["ERROR", "REQUEST_CHANGES", "APPROVE"], 1)).toBe("REQUEST_CHANGES");
    expect(panelVerdictWord(["APPROVE", "ERROR"], 1)).toBe("APPROVE");
    expect(panelVerdictWord(["APPROVE", "ERROR"], 2)).toBe("ERROR");
    expect(panelVerdictWord(["APPROVE", "NONE", "AMBIGUOUS"], 2)).toBe("AMBIGUOUS");
    expect(panelVerdictWord([], 1)).toBe("NONE");
  });
});
