// What the panel's unit tests share: a diff of new files of a known size, and the round token a
// prompt's reply rule names.
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import type { PromptMessages } from "../../src/ports/reviewer.js";

/** `count` new files `src/f<i>.js` of about 500 estimated tokens each; those in `changed` get one
 * more line (another patch, so another reuse key). */
export function newFilesDiff(count: number, changed: readonly number[] = []) {
  return parseUnifiedDiff(
    `${Array.from({ length: count }, (_, i) => {
      const lines = Array.from({ length: 30 }, (_, j) => `+export const v${j} = "${"x".repeat(40)}";`);
      if (changed.includes(i)) lines.push(`+export const changed${i} = true;`);
      return [
        `diff --git a/src/f${i}.js b/src/f${i}.js`,
        "new file mode 100644",
        "--- /dev/null",
        `+++ b/src/f${i}.js`,
        `@@ -0,0 +1,${lines.length} @@`,
        ...lines,
      ].join("\n");
    }).join("\n")}\n`,
  );
}

/** The round token in a prompt's reply rule. */
export const tokenOf = (prompt: PromptMessages) =>
  /===VERDICT=== <value> ([0-9a-z]+)/.exec(prompt.user)?.[1] ?? "";
