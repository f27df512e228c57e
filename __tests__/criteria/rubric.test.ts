// The rubric as properties: FAIL dominates, PASS only when every criterion passed and no claim is
// unverifiable, order never matters; and its translation into the four values.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { contractResult } from "../../src/criteria/contract-result.js";
import type { CheckResult, CheckStatus, ContractReport } from "../../src/criteria/report.js";
import { verdictOf, worseVerdict } from "../../src/criteria/rubric.js";

const status = fc.constantFrom<CheckStatus>("pass", "fail", "error");
const check = fc.record({
  id: fc.string({ minLength: 1, maxLength: 8 }),
  type: fc.constant("file_exists" as const),
  status,
  reason: fc.string({ minLength: 1, maxLength: 20 }),
});
const checks = fc.array(check, { maxLength: 12 });
const claims = fc.array(fc.string({ minLength: 1, maxLength: 10 }), { maxLength: 3 });

describe("verdictOf", () => {
  test("FAIL whenever any criterion failed, whatever else", () => {
    fc.assert(
      fc.property(checks, claims, (cs, cl) => {
        if (cs.some((c) => c.status === "fail")) expect(verdictOf(cs, cl).verdict).toBe("FAIL");
      }),
    );
  });

  test("PASS exactly when there are criteria, all passed, and no claim is unverifiable", () => {
    fc.assert(
      fc.property(checks, claims, (cs, cl) => {
        const pass = cs.length > 0 && cs.every((c) => c.status === "pass") && cl.length === 0;
        expect(verdictOf(cs, cl).verdict === "PASS").toBe(pass);
      }),
    );
  });

  test("FLAG exactly when nothing failed but something is not known to pass", () => {
    fc.assert(
      fc.property(checks, claims, (cs, cl) => {
        const noFail = !cs.some((c) => c.status === "fail");
        const open = cs.length === 0 || cs.some((c) => c.status === "error") || cl.length > 0;
        expect(verdictOf(cs, cl).verdict === "FLAG").toBe(noFail && open);
      }),
    );
  });

  test("the order of criteria and claims never changes the verdict", () => {
    fc.assert(
      fc.property(checks, claims, fc.integer(), (cs, cl, seed) => {
        const shuffled =
          fc.sample(fc.shuffledSubarray(cs, { minLength: cs.length, maxLength: cs.length }), {
            seed,
            numRuns: 1,
          })[0] ?? cs;
        expect(verdictOf(shuffled, [...cl].reverse()).verdict).toBe(verdictOf(cs, cl).verdict);
      }),
    );
  });

  test("adding a criterion never improves the verdict unless it replaces nothing-checkable", () => {
    fc.assert(
      fc.property(checks, check, claims, (cs, extra, cl) => {
        if (cs.length === 0) return;
        const rank = { PASS: 0, FLAG: 1, FAIL: 2 } as const;
        expect(rank[verdictOf([...cs, extra], cl).verdict]).toBeGreaterThanOrEqual(
          rank[verdictOf(cs, cl).verdict],
        );
      }),
    );
  });

  test("a status the rubric does not know never passes", () => {
    const odd = { id: "x", type: "file_exists" as const, status: "skipped" as CheckStatus, reason: "?" };
    expect(verdictOf([odd], []).verdict).toBe("FLAG");
  });

  test("nothing checkable is a FLAG, never a PASS", () => {
    expect(verdictOf([], [])).toEqual({
      verdict: "FLAG",
      reason: "no criterion failed, but nothing was checkable: the contract has no success criteria",
    });
  });

  test("reasons name the criteria and claims", () => {
    const cs = [
      { id: "c1", type: "file_exists" as const, status: "pass" as const, reason: "ok" },
      { id: "c2", type: "file_exists" as const, status: "error" as const, reason: "could not run: escape" },
    ];
    expect(verdictOf(cs, ["tone"]).reason).toBe(
      'no criterion failed, but 1 of 2 criteria could not be checked: c2: could not run: escape; 1 claim is unverifiable: "tone"',
    );
    expect(
      verdictOf([{ ...cs[0], status: "fail", reason: "absent" } as never, cs[1] as never], []).reason,
    ).toBe("1 of 2 criteria failed: c1: absent");
  });

  test("worseVerdict is FAIL > FLAG > PASS", () => {
    expect(worseVerdict("PASS", "FLAG")).toBe("FLAG");
    expect(worseVerdict("FAIL", "FLAG")).toBe("FAIL");
    expect(worseVerdict("PASS", "PASS")).toBe("PASS");
  });
});

function report(cs: Pick<CheckResult, "id" | "type" | "status" | "reason">[], cl: string[]): ContractReport {
  const { verdict, reason } = verdictOf(cs, cl);
  return {
    verdict,
    reason,
    intended_action: "x",
    checks: cs.map((c) => ({ ...c, description: "", evidence: {} })),
    unverifiable_claims: cl,
  };
}

describe("contractResult", () => {
  test("maps PASS → YES, FAIL → NO, FLAG → MAYBE, never IFF", () => {
    fc.assert(
      fc.property(checks, claims, (cs, cl) => {
        const r = report(cs, cl);
        const value = contractResult(r).value;
        expect(value).toBe({ PASS: "YES", FAIL: "NO", FLAG: "MAYBE" }[r.verdict]);
      }),
    );
  });

  test("NO carries one reason per failed criterion", () => {
    const r = report(
      [
        { id: "a", type: "file_exists", status: "fail", reason: "a.txt is absent" },
        { id: "b", type: "file_exists", status: "error", reason: "could not run" },
        { id: "c", type: "file_exists", status: "fail", reason: "c.txt is absent" },
      ],
      [],
    );
    expect(contractResult(r).reasons).toEqual([
      "contract criterion a (file_exists) failed: a.txt is absent",
      "contract criterion c (file_exists) failed: c.txt is absent",
    ]);
  });

  test("MAYBE names each errored criterion and each claim", () => {
    const r = report(
      [{ id: "b", type: "json_valid" as never, status: "error", reason: "too large" }],
      ["tone is right"],
    );
    expect(contractResult(r).needed).toEqual([
      "contract criterion b (json_valid) could not be checked: too large",
      'a person must judge the unverifiable claim "tone is right"',
    ]);
  });

  test("an empty contract holds for a person", () => {
    expect(contractResult(report([], [])).needed).toEqual([
      "the contract has no success criteria, so nothing was checked",
    ]);
  });

  test("a report claiming PASS over a failed check is not approved", () => {
    const forged: ContractReport = {
      ...report([{ id: "a", type: "file_exists", status: "fail", reason: "absent" }], []),
      verdict: "PASS",
    };
    expect(contractResult(forged).value).toBe("NO");
  });
});
