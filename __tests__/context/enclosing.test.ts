// The code around a change, per language: the enclosing function or class by brace depth (JavaScript,
// TypeScript, Go, Rust), by indentation (Python) and by indentation and `end` (Ruby); a block too long
// to show becomes its header and a window; braces the file cannot balance are read by indentation.
// And the body of a definition the context shows for a call.
import { describe, expect, it } from "vitest";
import { definitionRange, enclosingRanges, WINDOW_LINES } from "../../src/context/enclosing.js";
import { definedName, familyOf } from "../../src/context/language.js";

/** A file's lines, and the 1-based number of the line holding `marker`. */
function source(text: string): { lines: string[]; at: (marker: string) => number } {
  const lines = text.replace(/^\n/, "").split("\n");
  return {
    lines,
    at: (marker) => {
      const i = lines.findIndex((l) => l.includes(marker));
      if (i === -1) throw new Error(`no line holds ${marker}`);
      return i + 1;
    },
  };
}

function around(path: string, text: string, marker: string, maxLines = 150) {
  const s = source(text);
  const line = s.at(marker);
  return { s, ranges: enclosingRanges(s.lines, { from: line, to: line }, familyOf(path), maxLines) };
}

const TS = `
import { LIMIT } from "./limits";

export class Cart {
  private items: Item[] = [];

  constructor() {
    this.items = [];
  }

  /** The total, quantities counted. */
  total(): number {
    const label = "} not a brace {";
    let sum = 0;
    for (const item of this.items) {
      sum += item.price * item.quantity; // CHANGE
    }
    return sum;
  }
}
`;

describe("enclosing code", () => {
  it("TypeScript: the method around the change with its doc comment, not the loop, with braces in strings ignored", () => {
    const { s, ranges } = around("src/cart.ts", TS, "CHANGE");
    expect(ranges).toEqual([{ from: s.at("/** The total"), to: s.at("return sum;") + 1 }]);
  });

  it("JavaScript: a top-level statement that defines nothing is shown whole", () => {
    const { s, ranges } = around(
      "test/cart.test.js",
      `
const { Cart } = require("./cart");

describe("cart", () => {
  it("counts", () => {
    expect(new Cart().total()).toBe(0); // CHANGE
  });
});
`,
      "CHANGE",
    );
    // \`it(..., () => {\` is a call, not a definition: the outermost statement holds the change.
    expect(ranges).toEqual([{ from: s.at("describe("), to: s.lines.length - 1 }]);
  });

  it("Go: the function with its doc comment", () => {
    const { s, ranges } = around(
      "sum.go",
      `
package sum

// Sum adds the numbers.
func Sum(xs []int) int {
	total := 0
	for _, x := range xs {
		total += x // CHANGE
	}
	return total
}

func Other() {}
`,
      "CHANGE",
    );
    expect(ranges).toEqual([{ from: s.at("// Sum adds"), to: s.at("return total") + 1 }]);
  });

  it("Rust: the method inside its impl, lifetimes and char literals not read as strings", () => {
    const { s, ranges } = around(
      "src/cart.rs",
      `
impl<'a> Cart<'a> {
    /// The total.
    pub fn total(&self, sep: char) -> u64 {
        let _brace = '{';
        let _name: &'a str = self.name;
        self.items.iter().map(|i| i.price).sum() // CHANGE
    }

    fn other(&self) {}
}
`,
      "CHANGE",
    );
    expect(ranges).toEqual([{ from: s.at("/// The total"), to: s.at("// CHANGE") + 1 }]);
  });

  it("Python: the method by indentation, with its decorator, blank lines inside kept", () => {
    const { s, ranges } = around(
      "store.py",
      `
import os

class Store:
    @staticmethod
    def load(path):
        with open(path) as f:

            data = f.read()  # CHANGE
        return data

    def save(self):
        pass
`,
      "CHANGE",
    );
    expect(ranges).toEqual([{ from: s.at("@staticmethod"), to: s.at("return data") }]);
  });

  it("Ruby: the method by indentation, with its end", () => {
    const { s, ranges } = around(
      "cart.rb",
      `
class Cart
  def total
    items.sum(&:price) # CHANGE
  end

  def count
    items.size
  end
end
`,
      "CHANGE",
    );
    expect(ranges).toEqual([{ from: s.at("def total"), to: s.at("# CHANGE") + 1 }]);
  });

  it("a function too long to show: its header and a window around the change", () => {
    const body = Array.from({ length: 300 }, (_, i) =>
      i === 200 ? "  step(200); // CHANGE" : `  step(${i});`,
    );
    const { s, ranges } = around("long.js", `\nfunction long(a,\n  b) {\n${body.join("\n")}\n}\n`, "CHANGE");
    const line = s.at("CHANGE");
    expect(ranges).toEqual([
      { from: s.at("function long"), to: s.at("b) {") },
      { from: line - WINDOW_LINES, to: line + WINDOW_LINES },
    ]);
  });

  it("braces in a template literal over several lines are text, and what its placeholder holds is code", () => {
    const { s, ranges } = around(
      "page.ts",
      `
export function page(title: string) {
  const html = \`
    <style>} body { color: red; }</style>
    <h1>\${title.replace(/[<]/g, (c) => { return "&lt;"; })}</h1>
  \`;
  return render(html); // CHANGE
}
`,
      "CHANGE",
    );
    expect(ranges).toEqual([{ from: s.at("export function page"), to: s.at("return render") + 1 }]);
  });

  it("braces that do not balance (a string continued over a line) are read by indentation instead", () => {
    const { s, ranges } = around(
      "page.js",
      `
export function page(title) {
  const css = 'body \\
  } h1 { color: red; }';
  return render(css); // CHANGE
}
`,
      "CHANGE",
    );
    expect(ranges).toEqual([{ from: s.at("export function page"), to: s.at("return render") }]);
  });

  it("a file of no known language, or a change at the top level: a window", () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join("\n");
    const s = source(text);
    expect(enclosingRanges(s.lines, { from: 50, to: 52 }, familyOf("notes.txt"), 150)).toEqual([
      { from: 50 - WINDOW_LINES, to: 52 + WINDOW_LINES },
    ]);
    expect(enclosingRanges(s.lines, { from: 2, to: 2 }, familyOf("a.js"), 150)).toEqual([
      { from: 1, to: 2 + WINDOW_LINES },
    ]);
  });
});

describe("a definition's range", () => {
  it("a function's body with its doc comment; a constant's statement; a Python def's block", () => {
    const ts = source(TS);
    expect(definitionRange(ts.lines, ts.at("total(): number"), "brace-js", 80)).toEqual({
      from: ts.at("/** The total"),
      to: ts.at("return sum;") + 1,
    });
    const c = source("export const LIMIT = 100;\nexport const OTHER = 1;\n");
    expect(definitionRange(c.lines, 1, "brace-js", 80)).toEqual({ from: 1, to: 1 });
    const py = source("def load(path):\n    x = 1\n    return x\n\ndef other():\n    pass\n");
    expect(definitionRange(py.lines, 1, "indent", 80)).toEqual({ from: 1, to: 3 });
  });

  it("is cut to its first lines", () => {
    const long = source(`function f() {\n${"  x();\n".repeat(200)}}\n`);
    expect(definitionRange(long.lines, 1, "brace-js", 80)).toEqual({ from: 1, to: 80 });
  });
});

describe("definedName", () => {
  it.each([
    ["export async function saveAll(items) {", "saveAll"],
    ["export default class Cart extends Base {", "Cart"],
    ["export const LIMIT: number = 100;", "LIMIT"],
    ["export interface Item {", "Item"],
    ["  private async total(a: number): Promise<number> {", "total"],
    ["  handle = async (event) => {", "handle"],
    ["def load(self, path):", "load"],
    ["    async def fetch(url):", "fetch"],
    ["pub(crate) async fn total(&self) -> u64 {", "total"],
    ["pub struct Cart<'a> {", "Cart"],
    ["func (c *Cart) Total() int {", "Total"],
    ["type Cart struct {", "Cart"],
    ["public static int total(int[] xs) throws IOException {", "total"],
    ["local function helper(x)", "helper"],
  ])("reads %j as defining %s", (line, name) => {
    expect(definedName(line)).toBe(name);
  });

  it.each([
    "  if (x) {",
    "  } else if (y) {",
    "  return total(x);",
    "  total(x);",
    "  useEffect(() => {",
    '  describe("x", () => {',
    "  for (const x of xs) {",
    "  process(items)",
  ])("reads %j as no definition", (line) => {
    expect(definedName(line)).toBeUndefined();
  });
});
