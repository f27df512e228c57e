// The context a change brings by data, gathered from a real checked-out tree (the file system adapter,
// git's index): the declaration of a field its changed lines use (a Go struct in another file, a
// TypeScript class field in the same file, a Python attribute set in a base class's __init__), the
// other functions of its file that use the state it writes (a field, a module variable), and the uses
// elsewhere of a field it adds. Only in auto; never from a file the excludes withhold.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { gatherContext } from "../../src/context/gather.js";
import type { ContextCandidate } from "../../src/context/material.js";
import { parseUnifiedDiff } from "../../src/diff/parse.js";
import { withheldByName } from "../../src/review/scope.js";
import { openTree } from "../../src/workspace/fs-tree.js";
import { makeTree } from "../criteria/fixture-tree.js";
import { indexOf } from "../support/git-index.js";

function checkedOut(files: Record<string, string>) {
  const { root } = makeTree(files);
  mkdirSync(path.join(root, ".git"));
  writeFileSync(path.join(root, ".git", "index"), indexOf(Object.keys(files)));
  return root;
}

/** Functions that fill a file past SMALL_FILE_LINES, so that it is not shown whole. */
const filler = (lang: "go" | "ts" | "py", n = 60) =>
  Array.from({ length: n }, (_, i) =>
    lang === "go"
      ? `func filler${i}() int {\n\treturn ${i}\n}\n`
      : lang === "ts"
        ? `  filler${i}(): number {\n    return ${i};\n  }\n`
        : `    def filler${i}(self):\n        return ${i}\n`,
  ).join("\n");

async function gathered(
  files: Record<string, string>,
  patch: string,
  options: { mode?: "auto" | "hunks"; exclude?: string[] } = {},
): Promise<ContextCandidate[]> {
  const diff = parseUnifiedDiff(patch);
  const { material } = await gatherContext({
    mode: options.mode ?? "auto",
    files: diff.files,
    changed: diff.files,
    tree: openTree(checkedOut(files)),
    withheld: withheldByName({ exclude: options.exclude ?? [] }),
    now: () => 0,
  });
  return material.files.flatMap((f) => [...f.candidates]);
}

const brief = (c: ContextCandidate) => `${c.kind} ${c.name ?? ""} ${c.path}:${c.from}+${c.lines.length}`;

// Go: Read sets b.pipe to nil; Close, far below in the same file, reads it; the struct is in body.go.
const SERVER_HEAD = `package http2

func (b *requestBody) Read(p []byte) (n int, err error) {
	n, err = b.pipe.Read(p)
	if err == io.EOF {
		b.pipe = nil
	}
	return
}

${filler("go")}
func (b *requestBody) Close() error {
	if b.pipe != nil {
		b.pipe.CloseWithError(errClosedBody)
	}
	b.closed = true
	return nil
}
`;
const SERVER_DIFF = `diff --git a/server.go b/server.go
--- a/server.go
+++ b/server.go
@@ -3,6 +3,9 @@
 func (b *requestBody) Read(p []byte) (n int, err error) {
 	n, err = b.pipe.Read(p)
+	if err == io.EOF {
+		b.pipe = nil
+	}
 	return
 }
 
`;
const BODY = `package http2

// requestBody is the Handler's Request.Body type.
type requestBody struct {
	stream *stream
	closed bool
	pipe   *pipe // non-nil if we have a HTTP entity message body
}
`;

describe("gatherContext: state a Go change writes", () => {
  const files = { "server.go": SERVER_HEAD, "body.go": BODY };

  it("auto: the struct declaring the field it writes, and the other function of its file that reads it", async () => {
    const got = await gathered(files, SERVER_DIFF);
    const declaration = got.find((c) => c.kind === "declaration" && c.name === "pipe");
    expect(declaration?.path).toBe("body.go");
    expect(declaration?.lines).toContain("type requestBody struct {");
    expect(declaration?.lines).toContain("\tpipe   *pipe // non-nil if we have a HTTP entity message body");
    const use = got.find((c) => c.kind === "use" && c.name === "pipe");
    expect(use?.path).toBe("server.go");
    expect(use?.lines).toContain("\tif b.pipe != nil {");
    expect(use?.lines[0]).toBe("func (b *requestBody) Close() error {");
  });

  it("hunks: neither, and no search", async () => {
    const got = await gathered(files, SERVER_DIFF, { mode: "hunks" });
    expect(got.filter((c) => c.kind !== "enclosing").map(brief)).toEqual([]);
  });

  it("never a declaration from a file the excludes withhold", async () => {
    const got = await gathered(files, SERVER_DIFF, { exclude: ["body.go"] });
    expect(got.some((c) => c.path === "body.go")).toBe(false);
    expect(got.some((c) => c.kind === "use" && c.name === "pipe")).toBe(true);
  });
});

// A field added to a struct: its uses elsewhere are where its meaning is read.
const STREAM_HEAD = `package http2

type stream struct {
	id     uint32
	reqBuf []byte // if non-nil, body pipe buffer to return later at EOF
}
`;
const STREAM_DIFF = `diff --git a/stream.go b/stream.go
--- a/stream.go
+++ b/stream.go
@@ -3,4 +3,5 @@
 type stream struct {
 	id     uint32
+	reqBuf []byte // if non-nil, body pipe buffer to return later at EOF
 }
`;
const CONN = `package http2

func (sc *serverConn) closeStream(st *stream) {
	if buf := st.reqBuf; buf != nil {
		putRequestBodyBuf(buf)
	}
}
`;

describe("gatherContext: a field the diff adds", () => {
  it("brings a place elsewhere that uses it as a member", async () => {
    const got = await gathered({ "stream.go": STREAM_HEAD, "conn.go": CONN }, STREAM_DIFF);
    const use = got.find((c) => c.kind === "use" && c.name === "reqBuf");
    expect(use?.path).toBe("conn.go");
    expect(use?.lines).toContain("\tif buf := st.reqBuf; buf != nil {");
  });
});

// TypeScript: a method reads this.limit, a field declared at the top of a long class.
const QUEUE_HEAD = `export class Queue {
  private readonly limit: number = 10;
  private items: string[] = [];

${filler("ts")}
  add(item: string): void {
    if (this.items.length < this.limit) this.items.push(item);
  }
}
`;
const QUEUE_AT = QUEUE_HEAD.split("\n").findIndex((l) => l.includes("if (this.items.length")) + 1;
const QUEUE_DIFF = `diff --git a/src/queue.ts b/src/queue.ts
--- a/src/queue.ts
+++ b/src/queue.ts
@@ -${QUEUE_AT - 1},3 +${QUEUE_AT - 1},3 @@
   add(item: string): void {
-    this.items.push(item);
+    if (this.items.length < this.limit) this.items.push(item);
   }
`;

describe("gatherContext: a TypeScript class field", () => {
  it("brings the field's declaration from its class, the class's header with it", async () => {
    const got = await gathered({ "src/queue.ts": QUEUE_HEAD }, QUEUE_DIFF);
    const limit = got.filter((c) => c.kind === "declaration" && c.name === "limit");
    const lines = limit.flatMap((c) => c.lines);
    expect(lines).toContain("export class Queue {");
    expect(lines).toContain("  private readonly limit: number = 10;");
    expect(limit.every((c) => c.path === "src/queue.ts")).toBe(true);
  });
});

// Python: a subclass's method reads self.timeout, which the base class sets in __init__.
const CLIENT_HEAD = `from .base import Base


class Client(Base):
    def send(self, request):
        return self.transport.send(request, timeout=self.timeout)
`;
const CLIENT_DIFF = `diff --git a/pkg/client.py b/pkg/client.py
--- a/pkg/client.py
+++ b/pkg/client.py
@@ -5,2 +5,2 @@ class Client(Base):
     def send(self, request):
-        return self.transport.send(request)
+        return self.transport.send(request, timeout=self.timeout)
`;
const BASE = `class Base:
    def __init__(self, transport, timeout=None):
        self.transport = transport
        self.timeout = timeout

    def reset(self):
        self.timeout = None
`;

describe("gatherContext: a Python attribute", () => {
  it("brings where __init__ sets it, not a later assignment in another method", async () => {
    const got = await gathered({ "pkg/client.py": CLIENT_HEAD, "pkg/base.py": BASE }, CLIENT_DIFF);
    const timeout = got.find((c) => c.kind === "declaration" && c.name === "timeout");
    expect(timeout?.path).toBe("pkg/base.py");
    expect(timeout?.lines).toContain("        self.timeout = timeout");
    expect(timeout?.lines).not.toContain("        self.timeout = None");
  });
});

// JavaScript: a visitor assigns a module variable that another function of the file reads.
const PLUGIN_HEAD = `let pragma = "React";

${Array.from({ length: 70 }, (_, i) => `function filler${i}() {\n  return ${i};\n}\n`).join("\n")}
export function visitProgram(file) {
  const found = /@jsx\\s+(\\S+)/.exec(file.comment);
  if (found) pragma = found[1];
}

export function isPragmaImport(name) {
  return name === pragma;
}
`;
const PLUGIN_AT = PLUGIN_HEAD.split("\n").findIndex((l) => l.includes("if (found) pragma")) + 1;
const PLUGIN_DIFF = `diff --git a/plugin.js b/plugin.js
--- a/plugin.js
+++ b/plugin.js
@@ -${PLUGIN_AT - 1},2 +${PLUGIN_AT - 1},3 @@
   const found = /@jsx\\s+(\\S+)/.exec(file.comment);
+  if (found) pragma = found[1];
 }
`;

describe("gatherContext: a JavaScript module variable", () => {
  it("brings the variable's declaration and the other function of the file that reads it", async () => {
    const got = await gathered({ "plugin.js": PLUGIN_HEAD }, PLUGIN_DIFF);
    const uses = got.filter((c) => c.kind === "use" && c.name === "pragma");
    expect(uses.map((c) => c.lines)).toContainEqual([
      "export function isPragmaImport(name) {",
      "  return name === pragma;",
      "}",
    ]);
    expect(uses.some((c) => c.from === 1 && c.lines[0] === 'let pragma = "React";')).toBe(true);
  });
});
