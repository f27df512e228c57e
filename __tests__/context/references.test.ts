// Context that shows the call, not the import (issue 34, item 4): the search counts a place only where
// the name is code — never an import or export line, a comment, a string, a JSDoc example, a scope with
// its own thing of that name — and ranks real references (calls, then files that import the name)
// above mentions; a definition of a called name is what the call can reach (a method for `x.name()`,
// never a local or a variable), and where a name has several, each is kept, best first; a change that
// removes a call is shown the helper it called.
import { describe, expect, it } from "vitest";
import { gatherContext } from "../../src/context/gather.js";
import { searchWords } from "../../src/context/search.js";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import type { FileBytes, TreeReader } from "../../src/ports/tree.js";
import { buildPrompt } from "../../src/review/prompt.js";
import { contextBlocksOf } from "../../src/review/shown.js";

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

const BOUNDS = { files: 1_000, bytes: 10_000_000, millis: 1_000, fileBytes: 100_000 };

async function search(files: Record<string, string>, request: Parameters<typeof searchWords>[0]["request"]) {
  return searchWords({ tree: tree(files), paths: Object.keys(files), request, bounds: BOUNDS, now: () => 0 });
}

const filler = (n: number) => Array.from({ length: n }, (_, i) => `const step${i} = ${i};`);

describe("a use is a reference in code, not an import", () => {
  it("shows the call twenty lines below the import, never the import line", async () => {
    const cart = [
      'import { f14 } from "./m14.js";',
      'import { other } from "./other.js";',
      ...filler(20),
      "export function checkout(price) {",
      "  const total = f14(price);",
      "  return total;",
      "}",
    ].join("\n");
    const result = await search(
      { "src/cart.js": cart },
      { definitions: [], uses: ["f14"], usesPerName: 3, usesTotal: 10 },
    );
    expect(result.uses.get("f14")).toEqual([{ path: "src/cart.js", line: 24 }]);
  });

  it("reads an import or export list over several lines as imports, and `require` and `from … import` too", async () => {
    const files = {
      "a.ts": 'import {\n  f14,\n  other,\n} from "./m14";\nexport { f14 };\n',
      "b.js": 'const { f14 } = require("./m14");\n',
      "c.py": "from m14 import (\n    f14,\n)\n",
      "d.rs": "use crate::m14::f14;\n",
    };
    const result = await search(files, { definitions: [], uses: ["f14"], usesPerName: 3, usesTotal: 10 });
    expect(result.uses.get("f14")).toBeUndefined();
  });

  it("is never a comment, a block comment's line without a star, or a string", async () => {
    const files = {
      "a.js": [
        "/*",
        "  f14(price) rounds down",
        "*/",
        "const s = 'f14(x)';",
        "// f14(y)",
        `const t = \`$\{f14(z)}\`;`,
        "",
      ].join("\n"),
    };
    const result = await search(files, { definitions: [], uses: ["f14"], usesPerName: 3, usesTotal: 10 });
    // Only the template literal's placeholder is code.
    expect(result.uses.get("f14")).toEqual([{ path: "a.js", line: 6 }]);
  });

  it("ranks a call above a mention, and a file that imports the name above one that does not", async () => {
    const files = {
      "a.js": "const handlers = [f14];\n",
      "b.js": "export const value = f14(1);\n",
      "c.js": 'import { f14 } from "./m14.js";\nexport const more = f14(2);\n',
    };
    const result = await search(files, { definitions: [], uses: ["f14"], usesPerName: 2, usesTotal: 10 });
    expect(result.uses.get("f14")).toEqual([
      { path: "c.js", line: 2 },
      { path: "b.js", line: 1 },
    ]);
  });

  it("does not take a file's own thing of that name, nor a bare word for a method, for a use", async () => {
    const files = {
      // A test file's local `text`, where the change touches the method `text()`.
      "test/body.test.js":
        'it("reads", async () => {\n  const text = "x";\n  expect(text.length).toBe(1);\n});\n',
      "src/fetcher.js": "export async function load(res) {\n  return res.text();\n}\n",
    };
    const result = await search(files, {
      definitions: [],
      uses: ["text"],
      methods: ["text"],
      usesPerName: 3,
      usesTotal: 10,
    });
    expect(result.uses.get("text")).toEqual([{ path: "src/fetcher.js", line: 2 }]);
  });
});

describe("a definition is what the call can reach", () => {
  it("is never a JSDoc example, a local, or a variable where a method is called", async () => {
    const files = {
      "docs.js": "/**\n * @example\n   function text() { return 1; }\n */\nexport const x = 1;\n",
      "test/local.test.js": 'it("x", () => {\n  const text = "local";\n});\n',
      "src/plain.js": 'export const text = "a constant";\n',
      "src/body.js": "export class Body {\n  text() {\n    return this.raw;\n  }\n}\n",
    };
    const result = await search(files, {
      definitions: ["text"],
      definitionsPerName: 3,
      memberCalls: ["text"],
      uses: [],
      usesPerName: 3,
      usesTotal: 10,
    });
    expect(result.definitions.get("text")).toEqual([{ path: "src/body.js", line: 2 }]);
  });

  it("keeps each of several, best first: the implementation before a trait's no-op default", async () => {
    const files = {
      "src/message.rs": "pub trait Message {\n    fn pack(&self) -> Vec<u8> {}\n}\n",
      "src/header.rs":
        "impl Message for Header {\n    fn pack(&self) -> Vec<u8> {\n        vec![self.id]\n    }\n}\n",
      "src/other.go": "func (q *Question) pack(b []byte) []byte {\n\treturn append(b, q.Name...)\n}\n",
    };
    const result = await search(files, {
      definitions: ["pack"],
      definitionsPerName: 3,
      memberCalls: ["pack"],
      uses: [],
      usesPerName: 3,
      usesTotal: 10,
    });
    expect(result.definitions.get("pack")).toEqual([
      { path: "src/header.rs", line: 2 },
      { path: "src/other.go", line: 1 },
      { path: "src/message.rs", line: 2 },
    ]);
  });
});

describe("a change that removes a call", () => {
  it("is shown the helper it no longer calls", async () => {
    const head = "export function save(user) {\n  store.put(user);\n}\n";
    const files = {
      "src/save.js": head,
      "src/validate.js":
        "export function validateUser(user) {\n  if (!user.email) throw new Error('no email');\n}\n",
    };
    const diff = parseUnifiedDiff(
      "diff --git a/src/save.js b/src/save.js\n--- a/src/save.js\n+++ b/src/save.js\n@@ -1,4 +1,3 @@\n export function save(user) {\n-  validateUser(user);\n   store.put(user);\n }\n",
    ).files;
    const gathered = await gatherContext({
      mode: "auto",
      files: diff,
      changed: diff,
      tree: tree(files),
      withheld: () => false,
      now: () => 0,
    });
    const definition = gathered.material.files[0]?.candidates.find((c) => c.kind === "definition");
    expect(definition).toMatchObject({ path: "src/validate.js", from: 1, name: "validateUser" });
  });
});

describe("a field's declaration", () => {
  it("is in a type's body, not in a block whose header only says a type's word in a string", async () => {
    const files = {
      "test/server.test.js": 'describe("the server object", () => {\n  let url;\n});\n',
      "src/server.ts": "export class Server {\n  url: string;\n}\n",
    };
    const result = await search(files, {
      definitions: [],
      uses: [],
      fields: ["url"],
      usesPerName: 3,
      usesTotal: 10,
    });
    expect(result.fields.get("url")).toEqual({ path: "src/server.ts", line: 2 });
  });
});

describe("several definitions in the prompt", () => {
  it("come best first, the others after every name's first definition, each headed as one of several", async () => {
    const files = {
      "src/send.rs": "fn send(m: &Header) -> Vec<u8> {\n    m.pack()\n}\n",
      "src/message.rs": "pub trait Message {\n    fn pack(&self) -> Vec<u8> {}\n}\n",
      "src/header.rs":
        "impl Message for Header {\n    fn pack(&self) -> Vec<u8> {\n        vec![self.id]\n    }\n}\n",
      "src/limits.rs": "pub fn limit_of(n: usize) -> usize {\n    n * 2\n}\n",
    };
    const diff = parseUnifiedDiff(
      "diff --git a/src/send.rs b/src/send.rs\n--- a/src/send.rs\n+++ b/src/send.rs\n@@ -1,3 +1,3 @@\n fn send(m: &Header) -> Vec<u8> {\n-    m.encode()\n+    m.pack()\n }\n",
    ).files;
    const gathered = await gatherContext({
      mode: "auto",
      files: diff,
      changed: diff,
      tree: tree(files),
      withheld: () => false,
      now: () => 0,
    });
    const definitions = (gathered.material.files[0]?.candidates ?? []).filter((c) => c.kind === "definition");
    expect(definitions.map((c) => [c.path, c.name, c.also === true])).toEqual([
      ["src/header.rs", "pack", false],
      ["src/message.rs", "pack", true],
    ]);
    const prompt = buildPrompt({ files: diff, context: gathered.material, promptLimit: 100_000 });
    expect(prompt.user).toContain('### "src/header.rs" lines 2–4: the definition of `pack`\n');
    expect(prompt.user).toContain('### "src/message.rs" line 2: the definition of `pack` (one of several)\n');
    expect(contextBlocksOf(prompt).map((b) => b.kind)).toEqual(["definition", "definition"]);
  });
});
