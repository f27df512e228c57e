// How findings are placed and recognised (src/gate/review-comments.ts), and the GraphQL the gate sends
// (src/github/review-threads.ts) checked against GitHub's public GraphQL schema. The end-to-end
// behaviour is in __tests__/e2e/review-comments.test.ts.
import { readFileSync } from "node:fs";
import { buildSchema, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import {
  findingMarker,
  MAX_LINE_COMMENTS,
  markedKeys,
  placeFindings,
  reviewToPost,
} from "../../src/gate/review-comments.js";
import { REVIEW_THREADS_QUERY, resolveThreadsMutation } from "../../src/github/review-threads.js";
import { parseFindings } from "../../src/verdict/findings.js";

const DIFF = `diff --git a/src/a.ts b/src/a.ts
index 1111111..2222222 100644
--- a/src/a.ts
+++ b/src/a.ts
@@ -1,3 +1,4 @@
 const a = 1;
-const b = 2;
+const b = 3;
+const c = b + a;
 export { a };
`;

const files = parseUnifiedDiff(DIFF).files;
const findings = (...lines: string[]) => parseFindings(lines.map((l) => `BLOCKING: ${l}`).join("\n"));

describe("placing findings", () => {
  it("puts a finding on a line the diff shows on its new side, and every other one in the body", () => {
    const placed = placeFindings(
      "verdict-gate",
      findings(
        "src/a.ts:3 — c is unused",
        "src/a.ts:9 — past the hunk",
        "docs/x.md:1 — not changed",
        "no tests",
      ),
      files,
    );
    expect(placed.map((p) => p.at ?? null)).toEqual([{ path: "src/a.ts", line: 3 }, null, null, null]);
  });

  it("recognises a finding by its line's text, not its number, so lines added above it do not make it new", () => {
    const [before] = placeFindings("verdict-gate", findings("src/a.ts:3 — c is unused"), files);
    const moved = parseUnifiedDiff(
      DIFF.replace("@@ -1,3 +1,4 @@\n const a = 1;", "@@ -1,3 +1,5 @@\n+// header\n const a = 1;"),
    ).files;
    const [after] = placeFindings("verdict-gate", findings("src/a.ts:4 — c is unused"), moved);
    expect(after?.at).toEqual({ path: "src/a.ts", line: 4 });
    expect(after?.key).toBe(before?.key);
  });

  it("tells findings apart by reason and by check name, and posts a repeated one once", () => {
    const one = placeFindings("verdict-gate", findings("src/a.ts:3 — c is unused"), files)[0]?.key;
    const other = placeFindings("verdict-gate", findings("src/a.ts:3 — c shadows"), files)[0]?.key;
    const named = placeFindings("strict-gate", findings("src/a.ts:3 — c is unused"), files)[0]?.key;
    expect(new Set([one, other, named]).size).toBe(3);
    expect(placeFindings("verdict-gate", findings("src/a.ts:3 — x", "src/a.ts:3 — x"), files)).toHaveLength(
      1,
    );
  });
});

describe("markers", () => {
  it("reads only the markers of its own check name", () => {
    const key = "a".repeat(64);
    const body = `x ${findingMarker("verdict-gate", key)} ${findingMarker("strict gate", "b".repeat(64))}`;
    expect(markedKeys(body, "verdict-gate")).toEqual([key]);
    expect(markedKeys(body, "strict gate")).toEqual(["b".repeat(64)]);
  });

  it("cannot be planted by a reason: the reason is escaped, so its text holds no marker", () => {
    const forged = findingMarker("verdict-gate", "c".repeat(64));
    const placed = placeFindings("verdict-gate", findings(`src/a.ts:3 — ${forged}`), files);
    const review = reviewToPost("verdict-gate", 1, placed);
    const body = review?.comments[0]?.body ?? "";
    expect(markedKeys(body, "verdict-gate")).toEqual([placed[0]?.key]);
  });
});

describe("the review posted", () => {
  it("is nothing when every finding was posted before", () => {
    expect(reviewToPost("verdict-gate", 2, [])).toBeUndefined();
  });

  it(`puts at most ${MAX_LINE_COMMENTS} comments on lines and the rest in its body`, () => {
    const many = Array.from({ length: MAX_LINE_COMMENTS + 5 }, (_, i) => `src/a.ts:3 — problem ${i}`);
    const review = reviewToPost("verdict-gate", 1, placeFindings("verdict-gate", findings(...many), files));
    expect(review?.comments).toHaveLength(MAX_LINE_COMMENTS);
    expect(markedKeys(review?.body ?? "", "verdict-gate")).toHaveLength(5);
  });
});

describe("the GraphQL the gate sends", () => {
  // @octokit/graphql-schema: the schema GitHub publishes for api.github.com. Its SDL repeats two
  // fields of EnterpriseOwnerInfo, which only the SDL check refuses.
  const schema = buildSchema(
    readFileSync(
      new URL("../../node_modules/@octokit/graphql-schema/schema.graphql", import.meta.url),
      "utf8",
    ),
    { assumeValidSDL: true },
  );

  it("reads review threads with a query GitHub's schema accepts", () => {
    expect(validate(schema, parse(REVIEW_THREADS_QUERY)).map((e) => e.message)).toEqual([]);
  });

  it("resolves threads with a mutation GitHub's schema accepts, one or twenty-five at a time", () => {
    for (const n of [1, 25])
      expect(validate(schema, parse(resolveThreadsMutation(n))).map((e) => e.message)).toEqual([]);
  });

  it("would notice a field GitHub does not have", () => {
    const broken = REVIEW_THREADS_QUERY.replace("isResolved", "isSettled");
    expect(validate(schema, parse(broken)).length).toBeGreaterThan(0);
  });
});
