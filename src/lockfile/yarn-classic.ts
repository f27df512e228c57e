// Yarn 1 ("classic") yarn.lock: its own indentation format, exactly as Yarn 1 writes it —
//
//   # yarn lockfile v1
//
//   "@babel/code-frame@^7.0.0", "@babel/code-frame@^7.10.4":
//     version "7.12.13"
//     resolved "https://registry.yarnpkg.com/@babel/code-frame/-/code-frame-7.12.13.tgz#dcfc826b…"
//     integrity sha512-HV1Cm0Q3…
//     dependencies:
//       "@babel/highlight" "^7.12.13"
//
// Anything else (a line at another depth, a value that is not one quoted string or one bare token, a
// missing `version`) is refused, naming the line: a file that only looks like a lockfile to a lenient
// reader is not one, and is then reviewed (and the lockfile check holds). Pure.
import { classifySpec, parseIntegrity } from "./source.js";
import type { LockEntry, ParsedLockfile, Source } from "./types.js";
import { LockfileSyntaxError } from "./yaml-subset.js";

function fail(line: number, message: string): never {
  throw new LockfileSyntaxError(`line ${line}: ${message}`);
}

/** One quoted (JSON) or bare token at `text[at]`; bare tokens stop at white space, `,` and a final `:`. */
function token(text: string, at: number, line: number): { value: string; end: number } {
  if (text[at] === '"') {
    const m = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(at));
    if (m === null) fail(line, "a quoted string does not close");
    try {
      return { value: JSON.parse(m[0]) as string, end: at + m[0].length };
    } catch {
      return fail(line, `bad escape in ${m[0].slice(0, 40)}`);
    }
  }
  const m = /^[^\s",'`;(){}[\]]+/.exec(text.slice(at));
  if (m === null) fail(line, `unexpected ${JSON.stringify(text.slice(at, at + 20))}`);
  let value = m[0];
  // A bare key ends before the `:` that closes the line (`lodash@^4.17.21:`).
  if (value.endsWith(":") && at + value.length === text.length) value = value.slice(0, -1);
  return { value, end: at + value.length };
}

/** `name@range` → name and range; a scoped name keeps its first `@`. */
export function splitSpecifier(spec: string): { name: string; range: string } | undefined {
  const at = spec.indexOf("@", spec.startsWith("@") ? 1 : 0);
  if (at <= 0) return undefined;
  return { name: spec.slice(0, at), range: spec.slice(at + 1) };
}

interface RawEntry {
  line: number;
  specifiers: string[];
  fields: Map<string, string>;
  nested: Map<string, Map<string, string>>;
}

function headerKeys(text: string, line: number): string[] {
  if (!text.endsWith(":")) fail(line, 'an entry header must end with ":"');
  const keys: string[] = [];
  let i = 0;
  for (;;) {
    const t = token(text, i, line);
    keys.push(t.value);
    i = t.end;
    if (text.slice(i) === ":") return keys;
    if (!text.startsWith(", ", i)) fail(line, `expected ", " or ":" in an entry header`);
    i += 2;
  }
}

/** `key value` or `key:` (a nested map follows). */
function field(text: string, line: number): { key: string; value?: string } {
  const k = token(text, 0, line);
  const rest = text.slice(k.end);
  if (rest === ":") return { key: k.value };
  if (!rest.startsWith(" ")) fail(line, `expected a value after ${JSON.stringify(k.value)}`);
  const v = token(rest, 1, line);
  if (v.end !== rest.length) fail(line, `more than one value after ${JSON.stringify(k.value)}`);
  return { key: k.value, value: v.value };
}

function rawEntries(text: string): RawEntry[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (!lines.some((l) => l.trim() === "# yarn lockfile v1")) {
    throw new LockfileSyntaxError('no "# yarn lockfile v1" line: not a Yarn 1 lockfile');
  }
  const entries: RawEntry[] = [];
  let entry: RawEntry | undefined;
  let nested: Map<string, string> | undefined;
  for (const [i, raw] of lines.entries()) {
    const n = i + 1;
    if (raw.trim() === "") {
      nested = undefined;
      continue;
    }
    const indent = /^ */.exec(raw)?.[0].length ?? 0;
    const text = raw.slice(indent).trimEnd();
    if (/^ *\t/.test(raw)) fail(n, "a tab in the indentation");
    if (indent === 0 && text.startsWith("#")) continue;
    if (indent === 0) {
      entry = { line: n, specifiers: headerKeys(text, n), fields: new Map(), nested: new Map() };
      entries.push(entry);
      nested = undefined;
      continue;
    }
    if (entry === undefined) fail(n, "an indented line before any entry");
    if (indent === 2) {
      const f = field(text, n);
      if (entry.fields.has(f.key) || entry.nested.has(f.key))
        fail(n, `duplicate field ${JSON.stringify(f.key)}`);
      if (f.value === undefined) {
        nested = new Map();
        entry.nested.set(f.key, nested);
      } else {
        entry.fields.set(f.key, f.value);
        nested = undefined;
      }
      continue;
    }
    if (indent === 4 && nested !== undefined) {
      const f = field(text, n);
      if (f.value === undefined) fail(n, "nesting deeper than Yarn 1 writes");
      if (nested.has(f.key)) fail(n, `duplicate key ${JSON.stringify(f.key)}`);
      nested.set(f.key, f.value);
      continue;
    }
    fail(n, `unexpected indentation (${indent} spaces)`);
  }
  return entries;
}

/** The fields Yarn 1 writes. Another field is refused rather than ignored: a `resolution` or `checksum`
 * is Yarn 2+'s, and a file one reader takes for Yarn 1 and another for Yarn 2+ could install what
 * neither check saw. */
const FIELDS = new Set([
  "version",
  "uid",
  "resolved",
  "integrity",
  "registry",
  "dependencies",
  "optionalDependencies",
  "permissions",
  "prebuiltVariants",
]);

/** Reads a Yarn 1 lockfile. `base` is its directory in the repository ("" for the root). */
export function parseYarnClassic(text: string, base = ""): ParsedLockfile {
  const entries: LockEntry[] = [];
  for (const raw of rawEntries(text)) {
    for (const key of [...raw.fields.keys(), ...raw.nested.keys()]) {
      if (!FIELDS.has(key)) fail(raw.line, `a field Yarn 1 does not write: ${JSON.stringify(key)}`);
    }
    const version = raw.fields.get("version");
    if (version === undefined) fail(raw.line, "an entry without a version");
    const specs = raw.specifiers.map((s) => {
      const split = splitSpecifier(s);
      if (split === undefined) fail(raw.line, `${JSON.stringify(s)} is not name@range`);
      return split;
    });
    const first = specs[0] as { name: string; range: string };
    // `foo@npm:bar@^1` installs bar under the name foo.
    const alias = /^npm:((?:@[^/@]+\/)?[^@]+)@/.exec(first.range);
    const name = alias !== null ? (alias[1] as string) : first.name;
    const aliases = [...new Set(specs.map((s) => s.name))].filter((n) => n !== name);
    const resolved = raw.fields.get("resolved");
    let source: Source;
    if (resolved !== undefined) {
      source = classifySpec(resolved, base);
    } else if (/^(file|link):/.test(first.range)) {
      source = classifySpec(first.range, base);
    } else if (/^(git|github|gitlab|bitbucket|https?):|#/.test(first.range)) {
      source = classifySpec(first.range, base);
    } else {
      source = { kind: "registry" };
    }
    const integrity = parseIntegrity(raw.fields.get("integrity"));
    // Lockfiles older than Yarn 1.10 pin a tarball only by the sha1 in the URL's fragment.
    const sha1 = source.kind === "url" ? /#([0-9a-f]{40})$/i.exec(source.url)?.[1] : undefined;
    if (sha1 !== undefined && !integrity.has("sha1")) integrity.set("sha1", sha1.toLowerCase());
    entries.push({
      key: raw.specifiers.join(", "),
      name,
      version,
      source,
      spec: resolved ?? first.range,
      integrity,
      ...(aliases.length > 0 ? { aliases } : {}),
    });
  }
  return { kind: "yarn-classic", version: "1", entries };
}
