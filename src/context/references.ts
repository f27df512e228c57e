// What a name's appearance in a file is: a real reference (a call, a use in code) or a mere match (a
// comment, a string, an import or export line, a word in a scope that has its own thing of that name),
// and how good a definition of a called name is. The search ranks by these, so that a caller's use
// twenty lines below `import { f14 }` is shown rather than the import, and a test file's local `text`
// is not taken for the method a change calls as `res.text()`. Regular expressions over the file's code
// (strings and comments blanked: structure.ts), no parser: a wrong guess ranks a place lower, never
// changes a verdict. Pure.
import { definesMember } from "./names.js";

/** The lines of a file (1-based) that import or export names rather than use them: `import …`,
 * `export { … }`, `from x import …`, `use a::b;`, `#include`, `x = require(…)`, and the lines inside
 * an import's braces or parentheses when it spans several. Read in the file's code. */
export function importLines(code: readonly string[]): Set<number> {
  const found = new Set<number>();
  let open: string | undefined;
  for (let i = 0; i < code.length; i += 1) {
    const line = code[i] as string;
    if (open !== undefined) {
      found.add(i + 1);
      if (line.includes(open)) open = undefined;
      continue;
    }
    if (!IMPORT.test(line)) continue;
    found.add(i + 1);
    // An import or export list left open on its line goes on to the line that closes it.
    const brace = line.lastIndexOf("{");
    const paren = /\bimport\s*\($/.test(line.trimEnd()) || /^\s*from\s+\S+\s+import\s*\(/.test(line);
    if (brace !== -1 && !line.slice(brace).includes("}")) open = "}";
    else if (paren && !line.includes(")")) open = ")";
  }
  return found;
}

const IMPORT =
  /^\s*(?:import\b|export\s+(?:type\s+)?(?:\{|\*)|export\s+default\s+[A-Za-z_$][\w$]*\s*;?\s*$|from\s+[\w.]+\s+import\b|(?:pub(?:\([\w\s:]+\))?\s+)?use\s+[\w:{]|using\s+[\w.]+\s*;|#\s*include\b|require_relative\b|(?:const|let|var)\s+[^=]*=\s*require\s*\(|package\s+[\w.]+\s*;?\s*$)/;

/** How a use of a name in code reads, from the code after and before it. */
export function useShape(code: string, column: number, name: string): { call: boolean; member: boolean } {
  const after = code.slice(column + name.length, column + name.length + 200);
  const before = code.slice(Math.max(0, column - 40), column);
  return {
    call: /^\s*(?:\?\.)?\s*(?:<[^<>()]*>)?\s*\(/.test(after),
    member: /(?:\?\.|\.|->|::)\s*$/.test(before),
  };
}

/** A use's rank: a call above a mention, and either above one in a file that does not import the
 * name. 0: not a use of the name at all. */
export function useScore(shape: { call: boolean; member: boolean }, imported: boolean): number {
  return 1 + (shape.call ? 2 : 0) + (imported ? 1 : 0);
}

/** A definition's rank for a name the change calls (higher first), or 0 when it cannot be what is
 * called: a local (an indented const, let or var), or a variable where a method is called. A function,
 * method or class ranks above a variable; a method above a function for a member call (`x.name()`) and
 * a function above a method for a bare one; a body above an empty one (a trait's no-op default, a
 * declaration without a body). */
export function definitionScore(lines: readonly string[], line: number, memberCall: boolean): number {
  const text = lines[line - 1] ?? "";
  if (/^\s+(?:const|let|var)\s/.test(text)) return 0;
  const variable =
    /^\s*(?:export\s+)?(?:declare\s+)?(?:const|let|var|static)\s/.test(text) &&
    !/=\s*(?:async\s*)?(?:function\b|class\b|\(|[A-Za-z_$][\w$]*\s*=>)/.test(text);
  if (variable && memberCall) return 0;
  const member = definesMember(text);
  return 1 + (variable ? 0 : 4) + (member === memberCall ? 2 : 0) + (emptyBody(lines, line) ? 0 : 1);
}

/** Whether the definition at `line` has no body: `{}` on its line, a `}` or `pass` or `...` as the
 * next line that is not blank, or a declaration ending in `;` (a trait method without a default). */
function emptyBody(lines: readonly string[], line: number): boolean {
  const text = (lines[line - 1] ?? "").trimEnd();
  if (/\{\s*\}\s*;?$/.test(text) || /\)\s*(?:->\s*[^{;]+)?;$/.test(text)) return true;
  for (let n = line + 1; n <= Math.min(lines.length, line + 3); n += 1) {
    const next = (lines[n - 1] as string).trim();
    if (next === "") continue;
    return /\{$/.test(text) ? next === "}" : /:$/.test(text) && (next === "pass" || next === "...");
  }
  return false;
}
