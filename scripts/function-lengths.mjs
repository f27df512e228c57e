// The length of every function under a folder, by lines from its first to its last line, read with
// the TypeScript compiler's own parser (a regular expression miscounts arrow functions and nested
// bodies). scripts/longest-function.mjs prints the longest; __tests__/sizes.test.ts holds src/gate to
// its limit. One measure for both, so the figure a person prints is the one the test checks.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

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

/** Every function with a body under `root`, longest first. */
export function functionLengths(root) {
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
  return found.sort((a, b) => b.lines - a.lines);
}
