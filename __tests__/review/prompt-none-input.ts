// One reviewer call's prompt input with every part the prompt had before context existed (the files
// of a modified and a renamed file, part 2 of 3, the task and instructions, conditions, earlier
// reasons, the opted-in description, withheld and other files, a round token, fixed fence ids): what
// __tests__/data/prompt/none.txt was rendered from by the prompt code of commit dfc57ff, the last
// before context (see __tests__/data/prompt/README.md). Imports nothing, so the old code can read it.
import { parseUnifiedDiff } from "../../src/diff/parse.js";

export const NONE_DIFF = [
  "diff --git a/src/cart.ts b/src/cart.ts",
  "index 1111111..2222222 100644",
  "--- a/src/cart.ts",
  "+++ b/src/cart.ts",
  "@@ -10,7 +10,8 @@ export class Cart {",
  "   total(): number {",
  "     let sum = 0;",
  "     for (const item of this.items) {",
  "-      sum += item.price;",
  "+      sum += item.price * item.quantity;",
  '+      if (sum > LIMIT) throw new Error("over the limit");',
  "     }",
  "     return sum;",
  "   }",
  "diff --git a/src/old-name.py b/src/new_name.py",
  "similarity index 90%",
  "rename from src/old-name.py",
  "rename to src/new_name.py",
  "index 3333333..4444444 100644",
  "--- a/src/old-name.py",
  "+++ b/src/new_name.py",
  "@@ -1,3 +1,3 @@",
  " def load(path):",
  "-    return open(path).read()",
  "+    return read_text(path)",
  " ",
  "",
].join("\n");

export function noneInput() {
  let fence = 0;
  return {
    files: parseUnifiedDiff(NONE_DIFF).files,
    part: { number: 2, of: 3 },
    task: "Review the change for defects.",
    instructions: "We ship to payment terminals: treat a thrown error as a crash.",
    conditions: {
      intendedAction: "Count quantities in the cart total",
      criteria: [{ id: "tests", description: "the cart tests pass" }],
      unverifiableClaims: ["it is faster"],
    },
    earlierReasons: [
      { round: 1, reason: "src/cart.ts:13 — quantities are ignored", file: "src/cart.ts" },
      { round: 1, reason: "the change has no test" },
    ],
    includePrDescription: true,
    authorClaims: {
      title: "Count quantities",
      body: "Tested by hand.",
      commitMessages: ["cart: quantities"],
    },
    withheld: [{ path: "package-lock.json", why: "a lockfile (its content was verified to be one)" }],
    otherFiles: [{ path: "src/pay.ts", verdict: "approved" as const, round: 1 }],
    roundToken: "0123456789abcdefghijklmnopqrstuv",
    drawFenceId: () => {
      fence += 1;
      return `fixedfence${fence}`;
    },
  };
}
