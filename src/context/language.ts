// What the context needs to know of a language, from a file's name alone: how its blocks nest (braces,
// indentation, or `end`), how its strings and comments look (so that a brace in a string does not
// count), and how a line defines a name. Cheap and approximate on purpose: the context is material for
// the reviewer, never a verdict, and a wrong guess costs a wider window, not a wrong answer. Pure.

/** How a language's blocks nest. */
export type Family =
  /** `{ … }`, with strings in double quotes, single quotes and backticks (JavaScript, TypeScript, PHP). */
  | "brace-js"
  /** `{ … }`, with `'x'` a character (C, C++, C#, Java, Kotlin, Swift, Go, Rust, Scala, Dart). */
  | "brace-c"
  /** Indentation (Python). */
  | "indent"
  /** `def … end` by indentation (Ruby, Elixir, Lua). */
  | "end"
  /** Anything else: windows only. */
  | "plain";

const BY_EXTENSION: Readonly<Record<string, Family>> = Object.freeze({
  js: "brace-js",
  jsx: "brace-js",
  mjs: "brace-js",
  cjs: "brace-js",
  ts: "brace-js",
  tsx: "brace-js",
  mts: "brace-js",
  cts: "brace-js",
  php: "brace-js",
  vue: "brace-js",
  svelte: "brace-js",
  go: "brace-c",
  rs: "brace-c",
  java: "brace-c",
  kt: "brace-c",
  kts: "brace-c",
  scala: "brace-c",
  swift: "brace-c",
  c: "brace-c",
  h: "brace-c",
  cc: "brace-c",
  cpp: "brace-c",
  cxx: "brace-c",
  hpp: "brace-c",
  hh: "brace-c",
  cs: "brace-c",
  dart: "brace-c",
  groovy: "brace-c",
  sh: "brace-c",
  bash: "brace-c",
  py: "indent",
  pyi: "indent",
  rb: "end",
  ex: "end",
  exs: "end",
  lua: "end",
});

export function familyOf(path: string): Family {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return "plain";
  return BY_EXTENSION[name.slice(dot + 1)] ?? "plain";
}

/** Files never searched or shown as context by their name: not source a reviewer reads (images,
 * archives, fonts, compiled objects), or generated bulk (minified bundles, lockfiles of every kind). */
export function notSource(path: string): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  return (
    /\.(png|jpe?g|gif|bmp|ico|webp|avif|svg|pdf|zip|gz|tgz|bz2|xz|7z|rar|jar|war|class|o|a|so|dylib|dll|exe|wasm|woff2?|ttf|otf|eot|mp[34]|mov|avi|webm|ogg|wav|flac|sqlite3?|db|bin|dat|pyc|lock|map|snap)$/.test(
      name,
    ) ||
    /\.min\.(js|css)$/.test(name) ||
    name === "go.sum"
  );
}

/** Words that look like calls but are the language's own (`if (`, `return (`), never a name to look up. */
export const KEYWORDS: ReadonlySet<string> = new Set([
  "if",
  "else",
  "elif",
  "for",
  "foreach",
  "while",
  "do",
  "switch",
  "case",
  "match",
  "when",
  "catch",
  "except",
  "try",
  "finally",
  "return",
  "throw",
  "raise",
  "yield",
  "await",
  "async",
  "new",
  "delete",
  "typeof",
  "instanceof",
  "void",
  "in",
  "of",
  "not",
  "and",
  "or",
  "is",
  "as",
  "function",
  "func",
  "fn",
  "def",
  "class",
  "struct",
  "enum",
  "interface",
  "impl",
  "trait",
  "type",
  "import",
  "from",
  "export",
  "require",
  "super",
  "this",
  "self",
  "Self",
  "lambda",
  "with",
  "assert",
  "sizeof",
  "defer",
  "go",
  "select",
  "let",
  "const",
  "var",
  "static",
  "public",
  "private",
  "protected",
  "unless",
  "until",
  "loop",
  "where",
  "print",
  "println",
  "printf",
]);

/** Names so common in every codebase (the standard library's) that looking up a definition of one is
 * noise: `x.push(`, `len(`, `JSON.parse(`. */
export const COMMON_CALLS: ReadonlySet<string> = new Set([
  "push",
  "pop",
  "shift",
  "map",
  "filter",
  "reduce",
  "forEach",
  "find",
  "some",
  "every",
  "join",
  "split",
  "slice",
  "splice",
  "concat",
  "get",
  "set",
  "has",
  "add",
  "then",
  "log",
  "error",
  "warn",
  "info",
  "debug",
  "len",
  "append",
  "format",
  "toString",
  "keys",
  "values",
  "entries",
  "items",
  "includes",
  "indexOf",
  "replace",
  "test",
  "exec",
  "trim",
  "call",
  "apply",
  "bind",
  "assign",
  "parse",
  "stringify",
  "resolve",
  "reject",
  "String",
  "Number",
  "Boolean",
  "Array",
  "Object",
  "Promise",
  "Map",
  "Set",
  "Date",
  "Error",
  "TypeError",
  "RegExp",
  "Symbol",
  "isArray",
  "from",
  "make",
  "cap",
  "range",
  "isinstance",
  "int",
  "str",
  "float",
  "list",
  "dict",
  "tuple",
  "open",
  "Some",
  "None",
  "Ok",
  "Err",
  "unwrap",
  "expect",
  "clone",
  "iter",
  "collect",
  "into",
  "to_string",
  "as_str",
  "Errorf",
  "Sprintf",
  "Printf",
  "Println",
  "equal",
  "toBe",
  "toEqual",
  "describe",
  "it",
]);

/** An identifier, as the word search and the name scans read one. `$` is a letter in JavaScript. */
export const IDENTIFIER = "[A-Za-z_$][A-Za-z0-9_$]*";

/** Patterns of a line that defines a name, the name in the group `n`. One list for every language: a
 * Python `class` and a TypeScript `class` read the same, and a pattern that never fires in a language
 * costs nothing. */
const DEFINITIONS: readonly RegExp[] = [
  // JavaScript, TypeScript: function, class, const/let/var, type, interface, enum, namespace.
  /^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:async\s+)?function\s*\*?\s*(?<n>[A-Za-z_$][\w$]*)/,
  /^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:public\s+|private\s+|protected\s+|internal\s+|open\s+|final\s+|sealed\s+|data\s+|static\s+)*class\s+(?<n>[A-Za-z_$][\w$]*)/,
  /^\s*(?:export\s+)?(?:declare\s+)?(?:const|let|var)\s+(?<n>[A-Za-z_$][\w$]*)\s*(?::[^=]+)?=/,
  /^\s*(?:export\s+)?(?:declare\s+)?(?:type|interface|enum|namespace)\s+(?<n>[A-Za-z_$][\w$]*)/,
  // Python, Ruby, Elixir.
  /^\s*(?:async\s+)?def[p]?\s+(?:self\.)?(?<n>[A-Za-z_][\w]*[?!]?)/,
  /^\s*(?:module|defmodule)\s+(?<n>[A-Za-z_][\w.]*)/,
  // Rust.
  /^\s*(?:pub(?:\([\w\s:]+\))?\s+)?(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?(?:extern\s+"[^"]*"\s+)?fn\s+(?<n>[A-Za-z_]\w*)/,
  /^\s*(?:pub(?:\([\w\s:]+\))?\s+)?(?:struct|enum|trait|union|mod|type|static|const)\s+(?<n>[A-Za-z_]\w*)/,
  // Go.
  /^\s*func\s+(?:\([^)]*\)\s*)?(?<n>[A-Za-z_]\w*)/,
  /^\s*type\s+(?<n>[A-Za-z_]\w*)\s+/,
  // Lua, shell.
  /^\s*(?:local\s+)?function\s+(?:[\w.]+[.:])?(?<n>[A-Za-z_]\w*)/,
  // A class field holding an arrow function: `handle = async (event) => {`.
  /^\s*(?:(?:public|private|protected|static|readonly|override)\s+)*(?<n>[A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s*)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*(?::\s*[^=]+)?=>/,
  // A method or a C-family function: a name and its parameters on a line that opens a body. Never a
  // statement (`;`), and never a call that passes a callback (`useEffect(() => {`): no parentheses
  // inside the parameters.
  /^\s*(?:(?:public|private|protected|internal|static|final|abstract|override|virtual|async|synchronized|inline|extern|readonly|get|set|suspend|fun|open|operator)\s+)*(?:[\w<>[\]*&:,.?]+\s+)*(?<n>[A-Za-z_$][\w$]*)\s*(?:<[^<>()]*>)?\s*\([^;()]*\)\s*(?:(?:->|:)\s*[^{;=()]+|throws\s+[\w.,\s]+|const|noexcept)?\s*\{[^}]*$/,
];

/** The name `line` defines, if it reads as a definition (of a name that is not a keyword). */
export function definedName(line: string): string | undefined {
  if (line.length > 400) return undefined;
  for (const pattern of DEFINITIONS) {
    const name = pattern.exec(line)?.groups?.n;
    if (name === undefined || KEYWORDS.has(name)) continue;
    // `} else if (x) {` and `return foo(x)` read like the method pattern: a statement, not a definition.
    if (
      pattern === DEFINITIONS[DEFINITIONS.length - 1] &&
      /^\s*(?:}|return\b|else\b|await\b|throw\b|new\b|yield\b|case\b)/.test(line)
    )
      continue;
    return name;
  }
  return undefined;
}

/** Whether `line` opens a definition (of any name): what makes a block the one to show around a hunk. */
export function isDefinitionHeader(line: string): boolean {
  return (
    definedName(line) !== undefined ||
    /^\s*(?:impl\b|unsafe\s+impl\b|extension\b|object\b|namespace\b)/.test(line)
  );
}
