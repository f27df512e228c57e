// The code a change relates to by data, read from small examples in four languages: which members its
// changed lines use and which they assign, which lines declare a field (a struct's, a class's, a
// Python instance's, a Go `var (` group's) and which only look like one (a statement in a function),
// which fields a diff really changes (not a comment beside one), and which assignments write state from
// outside the function (a module or closure variable) rather than a local.
import { describe, expect, it } from "vitest";
import {
  fieldDeclared,
  fieldsDeclared,
  fieldsOfChange,
  membersOfChange,
  outerWrites,
  usePattern,
} from "../../src/context/fields.js";
import { maskedCode } from "../../src/context/structure.js";
import { parseUnifiedDiff } from "../../src/diff/parse.js";

const lines = (text: string) => text.split("\n");
/** The 1-based number of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string) => lines(text).findIndex((l) => l.includes(needle)) + 1;

/** A diff of one file whose single hunk is `body` (lines with their ` `, `+`, `-` marks), new side from `start`. */
function diffOf(path: string, body: string[], start = 1) {
  const oldCount = body.filter((l) => !l.startsWith("+")).length;
  const newCount = body.filter((l) => !l.startsWith("-")).length;
  const text = `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -${start},${oldCount} +${start},${newCount} @@\n${body.join("\n")}\n`;
  const file = parseUnifiedDiff(text).files[0];
  if (file === undefined) throw new Error("no file");
  return file;
}

const GO = `package body

var (
	logWrites bool
	logReads  bool
)

type requestBody struct {
	stream *stream
	pipe   *pipe // non-nil if we have a body
	a, closed bool
}

func (b *requestBody) Close() error {
	if b.pipe != nil {
		b.pipe.Close()
	}
	closed := true
	pipe = nil
	return nil
}`;

describe("fieldDeclared: Go", () => {
  it("reads a struct's fields, one or several on a line, and a top-level var group's members", () => {
    const text = lines(GO);
    expect(fieldDeclared(text, lineOf(GO, "pipe   *pipe"), "brace-c")).toBe("pipe");
    expect(fieldDeclared(text, lineOf(GO, "stream *stream"), "brace-c")).toBe("stream");
    expect(fieldsDeclared(text, lineOf(GO, "a, closed bool"), "brace-c")).toEqual(["a", "closed"]);
    expect(fieldDeclared(text, lineOf(GO, "logWrites bool"), "brace-c")).toBe("logWrites");
  });

  it("never reads a statement in a function as a field, nor the struct's header", () => {
    const text = lines(GO);
    for (const needle of [
      "closed := true",
      "pipe = nil",
      "b.pipe.Close()",
      "type requestBody struct",
      "return nil",
    ])
      expect(fieldDeclared(text, lineOf(GO, needle), "brace-c"), needle).toBeUndefined();
  });
});

const TS = `export class Cart {
  private readonly items: Item[] = [];
  count = 0;
  #secret?: string;

  total(): number {
    count = 1;
    let sum = 0;
    return sum;
  }
}

interface Item {
  price: number;
}`;

const JAVA = `public class Counter {
  private final int count;
  static String label = "x";

  void add() {
    int count = 2;
  }
}`;

describe("fieldDeclared: TypeScript and Java", () => {
  it("reads a class's fields with their modifiers, types and initialisers, and an interface's members", () => {
    const text = lines(TS);
    expect(fieldDeclared(text, lineOf(TS, "items: Item[]"), "brace-js")).toBe("items");
    expect(fieldDeclared(text, lineOf(TS, "count = 0;"), "brace-js")).toBe("count");
    expect(fieldDeclared(text, lineOf(TS, "#secret"), "brace-js")).toBe("secret");
    expect(fieldDeclared(text, lineOf(TS, "price: number"), "brace-js")).toBe("price");
    const java = lines(JAVA);
    expect(fieldDeclared(java, lineOf(JAVA, "private final int count;"), "brace-c")).toBe("count");
    expect(fieldDeclared(java, lineOf(JAVA, "static String label"), "brace-c")).toBe("label");
  });

  it("never reads a method's header or a statement in a method as a field", () => {
    const text = lines(TS);
    for (const needle of ["total(): number {", "count = 1;", "let sum = 0;"])
      expect(fieldDeclared(text, lineOf(TS, needle), "brace-js"), needle).toBeUndefined();
    expect(fieldDeclared(lines(JAVA), lineOf(JAVA, "int count = 2;"), "brace-c")).toBeUndefined();
  });
});

const PY = `class Cache:
    limit: int = 10

    def __init__(self, size):
        self.entries = {}
        if size:
            self.size = size

    def clear(self):
        self.entries = {}
        total = 0
`;

describe("fieldDeclared: Python", () => {
  it("reads `self.name =` in __init__ (nested in a block too) and a class-level attribute", () => {
    const text = lines(PY);
    expect(fieldDeclared(text, lineOf(PY, "self.entries = {}"), "indent")).toBe("entries");
    expect(fieldDeclared(text, lineOf(PY, "self.size = size"), "indent")).toBe("size");
    expect(fieldDeclared(text, lineOf(PY, "limit: int"), "indent")).toBe("limit");
  });

  it("never reads an assignment in another method, or a local, as the declaration", () => {
    const text = lines(PY);
    const inClear =
      lines(PY).findIndex((l, i) => i > lineOf(PY, "def clear") && l.includes("self.entries")) + 1;
    expect(fieldDeclared(text, inClear, "indent")).toBeUndefined();
    expect(fieldDeclared(text, lineOf(PY, "total = 0"), "indent")).toBeUndefined();
  });
});

describe("membersOfChange", () => {
  it("takes the members the changed lines read and those they assign, never a call, a comparison or a string", () => {
    const file = diffOf("http2/server.go", [
      " func (b *requestBody) Read(p []byte) (n int, err error) {",
      "+\tif err == io.EOF && b.pipe != nil {",
      "+\t\tb.pipe = nil",
      "+\t\tb.conn.noteBodyRead(b.stream, n)",
      "+\t\tsc.count++",
      '+\t\tlog("b.secret = 1")',
      "-\t\tb.closed = true",
      " \t}",
    ]);
    const members = membersOfChange(file);
    expect(members.used).toEqual(["EOF", "pipe", "conn", "stream", "count", "closed"]);
    expect(members.written).toEqual(["pipe", "count", "closed"]);
  });

  it("reads `this.` and `self.` members like any other", () => {
    expect(membersOfChange(diffOf("a.ts", ["+    this.total += item.price;"])).written).toEqual(["total"]);
    expect(membersOfChange(diffOf("a.py", ["+        self.cache = None"])).written).toEqual(["cache"]);
  });
});

describe("fieldsOfChange", () => {
  const head = `type stream struct {
	sentReset bool   // only true once detached
	reqBuf    []byte // body buffer
	closed    bool
}`;

  it("takes a field the diff adds or removes", () => {
    const file = diffOf("s.go", [
      " type stream struct {",
      " \tsentReset bool   // only true once detached",
      "+\treqBuf    []byte // body buffer",
      "-\tfreeBuf   []byte",
      " \tclosed    bool",
    ]);
    expect(fieldsOfChange(file, lines(head), "brace-c")).toEqual(["reqBuf", "freeBuf"]);
  });

  it("leaves out a field whose line changed only in its comment or alignment", () => {
    const file = diffOf("s.go", [
      " type stream struct {",
      "-\tsentReset bool // only true once",
      "+\tsentReset bool   // only true once detached",
      " \treqBuf    []byte // body buffer",
    ]);
    expect(fieldsOfChange(file, lines(head), "brace-c")).toEqual([]);
  });
});

describe("outerWrites", () => {
  const JS = `let count = 0;

export function plugin(api, { pragma = "React" }) {
  function visit(node) {
    let total = 0;
    total = 2;
    count += 1;
    if (node.jsx) pragma = node.name;
    node = null;
    other = 1;
  }
  function another() {
    let other = 0;
  }
  return visit;
}`;

  it("takes a module variable and a closure's parameter the change assigns, never a local, the function's own parameter, or another function's local", () => {
    const file = diffOf(
      "plugin.js",
      [
        "+    total = 2;",
        "+    count += 1;",
        "+    if (node.jsx) pragma = node.name;",
        "+    node = null;",
        "+    other = 1;",
      ],
      6,
    );
    expect(outerWrites(file, lines(JS), "brace-js")).toEqual(["count", "pragma"]);
  });
});

describe("usePattern", () => {
  /** Whether the line, read as Go code (strings and comments blanked), uses the name. */
  const uses = (line: string, name: string, bare: boolean) =>
    usePattern(name, bare).test(maskedCode([line], "brace-c")[0] as string);

  it("matches a member only after `.` or `->`, a bare name as a whole word, never inside a string", () => {
    expect(uses("if b.pipe != nil {", "pipe", false)).toBe(true);
    expect(uses("p->pipe = 0;", "pipe", false)).toBe(true);
    expect(uses("pipe := newPipe()", "pipe", false)).toBe(false);
    expect(uses('log("b.pipe")', "pipe", false)).toBe(false);
    expect(uses("return count + 1", "count", true)).toBe(true);
    expect(uses("return counter + 1", "count", true)).toBe(false);
    // A member of the same name is not the variable.
    expect(uses("return s.count + 1", "count", true)).toBe(false);
    expect(uses("return 1 // count", "count", true)).toBe(false);
  });
});
