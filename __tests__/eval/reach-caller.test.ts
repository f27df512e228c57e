// The caller-not-import case reaches (issue 34, item 4): a defect whose evidence is a caller's use in
// another file — `const total = f14(price)` twenty lines below `import { f14 }` — is shown by the
// default context, where the search once counted the import line as the use and showed a window around
// it. Measured as `eval --reach` measures the starter set: a set of one case, nobody asked.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { evalCli } from "./support.js";

const M14_BASE = "export function f14(price) {\n  return Math.round(price * 1.14);\n}\n";
const CALL = "  const total = f14(price);";
const CART = [
  'import { f14 } from "./m14.js";',
  'import { log } from "./log.js";',
  ...Array.from({ length: 20 }, (_, i) => `const limit${i} = ${i * 10};`),
  "",
  "export function checkout(price) {",
  CALL,
  "  log(total);",
  "  return total / 100;",
  "}",
  "",
].join("\n");

/** A set of one defect case: m14.js's change breaks cart.js's use of it. */
function callerSet(): string {
  const set = mkdtempSync(path.join(os.tmpdir(), "vg-reach-caller-"));
  writeFileSync(
    path.join(set, "set.json"),
    `${JSON.stringify({ name: "caller", description: "one case" })}\n`,
  );
  const dir = path.join(set, "caller-not-import");
  mkdirSync(path.join(dir, "base", "src"), { recursive: true });
  writeFileSync(path.join(dir, "base", "src", "m14.js"), M14_BASE);
  writeFileSync(path.join(dir, "base", "src", "cart.js"), CART);
  writeFileSync(
    path.join(dir, "change.diff"),
    [
      "diff --git a/src/m14.js b/src/m14.js",
      "--- a/src/m14.js",
      "+++ b/src/m14.js",
      "@@ -1,3 +1,3 @@",
      " export function f14(price) {",
      "-  return Math.round(price * 1.14);",
      "+  return Math.round(price * 114);",
      " }",
      "",
    ].join("\n"),
  );
  writeFileSync(
    path.join(dir, "case.json"),
    `${JSON.stringify(
      {
        id: "caller-not-import",
        label: "defect",
        source: {
          repository: "verdict-gate/eval-fixtures",
          base: "b0",
          head: "c0",
          license: "MIT",
          kind: "fix-named",
        },
        defects: [
          {
            path: "src/m14.js",
            lines: [2, 2],
            description: "f14 now returns cents, and checkout divides its total by 100 again",
            evidence: [{ path: "src/cart.js", text: `${CALL}\n` }],
          },
        ],
      },
      null,
      2,
    )}\n`,
  );
  return set;
}

describe("eval --reach: a caller's use below its import", () => {
  it("is reached by the default context, and not from the diff alone", async () => {
    const set = callerSet();
    const auto = await evalCli([set, "--reach", "--json"], set);
    expect(auto.code, auto.err).toBe(0);
    const reached = JSON.parse(auto.out);
    expect(reached.reach).toMatchObject({ count: 1, n: 1 });
    const none = JSON.parse((await evalCli([set, "--reach", "--context", "none", "--json"], set)).out);
    expect(none.reach).toMatchObject({ count: 0, n: 1 });
    expect(none.results[0].missing).toEqual([{ path: "src/cart.js", text: `${CALL}\n` }]);
  });
});
