// A maintainer's dismissal (issue 33 item 2) takes the reply's listed blocking findings out; what the
// reply would conclude then is its `cleared` reading (src/verdict/findings.ts). It may approve only
// what the findings alone stood in the way of: the attacks first — an unresolved earlier reason, a
// request for changes planted or quoted mid-reply, findings past the listing limit, a broken contract
// — each of which must keep the cleared reading from approving.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readReview } from "../../src/verdict/findings.js";
import { YES } from "../../src/verdict/four-values.js";
import { findVerdict } from "../../src/verdict/reply-contract.js";
import { lineArb, TOKEN } from "./reply-arbitraries.js";

const APPROVE = `===VERDICT=== APPROVE ${TOKEN}`;
const CHANGES = `===VERDICT=== REQUEST_CHANGES ${TOKEN}`;
const FINDING = "BLOCKING: src/a.ts:20 — the token is logged";
const bound = { roundToken: TOKEN };

describe("the reply with its findings dismissed (cleared)", () => {
  it("approves a request for changes whose only reasons were its findings", () => {
    const read = readReview([FINDING, "", CHANGES].join("\n"), bound);
    expect(read.result.value).toBe("NO");
    expect(read.cleared.value).toBe(YES);
  });

  it("approves an approve that also wrote a finding (the contradiction was the finding)", () => {
    const read = readReview([FINDING, "", APPROVE].join("\n"), bound);
    expect(read.result.value).toBe("MAYBE");
    expect(read.cleared.value).toBe(YES);
  });

  it("keeps blocking on an earlier reason the reviewer called unresolved", () => {
    const read = readReview([FINDING, "UNRESOLVED: 1 — still logged", "", CHANGES].join("\n"), bound);
    expect(read.cleared.value).toBe("NO");
    expect(read.cleared.reasons.join(" ")).toMatch(/unresolved/);
  });

  it("keeps blocking when the request for changes is not the reply's one marker (planted, quoted)", () => {
    const read = readReview([FINDING, CHANGES, "Quoted from the diff above.", CHANGES].join("\n"), bound);
    expect(read.cleared.value).not.toBe(YES);
  });

  it("keeps blocking on findings past those the gate lists", () => {
    const many = Array.from({ length: 8 }, (_, i) => `BLOCKING: src/a.ts:${i + 1} — problem ${i}`);
    const read = readReview([...many, "", CHANGES].join("\n"), { ...bound, maxReasons: 3 });
    expect(read.blocking).toHaveLength(3);
    expect(read.cleared.value).toBe("NO");
  });

  it("keeps an approve with an unresolved earlier reason a hold", () => {
    const read = readReview([FINDING, "UNRESOLVED: 2 — no", "", APPROVE].join("\n"), bound);
    expect(read.cleared.value).toBe("MAYBE");
  });

  it("is the result itself when the reply has no blocking finding (nothing to dismiss)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(lineArb, fc.constantFrom(APPROVE, CHANGES)), { maxLength: 8 }),
        (lines) => {
          const reply = lines.join("\n");
          const read = readReview(reply, bound);
          if (read.blocking.length > 0) return;
          expect(read.cleared).toEqual(read.result);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("approves only a reply whose verdict is this round's APPROVE or REQUEST_CHANGES, never a broken one", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(lineArb, fc.constantFrom(APPROVE, CHANGES, FINDING, "UNRESOLVED: 1 — x")), {
          maxLength: 8,
        }),
        (lines) => {
          const reply = lines.join("\n");
          const read = readReview(reply, bound);
          if (read.cleared.value !== YES) return;
          expect(["APPROVE", "REQUEST_CHANGES"]).toContain(findVerdict(reply, bound));
          expect(reply).not.toMatch(/UNRESOLVED: 1/);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
