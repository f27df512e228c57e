// The names a change is about, and the word search that finds their definitions and callers: what it
// finds, that it stops as soon as it has what it needs, and its three bounds — files opened, bytes read,
// wall time on an injected clock (no test waits) — each met on a tree far larger than it may read.
import { describe, expect, it } from "vitest";
import { namesOfChange } from "../../src/context/names.js";
import { searchWords } from "../../src/context/search.js";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import { type FileBytes, TreeError } from "../../src/ports/tree.js";

/** A tree held in memory that counts its reads; `links` are paths whose reads fail as a symlink's do. */
function memoryTree(files: Record<string, string>, links: readonly string[] = []) {
  const reads: string[] = [];
  return {
    reads,
    async readNoFollow(path: string, maxBytes: number): Promise<FileBytes> {
      reads.push(path);
      if (links.includes(path)) throw new TreeError(`${path}: a symlink, never followed here`);
      const text = files[path];
      if (text === undefined) throw new TreeError(`${path} does not exist`);
      const bytes = Buffer.from(text);
      return {
        bytes: bytes.subarray(0, maxBytes),
        size: bytes.byteLength,
        truncated: bytes.byteLength > maxBytes,
      };
    },
  };
}

const BOUNDS = { files: 1_000, bytes: 10_000_000, millis: 1_000, fileBytes: 100_000 };
const still = () => 0;

describe("namesOfChange", () => {
  const diff = parseUnifiedDiff(
    [
      "diff --git a/src/cart.ts b/src/cart.ts",
      "--- a/src/cart.ts",
      "+++ b/src/cart.ts",
      "@@ -1,6 +1,8 @@",
      "-export function oldTotal(items) {",
      "+export function cartTotal(items) {",
      "+  const taxed = applyTax(items, TAX_RATE); // applyRebate(x) in a comment",
      '+  if (taxed.length > 0) log("calling notAName(here)");',
      "+  return cartTotal.cache ?? sumPrices(taxed).map(round);",
      "   }",
      " ",
      "-const x = legacyHelper(1);",
      "+const y = new PriceBook(2);",
      "",
    ].join("\n"),
  );
  const names = namesOfChange(diff.files[0] as (typeof diff.files)[0], [{ name: "Cart", member: false }]);

  it("touches what the change defines, removes, and the definitions it sits in, not its locals", () => {
    expect(names.touched).toEqual(["oldTotal", "cartTotal", "Cart"]);
  });

  it("calls what its added lines call, not what they define, not keywords, common names, strings or comments", () => {
    // `round` is passed, not called; `taxed` is a local.
    expect(names.called.slice(0, 3)).toEqual(["applyTax", "sumPrices", "PriceBook"]);
  });

  it("calls, after those, what only its removed lines called: a call taken out needs its helper read", () => {
    expect(names.called).toEqual(["applyTax", "sumPrices", "PriceBook", "legacyHelper"]);
  });
});

describe("searchWords", () => {
  const files = {
    "src/cart.ts":
      "import { applyTax } from './tax';\nexport function cartTotal(items) {\n  return applyTax(items);\n}\n",
    "src/tax.ts": "// applyTax: see below\nexport function applyTax(items) {\n  return items;\n}\n",
    "src/a.ts": "const t = cartTotal(a);\nconst u = cartTotal(b);\n",
    "src/b.ts": "cartTotal(c);\n",
    "src/c.ts": "cartTotal(d);\n",
    "src/d.ts": "cartTotal(e);\n",
    "src/unrelated.ts": "export const nothing = 1;\n",
  };

  it("finds a definition and callers, one a file, at most so many, and keeps uses on a diff's lines apart", async () => {
    const tree = memoryTree(files);
    const result = await searchWords({
      tree,
      paths: Object.keys(files),
      request: { definitions: ["applyTax"], uses: ["cartTotal"], usesPerName: 3, usesTotal: 10 },
      bounds: BOUNDS,
      now: still,
      inDiff: (path, line) => path === "src/b.ts" && line === 1,
    });
    expect(result.definitions.get("applyTax")).toEqual([{ path: "src/tax.ts", line: 2 }]);
    expect(result.uses.get("cartTotal")).toEqual([
      { path: "src/a.ts", line: 1 },
      { path: "src/c.ts", line: 1 },
      { path: "src/d.ts", line: 1 },
    ]);
    // Everything it needed was found before src/unrelated.ts: it stopped there.
    // A use on a line a changed file's diff shows is kept apart: a call that does not carry src/b.ts
    // is shown it; it neither fills nor ends the search for the others.
    expect(result.usesInDiff.get("cartTotal")).toEqual([{ path: "src/b.ts", line: 1 }]);
    expect(result.stop).toBe("complete");
    expect(tree.reads).not.toContain("src/unrelated.ts");
    expect([...result.texts.keys()].sort()).toEqual([
      "src/a.ts",
      "src/b.ts",
      "src/c.ts",
      "src/d.ts",
      "src/tax.ts",
    ]);
  });

  it("reads a whole word only, outside comments: saveAll is not save", async () => {
    const tree = memoryTree({
      "a.ts": "saveAll();\nautosave();\n$save();\n// save() is said here\nsave();\n",
    });
    const result = await searchWords({
      tree,
      paths: ["a.ts"],
      request: { definitions: [], uses: ["save"], usesPerName: 3, usesTotal: 3 },
      bounds: BOUNDS,
      now: still,
    });
    // Neither a longer name nor a comment is a use.
    expect(result.uses.get("save")).toEqual([{ path: "a.ts", line: 5 }]);
  });

  it("skips what it cannot read (a symlink, a missing file), binary files and files over its per-file bound", async () => {
    const tree = memoryTree(
      {
        "bin.dat": "applyTax\0\0",
        "big.ts": `${"x".repeat(200)}\nfunction applyTax() {}\n`,
        "ok.ts": "function applyTax() {}\n",
      },
      ["link.ts"],
    );
    const result = await searchWords({
      tree,
      paths: ["link.ts", "gone.ts", "bin.dat", "big.ts", "ok.ts"],
      request: { definitions: ["applyTax"], uses: [], usesPerName: 1, usesTotal: 1 },
      bounds: { ...BOUNDS, fileBytes: 100 },
      now: still,
    });
    expect(result.definitions.get("applyTax")).toEqual([{ path: "ok.ts", line: 1 }]);
  });

  /** 50,000 files, none of which holds the name: the search can only end at a bound. */
  const LARGE = Array.from({ length: 50_000 }, (_, i) => `pkg${Math.floor(i / 200)}/file${i}.ts`);
  const filler = `${"const unrelated = 1;\n".repeat(50)}`;
  const largeTree = () =>
    memoryTree(Object.fromEntries(LARGE.map((p) => [p, filler])) as Record<string, string>);
  const request = { definitions: ["neverDefined"], uses: ["neverUsed"], usesPerName: 3, usesTotal: 10 };

  it("stops at its bound on files opened", async () => {
    const tree = largeTree();
    const result = await searchWords({
      tree,
      paths: LARGE,
      request,
      bounds: { ...BOUNDS, files: 300 },
      now: still,
    });
    expect(result).toMatchObject({ stop: "files", visited: 300 });
    expect(tree.reads).toHaveLength(300);
  });

  it("stops at its bound on bytes read", async () => {
    const tree = largeTree();
    const result = await searchWords({
      tree,
      paths: LARGE,
      request,
      bounds: { ...BOUNDS, files: 50_000, bytes: 100 * filler.length },
      now: still,
    });
    expect(result.stop).toBe("bytes");
    expect(result.bytes).toBe(100 * filler.length);
    expect(tree.reads).toHaveLength(100);
  });

  it("stops at its time bound, on the injected clock", async () => {
    const tree = largeTree();
    let clock = 0;
    // Every look at the clock is 7 ms later: the bound is met after a known number of files, and the
    // test waits for nothing.
    const now = () => {
      clock += 7;
      return clock;
    };
    const result = await searchWords({
      tree,
      paths: LARGE,
      request,
      bounds: { ...BOUNDS, files: 50_000, millis: 700 },
      now,
    });
    expect(result.stop).toBe("time");
    // One look before each file, and one at the work's checkpoint (work.ts) after about 200,000 units
    // of work (each file here costs about 2,100).
    expect(result.visited).toBe(98);
  });

  it("reads every file when nothing bounds it, and says it found nothing", async () => {
    const tree = memoryTree({ "a.ts": "x\n", "b.ts": "y\n" });
    const result = await searchWords({ tree, paths: ["a.ts", "b.ts"], request, bounds: BOUNDS, now: still });
    expect(result).toMatchObject({ stop: "all-files", visited: 2 });
  });
});
