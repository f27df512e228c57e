// Path globs for the diff criteria, translated to RE2 so that matching is linear in the path. (Glob
// libraries emit backtracking JavaScript regular expressions; a glob like `*a*a*a*a*a*b` against a long
// path is then polynomial, and a gate must not stall on a contract's glob.) Pure.
//
// Syntax, matched against the whole `/`-separated path:
//   `*` any run of characters within one segment (dot-files included)
//   `?` one character other than `/`
//   `**` as a whole segment: any number of segments (`a/**/b` matches a/b and a/x/y/b; `docs/**` matches
//        everything under docs/)
//   `[abc]` `[a-z]` `[!abc]` one character of (or not of) a class
//   `{a,b}` either alternative (nesting allowed)
//   `\x` the character x itself
// A glob without `/` matches only at the top level (`*.md` is README.md, not docs/a.md): write
// `**/*.md` for any depth. In a list, a glob starting with `!` excludes.
//
// Glob and path meet in one Unicode form (NFC, path-name.ts): `config/café.yml` written precomposed
// selects the file a diff names with e + U+0301, which macOS opens as the same file; compared as
// written, `paths: ["config/café.yml"]` skipped it. Case is significant, as in git and CODEOWNERS.
import { RE2JS } from "re2js";
import { nameKey } from "./path-name.js";

export const GLOB_MAX_LENGTH = 1024;
const MAX_BRACE_DEPTH = 8;

class GlobSyntaxError extends Error {}

function literal(ch: string): string {
  return /[A-Za-z0-9_/-]/.test(ch) ? ch : RE2JS.quote(ch);
}

/** Index of the `]` that closes a class opened at `start` (the `[`), or -1. */
function classEnd(glob: string, start: number): number {
  let i = start + 1;
  if (glob[i] === "!" || glob[i] === "^") i += 1;
  if (glob[i] === "]") i += 1; // a leading ] is a member
  for (; i < glob.length; i += 1) {
    if (glob[i] === "\\") i += 1;
    else if (glob[i] === "]") return i;
  }
  return -1;
}

function translateClass(body: string): string {
  let negated = false;
  let rest = body;
  if (rest.startsWith("!") || rest.startsWith("^")) {
    negated = true;
    rest = rest.slice(1);
  }
  if (rest.includes("/")) throw new GlobSyntaxError("a [class] cannot contain /");
  let out = "";
  for (let i = 0; i < rest.length; i += 1) {
    const ch = rest[i] as string;
    if (ch === "\\") {
      const next = rest[i + 1];
      if (next === undefined) throw new GlobSyntaxError("a [class] ends with a lone backslash");
      out += `\\x{${(next.codePointAt(0) as number).toString(16)}}`;
      i += 1;
    } else if (ch === "-" && i > 0 && i < rest.length - 1) {
      out += "-";
    } else {
      out += `\\x{${(ch.codePointAt(0) as number).toString(16)}}`;
    }
  }
  if (out === "") throw new GlobSyntaxError("empty [class]");
  return negated ? `[^/${out}]` : `[${out}]`;
}

/** Splits a brace body at its top-level commas. */
function alternatives(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i];
    if (ch === "\\") i += 1;
    else if (ch === "{") depth += 1;
    else if (ch === "}") depth -= 1;
    else if (ch === "," && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

function braceEnd(glob: string, start: number): number {
  let depth = 0;
  for (let i = start; i < glob.length; i += 1) {
    const ch = glob[i];
    if (ch === "\\") i += 1;
    else if (ch === "{") depth += 1;
    else if (ch === "}") {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function translate(glob: string, depth: number): string {
  if (depth > MAX_BRACE_DEPTH) throw new GlobSyntaxError(`braces nested deeper than ${MAX_BRACE_DEPTH}`);
  let out = "";
  for (let i = 0; i < glob.length; i += 1) {
    const ch = glob[i] as string;
    if (ch === "*") {
      let j = i;
      while (glob[j + 1] === "*") j += 1;
      const stars = j - i + 1;
      const segmentStart = i === 0 || glob[i - 1] === "/";
      const segmentEnd = j + 1 === glob.length || glob[j + 1] === "/";
      if (stars >= 2 && segmentStart && segmentEnd) {
        if (glob[j + 1] === "/") {
          out += "(?:[^/]*/)*"; // `**/`: zero or more whole segments
          j += 1;
        } else {
          out += ".*"; // trailing `**`: everything below
        }
      } else {
        out += "[^/]*";
      }
      i = j;
    } else if (ch === "?") {
      out += "[^/]";
    } else if (ch === "[") {
      const end = classEnd(glob, i);
      if (end < 0) throw new GlobSyntaxError("a [ has no closing ]");
      out += translateClass(glob.slice(i + 1, end));
      i = end;
    } else if (ch === "{") {
      const end = braceEnd(glob, i);
      if (end < 0) throw new GlobSyntaxError("a { has no closing }");
      const parts = alternatives(glob.slice(i + 1, end)).map((p) => translate(p, depth + 1));
      out += `(?:${parts.join("|")})`;
      i = end;
    } else if (ch === "}") {
      throw new GlobSyntaxError("a } has no opening {");
    } else if (ch === "\\") {
      const next = glob[i + 1];
      if (next === undefined) throw new GlobSyntaxError("ends with a lone backslash");
      out += literal(next);
      i += 1;
    } else {
      out += literal(ch);
    }
  }
  return out;
}

export interface CompiledGlob {
  readonly source: string;
  readonly negated: boolean;
  readonly re: RE2JS;
}

/** Compiles one glob (a leading `!` marks an exclusion) or throws an Error naming the problem. */
export function compileGlob(source: string): CompiledGlob {
  if (source.length > GLOB_MAX_LENGTH) {
    throw new Error(`glob is ${source.length} characters; at most ${GLOB_MAX_LENGTH} are allowed`);
  }
  const negated = source.startsWith("!");
  // NFC before translating, so a class `[é]` or a literal written in NFD is one character, as in a path.
  const body = nameKey(negated ? source.slice(1) : source);
  if (body === "") throw new Error("empty glob");
  if (body.startsWith("/")) throw new Error("globs are relative to the tree root: drop the leading /");
  try {
    return { source, negated, re: RE2JS.compile(`(?s)\\A${translate(body, 0)}\\z`) };
  } catch (error) {
    throw new Error(
      `invalid glob ${JSON.stringify(source)}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export function globProblem(source: string): string | undefined {
  try {
    compileGlob(source);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A compiled list of globs: a path is selected when it matches some inclusion (or the list has none)
 * and no exclusion. */
export interface PathSelector {
  readonly globs: readonly string[];
  selects(path: string): boolean;
}

export function pathSelector(globs: readonly string[]): PathSelector {
  const compiled = globs.map(compileGlob);
  const include = compiled.filter((g) => !g.negated);
  const exclude = compiled.filter((g) => g.negated);
  return {
    globs,
    selects(path: string): boolean {
      const key = nameKey(path);
      if (include.length > 0 && !include.some((g) => g.re.testExact(key))) return false;
      return !exclude.some((g) => g.re.testExact(key));
    },
  };
}
