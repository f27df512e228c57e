// Path globs: the one dialect every glob the gate reads is written in — a contract's `paths`, `globs`,
// `when_changed` and `must_change`, and the `include` and `exclude` inputs. They were two: contracts
// matched `*.lock` at the top level only while `exclude` matched it at any depth, so the same words in
// two places of one repository's configuration selected different files. Pure.
//
// The convention is .gitignore's, as CODEOWNERS uses it (the patterns GitHub users already write),
// matched against a file's whole `/`-separated path from the repository root:
//   - a glob with no `/` (other than a trailing one) matches at any depth: `*.lock` is `a/b.lock` too;
//   - a `/` at the start or in the middle anchors it to the root: `/setup.py`, `docs/*.md`;
//   - a trailing `/` names a directory: every file under it (`docs/` is `docs/a/b.md`, and `a/docs/x`);
//   - `*` any run of characters within one segment (dot-files included), `?` one character other than
//     `/`, `[abc]` `[a-z]` `[!abc]` one character of (or not of) a class, `{a,b}` either alternative
//     (nesting allowed), `\x` the character x itself;
//   - `**` as a whole segment: any number of segments (`a/**/b` is a/b and a/x/y/b; `docs/**` everything
//     under docs/). Elsewhere it is `*`.
// Where it departs from .gitignore, on purpose: a glob without a trailing `/` names files, never a
// directory's contents (in .gitignore `build` also ignores everything under a directory `build`; here
// write `build/`), so `docs/*` is docs' own files and not its subdirectories' — one glob, one meaning,
// as CODEOWNERS reads `docs/*`. A leading `!` negates only in a contract's lists (pathSelector); the
// `include` and `exclude` inputs are themselves the two sides, and refuse it.
//
// Matching is linear in the path: a glob is translated to an RE2 expression (a finite automaton, no
// backtracking), because glob libraries emit backtracking JavaScript regular expressions and
// `*a*a*a*a*a*b` against a long path is then polynomial; a gate must not stall on a glob.
//
// Glob and path meet in one Unicode form (NFC, util/path-name.ts): `config/café.yml` written
// precomposed selects the file a diff names with e + U+0301, which macOS opens as the same file;
// compared as written, `paths: ["config/café.yml"]` skipped it. Names are never rewritten. Case is
// significant, as in git and CODEOWNERS.
import { RE2JS } from "re2js";
import { nameKey } from "./path-name.js";

export const GLOB_MAX_LENGTH = 1024;
const MAX_BRACE_DEPTH = 8;
/** A character that makes a segment more than a plain name. */
const SPECIAL = /[*?[\]{}\\]/;

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

/** The RE2 text for a glob's body (no leading or trailing `/`), matched against a whole path. */
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
      if (end < 0) throw new GlobSyntaxError("a [ has no closing ] (write \\[ for a literal [)");
      out += translateClass(glob.slice(i + 1, end));
      i = end;
    } else if (ch === "{") {
      const end = braceEnd(glob, i);
      if (end < 0) throw new GlobSyntaxError("a { has no closing } (write \\{ for a literal {)");
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

/** One compiled glob (never negated: a list says what a leading `!` means, pathSelector). */
export interface Glob {
  /** As written. */
  readonly source: string;
  /** Anchored to the root (a leading or middle `/`), or matching at any depth. */
  readonly anchored: boolean;
  /** The plain directory names every match lies under (`src/api/**` → src, api): where a walk of the
   * tree may start. Empty for a glob that matches at any depth. */
  readonly root: readonly string[];
  matches(path: string): boolean;
}

/** The directories of `body` (its segments but the last, or all of them for a directory glob) up to
 * the first that is not a plain name. */
function plainRoot(body: string, directory: boolean): string[] {
  const segments = body.split("/");
  const root: string[] = [];
  for (const segment of directory ? segments : segments.slice(0, -1)) {
    if (segment === "" || SPECIAL.test(segment)) break;
    root.push(segment);
  }
  return root;
}

/** Compiled globs by source. A round compiles the same globs many times (the default excludes for
 * every plan and every scope question), and compiling one to RE2 costs far more than matching: a Glob
 * holds no state, so one compile serves them all. Bounded, since contracts and inputs are the user's. */
const compiled = new Map<string, Glob>();
const COMPILED_MAX = 2_000;

/** Compiles one glob or throws an Error naming the problem. A leading `!` is refused here: write `\!`
 * for a name that starts with one, and negate in a list (pathSelector) where the context allows. */
export function compileGlob(source: string): Glob {
  const known = compiled.get(source);
  if (known !== undefined) return known;
  const glob = compileGlobOnce(source);
  if (compiled.size >= COMPILED_MAX) compiled.clear();
  compiled.set(source, glob);
  return glob;
}

function compileGlobOnce(source: string): Glob {
  if (source.length > GLOB_MAX_LENGTH) {
    throw new Error(`glob is ${source.length} characters; at most ${GLOB_MAX_LENGTH} are allowed`);
  }
  if (source === "") throw new Error("empty glob");
  if (source.startsWith("!")) {
    throw new Error(
      `invalid glob ${JSON.stringify(source)}: a leading ! (negation) is not allowed here; write \\! for a name that starts with !`,
    );
  }
  const anchoredAtStart = source.startsWith("/");
  const directory = source.length > 1 && source.endsWith("/");
  const written = source.slice(anchoredAtStart ? 1 : 0, directory ? -1 : undefined);
  if (written === "") throw new Error(`invalid glob ${JSON.stringify(source)}: it names no file`);
  if (written.startsWith("/") || written.endsWith("/") || written.includes("//")) {
    throw new Error(`invalid glob ${JSON.stringify(source)}: an empty segment (//) matches no path`);
  }
  const anchored = anchoredAtStart || written.includes("/");
  // NFC before translating, so a class `[é]` or a literal written in NFD is one character, as in a path.
  const body = nameKey(written);
  let re: RE2JS;
  try {
    const anyDepth = anchored ? "" : "(?:[^/]*/)*";
    const below = directory ? "/.+" : "";
    re = RE2JS.compile(`(?s)\\A${anyDepth}${translate(body, 0)}${below}\\z`);
  } catch (error) {
    throw new Error(
      `invalid glob ${JSON.stringify(source)}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return Object.freeze({
    source,
    anchored,
    root: Object.freeze(anchored ? plainRoot(written, directory) : []),
    matches: (path: string) => re.testExact(nameKey(path)),
  });
}

/** Why a glob cannot be compiled, or undefined. `negation`: whether its context (a contract's list)
 * reads a leading `!` as "except". */
export function globProblem(source: string, options: { negation?: boolean } = {}): string | undefined {
  const negated = options.negation === true && source.startsWith("!");
  try {
    compileGlob(negated ? source.slice(1) : source);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return negated ? message.replace(JSON.stringify(source.slice(1)), JSON.stringify(source)) : message;
  }
}

/** A compiled list of globs, as a contract's fields hold them: a path is selected when it matches some
 * inclusion (or the list has none) and no exclusion (`!glob`). Order does not matter, unlike
 * .gitignore's "the last match wins": an exclusion always wins, so no later line can re-admit a path. */
export interface PathSelector {
  readonly globs: readonly string[];
  selects(path: string): boolean;
}

export function pathSelector(globs: readonly string[]): PathSelector {
  const include: Glob[] = [];
  const exclude: Glob[] = [];
  for (const glob of globs) {
    if (glob.startsWith("!")) exclude.push(compileGlob(glob.slice(1)));
    else include.push(compileGlob(glob));
  }
  return {
    globs,
    selects(path: string): boolean {
      if (include.length > 0 && !include.some((g) => g.matches(path))) return false;
      return !exclude.some((g) => g.matches(path));
    },
  };
}
