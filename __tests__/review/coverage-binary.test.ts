// A binary file holds the round (a text reviewer cannot read it); the hold says how to leave out a
// binary file that needs no review.
import { expect, it } from "vitest";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import { planReview } from "../../src/review/plan.js";

it("a hold caused by a binary file says how to exclude it", () => {
  const diff = parseUnifiedDiff(
    [
      "diff --git a/assets/logo.png b/assets/logo.png",
      "new file mode 100644",
      "index 0000000..3b18e51",
      "Binary files /dev/null and b/assets/logo.png differ",
      "",
    ].join("\n"),
  );
  const plan = planReview(diff);
  const gaps = plan.coverage.gaps.join(" ");
  expect(gaps).toContain("1 file in scope not reviewed (1 binary)");
  expect(gaps).toContain(
    "is left out with the `exclude` input (`--exclude` from a terminal), e.g. `**/*.png`",
  );
  // Excluded, it is listed as such, and no longer holds the coverage.
  const excluded = planReview(diff, { exclude: ["**/*.png"] });
  expect(excluded.excluded.map((e) => e.path)).toEqual(["assets/logo.png"]);
});
