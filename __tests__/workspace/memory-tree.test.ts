// The in-memory tree an eval case's head is read through, against the tree reader over the disk: the
// same files, written to a real directory, must get the same answers to every question a criterion can
// ask (entries, bytes, listings, JSON, SQLite rows), and a path the diff could not rebuild (a binary
// change) must be an error to every question, never absent and never empty.
import initSqlJs from "sql.js";
import { describe, expect, it } from "vitest";
import { TreeError, type TreeReader } from "../../src/ports/tree.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { memoryTree } from "../../src/workspace/memory-tree.js";
import { makeTree } from "../criteria/fixture-tree.js";

async function database(): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run("CREATE TABLE runs (id INTEGER); INSERT INTO runs VALUES (1), (2), (3);");
  const bytes = db.export();
  db.close();
  return bytes;
}

/** What a tree answers, or the error it throws, for comparison. */
async function answer<T>(ask: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await ask();
  } catch (error) {
    expect(error).toBeInstanceOf(TreeError);
    return { error: "TreeError" };
  }
}

async function answers(tree: TreeReader, paths: readonly string[]) {
  const out: unknown[] = [];
  for (const p of paths) {
    out.push(await answer(() => tree.entry(p)));
    out.push(await answer(async () => Buffer.from((await tree.read(p)).bytes).toString("base64")));
    out.push(await answer(() => tree.list(p)));
    out.push(await answer(() => tree.readJson(p)));
  }
  out.push(await answer(() => tree.tableRows("data/app.db", "runs")));
  out.push(await answer(() => tree.tableRows("data/app.db", "missing")));
  out.push(await answer(() => tree.tableRows("package.json", "runs")));
  return out;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("memoryTree", () => {
  it("answers every question as the tree on disk answers it for the same files", async () => {
    const files: Record<string, string | Uint8Array> = {
      "package.json": '{"name": "app", "version": "1.0.0"}\n',
      "dup.json": '{"a": 1, "a": 2}',
      "src/index.js": "export {};\n",
      "src/lib/util.js": "",
      "README.md": "# app\n",
      "Config.yml": "x: 1\n",
      "data/app.db": await database(),
      "café/menu.txt": "soup\n",
    };
    const { root } = makeTree(files);
    const paths = [
      "",
      ".",
      "package.json",
      "dup.json",
      "src",
      "src/",
      "./src/lib/util.js",
      "src/lib",
      "missing.txt",
      "src/missing",
      "package.json/below",
      "config.yml",
      "cafe\u0301/menu.txt",
      "../outside",
      "/etc/passwd",
    ];
    const memory = memoryTree({
      files: new Map(
        Object.entries(files).map(([p, c]) => [p, typeof c === "string" ? new TextEncoder().encode(c) : c]),
      ),
    });
    expect(await answers(memory, paths)).toEqual(await answers(openTree(root), paths));
  });

  it("makes every question about a path it does not know the content of an error naming why", async () => {
    const tree = memoryTree({
      files: new Map([["a.txt", new TextEncoder().encode("a\n")]]),
      unknown: new Map([
        ["bin/tool", "bin/tool is a binary change: a unified diff does not carry its content"],
      ]),
    });
    for (const ask of [
      () => tree.entry("bin/tool"),
      () => tree.read("bin/tool"),
      () => tree.readJson("bin/tool"),
      () => tree.tableRows("bin/tool", "t"),
    ]) {
      await expect(ask()).rejects.toThrow(/binary change/);
    }
    expect(await tree.entry("bin")).toEqual({ kind: "dir" });
    expect((await tree.list("bin")).entries).toEqual([{ name: "tool", kind: "file" }]);
  });

  it("caps reads as the disk tree does", async () => {
    const tree = memoryTree({ files: new Map([["big", new Uint8Array(10)]]), readCapBytes: 4 });
    expect(await tree.read("big")).toMatchObject({ size: 10, truncated: true });
    await expect(tree.readJson("big")).rejects.toThrow(/read cap/);
  });

  // The reviewer's context (src/context/) reads a tree through these two: an eval case's head answers
  // them as a checkout does, so `eval --reach` measures the context a round would show.
  it("lists its files as the tracked ones, in a stable order, up to the limit", async () => {
    const tree = memoryTree({
      files: new Map([
        ["src/b.ts", utf8("b")],
        ["src/a.ts", utf8("a")],
        ["README.md", utf8("r")],
      ]),
      unknown: new Map([["logo.png", "a binary change: its content is not in the diff"]]),
    });
    expect(await tree.trackedFiles?.(10)).toEqual({
      paths: ["README.md", "logo.png", "src/a.ts", "src/b.ts"],
      truncated: false,
      from: "walk",
    });
    expect(await tree.trackedFiles?.(2)).toEqual({
      paths: ["README.md", "logo.png"],
      truncated: true,
      from: "walk",
    });
  });

  it("reads for context at most the bytes asked, and refuses what it cannot read as read does", async () => {
    const tree = memoryTree({
      files: new Map([["src/a.ts", utf8("0123456789")]]),
      unknown: new Map([["logo.png", "a binary change: its content is not in the diff"]]),
    });
    const read = await tree.readNoFollow?.("src/a.ts", 4);
    expect(read && new TextDecoder().decode(read.bytes)).toBe("0123");
    expect(read).toMatchObject({ size: 10, truncated: true });
    expect(await tree.readNoFollow?.("src/a.ts", 100)).toMatchObject({ size: 10, truncated: false });
    await expect(tree.readNoFollow?.("logo.png", 10)).rejects.toThrow(/binary change/);
    await expect(tree.readNoFollow?.("../etc/passwd", 10)).rejects.toThrow(TreeError);
    await expect(tree.readNoFollow?.("src", 10)).rejects.toThrow(/directory/);
  });
});
