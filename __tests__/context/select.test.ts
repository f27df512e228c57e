// What one call shows of its files' context within its room: most wanted first (a file's surroundings,
// then the definitions it calls, then its callers), given up lowest first and whole, never a line the
// call's diff already shows, and adjacent pieces of one file joined.
import { describe, expect, it } from "vitest";
import type { ContextCandidate, ContextMaterial, ShownContext } from "../../src/context/material.js";
import { selectContext } from "../../src/context/select.js";
import type { DiffFile } from "../../src/diff/types.js";

/** src/cart.ts with one hunk showing new lines 10 to 17 (13 and 14 added). */
const CART: DiffFile = {
  path: "src/cart.ts",
  status: "modified",
  binary: false,
  additions: 2,
  deletions: 0,
  patchOmitted: false,
  patch: "(patch)",
  hunks: [
    {
      header: "@@ -10,6 +10,8 @@",
      oldStart: 10,
      oldLines: 6,
      newStart: 10,
      newLines: 8,
      lines: [10, 11, 12, 13, 14, 15, 16, 17].map((n) => ({
        kind: n === 13 || n === 14 ? ("add" as const) : ("context" as const),
        text: `line ${n}`,
        newLine: n,
        ...(n === 13 || n === 14 ? {} : { oldLine: n }),
      })),
    },
  ],
};

function block(
  kind: ContextCandidate["kind"],
  path: string,
  from: number,
  to: number,
  name?: string,
): ContextCandidate {
  return {
    kind,
    path,
    from,
    lines: Array.from({ length: to - from + 1 }, (_, i) => `${path}:${from + i}`),
    ...(name !== undefined ? { name } : {}),
  };
}

function material(...candidates: ContextCandidate[]): ContextMaterial {
  return { mode: "auto", files: [{ file: "src/cart.ts", candidates }] };
}

/** A block costs a token a line and one for its heading. */
const cost = (b: ShownContext) => b.lines.length + 1;
const spans = (blocks: readonly ShownContext[]) =>
  blocks.map((b) => `${b.kind} ${b.path} ${b.from}-${b.from + b.lines.length - 1}`);

describe("selectContext", () => {
  const all = material(
    block("caller", "src/a.ts", 3, 5, "total"),
    block("enclosing", "src/cart.ts", 5, 20),
    block("definition", "src/tax.ts", 1, 4, "applyTax"),
    block("caller", "src/b.ts", 1, 3, "total"),
  );

  it("shows everything that fits, the file's surroundings around its diff's lines, never repeating them", () => {
    const selected = selectContext({ material: all, files: [CART], room: 1_000, cost });
    expect(spans(selected.blocks)).toEqual([
      "enclosing src/cart.ts 5-9",
      "enclosing src/cart.ts 18-20",
      "definition src/tax.ts 1-4",
      "caller src/a.ts 3-5",
      "caller src/b.ts 1-3",
    ]);
    expect(selected.trimmed).toEqual({});
  });

  it("gives up callers first, then definitions, then the surroundings: lowest first, each whole", () => {
    // Surroundings 6 + 4, the definition 5: room for those and not a caller (4 each).
    const selected = selectContext({ material: all, files: [CART], room: 15, cost });
    expect(spans(selected.blocks)).toEqual([
      "enclosing src/cart.ts 5-9",
      "enclosing src/cart.ts 18-20",
      "definition src/tax.ts 1-4",
    ]);
    expect(selected.trimmed).toEqual({ caller: 2 });
    const less = selectContext({ material: all, files: [CART], room: 12, cost });
    expect(spans(less.blocks)).toEqual(["enclosing src/cart.ts 5-9", "enclosing src/cart.ts 18-20"]);
    expect(less.trimmed).toEqual({ definition: 1, caller: 2 });
    const none = selectContext({ material: all, files: [CART], room: 0, cost });
    expect(none.blocks).toEqual([]);
    expect(none.trimmed).toEqual({ enclosing: 1, definition: 1, caller: 2 });
  });

  it("a block too big is given up whole, and a smaller one after it still fits", () => {
    const selected = selectContext({
      material: material(block("definition", "src/big.ts", 1, 50), block("definition", "src/small.ts", 1, 2)),
      files: [CART],
      room: 10,
      cost,
    });
    expect(spans(selected.blocks)).toEqual(["definition src/small.ts 1-2"]);
    expect(selected.trimmed).toEqual({ definition: 1 });
  });

  it("a small file whole comes first; when it does not fit, the blocks around its hunks stand in", () => {
    const whole = block("file", "src/cart.ts", 1, 40);
    const fits = selectContext({
      material: material(whole, block("enclosing", "src/cart.ts", 5, 20)),
      files: [CART],
      room: 100,
      cost,
    });
    expect(spans(fits.blocks)).toEqual(["file src/cart.ts 1-9", "file src/cart.ts 18-40"]);
    const tight = selectContext({
      material: material(whole, block("enclosing", "src/cart.ts", 5, 20)),
      files: [CART],
      room: 12,
      cost,
    });
    expect(spans(tight.blocks)).toEqual(["enclosing src/cart.ts 5-9", "enclosing src/cart.ts 18-20"]);
    expect(tight.trimmed).toEqual({ file: 1 });
  });

  it("joins pieces of one file that meet, and adds only the lines an earlier block did not show", () => {
    const selected = selectContext({
      material: material(
        block("enclosing", "src/cart.ts", 1, 9),
        block("definition", "src/cart.ts", 5, 30, "LIMIT"),
      ),
      files: [CART],
      room: 1_000,
      cost,
    });
    expect(spans(selected.blocks)).toEqual(["enclosing src/cart.ts 1-9", "definition src/cart.ts 18-30"]);
    expect(selected.blocks[1]?.lines[0]).toBe("src/cart.ts:18");
  });

  it("shows only what the call's own files bring", () => {
    const selected = selectContext({
      material: {
        mode: "auto",
        files: [{ file: "src/other.ts", candidates: [block("caller", "src/a.ts", 1, 2)] }],
      },
      files: [CART],
      room: 1_000,
      cost,
    });
    expect(selected.blocks).toEqual([]);
  });
});
