// Parity with the Python reference on 2,500 generated replies (data/README.md says where the
// expected verdicts came from). Where the port differs on purpose, it may only be safer.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { APPROVE, findVerdict, type ReplyVerdict } from "../../src/verdict/reply-contract.js";

interface ReferenceVerdicts {
  readonly exact: readonly (readonly [string, ReplyVerdict | null])[];
  readonly boundary: readonly (readonly [string, ReplyVerdict | null])[];
}

const data: ReferenceVerdicts = JSON.parse(
  readFileSync(new URL("./data/reference-verdicts.json", import.meta.url), "utf8"),
);

describe("parity with the Python reference", () => {
  it("reads every exact case as the reference does", () => {
    const differing = data.exact.filter(([reply, python]) => findVerdict(reply) !== python);
    expect(differing).toEqual([]);
    expect(data.exact.length).toBe(2000);
  });

  it("covers every outcome, approve included", () => {
    const seen = new Set(data.exact.map(([, python]) => python));
    expect([...seen].sort()).toEqual([null, "AMBIGUOUS", "APPROVE", "REQUEST_CHANGES"].sort());
  });

  it("differs on Python-only word characters only toward blocking or AMBIGUOUS, never toward approve", () => {
    let differences = 0;
    for (const [reply, python] of data.boundary) {
      const ours = findVerdict(reply);
      if (ours === python) continue;
      differences += 1;
      expect(ours).not.toBe(APPROVE);
      expect(ours).not.toBeNull();
      expect(python).not.toBe(APPROVE);
    }
    // The difference is real (so this test measures something) and a minority.
    expect(differences).toBeGreaterThan(0);
    expect(differences).toBeLessThan(data.boundary.length / 2);
  });
});
