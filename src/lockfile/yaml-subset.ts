// The YAML that pnpm (pnpm-lock.yaml) and Yarn Berry (yarn.lock, its "syml") write, and nothing more:
// block mappings by indentation, `- item` sequences, one-line flow mappings and sequences
// (`resolution: {integrity: sha512-…}`), plain, single- and double-quoted scalars, and `|`/`>` block
// scalars (js-yaml writes a multi-line deprecation message that way). Every scalar stays a string: the
// lockfile checks read names, versions, URLs and hashes, never numbers.
//
// Why not the `yaml` package: the gate ships with no runtime dependency, and a lockfile reader needs
// far less than YAML. Why strict: anything outside that subset (anchors, aliases, tags, explicit keys,
// multi-line flow collections, several documents, a duplicate key) is refused with its line number,
// and the lockfile check then holds. A reader that guessed could be made to see one source while the
// package manager installs another. Pure.

export type YamlValue = string | YamlMap | YamlList;
export type YamlMap = ReadonlyMap<string, YamlValue>;
export type YamlList = readonly YamlValue[];

export class LockfileSyntaxError extends Error {
  override readonly name = "LockfileSyntaxError";
}

interface Line {
  /** 1-based, for messages. */
  readonly number: number;
  readonly indent: number;
  /** The line without its indentation (comments still in). */
  readonly text: string;
  /** The whole raw line, for block scalars. */
  readonly raw: string;
}

function fail(line: number, message: string): never {
  throw new LockfileSyntaxError(`line ${line}: ${message}`);
}

function isMap(value: YamlValue | undefined): value is YamlMap {
  return value instanceof Map;
}

/** A map read from the lockfile, or undefined when `value` is not one. */
export function asMap(value: YamlValue | undefined): YamlMap | undefined {
  return isMap(value) ? value : undefined;
}

/** A scalar, or undefined when `value` is a map or a list. */
export function asString(value: YamlValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

const UNSUPPORTED_START = /^[&*!%@`?]/;

/** Reads one double-quoted scalar starting at `text[0] === '"'`; returns it and where it ended. */
function doubleQuoted(text: string, at: number, line: number): { value: string; end: number } {
  let out = "";
  let i = at + 1;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '"') return { value: out, end: i + 1 };
    if (ch === "\\") {
      const next = text[i + 1];
      const simple: Record<string, string> = {
        '"': '"',
        "\\": "\\",
        "/": "/",
        n: "\n",
        t: "\t",
        r: "\r",
        b: "\b",
        f: "\f",
        "0": "\0",
        " ": " ",
      };
      if (next !== undefined && next in simple) {
        out += simple[next];
        i += 2;
        continue;
      }
      const hex = next === "x" ? 2 : next === "u" ? 4 : next === "U" ? 8 : 0;
      const digits = text.slice(i + 2, i + 2 + hex);
      if (hex > 0 && /^[0-9a-fA-F]+$/.test(digits) && digits.length === hex) {
        out += String.fromCodePoint(Number.parseInt(digits, 16));
        i += 2 + hex;
        continue;
      }
      fail(line, `unknown escape \\${next ?? ""} in a double-quoted string`);
    }
    out += ch;
    i += 1;
  }
  return fail(line, "a double-quoted string does not close on its line");
}

function singleQuoted(text: string, at: number, line: number): { value: string; end: number } {
  let out = "";
  let i = at + 1;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === "'") {
      if (text[i + 1] === "'") {
        out += "'";
        i += 2;
        continue;
      }
      return { value: out, end: i + 1 };
    }
    out += ch;
    i += 1;
  }
  return fail(line, "a single-quoted string does not close on its line");
}

function quoted(text: string, at: number, line: number): { value: string; end: number } {
  return text[at] === '"' ? doubleQuoted(text, at, line) : singleQuoted(text, at, line);
}

/** What may follow a complete value on its line: spaces, then nothing or a comment. */
function expectEnd(text: string, from: number, line: number): void {
  const rest = text.slice(from);
  if (rest.trim() === "" || /^\s+#/.test(rest)) return;
  fail(line, `unexpected ${JSON.stringify(rest.trim().slice(0, 40))} after a value`);
}

/** A plain scalar in block context: up to a ` #` comment, trimmed. */
function plainBlock(text: string, line: number): string {
  const comment = text.search(/\s#/);
  const value = (comment >= 0 ? text.slice(0, comment) : text).trim();
  if (UNSUPPORTED_START.test(value)) fail(line, `unsupported YAML (${value.slice(0, 20)}…)`);
  if (/^[{[]/.test(value)) fail(line, "a flow collection must fit on one line");
  return value;
}

/** A flow collection (`{…}` or `[…]`) starting at `text[at]`, on one line. */
function flow(text: string, at: number, line: number): { value: YamlValue; end: number } {
  const open = text[at];
  const close = open === "{" ? "}" : "]";
  const map = new Map<string, YamlValue>();
  const list: YamlValue[] = [];
  let i = at + 1;
  const skip = () => {
    while (text[i] === " ") i += 1;
  };
  const scalar = (stops: string): string => {
    skip();
    const ch = text[i];
    if (ch === '"' || ch === "'") {
      const q = quoted(text, i, line);
      i = q.end;
      return q.value;
    }
    const start = i;
    while (i < text.length && !stops.includes(text[i] as string)) {
      // `:` ends a key only when a space, a comma or the closing bracket follows it.
      if (text[i] === ":" && stops.includes(":") && /[\s,}\]]/.test(text[i + 1] ?? " ")) break;
      i += 1;
    }
    const value = text.slice(start, i).trim();
    if (UNSUPPORTED_START.test(value)) fail(line, `unsupported YAML in a flow collection (${value})`);
    return value;
  };
  skip();
  if (text[i] === close) return { value: open === "{" ? map : list, end: i + 1 };
  for (;;) {
    skip();
    let value: YamlValue;
    let key: string | undefined;
    if (open === "{") {
      key = scalar(":,}]{[");
      if (text[i] !== ":") fail(line, `expected ":" after ${JSON.stringify(key)} in a flow mapping`);
      i += 1;
      skip();
    }
    if (text[i] === "{" || text[i] === "[") {
      const nested = flow(text, i, line);
      value = nested.value;
      i = nested.end;
    } else {
      value = scalar(",}]{[");
    }
    if (key !== undefined) {
      if (map.has(key)) fail(line, `duplicate key ${JSON.stringify(key)}`);
      map.set(key, value);
    } else {
      list.push(value);
    }
    skip();
    if (text[i] === ",") {
      i += 1;
      continue;
    }
    if (text[i] === close) return { value: open === "{" ? map : list, end: i + 1 };
    return fail(line, `a flow ${open === "{" ? "mapping" : "sequence"} does not close on its line`);
  }
}

/** The value text after `key:` or `- `, not a nested block. */
function inlineValue(text: string, line: number): YamlValue {
  const first = text[0];
  if (first === '"' || first === "'") {
    const q = quoted(text, 0, line);
    expectEnd(text, q.end, line);
    return q.value;
  }
  if (first === "{" || first === "[") {
    const f = flow(text, 0, line);
    expectEnd(text, f.end, line);
    return f.value;
  }
  return plainBlock(text, line);
}

/** The key of a `key: value` line and the rest after the colon, or undefined when it is not one. */
function splitKey(text: string, line: number): { key: string; rest: string } | undefined {
  if (text[0] === '"' || text[0] === "'") {
    const q = quoted(text, 0, line);
    if (text[q.end] !== ":") fail(line, 'expected ":" after a quoted key');
    return { key: q.value, rest: text.slice(q.end + 1) };
  }
  // A plain key runs to the first ":" followed by a space or the line's end. A "#" is part of it
  // (pnpm writes `foo@git+https://host/x.git#<commit>:` unquoted) unless a space precedes it.
  let end = -1;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === "#" && (i === 0 || /\s/.test(text[i - 1] as string))) return undefined;
    if (text[i] === ":" && (i + 1 === text.length || /\s/.test(text[i + 1] as string))) {
      end = i;
      break;
    }
  }
  if (end <= 0) return undefined;
  const key = text.slice(0, end).trimEnd();
  if (UNSUPPORTED_START.test(key)) fail(line, `unsupported YAML key ${JSON.stringify(key.slice(0, 40))}`);
  return { key, rest: text.slice(end + 1) };
}

/** Whether `text` starts a `key: value` pair (a quoted scalar followed by anything else is not one). */
function isKeyLine(text: string, line: number): boolean {
  try {
    return splitKey(text, line) !== undefined;
  } catch {
    return false;
  }
}

class Reader {
  private index = 0;
  constructor(private readonly lines: readonly Line[]) {}

  peek(): Line | undefined {
    return this.lines[this.index];
  }

  /** A block mapping or sequence whose lines start at `indent`. */
  block(indent: number): YamlValue {
    const first = this.peek();
    if (first === undefined) return new Map();
    return first.text === "-" || first.text.startsWith("- ") ? this.sequence(indent) : this.mapping(indent);
  }

  private sequence(indent: number): YamlList {
    const items: YamlValue[] = [];
    for (let line = this.peek(); line !== undefined && line.indent === indent; line = this.peek()) {
      if (!(line.text === "-" || line.text.startsWith("- "))) break;
      this.index += 1;
      const rest = line.text.slice(1).trim();
      if (rest === "" || rest.startsWith("#")) {
        const next = this.peek();
        items.push(next !== undefined && next.indent > indent ? this.block(next.indent) : "");
        continue;
      }
      if (isKeyLine(rest, line.number)) fail(line.number, "mappings inside sequences are not supported");
      items.push(inlineValue(rest, line.number));
    }
    const after = this.peek();
    if (after !== undefined && after.indent > indent) fail(after.number, "unexpected indentation");
    return items;
  }

  private mapping(indent: number): YamlMap {
    const map = new Map<string, YamlValue>();
    for (let line = this.peek(); line !== undefined && line.indent === indent; line = this.peek()) {
      if (line.text === "-" || line.text.startsWith("- "))
        fail(line.number, "a sequence item inside a mapping");
      const split = splitKey(line.text, line.number);
      if (split === undefined)
        fail(line.number, `expected "key: value", found ${JSON.stringify(line.text.slice(0, 60))}`);
      if (map.has(split.key)) fail(line.number, `duplicate key ${JSON.stringify(split.key)}`);
      this.index += 1;
      const rest = split.rest.trim();
      let value: YamlValue;
      if (rest === "" || rest.startsWith("#")) {
        const next = this.peek();
        if (next !== undefined && next.indent > indent) value = this.block(next.indent);
        else if (
          next !== undefined &&
          next.indent === indent &&
          (next.text === "-" || next.text.startsWith("- "))
        )
          value = this.sequence(indent);
        else value = "";
      } else if (/^[|>][-+]?\s*(#.*)?$/.test(rest)) {
        value = this.blockScalar(indent, rest[0] === ">");
      } else {
        value = inlineValue(rest, line.number);
      }
      map.set(split.key, value);
    }
    const after = this.peek();
    if (after !== undefined && after.indent > indent) fail(after.number, "unexpected indentation");
    return map;
  }

  /** The lines of a `|` or `>` scalar: every following line indented deeper than its key. */
  private blockScalar(indent: number, folded: boolean): string {
    const parts: string[] = [];
    let content: number | undefined;
    for (let line = this.peek(); line !== undefined && line.indent > indent; line = this.peek()) {
      content ??= line.indent;
      parts.push(line.raw.slice(Math.min(content, line.indent)));
      this.index += 1;
    }
    return parts.join(folded ? " " : "\n");
  }
}

/** Reads a lockfile's YAML into maps, lists and strings. Throws LockfileSyntaxError, naming the line,
 * for anything outside the subset. */
export function readYamlSubset(text: string): YamlMap {
  const lines: Line[] = [];
  const raw = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  let documentStart = true;
  for (const [i, rawLine] of raw.entries()) {
    const number = i + 1;
    if (rawLine.includes("\r")) fail(number, "a carriage return inside a line");
    const indentMatch = /^[ \t]*/.exec(rawLine)?.[0] ?? "";
    if (indentMatch.includes("\t")) fail(number, "a tab in the indentation");
    const body = rawLine.slice(indentMatch.length);
    // Comments and blank lines are not structure; a block scalar takes no blank lines here (the
    // subset's writers never put one in a lockfile), so skipping them is safe.
    if (body === "" || body.startsWith("#")) continue;
    if (body === "---" || body.startsWith("--- ")) {
      if (!documentStart || indentMatch !== "") fail(number, "more than one YAML document");
      documentStart = false;
      continue;
    }
    if (body === "...") fail(number, "a YAML document end marker");
    documentStart = false;
    lines.push({ number, indent: indentMatch.length, text: body.trimEnd(), raw: rawLine.trimEnd() });
  }
  const first = lines[0];
  if (first === undefined) return new Map();
  if (first.indent !== 0) fail(first.number, "the document does not start at column 0");
  const reader = new Reader(lines);
  const value = reader.block(0);
  const left = reader.peek();
  if (left !== undefined) fail(left.number, "unexpected content after the document");
  if (!isMap(value)) fail(first.number, "the document is not a mapping");
  return value;
}
