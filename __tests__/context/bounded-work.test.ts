// A bound holds inside a file (issue 31, item 7). The context's time limit was checked between files
// only, and the pairs around each line were filled in pair by pair: one 512 KB tracked file of deep
// nesting with one field-shaped line blocked the event loop for ~50 s, past the round's deadline and
// the cancel handler, and the summary said the search "read every file it could". Now a file's shape is
// read in time linear in its size, the work is counted in units (work.ts), the clock is looked at and
// the event loop let in every CHECKPOINT units, and a search the time bound ends inside a file says
// which file and how far. The clock here moves only when the work pauses: no test waits.
import { describe, expect, it } from "vitest";
import { gatherContext } from "../../src/context/gather.js";
import { CHECKPOINT } from "../../src/context/work.js";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import { contextNote } from "../../src/gate/context-part.js";
import type { FileBytes, TreeReader } from "../../src/ports/tree.js";

/** A class whose body nests `depth` anonymous blocks, with one line in the middle shaped like a field
 * the change uses (`pipe: number;`). */
function deeplyNested(depth: number): string {
  return `class Deep {\n${"{\n".repeat(depth)}  pipe: number;\n${"}\n".repeat(depth)}}\n`;
}

const CHANGED = "export function close(b) {\n  b.pipe = null;\n}\n";
const DIFF = parseUnifiedDiff(
  "diff --git a/src/close.ts b/src/close.ts\n--- a/src/close.ts\n+++ b/src/close.ts\n@@ -1,3 +1,3 @@\n export function close(b) {\n-  b.pipe = 1;\n+  b.pipe = null;\n }\n",
).files;

function tree(files: Record<string, string>): TreeReader {
  return {
    async readNoFollow(path: string, maxBytes: number): Promise<FileBytes> {
      const text = files[path];
      if (text === undefined) throw new Error(`${path} does not exist`);
      const bytes = Buffer.from(text);
      return {
        bytes: bytes.subarray(0, maxBytes),
        size: bytes.byteLength,
        truncated: bytes.byteLength > maxBytes,
      };
    },
    async trackedFiles() {
      return { paths: Object.keys(files), from: "index" as const, truncated: false };
    },
  } as unknown as TreeReader;
}

/** The gathering over the changed file and `deep`, on a clock that moves `step` ms at each pause. */
async function gather(deep: string, millis: number, step: number) {
  let clock = 0;
  let pauses = 0;
  const gathered = await gatherContext({
    mode: "auto",
    files: DIFF,
    changed: DIFF,
    tree: tree({ "src/close.ts": CHANGED, "src/deep.ts": deep }),
    withheld: () => false,
    now: () => clock,
    bounds: { millis },
    pause: async () => {
      pauses += 1;
      clock += step;
    },
  });
  return { gathered, pauses };
}

describe("a file of deep nesting with a field-shaped line", () => {
  const deep = deeplyNested(120_000);

  it("costs work linear in its size, and lets the event loop in at every checkpoint", async () => {
    expect(deep.length).toBeGreaterThan(480_000);
    const { gathered, pauses } = await gather(deep, 4_000, 0);
    const search = gathered.report.search;
    expect(search?.stop).toBe("all-files");
    expect(search?.cut).toBeUndefined();
    // Read, scanned and shaped once: a few units a byte, where pairs × their length were 10^10.
    expect(search?.work).toBeLessThan(8 * deep.length);
    // The event loop was let in as the work went, not once at its end.
    expect(pauses).toBeGreaterThanOrEqual(3);
  });

  it("is cut by the time bound inside it, and the summary says where", async () => {
    // Each pause stands for 100 ms of work: the second look at the clock is past the 150 ms bound.
    const { gathered, pauses } = await gather(deep, 150, 100);
    const search = gathered.report.search;
    expect(search?.stop).toBe("time");
    expect(search?.cut?.path).toBe("src/deep.ts");
    expect(search?.cut?.lines).toBe(240_003);
    expect(search?.cut?.line).toBeLessThan(240_003);
    expect(pauses).toBe(2);
    // No more than the checkpoints allow, the file's read, and the lines to the next look on top.
    expect(search?.work).toBeLessThan(2 * CHECKPOINT + deep.length + 4 * 1_024);
    const note = contextNote({ kind: "gathered", gathered }) ?? "";
    expect(note).toMatch(
      /and stopped at its time bound inside src\/deep\.ts, at line [\d,]+ of 240,003: 0 definition\(s\)/,
    );
    expect(note).not.toMatch(/read every file it could/);
  });
});
