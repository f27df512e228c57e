// The longest functions in src/, by lines from their first to their last line, read with the
// TypeScript compiler's own parser (a regular expression miscounts arrow functions and nested bodies).
// Issue 16 asks that no function in src/gate exceed about 60 lines; this prints the figure to check.
//
//   node scripts/longest-function.mjs [DIR] [--top N]
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args[topAt + 1]) : 10;
const root = args.find((a, i) => !a.startsWith("--") && (topAt < 0 || i !== topAt + 1)) ?? "src";

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.ts$/.test(entry.name) && !entry.name.endsWith(".d.ts")) yield full;
  }
}

function nameOf(node) {
  if (node.name !== undefined) return node.name.getText();
  // An arrow or function expression takes the name it is assigned or passed under.
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  return "(anonymous)";
}

const found = [];
for (const file of sources(root)) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ lines: end - start + 1, where: `${file}:${start + 1}`, name: nameOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
found.sort((a, b) => b.lines - a.lines);
for (const f of found.slice(0, top)) console.log(`${String(f.lines).padStart(4)}  ${f.name}  ${f.where}`);
