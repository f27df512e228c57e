// The round's context gathered from a real checked-out tree (the file system adapter, git's index):
// the method around a hunk, the definition it calls from another file, a caller of what it changes;
// never a file the excludes withhold, never through a symlink, nothing from a copy that is not the
// diff's head; and on a 50,000-file tree, a search that ends at its bounds.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gatherContext } from "../../src/context/gather.js";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import type { TreeReader } from "../../src/ports/tree.js";
import { withheldByName } from "../../src/review/scope.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { makeTree } from "../criteria/fixture-tree.js";
import { indexOf } from "../support/git-index.js";

const CART = `import { applyTax } from "./tax";

export class Cart {
  items = [];

  total() {
    let sum = 0;
    for (const item of this.items) {
      sum += item.price * item.quantity;
    }
    return applyTax(sum);
  }
}
`;

const CART_DIFF = `diff --git a/src/cart.ts b/src/cart.ts
--- a/src/cart.ts
+++ b/src/cart.ts
@@ -7,6 +7,6 @@ export class Cart {
     let sum = 0;
     for (const item of this.items) {
       sum += item.price * item.quantity;
     }
-    return sum;
+    return applyTax(sum);
   }
`;

const TAX = `// Tax, as the law says.
export function applyTax(amount) {
  return amount * 1.2;
}
`;

const CHECKOUT = `import { Cart } from "./cart";

export function checkout(cart) {
  const due = cart.total();
  return pay(due);
}
`;

/** A tree as a checkout leaves it, with git's index listing `tracked` (every file by default). */
function checkedOut(files: Record<string, string | { symlink: string }>, tracked = Object.keys(files)) {
  const { root } = makeTree(files);
  mkdirSync(path.join(root, ".git"));
  writeFileSync(path.join(root, ".git", "index"), indexOf(tracked));
  return root;
}

/** The tree, with every context read recorded: what was asked, and whether it was given. */
function spied(root: string): { tree: TreeReader; reads: Map<string, "read" | "refused"> } {
  const inner = openTree(root);
  const reads = new Map<string, "read" | "refused">();
  return {
    reads,
    tree: {
      ...inner,
      async readNoFollow(p, max) {
        try {
          const bytes = await (inner.readNoFollow as NonNullable<TreeReader["readNoFollow"]>)(p, max);
          reads.set(p, "read");
          return bytes;
        } catch (error) {
          reads.set(p, "refused");
          throw error;
        }
      },
    },
  };
}

const clock = () => 0;

describe("gatherContext on a checked-out tree", () => {
  const files = {
    "src/cart.ts": CART,
    "src/tax.ts": TAX,
    "src/checkout.ts": CHECKOUT,
    // Withheld by the user's exclude: it defines applyTax too, and must never be read.
    "src/secret.ts": "export function applyTax(a) { return a; } // SECRET\n",
    // Named like a lockfile: withheld by name.
    "package-lock.json": '{"applyTax": "SECRET"}\n',
    // A link inside the tree, listed as a regular file: never followed.
    "src/alias.ts": { symlink: "tax.ts" },
  };
  const diff = parseUnifiedDiff(CART_DIFF);
  const scope = { exclude: ["src/secret.ts"] };

  it("auto: the method around the hunk, the definition it calls, and a caller of what it changes", async () => {
    const { tree, reads } = spied(checkedOut(files));
    const { material, report } = await gatherContext({
      mode: "auto",
      files: diff.files,
      changed: diff.files,
      tree,
      withheld: withheldByName(scope),
      now: clock,
    });
    const brought = material.files.find((f) => f.file === "src/cart.ts")?.candidates ?? [];
    expect(
      brought.map((c) => ({ kind: c.kind, path: c.path, from: c.from, n: c.lines.length, name: c.name })),
    ).toEqual([
      // Small: the whole file, then the method around the hunk (lines 6 to 12).
      { kind: "file", path: "src/cart.ts", from: 1, n: 13, name: undefined },
      { kind: "enclosing", path: "src/cart.ts", from: 6, n: 7, name: undefined },
      { kind: "definition", path: "src/tax.ts", from: 1, n: 4, name: "applyTax" },
      { kind: "caller", path: "src/checkout.ts", from: 3, n: 4, name: "total" },
    ]);
    expect(report.search).toMatchObject({ from: "index", definitions: 1, callers: 1 });
    // What the excludes withhold is never read; the link is refused, not followed.
    expect(reads.has("src/secret.ts")).toBe(false);
    expect(reads.has("package-lock.json")).toBe(false);
    expect(reads.get("src/alias.ts")).toBe("refused");
    expect(JSON.stringify(material)).not.toContain("SECRET");
  });

  it("hunks: only the code around each hunk, and no search", async () => {
    const { tree, reads } = spied(checkedOut(files));
    const { material, report } = await gatherContext({
      mode: "hunks",
      files: diff.files,
      changed: diff.files,
      tree,
      withheld: withheldByName(scope),
      now: clock,
    });
    expect(material.files[0]?.candidates.map((c) => `${c.kind} ${c.path} ${c.from}`)).toEqual([
      "enclosing src/cart.ts 6",
    ]);
    expect(report.search).toBeUndefined();
    expect([...reads.keys()]).toEqual(["src/cart.ts"]);
  });

  it("brings nothing from a copy that is not the diff's head, and says why", async () => {
    const { tree } = spied(checkedOut({ ...files, "src/cart.ts": CART.replace("quantity", "qty") }));
    const { material, report } = await gatherContext({
      mode: "auto",
      files: diff.files,
      changed: diff.files,
      tree,
      withheld: withheldByName(scope),
      now: clock,
    });
    expect(material.files).toEqual([]);
    expect(report.skipped).toEqual([
      {
        path: "src/cart.ts",
        why: "the checked-out copy differs from the diff at line 9, so it is not the head's",
      },
    ]);
  });

  it("never reads a changed file the excludes withhold, nor one reached through a symlink", async () => {
    const linked = parseUnifiedDiff(CART_DIFF.replaceAll("src/cart.ts", "src/alias.ts"));
    const { tree, reads } = spied(checkedOut({ ...files, "src/alias.ts": { symlink: "cart.ts" } }));
    const { material, report } = await gatherContext({
      mode: "auto",
      files: linked.files,
      changed: linked.files,
      tree,
      withheld: withheldByName({ exclude: ["src/secret.ts"] }),
      now: clock,
    });
    expect(material.files).toEqual([]);
    expect(report.skipped[0]?.why).toMatch(/symlink/);
    expect(reads.get("src/alias.ts")).toBe("refused");
  });
});

describe("gatherContext on a 50,000-file tree", () => {
  // 50,000 tracked files in git's index; the first 1,200 in search order exist on disk (writing all of
  // them would take the suite's time, and a bounded search never opens the rest).
  const TRACKED = Array.from({ length: 50_000 }, (_, i) => `src/m${String(i).padStart(5, "0")}.ts`);
  const CHANGE = `diff --git a/src/m00000.ts b/src/m00000.ts
--- a/src/m00000.ts
+++ b/src/m00000.ts
@@ -1,3 +1,3 @@
 export function entry() {
-  return 1;
+  return neverDefinedAnywhere(2);
 }
`;
  // Written once for both tests.
  let root = "";
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "vg-context-large-"));
    mkdirSync(path.join(root, ".git"));
    writeFileSync(path.join(root, ".git", "index"), indexOf(TRACKED));
    mkdirSync(path.join(root, "src"));
    writeFileSync(
      path.join(root, TRACKED[0] as string),
      "export function entry() {\n  return neverDefinedAnywhere(2);\n}\n",
    );
    for (const p of TRACKED.slice(1, 1_200))
      writeFileSync(path.join(root, p), "export const unrelated = 1;\n");
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const largeTree = () => root;
  const diff = parseUnifiedDiff(CHANGE);

  it("lists every tracked file, opens no more than its bound, and says it stopped there", async () => {
    const root = largeTree();
    const { tree, reads } = spied(root);
    const { report } = await gatherContext({
      mode: "auto",
      files: diff.files,
      changed: diff.files,
      tree,
      withheld: () => false,
      now: clock,
      bounds: { files: 1_500 },
    });
    expect(report.search).toMatchObject({ tracked: 50_000, from: "index", visited: 1_500, stop: "files" });
    expect(reads.size).toBeLessThanOrEqual(1_500);
  });

  it("ends at its time bound on the round's clock, whatever the tree holds", async () => {
    const root = largeTree();
    let now = 0;
    const { report } = await gatherContext({
      mode: "auto",
      files: diff.files,
      changed: diff.files,
      tree: openTree(root),
      withheld: () => false,
      // Every look at the clock is 10 ms later: 4,000 ms of bound is met after a few hundred files.
      now: () => {
        now += 10;
        return now;
      },
    });
    expect(report.search?.stop).toBe("time");
    expect(report.search?.visited).toBeLessThan(400);
  });
});
