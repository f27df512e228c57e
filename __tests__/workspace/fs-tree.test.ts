// The tree reader's confinement and caps, against a real file system: every path resolves inside the
// root, symlinks included, or it is an error; nothing outside is ever read.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { LIST_CAP_ENTRIES, TreeError, treePath } from "../../src/ports/tree.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { makeTree } from "../criteria/fixture-tree.js";

describe("treePath", () => {
  test("normalises ./, doubled and trailing slashes", () => {
    expect(treePath("./a//b/")).toBe("a/b");
    expect(treePath(".")).toBe("");
    expect(treePath("")).toBe("");
  });

  test.each([
    ["../x", '".."'],
    ["a/../b", '".."'],
    ["a/..", '".."'],
    ["/etc/passwd", "absolute"],
    ["C:/Windows", "absolute"],
    ["a\\b", "backslash"],
    ["a\0b", "NUL"],
  ])("refuses %j (%s)", (p, why) => {
    expect(() => treePath(p)).toThrow(TreeError);
    expect(() => treePath(p)).toThrow(why);
  });
});

describe("openTree: plain files and directories", () => {
  test("reports files, directories and absent paths", async () => {
    const { root } = makeTree({ "a.txt": "hello", "d/b.txt": "", "d/e": { dir: true } });
    const tree = openTree(root);
    expect(await tree.entry("a.txt")).toEqual({ kind: "file", size: 5 });
    expect(await tree.entry("d")).toEqual({ kind: "dir" });
    expect(await tree.entry("")).toEqual({ kind: "dir" });
    expect(await tree.entry("missing")).toEqual({ kind: "absent" });
    expect(await tree.entry("a.txt/below")).toEqual({ kind: "absent" });
    const read = await tree.read("a.txt");
    expect(Buffer.from(read.bytes).toString()).toBe("hello");
    expect(read).toMatchObject({ size: 5, truncated: false });
  });

  test("lists a directory sorted, with kinds", async () => {
    const { root } = makeTree({ "d/b": "1", "d/a": "2", "d/c": { dir: true }, "d/l": { symlink: "a" } });
    const listing = await openTree(root).list("d");
    expect(listing).toEqual({
      entries: [
        { name: "a", kind: "file" },
        { name: "b", kind: "file" },
        { name: "c", kind: "dir" },
        { name: "l", kind: "symlink" },
      ],
      truncated: false,
    });
  });

  test("reading a directory or an absent file is an error", async () => {
    const { root } = makeTree({ d: { dir: true } });
    const tree = openTree(root);
    await expect(tree.read("d")).rejects.toThrow("is a directory");
    await expect(tree.read("nope")).rejects.toThrow("does not exist");
    await expect(tree.list("nope")).rejects.toThrow("not a directory");
  });

  test("a root that is not a directory cannot be opened", () => {
    const { root } = makeTree({ f: "x" });
    expect(() => openTree(path.join(root, "f"))).toThrow("not a directory");
    expect(() => openTree(path.join(root, "missing"))).toThrow(TreeError);
  });
});

describe("openTree: escapes are errors, never reads", () => {
  test("`..` and absolute paths are refused before the file system is asked", async () => {
    const { root } = makeTree({ "a.txt": "x" }, { "secret.txt": "outside" });
    const tree = openTree(root);
    await expect(tree.read("../secret.txt")).rejects.toThrow(TreeError);
    await expect(tree.entry("../secret.txt")).rejects.toThrow(TreeError);
    await expect(tree.read(path.join(root, "a.txt"))).rejects.toThrow("absolute");
  });

  test("a symlink to a file outside the tree (absolute target) is an error", async () => {
    const { root, base } = makeTree({}, { "secret.txt": "outside" });
    writeFileSync(path.join(base, "secret.txt"), "outside");
    const { symlinkSync } = await import("node:fs");
    symlinkSync(path.join(base, "secret.txt"), path.join(root, "link"));
    const tree = openTree(root);
    await expect(tree.entry("link")).rejects.toThrow("points outside the tree");
    await expect(tree.read("link")).rejects.toThrow("points outside the tree");
  });

  test("a symlink to outside the tree (relative target) is an error", async () => {
    const { root } = makeTree({ "d/link": { symlink: "../../secret.txt" } }, { "secret.txt": "outside" });
    await expect(openTree(root).read("d/link")).rejects.toThrow("leads outside the tree");
  });

  test("a symlinked directory outside the tree is an error for every path below it", async () => {
    const { root } = makeTree({ out: { symlink: ".." } }, { "secret.txt": "outside" });
    await expect(openTree(root).read("out/secret.txt")).rejects.toThrow(TreeError);
    await expect(openTree(root).entry("out/anything")).rejects.toThrow(TreeError);
  });

  test("a path that leaves the tree and comes back in is still an escape", async () => {
    // root/link → ../root/a.txt resolves inside, but through the parent directory.
    const { root } = makeTree({ "a.txt": "in", link: { symlink: "../root/a.txt" } });
    await expect(openTree(root).read("link")).rejects.toThrow("outside the tree");
  });

  test("symlinks inside the tree are followed", async () => {
    const { root } = makeTree({
      "real/a.txt": "inside",
      "alias.txt": { symlink: "real/a.txt" },
      dirlink: { symlink: "real" },
      "nested/up": { symlink: "../real/a.txt" },
    });
    const tree = openTree(root);
    expect(Buffer.from((await tree.read("alias.txt")).bytes).toString()).toBe("inside");
    expect(Buffer.from((await tree.read("dirlink/a.txt")).bytes).toString()).toBe("inside");
    expect(Buffer.from((await tree.read("nested/up")).bytes).toString()).toBe("inside");
    expect(await tree.entry("dirlink")).toEqual({ kind: "dir" });
  });

  test("an absolute symlink to a place inside the tree is followed", async () => {
    const { root } = makeTree({ "a.txt": "inside" });
    const { realpathSync, symlinkSync } = await import("node:fs");
    symlinkSync(path.join(realpathSync(root), "a.txt"), path.join(root, "abs"));
    expect(Buffer.from((await openTree(root).read("abs")).bytes).toString()).toBe("inside");
  });

  test("symlink loops are errors, not hangs", async () => {
    const { root } = makeTree({ a: { symlink: "b" }, b: { symlink: "a" }, self: { symlink: "self" } });
    const tree = openTree(root);
    await expect(tree.entry("a")).rejects.toThrow("too many symlinks");
    await expect(tree.read("self")).rejects.toThrow("too many symlinks");
  });

  test("a dangling symlink is reported as such (its name exists)", async () => {
    const { root } = makeTree({ gone: { symlink: "nowhere.txt" } });
    expect(await openTree(root).entry("gone")).toEqual({ kind: "absent", dangling: true });
    await expect(openTree(root).read("gone")).rejects.toThrow("dangling symlink");
  });

  test("a path below a missing directory is plainly absent", async () => {
    const { root } = makeTree({});
    expect(await openTree(root).entry("no/such/file")).toEqual({ kind: "absent" });
  });

  test("the tree root may itself sit behind a symlink", async () => {
    const { base } = makeTree({ "a.txt": "x" }, { alias: { symlink: "root" } });
    const tree = openTree(path.join(base, "alias"));
    expect(await tree.entry("a.txt")).toEqual({ kind: "file", size: 1 });
  });
});

describe("openTree: special files and caps", () => {
  test("a FIFO is never opened", async () => {
    const { root } = makeTree({});
    execFileSync("mkfifo", [path.join(root, "pipe")]);
    const tree = openTree(root);
    expect(await tree.entry("pipe")).toEqual({ kind: "other", what: "named pipe" });
    await expect(tree.read("pipe")).rejects.toThrow("named pipe");
  });

  test("a read over the cap returns the prefix and says so", async () => {
    const { root } = makeTree({ big: "x".repeat(100) });
    const read = await openTree(root, { readCapBytes: 40 }).read("big");
    expect(read.bytes.length).toBe(40);
    expect(read).toMatchObject({ size: 100, truncated: true });
  });

  test("a database over the read cap is not opened", async () => {
    const { root } = makeTree({ "big.db": "x".repeat(100) });
    await expect(openTree(root, { readCapBytes: 40 }).tableRows("big.db", "t")).rejects.toThrow("read cap");
  });

  test("a JSON file over the read cap is an error, not invalid", async () => {
    const { root } = makeTree({ "a.json": `[${"1,".repeat(50)}1]` });
    await expect(openTree(root, { readCapBytes: 40 }).readJson("a.json")).rejects.toThrow("read cap");
  });

  test("directory listings are capped and say so", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i <= LIST_CAP_ENTRIES; i += 1) files[`d/f${i}`] = "";
    const { root } = makeTree(files);
    const listing = await openTree(root).list("d");
    expect(listing.entries.length).toBe(LIST_CAP_ENTRIES);
    expect(listing.truncated).toBe(true);
  });
});

describe("openTree: one name, one file", () => {
  const nfc = "caf\u00e9.yml";
  const nfd = "cafe\u0301.yml";
  test("a path asked in one Unicode form finds the file the tree spells in the other, and says how", async () => {
    const { root } = makeTree({ [`config/${nfd}`]: "x: 1\n", [`d\u00e9p\u00f4t/${nfc}`]: "{}" });
    const tree = openTree(root);
    expect(await tree.entry(`config/${nfc}`)).toEqual({ kind: "file", size: 5, spelled: `config/${nfd}` });
    expect(Buffer.from((await tree.read(`config/${nfc}`)).bytes).toString()).toBe("x: 1\n");
    // Every segment, directories included, in the other form.
    const asked = `d\u00e9p\u00f4t/${nfc}`.normalize("NFD");
    expect(await tree.entry(asked)).toMatchObject({ kind: "file", spelled: `d\u00e9p\u00f4t/${nfc}` });
    expect(await tree.readJson(asked)).toMatchObject({ kind: "parsed", value: {} });
    // The exact spelling is reported as is, and the listing is the names as the file system has them.
    expect(await tree.entry(`config/${nfd}`)).toEqual({ kind: "file", size: 5 });
    expect((await tree.list("config")).entries).toEqual([{ name: nfd, kind: "file" }]);
  });

  test("two entries spelling one name in different forms, neither as asked, are an error", async () => {
    const word = "\u00e9\u00f3"; // é ó: NFC, NFD and two mixed spellings
    const { root } = makeTree({ "e\u0301o\u0301": "1", "\u00e9o\u0301": "2" });
    await expect(openTree(root).entry(word)).rejects.toThrow(/spell .* in different Unicode forms/);
  });

  test("an absent path reports a case-twin, found through every segment", async () => {
    const { root } = makeTree({ "Config/Secrets.ENV": "k", "docs/a.md": "" });
    const tree = openTree(root);
    expect(await tree.entry("config/secrets.env")).toEqual({
      kind: "absent",
      caseTwin: "Config/Secrets.ENV",
    });
    expect(await tree.entry("config/other.env")).toEqual({ kind: "absent" });
    expect(await tree.entry("DOCS/A.md")).toEqual({ kind: "absent", caseTwin: "docs/a.md" });
    // Broader than any one file system on purpose: \u00df (sharp s) meets "SS", the Kelvin sign meets k.
    const { root: r2 } = makeTree({ "STRASSE.txt": "", "\u212a.txt": "" });
    expect(await openTree(r2).entry("stra\u00dfe.txt")).toMatchObject({ caseTwin: "STRASSE.txt" });
    expect(await openTree(r2).entry("k.txt")).toMatchObject({ caseTwin: "\u212a.txt" });
  });

  test("a case-twin search never leaves the tree: a symlinked directory outside is an error", async () => {
    const { root } = makeTree({ Out: { symlink: "../elsewhere" } }, { "elsewhere/x": "secret" });
    await expect(openTree(root).entry("out/x")).rejects.toThrow(TreeError);
  });
});
